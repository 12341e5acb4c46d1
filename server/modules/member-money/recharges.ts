// Topping up a member card (vip/charge, vip/chargeResult) through the online gateway the shop takes
// orders with (server/payments/gateway.ts): the same gateway sessions, the same signed notifications at
// the same notify address (payments.ts applyGatewayState hands a trade that is no order's payment to
// applyRechargeReport), the same amount check (report-check.ts) and the same replay guard
// (payment_notifications). A browser's word never credits anything.
//
// Exactly one credit per recharge: creditInTx claims the recharge by a conditional update of credited_at
// and posts its `recharge:<id>` ledger row in the same transaction, so a notification replayed, or one
// racing the result poll, finds the recharge credited and changes nothing (decision M90).
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChargeInfo, ChargeInput, RechargeView } from '../../../src/domain/api/member-money';
import type { GatewayName, PaymentFailReason } from '../../../src/domain/api/order-life-rules';
import type { CatalogueLocale } from '../../../src/domain/enums';
import { formatPrice } from '../../../src/pricing';
import type { Database, Tx } from '../../db/client';
import {
  customerCoupons,
  memberLedger,
  members,
  paymentNotifications,
  recharges,
  shops,
  type RechargeRow,
} from '../../db/schema';
import { BusinessError, type RequestContext } from '../../http/action';
import { TRADE_NO_PLACEHOLDER } from '../../payments/gateway';
import { localize } from '../catalog/catalog';
import { chargePayOptions } from '../catalog/catalog-shop';
import { claimInTx, findOffered, isUniqueViolation } from '../coupons/coupons';
import { inShopScope, isRunning } from '../coupons/activities';
import { shopToday } from '../../../src/domain/hours';
import type { ApplyOptions, ApplyOutcome, GatewayReport } from '../payments/payments';
import { reportFits } from '../payments/report-check';
import { grantRechargeLimitCards } from '../limit-cards/limit-card-grants';
import { postLedger } from './ledger';
import { memberMoneyMessages } from './member-money-messages';
import {
  activeTiers,
  ensureRechargeOpen,
  giftForAmount,
  hasCharged,
  moneyRules,
  namedCoupons,
  namedLimitCards,
  refuseMoney,
  scopeOfSession,
  shopMoney,
  type ShopMoney,
} from './rules';

/** How long a recharge's hosted page takes money; an open first-recharge attempt older than this is settled. */
export const RECHARGE_WINDOW_MS = 30 * 60_000;
/** Promotion type 20: member charge present coupon (spec §4). */
const RECHARGE_COUPON_KIND = 20;

const rechargeNotFound = () =>
  refuseMoney('rechargeNotFound', memberMoneyMessages.rechargeNotFound, undefined, 404);

function cardHolder(ctx: RequestContext<'session'>): number {
  if (ctx.session.memberId === null) throw refuseMoney('memberRequired', memberMoneyMessages.memberRequired);
  return ctx.session.memberId;
}

// ---- vip/charge -----------------------------------------------------------------------------------------

/** What a recharge promises, fixed when it starts. */
interface Offer {
  ruleId: number | null;
  amount: number;
  giftAmount: number;
  points: number;
  coupons: RechargeRow['coupons'];
  limitCards: RechargeRow['limitCards'];
  firstOnly: boolean;
}

/** The tier named, or the free amount within the scope's limits with its gift from the ladder. */
async function resolveOffer(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  shop: ShopMoney,
  input: ChargeInput,
): Promise<Offer> {
  if ((input.ruleId === undefined) === (input.amount === undefined))
    throw refuseMoney('ruleOrAmount', memberMoneyMessages.ruleOrAmount);
  const scope = scopeOfSession(ctx.session);
  const tiers = await activeTiers(app.db, scope);
  if (input.ruleId !== undefined) {
    const tier = tiers.find((t) => t.id === input.ruleId);
    if (!tier || (tier.firstOnly && (await hasCharged(app.db, ctx.session.memberId))))
      throw refuseMoney('ruleNotFound', memberMoneyMessages.ruleNotFound);
    const { id, payAmount, giftAmount, points, coupons, limitCards, firstOnly } = tier;
    return { ruleId: id, amount: payAmount, giftAmount, points, coupons, limitCards, firstOnly };
  }
  const amount = input.amount!;
  const { freeAmount } = await moneyRules(app.db, scope);
  if (!freeAmount) throw refuseMoney('amountInvalid', memberMoneyMessages.freeAmountClosed);
  if (amount < freeAmount.min || amount > freeAmount.max) {
    const { currency, numberDecimals: decimals, currencySymbol } = shop.row.settings;
    const format = (v: number) =>
      formatPrice(v, { locale: ctx.locale, shopSymbol: currencySymbol ?? null, currency, decimals });
    throw refuseMoney('amountInvalid', memberMoneyMessages.amountInvalid, {
      min: format(freeAmount.min),
      max: format(freeAmount.max),
    });
  }
  const giftAmount = giftForAmount(amount, tiers);
  return { ruleId: null, amount, giftAmount, points: 0, coupons: [], limitCards: [], firstOnly: false };
}

const sameOffer = (row: RechargeRow, input: ChargeInput) =>
  input.ruleId !== undefined
    ? row.ruleId === input.ruleId
    : row.ruleId === null && row.amount === input.amount;

/** The recharge an earlier call with this key started, or null; the key names one offer only. */
async function earlierCharge(
  db: Database,
  memberId: number,
  input: ChargeInput,
): Promise<RechargeRow | null> {
  const [row] = await db
    .select()
    .from(recharges)
    .where(and(eq(recharges.memberId, memberId), eq(recharges.idempotencyKey, input.idempotencyKey)));
  if (!row) return null;
  if (!sameOffer(row, input))
    throw refuseMoney('idempotencyConflict', memberMoneyMessages.idempotencyConflict);
  return row;
}

/**
 * The processing row. Two unique indexes decide races: the member's key (a double tap: the loser answers
 * with the winner's recharge) and one open-or-paid first-recharge tier per member (another first recharge
 * in progress is refused; one abandoned past the window is settled with its gateway first).
 */
async function insertRecharge(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  values: typeof recharges.$inferInsert,
  input: ChargeInput,
): Promise<{ row: RechargeRow; fresh: boolean }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await app.db.insert(recharges).values(values).returning();
      return { row: row!, fresh: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const earlier = await earlierCharge(app.db, values.memberId, input);
      if (earlier) return { row: earlier, fresh: false };
      const [open] = await app.db
        .select()
        .from(recharges)
        .where(
          and(
            eq(recharges.memberId, values.memberId),
            eq(recharges.firstOnly, true),
            eq(recharges.state, 'processing'),
          ),
        );
      const stale = open && ctx.now.getTime() - open.createdAt.getTime() >= RECHARGE_WINDOW_MS;
      if (attempt > 0 || !stale || (await settleRecharge(app, open, ctx.now, 'expired')) !== 'closed')
        throw refuseMoney('firstChargeInProgress', memberMoneyMessages.firstChargeInProgress);
    }
  }
}

/** The gateway's hosted page for a new recharge; a gateway that cannot open one fails the recharge. */
async function openSession(
  app: FastifyInstance,
  recharge: RechargeRow,
  shop: ShopMoney,
  args: { origin: string; locale: CatalogueLocale; now: Date },
): Promise<string> {
  const gateway = app.payments.gateway(recharge.gateway)!;
  const { now } = args;
  try {
    const created = await gateway.createSession({
      paymentId: recharge.id,
      amount: recharge.amount,
      currency: recharge.currency,
      numberDecimals: recharge.numberDecimals,
      merchantName: localize(shop.row.name, args.locale),
      description: `Top-up #${recharge.id}`,
      style: 'card',
      returnUrl: `${args.origin}/#/member/charge-success?id=${recharge.id}&trade=${TRADE_NO_PLACEHOLDER}`,
      notifyUrl: `${args.origin}/new/consumer/pay/notify/${gateway.name}`,
      expiresAt: new Date(now.getTime() + RECHARGE_WINDOW_MS),
      now,
    });
    await app.db
      .update(recharges)
      .set({ tradeNo: created.tradeNo, redirectUrl: created.redirectUrl })
      .where(eq(recharges.id, recharge.id));
    return created.redirectUrl;
  } catch (error) {
    app.log.warn(
      { err: error, rechargeId: recharge.id },
      'gateway session for a recharge could not be created',
    );
    await app.db
      .update(recharges)
      .set({ state: 'fail', failReason: 'gatewayError', completedAt: now })
      .where(and(eq(recharges.id, recharge.id), eq(recharges.state, 'processing')));
    throw refuseMoney('gatewayUnavailable', memberMoneyMessages.gatewayUnavailable);
  }
}

/** vip/charge: a recharge and its gateway page (the same key answers with the same recharge and page). */
export async function startRecharge(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: ChargeInput,
  origin: string,
): Promise<ChargeInfo> {
  const memberId = cardHolder(ctx);
  const shop = await shopMoney(app, ctx);
  const setting = ensureRechargeOpen(shop);
  const option = chargePayOptions(setting, ctx.locale).find((o) => o.id === input.payTypeId);
  if (!option) throw refuseMoney('payTypeInvalid', memberMoneyMessages.payTypeInvalid);

  const earlier = await earlierCharge(app.db, memberId, input);
  if (earlier)
    return {
      recharge: await rechargeView(app.db, earlier, ctx.catalogueLocale),
      redirectUrl: openPage(earlier),
    };

  const offer = await resolveOffer(app, ctx, shop, input);
  const { row: recharge, fresh } = await insertRecharge(
    app,
    ctx,
    {
      ...offer,
      memberId,
      shopId: ctx.session.shopId,
      customerId: ctx.session.customerId,
      currency: shop.row.settings.currency,
      numberDecimals: shop.row.settings.numberDecimals,
      payType: option.payType,
      gateway: app.payments.active.name,
      state: 'processing',
      idempotencyKey: input.idempotencyKey,
      createdAt: ctx.now,
    },
    input,
  );
  // A racing twin with the same key inserted first: its page, not a second one.
  const redirectUrl = fresh
    ? await openSession(app, recharge, shop, { origin, locale: ctx.catalogueLocale, now: ctx.now })
    : openPage(recharge);
  const [now] = await app.db.select().from(recharges).where(eq(recharges.id, recharge.id));
  return { recharge: await rechargeView(app.db, now!, ctx.catalogueLocale), redirectUrl };
}

const openPage = (row: RechargeRow) => (row.state === 'processing' ? row.redirectUrl : null);

// ---- what the gateway says ------------------------------------------------------------------------------

/**
 * A gateway's report about a trade that is no order's payment: a recharge's, when its amount and currency
 * are the recharge's (reportFits). Success credits it (once); fail and cancel end it while it is processing.
 */
export async function applyRechargeReport(
  app: FastifyInstance,
  gatewayName: GatewayName,
  report: GatewayReport,
  options: ApplyOptions,
): Promise<ApplyOutcome> {
  const { now } = options;
  const [recharge] = await app.db
    .select()
    .from(recharges)
    .where(and(eq(recharges.gateway, gatewayName), eq(recharges.tradeNo, report.tradeNo)));
  if (!recharge) return 'unknownPayment';
  const expected = {
    gateway: recharge.gateway,
    amount: recharge.amount,
    currency: recharge.currency,
    numberDecimals: recharge.numberDecimals,
  };
  if (!reportFits(app, report, expected, { rechargeId: recharge.id })) return 'mismatch';

  return app.db.transaction(async (tx): Promise<ApplyOutcome> => {
    if (options.eventId) {
      const [fresh] = await tx
        .insert(paymentNotifications)
        .values({ gateway: gatewayName, eventId: options.eventId, receivedAt: now })
        .onConflictDoNothing({ target: [paymentNotifications.gateway, paymentNotifications.eventId] })
        .returning({ id: paymentNotifications.id });
      if (!fresh) return 'duplicate';
    }
    if (report.state === 'processing') return 'unchanged';
    if (report.state === 'success') return (await creditInTx(tx, recharge.id, now)) ? 'applied' : 'unchanged';
    const failReason: PaymentFailReason =
      report.failReason ?? (report.state === 'fail' ? 'declined' : 'cancelled');
    const [ended] = await tx
      .update(recharges)
      .set({ state: report.state, failReason, completedAt: now })
      .where(
        and(eq(recharges.id, recharge.id), eq(recharges.state, 'processing'), isNull(recharges.creditedAt)),
      )
      .returning({ id: recharges.id });
    return ended ? 'applied' : 'unchanged';
  });
}

/**
 * The credit, in the caller's transaction: the recharge claimed by its credited_at (a second report finds
 * it set and stops), principal, gift and points posted as one `recharge:<id>` ledger row, isCharged set,
 * and the tier's coupons and limit cards granted. False when it was credited before.
 */
async function creditInTx(tx: Tx, rechargeId: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(recharges)
    .set({
      state: 'success',
      failReason: null,
      completedAt: sql`coalesce(${recharges.completedAt}, ${now.toISOString()}::timestamptz)`,
      creditedAt: now,
    })
    .where(and(eq(recharges.id, rechargeId), isNull(recharges.creditedAt)))
    .returning();
  if (!claimed) return false;
  await postLedger(tx, {
    memberId: claimed.memberId,
    kind: 'recharge',
    key: `recharge:${claimed.id}`,
    amountDelta: claimed.amount,
    giftDelta: claimed.giftAmount,
    pointsDelta: claimed.points,
    rechargeId: claimed.id,
    now,
  });
  await tx.update(members).set({ isCharged: true }).where(eq(members.id, claimed.memberId));
  await grantCoupons(tx, claimed, now);
  await grantRechargeLimitCards(tx, claimed, now);
  return true;
}

/**
 * The tier's coupons (promotion type 20), each unit once by its grant reference `recharge:<id>:<n>`, to
 * the member's phone. A template no longer granting (deleted, ended, sold out, not of kind 20 or not of
 * this scope) is skipped: the money is credited all the same (decision M88).
 */
async function grantCoupons(tx: Tx, recharge: RechargeRow, now: Date): Promise<void> {
  if (recharge.coupons.length === 0) return;
  const [holder] = await tx
    .select({ phone: members.phone, chainId: shops.chainId, settings: shops.settings })
    .from(members)
    .innerJoin(shops, eq(shops.id, recharge.shopId))
    .where(eq(members.id, recharge.memberId));
  if (!holder) return;
  const today = shopToday(now, holder.settings.timezone);
  const who = {
    shopId: recharge.shopId,
    chainId: holder.chainId,
    today,
    owner: holder.phone,
    memberId: recharge.memberId,
    now,
  };
  let n = 0;
  for (const grant of recharge.coupons) {
    const offered = await findOffered(tx, grant.templateId);
    const usable =
      offered &&
      offered.template.kind === RECHARGE_COUPON_KIND &&
      inShopScope(offered.activity, who) &&
      isRunning(offered.activity, today) &&
      offered.template.status === 1;
    for (let i = 0; i < grant.quantity; i++, n++) {
      if (!usable) continue;
      const req = { ...offered, channel: 'activity' as const, source: 'activity' as const };
      try {
        await tx.transaction((sp) =>
          claimInTx(sp, { ...req, grantRef: `recharge:${recharge.id}:${n}` }, who),
        );
      } catch (error) {
        // Sold out or over the per-customer limit: this unit is not granted; the credit stands.
        if (!isUniqueViolation(error) && !(error instanceof BusinessError)) throw error;
      }
    }
  }
}

/**
 * Asks the gateway about a processing recharge and applies what it says. With `closeAs` (a first-recharge
 * attempt abandoned past the window) an unpaid trade is also closed at the gateway and ended as cancel.
 */
export async function settleRecharge(
  app: FastifyInstance,
  recharge: RechargeRow,
  now: Date,
  closeAs?: PaymentFailReason,
): Promise<'success' | 'closed' | 'open' | 'unknown'> {
  if (recharge.state !== 'processing') return recharge.state === 'success' ? 'success' : 'closed';
  const gateway = app.payments.gateway(recharge.gateway);
  if (!gateway || !recharge.tradeNo) return 'unknown';
  try {
    let state = await gateway.retrieve(recharge.tradeNo, now);
    if (state.state === 'processing' && closeAs) {
      await gateway.cancel(recharge.tradeNo, now);
      // Paid between the two calls: what the gateway says now is final.
      state = await gateway.retrieve(recharge.tradeNo, now);
      if (state.state === 'processing') state = { state: 'cancel', failReason: closeAs };
    }
    if (state.state === 'processing') return 'open';
    const outcome = await applyRechargeReport(
      app,
      gateway.name,
      { ...state, tradeNo: recharge.tradeNo },
      { now },
    );
    if (outcome === 'mismatch') return 'unknown';
    return state.state === 'success' ? 'success' : 'closed';
  } catch (error) {
    app.log.warn({ err: error, rechargeId: recharge.id }, 'gateway could not be asked about a recharge');
    return 'unknown';
  }
}

// ---- vip/chargeResult -----------------------------------------------------------------------------------

/** vip/chargeResult: the member's own recharge, the gateway asked first while it is processing. */
export async function rechargeResult(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  id: number,
): Promise<RechargeView> {
  const memberId = cardHolder(ctx);
  const own = async () => {
    const [row] = await app.db
      .select()
      .from(recharges)
      .where(and(eq(recharges.id, id), eq(recharges.memberId, memberId)));
    if (!row) throw rechargeNotFound();
    return row;
  };
  const row = await own();
  if (row.state === 'processing') await settleRecharge(app, row, ctx.now);
  return rechargeView(app.db, row.state === 'processing' ? await own() : row, ctx.catalogueLocale);
}

export async function rechargeView(
  db: Database,
  row: RechargeRow,
  locale: CatalogueLocale,
): Promise<RechargeView> {
  const [posted] = await db
    .select()
    .from(memberLedger)
    .where(eq(memberLedger.key, `recharge:${row.id}`));
  const couponIds = posted
    ? (
        await db
          .select({ id: customerCoupons.id })
          .from(customerCoupons)
          .where(like(customerCoupons.grantRef, `recharge:${row.id}:%`))
          .orderBy(customerCoupons.id)
      ).map((c) => c.id)
    : [];
  return {
    id: row.id,
    status: row.state,
    amount: row.amount,
    giftAmount: row.giftAmount,
    points: row.points,
    coupons: await namedCoupons(db, row.coupons, locale),
    limitCards: await namedLimitCards(db, row.limitCards, locale),
    ruleId: row.ruleId,
    credited: posted
      ? {
          amount: posted.amountDelta,
          giftAmount: posted.giftDelta,
          points: posted.pointsDelta,
          couponIds,
          amountAfter: posted.amountAfter,
          giftAfter: posted.giftAfter,
          pointsAfter: posted.pointsAfter,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    currency: row.currency,
    numberDecimals: row.numberDecimals,
  };
}

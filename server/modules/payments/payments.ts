// Paying an order (spec §3 payment methods and results): member card with the pay password, cash at the
// counter, cash on delivery, and online gateways behind server/payments/gateway.ts.
//
// Money moves only in two places: the member-card transaction below (order status, balances, payment
// row and ledger row commit together or not at all) and applyGatewayState, which every gateway report
// goes through (signed notification, updateTradeNo, payErrorCallback, supersede, expiry). A browser's
// word never marks anything paid. Providers are called outside transactions only.
//
// Lock order, the same everywhere: the order row first (changeStatus or `select … for update`), then the
// member row, then payments. Two payments racing for one order serialise on the order row; member-card
// payments of several orders serialise on the member row, whose check constraint keeps balances ≥ 0.
import { and, asc, eq, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  OrderPayInfo,
  OrderPayInput,
  OrderPayRejectionInfo,
  PayRejection,
} from '../../../src/domain/api/order-life';
import type { GatewayName, PaymentFailReason, Settlement } from '../../../src/domain/api/order-life-rules';
import type { OrderDetail } from '../../../src/domain/api/order';
import type { Locale, PayType } from '../../../src/domain/enums';
import { formatPrice } from '../../../src/pricing';
import { prepared, rowsOf, type Database, type Executor, type Tx } from '../../db/client';
import {
  memberLedger,
  memberMoneyRules,
  members,
  orders,
  paymentNotifications,
  payments,
  type OrderRow,
  type PaymentRow,
} from '../../db/schema';
import { BusinessError, HttpError, type RequestContext, type Session } from '../../http/action';
import type { LocalizedText, MessageParams } from '../../i18n';
import { TRADE_NO_PLACEHOLDER, type GatewayState } from '../../payments/gateway';
import { localize } from '../catalog/catalog';
import { payOptions } from '../catalog/catalog-shop';
import { checkPayPassword, missingPayPasswordKey } from '../identity/identity-password';
import { REFUND_GRACE_MS } from '../orders/order-life';
import { changeStatus } from '../orders/order-status';
import { orderMessages } from '../orders/orders-messages';
import { detailOfWritten, orderDetail, toPayment, type OrderView } from '../orders/orders-store';
import {
  earnPointsInTx,
  pointsEarnKey,
  pointsFor,
  postLedger,
  reversePointsInTx,
} from '../member-money/ledger';
import { reserveCounterAppointment } from '../appointments/counter-appointments';
import { applyRechargeReport } from '../member-money/recharges';
import { paymentMessages } from './payments-messages';
import { reportFits } from './report-check';

/** Wrong pay passwords in a row before paying by card is locked. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;
/** An attempt whose gateway session never got a trade number (the process stopped midway) is abandoned after this. */
const STALLED_ATTEMPT_MS = 60_000;

const ONLINE_WALLET_TYPES: readonly PayType[] = ['AllinPay', 'Wallet', 'Bank'];

function refuse(
  reason: PayRejection,
  message: LocalizedText,
  params?: MessageParams,
  extra: Omit<OrderPayRejectionInfo, 'reason'> = {},
): BusinessError {
  return new BusinessError(message, params, { reason, ...extra } satisfies OrderPayRejectionInfo);
}

const orderNotFound = () =>
  new BusinessError(orderMessages.orderNotFound, undefined, { reason: 'orderNotFound' }, 404);

const paymentNotFound = () =>
  new BusinessError(paymentMessages.paymentNotFound, undefined, { reason: 'orderNotFound' }, 404);

/** Postgres unique violation (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The customer's own order; anyone else's id reads exactly like a missing one. */
async function ownOrder(db: Executor, customerId: number, orderId: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!row) throw orderNotFound();
  return row;
}

const payableOrderRead = (db: Database) =>
  db
    .select({ order: orders, open: payments })
    .from(orders)
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.state, 'processing')))
    .where(
      and(eq(orders.id, sql.placeholder('orderId')), eq(orders.customerId, sql.placeholder('customerId'))),
    )
    .prepare('payable_order');

/**
 * The customer's own order with its open online attempt, if any, in one statement (at most one attempt is
 * processing: payments_one_processing_uq). Anyone else's id reads exactly like a missing one.
 */
async function payableOrder(
  db: Database,
  customerId: number,
  orderId: number,
): Promise<{ order: OrderRow; open: PaymentRow | null }> {
  const [row] = await prepared(db, 'payable_order', payableOrderRead).execute({ orderId, customerId });
  if (!row) throw orderNotFound();
  return row;
}

/**
 * Priced with a discount the shop gives only to member-card payments (member price or member discount
 * while isOnlyCardPayForDiscount): the price is fixed at placing, so only the member card may pay it.
 */
function pricedForCardOnly(order: OrderRow, onlyCardDiscount: boolean): boolean {
  if (order.payType !== 'VIP' || !onlyCardDiscount) return false;
  return order.pricing.lines.some((line) =>
    line.segments.some((s) => s.rule === 'memberPrice' || s.rule === 'memberDiscount'),
  );
}

// ---- applying what a gateway says ---------------------------------------------------------------------

export interface GatewayReport extends GatewayState {
  tradeNo: string;
}

export type ApplyOutcome =
  /** The payment (and maybe the order) changed. */
  | 'applied'
  /** The notification's event id was seen before: nothing changed. */
  | 'duplicate'
  /** No payment of this gateway has the trade number. */
  | 'unknownPayment'
  /** Already in that state (or still processing): nothing changed. */
  | 'unchanged'
  /** Money arrived for an order that is no longer payable: recorded and given back. */
  | 'lateRefunded'
  /**
   * As lateRefunded, but the gateway refused the refund or could not be asked; the payment stays
   * refunded = false and the sweep asks again (retryLateRefunds).
   */
  | 'lateRefundFailed'
  /**
   * The report names another amount or currency than the payment asked for: refused, logged as an
   * error, nothing changed (not even the event id, so a corrected report can still be applied).
   */
  | 'mismatch';

export interface ApplyOptions {
  /** Makes the call idempotent: a second report with this id changes nothing. */
  eventId?: string;
  now: Date;
}

/**
 * The gateway's idempotency key of a payment's refund. One payment is refunded at most once, in full, so
 * every attempt (the first, a retry after a crash, the sweep's) asks with the same key; the trade number
 * makes it unique beyond this database (two deployments sharing one Stripe account).
 */
export const refundKey = (payment: Pick<PaymentRow, 'id' | 'tradeNo'>) =>
  `refund-${payment.id}-${payment.tradeNo}`;

/**
 * Gives a payment's money back through its gateway and marks it refunded; false when the gateway refused
 * or could not be asked (the payment stays refunded = false, and asking again is safe: the gateway
 * refund is idempotent). Used for late payments and for the merchant's refusals and refunds.
 */
async function refundLate(app: FastifyInstance, payment: PaymentRow, now: Date): Promise<boolean> {
  const gateway = app.payments.gateway(payment.gateway);
  if (!gateway || !payment.tradeNo) return false;
  try {
    await gateway.refund(payment.tradeNo, payment.amount, now, refundKey(payment));
  } catch (error) {
    app.log.error({ err: error, paymentId: payment.id }, 'gateway refund failed');
    return false;
  }
  await app.db.update(payments).set({ refunded: true }).where(eq(payments.id, payment.id));
  return true;
}

/** False (and an error in the log) when the report is for another amount or currency than the payment. */
async function reportMatches(
  app: FastifyInstance,
  report: GatewayReport,
  payment: PaymentRow,
): Promise<boolean> {
  const [order] = await app.db
    .select({ numberDecimals: orders.numberDecimals })
    .from(orders)
    .where(eq(orders.id, payment.orderId));
  const expected = {
    gateway: payment.gateway,
    amount: payment.amount,
    currency: payment.currency,
    numberDecimals: order?.numberDecimals ?? null,
  };
  return reportFits(app, report, expected, { orderId: payment.orderId, paymentId: payment.id });
}

/**
 * Applies a gateway's report about one trade, only when it is for the payment's amount and currency
 * (reportMatches). Success: the payment succeeds and the order goes nopay →
 * pending (paid, settlement online), other open attempts of the order are superseded; when the order is
 * no longer unpaid (expired, closed, paid another way) the money is refunded at once, and the payment's
 * refund_due_at, written in the same transaction, leaves it to the sweep if that refund fails
 * (retryLateRefunds). Fail/cancel: the attempt ends with its reason, only while it is processing (a paid
 * attempt is never marked failed).
 */
export async function applyGatewayState(
  app: FastifyInstance,
  gatewayName: GatewayName,
  report: GatewayReport,
  options: ApplyOptions,
): Promise<ApplyOutcome> {
  const { now } = options;
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gatewayName), eq(payments.tradeNo, report.tradeNo)));
  // Not an order's payment: a member's recharge is paid through the same gateways and notify address.
  if (!payment) return applyRechargeReport(app, gatewayName, report, options);
  if (!(await reportMatches(app, report, payment))) return 'mismatch';

  let late: PaymentRow | null = null;
  let superseded: PaymentRow[] = [];
  const outcome = await app.db.transaction(async (tx): Promise<ApplyOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (options.eventId) {
      const [fresh] = await tx
        .insert(paymentNotifications)
        .values({ gateway: gatewayName, eventId: options.eventId, paymentId: payment.id, receivedAt: now })
        .onConflictDoNothing({ target: [paymentNotifications.gateway, paymentNotifications.eventId] })
        .returning({ id: paymentNotifications.id });
      if (!fresh) return 'duplicate';
    }
    if (report.state === 'processing' || !order) return 'unchanged';

    if (report.state !== 'success') {
      const failReason: PaymentFailReason =
        report.failReason ?? (report.state === 'fail' ? 'declined' : 'cancelled');
      const [ended] = await tx
        .update(payments)
        .set({ state: report.state, failReason, completedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.state, 'processing')))
        .returning({ id: payments.id });
      return ended ? 'applied' : 'unchanged';
    }

    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    if (!current || current.state === 'success') return 'unchanged';
    const [otherSuccess] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.state, 'success'), ne(payments.id, payment.id)));
    if (otherSuccess) {
      // Paid twice (another attempt already succeeded): this money goes back; at most one success per order.
      const [row] = await tx
        .update(payments)
        .set({ failReason: 'superseded', completedAt: now, refundDueAt: lateRefundDue(now) })
        .where(eq(payments.id, payment.id))
        .returning();
      late = row!;
      return 'lateRefunded';
    }
    const [paid] = await tx
      .update(payments)
      .set({ state: 'success', failReason: null, completedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    const changed = await changeStatus(tx, {
      orderId: order.id,
      from: ['nopay'],
      to: 'pending',
      actor: 'gateway',
      action: 'pay',
      now,
      set: { paid: true, paidAt: now, settlement: 'online', payType: payment.payType },
    });
    if (changed) await earnPointsInTx(tx, changed, now);
    if (!changed) {
      const [owed] = await tx
        .update(payments)
        .set({ refundDueAt: lateRefundDue(now) })
        .where(eq(payments.id, paid!.id))
        .returning();
      late = owed!;
      return 'lateRefunded';
    }
    superseded = await tx
      .update(payments)
      .set({ state: 'cancel', failReason: 'superseded', completedAt: now })
      .where(
        and(eq(payments.orderId, order.id), eq(payments.state, 'processing'), ne(payments.id, payment.id)),
      )
      .returning();
    return 'applied';
  });

  for (const other of superseded) await cancelAtGateway(app, other, now);
  if (late) return (await refundLate(app, late, now)) ? 'lateRefunded' : 'lateRefundFailed';
  return outcome;
}

async function cancelAtGateway(app: FastifyInstance, payment: PaymentRow, now: Date): Promise<void> {
  const gateway = app.payments.gateway(payment.gateway);
  if (!gateway || !payment.tradeNo) return;
  try {
    await gateway.cancel(payment.tradeNo, now);
  } catch (error) {
    app.log.warn({ err: error, paymentId: payment.id }, 'closing a superseded gateway session failed');
  }
}

// ---- late refunds the sweep retries ---------------------------------------------------------------------

/**
 * The sweep's tries at giving a late payment's money back when the gateway refused or could not be asked
 * as the payment arrived. The first try comes REFUND_GRACE_MS after the money arrived: the notification's
 * own refund answers within seconds, so the sweep seldom overlaps it (and when it does, the refund key
 * keeps it one refund). After each failed try the wait doubles, from two minutes up to
 * LATE_REFUND_MAX_DELAY_MS, so a gateway that is down for hours is asked a few times, not every sweep;
 * after LATE_REFUND_MAX_ATTEMPTS tries (about two days) the payment is left to the operator with an error
 * in the log: a refund refused that long needs a person (a disputed charge, a closed gateway account).
 */
export const LATE_REFUND_MAX_ATTEMPTS = 16;
export const LATE_REFUND_MAX_DELAY_MS = 6 * 60 * 60_000;
/** Late refunds tried per sweep; the rest wait for the next one. */
const LATE_REFUND_BATCH = 50;

/** When the sweep first gives back a late payment that reached its order at `now`. */
const lateRefundDue = (now: Date) => new Date(now.getTime() + REFUND_GRACE_MS);

/** How long the sweep waits after its `tries`-th failed try at a late refund (tries ≥ 1). */
const lateRefundDelay = (tries: number): number =>
  Math.min(REFUND_GRACE_MS * 2 ** tries, LATE_REFUND_MAX_DELAY_MS);

/**
 * Gives back the money of late payments whose refund has not been made: refund_due_at reached, not
 * refunded, tries left. Each payment is claimed by a conditional update that counts the try and moves
 * refund_due_at to the next one before the gateway is asked (outside any transaction), so among
 * concurrent sweeps, in one process or several on one PostgreSQL, exactly one asks, and a process that
 * stops during the call leaves the next try already planned. The refund asks with the payment's refund
 * key like every other refund of it, so a repeat never pays twice. The order is not touched (a late
 * refund changes nothing the customer's order view shows, as when it succeeds at once). Returns the ids
 * of the payments refunded.
 */
export async function retryLateRefunds(app: FastifyInstance, now: Date): Promise<number[]> {
  const owed = and(
    lte(payments.refundDueAt, now),
    eq(payments.refunded, false),
    lt(payments.refundAttempts, LATE_REFUND_MAX_ATTEMPTS),
  )!;
  const due = await app.db
    .select({ id: payments.id, tries: payments.refundAttempts })
    .from(payments)
    .where(owed)
    .orderBy(asc(payments.refundDueAt))
    .limit(LATE_REFUND_BATCH);

  const refunded: number[] = [];
  for (const { id, tries: before } of due) {
    const tries = before + 1;
    const retryAt = new Date(now.getTime() + lateRefundDelay(tries));
    try {
      const [claimed] = await app.db
        .update(payments)
        .set({ refundAttempts: tries, refundDueAt: retryAt })
        .where(and(eq(payments.id, id), eq(payments.refundAttempts, before), owed))
        .returning();
      // Claimed by another sweep, or refunded since it was listed.
      if (!claimed) continue;
      if (await refundLate(app, claimed, now)) {
        refunded.push(id);
      } else if (tries >= LATE_REFUND_MAX_ATTEMPTS) {
        app.log.error({ paymentId: id, tries }, 'late refund given up: the money must be given back by hand');
      } else {
        app.log.warn({ paymentId: id, tries, retryAt }, 'late refund failed; the sweep tries again');
      }
    } catch (error) {
      // A database error: the claim (if written) already planned the next try; the others go on.
      app.log.warn({ err: error, paymentId: id }, 'retrying a late refund failed');
    }
  }
  return refunded;
}

/**
 * Settles an attempt that is still processing by asking its gateway: paid → applied as a success;
 * otherwise its gateway session is closed and the attempt ends as cancel with `notPaid` (superseded by a
 * newer attempt, expired at the order's deadline, cancelled or declined as the browser reported).
 * 'unknown' means the gateway could not be asked (or the attempt is still being created): leave it.
 * The expiry sweep calls this with 'expired' before cancelling an order with an open attempt.
 */
export async function settleOpenPayment(
  app: FastifyInstance,
  payment: PaymentRow,
  now: Date,
  notPaid: PaymentFailReason,
): Promise<'success' | 'closed' | 'unknown'> {
  if (payment.state === 'success') return 'success';
  if (payment.state !== 'processing') return 'closed';
  if (!payment.tradeNo) {
    if (now.getTime() - payment.createdAt.getTime() < STALLED_ATTEMPT_MS) return 'unknown';
    await app.db
      .update(payments)
      .set({ state: 'fail', failReason: 'gatewayError', completedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.state, 'processing')));
    return 'closed';
  }
  const gateway = app.payments.gateway(payment.gateway);
  if (!gateway) return 'unknown';
  const ask = async () => {
    try {
      return await gateway.retrieve(payment.tradeNo!, now);
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id }, 'gateway retrieve failed');
      return null;
    }
  };
  let state = await ask();
  if (!state) return 'unknown';
  if (state.state === 'processing') {
    try {
      await gateway.cancel(payment.tradeNo, now);
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id }, 'gateway cancel failed');
      return 'unknown';
    }
    // The customer may have paid between the two calls: what the gateway says now is final.
    state = await ask();
    if (!state) return 'unknown';
    if (state.state !== 'success') state = { state: 'cancel', failReason: notPaid };
  }
  const report = { ...state, tradeNo: payment.tradeNo };
  if (report.state === 'processing') return 'unknown';
  const outcome = await applyGatewayState(app, gateway.name, report, { now });
  // A report that contradicts the payment decides nothing: the attempt stays open for a person to look at.
  if (outcome === 'mismatch') return 'unknown';
  if (report.state === 'success')
    return outcome === 'applied' || outcome === 'unchanged' ? 'success' : 'closed';
  return 'closed';
}

// ---- order/pay ----------------------------------------------------------------------------------------

export interface PayArgs {
  app: FastifyInstance;
  ctx: RequestContext<'session'>;
  input: Pick<OrderPayInput, 'id' | 'payTypeId' | 'payPassword'>;
  /** The app's public origin for the gateway's return and notify URLs. */
  origin: string;
}

const viewOf = (ctx: RequestContext): OrderView => ({ locale: ctx.catalogueLocale, now: ctx.now });

export async function payOrder({ app, ctx, input, origin }: PayArgs): Promise<OrderPayInfo> {
  const { db } = app;
  const { session, now } = ctx;
  const { order, open } = await payableOrder(db, session.customerId, input.id);
  const unpaid = order.status === 'nopay' || order.status === 'nopay_cancel';
  if (unpaid && now.getTime() >= order.payDeadlineAt.getTime())
    throw refuse('expired', paymentMessages.expired);
  if (order.status === 'nopay_cancel') throw refuse('notPayable', paymentMessages.notPayable);
  if (order.status !== 'nopay') throw refuse('notPayable', paymentMessages.alreadyPaid);

  // The shop's row and member settings as the order path reads them: no statement while the cache is warm.
  const entry = await app.catalogCache.entry(db, order.shopId, ctx.catalogueLocale, now);
  if (!entry) throw orderNotFound();
  const { shop, memberSetting } = entry;
  const option = payOptions(shop.row, memberSetting, ctx.locale, ctx.catalogueLocale).find(
    (o) => o.id === input.payTypeId && o.orderTypes.includes(order.orderType),
  );
  if (!option) throw refuse('payTypeInvalid', paymentMessages.payTypeInvalid);
  if (option.payType !== 'VIP' && pricedForCardOnly(order, memberSetting?.isOnlyCardPayForDiscount ?? false))
    throw refuse('payTypeLocked', paymentMessages.payTypeLocked);
  const memberId = option.payType === 'VIP' ? cardHolder(session) : null;

  if (open) {
    // A member card's password is checked before an open online attempt is given up for it.
    if (memberId !== null) await verifyMemberCard(app, memberId, input.payPassword, now);
    const settled = await settleOpenPayment(app, open, now, 'superseded');
    if (settled === 'success') throw refuse('notPayable', paymentMessages.alreadyPaid);
    if (settled === 'unknown') throw refuse('paymentInProgress', paymentMessages.paymentInProgress);
  }

  if (memberId !== null) {
    const format = { locale: ctx.locale, shopSymbol: shop.row.settings.currencySymbol };
    const paid = await payByMemberCard(app, order, memberId, input.payPassword, option.id, now, format);
    const detail = await detailOfWritten(db, { ...paid, shopName: shop.row.name }, viewOf(ctx));
    return { order: detail, payment: toPayment(paid.payment), redirectUrl: null };
  }

  let redirectUrl: string | null = null;
  if (option.payType === 'Cash' || option.payType === 'COD') {
    await settleAtShop(app, order, option.payType, option.id, now);
  } else if (option.online) {
    redirectUrl = await startOnline(app, order, option.payType, option.id, {
      origin,
      merchantName: localize(shop.row.name, ctx.catalogueLocale),
      now,
    });
  } else {
    throw refuse('payTypeInvalid', paymentMessages.payTypeInvalid);
  }

  const detail = await orderDetail(db, session.customerId, order.id, viewOf(ctx));
  if (!detail.payment && !redirectUrl) {
    // Cash and COD write no payment row: the money is collected by the merchant later.
    return { order: detail, payment: syntheticShopPayment(detail, option.payType), redirectUrl };
  }
  return { order: detail, payment: detail.payment!, redirectUrl };
}

/**
 * order/pay's reply always names a payment; for cash and COD it describes the settlement (processing:
 * the merchant collects the money), with id 0 because no payment row exists.
 */
function syntheticShopPayment(order: OrderDetail, payType: PayType): OrderPayInfo['payment'] {
  return {
    id: 0,
    result: 0,
    state: 'processing',
    payType,
    settlement: payType === 'COD' ? 'onDelivery' : 'counter',
    gateway: null,
    tradeNo: null,
    amount: order.amounts.total,
    fromBalance: 0,
    fromGift: 0,
    failReason: null,
    createdAt: order.statusChangedAt,
    completedAt: null,
  };
}

function cardHolder(session: Session): number {
  if (session.memberId === null) throw refuse('memberRequired', paymentMessages.memberRequired);
  return session.memberId;
}

/** The member row as a card payment holds it: locked from its read to the commit. */
interface HeldCard {
  id: number;
  amount: number;
  gift: number;
  /** A hash under the current key when the one stored is legacy or under an older key. */
  rehash: string | null;
  /** The membership scope's points per whole currency unit paid (decision M95), read with the lock. */
  pointsPerUnit: number;
}

/** A card check's verdict; a refusal is thrown only after the transaction that counted it commits. */
type CardCheck = { ok: true; card: HeldCard } | { ok: false; refusal: Error };

/**
 * Member, pay password set, not locked, password right. The member row is read `for update`, so
 * concurrent guesses are checked one after another, each seeing the count the one before left: at most
 * PAY_PASSWORD_MAX_FAILURES wrong passwords, then the lock. A wrong one is counted in the same
 * transaction, which the caller commits; a process stopped mid-check rolls nothing forward, but no answer
 * was sent, so no guess was learned. A right one writes nothing here: the run of wrong passwords ends only
 * when a payment goes through (payByMemberCard).
 */
async function checkCardInTx(
  tx: Tx,
  app: FastifyInstance,
  memberId: number,
  password: string | undefined,
  now: Date,
): Promise<CardCheck> {
  const refusal = (error: Error): CardCheck => ({ ok: false, refusal: error });
  const [member] = await tx
    .select({
      id: members.id,
      amount: members.amount,
      gift: members.giftAmount,
      hash: members.payPasswordHash,
      lockedUntil: members.payPasswordLockedUntil,
      failures: members.payPasswordFailures,
      // A subquery, so the lock stays on the member row and never on the scope's shared rules.
      pointsPerUnit: sql<number>`coalesce((select ${memberMoneyRules.pointsPerUnit} from ${memberMoneyRules}
        where ${memberMoneyRules.chainId} = ${members.chainId} or ${memberMoneyRules.shopId} = ${members.shopId}
        limit 1), 0)`.mapWith(Number),
    })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  if (!member) return refusal(refuse('memberRequired', paymentMessages.memberRequired));
  if (!member.hash) return refusal(refuse('payPasswordNotSet', paymentMessages.payPasswordNotSet));
  if (member.lockedUntil && member.lockedUntil > now) return refusal(lockedRefusal(member.lockedUntil, now));
  // A lock that ran out starts the count over.
  const failuresSoFar = member.lockedUntil !== null ? 0 : member.failures;
  if (!password) {
    const attemptsLeft = PAY_PASSWORD_MAX_FAILURES - failuresSoFar;
    return refusal(
      refuse('payPasswordWrong', paymentMessages.payPasswordRequired, undefined, { attemptsLeft }),
    );
  }
  const keys = app.settings.payPasswordKeys;
  const missingKey = missingPayPasswordKey(keys, member.hash);
  if (missingKey !== null) {
    // The operator dropped a key still in use: the customer can do nothing about it, so no attempt counts.
    app.log.error(
      { memberId: member.id, keyId: missingKey },
      'pay password is under a key that is not configured (PAY_PASSWORD_KEYS)',
    );
    return refusal(new HttpError(503, 'service.unavailable'));
  }
  const check = await checkPayPassword(keys, member.id, password, member.hash);
  if (check.ok)
    return {
      ok: true,
      card: {
        id: member.id,
        amount: member.amount,
        gift: member.gift,
        rehash: check.rehash ?? null,
        pointsPerUnit: member.pointsPerUnit,
      },
    };

  const failures = failuresSoFar + 1;
  const lockedUntil =
    failures >= PAY_PASSWORD_MAX_FAILURES
      ? new Date(now.getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000)
      : null;
  await tx
    .update(members)
    .set({ payPasswordFailures: failures, payPasswordLockedUntil: lockedUntil })
    .where(eq(members.id, member.id));
  if (lockedUntil) return refusal(lockedRefusal(lockedUntil, now));
  const attemptsLeft = Math.max(0, PAY_PASSWORD_MAX_FAILURES - failures);
  return refusal(
    refuse('payPasswordWrong', paymentMessages.payPasswordWrong, { attemptsLeft }, { attemptsLeft }),
  );
}

/** The password check alone, in its own transaction, for a payment that must first give up an open attempt. */
async function verifyMemberCard(
  app: FastifyInstance,
  memberId: number,
  password: string | undefined,
  now: Date,
): Promise<void> {
  const check = await app.db.transaction((tx) => checkCardInTx(tx, app, memberId, password, now));
  if (!check.ok) throw check.refusal;
}

function lockedRefusal(lockedUntil: Date, now: Date): BusinessError {
  const retryAfter = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return refuse(
    'payPasswordLocked',
    paymentMessages.payPasswordLocked,
    { minutes: Math.ceil(retryAfter / 60) },
    { retryAfter },
  );
}

/** How the refusal names the amount: as the screens of the request's language and shop print prices. */
interface AmountFormat {
  locale: Locale;
  shopSymbol: string | null;
}

function balanceShort(order: OrderRow, short: number, format: AmountFormat): BusinessError {
  const formatted = formatPrice(short, {
    ...format,
    currency: order.currency,
    decimals: order.numberDecimals,
  });
  return refuse('balanceShort', paymentMessages.balanceShort, { short: formatted }, { short });
}

/**
 * One transaction of five statements: the member row locked and its password checked (checkCardInTx),
 * the order nopay → pending with its status event (changeStatus), then one statement that spends the
 * stored balance first and then the gift balance, ends the run of wrong passwords (re-keying a legacy
 * hash), and writes the success payment row and its orderPay ledger row. A wrong password commits its
 * count alone; any other refusal rolls all of it back.
 *
 * Lock order: the member row before the order row, unlike the rest of this file, so a wrong password's
 * count commits without the order ever being touched. No deadlock follows: the only transactions that
 * lock an order and then a member are refunds of paid orders, and an order being paid here is unpaid.
 */
async function payByMemberCard(
  app: FastifyInstance,
  order: OrderRow,
  memberId: number,
  password: string | undefined,
  payTypeId: number,
  now: Date,
  format: AmountFormat,
): Promise<{ row: OrderRow; payment: PaymentRow }> {
  const total = order.total;
  const outcome = await app.db.transaction(async (tx) => {
    const check = await checkCardInTx(tx, app, memberId, password, now);
    if (!check.ok) return check;
    const { card } = check;
    if (card.amount + card.gift < total) throw balanceShort(order, total - card.amount - card.gift, format);
    const row = await changeStatus(tx, {
      orderId: order.id,
      from: ['nopay'],
      to: 'pending',
      actor: 'customer',
      action: 'pay',
      now,
      set: { paid: true, paidAt: now, settlement: 'memberCard', payType: 'VIP', payTypeId },
    });
    if (!row) throw refuse('notPayable', paymentMessages.notPayable);
    const fromBalance = Math.min(card.amount, total);
    const fromGift = total - fromBalance;
    // The points the order earns are written by the same statement: the status change above already made
    // this payment happen once.
    const points = pointsFor(total, row.numberDecimals, card.pointsPerUnit);
    const payment = await spendFromCard(tx, { order: row, card, fromBalance, fromGift, points, now, format });
    return { ok: true as const, row, payment };
  });
  if (!outcome.ok) throw outcome.refusal;
  return outcome;
}

/**
 * The card's debit, the payment, the ledger row and the points the order earns (their own pointsEarn row,
 * which a refund reverses) in one statement. The ledger ids are drawn first so the payment's trade number
 * (ML + ledger id) is written with it. The balances were read under the row lock; the members_balances
 * check stays the last word.
 */
async function spendFromCard(
  tx: Tx,
  args: {
    order: OrderRow;
    card: HeldCard;
    fromBalance: number;
    fromGift: number;
    points: number;
    now: Date;
    format: AmountFormat;
  },
): Promise<PaymentRow> {
  const { order, card, fromBalance, fromGift, points, now, format } = args;
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with debit as (
      update ${members}
      set amount = amount - ${fromBalance}, gift_amount = gift_amount - ${fromGift},
        pay_password_failures = 0, pay_password_locked_until = null,
        pay_password_hash = coalesce(${card.rehash}::text, pay_password_hash),
        points = points + ${points}
      where id = ${card.id}
      returning amount, gift_amount, points
    ), ledger_id as (
      select nextval(pg_get_serial_sequence('member_ledger', 'id'))::integer as id,
        nextval(pg_get_serial_sequence('member_ledger', 'id'))::integer as earn_id
    ), paid as (
      insert into ${payments} (order_id, pay_type, settlement, state, amount, currency, from_balance,
        from_gift, trade_no, created_at, completed_at)
      select ${order.id}, 'VIP', 'memberCard', 'success', ${order.total}, ${order.currency}, ${fromBalance},
        ${fromGift}, 'ML' || ledger_id.id, ${at}::timestamptz, ${at}::timestamptz
      from debit, ledger_id
      returning id, trade_no
    ), ledger as (
      insert into ${memberLedger} (id, member_id, kind, key, order_id, payment_id, amount_delta, gift_delta,
        amount_after, gift_after, points_after, created_at)
      select ledger_id.id, ${card.id}, 'orderPay', 'orderPay:' || paid.id, ${order.id}, paid.id,
        ${-fromBalance}, ${-fromGift}, debit.amount, debit.gift_amount, debit.points - ${points},
        ${at}::timestamptz
      from ledger_id, paid, debit
    ), earned as (
      insert into ${memberLedger} (id, member_id, kind, key, order_id, amount_delta, gift_delta, points_delta,
        amount_after, gift_after, points_after, created_at)
      select ledger_id.earn_id, ${card.id}, 'pointsEarn', ${pointsEarnKey(order.id)}, ${order.id}, 0, 0,
        ${points}, debit.amount, debit.gift_amount, debit.points, ${at}::timestamptz
      from ledger_id, debit
      where ${points} > 0
    )
    select paid.id as payment_id, paid.trade_no from paid`);
  const [written] = rowsOf<{ payment_id: number; trade_no: string }>(result);
  if (!written) throw balanceShort(order, 0, format);
  return {
    id: Number(written.payment_id),
    orderId: order.id,
    payType: 'VIP',
    settlement: 'memberCard',
    gateway: null,
    state: 'success',
    amount: order.total,
    currency: order.currency,
    fromBalance,
    fromGift,
    tradeNo: written.trade_no,
    failReason: null,
    refunded: false,
    createdAt: now,
    completedAt: now,
    refundDueAt: null,
    refundAttempts: 0,
  };
}

/** Cash at the counter or on delivery: no money moves now; the order goes to the merchant unpaid. */
async function settleAtShop(
  app: FastifyInstance,
  order: OrderRow,
  payType: 'Cash' | 'COD',
  payTypeId: number,
  now: Date,
): Promise<void> {
  const settlement: Settlement = payType === 'Cash' ? 'counter' : 'onDelivery';
  const changed = await app.db.transaction(async (tx) => {
    // An appointment to pay at the counter keeps its time with no deadline: a customer may keep only a few.
    if (settlement === 'counter') await reserveCounterAppointment(tx, order, now);
    return changeStatus(tx, {
      orderId: order.id,
      from: ['nopay'],
      to: 'pending',
      actor: 'customer',
      action: 'settle',
      now,
      set: { settlement, payType, payTypeId, paid: false },
    });
  });
  if (!changed) throw refuse('notPayable', paymentMessages.notPayable);
}

/**
 * An online attempt: the processing row first (its partial unique index refuses a second open attempt of
 * the order), then the gateway session outside any transaction, then its trade number.
 */
async function startOnline(
  app: FastifyInstance,
  order: OrderRow,
  payType: PayType,
  payTypeId: number,
  args: { origin: string; merchantName: string; now: Date },
): Promise<string> {
  const gateway = app.payments.active;
  const { now } = args;
  let paymentId: number;
  try {
    paymentId = await app.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({ payType, payTypeId })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'nopay')))
        .returning({ id: orders.id });
      if (!updated) throw refuse('notPayable', paymentMessages.notPayable);
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          payType,
          settlement: 'online',
          gateway: gateway.name,
          state: 'processing',
          amount: order.total,
          currency: order.currency,
          createdAt: now,
        })
        .returning({ id: payments.id });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('paymentInProgress', paymentMessages.paymentInProgress);
    throw error;
  }

  const query = `orderId=${order.id}&paymentId=${paymentId}&trade=${TRADE_NO_PLACEHOLDER}`;
  try {
    const created = await gateway.createSession({
      paymentId,
      amount: order.total,
      currency: order.currency,
      numberDecimals: order.numberDecimals,
      merchantName: args.merchantName,
      description: `#${order.orderNo}`,
      style: ONLINE_WALLET_TYPES.includes(payType) ? 'wallet' : 'card',
      returnUrl: `${args.origin}/#/order/allin-pay-callback?${query}`,
      notifyUrl: `${args.origin}/new/consumer/pay/notify/${gateway.name}`,
      expiresAt: order.payDeadlineAt,
      now,
    });
    await app.db.update(payments).set({ tradeNo: created.tradeNo }).where(eq(payments.id, paymentId));
    return created.redirectUrl;
  } catch (error) {
    app.log.warn({ err: error, paymentId }, 'gateway session could not be created');
    await app.db
      .update(payments)
      .set({ state: 'fail', failReason: 'gatewayError', completedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.state, 'processing')));
    throw refuse('gatewayUnavailable', paymentMessages.gatewayUnavailable);
  }
}

// ---- the browser's reports: payErrorCallback, updateTradeNo -----------------------------------------------

/** The browser saw a cancel or failure: the gateway decides; the attempt ends only if it is not paid. */
export async function payErrorCallback(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { id: number; paymentId: number; state: 'fail' | 'cancel' },
): Promise<OrderDetail> {
  const order = await ownOrder(app.db, ctx.session.customerId, input.id);
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.orderId, order.id)));
  if (!payment) throw paymentNotFound();
  if (payment.state === 'processing')
    await settleOpenPayment(app, payment, ctx.now, input.state === 'cancel' ? 'cancelled' : 'declined');
  return orderDetail(app.db, ctx.session.customerId, order.id, viewOf(ctx));
}

/** The browser came back with a trade number: ask its gateway and apply what it says. */
export async function updateTradeNo(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { id: number; tradeNo: string },
): Promise<OrderDetail> {
  const order = await ownOrder(app.db, ctx.session.customerId, input.id);
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.tradeNo, input.tradeNo)));
  if (!payment || payment.settlement !== 'online') throw paymentNotFound();
  const gateway = app.payments.gateway(payment.gateway);
  if (payment.state !== 'success' && gateway) {
    try {
      const state = await gateway.retrieve(input.tradeNo, ctx.now);
      await applyGatewayState(app, gateway.name, { ...state, tradeNo: input.tradeNo }, { now: ctx.now });
    } catch (error) {
      // The gateway could not be asked: the order stays as it is; its notification or the sweep decides.
      app.log.warn({ err: error, paymentId: payment.id }, 'gateway retrieve failed');
    }
  }
  return orderDetail(app.db, ctx.session.customerId, order.id, viewOf(ctx));
}

// ---- refunds the merchant module calls ------------------------------------------------------------------

/**
 * Gives a member-card payment of `order` back, inside the caller's transaction (the same one that changes
 * the order's status): exactly what the payment took goes back to the bucket it came from (stored balance,
 * gift balance: decision M93) with an `orderRefund:<paymentId>` ledger row, the points the order earned
 * are taken back, and the payment is marked refunded. Returns the amount refunded (0 when the order was
 * not paid by member card or was refunded already).
 */
export async function refundMemberCardInTx(tx: Tx, order: OrderRow, now: Date): Promise<number> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.state, 'success'),
        eq(payments.settlement, 'memberCard'),
        eq(payments.refunded, false),
      ),
    )
    .for('update');
  if (!payment) return 0;
  const [debit] = await tx
    .select({ memberId: memberLedger.memberId })
    .from(memberLedger)
    .where(eq(memberLedger.key, `orderPay:${payment.id}`));
  if (!debit) return 0;
  const posted = await postLedger(tx, {
    memberId: debit.memberId,
    kind: 'orderRefund',
    key: `orderRefund:${payment.id}`,
    amountDelta: payment.fromBalance,
    giftDelta: payment.fromGift,
    orderId: order.id,
    paymentId: payment.id,
    now,
  });
  await tx
    .update(payments)
    .set({ refunded: true })
    .where(and(eq(payments.id, payment.id), eq(payments.refunded, false)));
  await reversePointsInTx(tx, order.id, now);
  return posted ? payment.amount : 0;
}

/**
 * Gives an online payment of `order` back through its gateway, OUTSIDE any transaction. Call it after the
 * order is committed as `refunding`; then set `refund` when `refunded` is true, else `refund_fail`.
 * `amount` is what was (or should have been) refunded; 0 with refunded true when there was nothing to give back.
 * Safe to call again for the same order (a retry, or the sweep taking over a stalled refund): a payment
 * marked refunded is not sent to the gateway again, and the gateway answers a repeated refund as done.
 */
export async function refundOnline(
  app: FastifyInstance,
  order: Pick<OrderRow, 'id'>,
  now: Date = app.now(),
): Promise<{ refunded: boolean; amount: number }> {
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), eq(payments.state, 'success'), eq(payments.settlement, 'online')),
    );
  if (!payment) return { refunded: true, amount: 0 };
  if (payment.refunded) return { refunded: true, amount: payment.amount };
  const refunded = await refundLate(app, payment, now);
  return { refunded, amount: payment.amount };
}

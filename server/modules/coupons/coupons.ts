// Coupons a customer holds (docs/decisions.md C1-C39). The owner is the phone an SMS login proved, like
// addresses: a device-only session holds none. A claim is one transaction: the template's total taken by a
// conditional UPDATE (issued < total), the owner's count by a conditional upsert (claimed < perCustomer),
// and the coupon inserted; any refusal rolls all of it back. Grants that happen once (entry, register, a
// link, a code, an order's over-send) carry a grant reference the unique index holds to one per owner; a
// keyed claim (receiveCoupon) carries its idempotency key, so a retry reads back the coupon it made.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ActivityKind,
  type ClaimRefusal,
  type CouponSource,
  type CouponState,
  type CustomerCoupon,
} from '../../../src/domain/api/activity';
import type { ParsedCoupon } from '../../../src/domain/pricing';
import type { Database, Executor } from '../../db/client';
import {
  activities,
  couponClaims,
  couponTemplates,
  customerCoupons,
  type ActivityRow,
  type CouponChannel,
  type CouponTemplateRow,
  type CustomerCouponRow,
} from '../../db/schema';
import { BusinessError } from '../../http/action';
import { localize } from '../catalog/catalog';
import {
  inShopScope,
  isRunning,
  pricingCouponOf,
  scopeFactsOf,
  shopNames,
  type ReplyContext,
  type ShopScope,
} from './activities';
import { claimMessages, couponMessages } from './coupon-messages';
import { couponRulesText } from './coupon-texts';

/** A template with the activity it belongs to. */
export interface Offered {
  activity: ActivityRow;
  template: CouponTemplateRow;
}

/** A coupon the owner holds, with its template and activity. */
export interface Held extends Offered {
  row: CustomerCouponRow;
}

/** Who claims, where and when. */
export interface Claimant extends ShopScope {
  owner: string;
  memberId: number | null;
  now: Date;
}

export interface ClaimRequest extends Offered {
  channel: CouponChannel;
  source: CouponSource;
  /** receiveCoupon's idempotency key. */
  claimKey?: string;
  /** What may grant this template only once per owner ('entry', 'link', 'code', 'register', 'order:7'). */
  grantRef?: string;
  /** An expand red bag's starting value, cap and the bag it came from (server/modules/coupons/red-bags.ts). */
  bag?: Pick<typeof customerCoupons.$inferInsert, 'value' | 'valueMax' | 'parentId'>;
}

export const claimError = (refusal: ClaimRefusal) =>
  new BusinessError(claimMessages[refusal], undefined, { reason: refusal });

export const couponNotFound = () =>
  new BusinessError(couponMessages.couponNotFound, undefined, { reason: 'couponNotFound' });

/** Postgres unique violation (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/** The dates a coupon claimed today is good for: the template's (when it has a validity) cut by validDays. */
export function concreteDates(
  t: CouponTemplateRow,
  today: string,
): { from: string | null; to: string | null } {
  const dated = t.validityType !== 1;
  const from = later(dated ? t.startDate : null, t.validDays !== null ? today : null);
  const to = earlier(dated ? t.endDate : null, t.validDays !== null ? addDays(today, t.validDays - 1) : null);
  return { from, to };
}

/** Why this claim cannot be made, judged before anything is written; null = go ahead. */
export function claimRefusal(req: ClaimRequest, who: Claimant): ClaimRefusal | null {
  const { activity, template } = req;
  if (!inShopScope(activity, who)) return 'activityNotFound';
  if (!template.channels.includes(req.channel)) return 'notEarned';
  if (template.status !== 1 || !isRunning(activity, who.today)) return 'activityEnded';
  const memberOnly = (activity.userType & 1) === 0 && (activity.userType & 2) !== 0;
  if (memberOnly && who.memberId === null) return 'notForYou';
  if (template.total !== null && template.issued >= template.total) return 'soldOut';
  return null;
}

/** The writes of one claim, inside the caller's transaction; a refusal throws (and so rolls back). */
export async function claimInTx(tx: Executor, req: ClaimRequest, who: Claimant): Promise<CustomerCouponRow> {
  const { template } = req;
  const [taken] = await tx
    .update(couponTemplates)
    .set({ issued: sql`${couponTemplates.issued} + 1` })
    .where(
      and(
        eq(couponTemplates.id, template.id),
        eq(couponTemplates.status, 1),
        sql`(${couponTemplates.total} is null or ${couponTemplates.issued} < ${couponTemplates.total})`,
      ),
    )
    .returning({ id: couponTemplates.id });
  if (!taken) throw claimError('soldOut');
  if (template.perCustomer !== null) {
    const [counted] = await tx
      .insert(couponClaims)
      .values({ templateId: template.id, ownerPhone: who.owner, claimed: 1 })
      .onConflictDoUpdate({
        target: [couponClaims.templateId, couponClaims.ownerPhone],
        set: { claimed: sql`${couponClaims.claimed} + 1` },
        setWhere: sql`${couponClaims.claimed} < ${template.perCustomer}`,
      })
      .returning({ claimed: couponClaims.claimed });
    if (!counted) throw claimError('limitReached');
  }
  const dates = concreteDates(template, who.today);
  const [row] = await tx
    .insert(customerCoupons)
    .values({
      templateId: template.id,
      ownerPhone: who.owner,
      shopId: who.shopId,
      chainId: who.chainId,
      source: req.source,
      validFrom: dates.from,
      validTo: dates.to,
      claimKey: req.claimKey ?? null,
      grantRef: req.grantRef ?? null,
      claimedAt: who.now,
      ...req.bag,
    })
    .returning();
  return row!;
}

/** The coupon an earlier claim with this key or grant made, if any. */
async function earlierClaim(
  db: Executor,
  req: ClaimRequest,
  owner: string,
): Promise<CustomerCouponRow | null> {
  if (req.claimKey === undefined && req.grantRef === undefined) return null;
  const where =
    req.claimKey !== undefined
      ? and(eq(customerCoupons.ownerPhone, owner), eq(customerCoupons.claimKey, req.claimKey))
      : and(
          eq(customerCoupons.ownerPhone, owner),
          eq(customerCoupons.templateId, req.template.id),
          eq(customerCoupons.grantRef, req.grantRef!),
        );
  const [row] = await db.select().from(customerCoupons).where(where);
  if (row && row.templateId !== req.template.id)
    throw new BusinessError(couponMessages.keyReused, undefined, { reason: 'idempotencyConflict' });
  return row ?? null;
}

/**
 * Claims one coupon: `fresh` is false when an earlier claim with the same key or grant already made it
 * (a retry, a second tap, a reloaded link) and that coupon comes back unchanged.
 */
export async function claimCoupon(
  db: Database,
  req: ClaimRequest,
  who: Claimant,
): Promise<{ row: CustomerCouponRow; fresh: boolean }> {
  const before = await earlierClaim(db, req, who.owner);
  if (before) return { row: before, fresh: false };
  const refusal = claimRefusal(req, who);
  if (refusal) throw claimError(refusal);
  try {
    return { row: await db.transaction((tx) => claimInTx(tx, req, who)), fresh: true };
  } catch (error) {
    // A racing claim with the same key or grant committed first: its coupon is this claim's answer.
    if (!isUniqueViolation(error)) throw error;
    const won = await earlierClaim(db, req, who.owner);
    if (!won) throw error;
    return { row: won, fresh: false };
  }
}

/**
 * Grants each template of `offered` once per owner under `grantRef`, skipping those refused (sold out,
 * ended, limit reached) or already granted. Each grant is its own savepoint inside `tx`, so a refused one
 * leaves the others and the caller's writes alone.
 */
export async function grantOnce(
  tx: Executor,
  offered: Offered[],
  who: Claimant,
  how: { channel: CouponChannel; source: CouponSource; grantRef: string },
): Promise<CustomerCouponRow[]> {
  const granted: CustomerCouponRow[] = [];
  for (const o of offered) {
    const req: ClaimRequest = { ...o, ...how };
    if (claimRefusal(req, who) !== null) continue;
    if (await earlierClaim(tx, req, who.owner)) continue;
    try {
      granted.push(await tx.transaction((sp) => claimInTx(sp, req, who)));
    } catch (error) {
      if (error instanceof BusinessError || isUniqueViolation(error)) continue;
      throw error;
    }
  }
  return granted;
}

/** Templates of the shop's activities (its own and its chain's) that a channel hands out. */
export async function offeredBy(db: Executor, scope: ShopScope, channel: CouponChannel): Promise<Offered[]> {
  const rows = await db
    .select({ activity: activities, template: couponTemplates })
    .from(couponTemplates)
    .innerJoin(activities, eq(activities.id, couponTemplates.activityId))
    .where(
      and(
        sql`${couponTemplates.channels} @> ${JSON.stringify([channel])}::jsonb`,
        scope.chainId === null
          ? eq(activities.shopId, scope.shopId)
          : sql`(${activities.shopId} = ${scope.shopId} or ${activities.chainId} = ${scope.chainId})`,
      ),
    )
    .orderBy(couponTemplates.id);
  return rows.filter((r) => inShopScope(r.activity, scope));
}

/** A template with its activity, or null. */
export async function findOffered(db: Executor, templateId: number): Promise<Offered | null> {
  const [row] = await db
    .select({ activity: activities, template: couponTemplates })
    .from(couponTemplates)
    .innerJoin(activities, eq(activities.id, couponTemplates.activityId))
    .where(eq(couponTemplates.id, templateId));
  return row ?? null;
}

/**
 * Grants the shop's register coupons to a customer who has just registered (once per owner and template);
 * runs inside the registration's transaction.
 */
export function grantRegisterCoupons(
  tx: Executor,
  owner: string,
  shop: ShopScope & { memberId: number | null; now: Date },
): Promise<CustomerCouponRow[]> {
  return offeredBy(tx, shop, 'register').then((offered) =>
    grantOnce(
      tx,
      offered,
      { ...shop, owner },
      { channel: 'register', source: 'register', grantRef: 'register' },
    ),
  );
}

// ---- held coupons -----------------------------------------------------------------------------------

export async function loadHeld(db: Executor, where: SQL): Promise<Held[]> {
  return db
    .select({ row: customerCoupons, template: couponTemplates, activity: activities })
    .from(customerCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, customerCoupons.templateId))
    .innerJoin(activities, eq(activities.id, couponTemplates.activityId))
    .where(where)
    .orderBy(customerCoupons.id);
}

/** Whether a held coupon works in this shop (chain scope 0, 1 or 2, decision C6). */
export function usableIn(h: Held, scope: Omit<ShopScope, 'today'>): boolean {
  const { row, template } = h;
  if (template.chainScope === 1) return row.shopId === scope.shopId;
  if (template.chainScope === 2) return template.shopIds.includes(scope.shopId);
  return row.shopId === scope.shopId || (row.chainId !== null && row.chainId === scope.chainId);
}

const closed = (h: Held) => h.template.status !== 1 || h.activity.status !== 1;
const pastDates = (h: Held, today: string) => h.row.validTo !== null && h.row.validTo < today;

export function stateOf(h: Held, today: string): CouponState {
  if (h.row.state === 'used') return 'used';
  if (h.row.state === 'reserved') return 'reserved';
  return closed(h) || pastDates(h, today) ? 'expired' : 'usable';
}

/** The engine's record: id = this coupon, status -1 when closed, 0 when past its dates. */
export function pricingOfHeld(
  h: Held,
  locale: ReplyContext['catalogueLocale'],
  today: string,
): ParsedCoupon | null {
  return pricingCouponOf(h.template, locale, {
    id: h.row.id,
    status: closed(h) ? -1 : pastDates(h, today) ? 0 : 1,
    startDate: h.row.validFrom,
    endDate: h.row.validTo,
    chainId: h.row.chainId,
    // An expand red bag is priced at what it has grown to (decision C82).
    ...(h.row.value !== null ? { reductionAmount: h.row.value } : {}),
  });
}

/** The expand activity a held red bag belongs to, or null for any other coupon. */
export const expandActivityOf = (h: Offered) =>
  h.activity.kind === ActivityKind.expandCoupon && h.template.channels.includes('expandRedBag')
    ? h.activity.id
    : null;

/** Held coupons as the contract shows them (one statement when some list shops by name). */
export async function toCustomerCoupons(ctx: ReplyContext, held: Held[]): Promise<CustomerCoupon[]> {
  const names = await shopNames(
    ctx,
    held.map((h) => h.template),
  );
  return held.flatMap((h) => {
    const pricing = pricingOfHeld(h, ctx.catalogueLocale, ctx.today);
    if (!pricing) return [];
    const validity = { ...h.template, startDate: h.row.validFrom, endDate: h.row.validTo, validDays: null };
    return [
      {
        id: h.row.id,
        templateId: h.template.id,
        name: localize(h.template.name, ctx.catalogueLocale),
        kind: h.template.kind,
        state: stateOf(h, ctx.today),
        source: h.row.source,
        claimedAt: h.row.claimedAt.toISOString(),
        orderId: h.row.orderId,
        usedAt: h.row.usedAt?.toISOString() ?? null,
        rules: couponRulesText(pricing, validity, scopeFactsOf(h.template, ctx.chainName, names), ctx.text),
        pricing,
        forwardable: h.template.forwardable && stateOf(h, ctx.today) === 'usable',
        expandActivityId: expandActivityOf(h),
      },
    ];
  });
}

/** The owner's coupons that work in this shop; all of them with isAll, else only the usable ones. */
export async function listCoupons(
  ctx: ReplyContext & { owner: string },
  isAll: boolean,
): Promise<CustomerCoupon[]> {
  const held = (await loadHeld(ctx.db, eq(customerCoupons.ownerPhone, ctx.owner))).filter(
    (h) => usableIn(h, ctx) && (isAll || stateOf(h, ctx.today) === 'usable'),
  );
  return toCustomerCoupons(ctx, held);
}

/** One of the owner's coupons; anyone else's id reads as not found. */
export async function findHeld(db: Executor, owner: string, id: number): Promise<Held> {
  const [held] = await loadHeld(db, and(eq(customerCoupons.id, id), eq(customerCoupons.ownerPhone, owner))!);
  if (!held) throw couponNotFound();
  return held;
}

/** Coupon rows as replies (after a claim or grant: they were written in this request). */
export async function customerCouponsOf(
  ctx: ReplyContext,
  rows: CustomerCouponRow[],
): Promise<CustomerCoupon[]> {
  if (rows.length === 0) return [];
  const held = await loadHeld(
    ctx.db,
    sql`${customerCoupons.id} in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
  return toCustomerCoupons(ctx, held);
}

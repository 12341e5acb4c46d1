// Units sold or given under capped price activities (decisions C131–C136): a special price's quantity and
// per-person limit (kind 3), a buy-N-get-N's free units (kind 12) and an over-send gift's total (kind 9).
// Pricing reads the counts into the engine's own fields (purchasedQuantity, the customer's purchased
// records, the gift units still left), so the browser and the server price alike; the order's transaction
// then moves the counters by one conditional upsert that never passes a cap, and an order that ends
// unpaid or is refunded gives back exactly what it took, once.
import { and, inArray, sql } from 'drizzle-orm';
import { ActivityKind, type ShopActivity } from '../../../src/domain/api/activity';
import type { ParsedActivity, PricingResult, PurchasedSpecial } from '../../../src/domain/pricing';
import { rowsOf, type Executor } from '../../db/client';
import { activityUnitCounts, orderActivityUnits, type OrderRow } from '../../db/schema';
import type { TakenAfter } from '../orders/order-status';
import { BusinessError } from '../../http/action';
import { couponMessages } from './coupon-messages';
import { activityRuleTexts, type TextContext } from './coupon-texts';

/** The counter row that holds every customer's units of an activity product together. */
export const TOTAL_COUNTER = 0;

/** A capped activity product: its total cap and per-person cap as the activity stores them (null: none). */
interface Cap {
  activityId: number;
  activityName: string;
  key: number;
  total: number | null;
  perPerson: number | null;
  /** An over-send gift: given by the order's amount, whatever products the cart holds. */
  gift: boolean;
}

/** The caps of the running activities, by activity and product key. */
export type ActivityCaps = Map<string, Cap>;
const capKey = (activityId: number, key: number) => `${activityId}:${key}`;

/** Every capped product of the activities; an activity without a cap costs nothing further. */
export function activityCaps(activities: readonly ParsedActivity[]): ActivityCaps {
  const caps: ActivityCaps = new Map();
  const add = (a: ParsedActivity, key: number, total: number | null, perPerson: number | null) => {
    if (total !== null || perPerson !== null)
      caps.set(capKey(a.id, key), {
        activityId: a.id,
        activityName: a.name,
        key,
        total,
        perPerson,
        gift: a.type === ActivityKind.overSendProduct,
      });
  };
  for (const a of activities) {
    if (a.type === ActivityKind.specPrice) for (const p of a.productList) add(a, p.id, p.quantity, a.limit);
    else if (a.type === ActivityKind.buyNGetN) for (const p of a.productList) add(a, p.id, p.quantity, null);
    else if (a.type === ActivityKind.overSendProduct && a.productId !== null)
      add(a, a.productId, a.freeTotalQuantity, null);
  }
  return caps;
}

/** The activities as the engine prices them now, with this customer's earlier special-price units. */
export interface CountedActivities {
  activities: ParsedActivity[];
  purchased: PurchasedSpecial[];
  caps: ActivityCaps;
}

/**
 * Reads the counters of the capped products (one statement, none when nothing is capped) into copies of
 * the activities: a special price's and a buy-N-get-N's purchasedQuantity, an over-send gift's units left;
 * and the customer's own special-price units as the engine's purchased records. With `keys` (the cart's
 * product keys) only the counters that cart can move are read: an order without a capped product reads none.
 */
export async function countedActivities(
  db: Executor,
  activities: readonly ParsedActivity[],
  customerId: number | null,
  keys?: ReadonlySet<number>,
): Promise<CountedActivities> {
  const caps = activityCaps(activities);
  const wanted = [...caps.values()].filter((c) => !keys || c.gift || keys.has(c.key));
  if (wanted.length === 0) return { activities: [...activities], purchased: [], caps };
  const ids = [...new Set(wanted.map((c) => c.activityId))];
  const owners = customerId === null ? [TOTAL_COUNTER] : [TOTAL_COUNTER, customerId];
  const rows = await db
    .select()
    .from(activityUnitCounts)
    .where(and(inArray(activityUnitCounts.activityId, ids), inArray(activityUnitCounts.customerId, owners)));
  const totals = new Map<string, number>();
  const own = new Map<string, number>();
  for (const r of rows)
    (r.customerId === TOTAL_COUNTER ? totals : own).set(capKey(r.activityId, r.productKey), r.units);

  const counted = activities.map((a): ParsedActivity => {
    if (a.type === ActivityKind.overSendProduct) {
      if (a.productId === null || a.freeTotalQuantity === null) return a;
      const given = totals.get(capKey(a.id, a.productId)) ?? 0;
      return { ...a, freeTotalQuantity: Math.max(0, a.freeTotalQuantity - given) };
    }
    if (a.type !== ActivityKind.specPrice && a.type !== ActivityKind.buyNGetN) return a;
    return {
      ...a,
      productList: a.productList.map((p) => ({
        ...p,
        purchasedQuantity: p.purchasedQuantity + (totals.get(capKey(a.id, p.id)) ?? 0),
      })),
    };
  });
  const purchased: PurchasedSpecial[] = [];
  for (const a of activities) {
    if (a.type !== ActivityKind.specPrice || a.limit === null) continue;
    const products = a.productList.flatMap((p) => {
      const quantity = own.get(capKey(a.id, p.id)) ?? 0;
      return quantity > 0 ? [{ id: p.id, discount: p.discountPrice ?? 0, quantity }] : [];
    });
    if (products.length > 0) purchased.push({ activityId: a.id, products });
  }
  return { activities: counted, purchased, caps };
}

/**
 * The listed activities with their price rules counted as the order will count them (activity/list), so
 * the browser's engine gives the price the server will charge; and the customer's own purchased records.
 */
export async function countedListing(
  db: Executor,
  listed: readonly ShopActivity[],
  customerId: number,
  text: TextContext,
): Promise<{ activities: ShopActivity[]; purchased: PurchasedSpecial[] }> {
  const priced = listed.filter((a) => a.pricing !== null);
  const counted = await countedActivities(
    db,
    priced.map((a) => a.pricing!),
    customerId,
  );
  const byId = new Map(counted.activities.map((a) => [a.id, a]));
  return {
    activities: listed.map((a) => {
      const pricing = a.pricing && byId.get(a.id);
      // The rules say how many are left, so they are worded from the counted record.
      return pricing ? { ...a, pricing, rules: activityRuleTexts(pricing, text) } : a;
    }),
    purchased: counted.purchased,
  };
}

/** One counter an order moves: `units` more, never past `cap`. */
export interface UnitCount {
  activityId: number;
  key: number;
  customerId: number;
  units: number;
  cap: number;
  activityName: string;
}

/** The counters the priced order moves: the units the engine gave under a capped activity product. */
export function unitsToCount(pricing: PricingResult, caps: ActivityCaps, customerId: number): UnitCount[] {
  const given = new Map<string, number>();
  const add = (activityId: number, key: number, units: number) => {
    if (units > 0 && caps.has(capKey(activityId, key)))
      given.set(capKey(activityId, key), (given.get(capKey(activityId, key)) ?? 0) + units);
  };
  for (const s of pricing.specialPurchases) for (const p of s.products) add(s.activityId, p.id, p.quantity);
  for (const b of pricing.buyNGetN) for (const p of b.products) add(b.id, p.id, p.quantity);
  for (const g of pricing.freeGifts) add(g.id, g.product.id, g.product.quantity);

  const counts: UnitCount[] = [];
  for (const [k, units] of given) {
    const cap = caps.get(k)!;
    const base = { activityId: cap.activityId, key: cap.key, units, activityName: cap.activityName };
    if (cap.total !== null) counts.push({ ...base, customerId: TOTAL_COUNTER, cap: cap.total });
    if (cap.perPerson !== null) counts.push({ ...base, customerId, cap: cap.perPerson });
  }
  return counts;
}

/** The units an order counts (each activity product once, whichever of its counters moved). */
export function countedUnits(counts: readonly UnitCount[]): number {
  const seen = new Map<string, number>();
  for (const c of counts) seen.set(capKey(c.activityId, c.key), c.units);
  let units = 0;
  for (const n of seen.values()) units += n;
  return units;
}

/**
 * Moves the order's counters in its transaction, in one statement: every counter goes up by its units
 * only while it stays within its cap (a missing counter is inserted only when its units fit), and the
 * order's record of what it took is written only when every counter moved. Units other orders took first
 * (a lost race) refuse this order and roll its transaction back; the customer sees the new price.
 */
export async function reserveActivityUnits(
  tx: Executor,
  orderId: number,
  counts: readonly UnitCount[],
): Promise<void> {
  if (counts.length === 0) return;
  const wanted = JSON.stringify(
    counts.map((c) => ({ a: c.activityId, k: c.key, c: c.customerId, n: c.units, cap: c.cap })),
  );
  const result = await tx.execute(sql`
    with wanted as (
      select * from json_to_recordset(${wanted}::json) as w(a int, k int, c int, n int, cap int)
    ), taken as (
      insert into ${activityUnitCounts} as u (activity_id, product_key, customer_id, units)
      select a, k, c, n from wanted where n <= cap
      on conflict (activity_id, product_key, customer_id) do update set units = u.units + excluded.units
      where u.units + excluded.units <= (
        select w.cap from wanted w
        where w.a = excluded.activity_id and w.k = excluded.product_key and w.c = excluded.customer_id)
      returning 1
    ), recorded as (
      insert into ${orderActivityUnits} (order_id, activity_id, product_key, customer_id, units)
      select ${orderId}, a, k, c, n from wanted
      where (select count(*) from taken) = (select count(*) from wanted)
      returning 1
    )
    select (select count(*) from recorded)::int as recorded`);
  const [row] = rowsOf<{ recorded: number }>(result);
  if (Number(row?.recorded ?? 0) === counts.length) return;
  const lost = counts[0]!;
  throw new BusinessError(
    couponMessages.activityUnitsTaken,
    { name: lost.activityName },
    { reason: 'activityUnitsTaken', name: lost.activityName },
  );
}

/**
 * Keeps the counters in step with a status change just written (server/modules/orders/order-status.ts
 * decides `taken`): an order that ends unpaid, refused, closed or refunded gives back what it took (a
 * no-show keeps it, decision A22). Its record is marked
 * released in the statement that moves the counters, so a replayed change, or a cancel racing an expiry,
 * gives the units back once.
 */
export async function activityUnitsFollowOrder(
  tx: Executor,
  row: OrderRow,
  taken: TakenAfter,
  now: Date,
): Promise<void> {
  if (row.activityUnits === 0 || taken !== 'release') return;
  await tx.execute(sql`
    with released as (
      update ${orderActivityUnits} set released_at = ${now.toISOString()}::timestamptz
      where order_id = ${row.id} and released_at is null
      returning activity_id, product_key, customer_id, units
    )
    update ${activityUnitCounts} u set units = u.units - released.units
    from released
    where u.activity_id = released.activity_id and u.product_key = released.product_key
      and u.customer_id = released.customer_id`);
}

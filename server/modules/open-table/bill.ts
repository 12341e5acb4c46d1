// A tab's bill once it is asked for (decisions T25–T30): the plan written when it freezes (the whole bill's
// order for `all`, the parts of `equal` and `guest`, nothing yet for `items`), guests taking parts with
// table/payPart, and the bill as every phone reads it. Every write to a paying tab starts by locking its
// row, so two guests taking the same part, overlapping picks, a cancelPay and the merchant's closeTab are
// decided one after the other, each reading what the one before committed.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SplitMode } from '../../../src/domain/api/open-table';
import { splitByWeights, splitEqually } from '../../../src/pricing/split-bill';
import type { Executor } from '../../db/client';
import { tableBillParts, tables, tableTabs } from '../../db/schema';
import { BusinessError } from '../../http/action';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { couponToReserve, reserveCoupon } from '../coupons/coupon-orders';
import { reject } from '../orders/orders';
import { orderMessages } from '../orders/orders-messages';
import { requestHash, submitOrdersIn } from '../orders/orders-store';
import { refuse, type LineRow, type TabEnv, type TabRow } from './tab-access';
import { EVERYONE, payerTerms, shopScopeOf, type PayerTerms } from './payer-terms';
import { billOrder } from './tab-order';
import { billedLines, flagOf, priceTab, tabContents, type TabPricing } from './tab-pricing';

export type PartRow = typeof tableBillParts.$inferSelect;

/** Each billed line's amount after discounts, the weight of a guest's part and of a picked line (T2). */
export function netOf(pricing: TabPricing, line: LineRow): number {
  return Math.max(0, pricing.lines.find((p) => p.flag === flagOf(line))?.net ?? 0);
}

/** Locks a tab's row for the rest of the transaction; null when it is not in `status`. */
export async function lockTab(tx: Executor, tabId: number, status: TabRow['status']): Promise<TabRow | null> {
  const [row] = await tx
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.id, tabId), eq(tableTabs.status, status)))
    .for('update');
  return row ?? null;
}

/** The table's status, which a counter tab never moves (T32). */
export const setTableStatus = (tx: Executor, tableId: number, status: number) =>
  tx
    .update(tables)
    .set({ status })
    .where(and(eq(tables.id, tableId), eq(tables.isCounter, false)));

type PlannedPart = Pick<typeof tableBillParts.$inferInsert, 'index' | 'amount' | 'guestId'>;

/** The parts a mode fixes when the bill freezes, or the refusal that keeps the tab ordering. */
function planParts(
  mode: Exclude<SplitMode, 'all'>,
  parts: number | undefined,
  total: number,
  pricing: TabPricing,
  contents: Awaited<ReturnType<typeof tabContents>>,
): PlannedPart[] | 'splitTooSmall' | 'splitItemsEmpty' {
  const lines = billedLines(contents.rounds, contents.lines);
  if (mode === 'items') return lines.some((l) => netOf(pricing, l) > 0) ? [] : 'splitItemsEmpty';
  if (mode === 'equal') {
    if (total < parts!) return 'splitTooSmall';
    return splitEqually(total, parts!).map((amount, index) => ({ index, amount, guestId: null }));
  }
  const guestOf = new Map(contents.rounds.map((r) => [r.id, r.customerId]));
  const weights = contents.guests.map((g) =>
    lines
      .filter((l) => guestOf.get(l.roundId) === g.customerId)
      .reduce((sum, l) => sum + netOf(pricing, l), 0),
  );
  // A guest who ordered nothing has nothing to pay, so no part (T3); nobody ordered: equal parts.
  const amounts = splitByWeights(total, weights);
  const owing = contents.guests
    .map((g, i) => ({ guestId: g.customerId, amount: amounts[i]! }))
    .filter((p) => p.amount > 0)
    .map((p, index) => ({ ...p, index }));
  // A bill of nothing has no part anyone could pay, and would never be paid.
  return owing.length > 0 ? owing : 'splitTooSmall';
}

/**
 * Writes the plan of a tab that has just become paying (once: a repeat finds it written). `all` writes
 * the order of the whole bill for the guest who asked, as its one part; the split modes write their parts.
 * A split the frozen bill cannot take (more equal parts than minor units, items with nothing to pick) puts
 * the tab back to ordering and is refused.
 */
export async function planBill(env: TabEnv, entry: CatalogEntry, tab: TabRow): Promise<void> {
  if (tab.billTotal !== null) return;
  const contents = await tabContents(env, tab.id);
  const mode = tab.splitMode ?? 'all';
  const priced = await undoneOnRefusal(env, tab, async () => {
    const terms = mode === 'all' ? await wholeBillTerms(env, entry, tab) : EVERYONE;
    const pricing = await priceTab(env, entry, tab, contents.rounds, contents.lines, terms);
    // The engine's word on the coupon against the frozen bill, as order/confirm takes it (C24).
    const couponId = couponToReserve(pricing, terms.couponId, env.locale);
    // A coupon may not bring the bill to nothing: no gateway takes a payment of 0 (as order/confirm).
    if (couponId !== null && pricing.totals.total <= 0)
      throw reject('nothingToPay', orderMessages.nothingToPay);
    return { pricing, own: { memberId: terms.member?.id ?? null, couponId } };
  });
  if (priced === SUPERSEDED) return;
  const { pricing } = priced;
  const total = pricing.totals.total;
  const parts = tab.splitParts ?? undefined;
  const planned = mode === 'all' ? [] : planParts(mode, parts, total, pricing, contents);
  const lines = billedLines(contents.rounds, contents.lines);
  const refusal = await undoneOnRefusal(env, tab, () =>
    env.db.transaction(async (tx) => {
      const locked = await lockTab(tx, tab.id, 'paying');
      // Written by another call, or the bill was taken back and asked for again: that request plans its own.
      if (!locked || locked.billTotal !== null || !sameFreeze(locked, tab)) return null;
      if (typeof planned === 'string') {
        await unfreeze(tx, tab.id);
        return planned;
      }
      await tx
        .update(tableTabs)
        .set({ billTotal: total, version: sql`${tableTabs.version} + 1` })
        .where(eq(tableTabs.id, tab.id));
      if (mode === 'all') await writeWholeBill(env, entry, tx, locked, pricing, lines, priced.own);
      else if (planned.length > 0)
        await tx.insert(tableBillParts).values(planned.map((p) => ({ ...p, tabId: tab.id })));
      await setTableStatus(tx, tab.tableId, 2);
      return null;
    }),
  );
  if (refusal && refusal !== SUPERSEDED) throw refuse(refusal, { parts: parts ?? contents.guests.length });
}

/**
 * Whether the tab is still paying under the request a plan was priced for: asked at the same instant, by
 * the same guest, with the same split and coupon. A bill taken back and asked for again is another request,
 * even within the same millisecond, and plans its own.
 */
const sameFreeze = (locked: TabRow, tab: TabRow) =>
  locked.billAt?.getTime() === tab.billAt?.getTime() &&
  locked.billBy === tab.billBy &&
  locked.billCouponId === tab.billCouponId &&
  locked.splitMode === tab.splitMode &&
  locked.splitParts === tab.splitParts;

/** The payer's terms for the whole bill: their member price and the coupon they chose (T51). */
function wholeBillTerms(env: TabEnv, entry: CatalogEntry, tab: TabRow): Promise<PayerTerms> {
  const payer = tab.billBy ?? tab.openedBy;
  return payerTerms(env.db, entry, payer, shopScopeOf(entry, env.now), tab.billCouponId, env.catalogueLocale);
}

/** What puts a paying tab back to ordering: the request for its bill and its plan forgotten. */
export const backToOrdering = () =>
  ({
    status: 'ordering',
    billAt: null,
    billBy: null,
    orderId: null,
    splitMode: null,
    splitParts: null,
    billTotal: null,
    billCouponId: null,
    version: sql`${tableTabs.version} + 1`,
  }) as const;

/** A paying tab without a plan back to ordering: the bill it asked for cannot be written. */
async function unfreeze(tx: Executor, tabId: number): Promise<void> {
  await tx
    .update(tableTabs)
    .set(backToOrdering())
    .where(and(eq(tableTabs.id, tabId), eq(tableTabs.status, 'paying'), isNull(tableTabs.billTotal)));
}

/** What a plan step answers when the request it served is no longer the tab's: another call decides. */
const SUPERSEDED = Symbol('superseded');

/**
 * Runs a step of the plan; a refusal it raises (the payer's coupon unusable, or taken by another order
 * meanwhile) puts the tab back to ordering, so the table is not left paying a bill nobody can write, and
 * is passed on. When the request is no longer the tab's (its plan written by another call, the bill taken
 * back or asked for again), the refusal was not about the bill the tab has: nothing is undone or refused,
 * and the caller answers the tab as it is.
 */
async function undoneOnRefusal<T>(
  env: TabEnv,
  tab: TabRow,
  step: () => Promise<T>,
): Promise<T | typeof SUPERSEDED> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    const undone = await env.db.transaction(async (tx) => {
      const locked = await lockTab(tx, tab.id, 'paying');
      if (!locked || locked.billTotal !== null || !sameFreeze(locked, tab)) return false;
      await unfreeze(tx, tab.id);
      return true;
    });
    if (undone) throw error;
    return SUPERSEDED;
  }
}

/** `all`: the order of the whole bill, owned by the guest who asked, as the one part (T21, T25). */
async function writeWholeBill(
  env: TabEnv,
  entry: CatalogEntry,
  tx: Executor,
  tab: TabRow,
  pricing: TabPricing,
  lines: LineRow[],
  own: { memberId: number | null; couponId: number | null },
): Promise<void> {
  const payer = tab.billBy ?? tab.openedBy;
  const prepared = await billOrder(env, entry, tab, pricing, lines, payer, null, tx, own);
  const billAt = tab.billAt!.getTime();
  // Each request for the bill has its own key: the tab's version moves with every freeze, so a bill taken
  // back and asked for again in the same millisecond never finds the closed order of the first.
  const args = {
    customerId: payer,
    key: `tab-${tab.id}-${billAt.toString(36)}-${tab.version}`,
    hash: requestHash({ tab: tab.id, billAt, version: tab.version }),
    prepared: [prepared],
    locale: env.catalogueLocale,
    now: env.now,
  };
  // One transaction writes the plan under the tab's lock, so its key is never claimed without it.
  const [orderId] = await submitOrdersIn(tx, args);
  if (orderId === undefined) throw new Error(`tab ${tab.id}: the bill's order was not written`);
  // The coupon names the order that holds it; taken by another order meanwhile, the plan rolls back (C25).
  await reserveCoupon(tx, { id: orderId, couponId: own.couponId }, env.now);
  await tx.update(tableTabs).set({ orderId }).where(eq(tableTabs.id, tab.id));
  await tx.insert(tableBillParts).values({
    tabId: tab.id,
    index: 0,
    amount: pricing.totals.total,
    state: 'paying',
    takenBy: payer,
    orderId,
  });
}

// Asking for a tab's bill, paying a part of it and taking it back: table/confirm, table/payPart and
// table/cancelPay (decisions T21–T23, T25–T30).
import { and, eq, sql } from 'drizzle-orm';
import type {
  SplitRequest,
  TableConfirmInfo,
  TablePayPartInput,
  TableQuoteInfo,
  TableTabInfo,
} from '../../../src/domain/api/open-table';
import { orders, tableRounds, tableTabs } from '../../db/schema';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { chosenCoupon } from '../coupons/coupon-orders';
import { closeOrder } from '../orders/order-life';
import { planBill } from './bill';
import { cancelSplit, takePart } from './bill-parts';
import { quoteTerms, shopScopeOf } from './payer-terms';
import { guestTab, openTableShop, refuse, type TabEnv } from './tab-access';
import { priceTab, tabContents } from './tab-pricing';
import { canPayTab } from './tabs';
import { tabView } from './tab-view';

/**
 * table/confirm: the bill is asked for (decisions T21, T25), in steps each safe to repeat: the tab stops
 * ordering (its fee frozen at this instant, whoever asked noted as the payer, the split chosen); then its
 * plan is written in one transaction: for `all` the order of the whole bill, owned by whoever asked, for
 * `equal` and `guest` the parts, for `items` nothing until a guest picks. A call that finds the tab paying
 * (another guest asked, or the plan was not written yet) finishes the plan and answers the bill as it is:
 * the first split asked for stands. Refused while a round waits for the kitchen or when nothing is owed.
 */
export async function confirmTab(
  env: TabEnv,
  tabId: number,
  split: SplitRequest = { mode: 'all' },
): Promise<TableConfirmInfo> {
  const entry = await openTableShop(env);
  const { db, session, now } = env;
  let tab = await guestTab(db, session, tabId);
  if (tab.status === 'ordering') {
    const payable = await canPayTab(env, tabId);
    if (!payable.canPay) throw refuse(payable.reason === 'notOrdering' ? 'tabNotOrdering' : payable.reason!);
    const couponId = split.mode === 'all' ? (split.couponId ?? null) : null;
    // Someone else's coupon, one of another shop or one already held by an order is refused before the
    // bill freezes; whether it applies to the bill the engine says when the plan is written (T51).
    if (couponId !== null)
      await chosenCoupon(db, session, shopScopeOf(entry, now), couponId, env.catalogueLocale);
    const [paying] = await db
      .update(tableTabs)
      .set({
        status: 'paying',
        billAt: now,
        billBy: session.customerId,
        splitMode: split.mode,
        splitParts: split.mode === 'equal' ? split.parts : null,
        billCouponId: couponId,
        version: sql`${tableTabs.version} + 1`,
      })
      .where(
        and(
          eq(tableTabs.id, tab.id),
          eq(tableTabs.status, 'ordering'),
          // A round sent since the check waits for the kitchen: the bill cannot be asked for yet.
          sql`not exists (select 1 from ${tableRounds} r where r.tab_id = ${tableTabs.id} and r.state = 'submitted')`,
        ),
      )
      .returning();
    tab = paying ?? (await guestTab(db, session, tabId));
    if (!paying && tab.status === 'ordering') throw refuse('roundSubmitting');
  }
  if (tab.status !== 'paying') throw refuse('tabNotOrdering');
  await planBill(env, entry, tab);
  const [planned] = await db.select().from(tableTabs).where(eq(tableTabs.id, tab.id));
  return confirmed(env, entry, tab.id, planned?.orderId ?? null);
}

/**
 * table/quote: what the whole bill comes to for the reader paying it all now, on their terms (T51): their
 * member price and the coupon asked for, with what each of their coupons would take off. Only while the
 * tab orders: once the bill is asked for it is what the bill says.
 */
export async function quoteTab(env: TabEnv, tabId: number, couponId: number | null): Promise<TableQuoteInfo> {
  const entry = await openTableShop(env);
  const { db, session } = env;
  const tab = await guestTab(db, session, tabId);
  if (tab.status !== 'ordering') throw refuse('tabNotOrdering');
  const [{ rounds, lines }, terms] = await Promise.all([
    tabContents(env, tab.id),
    quoteTerms(db, entry, session.customerId, shopScopeOf(entry, env.now), couponId, env.catalogueLocale),
  ]);
  const [everyone, member, mine] = await Promise.all([
    priceTab(env, entry, tab, rounds, lines),
    priceTab(env, entry, tab, rounds, lines, { ...terms, couponId: null }),
    priceTab(env, entry, tab, rounds, lines, terms),
  ]);
  const coupons = mine.coupon.evaluations
    .map((e) => ({
      id: e.id,
      name: e.name,
      usable: e.usable,
      discount: e.usable ? e.amount : 0,
      reasons: e.reasons,
    }))
    .sort((a, b) => Number(b.usable) - Number(a.usable) || b.discount - a.discount || a.id - b.id);
  return {
    billTotal: everyone.totals.total,
    // Each saving as it reaches the total (with the tax and charges on it), so that the lines add up (T46).
    memberDiscount: everyone.totals.total - member.totals.total,
    couponDiscount: member.totals.total - mine.totals.total,
    total: mine.totals.total,
    couponId: mine.coupon.applied?.id ?? null,
    coupons,
  };
}

/** table/payPart: the reader takes a part of the split bill and is answered the order that pays it. */
export async function payTabPart(env: TabEnv, input: TablePayPartInput): Promise<TableConfirmInfo> {
  const entry = await openTableShop(env);
  const tab = await guestTab(env.db, env.session, input.orderId);
  const orderId = await takePart(env, entry, tab, {
    part: input.part,
    lineIds: input.lineIds,
    idempotencyKey: input.idempotencyKey,
  });
  return confirmed(env, entry, tab.id, orderId);
}

async function confirmed(
  env: TabEnv,
  entry: CatalogEntry,
  tabId: number,
  orderId: number | null,
): Promise<TableConfirmInfo> {
  const [order] =
    orderId === null
      ? []
      : await env.db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  return {
    tab: await tabView(env, entry, tabId),
    orderId,
    payer: order?.customerId === env.session.customerId,
  };
}

/**
 * table/cancelPay: back to ordering before anything was paid. The whole bill's unpaid order is closed as
 * its owner would close it (a payment still processing keeps it) and the tab follows (tab-orders.ts); a
 * split bill goes back only while no part of it is paid or being paid (T27).
 */
export async function cancelTabPay(env: TabEnv, tabId: number): Promise<TableTabInfo> {
  const entry = await openTableShop(env);
  const tab = await guestTab(env.db, env.session, tabId);
  if (tab.status !== 'paying') throw refuse('tabNotPaying');
  if (tab.orderId === null) {
    await cancelSplit(env, tab);
    return tabView(env, entry, tab.id);
  }
  const [order] = await env.db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, tab.orderId));
  await closeOrder(env.db, order!.customerId, tab.orderId, env.now);
  return tabView(env, entry, tab.id);
}

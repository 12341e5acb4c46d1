// The tab as every phone at the table reads it (spec §3's table order): its guests, rounds and lines with
// the kitchen's states, the bill the shared engine makes of them now (the fee from the server's clock), and
// the bill's split once it was asked for.
import { eq } from 'drizzle-orm';
import { TAB_STATUS_CODES, type TableRound, type TableTabInfo } from '../../../src/domain/api/open-table';
import { orders, tables, tableTabs, type Text } from '../../db/schema';
import { localize } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { billView, partsOf } from './bill-parts';
import { refuse, type LineRow, type RoundRow, type TabEnv } from './tab-access';
import { billedLines, flagOf, guestNames, priceTab, tabContents, timerEnd } from './tab-pricing';

/** What a line shows: its round's answer until the kitchen accepted it, then its own state. */
function shownState(round: RoundRow, line: LineRow): TableRound['lines'][number]['state'] {
  if (round.state === 'submitted') return 'submitting';
  if (round.state === 'rejected') return 'rejected';
  return line.state;
}

/** The tab, its guests, rounds and lines, and the bill the engine makes of them now. */
export async function tabView(env: TabEnv, entry: CatalogEntry, tabId: number): Promise<TableTabInfo> {
  const { db, session, now } = env;
  const [row] = await db
    .select({ tab: tableTabs, tableName: tables.name, area: tables.area })
    .from(tableTabs)
    .innerJoin(tables, eq(tables.id, tableTabs.tableId))
    .where(eq(tableTabs.id, tabId));
  if (!row) throw refuse('tabNotFound');
  const { tab } = row;
  const [{ guests, rounds, lines }, parts] = await Promise.all([tabContents(env, tabId), partsOf(db, tabId)]);
  const names = guestNames(guests, env.locale);
  const pricing = await priceTab(env, entry, tab, rounds, lines);
  const amountOf = new Map(pricing.lines.map((l) => [l.flag, l.listAmount]));
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  const shownRounds: TableRound[] = rounds.map((r) => ({
    id: r.id,
    guest: names.get(r.customerId) ?? '',
    mine: r.customerId === session.customerId,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    lines: lines
      .filter((l) => l.roundId === r.id)
      .map((l) => ({
        id: l.id,
        productId: l.productId,
        name: localize(l.name, env.catalogueLocale),
        specName: l.specName ? localize(l.specName, env.catalogueLocale) : null,
        tastes: l.tastes.map((t) => localize(t.name, env.catalogueLocale)),
        quantity: l.quantity,
        amount: amountOf.get(flagOf(l)) ?? l.quantity * l.cart.price,
        state: shownState(roundById.get(l.roundId)!, l),
        reason: l.state === 'returned' ? l.returnedReason : r.state === 'rejected' ? r.reason : '',
      })),
  }));
  const { taxes, fees } = pricing;
  const totals = await wholeBillTotals(env, tab.orderId, pricing.totals, taxes);
  const end = timerEnd(tab, now);
  const bill = billView(tab, parts, names, billedLines(rounds, lines), session.customerId);
  return {
    bill,
    isCounter: tab.counter,
    id: tab.id,
    sOrderNo: tab.orderNo,
    nTableID: tab.tableId,
    sTableName: row.tableName,
    sAreaName: localize(row.area as Text, env.catalogueLocale),
    nOrderStatus: TAB_STATUS_CODES[tab.status],
    status: tab.status,
    nPerson: tab.person,
    sNote: tab.note,
    fEachFee: tab.eachFee,
    nFeeType: tab.feeType,
    nStartTimerTime: tab.timerStartedAt?.getTime() ?? null,
    nExceptEndTime: tab.timerStartedAt && (tab.billAt ?? tab.timerStoppedAt) ? end!.getTime() : null,
    nIsOpenTiming: tab.timerStartedAt !== null && tab.timerStoppedAt === null ? 1 : 0,
    serverNow: now.getTime(),
    tableTime: fees.table,
    fSaleAmount: totals.list,
    fDiscountAmount: totals.productDiscount + totals.activityDiscount + totals.couponDiscount,
    fTaxAmount: totals.tax,
    fRoundingAmount: totals.rounding,
    fReceivedAmount: bill ? bill.paid : tab.status === 'paid' ? totals.total : 0,
    total: totals.total,
    currency: tab.currency,
    numberDecimals: tab.numberDecimals,
    guests: guests.map((g) => ({
      name: names.get(g.customerId) ?? '',
      me: g.customerId === session.customerId,
    })),
    rounds: shownRounds,
    version: tab.version,
  };
}

type Totals = Awaited<ReturnType<typeof priceTab>>['totals'];

/**
 * The totals every phone shows: the tab's, or once one guest took the whole bill, that order's, which may
 * carry the payer's member price and coupon (T51), so that the summary adds up to what is being paid.
 */
async function wholeBillTotals(
  env: TabEnv,
  orderId: number | null,
  totals: Totals,
  taxes: { added: number; included: number },
): Promise<Totals & { tax: number }> {
  const tax = taxes.added + taxes.included;
  if (orderId === null) return { ...totals, tax };
  const [order] = await env.db
    .select({
      list: orders.listAmount,
      productDiscount: orders.productDiscount,
      activityDiscount: orders.activityDiscount,
      couponDiscount: orders.couponDiscount,
      taxAdded: orders.taxAdded,
      taxIncluded: orders.taxIncluded,
      rounding: orders.rounding,
      total: orders.total,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { ...totals, tax };
  return { ...totals, ...order, tax: order.taxAdded + order.taxIncluded };
}

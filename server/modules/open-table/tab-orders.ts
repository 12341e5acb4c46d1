// A tab follows the orders that pay it (decisions T22, T26), in the transaction of the order's status change
// (server/modules/orders/order-status.ts). An order leaving `nopay` for anything but a cancellation (paid
// online or by card, or settled at the counter) pays its part, and the tab is paid, its table idle, once
// every part is paid and they come to the whole bill. An unpaid order cancelled, expired or closed frees its
// part for another guest (a picked-items part goes, its lines open again); the whole bill's order (split
// `all`) gives the tab back to its guests, ordering again.
import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../src/domain/enums';
import type { Executor } from '../../db/client';
import { tableBillParts, tableTabs, type OrderRow } from '../../db/schema';
import { setTableStatus } from './bill';
import { reopenTab } from './bill-parts';

const ENDED_UNPAID: readonly OrderStatus[] = ['nopay_cancel', 'closed'];

export async function tabFollowsOrder(tx: Executor, row: OrderRow, now: Date): Promise<void> {
  if (row.orderType !== 'openTable' || row.status === 'nopay') return;
  const reopen = ENDED_UNPAID.includes(row.status) && !row.paid;
  const [found] = await tx
    .select({ part: tableBillParts, tab: tableTabs })
    .from(tableBillParts)
    .innerJoin(tableTabs, eq(tableTabs.id, tableBillParts.tabId))
    .where(and(eq(tableBillParts.orderId, row.id), eq(tableBillParts.state, 'paying')))
    .for('update', { of: tableTabs });
  if (found) {
    const { part, tab } = found;
    if (tab.status !== 'paying') return;
    if (!reopen) return partPaid(tx, tab, part.id, now);
    if (tab.splitMode === 'all') return reopenTab(tx, tab);
    if (tab.splitMode === 'items') await tx.delete(tableBillParts).where(eq(tableBillParts.id, part.id));
    else
      await tx
        .update(tableBillParts)
        .set({ state: 'open', takenBy: null, idempotencyKey: null, requestHash: null, orderId: null })
        .where(eq(tableBillParts.id, part.id));
    await tx
      .update(tableTabs)
      .set({ version: sql`${tableTabs.version} + 1` })
      .where(eq(tableTabs.id, tab.id));
    return;
  }
  // A tab whose bill was asked for before bills had parts follows its one order.
  const [tab] = await tx
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.orderId, row.id), eq(tableTabs.status, 'paying')))
    .for('update');
  if (!tab) return;
  if (reopen) return reopenTab(tx, tab);
  await closePaid(tx, tab.id, tab.tableId, now);
}

async function partPaid(
  tx: Executor,
  tab: typeof tableTabs.$inferSelect,
  partId: number,
  now: Date,
): Promise<void> {
  await tx.update(tableBillParts).set({ state: 'paid' }).where(eq(tableBillParts.id, partId));
  const [sums] = await tx
    .select({
      paid: sql<number>`coalesce(sum(${tableBillParts.amount}) filter (where ${tableBillParts.state} = 'paid'), 0)::int`,
      unpaid: sql<number>`(count(*) filter (where ${tableBillParts.state} <> 'paid'))::int`,
    })
    .from(tableBillParts)
    .where(eq(tableBillParts.tabId, tab.id));
  if (sums!.unpaid === 0 && sums!.paid >= (tab.billTotal ?? 0))
    return closePaid(tx, tab.id, tab.tableId, now);
  await tx
    .update(tableTabs)
    .set({ version: sql`${tableTabs.version} + 1` })
    .where(eq(tableTabs.id, tab.id));
}

async function closePaid(tx: Executor, tabId: number, tableId: number, now: Date): Promise<void> {
  await tx
    .update(tableTabs)
    .set({ status: 'paid', closedAt: now, version: sql`${tableTabs.version} + 1` })
    .where(and(eq(tableTabs.id, tabId), eq(tableTabs.status, 'paying')));
  await setTableStatus(tx, tableId, 0);
}

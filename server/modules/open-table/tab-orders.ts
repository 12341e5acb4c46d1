// A tab follows the order that pays it (decisions T21–T24), in the transaction of the order's status change
// (server/modules/orders/order-status.ts): once the order leaves `nopay` for anything but a cancellation
// (paid online or by card, or settled at the counter) the tab is paid and its table idle; an unpaid order
// that is cancelled, expires or is closed gives the tab back to its guests, ordering again.
import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../src/domain/enums';
import type { Executor } from '../../db/client';
import { tables, tableTabs, type OrderRow } from '../../db/schema';

const ENDED_UNPAID: readonly OrderStatus[] = ['nopay_cancel', 'closed'];

export async function tabFollowsOrder(tx: Executor, row: OrderRow, now: Date): Promise<void> {
  if (row.orderType !== 'openTable' || row.status === 'nopay') return;
  const reopen = ENDED_UNPAID.includes(row.status) && !row.paid;
  const [tab] = await tx
    .update(tableTabs)
    .set(
      reopen
        ? {
            status: 'ordering',
            billAt: null,
            billBy: null,
            orderId: null,
            version: sql`${tableTabs.version} + 1`,
          }
        : { status: 'paid', closedAt: now, version: sql`${tableTabs.version} + 1` },
    )
    .where(and(eq(tableTabs.orderId, row.id), eq(tableTabs.status, 'paying')))
    .returning({ tableId: tableTabs.tableId });
  if (tab)
    await tx
      .update(tables)
      .set({ status: reopen ? 1 : 0 })
      .where(eq(tables.id, tab.tableId));
}

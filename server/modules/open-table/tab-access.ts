// What every open-table call starts from: the session's shop, which must take open-table orders, and a
// tab only its guests may name (anyone else is told it is not found, decision T24).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { tableRoundLines, tableRounds } from '../../db/schema';
import { tableGuests, tableTabs } from '../../db/schema';
import { BusinessError, type Session } from '../../http/action';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { loadOrderShop, type OrderEnv } from '../orders/orders';
import { openTableMessages } from './open-table-messages';

export type TabRow = typeof tableTabs.$inferSelect;
export type RoundRow = typeof tableRounds.$inferSelect;
export type LineRow = typeof tableRoundLines.$inferSelect;

/** Open-table orders are browser orders of client type 203 (spec §4). */
export const OPEN_TABLE_CLIENT_TYPE = 203;

export const refuse = (reason: keyof typeof openTableMessages, params?: Record<string, string | number>) =>
  new BusinessError(openTableMessages[reason], params, { reason });

export interface TabEnv extends OrderEnv {
  db: Database;
}

/** The shop of the session, which must take open-table orders. */
export async function openTableShop(env: TabEnv): Promise<CatalogEntry> {
  const entry = await loadOrderShop(env, env.session.shopId);
  if (!entry.shop.row.orderTypes.includes('openTable')) throw refuse('openTableUnavailable');
  return entry;
}

/** The tab a guest of it names; anyone else (another table's guest, another shop) is told it is not found. */
export async function guestTab(db: Executor, session: Session, tabId: number): Promise<TabRow> {
  const [row] = await db
    .select({ tab: tableTabs })
    .from(tableTabs)
    .innerJoin(
      tableGuests,
      and(eq(tableGuests.tabId, tableTabs.id), eq(tableGuests.customerId, session.customerId)),
    )
    .where(and(eq(tableTabs.id, tabId), eq(tableTabs.shopId, session.shopId)));
  if (!row) throw refuse('tabNotFound');
  return row.tab;
}

/** The table's live tab when this customer is one of its guests (at the counter: their own), else null. */
export async function myLiveTab(db: Executor, tableId: number, customerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: tableTabs.id })
    .from(tableTabs)
    .innerJoin(tableGuests, and(eq(tableGuests.tabId, tableTabs.id), eq(tableGuests.customerId, customerId)))
    .where(and(eq(tableTabs.tableId, tableId), inArray(tableTabs.status, ['ordering', 'paying'])))
    .limit(1);
  return row?.id ?? null;
}

// The shop's live tabs as its staff work them (POST /merchant/api/table/tabs, `npm run merchant -- table
// tabs`): every tab still ordering or paying, its table, guests, timer, and its rounds newest first with the
// ids the kitchen's moves take. Read in four statements whatever the number of tabs.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CatalogueLocale, Locale } from '../../../src/domain/enums';
import type { MerchantTab } from '../../../src/domain/api/open-table';
import type { Executor } from '../../db/client';
import { tableGuests, tableRoundLines, tableRounds, tables, tableTabs, type Text } from '../../db/schema';
import { localize } from '../catalog/catalog';
import { guestNames } from './tab-pricing';

export async function shopTabs(
  db: Executor,
  shopId: number,
  locale: Locale,
  catalogueLocale: CatalogueLocale,
): Promise<MerchantTab[]> {
  const live = await db
    .select({ tab: tableTabs, tableName: tables.name, area: tables.area })
    .from(tableTabs)
    .innerJoin(tables, eq(tables.id, tableTabs.tableId))
    .where(and(eq(tableTabs.shopId, shopId), inArray(tableTabs.status, ['ordering', 'paying'])))
    .orderBy(asc(tables.name), asc(tableTabs.id));
  if (live.length === 0) return [];
  const ids = live.map((l) => l.tab.id);
  const [guests, rounds, lines] = await Promise.all([
    db.select().from(tableGuests).where(inArray(tableGuests.tabId, ids)).orderBy(asc(tableGuests.joinedAt)),
    db.select().from(tableRounds).where(inArray(tableRounds.tabId, ids)).orderBy(desc(tableRounds.id)),
    db
      .select()
      .from(tableRoundLines)
      .where(inArray(tableRoundLines.tabId, ids))
      .orderBy(asc(tableRoundLines.position)),
  ]);
  const text = (value: Text) => localize(value, catalogueLocale);
  const guestsOf = groupBy(guests, (g) => g.tabId);
  const roundsOf = groupBy(rounds, (r) => r.tabId);
  const linesOf = groupBy(lines, (l) => l.roundId);
  return live.map(({ tab, tableName, area }) => {
    const names = guestNames(guestsOf.get(tab.id) ?? [], locale);
    return {
      id: tab.id,
      orderNo: tab.orderNo,
      tableName,
      area: text(area as Text),
      counter: tab.counter,
      status: tab.status as MerchantTab['status'],
      person: tab.person,
      guests: [...names.values()],
      openedAt: tab.createdAt.toISOString(),
      timer: {
        startedAt: tab.timerStartedAt?.toISOString() ?? null,
        stoppedAt: tab.timerStoppedAt?.toISOString() ?? null,
      },
      rounds: (roundsOf.get(tab.id) ?? []).map((r) => ({
        id: r.id,
        guest: names.get(r.customerId) ?? '',
        state: r.state,
        note: r.note,
        createdAt: r.createdAt.toISOString(),
        lines: (linesOf.get(r.id) ?? []).map((l) => ({
          id: l.id,
          name: text(l.name),
          specName: l.specName ? text(l.specName) : null,
          tastes: l.tastes.map((t) => text(t.name)),
          quantity: l.quantity,
          state: l.state,
          reason: l.state === 'returned' ? l.returnedReason : r.state === 'rejected' ? r.reason : '',
        })),
      })),
    };
  });
}

/** Rows by a key, each group in the rows' order. */
function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

// The open-table tab (decisions T10–T32): one live tab per table, opened by the first guest who scans its
// code and joined by every later one (the partial unique index decides a race, never a read before an
// insert), or at the counter one tab per customer; rounds that guests send to the kitchen, append-only and
// idempotent per guest and key, each taking its stock in the transaction that writes it; and the tab as
// every phone at the table reads it (tab-view.ts).
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  TableAddProducts,
  TableCanPayInfo,
  TableOrder,
  TableRound,
  TableTabInfo,
} from '../../../src/domain/api/open-table';
import { isShopOpenNow, shopToday } from '../../../src/domain/hours';
import type { Executor } from '../../db/client';
import { tableGuests, tableRoundLines, tableRounds, tableTabs } from '../../db/schema';
import { reserveStock } from '../catalog/stock';
import { businessHoursText } from '../catalog/catalog-shop';
import { buildLine, mergeDemands, reject, stockError } from '../orders/orders';
import { requestHash } from '../orders/orders-store';
import { orderMessages } from '../orders/orders-messages';
import { resolveTable, type TableRow } from '../orders/tables';
import { setTableStatus } from './bill';
import { guestTab, openTableShop, refuse, type TabEnv } from './tab-access';
import { tabView } from './tab-view';

export type { TabEnv } from './tab-access';
export { tabView } from './tab-view';

/** "20261125-2-T2701-9f3a1c07": the shop's day, the shop, the table and 32 random bits (decision T15). */
const tabNumber = (day: string, shopId: number, tableId: number) =>
  `${day.replaceAll('-', '')}-${shopId}-T${tableId}-${randomBytes(4).toString('hex')}`;

/**
 * table/order: opens the table's tab, or joins the one already open (a second guest never opens a
 * second tab); the guest is the session's customer. The table goes from idle to ordering when the tab
 * opens, and its timer starts then when the table says so.
 */
export async function openOrJoinTab(env: TabEnv, input: TableOrder): Promise<TableTabInfo> {
  const entry = await openTableShop(env);
  const { db, session, now } = env;
  // A tab shows its guests' names and rounds and takes their orders onto one bill, so only the code printed
  // on the table opens or joins it, never a table id anyone can count through (decision T24).
  if (typeof input.tableId !== 'string') throw refuse('tableCodeRequired');
  const table = await resolveTable(db, session.shopId, input.tableId);
  if (!table) throw reject('tableNotFound', orderMessages.tableNotFound);
  if (input.person !== undefined && input.person > table.maxPerson)
    throw reject('headcountInvalid', orderMessages.headcountInvalid, { max: table.maxPerson });
  const settings = entry.shop.row.settings;
  // Only an open shop seats a new tab; a tab open at closing time keeps ordering (decision T16).
  if (!isShopOpenNow(settings, 'openTable', now))
    throw reject('shopClosed', orderMessages.shopClosed, {
      hours: businessHoursText(settings.businessTimeRange),
    });
  const tabId = await db.transaction(async (tx) => {
    const { id, opened } = await openOrFindLive(tx, env, table, input.person);
    const joined = await tx
      .insert(tableGuests)
      .values({ tabId: id, customerId: session.customerId, nickname: input.nickName ?? '', joinedAt: now })
      .onConflictDoNothing()
      .returning({ tabId: tableGuests.tabId });
    if (joined.length > 0 && !opened)
      await tx
        .update(tableTabs)
        .set({ version: sql`${tableTabs.version} + 1` })
        .where(eq(tableTabs.id, id));
    return id;
  });
  return tabView(env, entry, tabId);
}

const LIVE = sql`${tableTabs.status} in ('ordering', 'paying')`;

/**
 * Inserts the table's tab, or finds the live one when another insert won (the partial unique index decides,
 * T10). At the counter the tab is the customer's own, one live per customer (T32): their second scan finds
 * it, and nobody else ever joins it.
 */
async function openOrFindLive(
  tx: Executor,
  env: TabEnv,
  table: TableRow,
  person: number | undefined,
): Promise<{ id: number; opened: boolean }> {
  const { session, now } = env;
  const entry = await openTableShop(env);
  const { settings } = entry.shop.row;
  const counter = table.isCounter;
  // A guest joining names no headcount (the one who opened did); without one only a live tab is joined
  // (decision T50).
  if (person === undefined) {
    const live = await liveTabOf(tx, table, session.customerId);
    if (!live) throw refuse('headcountRequired');
    return { id: live.id, opened: false };
  }
  const [opened] = await tx
    .insert(tableTabs)
    .values({
      shopId: session.shopId,
      tableId: table.id,
      orderNo: tabNumber(shopToday(now, settings.timezone), session.shopId, table.id),
      person,
      eachFee: table.eachFee,
      feeType: table.feeType,
      currency: settings.currency,
      numberDecimals: settings.numberDecimals,
      timerStartedAt: table.timerOnOpen ? now : null,
      openedBy: session.customerId,
      counter,
      createdAt: now,
    })
    .onConflictDoNothing(
      counter
        ? { target: [tableTabs.tableId, tableTabs.openedBy], where: sql`${LIVE} and ${tableTabs.counter}` }
        : { target: tableTabs.tableId, where: sql`${LIVE} and not ${tableTabs.counter}` },
    )
    .returning({ id: tableTabs.id });
  if (opened) {
    await setTableStatus(tx, table.id, 1);
    return { id: opened.id, opened: true };
  }
  const live = await liveTabOf(tx, table, session.customerId);
  // The live tab was closed between the conflict and this read: the guest tries again.
  if (!live) throw refuse('tableBusy');
  return { id: live.id, opened: false };
}

/** The table's live tab; at the counter, only the customer's own (T32). */
async function liveTabOf(tx: Executor, table: TableRow, customerId: number) {
  const [live] = await tx
    .select({ id: tableTabs.id })
    .from(tableTabs)
    .where(
      and(
        eq(tableTabs.tableId, table.id),
        inArray(tableTabs.status, ['ordering', 'paying']),
        eq(tableTabs.counter, table.isCounter),
        table.isCounter ? eq(tableTabs.openedBy, customerId) : undefined,
      ),
    );
  return live ?? null;
}

class ReplayedRound extends Error {}

/**
 * table/userAddProducts: one round of a guest, checked against the catalogue like any order's lines and
 * written append-only with its stock, in one transaction that ends by bumping the tab's version while it is
 * still ordering (so a round never lands on a tab whose bill was asked for or that was closed).
 * The same guest's key answers with the first round; the same key with other dishes is refused.
 */
export async function addRound(env: TabEnv, input: TableAddProducts): Promise<TableTabInfo> {
  const entry = await openTableShop(env);
  const { db, session } = env;
  const tab = await guestTab(db, session, input.orderId);
  if (tab.status !== 'ordering') throw refuse('tabNotOrdering');

  const wanted = input.products.filter((p) => p.quantity > 0);
  if (wanted.length === 0) throw reject('emptyCart', orderMessages.emptyCart);
  const taxesById = new Map(entry.taxes.map((t) => [t.id, t]));
  const built = wanted.map((p) => buildLine(entry.catalogue, p, taxesById, env.catalogueLocale));
  const note = input.note ?? '';
  const hash = requestHash({ tab: tab.id, products: wanted, note });
  const key = input.idempotencyKey;
  const demands = mergeDemands(built.flatMap((b) => b.demands));

  try {
    await db.transaction(async (tx) => {
      const [round] = await tx
        .insert(tableRounds)
        .values({
          tabId: tab.id,
          customerId: session.customerId,
          idempotencyKey: key,
          requestHash: hash,
          note,
          reserved: demands.map((d) => ({
            productId: d.productId,
            specId: d.kind === 'spec' ? d.id : null,
            quantity: d.quantity,
          })),
        })
        .onConflictDoNothing()
        .returning({ id: tableRounds.id });
      // A replay: nothing of this attempt is kept.
      if (!round) throw new ReplayedRound();
      if (demands.length > 0) await reserveStock(tx, demands, env.catalogueLocale, stockError);
      await tx.insert(tableRoundLines).values(
        built.map((b, position) => ({
          roundId: round.id,
          tabId: tab.id,
          position,
          productId: b.snapshot.productId,
          specId: b.snapshot.specId ?? null,
          name: b.snapshot.name,
          specName: b.snapshot.specName ?? null,
          quantity: b.cart.quantity,
          tastes: b.snapshot.tastes ?? [],
          mealset: b.snapshot.mealset ?? [],
          cart: b.cart,
        })),
      );
      if (input.nickName)
        await tx
          .update(tableGuests)
          .set({ nickname: input.nickName })
          .where(and(eq(tableGuests.tabId, tab.id), eq(tableGuests.customerId, session.customerId)));
      // Last, so rounds of several guests wait on the tab's row only for this statement and the commit: a
      // bill asked for or a close that got the row first leaves the tab not ordering, and the round rolls back.
      const [live] = await tx
        .update(tableTabs)
        .set({ version: sql`${tableTabs.version} + 1` })
        .where(and(eq(tableTabs.id, tab.id), eq(tableTabs.status, 'ordering')))
        .returning({ id: tableTabs.id });
      if (!live) throw refuse('tabNotOrdering');
    });
  } catch (error) {
    if (!(error instanceof ReplayedRound)) throw error;
    const [first] = await db
      .select({ hash: tableRounds.requestHash })
      .from(tableRounds)
      .where(
        and(
          eq(tableRounds.tabId, tab.id),
          eq(tableRounds.customerId, session.customerId),
          eq(tableRounds.idempotencyKey, key),
        ),
      );
    if (first?.hash !== hash) throw refuse('roundReplayMismatch');
  }
  return tabView(env, entry, tab.id);
}

/** table/refreshOrder: the tab as every phone at the table shows it. */
export async function refreshTab(env: TabEnv, tabId: number): Promise<TableTabInfo> {
  const entry = await openTableShop(env);
  await guestTab(env.db, env.session, tabId);
  return tabView(env, entry, tabId);
}

/** table/userOrders: the tab's rounds, newest last. */
export async function tabRounds(env: TabEnv, tabId: number): Promise<{ rounds: TableRound[] }> {
  const entry = await openTableShop(env);
  await guestTab(env.db, env.session, tabId);
  const { rounds } = await tabView(env, entry, tabId);
  return { rounds };
}

/** table/canPay: the bill can be asked for while the tab is ordering, it comes to something (dishes or a
 * table fee), and the kitchen has answered every round. */
export async function canPayTab(env: TabEnv, tabId: number): Promise<TableCanPayInfo> {
  const entry = await openTableShop(env);
  await guestTab(env.db, env.session, tabId);
  const tab = await tabView(env, entry, tabId);
  if (tab.status !== 'ordering') return { canPay: false, reason: 'notOrdering' };
  const lines = tab.rounds.flatMap((r) => r.lines);
  if (lines.some((l) => l.state === 'submitting')) return { canPay: false, reason: 'roundSubmitting' };
  // A table that only sat still owes its table fee (T29); a bill of nothing (no dish, no fee, or only dishes
  // given free) has nothing to pay, and the staff close the tab.
  if (tab.total <= 0) return { canPay: false, reason: 'nothingOrdered' };
  return { canPay: true, reason: null };
}

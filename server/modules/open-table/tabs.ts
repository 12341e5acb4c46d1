// The open-table tab (decisions T10–T29): one live tab per table, opened by the first guest who scans its
// code and joined by every later one (the partial unique index decides a race, never a read before an
// insert); rounds that guests send to the kitchen, append-only and idempotent per guest and key, each taking
// its stock in the transaction that writes it; and the tab as every phone at the table reads it, priced by
// the shared engine from the rounds the kitchen has not rejected or returned, with the hourly table fee
// from the server's clock.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  TAB_STATUS_CODES,
  type TableAddProducts,
  type TableCanPayInfo,
  type TableConfirmInfo,
  type TableOrder,
  type TableRound,
  type TableTabInfo,
} from '../../../src/domain/api/open-table';
import type { CatalogueLocale, Locale } from '../../../src/domain/enums';
import { isShopOpenNow } from '../../../src/domain/hours';
import { parsePricingInput, priceOrder } from '../../../src/pricing';
import type { Database, Executor } from '../../db/client';
import {
  orders,
  tableGuests,
  tableRoundLines,
  tableRounds,
  tables,
  tableTabs,
  type Text,
} from '../../db/schema';
import { BusinessError, type Session } from '../../http/action';
import { translate } from '../../i18n';
import { reserveStock } from '../catalog/stock';
import { localize } from '../catalog/catalog';
import { businessHoursText, payOptions } from '../catalog/catalog-shop';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { runningPriceActivities } from '../coupons/activities';
import { pricingShopOf } from '../orders/delivery';
import {
  buildLine,
  loadOrderShop,
  localDate,
  mergeDemands,
  orderAmounts,
  reject,
  stockError,
  type OrderEnv,
  type OrderValues,
  type PreparedOrder,
} from '../orders/orders';
import { closeOrder } from '../orders/order-life';
import { requestHash, submitOrders } from '../orders/orders-store';
import { orderMessages } from '../orders/orders-messages';
import { resolveTable } from '../orders/tables';
import { guestLabel, openTableMessages } from './open-table-messages';

type TabRow = typeof tableTabs.$inferSelect;
type RoundRow = typeof tableRounds.$inferSelect;
type LineRow = typeof tableRoundLines.$inferSelect;

/** Open-table orders are browser orders of client type 203 (spec §4). */
const OPEN_TABLE_CLIENT_TYPE = 203;

const refuse = (reason: keyof typeof openTableMessages, params?: Record<string, string | number>) =>
  new BusinessError(openTableMessages[reason], params, { reason });

export interface TabEnv extends OrderEnv {
  db: Database;
}

/** The shop of the session, which must take open-table orders. */
async function openTableShop(env: TabEnv): Promise<CatalogEntry> {
  const entry = await loadOrderShop(env, env.session.shopId);
  if (!entry.shop.row.orderTypes.includes('openTable')) throw refuse('openTableUnavailable');
  return entry;
}

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
  if (input.person > table.maxPerson)
    throw reject('headcountInvalid', orderMessages.headcountInvalid, { max: table.maxPerson });
  const settings = entry.shop.row.settings;
  // Only an open shop seats a new tab; a tab open at closing time keeps ordering (decision T16).
  if (!isShopOpenNow(settings, 'openTable', now))
    throw reject('shopClosed', orderMessages.shopClosed, {
      hours: businessHoursText(settings.businessTimeRange),
    });
  const tabId = await db.transaction(async (tx) => {
    const [opened] = await tx
      .insert(tableTabs)
      .values({
        shopId: session.shopId,
        tableId: table.id,
        orderNo: tabNumber(localDate(now, settings.timezone), session.shopId, table.id),
        person: input.person,
        eachFee: table.eachFee,
        feeType: table.feeType,
        currency: settings.currency,
        numberDecimals: settings.numberDecimals,
        timerStartedAt: table.timerOnOpen ? now : null,
        openedBy: session.customerId,
        createdAt: now,
      })
      .onConflictDoNothing({
        target: tableTabs.tableId,
        where: sql`${tableTabs.status} in ('ordering', 'paying')`,
      })
      .returning({ id: tableTabs.id });
    let id = opened?.id;
    if (id !== undefined) {
      await tx.update(tables).set({ status: 1 }).where(eq(tables.id, table.id));
    } else {
      const [live] = await tx
        .select({ id: tableTabs.id })
        .from(tableTabs)
        .where(and(eq(tableTabs.tableId, table.id), inArray(tableTabs.status, ['ordering', 'paying'])));
      // The live tab was closed between the conflict and this read: the guest tries again.
      if (!live) throw refuse('tableBusy');
      id = live.id;
    }
    const joined = await tx
      .insert(tableGuests)
      .values({ tabId: id, customerId: session.customerId, nickname: input.nickName ?? '', joinedAt: now })
      .onConflictDoNothing()
      .returning({ tabId: tableGuests.tabId });
    if (joined.length > 0 && opened === undefined)
      await tx
        .update(tableTabs)
        .set({ version: sql`${tableTabs.version} + 1` })
        .where(eq(tableTabs.id, id));
    return id;
  });
  return tabView(env, entry, tabId);
}

/** The tab a guest of it names; anyone else (another table's guest, another shop) is told it is not found. */
async function guestTab(db: Executor, session: Session, tabId: number): Promise<TabRow> {
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

/** table/canPay: the bill can be asked for while the tab is ordering, something is ordered and the kitchen
 * has answered every round. */
export async function canPayTab(env: TabEnv, tabId: number): Promise<TableCanPayInfo> {
  const entry = await openTableShop(env);
  await guestTab(env.db, env.session, tabId);
  const tab = await tabView(env, entry, tabId);
  if (tab.status !== 'ordering') return { canPay: false, reason: 'notOrdering' };
  const lines = tab.rounds.flatMap((r) => r.lines);
  if (lines.some((l) => l.state === 'submitting')) return { canPay: false, reason: 'roundSubmitting' };
  if (!lines.some((l) => l.state !== 'rejected' && l.state !== 'returned'))
    return { canPay: false, reason: 'nothingOrdered' };
  return { canPay: true, reason: null };
}

/**
 * table/confirm: the bill is asked for (decision T21), in three steps each safe to repeat: the tab stops
 * ordering (its fee frozen at this instant, whoever asked noted as the payer); the order that pays it is
 * written from the lines the kitchen accepted, priced as the tab is, under an idempotency key made of the
 * tab and that instant; the tab names the order and its table goes to status 2. A call that finds the tab
 * paying (another guest asked, or a step failed half-way) finishes the same steps and answers the same
 * order. Refused while a round waits for the kitchen or when nothing was ordered.
 */
export async function confirmTab(env: TabEnv, tabId: number): Promise<TableConfirmInfo> {
  const entry = await openTableShop(env);
  const { db, session, now } = env;
  let tab = await guestTab(db, session, tabId);
  if (tab.status === 'ordering') {
    const payable = await canPayTab(env, tabId);
    if (!payable.canPay) throw refuse(payable.reason === 'notOrdering' ? 'tabNotOrdering' : payable.reason!);
    const [paying] = await db
      .update(tableTabs)
      .set({
        status: 'paying',
        billAt: now,
        billBy: session.customerId,
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
  const orderId = tab.orderId ?? (await writeTabOrder(env, entry, tab));
  return confirmed(env, entry, tab.id, orderId);
}

/** Writes (or finds, on a repeat) the order that pays a paying tab and links it. */
async function writeTabOrder(env: TabEnv, entry: CatalogEntry, tab: TabRow): Promise<number> {
  const { db } = env;
  const [rounds, lines] = await Promise.all([
    db.select().from(tableRounds).where(eq(tableRounds.tabId, tab.id)),
    db
      .select()
      .from(tableRoundLines)
      .where(eq(tableRoundLines.tabId, tab.id))
      .orderBy(asc(tableRoundLines.roundId), asc(tableRoundLines.position)),
  ]);
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  const billedLines = lines.filter((l) => billed(roundById.get(l.roundId)!, l));
  const payer = tab.billBy ?? tab.openedBy;
  const prepared = await tabOrder(env, entry, tab, rounds, billedLines, payer);
  const billAt = tab.billAt!.getTime();
  const result = await submitOrders(db, {
    customerId: payer,
    key: `tab-${tab.id}-${billAt.toString(36)}`,
    hash: requestHash({ tab: tab.id, billAt }),
    prepared: [prepared],
    locale: env.catalogueLocale,
    now: env.now,
  });
  const orderId = result.orderIds[0]!;
  await db.transaction(async (tx) => {
    const [linked] = await tx
      .update(tableTabs)
      .set({ orderId })
      .where(and(eq(tableTabs.id, tab.id), eq(tableTabs.status, 'paying'), isNull(tableTabs.orderId)))
      .returning({ tableId: tableTabs.tableId });
    if (linked) await tx.update(tables).set({ status: 2 }).where(eq(tables.id, linked.tableId));
  });
  return orderId;
}

async function confirmed(
  env: TabEnv,
  entry: CatalogEntry,
  tabId: number,
  orderId: number,
): Promise<TableConfirmInfo> {
  const [order] = await env.db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return {
    tab: await tabView(env, entry, tabId),
    orderId,
    payer: order?.customerId === env.session.customerId,
  };
}

/**
 * table/cancelPay: back to ordering before anything was paid. The tab's unpaid order is closed as its
 * owner would close it (a payment still processing keeps it), and the tab follows (tab-orders.ts).
 */
export async function cancelTabPay(env: TabEnv, tabId: number): Promise<TableTabInfo> {
  const entry = await openTableShop(env);
  const tab = await guestTab(env.db, env.session, tabId);
  if (tab.status !== 'paying') throw refuse('tabNotPaying');
  if (tab.orderId === null) {
    // The bill was asked for but its order never written: nothing to close, the tab orders again.
    await env.db
      .update(tableTabs)
      .set({ status: 'ordering', billAt: null, billBy: null, version: sql`${tableTabs.version} + 1` })
      .where(and(eq(tableTabs.id, tab.id), eq(tableTabs.status, 'paying'), isNull(tableTabs.orderId)));
    return tabView(env, entry, tab.id);
  }
  const [order] = await env.db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, tab.orderId));
  await closeOrder(env.db, order!.customerId, tab.orderId, env.now);
  return tabView(env, entry, tab.id);
}

/** The order that pays the tab: its billed lines as order lines, priced as the tab is at the bill. */
async function tabOrder(
  env: TabEnv,
  entry: CatalogEntry,
  tab: TabRow,
  rounds: RoundRow[],
  lines: LineRow[],
  payer: number,
): Promise<PreparedOrder> {
  const { now } = env;
  const { row: shop } = entry.shop;
  const pricing = await priceTab(env, entry, tab, rounds, lines);
  const option = payOptions(shop, entry.memberSetting, env.locale, env.catalogueLocale).find((o) =>
    o.orderTypes.includes('openTable'),
  );
  if (!option) throw refuse('openTableUnavailable');
  const [table] = await env.db.select().from(tables).where(eq(tables.id, tab.tableId));
  const values: OrderValues = {
    shopId: tab.shopId,
    customerId: payer,
    // The payer's card is chosen when paying (order/pay); the tab itself is priced for everyone (T19).
    memberId: null,
    orderType: 'openTable',
    clientTypeCode: OPEN_TABLE_CLIENT_TYPE,
    source: 'openTable',
    status: 'nopay',
    payType: option.payType,
    payTypeId: option.id,
    currency: tab.currency,
    numberDecimals: tab.numberDecimals,
    ...orderAmounts(pricing),
    note: tab.note,
    contact: null,
    distance: null,
    tableId: tab.tableId,
    tableName: table?.name ?? null,
    tableArea: table?.area ?? null,
    person: tab.person,
    deliveryTime: null,
    pickupTime: null,
    isPickerPack: false,
    businessDate: localDate(now, shop.settings.timezone),
    // The rounds took the stock: cancelling this order must not give it back a second time.
    reserved: [],
    createdAt: now,
    statusChangedAt: now,
    payDeadlineAt: new Date(now.getTime() + shop.payWindowMinutes * 60_000),
    couponId: null,
    limitCardId: null,
    activityUnits: 0,
  };
  const orderLines = lines.map((l, position) => {
    const priced = pricing.lines.find((p) => p.flag === flagOf(l))!;
    return {
      productId: l.productId,
      specId: l.specId,
      name: l.name,
      specName: l.specName,
      tastes: l.tastes,
      mealset: l.mealset,
      position,
      quantity: l.quantity,
      unitPrice: priced.listUnitPrice,
      amount: priced.net,
    };
  });
  return {
    shopId: tab.shopId,
    shopName: shop.name,
    values,
    lines: orderLines,
    demands: [],
    pricing,
    unitCounts: [],
  };
}

/** What a line shows: its round's answer until the kitchen accepted it, then its own state. */
function shownState(round: RoundRow, line: LineRow): TableRound['lines'][number]['state'] {
  if (round.state === 'submitted') return 'submitting';
  if (round.state === 'rejected') return 'rejected';
  return line.state;
}

/** A line counts toward the bill unless the kitchen rejected its round or returned it. */
const billed = (round: RoundRow, line: LineRow) => round.state !== 'rejected' && line.state !== 'returned';

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
  const [guests, rounds, lines] = await Promise.all([
    db.select().from(tableGuests).where(eq(tableGuests.tabId, tabId)).orderBy(asc(tableGuests.joinedAt)),
    db.select().from(tableRounds).where(eq(tableRounds.tabId, tabId)).orderBy(asc(tableRounds.id)),
    db
      .select()
      .from(tableRoundLines)
      .where(eq(tableRoundLines.tabId, tabId))
      .orderBy(asc(tableRoundLines.roundId), asc(tableRoundLines.position)),
  ]);
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
  const { totals, taxes, fees } = pricing;
  const end = timerEnd(tab, now);
  return {
    bill: null,
    isCounter: false,
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
    fTaxAmount: taxes.added + taxes.included,
    fRoundingAmount: totals.rounding,
    fReceivedAmount: tab.status === 'paid' ? totals.total : 0,
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

/** Each guest's own name, or "Guest n" in the order they joined. */
function guestNames(guests: (typeof tableGuests.$inferSelect)[], locale: Locale): Map<number, string> {
  return new Map(
    guests.map((g, i) => [g.customerId, g.nickname || translate(locale, guestLabel, { n: i + 1 })]),
  );
}

const flagOf = (line: LineRow) => `l${line.id}`;

/** Where the fee stops: when the bill was asked for, else when the timer stopped, else now. */
function timerEnd(tab: TabRow, now: Date): Date | null {
  if (!tab.timerStartedAt) return null;
  return tab.billAt ?? tab.timerStoppedAt ?? now;
}

/**
 * The bill, from the lines the kitchen has not rejected or returned. It is one bill for every phone: no
 * member price or member discount of whoever reads it (decision T19); the shop's price activities apply.
 */
async function priceTab(env: TabEnv, entry: CatalogEntry, tab: TabRow, rounds: RoundRow[], lines: LineRow[]) {
  const { settings } = entry.shop.row;
  const roundById = new Map(rounds.map((r) => [r.id, r]));
  const counted = lines.filter((l) => billed(roundById.get(l.roundId)!, l));
  const today = localDate(env.now, settings.timezone);
  const end = timerEnd(tab, env.now);
  return priceOrder(
    parsePricingInput({
      shop: pricingShopOf(tab.shopId, settings),
      memberSetting: { isOpenDiscount: false, discountMode: 1, isOnlyCardPayForDiscount: false },
      orderType: 'openTable',
      clientTypeCode: OPEN_TABLE_CLIENT_TYPE,
      payType: null,
      member: null,
      lines: counted.map((l) => ({ ...l.cart, flag: flagOf(l), quantity: l.quantity })),
      activities: await runningPriceActivities(
        env.db,
        { shopId: tab.shopId, chainId: entry.shop.row.chainId, today },
        env.catalogueLocale as CatalogueLocale,
      ),
      tableware: null,
      openTable:
        tab.timerStartedAt && end
          ? {
              startAt: tab.timerStartedAt.getTime(),
              endAt: end.getTime(),
              eachFee: tab.eachFee,
              feeType: tab.feeType,
            }
          : null,
      today,
    }),
  );
}

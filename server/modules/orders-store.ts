// Writing and reading orders. A submit is one transaction: claim the idempotency key, reserve stock, take
// the day sequence numbers and insert the orders with their lines; any failure rolls all of it back. A
// key already claimed (a retry, or a racing duplicate that waited on the unique index until the first
// committed) answers with the first submit's orders instead.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderDetail, OrderLine, OrderPayment, OrderSummary } from '../../src/domain/api/order';
import { customerActions } from '../../src/domain/order-life';
import { PaymentResult, type CatalogueLocale, type OrderStatus } from '../../src/domain/enums';
import { prepared, type Database, type Executor, type Tx } from '../db/client';
import {
  orderDayCounters,
  orderLines,
  orderRequests,
  orders,
  payments,
  shops,
  type OrderLineRow,
  type OrderRow,
  type PaymentRow,
  type Text,
} from '../db/schema';
import { BusinessError } from '../http/action';
import { localize } from './catalog';
import { reject, stockError, type PreparedOrder } from './orders';
import { orderMessages } from './orders-messages';
import { reserveStock } from './stock';

/** sha256 of a payload with its keys in a stable order. */
export function requestHash(payload: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, canonical(v)]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(payload)))
    .digest('hex');
}

/** "20260302-1-0007": the shop's day, the shop and its day sequence number; unique by construction. */
export const orderNumber = (businessDate: string, shopId: number, daySeq: number) =>
  `${businessDate.replaceAll('-', '')}-${shopId}-${String(daySeq).padStart(4, '0')}`;

export interface SubmitResult {
  orderIds: number[];
  replayed: boolean;
  /** A new submit's orders as written. */
  written?: WrittenOrder[];
}

/** The order ids of an earlier submit with this key, or null; a different payload is refused. */
export async function findSubmitted(
  db: Executor,
  customerId: number,
  key: string,
  hash: string,
): Promise<number[] | null> {
  const [request] = await db
    .select()
    .from(orderRequests)
    .where(and(eq(orderRequests.customerId, customerId), eq(orderRequests.idempotencyKey, key)));
  if (!request) return null;
  if (request.requestHash !== hash) throw reject('idempotencyConflict', orderMessages.idempotencyConflict);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.requestId, request.id))
    .orderBy(asc(orders.id));
  return rows.map((r) => r.id);
}

/** The orders a new submit wrote, as written: its reply needs no read. */
export interface WrittenOrder {
  row: OrderRow;
  lines: OrderLineRow[];
  shopName: Text;
}

/**
 * The submit's writes, a fixed number of statements however many orders and lines it has: the key, the
 * stock (two per table), the day counters of every shop, the orders, the lines. The counters are taken
 * last but two, so each shop's counter row is held only for the orders' and lines' inserts and the commit.
 */
async function writeSubmit(tx: Tx, args: SubmitArgs): Promise<WrittenOrder[] | null> {
  const [request] = await tx
    .insert(orderRequests)
    .values({
      customerId: args.customerId,
      idempotencyKey: args.key,
      requestHash: args.hash,
      createdAt: args.now,
    })
    .onConflictDoNothing({ target: [orderRequests.customerId, orderRequests.idempotencyKey] })
    .returning({ id: orderRequests.id });
  if (!request) return null;

  await reserveStock(
    tx,
    args.prepared.flatMap((p) => p.demands),
    args.locale,
    stockError,
  );

  // One row per shop, locked in shop order like every other submit.
  const days = new Map(args.prepared.map((p) => [p.shopId, p.values.businessDate]));
  const counters = await tx
    .insert(orderDayCounters)
    .values(
      [...days]
        .sort(([a], [b]) => a - b)
        .map(([shopId, businessDate]) => ({ shopId, businessDate, last: 1 })),
    )
    .onConflictDoUpdate({
      target: [orderDayCounters.shopId, orderDayCounters.businessDate],
      set: { last: sql`${orderDayCounters.last} + 1` },
    })
    .returning({ shopId: orderDayCounters.shopId, last: orderDayCounters.last });
  const seqByShop = new Map(counters.map((c) => [c.shopId, c.last]));

  // Inserted in the carts' order, so their ids (and a replay) keep that order.
  const rows = await tx
    .insert(orders)
    .values(
      args.prepared.map((prepared) => {
        const daySeq = seqByShop.get(prepared.shopId)!;
        return {
          ...prepared.values,
          requestId: request.id,
          daySeq,
          orderNo: orderNumber(prepared.values.businessDate, prepared.shopId, daySeq),
        };
      }),
    )
    .returning();
  const lines = await tx
    .insert(orderLines)
    .values(args.prepared.flatMap((p, i) => p.lines.map((line) => ({ ...line, orderId: rows[i]!.id }))))
    .returning();
  return rows.map((row, i) => ({
    row,
    lines: lines.filter((l) => l.orderId === row.id).sort((a, b) => a.position - b.position),
    shopName: args.prepared[i]!.shopName,
  }));
}

interface SubmitArgs {
  customerId: number;
  key: string;
  hash: string;
  prepared: PreparedOrder[];
  locale: CatalogueLocale;
  now: Date;
}

export async function submitOrders(db: Database, args: SubmitArgs): Promise<SubmitResult> {
  const written = await db.transaction((tx) => writeSubmit(tx, args));
  if (written) return { orderIds: written.map((w) => w.row.id), replayed: false, written };
  const ids = await findSubmitted(db, args.customerId, args.key, args.hash);
  return { orderIds: ids ?? [], replayed: true };
}

/** The reply's orders: those a new submit wrote as they were written, a replay's as read now. */
export async function submittedDetails(
  db: Executor,
  customerId: number,
  result: SubmitResult,
  view: OrderView,
): Promise<OrderDetail[]> {
  if (!result.written) return orderDetails(db, customerId, result.orderIds, view);
  return result.written.map((w) => toDetail({ ...w, payment: null }, view));
}

// ---- reading ----------------------------------------------------------------------------------------

interface Loaded {
  row: OrderRow;
  lines: OrderLineRow[];
  shopName: Text;
  /** The newest payment attempt. */
  payment: PaymentRow | null;
}

/** How an order is read: the catalogue language of its names and the instant its actions are judged at. */
export interface OrderView {
  locale: CatalogueLocale;
  now: Date;
}

async function loadOrders(
  db: Executor,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<Loaded[]> {
  const base = db
    .select({ order: orders, shopName: shops.name })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const rows = await (page ? base.limit(page.limit).offset(page.offset) : base);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const attempts = await db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(payments.id));
  const latest = new Map(attempts.map((p) => [p.orderId, p]));
  return rows.map((r) => ({
    row: r.order,
    shopName: r.shopName,
    lines: lines.filter((l) => l.orderId === r.order.id),
    payment: latest.get(r.order.id) ?? null,
  }));
}

function toLine(line: OrderLineRow, locale: CatalogueLocale): OrderLine {
  return {
    id: line.id,
    productId: line.productId,
    specId: line.specId,
    name: localize(line.name, locale),
    specName: line.specName ? localize(line.specName, locale) : null,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: line.amount,
    tastes: line.tastes.map((t) => ({ id: t.id, name: localize(t.name, locale), quantity: t.quantity })),
    mealset: line.mealset.map((m) => ({
      productId: m.productId,
      name: localize(m.name, locale),
      quantity: m.quantity,
    })),
  };
}

export function toPayment(p: PaymentRow): OrderPayment {
  return {
    id: p.id,
    result: PaymentResult[p.state],
    state: p.state,
    payType: p.payType,
    settlement: p.settlement,
    gateway: p.gateway,
    tradeNo: p.tradeNo,
    amount: p.amount,
    fromBalance: p.fromBalance,
    fromGift: p.fromGift,
    failReason: p.failReason,
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
  };
}

function toSummary({ row, lines, shopName, payment }: Loaded, { locale, now }: OrderView): OrderSummary {
  return {
    id: row.id,
    orderNo: row.orderNo,
    shopId: row.shopId,
    shopName: localize(shopName, locale),
    orderType: row.orderType as OrderSummary['orderType'],
    source: row.source,
    clientTypeCode: row.clientTypeCode,
    status: row.status,
    payType: row.payType,
    payTypeId: row.payTypeId,
    daySeq: row.daySeq,
    businessDate: row.businessDate,
    currency: row.currency,
    numberDecimals: row.numberDecimals,
    amounts: {
      list: row.listAmount,
      productDiscount: row.productDiscount,
      goods: row.goodsAmount,
      activityDiscount: row.activityDiscount,
      couponDiscount: row.couponDiscount,
      goodsNet: row.goodsNet,
      deliveryFee: row.deliveryFee,
      packingFee: row.packingFee,
      dishwareFee: row.dishwareFee,
      serviceCharge: row.serviceCharge,
      fees: row.feesAmount,
      taxAdded: row.taxAdded,
      taxIncluded: row.taxIncluded,
      rounding: row.rounding,
      total: row.total,
    },
    note: row.note,
    contact: row.contact,
    distance: row.distance,
    table:
      row.tableId !== null
        ? { id: row.tableId, name: row.tableName ?? '', areaName: localize(row.tableArea, locale) }
        : null,
    person: row.person,
    deliveryTime: row.deliveryTime,
    pickupTime: row.pickupTime,
    isPickerPack: row.isPickerPack,
    lines: lines.map((l) => toLine(l, locale)),
    createdAt: row.createdAt.toISOString(),
    payDeadlineAt: row.payDeadlineAt.toISOString(),
    payment: payment ? toPayment(payment) : null,
    paid: row.paid,
    statusChangedAt: row.statusChangedAt.toISOString(),
    rider: row.rider,
    refundAmount: row.refundAmount,
    merchantReason: row.merchantReason,
    actions: customerActions(
      {
        status: row.status,
        orderType: row.orderType,
        settlement: row.settlement,
        paid: row.paid,
        paymentProcessing: payment?.state === 'processing',
        payDeadlineAt: row.payDeadlineAt,
      },
      now,
    ),
  };
}

const toDetail = (loaded: Loaded, view: OrderView): OrderDetail => ({
  ...toSummary(loaded, view),
  pricing: loaded.row.pricing,
  readAt: view.now.toISOString(),
});

/**
 * The detail of an order from the row and payment its caller just wrote in its own transaction: only the
 * lines are read (one statement), where orderDetail would read the order and its payments again.
 */
export async function detailOfWritten(
  db: Database,
  written: { row: OrderRow; shopName: Text; payment: PaymentRow | null },
  view: OrderView,
): Promise<OrderDetail> {
  const lines = await prepared(db, 'order_lines_of', linesOfOrder).execute({ orderId: written.row.id });
  return toDetail({ ...written, lines }, view);
}

const linesOfOrder = (db: Database) =>
  db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderLines.position))
    .prepare('order_lines_of');

/** Orders of this customer, in the order of `ids`. */
export async function orderDetails(
  db: Executor,
  customerId: number,
  ids: number[],
  view: OrderView,
): Promise<OrderDetail[]> {
  if (ids.length === 0) return [];
  const loaded = await loadOrders(db, and(eq(orders.customerId, customerId), inArray(orders.id, ids))!);
  const byId = new Map(loaded.map((l) => [l.row.id, toDetail(l, view)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The order if it is this customer's; anyone else's id reads exactly like a missing one (404). */
export async function orderDetail(
  db: Executor,
  customerId: number,
  id: number,
  view: OrderView,
): Promise<OrderDetail> {
  const [detail] = await orderDetails(db, customerId, [id], view);
  if (!detail)
    throw new BusinessError(orderMessages.orderNotFound, undefined, { reason: 'orderNotFound' }, 404);
  return detail;
}

export async function listOrders(
  db: Executor,
  args: {
    customerId: number;
    shopId: number | null;
    statuses: OrderStatus[] | undefined;
    page: number;
    pageLimit: number;
    view: OrderView;
  },
) {
  const where = and(
    eq(orders.customerId, args.customerId),
    ...(args.shopId !== null ? [eq(orders.shopId, args.shopId)] : []),
    ...(args.statuses ? [inArray(orders.status, args.statuses)] : []),
  )!;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(where);
  const offset = (args.page - 1) * args.pageLimit;
  const loaded = await loadOrders(db, where, { limit: args.pageLimit, offset });
  return {
    list: loaded.map((l) => toSummary(l, args.view)),
    page: args.page,
    pageLimit: args.pageLimit,
    total,
    hasMore: offset + loaded.length < total,
  };
}

export async function lastOrder(
  db: Executor,
  customerId: number,
  shopId: number,
  view: OrderView,
): Promise<OrderSummary | null> {
  const [loaded] = await loadOrders(db, and(eq(orders.customerId, customerId), eq(orders.shopId, shopId))!, {
    limit: 1,
    offset: 0,
  });
  return loaded ? toSummary(loaded, view) : null;
}

// Writing and reading orders. A submit is one transaction: claim the idempotency key, reserve stock, take
// the day sequence numbers and insert the orders with their lines; any failure rolls all of it back. A
// key already claimed (a retry, or a racing duplicate that waited on the unique index until the first
// committed) answers with the first submit's orders instead.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderDetail, OrderLine, OrderPayment, OrderSummary } from '../../src/domain/api/order';
import { customerActions } from '../../src/domain/order-life';
import { PaymentResult, type CatalogueLocale, type OrderStatus } from '../../src/domain/enums';
import type { Database, Executor } from '../db/client';
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

export async function submitOrders(
  db: Database,
  args: {
    customerId: number;
    key: string;
    hash: string;
    prepared: PreparedOrder[];
    locale: CatalogueLocale;
    now: Date;
  },
): Promise<SubmitResult> {
  const created = await db.transaction(async (tx) => {
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

    // Counter rows are locked in shop order, after the stock rows, like every other submit; the orders
    // are then inserted in the carts' order, so their ids (and a replay) keep that order.
    const seqByShop = new Map<number, number>();
    for (const prepared of [...args.prepared].sort((a, b) => a.shopId - b.shopId)) {
      const [counter] = await tx
        .insert(orderDayCounters)
        .values({ shopId: prepared.shopId, businessDate: prepared.values.businessDate, last: 1 })
        .onConflictDoUpdate({
          target: [orderDayCounters.shopId, orderDayCounters.businessDate],
          set: { last: sql`${orderDayCounters.last} + 1` },
        })
        .returning({ last: orderDayCounters.last });
      seqByShop.set(prepared.shopId, counter!.last);
    }
    const ids: number[] = [];
    for (const prepared of args.prepared) {
      const daySeq = seqByShop.get(prepared.shopId)!;
      const [order] = await tx
        .insert(orders)
        .values({
          ...prepared.values,
          requestId: request.id,
          daySeq,
          orderNo: orderNumber(prepared.values.businessDate, prepared.shopId, daySeq),
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(prepared.lines.map((line) => ({ ...line, orderId: order!.id })));
      ids.push(order!.id);
    }
    return ids;
  });
  if (created) return { orderIds: created, replayed: false };
  const ids = await findSubmitted(db, args.customerId, args.key, args.hash);
  return { orderIds: ids ?? [], replayed: true };
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

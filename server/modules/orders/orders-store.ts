// Writing and reading orders. A submit is atomic: claim the idempotency key, reserve stock, take the day
// sequence numbers and insert the orders with their lines; any failure rolls all of it back. A
// key already claimed (a retry, or a racing duplicate that waited on the unique index until the first
// committed) answers with the first submit's orders instead.
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderDetail, OrderLine, OrderPayment, OrderSummary } from '../../../src/domain/api/order';
import { customerActions } from '../../../src/domain/order-life';
import { PaymentResult, type CatalogueLocale, type OrderStatus } from '../../../src/domain/enums';
import { prepared, sessionPrepared, type Database, type Executor } from '../../db/client';
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
} from '../../db/schema';
import { databaseDefaulted, encodeRows, jsonRows, rowFromValues } from '../../db/values';
import { BusinessError } from '../../http/action';
import { localize } from '../catalog/catalog';
import { reject, stockError, type PreparedOrder } from './orders';
import { orderMessages } from './orders-messages';
import { reserveStock } from '../catalog/stock';
import { reserveActivityUnits } from '../coupons/activity-units';
import { reserveCoupon } from '../coupons/coupon-orders';
import { reserveLimitCard } from '../limit-cards/limit-card-orders';
import { changeStatus } from './order-status';
import { placeBooking } from '../appointments/place-booking';
import {
  appointmentViewsOf,
  toAppointmentInfo,
  type AppointmentView,
} from '../appointments/appointment-views';

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

/** Columns an order's submit fills from the statement itself rather than from the prepared values. */
const COMPUTED_ORDER_COLUMNS = new Set(['id', 'requestId', 'daySeq', 'orderNo']);

/**
 * What the submit reads back of its orders: what the database fills in (ids, the day number and order
 * number, defaults it computes such as `now()`) and the shop that matches each row to its prepared order.
 * The rest is what the process sent, and the lines come back as their ids alone (`writtenOrders`): at 50
 * lines, reading back and decoding the rows the process had just sent was most of what a long cart cost
 * more, and each column read back costs the driver its parsing on every submit.
 */
const RETURNED_ORDER_COLUMNS = (() => {
  const columns = getTableColumns(orders);
  const keys = new Set<string>(['shopId', ...COMPUTED_ORDER_COLUMNS, ...databaseDefaulted(orders)]);
  return Object.fromEntries(Object.entries(columns).filter(([key]) => keys.has(key))) as Pick<
    typeof columns,
    'id' | 'shopId' | 'requestId' | 'daySeq' | 'orderNo'
  >;
})();

/**
 * The submit's rows in one statement, whatever the number of orders and lines: the key claimed, the day
 * counters of its shops taken (in shop order, like every other submit), the orders and their lines
 * inserted, each part fed by the one before through data-modifying CTEs. A key already claimed makes the
 * counters, orders and lines select nothing: the statement writes nothing and returns no row. One
 * statement is atomic without a transaction; the counter rows are held only until it ends. Its text is
 * the same for every submit (the orders and lines are two JSON parameters), so it is a named prepared
 * statement, built once per database handle.
 */
function submitQuery(db: Executor) {
  const req = db.$with('req').as(
    db
      .insert(orderRequests)
      .values({
        customerId: sql.placeholder('customerId'),
        idempotencyKey: sql.placeholder('key'),
        requestHash: sql.placeholder('hash'),
        createdAt: sql`${sql.placeholder('now')}::timestamptz`,
      })
      .onConflictDoNothing({ target: [orderRequests.customerId, orderRequests.idempotencyKey] })
      .returning({ id: orderRequests.id }),
  );
  // A submit has one order per shop (a chain's carts): the shop names an order's counter and its lines.
  const o = jsonRows(orders, sql.placeholder('orders'), 'o');
  const cnt = db.$with('cnt', { shopId: orderDayCounters.shopId, last: orderDayCounters.last }).as(sql`
    insert into ${orderDayCounters} (shop_id, business_date, last)
    select ${o.column('shopId')}, ${o.column('businessDate')}, 1 from req, ${o.from}
    order by ${o.column('shopId')}
    on conflict (shop_id, business_date) do update set last = ${orderDayCounters}.last + 1
    returning shop_id, last`);
  const orderKeys = Object.keys(o.columns).filter((key) => !COMPUTED_ORDER_COLUMNS.has(key));
  const ord = db.$with('ord', RETURNED_ORDER_COLUMNS).as(sql`
    insert into ${orders} (${columnList(orderKeys.map((key) => o.columns[key]!.name))},
      request_id, day_seq, order_no)
    select ${sql.join(
      orderKeys.map((key) => o.column(key)),
      sql`, `,
    )}, req.id, cnt.last,
      replace(cnt_day.business_date, '-', '') || '-' || cnt.shop_id || '-' ||
        lpad(cnt.last::text, greatest(4, length(cnt.last::text)), '0')
    from req, ${o.from}
      cross join lateral (select ${o.column('shopId')} as shop_id, ${o.column('businessDate')} as business_date) cnt_day
      join cnt on cnt.shop_id = cnt_day.shop_id
    order by o.ordinal
    returning ${columnList(Object.values(RETURNED_ORDER_COLUMNS).map((column) => column.name))}`);
  const l = jsonRows(orderLines, sql.placeholder('lines'), 'l');
  const lineKeys = Object.keys(l.columns).filter((key) => key !== 'id');
  const lin = db.$with('lin', {
    id: orderLines.id,
    orderId: orderLines.orderId,
    position: orderLines.position,
  }).as(sql`
    insert into ${orderLines} (${columnList(lineKeys.map((key) => l.columns[key]!.name))})
    select ${sql.join(
      lineKeys.map((key) => (key === 'orderId' ? sql`ord.id` : l.column(key))),
      sql`, `,
    )}
    from ${l.from} join ord on ord.shop_id = ${l.column('orderId')}
    order by l.ordinal
    returning id, order_id, position`);
  // One row per order, its line ids in the lines' order as one JSON array: a join would repeat the order
  // on every line. The lines are aggregated apart from the orders in one aggregate that reads all of `lin`
  // (a subquery per order saw only part of it).
  const grouped = db
    .$with('grouped', {
      orderId: orderLines.orderId,
      lineIds: sql<number[]>`line_ids`.as('line_ids'),
    })
    .as(sql`select order_id, json_agg(id order by position) as line_ids from lin group by order_id`);
  // An order may have no line: an open table's bill with only its table fee (decision T29).
  return db
    .with(req, cnt, ord, lin, grouped)
    .select({
      ord: ord._.selectedFields,
      lineIds: sql<number[]>`coalesce(${grouped.lineIds}, '[]'::json)`,
    })
    .from(ord)
    .leftJoin(grouped, eq(grouped.orderId, ord.id))
    .prepare('order_submit');
}

function submitParams(args: SubmitArgs) {
  return {
    customerId: args.customerId,
    key: args.key,
    hash: args.hash,
    now: args.now.toISOString(),
    orders: encodeRows(
      orders,
      args.prepared.map((p) => p.values),
    ),
    // Until the statement gives each order its id, a line names its order by the order's shop.
    lines: encodeRows(
      orderLines,
      args.prepared.flatMap((p) => p.lines.map((line) => ({ ...line, orderId: p.shopId }))),
    ),
  };
}

const columnList = (names: string[]) =>
  sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );

/**
 * The submit's writes: the stock first when any is tracked (two statements per table) in a transaction
 * with the rest and the chosen coupons, else the one statement alone. Null when the key was already
 * claimed.
 */
async function writeSubmit(db: Database, args: SubmitArgs): Promise<WrittenOrder[] | null> {
  const demands = args.prepared.flatMap((p) => p.demands);
  const params = submitParams(args);
  const couponed = args.prepared.some(
    (p) =>
      p.values.couponId != null ||
      p.values.limitCardId != null ||
      p.unitCounts.length > 0 ||
      p.booking !== undefined,
  );
  const written =
    demands.length === 0 && !couponed
      ? writtenOrders(await sessionPrepared(db, 'order_submit', submitQuery).execute(params), args.prepared)
      : await db
          .transaction(async (tx) => {
            if (demands.length > 0) await reserveStock(tx, demands, args.locale, stockError);
            const written = writtenOrders(await submitQuery(tx).execute(params), args.prepared);
            // A replay gives back the stock it took.
            if (written.length === 0) throw new ReplayedSubmit();
            // The coupons after the orders: a coupon names the order that holds it (decision C25).
            for (const w of written) await reserveCoupon(tx, w.row, args.now);
            for (const w of written) {
              await reserveActivityUnits(tx, w.row.id, w.prepared.unitCounts);
              // An appointment's time, under the exclusion constraints: taken meanwhile rolls all back.
              if (w.prepared.booking) await placeBooking(tx, w.row, w.prepared.booking, args.now);
            }
            for (const w of written) {
              if (w.row.limitCardId === null) continue;
              await reserveLimitCard(tx, w.row, w.lines, args.now);
              w.row = await settledByLimitCard(tx, w.row, args.now);
            }
            return written;
          })
          .catch((error: unknown) => {
            if (error instanceof ReplayedSubmit) return [];
            throw error;
          });
  if (written.length === 0) return null;
  return written.map(({ row, lines, prepared }) => ({ row, lines, shopName: prepared.shopName }));
}

/**
 * The submit statement's rows as the orders and lines it wrote, in the order of `prepared`: what the
 * database generated (ids, day numbers, order numbers, defaults) from its rows, the rest from the values
 * the process sent. None when the key was already claimed.
 */
function writtenOrders(
  rows: { ord: Partial<OrderRow> & { id: number; shopId: number }; lineIds: number[] }[],
  prepared: PreparedOrder[],
): { row: OrderRow; lines: OrderLineRow[]; prepared: PreparedOrder }[] {
  if (rows.length === 0) return [];
  return prepared.map((p) => {
    const own = rows.find((r) => r.ord.shopId === p.shopId)!;
    const row = rowFromValues(orders, { ...p.values, ...own.ord } as typeof orders.$inferInsert);
    const lines = p.lines.map((line, i) =>
      rowFromValues(orderLines, { ...line, id: own.lineIds[i]!, orderId: row.id }),
    );
    return { row, lines, prepared: p };
  });
}

class ReplayedSubmit extends Error {}

/**
 * An order its limit card pays in full has nothing to collect: it is paid as it is placed (nopay → pending,
 * settled on the member card at 0), in the transaction that reserved the uses (decision M154).
 */
async function settledByLimitCard(tx: Executor, row: OrderRow, now: Date): Promise<OrderRow> {
  if (row.limitCardId === null || row.total !== 0) return row;
  const paid = await changeStatus(tx, {
    orderId: row.id,
    from: ['nopay'],
    to: 'pending',
    actor: 'customer',
    action: 'pay',
    now,
    set: { paid: true, paidAt: now, settlement: 'memberCard' },
  });
  return paid ?? row;
}

interface SubmitArgs {
  customerId: number;
  key: string;
  hash: string;
  prepared: PreparedOrder[];
  locale: CatalogueLocale;
  now: Date;
}

/**
 * Writes orders that take no stock, coupon, card, capped unit or booking in the caller's transaction (an
 * open table's bill part is taken in the same one as its order). Their ids, or [] when the key was claimed.
 */
export async function submitOrdersIn(tx: Executor, args: SubmitArgs): Promise<number[]> {
  const written = await submitQuery(tx).execute(submitParams(args));
  return written.map((w) => w.ord.id);
}

export async function submitOrders(db: Database, args: SubmitArgs): Promise<SubmitResult> {
  const written = await writeSubmit(db, args);
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
  const loaded = await withAppointments(
    db,
    result.written.map((w) => ({ ...w, payment: null })),
  );
  return loaded.map((l) => toDetail(l, view));
}

// ---- reading ----------------------------------------------------------------------------------------

interface Loaded {
  row: OrderRow;
  lines: OrderLineRow[];
  shopName: Text;
  /** The newest payment attempt. */
  payment: PaymentRow | null;
  /** An appointment order's booking. */
  appointment?: AppointmentView | undefined;
}

/** The bookings of the appointment orders among `loaded` (one statement, none without such an order). */
async function withAppointments<L extends Loaded>(db: Executor, loaded: L[]): Promise<L[]> {
  const ids = loaded.filter((l) => l.row.orderType === 'appointment').map((l) => l.row.id);
  if (ids.length === 0) return loaded;
  const views = await appointmentViewsOf(db, ids);
  return loaded.map((l) => ({ ...l, appointment: views.get(l.row.id) }));
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
  return withAppointments(
    db,
    rows.map((r) => ({
      row: r.order,
      shopName: r.shopName,
      lines: lines.filter((l) => l.orderId === r.order.id),
      payment: latest.get(r.order.id) ?? null,
    })),
  );
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

function toSummary(loaded: Loaded, { locale, now }: OrderView): OrderSummary {
  const { row, lines, shopName, payment } = loaded;
  const actions = customerActions(
    {
      status: row.status,
      orderType: row.orderType,
      settlement: row.settlement,
      paid: row.paid,
      paymentProcessing: payment?.state === 'processing',
      payDeadlineAt: row.payDeadlineAt,
    },
    now,
  );
  const serviceLine = lines[0];
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
    actions,
    appointment: loaded.appointment
      ? toAppointmentInfo(
          loaded.appointment,
          {
            order: row,
            shopName: localize(shopName, locale),
            line: serviceLine
              ? {
                  name: localize(serviceLine.name, locale),
                  specName: serviceLine.specName ? localize(serviceLine.specName, locale) : null,
                }
              : null,
            payable: actions.pay,
          },
          locale,
          now,
        )
      : null,
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
  const [loaded] = await withAppointments(db, [{ ...written, lines }]);
  return toDetail(loaded!, view);
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

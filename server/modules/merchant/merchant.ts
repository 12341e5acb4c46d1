// The merchant's side of an order's life: a shop's key opens its own orders only; each action moves an
// order along MERCHANT_TRANSITIONS (src/domain/order-life.ts) through changeStatus, so an action from the
// wrong status, or one that lost a race, changes nothing. Refusing or refunding a paid order gives the
// money back: to the member card in the same transaction as the status change, or through the gateway
// (outside any transaction) while the order waits in `refunding`, which the sweep finishes if this
// request does not (server/modules/orders/order-life.ts settleStalledRefunds).
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderSummary } from '../../../src/domain/api/order';
import type { MerchantAction, MerchantActionInput } from '../../../src/domain/api/order-life';
import type { CatalogueLocale, OrderStatus } from '../../../src/domain/enums';
import {
  allowedFrom,
  MERCHANT_TRANSITIONS,
  moneyBack,
  RIDER_STATE_AFTER,
} from '../../../src/domain/order-life';
import type { Database, Executor } from '../../db/client';
import { merchantKeys, orders, type OrderRow } from '../../db/schema';
import { BusinessError, HttpError } from '../../http/action';
import { merchantMessages } from './merchant-messages';
import { hashMerchantKey, isDemoMerchantKey } from './merchant-keys';
import { refundPaidByCard, refundPaidOnline } from './merchant-money';
import { earnPointsInTx, reversePointsInTx } from '../member-money/ledger';
import { finishRefunding } from '../orders/order-life';
import { changeStatus } from '../orders/order-status';
import { orderDetails, type OrderView } from '../orders/orders-store';

/** The key of an `Authorization: Bearer <key>` header, or null. */
export function bearerKey(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? null;
}

/**
 * The shop a bearer key belongs to, or null for a missing, unknown or revoked key, and for a public demo
 * key (`demo-merchant-<shopId>`) unless `demoKeys` (demo mode) allows it.
 */
export async function merchantShopOf(
  db: Executor,
  authorization: string | undefined,
  { demoKeys = false }: { demoKeys?: boolean } = {},
): Promise<number | null> {
  const key = bearerKey(authorization);
  if (key === null || (!demoKeys && isDemoMerchantKey(key))) return null;
  const [row] = await db
    .select({ shopId: merchantKeys.shopId })
    .from(merchantKeys)
    .where(and(eq(merchantKeys.keyHash, hashMerchantKey(key)), isNull(merchantKeys.revokedAt)));
  return row?.shopId ?? null;
}

/** Summaries (without the pricing detail) of these orders, in the order of `rows`. */
async function summaries(
  db: Executor,
  rows: Pick<OrderRow, 'id' | 'customerId'>[],
  view: OrderView,
): Promise<OrderSummary[]> {
  const byCustomer = new Map<number, number[]>();
  for (const r of rows) byCustomer.set(r.customerId, [...(byCustomer.get(r.customerId) ?? []), r.id]);
  const found = new Map<number, OrderSummary>();
  for (const [customerId, ids] of byCustomer) {
    for (const { pricing: _pricing, ...summary } of await orderDetails(db, customerId, ids, view)) {
      found.set(summary.id, summary);
    }
  }
  return rows.flatMap((r) => (found.has(r.id) ? [found.get(r.id)!] : []));
}

export async function listMerchantOrders(
  db: Executor,
  shopId: number,
  args: { status?: OrderStatus[]; page: number; pageLimit: number },
  view: OrderView,
): Promise<{ list: OrderSummary[]; total: number; hasMore: boolean }> {
  const where: SQL[] = [eq(orders.shopId, shopId)];
  if (args.status) where.push(inArray(orders.status, args.status));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(...where));
  const offset = (args.page - 1) * args.pageLimit;
  const rows = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(args.pageLimit)
    .offset(offset);
  return { list: await summaries(db, rows, view), total, hasMore: offset + rows.length < total };
}

export interface MerchantEnv {
  app: FastifyInstance;
  db: Database;
  shopId: number;
  now: Date;
  locale: CatalogueLocale;
  /** Names a status and an action in the request's language for refusal messages. */
  names: { status(status: OrderStatus): string; action(action: MerchantAction): string };
}

export interface MerchantOutcome {
  order: OrderSummary;
  /** The online refund was refused by the gateway: the order is now refund_fail. */
  refundFailed: boolean;
}

function wrongStatus(env: MerchantEnv, order: OrderRow, action: MerchantAction, status: OrderStatus) {
  const allowed = MERCHANT_TRANSITIONS[action].from;
  return new BusinessError(
    merchantMessages.wrongStatus,
    {
      orderNo: order.orderNo,
      status: env.names.status(status),
      action: env.names.action(action),
      allowed: allowed.map((s) => `"${env.names.status(s)}"`).join(' / '),
    },
    { reason: 'wrongStatus', orderNo: order.orderNo, status, allowed },
    409,
  );
}

async function currentStatus(db: Executor, id: number): Promise<OrderStatus> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

/** Applies one merchant action to one of the shop's orders, or refuses without changing anything. */
export async function merchantAct(
  env: MerchantEnv,
  action: MerchantAction,
  input: Omit<MerchantActionInput, 'orderNo'> & { orderNo: string },
): Promise<MerchantOutcome> {
  const { db, now } = env;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, input.orderNo), eq(orders.shopId, env.shopId)));
  if (!order) throw new HttpError(404, merchantMessages.orderNotFound, { orderNo: input.orderNo });
  if (!allowedFrom(action, order.status)) throw wrongStatus(env, order, action, order.status);
  if (action === 'assignRider' && !input.rider)
    throw new BusinessError(merchantMessages.riderRequired, undefined, { reason: 'riderRequired' }, 400);

  const transition = MERCHANT_TRANSITIONS[action];
  const rider = action === 'assignRider' ? input.rider! : order.rider;
  const to = transition.to({ orderType: order.orderType, hasRider: rider !== null, paid: order.paid });
  const riderState = RIDER_STATE_AFTER[action];
  const settles =
    action === 'complete' &&
    !order.paid &&
    (order.settlement === 'counter' || order.settlement === 'onDelivery');
  const givesBack = action === 'refuse' || action === 'refund';
  const money = givesBack ? moneyBack(order.settlement, order.paid) : 'none';
  const set: NonNullable<Parameters<typeof changeStatus>[1]['set']> = {
    ...(action === 'assignRider' ? { rider } : {}),
    ...(riderState && rider ? { riderState } : {}),
    ...(settles ? { paid: true, paidAt: now } : {}),
    ...(givesBack || action === 'deliveryException' ? { merchantReason: input.reason ?? '' } : {}),
    // Cash already collected is handed back at the counter; the amount is recorded all the same.
    ...(givesBack && order.paid && money !== 'gateway' ? { refundAmount: order.total } : {}),
  };
  const change = { orderId: order.id, from: transition.from, actor: 'merchant' as const, action, now };

  if (money !== 'gateway') {
    const changed = await db.transaction(async (tx) => {
      const row = await changeStatus(tx, { ...change, to, set });
      if (row && money === 'memberCard') await refundPaidByCard(tx, row, now);
      // Cash collected at the counter or on delivery is money arriving like any other (decision M94):
      // it earns the member's points, and money handed back takes them back (each once, by its key).
      if (row && settles) await earnPointsInTx(tx, row, now);
      // (A card refund reverses its points itself, in refundPaidByCard.)
      if (row && givesBack && order.paid && money === 'none') await reversePointsInTx(tx, row.id, now);
      return row;
    });
    if (!changed) throw wrongStatus(env, order, action, await currentStatus(db, order.id));
    return { order: await summaryOf(env, changed), refundFailed: false };
  }

  // Online: the order waits in `refunding` while the gateway is asked, outside any transaction. The
  // event committed here records the action, so if this request never gets to the end (the process
  // stops, a write fails) the sweep finishes the same transition after REFUND_GRACE_MS
  // (settleStalledRefunds); the gateway refund is idempotent, so its retry never pays back twice.
  const refunding = await db.transaction((tx) => changeStatus(tx, { ...change, to: 'refunding', set }));
  if (!refunding) throw wrongStatus(env, order, action, await currentStatus(db, order.id));
  const refunded = await refundPaidOnline(env.app, refunding);
  const settled = await finishRefunding(db, order, { refunded, to, actor: 'merchant', now });
  // Null: the sweep settled it while the gateway answered this request; show what it is now.
  const final = settled ?? (await rowOf(db, order.id));
  return { order: await summaryOf(env, final), refundFailed: final.status === 'refund_fail' };
}

async function rowOf(db: Executor, id: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function summaryOf(env: MerchantEnv, row: OrderRow): Promise<OrderSummary> {
  const [summary] = await summaries(env.db, [row], { locale: env.locale, now: env.now });
  return summary!;
}

// The customer's side of an order's life after it was placed: the unpaid deadline (expiry by the sweeper
// and lazily before this customer's reads), online refunds left in `refunding` (settled by the same
// sweep), cancelling an unpaid order, confirming a delivery, the rider and status history, and the
// ticket that opens the live status stream. Every status change goes through changeStatus
// (server/modules/orders/order-status.ts), whose order_events row wakes the stream when it commits.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DeliveryInfo, EventsTicketInfo, MerchantAction } from '../../../src/domain/api/order-life';
import type { OrderStatus } from '../../../src/domain/enums';
import { DELIVERING_STATUSES, MERCHANT_TRANSITIONS } from '../../../src/domain/order-life';
import type { Database, Executor } from '../../db/client';
import {
  orderEvents,
  orders,
  payments,
  sessions,
  streamTickets,
  type OrderRow,
  type PaymentRow,
} from '../../db/schema';
import { BusinessError, hashToken, type Session } from '../../http/action';
import { changeStatus } from './order-status';
import { orderLifeMessages } from './order-life-messages';
import { orderMessages } from './orders-messages';
import { releaseStock } from '../catalog/stock';
import { earnPointsInTx, reversePointsInTx } from '../member-money/ledger';

/** How long an events ticket opens the stream; EventSource reconnects reuse it, then the page asks anew. */
export const TICKET_TTL_MS = 2 * 60_000;

/**
 * Asks the gateway about an online payment still processing at its order's deadline and applies the
 * answer: `paid` (the success was applied, so the order left nopay), `cancelled` (the attempt was marked
 * expired, so the order may be cancelled) or `unknown` (the gateway could not be asked: try next sweep).
 */
export type DeadlineCheck = (payment: PaymentRow, now: Date) => Promise<'paid' | 'cancelled' | 'unknown'>;

export interface ExpiryOptions {
  /** Only this customer's orders (the lazy call before their reads). */
  customerId?: number;
  /** Only this shop's orders (before the merchant's list). */
  shopId?: number;
  /** Asks the gateway about a processing online payment; without it such orders wait for the callback. */
  checkPayment?: DeadlineCheck;
}

const notFound = () =>
  new BusinessError(orderMessages.orderNotFound, undefined, { reason: 'orderNotFound' }, 404);

/** Processing payments of these orders. */
async function processingPayments(db: Executor, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.state, 'processing')));
}

/**
 * Cancels one unpaid order and returns its stock in one transaction, unless a payment of it is still
 * processing (the gateway decides first). Returns the changed row, or null when nothing changed.
 */
async function cancelUnpaid(
  db: Database,
  order: Pick<OrderRow, 'id'>,
  now: Date,
  by: { actor: 'customer' | 'system'; action: 'close' | 'expire' },
): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    if ((await processingPayments(tx, [order.id])).length > 0) return null;
    const row = await changeStatus(tx, {
      orderId: order.id,
      from: ['nopay'],
      to: 'nopay_cancel',
      actor: by.actor,
      action: by.action,
      now,
    });
    if (row) await releaseStock(tx, row.reserved);
    return row;
  });
}

/**
 * Unpaid orders past their deadline become nopay_cancel with their stock returned. Safe to run any number
 * of times and from several processes at once: the conditional status change lets exactly one win per
 * order, and only the winner returns stock. Returns the ids of the orders it cancelled.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date,
  options: ExpiryOptions = {},
): Promise<number[]> {
  const where: SQL[] = [eq(orders.status, 'nopay'), lte(orders.payDeadlineAt, now)];
  if (options.customerId !== undefined) where.push(eq(orders.customerId, options.customerId));
  if (options.shopId !== undefined) where.push(eq(orders.shopId, options.shopId));
  const due = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.payDeadlineAt))
    .limit(200);
  if (due.length === 0) return [];

  const open = await processingPayments(
    db,
    due.map((o) => o.id),
  );
  const waiting = new Set<number>();
  for (const payment of open) {
    // Never call a gateway inside a transaction: ask first, then cancel in a short one.
    const verdict = options.checkPayment ? await options.checkPayment(payment, now) : 'unknown';
    if (verdict !== 'cancelled') waiting.add(payment.orderId);
  }

  const expired: OrderRow[] = [];
  for (const order of due) {
    if (waiting.has(order.id)) continue;
    const row = await cancelUnpaid(db, order, now, { actor: 'system', action: 'expire' });
    if (row) expired.push(row);
  }
  return expired.map((r) => r.id);
}

/**
 * How long an order may sit in `refunding` before the sweep takes its online refund over. The merchant's
 * request commits `refunding`, asks the gateway and commits the outcome, normally within a few seconds;
 * an order still there a minute later was left behind (the process stopped, or a write after the gateway
 * call failed). A minute is the allowance a stalled payment attempt gets too (payments' STALLED_ATTEMPT_MS):
 * short next to the days a refund takes to reach the customer, long enough that the sweep seldom overlaps
 * a request still waiting on a slow gateway. When it does overlap, nothing is paid twice: the gateway
 * refund is idempotent and only one of the two commits the outcome (finishRefunding). A late payment's
 * refund that failed waits as long before the sweep tries it again (payments' retryLateRefunds).
 */
export const REFUND_GRACE_MS = 60_000;
/** Stalled refunds taken over per sweep; the rest wait for the next one. */
const REFUND_BATCH = 50;

/** Asks the gateway to give the order's online payment back (idempotent); true once it is refunded. */
export type RefundAgain = (order: OrderRow, now: Date) => Promise<boolean>;

export interface RefundRecoveryOptions {
  /** Only this customer's orders (the lazy call before their reads). */
  customerId?: number;
  /** Only this shop's orders (before the merchant's list). */
  shopId?: number;
  refund: RefundAgain;
  /** Told about an order that could not be settled (a database error); it is tried again after the grace. */
  onError?: (error: unknown, orderId: number) => void;
}

export interface RefundOutcome {
  refunded: boolean;
  /** Where the merchant's action leads once the money is back (refused, refund). */
  to: OrderStatus;
  actor: 'customer' | 'merchant' | 'system';
  now: Date;
}

/**
 * Commits the outcome of an online refund: refunding → `to` (refundDone, refundAmount = total), or
 * refunding → refund_fail (refundFailed). Money that went back settles the order even from refund_fail:
 * when a slow merchant request and the sweep overlap, the one that failed may have committed first.
 * Null when the order was in neither status (someone else settled it).
 */
export function finishRefunding(
  db: Database,
  order: Pick<OrderRow, 'id' | 'total'>,
  outcome: RefundOutcome,
): Promise<OrderRow | null> {
  const { refunded } = outcome;
  return db.transaction(async (tx) => {
    const row = await changeStatus(tx, {
      orderId: order.id,
      from: refunded ? ['refunding', 'refund_fail'] : ['refunding'],
      to: refunded ? outcome.to : 'refund_fail',
      actor: outcome.actor,
      action: refunded ? 'refundDone' : 'refundFailed',
      now: outcome.now,
      set: refunded ? { refundAmount: order.total } : {},
    });
    // The money is back: so are the points it earned (once, by the reversal's ledger key).
    if (row && refunded) await reversePointsInTx(tx, order.id, outcome.now);
    return row;
  });
}

/** Where the refusal or refund that put the order in `refunding` leads, from the event that recorded it. */
async function refundTarget(db: Executor, order: OrderRow): Promise<OrderStatus> {
  const [entered] = await db
    .select({ action: orderEvents.action })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'refunding')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const action: MerchantAction = entered?.action === 'refuse' ? 'refuse' : 'refund';
  return MERCHANT_TRANSITIONS[action].to({
    orderType: order.orderType,
    hasRider: order.rider !== null,
    paid: order.paid,
  });
}

/**
 * Online refunds left in `refunding` for longer than REFUND_GRACE_MS are taken over: the gateway is asked
 * again and the merchant's transition finished (refused / refund, or refund_fail), with the customer told
 * by the live status stream. Safe from several processes at once: an order is claimed by a conditional update of
 * refundClaimedAt before the gateway is called (outside any transaction), so one sweep takes it and the
 * others leave it until the grace period has passed again. Returns the ids of the orders it settled.
 */
export async function settleStalledRefunds(
  db: Database,
  now: Date,
  options: RefundRecoveryOptions,
): Promise<number[]> {
  const cutoff = new Date(now.getTime() - REFUND_GRACE_MS);
  const stalled = and(
    eq(orders.status, 'refunding'),
    lte(orders.statusChangedAt, cutoff),
    or(isNull(orders.refundClaimedAt), lte(orders.refundClaimedAt, cutoff)),
  )!;
  const where: SQL[] = [stalled];
  if (options.customerId !== undefined) where.push(eq(orders.customerId, options.customerId));
  if (options.shopId !== undefined) where.push(eq(orders.shopId, options.shopId));
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...where))
    .orderBy(asc(orders.statusChangedAt))
    .limit(REFUND_BATCH);

  const settled: number[] = [];
  let failure: { error: unknown } | null = null;
  for (const { id } of due) {
    try {
      const [claimed] = await db
        .update(orders)
        .set({ refundClaimedAt: now })
        .where(and(eq(orders.id, id), stalled))
        .returning();
      // Claimed by another sweep, or settled since it was listed.
      if (!claimed) continue;
      const to = await refundTarget(db, claimed);
      const refunded = await options.refund(claimed, now);
      const row = await finishRefunding(db, claimed, { refunded, to, actor: 'system', now });
      if (!row) continue;
      settled.push(row.id);
    } catch (error) {
      // The order keeps its claim and stays in `refunding`; one broken order does not hold up the others.
      if (options.onError) options.onError(error, id);
      else failure ??= { error };
    }
  }
  if (failure) throw failure.error;
  return settled;
}

async function ownOrder(db: Executor, customerId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerId, customerId)));
  if (!row) throw notFound();
  return row;
}

/** order/close: the customer cancels an unpaid order; its stock returns. */
export async function closeOrder(db: Database, customerId: number, id: number, now: Date): Promise<void> {
  const order = await ownOrder(db, customerId, id);
  if (order.status !== 'nopay')
    throw new BusinessError(orderLifeMessages.notClosable, undefined, {
      reason: 'notClosable',
      status: order.status,
    });
  const row = await cancelUnpaid(db, order, now, { actor: 'customer', action: 'close' });
  if (!row) {
    const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    if (current?.status === 'nopay')
      throw new BusinessError(orderLifeMessages.paymentInProgress, undefined, {
        reason: 'paymentInProgress',
      });
    throw new BusinessError(orderLifeMessages.notClosable, undefined, {
      reason: 'notClosable',
      status: current?.status ?? order.status,
    });
  }
}

/**
 * order/confirmDelivered: the customer received a takeaway order that is on its way. Cash on delivery is
 * handed over at the door, so it counts as paid from here.
 */
export async function confirmDelivered(
  db: Database,
  customerId: number,
  id: number,
  now: Date,
): Promise<void> {
  const order = await ownOrder(db, customerId, id);
  const delivering = (DELIVERING_STATUSES as readonly OrderStatus[]).includes(order.status);
  if (order.orderType !== 'takeaway' || !delivering)
    throw new BusinessError(orderLifeMessages.notDelivering, undefined, {
      reason: 'notDelivering',
      status: order.status,
    });
  const collect = order.settlement === 'onDelivery' && !order.paid;
  const row = await db.transaction(async (tx) => {
    const delivered = await changeStatus(tx, {
      orderId: id,
      from: DELIVERING_STATUSES,
      to: 'successed',
      actor: 'customer',
      action: 'confirmDelivered',
      now,
      set: {
        ...(order.rider ? { riderState: 'delivered' as const } : {}),
        ...(collect ? { paid: true, paidAt: now } : {}),
      },
    });
    // Cash on delivery is paid now: it earns the member's points like any payment (decision M94).
    if (delivered && collect) await earnPointsInTx(tx, delivered, now);
    return delivered;
  });
  if (!row) {
    const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    throw new BusinessError(orderLifeMessages.notDelivering, undefined, {
      reason: 'notDelivering',
      status: current?.status ?? order.status,
    });
  }
}

/** order/deliveryInfo: the rider and the status history of one of the customer's orders. */
export async function deliveryInfo(db: Executor, customerId: number, orderNo: string): Promise<DeliveryInfo> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId)));
  if (!order) throw notFound();
  const events = await db
    .select({ status: orderEvents.status, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  // Placing an order is not a status change, so the history starts with `nopay` at its creation.
  const history = [{ status: 'nopay' as const, at: order.createdAt }, ...events];
  return {
    orderNo: order.orderNo,
    state: order.riderState,
    rider: order.rider,
    events: history.map((e) => ({ status: e.status, at: e.at.toISOString() })),
  };
}

/** order/eventsTicket: a short-lived ticket that opens this session's live status stream. */
export async function createEventsTicket(
  db: Executor,
  session: Session,
  now: Date,
): Promise<EventsTicketInfo> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
  // Expired tickets of this session are dropped as new ones are issued, so the table stays small.
  await db
    .delete(streamTickets)
    .where(and(eq(streamTickets.sessionId, session.id), lte(streamTickets.expiresAt, now)));
  await db.insert(streamTickets).values({
    ticketHash: hashToken(ticket),
    sessionId: session.id,
    expiresAt,
    afterEventId: sql`(select coalesce(max(${orderEvents.id}), 0) from ${orderEvents} where ${orderEvents.customerId} = ${session.customerId})`,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

export interface TicketHolder {
  customerId: number;
  /** The customer's newest order event when the ticket was issued: where a fresh stream starts. */
  afterEventId: number;
}

/** Whose stream a ticket opens, and from where; null for an unknown or expired ticket. */
export async function ticketHolder(db: Executor, ticket: string, now: Date): Promise<TicketHolder | null> {
  const [row] = await db
    .select({ customerId: sessions.customerId, afterEventId: streamTickets.afterEventId })
    .from(streamTickets)
    .innerJoin(sessions, eq(sessions.id, streamTickets.sessionId))
    .where(
      and(
        eq(streamTickets.ticketHash, hashToken(ticket)),
        gt(streamTickets.expiresAt, now),
        gt(sessions.expiresAt, now),
      ),
    );
  return row ?? null;
}

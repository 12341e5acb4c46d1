// Appointments to pay at the counter keep a technician's time with no pay deadline: nothing but the shop
// ends them. So a customer may have at most COUNTER_APPOINTMENTS_MAX of them still to come in a shop
// (decision A26). The limit is reserved in the transaction that settles an order at the counter (order/pay
// with Cash): the customer's lock, then the count, then the order's status change, so two settlements at
// once cannot both see room for one. order/confirm asking for the counter is told beforehand.
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { COUNTER_APPOINTMENTS_MAX } from '../../../src/domain/api/beauty-rules';
import type { Executor, Tx } from '../../db/client';
import { appointmentBookings, orders, type OrderRow } from '../../db/schema';
import { refuse } from './appointments';

/** Advisory lock class of a customer's appointments to pay at the counter (claims use 72_011 and 72_012). */
const COUNTER_LOCK = 72_013;

/** The customer's appointments in the shop to pay at the counter, unpaid, whose time is not over. */
export async function liveCounterAppointments(
  db: Executor,
  customerId: number,
  shopId: number,
  now: Date,
): Promise<number> {
  const b = appointmentBookings;
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(b, eq(b.orderId, orders.id))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.shopId, shopId),
        eq(orders.orderType, 'appointment'),
        eq(orders.settlement, 'counter'),
        eq(orders.paid, false),
        inArray(orders.status, ['pending', 'confirmed']),
        eq(b.active, true),
        gt(b.endsAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

const limitReached = () =>
  refuse(
    'counterAppointmentsLimit',
    { limit: COUNTER_APPOINTMENTS_MAX },
    { limit: COUNTER_APPOINTMENTS_MAX },
  );

/** order/confirm asking for the counter: refused before anything is written when the limit is reached. */
export async function checkCounterAppointments(
  db: Executor,
  customerId: number,
  shopId: number,
  now: Date,
): Promise<void> {
  if ((await liveCounterAppointments(db, customerId, shopId, now)) >= COUNTER_APPOINTMENTS_MAX)
    throw limitReached();
}

/**
 * In the transaction settling `order` at the counter, before its status changes: takes the customer's lock
 * (held to the commit) and refuses when the limit is reached, rolling the settlement back.
 */
export async function reserveCounterAppointment(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.orderType !== 'appointment') return;
  await tx.execute(sql`select pg_advisory_xact_lock(${COUNTER_LOCK}, ${order.customerId})`);
  if ((await liveCounterAppointments(tx, order.customerId, order.shopId, now)) >= COUNTER_APPOINTMENTS_MAX)
    throw limitReached();
}

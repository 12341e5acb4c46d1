// An appointment's booking follows its order, in the transaction that changes the order's status
// (server/modules/orders/order-status.ts changeStatus): an order cancelled, refused, refunded or closed
// (expired unpaid, cancelled by the customer or the shop) frees its time; one the shop accepts confirms the
// booking; one completed completes it. A booking the shop already moved on (a no-show, a completed
// service) keeps its status: only the statuses before it follow.
import { and, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '../../../src/domain/enums';
import type { Executor } from '../../db/client';
import { appointmentBookings, type BookingStatus, type OrderRow } from '../../db/schema';

const FREES: readonly OrderStatus[] = ['nopay_cancel', 'refused', 'refunding', 'refund', 'closed'];

const FOLLOW: Partial<Record<OrderStatus, { from: BookingStatus[]; to: BookingStatus; active: boolean }>> = {
  ...Object.fromEntries(
    FREES.map((status) => [
      status,
      { from: ['booked', 'confirmed', 'arrived'], to: 'cancelled', active: false },
    ]),
  ),
  confirmed: { from: ['booked'], to: 'confirmed', active: true },
  successed: { from: ['booked', 'confirmed', 'arrived'], to: 'completed', active: true },
};

export async function bookingFollowsOrder(tx: Executor, order: OrderRow, now: Date): Promise<void> {
  const follow = FOLLOW[order.status];
  if (!follow) return;
  const b = appointmentBookings;
  await tx
    .update(b)
    .set({ status: follow.to, active: follow.active, statusChangedAt: now })
    .where(and(eq(b.orderId, order.id), inArray(b.status, follow.from)));
}

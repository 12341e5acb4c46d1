// The booking of an appointment order, written in the order's own transaction (orders-store.ts): the
// customer's live hold becomes it, or, without one (none sent, lapsed, another's), the time is claimed
// under the exclusion constraints; a time taken meanwhile rolls the whole order back as `slotTaken`.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentBookings, type AppointmentBookingRow, type OrderRow } from '../../db/schema';
import { BusinessError } from '../../http/action';
import { appointmentMessages } from './appointment-messages';
import { claimSlot, type SlotRequest } from './claims';

/** What order/confirm decided to book, before the order exists. */
export interface BookingPlan {
  /** The customer's live hold for this very booking, or null. */
  holdId: number | null;
  request: SlotRequest;
  beautyUserName: string;
  beautyUserPhone: string;
}

export async function placeBooking(
  tx: Tx,
  order: Pick<OrderRow, 'id'>,
  plan: BookingPlan,
  now: Date,
): Promise<AppointmentBookingRow> {
  const fields = {
    kind: 'booking' as const,
    status: 'booked' as const,
    orderId: order.id,
    expiresAt: null,
    beautyUserName: plan.beautyUserName,
    beautyUserPhone: plan.beautyUserPhone,
  };
  if (plan.holdId !== null) {
    const b = appointmentBookings;
    const [used] = await tx
      .update(b)
      .set({ ...fields, statusChangedAt: now })
      .where(
        and(
          eq(b.id, plan.holdId),
          eq(b.customerId, plan.request.customerId),
          eq(b.kind, 'hold'),
          sql`${b.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning();
    if (used) return used;
  }
  const row = await claimSlot(tx, plan.request, fields, now);
  if (!row) throw new BusinessError(appointmentMessages.slotTaken, undefined, { reason: 'slotTaken' });
  return row;
}

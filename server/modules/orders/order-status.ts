// Every status change of an order goes through changeStatus: one conditional UPDATE (`status in from`),
// so a change from the wrong status, or one that lost a race, changes nothing; and one order_events row
// in the same transaction, which is the order's history and the cursor of the live status stream.
// When the transaction commits, the row's trigger notifies the database channel "order_events" (migration
// 0011), which wakes the customer's open live-status streams in every process
// (server/modules/orders/order-event-hub.ts); a rolled-back change wakes nobody. The order's coupon, if it holds
// one, follows in the same transaction (server/modules/coupons/coupon-orders.ts), and so do the uses of its
// limit card (server/modules/limit-cards/limit-card-orders.ts), and the units it counted under capped
// activities (server/modules/coupons/activity-units.ts), each told here, once, whether the change gives back
// what the order took (takenAfter); an open table's tab follows the order that pays it
// (server/modules/open-table/tab-orders.ts), and an appointment's booking its order
// (server/modules/appointments/booking-orders.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StatusAction } from '../../../src/domain/api/order-life-rules';
import type { OrderStatus } from '../../../src/domain/enums';
import type { Executor } from '../../db/client';
import { orderEvents, orders, type OrderRow } from '../../db/schema';
import { activityUnitsFollowOrder } from '../coupons/activity-units';
import { couponFollowsOrder } from '../coupons/coupon-orders';
import { limitCardFollowsOrder } from '../limit-cards/limit-card-orders';
import { tabFollowsOrder } from '../open-table/tab-orders';
import { bookingFollowsOrder } from '../appointments/booking-orders';

export type StatusActor = 'customer' | 'merchant' | 'gateway' | 'system';
export type { StatusAction };

export interface StatusChange {
  orderId: number;
  from: readonly OrderStatus[];
  to: OrderStatus;
  actor: StatusActor;
  action: StatusAction;
  now: Date;
  /** Other columns written with the status (paid, paidAt, settlement, rider, …). */
  set?: Partial<Omit<typeof orders.$inferInsert, 'id' | 'status' | 'statusChangedAt'>>;
}

/** Statuses that end an order without keeping its money. */
const ENDED_WITHOUT_MONEY: readonly OrderStatus[] = ['nopay_cancel', 'refused', 'refund', 'closed'];

/**
 * Actions that end an order keeping what it took though it reads closed: a no-show keeps what was paid
 * (decision A15) and what was used with it, the limit card's uses, the coupon and capped units (A22).
 */
const KEEPS_WHAT_IT_TOOK: readonly StatusAction[] = ['noShow'];

/**
 * What a change does with what the order took besides money (its coupon, its limit card's uses, its units
 * under capped activities): `release` gives them back, `spend` keeps them for good (paid, or a no-show),
 * `none` leaves them as they are.
 */
export type TakenAfter = 'release' | 'spend' | 'none';

export function takenAfter(row: Pick<OrderRow, 'status' | 'paid'>, change: StatusChange): TakenAfter {
  if (KEEPS_WHAT_IT_TOOK.includes(change.action)) return 'spend';
  if (ENDED_WITHOUT_MONEY.includes(row.status)) return 'release';
  return change.set?.paid === true && row.paid ? 'spend' : 'none';
}

/**
 * The order after the change, or null when it was not in one of `from` (nothing written). The update and
 * its order_events row are one statement: the event is inserted from the updated row, so a change that
 * lost its race writes neither, and every status change costs one round trip less.
 */
export async function changeStatus(tx: Executor, change: StatusChange): Promise<OrderRow | null> {
  const changed = tx.$with('changed').as(
    tx
      .update(orders)
      .set({ ...change.set, status: change.to, statusChangedAt: change.now })
      .where(and(eq(orders.id, change.orderId), inArray(orders.status, [...change.from])))
      .returning(),
  );
  // An insert from a select names every column in the table's order: the id is drawn as its default would be.
  const event = tx.$with('event').as(
    tx.insert(orderEvents).select(sql`
      select nextval(pg_get_serial_sequence('order_events', 'id')), id, shop_id, customer_id, status,
        ${change.actor}, ${change.action}, ${change.now.toISOString()}::timestamptz
      from "changed"`),
  );
  const [row] = await tx.with(changed, event).select().from(changed);
  if (!row) return null;
  // Only an order holding a coupon, a card or capped units spends a statement on them.
  const taken = takenAfter(row, change);
  if (row.couponId !== null) await couponFollowsOrder(tx, row, taken, change.now);
  if (row.limitCardId !== null) await limitCardFollowsOrder(tx, row, taken, change.now);
  if (row.activityUnits > 0) await activityUnitsFollowOrder(tx, row, taken, change.now);
  if (row.orderType === 'openTable') await tabFollowsOrder(tx, row, change.now);
  if (row.orderType === 'appointment') await bookingFollowsOrder(tx, row, change.now);
  return row;
}

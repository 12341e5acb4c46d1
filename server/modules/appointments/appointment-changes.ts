// The customer's appointments after booking: the list (upcoming, past) and one appointment, moving it and
// cancelling it inside the shop's window; and cancelling as the shop does. A move is one conditional
// UPDATE of the booking's row under the exclusion constraints; a cancellation changes the order's status
// through changeStatus (the booking follows it in the same transaction) and gives paid money back as a
// merchant refund does: to the member card in the transaction, through the gateway outside it.
import { and, asc, count, desc, eq, gt, inArray, lte, notInArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppointmentInfo, BeautyAppointmentsInfo } from '../../../src/domain/api/beauty';
import type { AppointmentScope } from '../../../src/domain/api/beauty-rules';
import { moneyBack } from '../../../src/domain/order-life';
import { isoInZone } from '../../../src/booking/weekly-hours';
import type { Database, Executor } from '../../db/client';
import {
  appointmentBookings,
  orders,
  payments,
  type AppointmentBookingRow,
  type OrderRow,
} from '../../db/schema';
import { releaseStock } from '../catalog/stock';
import { refundPaidByCard, refundPaidOnline } from '../merchant/merchant-money';
import { reversePointsInTx } from '../member-money/ledger';
import { finishRefunding } from '../orders/order-life';
import { changeStatus } from '../orders/order-status';
import { orderDetails, type OrderView } from '../orders/orders-store';
import {
  bookableService,
  busyFor,
  checkStart,
  expireShopDue,
  openBooking,
  refuse,
  slotTaken,
  techniciansFor,
  type BeautyEnv,
} from './appointments';
import { appointmentStatusOf, changeBlock, changeDeadlineOf } from './appointment-views';
import { moveBooking } from './claims';
import { durationOf } from './slots';
import type { TechnicianInfo } from './booking-context';

const ENDED = ['cancelled', 'completed', 'noShow'] as const;

const notFound = () => refuse('appointmentNotFound', undefined, {}, 404);

/** The customer's booking (never a hold, never anyone else's) with its order; else 404. */
export async function ownBooking(
  db: Executor,
  customerId: number,
  id: number,
): Promise<{ booking: AppointmentBookingRow; order: OrderRow }> {
  const [row] = await db
    .select({ booking: appointmentBookings, order: orders })
    .from(appointmentBookings)
    .innerJoin(orders, eq(orders.id, appointmentBookings.orderId))
    .where(
      and(
        eq(appointmentBookings.id, id),
        eq(appointmentBookings.customerId, customerId),
        eq(appointmentBookings.kind, 'booking'),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The appointment of one of the customer's orders as it reads now. */
export async function appointmentOfOrder(
  db: Executor,
  customerId: number,
  orderId: number,
  view: OrderView,
): Promise<AppointmentInfo> {
  const [detail] = await orderDetails(db, customerId, [orderId], view);
  if (!detail?.appointment) throw notFound();
  return detail.appointment;
}

/** beauty/appointments: upcoming (soonest first) or past (latest first), the customer's own. */
export async function listAppointments(
  db: Executor,
  args: {
    customerId: number;
    shopId: number | null;
    scope: AppointmentScope;
    page: number;
    pageLimit: number;
    view: OrderView;
  },
): Promise<BeautyAppointmentsInfo> {
  const b = appointmentBookings;
  const now = args.view.now;
  const upcoming = and(notInArray(b.status, [...ENDED]), gt(b.endsAt, now))!;
  const past = or(inArray(b.status, [...ENDED]), lte(b.endsAt, now))!;
  const where: SQL[] = [
    eq(b.customerId, args.customerId),
    eq(b.kind, 'booking'),
    args.scope === 'upcoming' ? upcoming : past,
  ];
  if (args.shopId !== null) where.push(eq(b.shopId, args.shopId));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(b)
    .where(and(...where));
  const offset = (args.page - 1) * args.pageLimit;
  const rows = await db
    .select({ orderId: b.orderId })
    .from(b)
    .where(and(...where))
    .orderBy(args.scope === 'upcoming' ? asc(b.startsAt) : desc(b.startsAt), asc(b.id))
    .limit(args.pageLimit)
    .offset(offset);
  const details = await orderDetails(
    db,
    args.customerId,
    rows.map((r) => r.orderId!),
    args.view,
  );
  return {
    list: details.flatMap((d) => (d.appointment ? [d.appointment] : [])),
    page: args.page,
    pageLimit: args.pageLimit,
    total,
    hasMore: offset + rows.length < total,
  };
}

/** Refuses a change the status or the window does not allow (the customer's side). */
function checkChangeable(
  booking: AppointmentBookingRow,
  order: OrderRow,
  { freeChangeHours, timeZone }: { freeChangeHours: number; timeZone: string },
  now: Date,
) {
  const status = appointmentStatusOf(booking, order.status);
  const deadline = changeDeadlineOf(booking, freeChangeHours);
  const block = changeBlock(status, deadline, now);
  if (block === 'notChangeable') throw refuse('notChangeable', undefined, { status });
  if (block === 'changeWindowClosed')
    throw refuse(
      'changeWindowClosed',
      { hours: freeChangeHours },
      { changeDeadlineAt: isoInZone(deadline, timeZone), freeChangeHours },
    );
}

/** beauty/reschedule: the same service at another start (and technician), inside the window. */
export async function rescheduleAppointment(
  app: FastifyInstance,
  env: BeautyEnv,
  input: { id: number; start: { date: string; time: string }; serviceUserId?: number | null | undefined },
  view: OrderView,
): Promise<AppointmentInfo> {
  const { session, now, catalogueLocale } = env;
  const { booking, order } = await ownBooking(env.db, session.customerId, input.id);
  const open = await openBooking(env, booking.shopId);
  const { ctx } = open;
  checkChangeable(booking, order, ctx, now);
  const service = bookableService(open, booking.productId, booking.specId, catalogueLocale);

  // Omitted: the technician it has (chosen by name or assigned); null: any; an id: that one.
  const keep = input.serviceUserId === undefined;
  let techs: TechnicianInfo[];
  if (keep) {
    const tech = ctx.technicians.find((t) => t.row.id === booking.serviceUserId);
    if (!tech?.services.has(service.productId)) throw refuse('serviceUserCannotPerform', { name: '' });
    techs = [tech];
  } else {
    techs = techniciansFor(ctx, service, input.serviceUserId, catalogueLocale);
  }
  await expireShopDue(app, booking.shopId, now);
  const busy = await busyFor(env, ctx, techs, service, booking.id);
  const checked = checkStart(ctx, techs, service, busy, now, input.start);
  if (checked.start === booking.startsAt.getTime() && checked.candidates.includes(booking.serviceUserId))
    throw refuse('sameTime');
  const techOf = (id: number) => techs.find((t) => t.row.id === id)!;
  const moved = await app.db.transaction((tx) =>
    moveBooking(
      tx,
      booking.id,
      ['booked', 'confirmed'],
      {
        shopId: booking.shopId,
        customerId: booking.customerId,
        productId: booking.productId,
        specId: booking.specId,
        start: checked.start,
        service,
        candidates: checked.candidates.map((id) => ({
          serviceUserId: id,
          duration: durationOf(techOf(id), service),
        })),
        assigned: keep ? booking.assigned : input.serviceUserId === null,
      },
      // A time the shop confirmed is confirmed again by the shop.
      { status: 'booked' },
      now,
    ),
  );
  if (moved === 'gone') {
    const current = await ownBooking(env.db, session.customerId, input.id);
    throw refuse('notChangeable', undefined, {
      status: appointmentStatusOf(current.booking, current.order.status),
    });
  }
  if (moved === null) {
    const fresh = await busyFor(env, ctx, techs, service, booking.id);
    throw slotTaken(ctx, techs, service, fresh, now, checked.start);
  }
  return appointmentOfOrder(env.db, session.customerId, order.id, view);
}

export interface Cancelled {
  refund: { amount: number; to: 'none' | 'memberCard' | 'gateway' };
}

async function hasProcessingPayment(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'processing')))
    .limit(1);
  return !!row;
}

/**
 * Cancels an appointment's order, freeing its time (the booking follows the order): an unpaid order is
 * closed with its stock returned, a paid one refunded (member card at once, online through `refunding`),
 * one to pay at the counter closed. Null when the order was not in the status read (someone else moved it).
 */
export async function cancelAppointmentOrder(
  app: FastifyInstance,
  db: Database,
  order: OrderRow,
  by: { actor: 'customer' | 'merchant'; reason: string; bookingId: number },
  now: Date,
): Promise<Cancelled | null> {
  const reasonSet = by.actor === 'merchant' ? { merchantReason: by.reason } : {};
  const noteReason = async (tx: Executor) => {
    if (by.reason)
      await tx
        .update(appointmentBookings)
        .set({ merchantReason: by.actor === 'merchant' ? by.reason : '' })
        .where(eq(appointmentBookings.id, by.bookingId));
  };
  if (order.status === 'nopay') {
    // The gateway decides first about a payment it is processing.
    if (await hasProcessingPayment(db, order.id)) throw refuse('paymentInProgress');
    const row = await db.transaction(async (tx) => {
      const changed = await changeStatus(tx, {
        orderId: order.id,
        from: ['nopay'],
        to: 'nopay_cancel',
        actor: by.actor,
        action: 'close',
        now,
        set: reasonSet,
      });
      if (changed) {
        await releaseStock(tx, changed.reserved);
        await noteReason(tx);
      }
      return changed;
    });
    return row ? { refund: { amount: 0, to: 'none' } } : null;
  }

  const money = moneyBack(order.settlement, order.paid);
  const to = order.paid ? 'refund' : 'closed';
  const from = ['pending', 'confirmed'] as const;
  const set = {
    ...reasonSet,
    // Cash already collected is handed back at the counter; the amount is recorded all the same.
    ...(order.paid && money !== 'gateway' ? { refundAmount: order.total } : {}),
  };
  const change = { orderId: order.id, from, actor: by.actor, action: 'refund' as const, now, set };
  if (money !== 'gateway') {
    const row = await db.transaction(async (tx) => {
      const changed = await changeStatus(tx, { ...change, to });
      if (changed && money === 'memberCard') await refundPaidByCard(tx, changed, now);
      if (changed && order.paid && money === 'none') await reversePointsInTx(tx, changed.id, now);
      if (changed) await noteReason(tx);
      return changed;
    });
    if (!row) return null;
    return { refund: { amount: order.paid ? order.total : 0, to: money } };
  }
  const refunding = await db.transaction(async (tx) => {
    const changed = await changeStatus(tx, { ...change, to: 'refunding' });
    if (changed) await noteReason(tx);
    return changed;
  });
  if (!refunding) return null;
  // Outside any transaction; the sweep finishes it if this request does not (settleStalledRefunds).
  const refunded = await refundPaidOnline(app, refunding);
  await finishRefunding(db, order, { refunded, to: 'refund', actor: by.actor, now });
  return { refund: { amount: order.total, to: 'gateway' } };
}

/** beauty/cancel: the customer cancels inside the shop's window. */
export async function cancelByCustomer(
  app: FastifyInstance,
  env: BeautyEnv,
  input: { id: number; reason?: string | undefined },
  view: OrderView,
): Promise<{ appointment: AppointmentInfo } & Cancelled> {
  const { session, now } = env;
  const { booking, order } = await ownBooking(env.db, session.customerId, input.id);
  const open = await openBooking(env, booking.shopId);
  checkChangeable(booking, order, open.ctx, now);
  const done = await cancelAppointmentOrder(
    app,
    app.db,
    order,
    { actor: 'customer', reason: input.reason ?? '', bookingId: booking.id },
    now,
  );
  if (!done) {
    const current = await ownBooking(env.db, session.customerId, input.id);
    throw refuse('notChangeable', undefined, {
      status: appointmentStatusOf(current.booking, current.order.status),
    });
  }
  return { appointment: await appointmentOfOrder(env.db, session.customerId, order.id, view), ...done };
}

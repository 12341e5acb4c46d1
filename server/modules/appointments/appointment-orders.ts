// order/confirm with `type: 'appointment'` (docs/api.md "Appointments"): the appointment is checked first
// (one service, its start, the person coming, the technician, the hold, the duration shown, the time free),
// then the order as any other (pay type, line, price: orders.ts prepareOrder), and both are written in one
// transaction (orders-store.ts with place-booking.ts). A time taken between the check and the write rolls
// the order back; the refusal then names the next free times.
import type { FastifyInstance } from 'fastify';
import { normalizePhone } from '../../../src/domain/api/user-rules';
import { localDateTimeOf } from '../../../src/booking/weekly-hours';
import type { AppointmentBookingRow } from '../../db/schema';
import { loadOrderShop, prepareOrder, reject, type CartFields, type PreparedOrder } from '../orders/orders';
import { orderMessages } from '../orders/orders-messages';
import {
  bookableService,
  busyFor,
  checkStart,
  expireShopDue,
  isRefusal,
  nextFreeTimes,
  refuse,
  techniciansFor,
  type BeautyEnv,
  type OpenBooking,
} from './appointments';
import { loadBookingContext, type TechnicianInfo } from './booking-context';
import { checkCounterAppointments } from './counter-appointments';
import { liveHold } from './holds';
import type { BookingPlan } from './place-booking';
import { durationOf, startInstant, type BookableService } from './slots';

const MINUTE = 60_000;

/** The start the payload names: serviceStartTimeInfo, or appointment (older clients); both must agree. */
function chosenStart(cart: CartFields): { date: string; time: string } {
  const a = cart.serviceStartTimeInfo ?? null;
  const b = cart.appointment ?? null;
  if (!a && !b) throw refuse('appointmentTimeRequired');
  if (a && b && (a.date !== b.date || a.time !== b.time)) throw refuse('appointmentTimeInvalid');
  return (a ?? b)!;
}

/** Booking for someone else: both the name and a valid phone, or neither. */
function personComing(cart: CartFields): { name: string; phone: string } {
  const name = cart.beautyUserName ?? '';
  const phone = cart.beautyUserPhone ?? '';
  if (!name && !phone) return { name: '', phone: '' };
  if (!name || !phone) throw refuse('beautyUserIncomplete');
  const normalized = normalizePhone(phone);
  if (!normalized) throw refuse('beautyUserPhoneInvalid');
  return { name, phone: normalized };
}

/** The hold this order uses, if it is the customer's and live; one naming something else is refused. */
async function usableHold(
  env: BeautyEnv,
  cart: CartFields,
  service: BookableService,
  start: { date: string; time: string },
  timeZone: string,
): Promise<AppointmentBookingRow | null> {
  if (cart.holdId == null) return null;
  const hold = await liveHold(env, env.session.customerId, env.session.shopId, cart.holdId);
  if (!hold) return null;
  const held = localDateTimeOf(hold.startsAt.getTime(), timeZone);
  const chosenId = cart.serviceUser?.id ?? null;
  const matches =
    hold.productId === service.productId &&
    (hold.specId ?? null) === (cart.products.find((p) => p.quantity > 0)?.specId ?? null) &&
    held.date === start.date &&
    held.time === start.time &&
    (chosenId === null || chosenId === hold.serviceUserId);
  if (!matches) throw refuse('holdMismatch');
  return hold;
}

const durationChanged = (duration: number) =>
  refuse('serviceDurationChanged', { minutes: duration }, { duration });

/**
 * The duration the page showed must be the one booked: the hold's or the chosen technician's. For "any
 * technician" without a hold it is checked against the technicians free at the start (candidatesShown).
 */
function checkDuration(
  cart: CartFields,
  service: BookableService,
  hold: AppointmentBookingRow | null,
  chosen: TechnicianInfo | null,
): void {
  if (cart.serviceDuration == null || (!hold && !chosen)) return;
  const duration = hold
    ? Math.round((hold.endsAt.getTime() - hold.startsAt.getTime()) / MINUTE)
    : durationOf(chosen!, service);
  if (cart.serviceDuration !== duration) throw durationChanged(duration);
}

/**
 * "Any technician" without a hold: of the technicians free at the start, in the order they are tried, only
 * those taking the minutes the page showed, so the customer never gets a longer booking than they saw (a
 * trainee's 45 minutes for a 30-minute service, A25). None of them: `serviceDurationChanged` with the
 * minutes of the one who would have been picked. Nothing shown: every free technician.
 */
function candidatesShown(
  cart: CartFields,
  service: BookableService,
  free: readonly TechnicianInfo[],
): TechnicianInfo[] {
  if (cart.serviceDuration == null) return [...free];
  const shown = free.filter((t) => durationOf(t, service) === cart.serviceDuration);
  if (shown.length === 0) throw durationChanged(durationOf(free[0]!, service));
  return shown;
}

/** Checks and prices an appointment order; the plan of its booking rides along with the order. */
export async function prepareAppointmentOrder(
  app: FastifyInstance,
  env: BeautyEnv,
  cart: CartFields,
): Promise<PreparedOrder & { booking?: BookingPlan }> {
  const { session, now, catalogueLocale } = env;
  const entry = await loadOrderShop(env, session.shopId);
  const shopId = entry.shop.row.id;
  if (!entry.shop.row.orderTypes.includes('appointment'))
    throw reject('orderTypeUnavailable', orderMessages.orderTypeUnavailable, undefined, { shopId });
  const ctx = await loadBookingContext(env.db, entry.shop.row);
  if (!ctx) throw refuse('appointmentsUnavailable');
  const open: OpenBooking = { entry, ctx };

  const wanted = cart.products.filter((p) => p.quantity > 0);
  // No line at all is the order's own refusal (emptyCart).
  if (wanted.length === 0) return prepareOrder(env, entry, cart);
  if (wanted.length > 1 || wanted[0]!.quantity !== 1) throw refuse('oneServicePerAppointment');
  const line = wanted[0]!;
  const service = bookableService(open, line.id, line.specId, catalogueLocale);
  const start = chosenStart(cart);
  const person = personComing(cart);
  const chosenId = cart.serviceUser?.id ?? null;
  const techs = techniciansFor(ctx, service, chosenId, catalogueLocale);
  const hold = await usableHold(env, cart, service, start, ctx.timeZone);
  checkDuration(cart, service, hold, chosenId === null ? null : techs[0]!);

  // The customer's live hold already keeps the time; without one, the time must be free now.
  await expireShopDue(app, shopId, now);
  const techOf = (id: number) => ctx.technicians.find((t) => t.row.id === id)!;
  let checked = hold
    ? { start: hold.startsAt.getTime(), candidates: [hold.serviceUserId] }
    : checkStart(ctx, techs, service, await busyFor(env, ctx, techs, service), now, start);
  if (!hold && chosenId === null) {
    const shown = candidatesShown(cart, service, checked.candidates.map(techOf));
    checked = { ...checked, candidates: shown.map((t) => t.row.id) };
  }

  const prepared = await prepareOrder(env, entry, cart);
  // Told before the order is placed; order/pay reserves the place (counter-appointments.ts). An order its
  // limit card pays in full is paid as it is placed, with nothing left for the counter.
  if (cart.payType === 'Cash' && prepared.values.total > 0)
    await checkCounterAppointments(env.db, session.customerId, shopId, now);
  return {
    ...prepared,
    booking: {
      holdId: hold?.id ?? null,
      request: {
        shopId,
        customerId: session.customerId,
        productId: service.productId,
        specId: line.specId ?? null,
        start: checked.start,
        service,
        candidates: checked.candidates.map((id) => ({
          serviceUserId: id,
          duration: hold
            ? Math.round((hold.endsAt.getTime() - hold.startsAt.getTime()) / MINUTE)
            : durationOf(techOf(id), service),
        })),
        assigned: hold ? hold.assigned : chosenId === null,
      },
      beautyUserName: person.name,
      beautyUserPhone: person.phone,
    },
  };
}

/**
 * A refusal `slotTaken` raised by the order's transaction (the time was taken between the check and the
 * write) gets the next free times, read after the rollback.
 */
export async function withNextFree(env: BeautyEnv, cart: CartFields, error: unknown): Promise<unknown> {
  if (!isRefusal(error, 'slotTaken')) return error;
  const info = error.info as { nextFree?: unknown };
  if (info.nextFree !== undefined) return error;
  try {
    const entry = await loadOrderShop(env, env.session.shopId);
    const ctx = await loadBookingContext(env.db, entry.shop.row);
    const line = cart.products.find((p) => p.quantity > 0);
    if (!ctx || !line) return error;
    const open = { entry, ctx };
    const service = bookableService(open, line.id, line.specId, env.catalogueLocale);
    const techs = techniciansFor(ctx, service, cart.serviceUser?.id ?? null, env.catalogueLocale);
    const busy = await busyFor(env, ctx, techs, service);
    const start = chosenStart(cart);
    const after = startInstant(ctx, start.date, start.time);
    return refuse('slotTaken', undefined, {
      nextFree: nextFreeTimes(ctx, techs, service, busy, env.now, after ?? env.now.getTime()),
    });
  } catch {
    return error;
  }
}

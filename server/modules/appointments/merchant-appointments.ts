// The shop's side of its appointments through the merchant API (POST /merchant/api/appointment/<action>):
// confirm, mark arrived, complete, no-show and cancel, each one conditional update of the booking with its
// order's status change in the same transaction (cancel gives paid money back as a refund does); and a day
// of the shop's technicians as a list. Another shop's appointment is 404, a wrong state 409, nothing changed.
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MerchantAppointment, MerchantDayInfo } from '../../../src/domain/api/beauty';
import {
  APPOINTMENT_MERCHANT_ACTIONS,
  type AppointmentMerchantAction,
  type AppointmentStatus,
} from '../../../src/domain/api/beauty-rules';
import type { CatalogueLocale, Locale } from '../../../src/domain/enums';
import { localTimeOf, rangeInstants, rangesOn, type LocalRange } from '../../../src/booking/availability';
import { clockOf, isoInZone } from '../../../src/booking/weekly-hours';
import type { Database, Executor } from '../../db/client';
import {
  appointmentBookings,
  customers,
  members,
  orders,
  shops,
  type AppointmentBookingRow,
  type BookingStatus,
  type OrderRow,
} from '../../db/schema';
import { BusinessError, HttpError } from '../../http/action';
import { earnPointsInTx } from '../member-money/ledger';
import { changeStatus } from '../orders/order-status';
import { orderDetails } from '../orders/orders-store';
import { cancelAppointmentOrder } from './appointment-changes';
import { appointmentMerchantMessages } from './appointment-messages';
import { appointmentStatusOf } from './appointment-views';
import { briefOf } from './appointments';
import { loadBookingContext, type BookingContext } from './booking-context';

/** The statuses each action is allowed from (the customer's reading: awaitingPayment is an unpaid booked). */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentMerchantAction, readonly AppointmentStatus[]> = {
  confirm: ['booked'],
  arrive: ['booked', 'confirmed'],
  complete: ['confirmed', 'arrived'],
  noShow: ['booked', 'confirmed'],
  cancel: ['awaitingPayment', 'booked', 'confirmed', 'arrived'],
};

/** The actions the shop may take on an appointment now. */
export function allowedActions(
  status: AppointmentStatus,
  startsAt: Date,
  now: Date,
): AppointmentMerchantAction[] {
  return APPOINTMENT_MERCHANT_ACTIONS.filter(
    (action) => APPOINTMENT_TRANSITIONS[action].includes(status) && (action !== 'noShow' || now >= startsAt),
  );
}

export interface MerchantAppointmentEnv {
  app: FastifyInstance;
  db: Database;
  shopId: number;
  now: Date;
  locale: Locale;
  catalogueLocale: CatalogueLocale;
}

const ACTION_NAMES: Record<AppointmentMerchantAction, Record<Locale, string>> = {
  confirm: { en: 'confirm', 'zh-CN': '确认', 'zh-TW': '確認', fr: 'confirmer', es: 'confirmar' },
  arrive: {
    en: 'mark arrived',
    'zh-CN': '标记到店',
    'zh-TW': '標記到店',
    fr: 'noter l’arrivée',
    es: 'marcar llegada',
  },
  complete: { en: 'complete', 'zh-CN': '完成', 'zh-TW': '完成', fr: 'terminer', es: 'completar' },
  noShow: {
    en: 'mark a no-show',
    'zh-CN': '标记未到店',
    'zh-TW': '標記未到店',
    fr: 'noter absent',
    es: 'marcar no presentada',
  },
  cancel: { en: 'cancel', 'zh-CN': '取消', 'zh-TW': '取消', fr: 'annuler', es: 'cancelar' },
};

const STATUS_NAMES: Record<AppointmentStatus, Record<Locale, string>> = {
  awaitingPayment: {
    en: 'awaiting payment',
    'zh-CN': '待支付',
    'zh-TW': '待支付',
    fr: 'en attente de paiement',
    es: 'pendiente de pago',
  },
  booked: { en: 'booked', 'zh-CN': '已预约', 'zh-TW': '已預約', fr: 'réservé', es: 'reservada' },
  confirmed: { en: 'confirmed', 'zh-CN': '已确认', 'zh-TW': '已確認', fr: 'confirmé', es: 'confirmada' },
  arrived: { en: 'arrived', 'zh-CN': '已到店', 'zh-TW': '已到店', fr: 'arrivé', es: 'llegada' },
  completed: { en: 'completed', 'zh-CN': '已完成', 'zh-TW': '已完成', fr: 'terminé', es: 'completada' },
  noShow: { en: 'a no-show', 'zh-CN': '未到店', 'zh-TW': '未到店', fr: 'absent', es: 'no presentada' },
  cancelled: { en: 'cancelled', 'zh-CN': '已取消', 'zh-TW': '已取消', fr: 'annulé', es: 'cancelada' },
};

function wrongState(
  env: MerchantAppointmentEnv,
  booking: AppointmentBookingRow,
  action: AppointmentMerchantAction,
  status: AppointmentStatus,
): BusinessError {
  const allowed = APPOINTMENT_TRANSITIONS[action];
  if (action === 'confirm' && status === 'awaitingPayment')
    return new BusinessError(
      appointmentMerchantMessages.awaitingPayment,
      { id: booking.id },
      { reason: 'awaitingPayment', status, allowed },
      409,
    );
  return new BusinessError(
    appointmentMerchantMessages.wrongState,
    {
      id: booking.id,
      status: STATUS_NAMES[status][env.locale],
      action: ACTION_NAMES[action][env.locale],
      allowed: allowed.map((s) => `"${STATUS_NAMES[s][env.locale]}"`).join(' / '),
    },
    { reason: 'wrongState', status, allowed },
    409,
  );
}

async function shopBooking(
  db: Executor,
  shopId: number,
  id: number,
): Promise<{ booking: AppointmentBookingRow; order: OrderRow } | null> {
  const [row] = await db
    .select({ booking: appointmentBookings, order: orders })
    .from(appointmentBookings)
    .innerJoin(orders, eq(orders.id, appointmentBookings.orderId))
    .where(
      and(
        eq(appointmentBookings.id, id),
        eq(appointmentBookings.shopId, shopId),
        eq(appointmentBookings.kind, 'booking'),
      ),
    );
  return row ?? null;
}

/** The shop's appointments as its day list and its actions show them, in the order of `rows`. */
async function merchantViews(
  env: MerchantAppointmentEnv,
  rows: readonly { booking: AppointmentBookingRow; order: OrderRow }[],
): Promise<MerchantAppointment[]> {
  const view = { locale: env.catalogueLocale, now: env.now };
  const byCustomer = new Map<number, number[]>();
  for (const { order } of rows)
    byCustomer.set(order.customerId, [...(byCustomer.get(order.customerId) ?? []), order.id]);
  const details = new Map<
    number,
    NonNullable<Awaited<ReturnType<typeof orderDetails>>[number]['appointment']>
  >();
  for (const [customerId, ids] of byCustomer) {
    for (const d of await orderDetails(env.db, customerId, ids, view))
      if (d.appointment) details.set(d.id, d.appointment);
  }
  const customerIds = [...byCustomer.keys()];
  const people =
    customerIds.length === 0
      ? []
      : await env.db
          .select({
            id: customers.id,
            phone: customers.phone,
            memberName: members.name,
            nickname: customers.nickname,
          })
          .from(customers)
          .leftJoin(members, eq(members.id, customers.memberId))
          .where(inArray(customers.id, customerIds));
  const personOf = new Map(people.map((p) => [p.id, p]));
  return rows.flatMap(({ booking, order }) => {
    const info = details.get(order.id);
    if (!info) return [];
    const { actions: _actions, ...rest } = info;
    const person = personOf.get(order.customerId);
    return [
      {
        ...rest,
        customerName: person?.memberName || person?.nickname || '',
        customerPhone: person?.phone ?? '',
        allowed: allowedActions(info.status, booking.startsAt, env.now),
      },
    ];
  });
}

async function oneView(env: MerchantAppointmentEnv, id: number): Promise<MerchantAppointment> {
  const row = await shopBooking(env.db, env.shopId, id);
  const [view] = row ? await merchantViews(env, [row]) : [];
  return view!;
}

/** Moves the booking on from one of `from`; a no-show also frees what is left of its time (A22). */
async function moveBooking(
  tx: Executor,
  id: number,
  from: readonly BookingStatus[],
  to: BookingStatus,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(appointmentBookings)
    .set({ status: to, statusChangedAt: now, ...(to === 'noShow' ? { active: false } : {}) })
    .where(
      and(
        eq(appointmentBookings.id, id),
        eq(appointmentBookings.active, true),
        inArray(appointmentBookings.status, [...from]),
      ),
    )
    .returning({ id: appointmentBookings.id });
  return !!row;
}

/** Thrown inside a transaction to roll it back when the state moved since it was read. */
class Moved extends Error {}

/** Applies one action to one of the shop's appointments, or refuses without changing anything. */
export async function appointmentAct(
  env: MerchantAppointmentEnv,
  action: AppointmentMerchantAction,
  input: { id: number; reason?: string | undefined },
): Promise<MerchantAppointment> {
  const { db, now } = env;
  const found = await shopBooking(db, env.shopId, input.id);
  if (!found) throw new HttpError(404, appointmentMerchantMessages.notFound, { id: input.id });
  const { booking, order } = found;
  const status = appointmentStatusOf(booking, order.status);
  if (!APPOINTMENT_TRANSITIONS[action].includes(status)) throw wrongState(env, booking, action, status);
  if (action === 'noShow' && now < booking.startsAt) {
    const ctx = await contextOf(env);
    throw new BusinessError(
      appointmentMerchantMessages.notStarted,
      { id: booking.id, time: isoInZone(booking.startsAt.getTime(), ctx?.timeZone ?? 'UTC').slice(11, 16) },
      { reason: 'notStarted', status },
      409,
    );
  }

  const applied =
    action === 'cancel'
      ? (await cancelAppointmentOrder(
          env.app,
          db,
          order,
          { actor: 'merchant', reason: input.reason ?? '', bookingId: booking.id },
          now,
        )) !== null
      : await db
          .transaction(async (tx) => {
            const change = { orderId: order.id, actor: 'merchant' as const, now };
            if (action === 'confirm' || action === 'arrive') {
              const to = action === 'confirm' ? 'confirmed' : 'arrived';
              if (
                !(await moveBooking(
                  tx,
                  booking.id,
                  action === 'confirm' ? ['booked'] : ['booked', 'confirmed'],
                  to,
                  now,
                ))
              )
                throw new Moved();
              // A booking moved after the shop confirmed it is confirmed again; its order already is.
              await changeStatus(tx, { ...change, from: ['pending'], to: 'confirmed', action: 'accept' });
            } else if (action === 'complete') {
              if (!(await moveBooking(tx, booking.id, ['confirmed', 'arrived'], 'completed', now)))
                throw new Moved();
              // Paid at the counter: the money arrives with the service, and earns the member's points.
              const settles = !order.paid && order.settlement === 'counter';
              const row = await changeStatus(tx, {
                ...change,
                from: ['confirmed'],
                to: 'successed',
                action: 'complete',
                ...(settles ? { set: { paid: true, paidAt: now } } : {}),
              });
              if (!row) throw new Moved();
              if (settles) await earnPointsInTx(tx, row, now);
            } else {
              if (!(await moveBooking(tx, booking.id, ['booked', 'confirmed'], 'noShow', now)))
                throw new Moved();
              // Money paid stays paid (the shop's terms), and so do the card's use, the coupon and capped
              // units (changeStatus keeps them for this action); the order is closed, the time free again.
              const row = await changeStatus(tx, {
                ...change,
                from: ['pending', 'confirmed'],
                to: 'closed',
                action: 'noShow',
              });
              if (!row) throw new Moved();
            }
            return true;
          })
          .catch((error: unknown) => {
            if (error instanceof Moved) return false;
            throw error;
          });
  if (!applied) {
    const current = (await shopBooking(db, env.shopId, input.id))!;
    throw wrongState(env, booking, action, appointmentStatusOf(current.booking, current.order.status));
  }
  return oneView(env, booking.id);
}

async function contextOf(env: MerchantAppointmentEnv): Promise<BookingContext | null> {
  const [shop] = await env.db
    .select({ id: shops.id, orderTypes: shops.orderTypes, settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, env.shopId));
  return shop ? loadBookingContext(env.db, shop) : null;
}

/** The wall-clock minutes two lists of ranges of one day share, in order. */
function overlapOf(a: readonly LocalRange[], b: readonly LocalRange[]): LocalRange[] {
  const out: LocalRange[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) out.push({ start, end });
    }
  return out.sort((p, q) => p.start - q.start);
}

/** A day of the shop's technicians (or one): their working time and live appointments, by start. */
export async function technicianDay(
  env: MerchantAppointmentEnv,
  input: { date?: string | undefined; serviceUserId?: number | undefined },
): Promise<MerchantDayInfo> {
  const ctx = await contextOf(env);
  if (!ctx) return { date: input.date ?? '', timeZone: '', serviceUsers: [] };
  const date = input.date ?? localTimeOf(env.now.getTime(), ctx.timeZone).date;
  const techs =
    input.serviceUserId === undefined
      ? ctx.technicians
      : ctx.technicians.filter((t) => t.row.id === input.serviceUserId);
  if (input.serviceUserId !== undefined && techs.length === 0)
    throw new HttpError(404, appointmentMerchantMessages.serviceUserNotFound, { id: input.serviceUserId });
  const day = rangeInstants(date, { start: 0, end: 1440 }, ctx.timeZone);
  const rows =
    techs.length === 0
      ? []
      : await env.db
          .select({ booking: appointmentBookings, order: orders })
          .from(appointmentBookings)
          .innerJoin(orders, eq(orders.id, appointmentBookings.orderId))
          .where(
            and(
              eq(appointmentBookings.shopId, env.shopId),
              eq(appointmentBookings.kind, 'booking'),
              ne(appointmentBookings.status, 'cancelled'),
              inArray(
                appointmentBookings.serviceUserId,
                techs.map((t) => t.row.id),
              ),
              gte(appointmentBookings.startsAt, new Date(day.start)),
              lt(appointmentBookings.startsAt, new Date(day.end)),
            ),
          )
          .orderBy(asc(appointmentBookings.startsAt), asc(appointmentBookings.id));
  const views = await merchantViews(env, rows);
  return {
    date,
    timeZone: ctx.timeZone,
    serviceUsers: techs.map((t) => ({
      ...briefOf(t.row, env.catalogueLocale),
      // Their plan that day within the shop's hours: a day the shop closes is no working day.
      working: overlapOf(rangesOn(t.plan, t.exceptions, date), rangesOn(ctx.hours, ctx.exceptions, date)).map(
        (r) => ({ start: clockOf(r.start), end: clockOf(r.end) }),
      ),
      appointments: views.filter((v) => v.serviceUser.id === t.row.id),
    })),
  };
}

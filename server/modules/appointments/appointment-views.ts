// How an appointment reads to its customer (AppointmentInfo of src/domain/api/beauty.ts): its booking,
// technician, service and times with the order it belongs to, the status the two make together, and what
// the customer may still do (move or cancel inside the shop's window, pay an unpaid order).
import { eq, inArray } from 'drizzle-orm';
import type { AppointmentInfo } from '../../../src/domain/api/beauty';
import { CHANGEABLE_STATUSES, type AppointmentStatus } from '../../../src/domain/api/beauty-rules';
import type { CatalogueLocale, OrderStatus } from '../../../src/domain/enums';
import { isoInZone, localDateTimeOf } from '../../../src/booking/weekly-hours';
import type { Executor } from '../../db/client';
import {
  appointmentBookings,
  appointmentSettings,
  products,
  serviceUsers,
  shops,
  type AppointmentBookingRow,
  type OrderRow,
} from '../../db/schema';
import { imageUrl, localize } from '../catalog/catalog';
import type { ServiceUserRow } from './booking-context';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A booking with what its reading needs beyond the order: technician, picture, zone and window. */
export interface AppointmentView {
  booking: AppointmentBookingRow;
  serviceUser: ServiceUserRow;
  productImage: string;
  timeZone: string;
  freeChangeHours: number;
}

/** The bookings of these orders, by order id (one statement). */
export async function appointmentViewsOf(
  db: Executor,
  orderIds: readonly number[],
): Promise<Map<number, AppointmentView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      booking: appointmentBookings,
      serviceUser: serviceUsers,
      productImage: products.image,
      settings: shops.settings,
      freeChangeHours: appointmentSettings.freeChangeHours,
    })
    .from(appointmentBookings)
    .innerJoin(serviceUsers, eq(serviceUsers.id, appointmentBookings.serviceUserId))
    .innerJoin(products, eq(products.id, appointmentBookings.productId))
    .innerJoin(shops, eq(shops.id, appointmentBookings.shopId))
    .leftJoin(appointmentSettings, eq(appointmentSettings.shopId, appointmentBookings.shopId))
    .where(inArray(appointmentBookings.orderId, [...orderIds]));
  return new Map(
    rows.map((r) => [
      r.booking.orderId!,
      {
        booking: r.booking,
        serviceUser: r.serviceUser,
        productImage: r.productImage,
        timeZone: r.settings.timezone,
        freeChangeHours: r.freeChangeHours ?? 0,
      },
    ]),
  );
}

/** What the customer sees: a booked appointment whose order is unpaid is awaiting payment. */
export function appointmentStatusOf(
  booking: AppointmentBookingRow,
  orderStatus: OrderStatus,
): AppointmentStatus {
  if (booking.status === 'booked' && orderStatus === 'nopay') return 'awaitingPayment';
  // A hold never belongs to an order; read defensively as booked.
  return booking.status === 'held' ? 'booked' : booking.status;
}

/** Free moves and cancellations end `freeChangeHours` before the start. */
export const changeDeadlineOf = (booking: AppointmentBookingRow, freeChangeHours: number): number =>
  booking.startsAt.getTime() - freeChangeHours * HOUR;

/** Why the customer may not move or cancel now, or null when they may. */
export function changeBlock(
  status: AppointmentStatus,
  deadline: number,
  now: Date,
): 'changeWindowClosed' | 'notChangeable' | null {
  if (!(CHANGEABLE_STATUSES as readonly AppointmentStatus[]).includes(status)) return 'notChangeable';
  if (now.getTime() >= deadline) return 'changeWindowClosed';
  return null;
}

export interface AppointmentOrderFacts {
  order: Pick<
    OrderRow,
    | 'id'
    | 'orderNo'
    | 'status'
    | 'shopId'
    | 'total'
    | 'currency'
    | 'numberDecimals'
    | 'paid'
    | 'merchantReason'
  >;
  shopName: string;
  /** The order's service line as it was booked. */
  line: { name: string; specName: string | null } | null;
  /** The order can be paid now (customerActions). */
  payable: boolean;
}

export function toAppointmentInfo(
  view: AppointmentView,
  facts: AppointmentOrderFacts,
  locale: CatalogueLocale,
  now: Date,
): AppointmentInfo {
  const { booking, timeZone } = view;
  const start = booking.startsAt.getTime();
  const end = booking.endsAt.getTime();
  const status = appointmentStatusOf(booking, facts.order.status);
  const deadline = changeDeadlineOf(booking, view.freeChangeHours);
  const blockedBy = changeBlock(status, deadline, now);
  return {
    id: booking.id,
    orderId: facts.order.id,
    orderNo: facts.order.orderNo,
    orderStatus: facts.order.status,
    shopId: facts.order.shopId,
    shopName: facts.shopName,
    status,
    service: {
      productId: booking.productId,
      specId: booking.specId,
      name: facts.line?.name ?? '',
      specName: facts.line?.specName ?? null,
      image: imageUrl(view.productImage),
    },
    serviceUser: {
      id: view.serviceUser.id,
      jobNo: view.serviceUser.jobNo,
      userName: localize(view.serviceUser.name, locale),
      tagName: localize(view.serviceUser.tagName, locale),
      headImage: imageUrl(view.serviceUser.headImage),
    },
    assigned: booking.assigned,
    timeZone,
    ...localDateTimeOf(start, timeZone),
    endTime: localDateTimeOf(end, timeZone).time,
    startAt: isoInZone(start, timeZone),
    endAt: isoInZone(end, timeZone),
    duration: Math.round((end - start) / MINUTE),
    beautyUserName: booking.beautyUserName,
    beautyUserPhone: booking.beautyUserPhone,
    changeDeadlineAt: isoInZone(deadline, timeZone),
    freeChangeHours: view.freeChangeHours,
    total: facts.order.total,
    currency: facts.order.currency,
    numberDecimals: facts.order.numberDecimals,
    paid: facts.order.paid,
    merchantReason: booking.merchantReason || facts.order.merchantReason,
    actions: {
      reschedule: blockedBy === null,
      cancel: blockedBy === null,
      pay: facts.payable,
      blockedBy,
    },
    createdAt: isoInZone(booking.createdAt.getTime(), timeZone),
  };
}

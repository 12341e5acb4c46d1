// The reads of the appointment calls and the checks every booking path shares: the shop's booking
// context, a bookable service, the technician asked for, the times a service can start (per technician or
// any), whether a chosen start can be booked, and the next free times a "just taken" refusal suggests.
// Refusals are BusinessErrors whose info is appointmentRejectionInfo (src/domain/api/beauty.ts).
import type {
  AlreadyAppointmentTimesInfo,
  AppointmentRejectionInfo,
  BeautyAvailabilityInfo,
  BeautySettingsInfo,
  FreeTime,
  ServiceUser,
  ServiceUserBrief,
} from '../../../src/domain/api/beauty';
import {
  HOLD_MAX_MINUTES,
  HOLD_MINUTES,
  NEXT_FREE_COUNT,
  type AppointmentRejection,
} from '../../../src/domain/api/beauty-rules';
import { addDays, localTimeOf, rangeInstants, weekdayOf } from '../../../src/booking/availability';
import { isoInZone, localDateTimeOf } from '../../../src/booking/weekly-hours';
import { ProductState, type CatalogueLocale } from '../../../src/domain/enums';
import { BusinessError } from '../../http/action';
import type { MessageParams } from '../../i18n';
import { imageUrl, localize } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { expireUnpaidOrders } from '../orders/order-life';
import { deadlineCheck } from '../orders/order-life-gateway';
import type { OrderEnv } from '../orders/orders';
import { appointmentMessages } from './appointment-messages';
import {
  busyRows,
  loadBookingContext,
  type BookingContext,
  type BusyRow,
  type TechnicianInfo,
} from './booking-context';
import {
  busyWindow,
  candidateOrder,
  durationOf,
  performersOf,
  serviceStarts,
  startInstant,
  type BookableService,
} from './slots';
import type { FastifyInstance } from 'fastify';

export type BeautyEnv = OrderEnv;

const MINUTE = 60_000;

/** A refusal of an appointment call: `info.reason` and the fields it names, nothing written. */
export function refuse(
  reason: AppointmentRejection,
  params?: MessageParams,
  extra: Omit<AppointmentRejectionInfo, 'reason'> = {},
  status = 200,
): BusinessError {
  return new BusinessError(appointmentMessages[reason], params, { reason, ...extra }, status);
}

/** Whether an error is a refusal for this reason. */
export const isRefusal = (error: unknown, reason: AppointmentRejection): error is BusinessError =>
  error instanceof BusinessError &&
  typeof error.info === 'object' &&
  error.info !== null &&
  (error.info as { reason?: unknown }).reason === reason;

export interface OpenBooking {
  entry: CatalogEntry;
  ctx: BookingContext;
}

/** The session shop's catalogue entry and booking context, or `appointmentsUnavailable`. */
export async function openBooking(env: BeautyEnv, shopId = env.session.shopId): Promise<OpenBooking> {
  const entry = await env.catalog(shopId);
  const ctx = entry ? await loadBookingContext(env.db, entry.shop.row) : null;
  if (!entry || !ctx) throw refuse('appointmentsUnavailable');
  return { entry, ctx };
}

/**
 * Unpaid orders of the shop past their deadline are cancelled before times are read or taken, so an
 * expired appointment frees its time whether or not the sweeper has run (the one status-change function
 * cancels its booking).
 */
export async function expireShopDue(app: FastifyInstance, shopId: number, now: Date): Promise<void> {
  await expireUnpaidOrders(app.db, now, { shopId, checkPayment: deadlineCheck(app) });
}

/** A service of the shop that can be booked now, with its duration; else serviceNotFound / Unavailable. */
export function bookableService(
  { entry, ctx }: OpenBooking,
  productId: number,
  specId: number | null | undefined,
  locale: CatalogueLocale,
): BookableService {
  const row = entry.catalogue.row(productId);
  const info = ctx.services.get(productId);
  if (!row || !info || !row.serviceTime || row.serviceTime <= 0) throw refuse('serviceNotFound');
  const state = entry.catalogue.state(productId);
  if (state === ProductState.deleted) throw refuse('serviceNotFound');
  if (state !== ProductState.normal) throw refuse('serviceUnavailable', { name: localize(row.name, locale) });
  if (specId != null && !entry.catalogue.specsOf(productId).some((s) => s.id === specId))
    throw refuse('serviceNotFound');
  return { ...info, duration: row.serviceTime };
}

/**
 * The technicians a request may be served by: the one asked for (who must exist in the shop, be bookable
 * by name and perform the service), or every performer for "any" (undefined or null).
 */
export function techniciansFor(
  ctx: BookingContext,
  service: BookableService,
  serviceUserId: number | null | undefined,
  locale: CatalogueLocale,
): TechnicianInfo[] {
  if (serviceUserId == null) return performersOf(ctx, service.productId);
  const tech = ctx.technicians.find((t) => t.row.id === serviceUserId);
  if (!tech) throw refuse('serviceUserNotFound');
  const name = localize(tech.row.name, locale);
  if (!tech.row.canReverse) throw refuse('serviceUserNotBookable', { name });
  if (!tech.services.has(service.productId)) throw refuse('serviceUserCannotPerform', { name });
  return [tech];
}

/** The busy rows availability needs for these technicians and the service's pool. */
export function busyFor(
  env: Pick<BeautyEnv, 'db' | 'now'>,
  ctx: BookingContext,
  techs: readonly TechnicianInfo[],
  service: BookableService,
  exceptId?: number,
): Promise<BusyRow[]> {
  return busyRows(env.db, {
    serviceUserIds: techs.map((t) => t.row.id),
    poolId: service.pool?.id ?? null,
    ...busyWindow(ctx, env.now),
    now: env.now,
    ...(exceptId !== undefined ? { exceptId } : {}),
  });
}

export const briefOf = (row: TechnicianInfo['row'], locale: CatalogueLocale): ServiceUserBrief => ({
  id: row.id,
  jobNo: row.jobNo,
  userName: localize(row.name, locale),
  tagName: localize(row.tagName, locale),
  headImage: imageUrl(row.headImage),
});

/** "13900005601" → "139****5601": a technician's own number is not the shop's to hand out (A9). */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\s/g, '');
  return digits.length <= 7 ? '*'.repeat(digits.length) : `${digits.slice(0, 3)}****${digits.slice(-4)}`;
};

/** beauty/users: the shop's technicians (of one role, performing one service), in the shop's order. */
export function serviceUsersOf(
  open: OpenBooking,
  filter: { productId?: number | undefined; tagId?: number | undefined },
  locale: CatalogueLocale,
): ServiceUser[] {
  const { ctx } = open;
  const service =
    filter.productId !== undefined ? bookableService(open, filter.productId, null, locale) : null;
  return ctx.technicians
    .filter((t) => filter.tagId === undefined || t.row.tagId === filter.tagId)
    .filter((t) => service === null || t.services.has(service.productId))
    .map((t) => ({
      id: t.row.id,
      jobNo: t.row.jobNo,
      userName: localize(t.row.name, locale),
      desc: localize(t.row.description, locale),
      tagId: t.row.tagId,
      tagName: localize(t.row.tagName, locale),
      userPhone: maskPhone(t.row.phone),
      headImage: imageUrl(t.row.headImage),
      canReverse: t.row.canReverse,
      services: [...t.services.keys()]
        .filter((productId) => service === null || productId === service.productId)
        .flatMap((productId) => {
          const row = open.entry.catalogue.row(productId);
          if (!row?.serviceTime) return [];
          return [{ productId, duration: t.services.get(productId) ?? row.serviceTime }];
        }),
    }));
}

/** beauty/settings: the shop's rules and the services that can be booked now. */
export function settingsOf(open: OpenBooking): BeautySettingsInfo {
  const { ctx, entry } = open;
  const services = [...ctx.services.values()].flatMap((info) => {
    const row = entry.catalogue.row(info.productId);
    if (!row?.serviceTime || entry.catalogue.state(info.productId) !== ProductState.normal) return [];
    const performers = performersOf(ctx, info.productId);
    if (performers.length === 0) return [];
    return [
      {
        productId: info.productId,
        duration: row.serviceTime,
        bufferBefore: info.bufferBefore,
        bufferAfter: info.bufferAfter,
        serviceUserIds: performers.map((t) => t.row.id),
        pool: info.pool
          ? {
              id: info.pool.id,
              name: localize(info.pool.name, entry.locale),
              capacity: info.pool.capacity,
            }
          : null,
      },
    ];
  });
  return {
    timeZone: ctx.timeZone,
    stepMinutes: ctx.stepMinutes,
    minNoticeMinutes: ctx.minNoticeMinutes,
    horizonDays: ctx.horizonDays,
    freeChangeHours: ctx.freeChangeHours,
    holdMinutes: HOLD_MINUTES,
    holdMaxMinutes: HOLD_MAX_MINUTES,
    services,
  };
}

/** The first and last dates of the shop's horizon, or null when it books no days ahead. */
export function horizonOf(ctx: BookingContext, now: Date): { first: string; last: string } | null {
  if (ctx.horizonDays <= 0) return null;
  const first = localTimeOf(now.getTime(), ctx.timeZone).date;
  return { first, last: addDays(first, ctx.horizonDays - 1) };
}

/** beauty/availability: the asked dates inside the horizon, each with its starts. */
export function availabilityOf(
  open: OpenBooking,
  args: {
    service: BookableService;
    specId: number | null;
    serviceUserId: number | null;
    techs: readonly TechnicianInfo[];
    busy: readonly BusyRow[];
    date?: string | undefined;
    days?: number | undefined;
    now: Date;
    locale: CatalogueLocale;
  },
): BeautyAvailabilityInfo {
  const { ctx } = open;
  const { service, techs, now } = args;
  const horizon = horizonOf(ctx, now);
  const dates: string[] = [];
  if (horizon) {
    const first = args.date && args.date > horizon.first ? args.date : horizon.first;
    const last =
      args.days !== undefined && args.date !== undefined
        ? addDays(args.date, args.days - 1)
        : args.days !== undefined
          ? addDays(first, args.days - 1)
          : horizon.last;
    for (let d = first; d <= last && d <= horizon.last; d = addDays(d, 1)) dates.push(d);
  }
  const byDate = new Map<string, BeautyAvailabilityInfo['dates'][number]['starts']>();
  for (const d of dates) byDate.set(d, []);
  for (const s of serviceStarts(ctx, techs, service, args.busy, now)) {
    const local = localDateTimeOf(s.start, ctx.timeZone);
    byDate.get(local.date)?.push({
      time: local.time,
      startAt: isoInZone(s.start, ctx.timeZone),
      serviceUserIds: [...s.technicianIds],
    });
  }
  return {
    productId: service.productId,
    specId: args.specId,
    serviceUserId: args.serviceUserId,
    timeZone: ctx.timeZone,
    serverNow: isoInZone(now.getTime(), ctx.timeZone),
    stepMinutes: ctx.stepMinutes,
    horizon,
    serviceUsers: techs.map((t) => ({ ...briefOf(t.row, args.locale), duration: durationOf(t, service) })),
    dates: dates.map((date) => ({ date, weekday: weekdayOf(date), starts: byDate.get(date)! })),
  };
}

/** The next free times of the service at or after `after` (for the technicians given). */
export function nextFreeTimes(
  ctx: BookingContext,
  techs: readonly TechnicianInfo[],
  service: BookableService,
  busy: readonly BusyRow[],
  now: Date,
  after: number,
): FreeTime[] {
  return serviceStarts(ctx, techs, service, busy, now)
    .filter((s) => s.start >= after)
    .slice(0, NEXT_FREE_COUNT)
    .map((s) => ({
      ...localDateTimeOf(s.start, ctx.timeZone),
      startAt: isoInZone(s.start, ctx.timeZone),
      serviceUserIds: [...s.technicianIds],
    }));
}

/** A chosen start that can be booked: its instant and the technicians to try, in order. */
export interface CheckedStart {
  start: number;
  candidates: number[];
}

/**
 * Whether a shop-local start can be booked by these technicians now: `appointmentTimeInvalid` when the
 * shop does not offer it at all (a skipped wall time, outside plans or hours, too soon, past the horizon,
 * off the grid), `slotTaken` with the next free times when it is offered but nobody is free then.
 */
export function checkStart(
  ctx: BookingContext,
  techs: readonly TechnicianInfo[],
  service: BookableService,
  busy: readonly BusyRow[],
  now: Date,
  local: { date: string; time: string },
): CheckedStart {
  const start = startInstant(ctx, local.date, local.time);
  if (start === undefined) throw refuse('appointmentTimeInvalid');
  const free = serviceStarts(ctx, techs, service, busy, now).find((s) => s.start === start);
  if (free) return { start, candidates: candidateOrder(ctx, busy, free.technicianIds, start) };
  const offered = serviceStarts(ctx, techs, service, busy, now, true).some((s) => s.start === start);
  if (!offered) throw refuse('appointmentTimeInvalid');
  throw slotTaken(ctx, techs, service, busy, now, start);
}

export const slotTaken = (
  ctx: BookingContext,
  techs: readonly TechnicianInfo[],
  service: BookableService,
  busy: readonly BusyRow[],
  now: Date,
  after: number,
): BusinessError =>
  refuse('slotTaken', undefined, { nextFree: nextFreeTimes(ctx, techs, service, busy, now, after) });

/**
 * spec beauty/alreadyAppointmentTimes: the technician's taken time on a shop-local date, bookings and live
 * holds widened by their buffers, joined and clipped to the day; whose they are is not said.
 */
export async function takenTimes(
  env: Pick<BeautyEnv, 'db' | 'now'>,
  ctx: BookingContext,
  serviceUserId: number,
  date: string,
): Promise<AlreadyAppointmentTimesInfo> {
  if (!ctx.technicians.some((t) => t.row.id === serviceUserId)) throw refuse('serviceUserNotFound');
  const day = rangeInstants(date, { start: 0, end: 1440 }, ctx.timeZone);
  const rows = await busyRows(env.db, {
    serviceUserIds: [serviceUserId],
    poolId: null,
    from: day.start,
    to: day.end,
    now: env.now,
  });
  const spans = rows
    .filter((r) => r.serviceUserId === serviceUserId)
    .map((r) => ({
      from: Math.max(day.start, r.start - (r.bufferBefore ?? 0) * MINUTE),
      to: Math.min(day.end, r.end + (r.bufferAfter ?? 0) * MINUTE),
    }))
    .sort((a, b) => a.from - b.from);
  const joined: { from: number; to: number }[] = [];
  for (const s of spans) {
    const last = joined[joined.length - 1];
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else joined.push({ ...s });
  }
  const clock = (instant: number) =>
    instant >= day.end ? '24:00' : localDateTimeOf(instant, ctx.timeZone).time;
  return {
    date,
    timeZone: ctx.timeZone,
    list: joined.map((j) => ({
      start: clock(j.from),
      end: clock(j.to),
      startAt: isoInZone(j.from, ctx.timeZone),
      endAt: isoInZone(j.to, ctx.timeZone),
    })),
  };
}

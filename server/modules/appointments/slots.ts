// The times a service can start, per technician and for "any technician", from a shop's booking context
// and the busy rows read for it: src/booking/availability.ts per technician (their plan, exceptions, own
// duration and bookings), the shop's hours, and a free place of the service's pool when it needs one.
// Pure: the caller reads the database and passes `now`.
import {
  anyTechnician,
  instantOf,
  localTimeOf,
  minutesOf,
  pickTechnician,
  availableStarts,
  type AnyTechnicianStart,
} from '../../../src/booking/availability';
import type { BookingContext, BusyRow, ServiceInfo, TechnicianInfo } from './booking-context';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A bookable service with the duration its product gives it (serviceTime). */
export interface BookableService extends ServiceInfo {
  duration: number;
}

/** Minutes this technician takes for the service: their own, or the service's. */
export const durationOf = (tech: TechnicianInfo, service: BookableService): number =>
  tech.services.get(service.productId) ?? service.duration;

/** Technicians performing the service, in the shop's order. */
export const performersOf = (ctx: BookingContext, productId: number): TechnicianInfo[] =>
  ctx.technicians.filter((t) => t.services.has(productId));

/** The buffered span of a service started at `start` by a technician taking `duration` minutes (A1). */
export function spanOf(service: BookableService, start: number, duration: number) {
  return {
    from: start - service.bufferBefore * MINUTE,
    to: start + (duration + service.bufferAfter) * MINUTE,
  };
}

const widened = (row: BusyRow) => ({
  from: row.start - (row.bufferBefore ?? 0) * MINUTE,
  to: row.end + (row.bufferAfter ?? 0) * MINUTE,
});

/**
 * The first place of the pool (1 … capacity) no busy row of the pool takes during [from, to); null when
 * every place is taken. A booking tries the places in this order, so the first free one is the one it gets.
 */
export function freePlaces(
  pool: { id: number; capacity: number },
  busy: readonly BusyRow[],
  span: { from: number; to: number },
): number[] {
  const taken = new Set<number>();
  for (const row of busy) {
    if (row.poolId !== pool.id || row.poolPlace === null) continue;
    const w = widened(row);
    if (w.from < span.to && span.from < w.to) taken.add(row.poolPlace);
  }
  const free: number[] = [];
  for (let place = 1; place <= pool.capacity; place += 1) if (!taken.has(place)) free.push(place);
  return free;
}

/** The instants the busy rows should be read for: the horizon, a day either side for buffers and zones. */
export const busyWindow = (ctx: BookingContext, now: Date) => ({
  from: now.getTime() - DAY,
  to: now.getTime() + (ctx.horizonDays + 2) * DAY,
});

/**
 * One technician's starts for the service: availability of their plan and bookings within the shop's
 * hours, notice and horizon, then only those with a free pool place. `ignoreBookings` gives the starts the
 * shop offers at all (to tell "not a time we offer" from "just taken").
 */
export function technicianStarts(
  ctx: BookingContext,
  tech: TechnicianInfo,
  service: BookableService,
  busy: readonly BusyRow[],
  now: Date,
  ignoreBookings = false,
): number[] {
  const duration = durationOf(tech, service);
  const starts = availableStarts({
    timeZone: ctx.timeZone,
    now: now.getTime(),
    plan: tech.plan,
    exceptions: tech.exceptions,
    shopHours: ctx.hours,
    shopExceptions: ctx.exceptions,
    duration,
    bufferBefore: service.bufferBefore,
    bufferAfter: service.bufferAfter,
    bookings: ignoreBookings ? [] : busy.filter((b) => b.serviceUserId === tech.row.id),
    step: ctx.stepMinutes,
    notice: ctx.minNoticeMinutes,
    horizonDays: ctx.horizonDays,
  });
  if (!service.pool || ignoreBookings) return starts;
  const pool = service.pool;
  return starts.filter((start) => freePlaces(pool, busy, spanOf(service, start, duration)).length > 0);
}

/** Every start of the service with the technicians free then, for the given technicians (A6). */
export function serviceStarts(
  ctx: BookingContext,
  techs: readonly TechnicianInfo[],
  service: BookableService,
  busy: readonly BusyRow[],
  now: Date,
  ignoreBookings = false,
): AnyTechnicianStart<number>[] {
  return anyTechnician(
    techs.map((tech) => ({
      technicianId: tech.row.id,
      starts: technicianStarts(ctx, tech, service, busy, now, ignoreBookings),
    })),
  );
}

/** The instant a shop-local date and `HH:mm` names (its first occurrence), or undefined if skipped (A3). */
export function startInstant(ctx: BookingContext, date: string, time: string): number | undefined {
  try {
    return instantOf(date, minutesOf(time), ctx.timeZone);
  } catch (error) {
    // A date the calendar does not have (2026-02-30) names no time at all.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** Minutes of service the technician has on the shop-local date of `start`: their load that day (A6). */
export function loadOn(
  ctx: BookingContext,
  busy: readonly BusyRow[],
  serviceUserId: number,
  start: number,
): number {
  const date = localTimeOf(start, ctx.timeZone).date;
  let minutes = 0;
  for (const row of busy) {
    if (row.serviceUserId !== serviceUserId) continue;
    if (localTimeOf(row.start, ctx.timeZone).date === date) minutes += (row.end - row.start) / MINUTE;
  }
  return minutes;
}

/**
 * The order in which "any technician" tries the free technicians of a start: the pick first (least
 * loaded that day, ties by the shop's order), then the others by the same measure, so a lost race moves
 * to the next free technician of the same start (A6).
 */
export function candidateOrder(
  ctx: BookingContext,
  busy: readonly BusyRow[],
  free: readonly number[],
  start: number,
): number[] {
  const rest = [...free];
  const ordered: number[] = [];
  while (rest.length > 0) {
    const next = pickTechnician(rest, (id) => loadOn(ctx, busy, id, start))!;
    ordered.push(next);
    rest.splice(rest.indexOf(next), 1);
  }
  return ordered;
}

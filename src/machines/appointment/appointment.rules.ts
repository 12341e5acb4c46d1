// The pure rules of booking an appointment (spec §2 /order/select-service-user, /order/confirm; §5 "An
// appointment time is required for a beauty order"; issue 16): which services can be booked, the times a
// technician (or anyone) is free as the server computed them, the parts of the day a time grid groups them
// in, the next free times after a time that was lost, and how long a hold keeps a time. The appointment
// machine's guards and the selectors of its pages share them.
import type {
  AppointmentHold,
  AvailableDate,
  AvailableStart,
  BeautyAvailabilityInfo,
  BeautySettingsInfo,
  BookableService,
  FreeTime,
  ServiceUser,
} from '../../domain/api/beauty';
import type { LocalDateTime } from '../../domain/api/order';
import type { Product } from '../../domain/catalog';
import { ProductState } from '../../domain/enums';

/** A category of the shop's services, in the shop's order. */
export interface ServiceType {
  id: number;
  name: string;
}

/** What the service list needs: the booking settings and the catalogue the services are products of. */
export interface ServiceCatalog {
  settings: BeautySettingsInfo;
  types: ServiceType[];
  /** Listed products of the shop (store/products), in menu order. */
  products: Product[];
}

/** A service as the list shows it: its product, and how it is booked when it can be. */
export interface ServiceView {
  product: Product;
  /** Minutes the service takes (a technician may take longer or shorter). */
  duration: number | null;
  /** null: the service cannot be booked now (sold out, no technician, not a bookable service). */
  booking: BookableService | null;
}

export interface ServiceSection {
  type: ServiceType;
  services: ServiceView[];
}

/** A service the shop lists as bookable now (beauty/settings), with its product on sale. */
export function bookableService(catalog: ServiceCatalog, productId: number): BookableService | null {
  const booking = catalog.settings.services.find((s) => s.productId === productId) ?? null;
  const product = catalog.products.find((p) => p.id === productId);
  if (!booking || !product || product.state !== ProductState.normal) return null;
  return booking.serviceUserIds.length > 0 ? booking : null;
}

/**
 * The services by category in the shop's order: every listed product that is a service (it has a duration
 * or can be booked), those that cannot be booked now kept in place, marked, so the list reads as the shop's.
 */
export function serviceSections(catalog: ServiceCatalog): ServiceSection[] {
  const sections: ServiceSection[] = [];
  for (const type of catalog.types) {
    const services = catalog.products
      .filter((p) => p.typeId === type.id)
      .map((product): ServiceView => {
        const booking = bookableService(catalog, product.id);
        return { product, duration: booking?.duration ?? product.serviceTime ?? null, booking };
      })
      .filter((s) => s.booking !== null || (s.duration ?? 0) > 0);
    if (services.length > 0) sections.push({ type, services });
  }
  return sections;
}

/** The part of the day a time grid puts a start under: before noon, before six, or the evening. */
export type DayPart = 'morning' | 'afternoon' | 'evening';

export const dayPartOf = (time: string): DayPart =>
  time < '12:00' ? 'morning' : time < '18:00' ? 'afternoon' : 'evening';

/** Starts under their part of the day, in order; parts without a start are left out. */
export function groupByDayPart<T extends { time: string }>(
  starts: readonly T[],
): { part: DayPart; starts: T[] }[] {
  const groups: { part: DayPart; starts: T[] }[] = [];
  for (const start of starts) {
    const part = dayPartOf(start.time);
    let group = groups.at(-1);
    if (group?.part !== part) groups.push((group = { part, starts: [] }));
    group.starts.push(start);
  }
  return groups;
}

/** Whether a technician (or anyone, for null) is free at a start the server offered. */
const freeFor = (start: AvailableStart, serviceUserId: number | null) =>
  serviceUserId === null || start.serviceUserIds.includes(serviceUserId);

/**
 * The dates of the horizon with the starts of one technician (null: anyone). "Any technician" availability
 * names every technician free for the whole service at each start, with their own duration (decision A6),
 * so one technician's starts are exactly the starts that name them.
 */
export function datesFor(
  availability: BeautyAvailabilityInfo,
  serviceUserId: number | null,
): AvailableDate[] {
  return availability.dates.map((d) => ({
    ...d,
    starts: d.starts.filter((s) => freeFor(s, serviceUserId)),
  }));
}

/** The first time a technician (null: anyone) is free in the horizon, or null when they are not. */
export function firstFreeTime(
  availability: BeautyAvailabilityInfo,
  serviceUserId: number | null,
): FreeTime | null {
  for (const d of availability.dates) {
    const start = d.starts.find((s) => freeFor(s, serviceUserId));
    if (start)
      return { date: d.date, time: start.time, startAt: start.startAt, serviceUserIds: start.serviceUserIds };
  }
  return null;
}

/** Whether the server offered this start on this date to the technician (null: anyone). */
export function isOffered(
  availability: BeautyAvailabilityInfo | null,
  serviceUserId: number | null,
  start: LocalDateTime,
): boolean {
  const date = availability?.dates.find((d) => d.date === start.date);
  return date?.starts.some((s) => s.time === start.time && freeFor(s, serviceUserId)) ?? false;
}

/** The date the time grid opens on: the one asked for when it has times, else the first date that has some. */
export function openingDate(
  availability: BeautyAvailabilityInfo,
  serviceUserId: number | null,
  wanted: string | null,
): string | null {
  const dates = datesFor(availability, serviceUserId);
  if (wanted !== null && dates.some((d) => d.date === wanted && d.starts.length > 0)) return wanted;
  return dates.find((d) => d.starts.length > 0)?.date ?? dates[0]?.date ?? null;
}

/**
 * Up to `count` free times at or after `from` for the technician (null: anyone), the time itself first when
 * it is still free: what a customer whose hold lapsed is offered.
 */
export function freeTimesFrom(
  availability: BeautyAvailabilityInfo,
  serviceUserId: number | null,
  from: LocalDateTime,
  count: number,
): FreeTime[] {
  const out: FreeTime[] = [];
  for (const d of availability.dates) {
    if (d.date < from.date) continue;
    for (const s of d.starts) {
      if (out.length >= count) return out;
      if (d.date === from.date && s.time < from.time) continue;
      if (freeFor(s, serviceUserId))
        out.push({ date: d.date, time: s.time, startAt: s.startAt, serviceUserIds: s.serviceUserIds });
    }
  }
  return out;
}

/** Technicians a customer may choose by name for the service (canReverse), in the shop's order. */
export const choosableTechnicians = (technicians: readonly ServiceUser[]) =>
  technicians.filter((t) => t.canReverse);

/** The technician's own minutes for the service, else the service's. */
export function durationFor(
  technician: ServiceUser | undefined,
  productId: number,
  fallback: number | null,
): number | null {
  return technician?.services.find((s) => s.productId === productId)?.duration ?? fallback;
}

/** Before the hold runs out, the page asks for more time this long ahead (network and a slow phone included). */
export const EXTEND_AHEAD_MS = 60_000;
/** After an extension that got no answer, the page tries again this much later (while the hold lasts). */
export const EXTEND_RETRY_MS = 10_000;

/** A hold as the page keeps it: the server's hold, and the page's clock when it arrived. */
export interface KeptHold {
  hold: AppointmentHold;
  /** Browser clock (ms) when the hold's reply arrived: the server's serverNow then. */
  receivedAt: number;
  /** No more extensions (the server's limit was reached). */
  capped: boolean;
}

const ms = (iso: string) => Date.parse(iso);

/** Server time minus browser time, ms, when the hold arrived. */
export const clockOffsetOf = (kept: KeptHold) => ms(kept.hold.serverNow) - kept.receivedAt;

/** Milliseconds from `now` (browser clock) until the hold lapses unless extended. */
export const msUntilExpiry = (kept: KeptHold, now: number) =>
  Math.max(0, ms(kept.hold.expiresAt) - (now + clockOffsetOf(kept)));

/** Whether the hold can still be moved on (its expiry is short of the latest the server allows). */
export const canExtend = (kept: KeptHold) =>
  !kept.capped && ms(kept.hold.expiresAt) < ms(kept.hold.extendableUntil);

/** Milliseconds from `now` until the page asks to extend: a little before the hold would lapse. */
export const msUntilExtension = (kept: KeptHold, now: number) =>
  Math.max(0, msUntilExpiry(kept, now) - EXTEND_AHEAD_MS);

/**
 * The moment the page counts down to: while the page stays and extends the hold, the latest the server keeps
 * it (its extendableUntil); once it cannot be extended, its expiry.
 */
export const holdDeadline = (kept: KeptHold): string =>
  canExtend(kept) ? kept.hold.extendableUntil : kept.hold.expiresAt;

// Opening hours and sale times, evaluated in the shop's own time zone with Intl (no dependencies), so the
// server (product state 101) and the browser (the closed notice) agree whatever zone each runs in.
// Ranges are "HH:mm" pairs; start is inclusive, end exclusive; an end at or before the start runs past
// midnight (22:00-02:00). An empty list of ranges means "no restriction".
import type { OrderType } from './enums';
import type { ScanOrderBusinessHours, ShopInfo, TimeRange } from './shop';

// One formatter per zone reads the day, the weekday and the time: building one costs a slow phone tens of
// milliseconds on its first page, so the clock and the calendar share it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface LocalReading {
  minutes: number;
  weekday: number;
  day: string;
}

/**
 * The zone's reading of the last second asked for. Every offset, old local mean times included, is a whole
 * number of seconds, so one reading holds for the whole second; the server checks hours and sale times
 * several times per order, and formatting was a visible part of a submit's CPU under load.
 */
const readings = new Map<string, { second: number; reading: LocalReading }>();

function read(now: Date, timeZone: string): LocalReading {
  const second = Math.floor(now.getTime() / 1000);
  const kept = readings.get(timeZone);
  if (kept?.second === second) return kept.reading;
  const parts = formatter(timeZone).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(get('hour')) % 24;
  const reading = {
    minutes: hour * 60 + Number(get('minute')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
    day: `${get('year')}-${get('month')}-${get('day')}`,
  };
  readings.set(timeZone, { second, reading });
  return reading;
}

/** Minutes since local midnight and the local weekday (0 = Sunday) of an instant in a zone. */
export function localTime(now: Date, timeZone: string): { minutes: number; weekday: number } {
  const { minutes, weekday } = read(now, timeZone);
  return { minutes, weekday };
}

/** The shop's calendar day for `now` (pricing never reads the clock). */
export function shopToday(now: Date, timeZone: string): string {
  return read(now, timeZone).day;
}

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const wraps = (range: TimeRange) => toMinutes(range.end) <= toMinutes(range.start);

/** The part of a range that falls on its own day. */
const inSameDay = (range: TimeRange, minutes: number) =>
  wraps(range)
    ? minutes >= toMinutes(range.start)
    : minutes >= toMinutes(range.start) && minutes < toMinutes(range.end);

/** The after-midnight tail of a range that started the day before. */
const inTail = (range: TimeRange, minutes: number) => wraps(range) && minutes < toMinutes(range.end);

/** Whether `now`, read in `timeZone`, falls in one of the ranges (every day alike). */
export function isWithinRanges(ranges: readonly TimeRange[], now: Date, timeZone: string): boolean {
  if (ranges.length === 0) return true;
  const { minutes } = localTime(now, timeZone);
  return ranges.some((r) => inSameDay(r, minutes) || inTail(r, minutes));
}

/** Scan-order (dine) hours: the same every day, or per weekday with a day's overnight tail. */
export function isWithinScanHours(hours: ScanOrderBusinessHours, now: Date, timeZone: string): boolean {
  if (hours.businessMode === 'routine') return isWithinRanges(hours.businessScanOrderHours, now, timeZone);
  const { minutes, weekday } = localTime(now, timeZone);
  const day = (d: number) => hours.businessDailyHours.find((entry) => entry.day === d);
  const today = day(weekday);
  const yesterday = day((weekday + 6) % 7);
  return (
    (!!today?.isOpen && today.businessHours.some((r) => inSameDay(r, minutes))) ||
    (!!yesterday?.isOpen && yesterday.businessHours.some((r) => inTail(r, minutes)))
  );
}

export type ShopHours = Pick<
  ShopInfo,
  | 'timezone'
  | 'openShop'
  | 'selfCollection'
  | 'openScanSwitch'
  | 'businessTimeRange'
  | 'scanOrderBusinessHours'
>;

/** Whether the shop is in its business hours now for this order type (what an "open" badge says). */
function isWithinHoursNow(shop: ShopHours, orderType: OrderType, now: Date): boolean {
  switch (orderType) {
    case 'openTable':
      return true;
    case 'dine':
      return shop.openScanSwitch && isWithinScanHours(shop.scanOrderBusinessHours, now, shop.timezone);
    case 'takeaway':
    case 'selfPickup':
    case 'appointment':
      return (
        (shop.openShop || shop.selfCollection) && isWithinRanges(shop.businessTimeRange, now, shop.timezone)
      );
  }
}

/**
 * Whether the shop takes orders of this type now (spec §4 "Shop status"): dine needs the scan switch on
 * and the scan hours; takeaway and self pickup need openShop or selfCollection and the business hours;
 * open-table orders are always taken (the table is already open). An appointment is for a later time, so a
 * shop taking them books at any hour with openShop or selfCollection on; the hours that matter are those
 * of the chosen start (decision A12).
 */
export function isShopOpenNow(shop: ShopHours, orderType: OrderType, now: Date): boolean {
  if (orderType === 'appointment') return shop.openShop || shop.selfCollection;
  return isWithinHoursNow(shop, orderType, now);
}

/** Whether any of the shop's order modes is in its hours now: what a shop card's open badge shows. */
export function isShopOpenForAnyMode(shop: ShopHours & Pick<ShopInfo, 'orderTypes'>, now: Date): boolean {
  return shop.orderTypes.some((orderType) => isWithinHoursNow(shop, orderType, now));
}

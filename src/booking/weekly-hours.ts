// Weekly hours and dated exceptions as a shop writes them ("10:00"–"13:00" per weekday) and the minutes
// and instants src/booking/availability.ts computes with; and how a start is shown back: the shop-local
// clock time and the instant in ISO 8601 with the shop's offset. Pure: no clock, no I/O.
import {
  localTimeOf,
  minutesOf,
  offsetAt,
  type LocalRange,
  type PlanException,
  type Weekday,
  type WeeklyPlan,
} from './availability';

/** A wall-clock range of one day, "HH:mm" to "HH:mm" (`24:00` ends it at midnight), start before end. */
export interface HoursRange {
  start: string;
  end: string;
}

export const WEEKDAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/**
 * Wall-clock ranges per weekday, keyed '0' (Sunday) … '6'; a weekday missing or empty is closed. Ranges of
 * a day that touch are one stretch; a gap between them is a break (decision A5).
 */
export type WeeklyHours = Partial<Record<WeekdayKey, HoursRange[]>>;

/** A dated exception to weekly hours: a day off, or other ranges on that shop-local date. */
export type HoursException =
  { date: string; kind: 'off' } | { date: string; kind: 'hours'; ranges: HoursRange[] };

/** `{ start: '09:00', end: '12:30' }` → `{ start: 540, end: 750 }`; a RangeError when it is not a range. */
export function localRangeOf(r: HoursRange): LocalRange {
  const range = { start: minutesOf(r.start), end: minutesOf(r.end) };
  if (range.start >= range.end) throw new RangeError(`empty range ${r.start}–${r.end}`);
  return range;
}

export function weeklyPlanOf(hours: WeeklyHours): WeeklyPlan {
  const plan: Partial<Record<Weekday, LocalRange[]>> = {};
  for (const key of WEEKDAY_KEYS) {
    const ranges = hours[key];
    if (ranges && ranges.length > 0) plan[Number(key) as Weekday] = ranges.map(localRangeOf);
  }
  return plan;
}

export function planExceptionOf(e: HoursException): PlanException {
  return e.kind === 'off'
    ? { date: e.date, kind: 'off' }
    : { date: e.date, kind: 'hours', ranges: e.ranges.map(localRangeOf) };
}

/** 570 → "09:30"; 1440 → "24:00". */
export function clockOf(minute: number): string {
  if (!Number.isInteger(minute) || minute < 0 || minute > 1440) throw new RangeError(`bad minute ${minute}`);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as ISO 8601 in the zone's wall time with its offset at that instant, to the second:
 * `2026-10-25T02:30:00+02:00` and, an hour later, `2026-10-25T02:30:00+01:00`.
 */
export function isoInZone(instant: number, timeZone: string): string {
  const seconds = Math.floor(instant / 1000) * 1000;
  const offset = offsetAt(seconds, timeZone);
  const wall = new Date(seconds + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60_000;
  return `${wall}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The shop-local date and `HH:mm` of an instant. */
export function localDateTimeOf(instant: number, timeZone: string): { date: string; time: string } {
  const { date, minute } = localTimeOf(instant, timeZone);
  return { date, time: clockOf(minute) };
}

/** "10:00–13:00, 14:00–19:00": ranges as a customer reads them. */
export const hoursText = (ranges: readonly HoursRange[]): string =>
  ranges.map((r) => `${r.start}–${r.end}`).join(', ');

// Appointment availability (issue 16), computed from plans, hours and bookings rather than stored as slots.
// Pure: no I/O, no clock (the caller passes `now`), no zod. Times of day are the shop's wall-clock minutes;
// instants are epoch milliseconds; every calendar computation happens in the shop's IANA time zone.
// The rules and their reasons are decisions A1–A7 of docs/decisions.md "Appointments".

/** 0 Sunday … 6 Saturday, as `Date.prototype.getDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A wall-clock range of one local day, minutes since local midnight, `[start, end)`, 0 ≤ start < end ≤ 1440. */
export interface LocalRange {
  readonly start: number;
  readonly end: number;
}

/** Working (or opening) ranges per weekday; a missing or empty weekday is closed. Breaks are the gaps. */
export type WeeklyPlan = Readonly<Partial<Record<Weekday, readonly LocalRange[]>>>;

/** A dated override of a weekly plan: a day off, or other hours on that local date (`YYYY-MM-DD`). */
export type PlanException =
  | { readonly date: string; readonly kind: 'off' }
  | { readonly date: string; readonly kind: 'hours'; readonly ranges: readonly LocalRange[] };

/**
 * An existing booking or hold of the technician, `[start, end)` in epoch ms, with the buffers of ITS
 * service in minutes (preparation before, clean-up after); they widen it (A1).
 */
export interface Booking {
  readonly start: number;
  readonly end: number;
  readonly bufferBefore?: number;
  readonly bufferAfter?: number;
}

export interface AvailabilityInput {
  /** The shop's IANA time zone, e.g. `Europe/Paris`. */
  readonly timeZone: string;
  /** The current instant (epoch ms). */
  readonly now: number;
  readonly plan: WeeklyPlan;
  readonly exceptions?: readonly PlanException[];
  readonly shopHours: WeeklyPlan;
  /** The shop's own dated overrides (holidays, late openings). */
  readonly shopExceptions?: readonly PlanException[];
  /** The service's duration in minutes (elapsed time, A3). */
  readonly duration: number;
  /** The technician's own duration for this service, when it differs; it replaces `duration`. */
  readonly technicianDuration?: number;
  /** Minutes the new booking needs before its start and after its end (A1). */
  readonly bufferBefore?: number;
  readonly bufferAfter?: number;
  /** Existing bookings and holds of this technician. */
  readonly bookings?: readonly Booking[];
  /** Starts are local wall-clock minutes that are multiples of the step, counted from local midnight (A2). */
  readonly step: number;
  /** Minimum minutes between `now` and a start (A4). */
  readonly notice?: number;
  /** Bookable local dates: today and the `horizonDays − 1` following ones (`appointmentTimeLimit`, A4). */
  readonly horizonDays: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MINUTES_PER_DAY = 1440;

// --- Parsing helpers ----------------------------------------------------------------------------------

/** `'09:30'` → 570; `'24:00'` is the end of the day. */
export function minutesOf(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  const minutes = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || Number(m[2]) > 59 || minutes > MINUTES_PER_DAY) throw new RangeError(`bad time of day ${hhmm}`);
  return minutes;
}

/** `range('09:00', '12:30')` → `{ start: 540, end: 750 }`. */
export function range(start: string, end: string): LocalRange {
  return { start: minutesOf(start), end: minutesOf(end) };
}

// --- Calendar dates (civil arithmetic, independent of any zone) ------------------------------------------

function parseIsoDate(date: string): { y: number; m: number; d: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`bad local date ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    throw new RangeError(`bad local date ${date}`);
  }
  return { y, m: mo, d };
}

/** The UTC instant whose UTC reading is `date` 00:00: the zone-free anchor of a local date. */
function dateAnchor(date: string): number {
  const { y, m, d } = parseIsoDate(date);
  return Date.UTC(y, m - 1, d);
}

function isoOfAnchor(anchor: number): string {
  return new Date(anchor).toISOString().slice(0, 10);
}

/** `addDays('2026-10-24', 1)` → `'2026-10-25'`. */
export function addDays(date: string, days: number): string {
  return isoOfAnchor(dateAnchor(date) + days * DAY);
}

/** The weekday of a local date (a calendar fact: the same in every zone). */
export function weekdayOf(date: string): Weekday {
  return new Date(dateAnchor(date)).getUTCDay() as Weekday;
}

// --- Time zones ------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a zone, to the second, as a zone-free UTC instant. */
function wallReading(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at an instant, in ms (Paris in summer: +7_200_000). */
export function offsetAt(instant: number, timeZone: string): number {
  const seconds = Math.floor(instant / 1000) * 1000;
  return wallReading(seconds, timeZone) - seconds;
}

/** The local date and minute of day of an instant in a zone. */
export function localTimeOf(instant: number, timeZone: string): { date: string; minute: number } {
  const reading = wallReading(instant, timeZone);
  const anchor = Math.floor(reading / DAY) * DAY;
  return { date: isoOfAnchor(anchor), minute: Math.floor((reading - anchor) / MINUTE) };
}

/**
 * How one local date maps wall minutes to instants. Offsets are read 14 hours either side of the day
 * (no zone is further from UTC); a zone is assumed to change its offset at most once in that span, which
 * holds for every zone of the tz database in the years a shop books.
 */
interface LocalDay {
  readonly date: string;
  readonly anchor: number;
  readonly timeZone: string;
  readonly before: number;
  readonly after: number;
}

function localDay(date: string, timeZone: string): LocalDay {
  const anchor = dateAnchor(date);
  return {
    date,
    anchor,
    timeZone,
    before: offsetAt(anchor - 14 * HOUR, timeZone),
    after: offsetAt(anchor + DAY + 14 * HOUR, timeZone),
  };
}

/**
 * The instants whose wall reading on this day is `minute` (0–1440; 1440 is the next midnight): none in a
 * spring-forward gap, two in a fall-back overlap, ascending.
 */
function instantsOf(day: LocalDay, minute: number): number[] {
  const wall = day.anchor + minute * MINUTE;
  if (day.before === day.after) return [wall - day.before];
  const found = new Set<number>();
  for (const offset of [day.before, day.after]) {
    const t = wall - offset;
    if (offsetAt(t, day.timeZone) === offset) found.add(t);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * The instant a wall-clock time of a local date stands for (A3): its first occurrence when the clock shows
 * it twice (fall back), `undefined` when the clock skips it (spring forward).
 */
export function instantOf(date: string, minute: number, timeZone: string): number | undefined {
  return instantsOf(localDay(date, timeZone), minute)[0];
}

/**
 * The earliest instant whose wall reading on this day is `minute` or later: `instantOf` for a time that
 * exists, the moment the clock jumps for a skipped one. Used for the ends of working and opening ranges.
 */
function boundaryOf(day: LocalDay, minute: number): number {
  const first = instantsOf(day, minute)[0];
  if (first !== undefined) return first;
  // In a gap: the transition lies between the readings with the old and the new offset.
  const wall = day.anchor + minute * MINUTE;
  let lo = Math.min(wall - day.before, wall - day.after);
  let hi = Math.max(wall - day.before, wall - day.after);
  // Invariant: offsetAt(lo) is the old offset, offsetAt(hi) the new one; find the first instant of the new.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid, day.timeZone) === day.after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The instants a wall-clock range of a local date stands for: from the earliest instant reading its start
 * (or later) to the earliest instant reading its end (or later), so a range across a skipped hour is shorter
 * in elapsed time and one across a repeated hour longer (A3).
 */
export function rangeInstants(date: string, r: LocalRange, timeZone: string): { start: number; end: number } {
  const day = localDay(date, timeZone);
  return { start: boundaryOf(day, r.start), end: boundaryOf(day, r.end) };
}

// --- Ranges ----------------------------------------------------------------------------------------------

interface Interval {
  start: number;
  end: number;
}

function checkRanges(ranges: readonly LocalRange[], what: string): void {
  for (const r of ranges) {
    const ok =
      Number.isInteger(r.start) &&
      Number.isInteger(r.end) &&
      r.start >= 0 &&
      r.start < r.end &&
      r.end <= 1440;
    if (!ok) throw new RangeError(`bad ${what} range ${r.start}–${r.end}`);
  }
}

/** Sorted, with overlapping or touching intervals joined: continuous time is one range (A5). */
function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Interval[] = [];
  for (const i of sorted) {
    const last = merged[merged.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else merged.push({ start: i.start, end: i.end });
  }
  return merged;
}

/** The ranges of a plan on a local date after its exceptions; the last exception for a date wins. */
export function rangesOn(
  plan: WeeklyPlan,
  exceptions: readonly PlanException[] | undefined,
  date: string,
): readonly LocalRange[] {
  let ranges = plan[weekdayOf(date)] ?? [];
  for (const e of exceptions ?? []) {
    if (e.date === date) ranges = e.kind === 'off' ? [] : e.ranges;
  }
  return ranges;
}

/** A day's ranges as instant intervals, joined where they touch (A3, A5). */
function intervalsOn(day: LocalDay, ranges: readonly LocalRange[]): Interval[] {
  return mergeIntervals(
    ranges
      .map((r) => ({ start: boundaryOf(day, r.start), end: boundaryOf(day, r.end) }))
      .filter((i) => i.start < i.end),
  );
}

function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (start < end) out.push({ start, end });
    }
  }
  return out.sort((p, q) => p.start - q.start);
}

/** Busy time: each booking widened by its own buffers, joined into sorted disjoint intervals (A1). */
function busyIntervals(bookings: readonly Booking[]): Interval[] {
  return mergeIntervals(
    bookings.map((b) => ({
      start: b.start - (b.bufferBefore ?? 0) * MINUTE,
      end: b.end + (b.bufferAfter ?? 0) * MINUTE,
    })),
  );
}

/** Whether `[start, end)` overlaps any of the sorted disjoint busy intervals (binary search). */
function overlapsBusy(busy: readonly Interval[], start: number, end: number): boolean {
  let lo = 0;
  let hi = busy.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  const next = busy[lo];
  return next !== undefined && next.start < end;
}

// --- Availability ----------------------------------------------------------------------------------------

function checkInput(input: AvailabilityInput, duration: number): void {
  const nonNegative = (v: number | undefined, name: string) => {
    if (v !== undefined && !(Number.isFinite(v) && v >= 0)) throw new RangeError(`bad ${name} ${v}`);
  };
  if (!(Number.isFinite(duration) && duration > 0)) throw new RangeError(`bad duration ${duration}`);
  if (!(Number.isInteger(input.step) && input.step >= 1 && input.step <= MINUTES_PER_DAY)) {
    throw new RangeError(`bad step ${input.step}`);
  }
  if (!(Number.isInteger(input.horizonDays) && input.horizonDays >= 0)) {
    throw new RangeError(`bad horizon ${input.horizonDays}`);
  }
  if (!Number.isFinite(input.now)) throw new RangeError(`bad now ${input.now}`);
  nonNegative(input.notice, 'notice');
  nonNegative(input.bufferBefore, 'buffer before');
  nonNegative(input.bufferAfter, 'buffer after');
  for (const b of input.bookings ?? []) {
    nonNegative(b.bufferBefore, 'booking buffer before');
    nonNegative(b.bufferAfter, 'booking buffer after');
  }
  for (const r of Object.values(input.plan)) checkRanges(r ?? [], 'plan');
  for (const r of Object.values(input.shopHours)) checkRanges(r ?? [], 'shop');
  for (const e of [...(input.exceptions ?? []), ...(input.shopExceptions ?? [])]) {
    parseIsoDate(e.date);
    if (e.kind === 'hours') checkRanges(e.ranges, `exception ${e.date}`);
  }
}

/**
 * The instants (epoch ms, ascending, unique) at which one technician can start one service. A start:
 * - is at or after `now + notice`, on a local date from today to today + horizonDays − 1 (A4);
 * - is a wall-clock time whose minute of day is a multiple of `step`, taken at its first occurrence, and
 *   never a time the clock skips (A2, A3);
 * - leaves the whole service `[start, start + duration)` inside one working range of the technician and
 *   inside one opening range of the shop on that date, after exceptions (A5);
 * - `[start − bufferBefore, start + duration + bufferAfter)` overlaps no booking widened by its own
 *   buffers (A1).
 * Throws a RangeError for malformed input (a range outside 0–1440, a step of 0, a negative buffer…).
 */
export function availableStarts(input: AvailabilityInput): number[] {
  const duration = input.technicianDuration ?? input.duration;
  checkInput(input, duration);
  const { timeZone, step } = input;
  const earliest = input.now + (input.notice ?? 0) * MINUTE;
  const before = (input.bufferBefore ?? 0) * MINUTE;
  const length = duration * MINUTE;
  const after = (input.bufferAfter ?? 0) * MINUTE;
  const busy = busyIntervals(input.bookings ?? []);
  const today = localTimeOf(input.now, timeZone).date;

  const starts: number[] = [];
  for (let n = 0; n < input.horizonDays; n += 1) {
    const day = localDay(addDays(today, n), timeZone);
    const work = intervalsOn(day, rangesOn(input.plan, input.exceptions, day.date));
    const open = intervalsOn(day, rangesOn(input.shopHours, input.shopExceptions, day.date));
    const windows = intersect(work, open);
    if (windows.length === 0) continue;
    for (let minute = 0; minute < MINUTES_PER_DAY; minute += step) {
      const start = instantsOf(day, minute)[0];
      if (start === undefined || start < earliest) continue;
      const end = start + length;
      if (!windows.some((w) => w.start <= start && end <= w.end)) continue;
      if (overlapsBusy(busy, start - before, end + after)) continue;
      starts.push(start);
    }
  }
  // Within a day, first occurrences of ascending wall times ascend too; days follow each other.
  return starts;
}

// --- Any technician --------------------------------------------------------------------------------------

export interface TechnicianStarts<Id> {
  readonly technicianId: Id;
  /** That technician's `availableStarts` for the service (with their own duration). */
  readonly starts: readonly number[];
}

export interface AnyTechnicianStart<Id> {
  readonly start: number;
  /** Technicians free for the whole service at `start`, in the order they were given (A6). */
  readonly technicianIds: readonly Id[];
}

/**
 * "Any technician": every instant at which at least one technician can start, ascending, with the
 * technicians who can, in the caller's order (so the caller's preference decides, deterministically).
 */
export function anyTechnician<Id>(perTechnician: readonly TechnicianStarts<Id>[]): AnyTechnicianStart<Id>[] {
  const byStart = new Map<number, Id[]>();
  for (const { technicianId, starts } of perTechnician) {
    for (const start of new Set(starts)) {
      const ids = byStart.get(start);
      if (ids) {
        if (!ids.includes(technicianId)) ids.push(technicianId);
      } else byStart.set(start, [technicianId]);
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, technicianIds]) => ({ start, technicianIds }));
}

/**
 * Picks one of the free technicians: the least booked (by `load`, e.g. minutes booked that day), ties
 * broken by the order given. `undefined` when none is free.
 */
export function pickTechnician<Id>(technicianIds: readonly Id[], load: (id: Id) => number): Id | undefined {
  let best: Id | undefined;
  let bestLoad = Infinity;
  for (const id of technicianIds) {
    const l = load(id);
    if (best === undefined || l < bestLoad) {
      best = id;
      bestLoad = l;
    }
  }
  return best;
}

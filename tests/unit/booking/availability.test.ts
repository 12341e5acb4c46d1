// Appointment availability (issue 16): worked examples, DST days in Paris with Singapore as a control, and
// properties over random plans, exceptions, bookings and clocks. Local readings in these tests come from
// Intl directly, not from the module under test.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  anyTechnician,
  availableStarts,
  instantOf,
  pickTechnician,
  range,
  rangeInstants,
  rangesOn,
} from '../../../src/booking/availability';
import type {
  AvailabilityInput,
  Booking,
  LocalRange,
  PlanException,
  Weekday,
  WeeklyPlan,
} from '../../../src/booking/availability';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// --- An independent reader of local time --------------------------------------------------------------

const readers = new Map<string, Intl.DateTimeFormat>();
/** `'2027-03-28 09:00:00'`: how the instant reads on a wall clock in the zone. */
function read(t: number, zone: string): string {
  let f = readers.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    readers.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
const hm = (t: number, zone: string) => read(t, zone).slice(11, 16);
const dateOf = (t: number, zone: string) => read(t, zone).slice(0, 10);
const minuteOf = (t: number, zone: string) => {
  const s = read(t, zone);
  return Number(s.slice(11, 13)) * 60 + Number(s.slice(14, 16));
};

const SG = 'Asia/Singapore';
const PARIS = 'Europe/Paris';
/** A Singapore wall time as an instant (UTC+8 all year). */
const sg = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);
const everyDay = (ranges: readonly LocalRange[]): WeeklyPlan =>
  Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, ranges])) as WeeklyPlan;
const allDay = everyDay([range('00:00', '24:00')]);

/** A Monday in Singapore with a break in the technician's plan and narrower shop hours. */
const MONDAY = '2026-06-01';
const base: AvailabilityInput = {
  timeZone: SG,
  now: sg('2026-05-31', '20:00'),
  plan: { 1: [range('09:00', '12:30'), range('13:30', '19:00')] },
  shopHours: { 1: [range('10:00', '18:00')] },
  duration: 60,
  step: 30,
  horizonDays: 7,
};
const times = (starts: readonly number[], zone = SG) => starts.map((t) => hm(t, zone));

describe('availability: worked examples', () => {
  it('a plain Monday with a lunch break, inside both the plan and the shop hours', () => {
    const starts = availableStarts(base);
    expect(starts.every((t) => dateOf(t, SG) === MONDAY)).toBe(true);
    // Plan ∩ shop: 10:00–12:30 and 13:30–18:00; an hour must fit: last starts 11:30 and 17:00.
    expect(times(starts)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
    ]);
    expect(starts[0]).toBe(sg(MONDAY, '10:00'));
  });

  it('a day off takes the whole date away and leaves the next Monday', () => {
    const starts = availableStarts({
      ...base,
      horizonDays: 14,
      exceptions: [{ date: MONDAY, kind: 'off' }],
    });
    expect(new Set(starts.map((t) => dateOf(t, SG)))).toEqual(new Set(['2026-06-08']));
    expect(starts).toHaveLength(12);
  });

  it('changed hours replace the plan on that date only, still inside the shop hours', () => {
    const exceptions: PlanException[] = [{ date: MONDAY, kind: 'hours', ranges: [range('14:00', '20:00')] }];
    const starts = availableStarts({ ...base, horizonDays: 14, exceptions });
    const first = starts.filter((t) => dateOf(t, SG) === MONDAY);
    // 14:00–20:00 ∩ 10:00–18:00 = 14:00–18:00.
    expect(times(first)).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00']);
    expect(starts.filter((t) => dateOf(t, SG) === '2026-06-08')).toHaveLength(12);
  });

  it('the shop closed on a date closes it for every technician', () => {
    const starts = availableStarts({ ...base, shopExceptions: [{ date: MONDAY, kind: 'off' }] });
    expect(starts).toEqual([]);
  });

  it('a minimum notice moves the first start to the next aligned time after now + notice', () => {
    const starts = availableStarts({ ...base, now: sg(MONDAY, '10:10'), notice: 60 });
    // now + notice = 11:10; aligned to 30 minutes: 11:30.
    expect(times(starts).slice(0, 2)).toEqual(['11:30', '13:30']);
    // Exactly now + notice is allowed.
    const exact = availableStarts({ ...base, now: sg(MONDAY, '10:30'), notice: 60 });
    expect(times(exact)[0]).toBe('11:30');
  });

  it('the horizon counts local dates from today', () => {
    const plan = everyDay([range('10:00', '12:00')]);
    const input = { ...base, plan, shopHours: allDay, now: sg(MONDAY, '23:30'), duration: 30, step: 60 };
    expect(availableStarts({ ...input, horizonDays: 0 })).toEqual([]);
    // Today is Monday (23:30 local, though already Monday 15:30 in UTC): nothing is left today.
    expect(availableStarts({ ...input, horizonDays: 1 })).toEqual([]);
    const three = availableStarts({ ...input, horizonDays: 3 });
    expect(three.map((t) => `${dateOf(t, SG)} ${hm(t, SG)}`)).toEqual([
      '2026-06-02 10:00',
      '2026-06-02 11:00',
      '2026-06-03 10:00',
      '2026-06-03 11:00',
    ]);
  });

  it("buffers widen both the existing booking (its own) and the new one (the service's)", () => {
    const plan = { 1: [range('10:00', '14:00')] };
    const booking: Booking = { start: sg(MONDAY, '11:00'), end: sg(MONDAY, '12:00'), bufferAfter: 15 };
    const input = { ...base, plan, shopHours: allDay, duration: 30, step: 15, bookings: [booking] };
    // No buffer on the new booking: busy 11:00–12:15.
    expect(times(availableStarts(input))).toEqual([
      '10:00',
      '10:15',
      '10:30',
      '12:15',
      '12:30',
      '12:45',
      '13:00',
      '13:15',
      '13:30',
    ]);
    // The new one needs 10 minutes before and 20 after: s + 30 + 20 ≤ 11:00 and s − 10 ≥ 12:15.
    expect(times(availableStarts({ ...input, bufferBefore: 10, bufferAfter: 20 }))).toEqual([
      '10:00',
      '12:30',
      '12:45',
      '13:00',
      '13:15',
      '13:30',
    ]);
  });

  it('buffers need not fit inside the plan or the shop hours; the service must', () => {
    const starts = availableStarts({ ...base, bufferBefore: 30, bufferAfter: 30 });
    expect(times(starts)[0]).toBe('10:00');
    expect(times(starts).at(-1)).toBe('17:00');
  });

  it("a technician's own duration replaces the service's", () => {
    const starts = availableStarts({ ...base, technicianDuration: 150 });
    // 2 h 30 fits 10:00–12:30 once and 13:30–18:00 from 13:30 to 15:30.
    expect(times(starts)).toEqual(['10:00', '13:30', '14:00', '14:30', '15:00', '15:30']);
  });

  it('starts align to the step counted from local midnight, not from the start of the range', () => {
    const starts = availableStarts({
      ...base,
      plan: { 1: [range('09:10', '11:00')] },
      shopHours: allDay,
      duration: 30,
      step: 15,
    });
    expect(times(starts)).toEqual(['09:15', '09:30', '09:45', '10:00', '10:15', '10:30']);
  });

  it('touching ranges are continuous working time', () => {
    const starts = availableStarts({
      ...base,
      plan: { 1: [range('10:00', '11:00'), range('11:00', '12:00')] },
      shopHours: allDay,
      duration: 90,
    });
    expect(times(starts)).toEqual(['10:00', '10:30']);
  });

  it('refuses malformed input', () => {
    expect(() => availableStarts({ ...base, step: 0 })).toThrow(RangeError);
    expect(() => availableStarts({ ...base, duration: 0 })).toThrow(RangeError);
    expect(() => availableStarts({ ...base, bufferBefore: -5 })).toThrow(RangeError);
    expect(() => availableStarts({ ...base, plan: { 1: [{ start: 600, end: 500 }] } })).toThrow(RangeError);
    expect(() => availableStarts({ ...base, plan: { 1: [{ start: 0, end: 1500 }] } })).toThrow(RangeError);
    expect(() => availableStarts({ ...base, exceptions: [{ date: '2026-02-30', kind: 'off' }] })).toThrow(
      RangeError,
    );
    expect(() => availableStarts({ ...base, timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => range('9:75', '10:00')).toThrow(RangeError);
  });
});

describe('availability: any technician', () => {
  it('lists each start once with the technicians free for it, in the given order', () => {
    const any = anyTechnician([
      { technicianId: 'b', starts: [3, 1] },
      { technicianId: 'a', starts: [1, 2, 2] },
      { technicianId: 'c', starts: [] },
    ]);
    expect(any).toEqual([
      { start: 1, technicianIds: ['b', 'a'] },
      { start: 2, technicianIds: ['a'] },
      { start: 3, technicianIds: ['b'] },
    ]);
  });

  it('each technician is free for their own duration at the starts listed for them', () => {
    const short = availableStarts({ ...base, duration: 60 });
    const long = availableStarts({ ...base, duration: 60, technicianDuration: 180 });
    const any = anyTechnician([
      { technicianId: 1, starts: short },
      { technicianId: 2, starts: long },
    ]);
    for (const { start, technicianIds } of any) {
      expect(technicianIds.includes(1)).toBe(short.includes(start));
      expect(technicianIds.includes(2)).toBe(long.includes(start));
    }
    expect(any.find((s) => hm(s.start, SG) === '14:00')?.technicianIds).toEqual([1, 2]);
    expect(any.find((s) => hm(s.start, SG) === '16:00')?.technicianIds).toEqual([1]);
  });

  it('picks the least booked technician, ties by the given order', () => {
    const load = new Map([
      ['a', 120],
      ['b', 60],
      ['c', 60],
    ]);
    expect(pickTechnician(['a', 'b', 'c'], (id) => load.get(id) ?? 0)).toBe('b');
    expect(pickTechnician(['c', 'b'], (id) => load.get(id) ?? 0)).toBe('c');
    expect(pickTechnician([], () => 0)).toBeUndefined();
  });
});

describe('availability: DST days in Paris, Singapore as a control', () => {
  const daytime = everyDay([range('09:00', '18:00')]);
  const night = everyDay([range('01:00', '04:00')]);
  const dayInput = (zone: string, plan: WeeklyPlan, before: string): AvailabilityInput => ({
    timeZone: zone,
    now: Date.parse(`${before}T00:00:00Z`),
    plan,
    shopHours: allDay,
    duration: 60,
    step: 30,
    horizonDays: 4,
  });
  const byDate = (starts: readonly number[], zone: string) => {
    const out = new Map<string, string[]>();
    for (const t of starts) out.set(dateOf(t, zone), [...(out.get(dateOf(t, zone)) ?? []), hm(t, zone)]);
    return out;
  };
  const nineToFive = Array.from(
    { length: 17 },
    (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  );

  for (const [zone, day] of [
    [PARIS, '2027-03-28'],
    [PARIS, '2026-10-25'],
    [SG, '2027-03-28'],
    [SG, '2026-10-25'],
  ] as const) {
    it(`${zone} ${day}: a 09:00–18:00 plan gives the same wall times as the days around it`, () => {
      const starts = availableStarts(dayInput(zone, daytime, addDays(day, -1)));
      const days = byDate(starts, zone);
      expect([...days.keys()]).toEqual([addDays(day, -1), day, addDays(day, 1), addDays(day, 2)]);
      for (const list of days.values()) expect(list).toEqual(nineToFive);
      // Each start is exactly that local time, to the second, and an hour of service is an hour.
      for (const t of starts) expect(read(t, zone).slice(16)).toBe(':00');
      const onDay = starts.filter((t) => dateOf(t, zone) === day);
      expect(onDay[1]! - onDay[0]!).toBe(30 * MINUTE);
    });
  }

  it('Paris 2027-03-28: a 01:00–04:00 plan loses the skipped hour; a service may span the jump', () => {
    const starts = availableStarts(dayInput(PARIS, night, '2027-03-27'));
    const onDay = starts.filter((t) => dateOf(t, PARIS) === '2027-03-28');
    // 01:00–02:00 CET and 03:00–04:00 CEST: two hours of work. 02:00 and 02:30 do not exist.
    expect(times(onDay, PARIS)).toEqual(['01:00', '01:30', '03:00']);
    expect(onDay).toEqual([
      Date.parse('2027-03-28T00:00:00Z'),
      Date.parse('2027-03-28T00:30:00Z'),
      Date.parse('2027-03-28T01:00:00Z'),
    ]);
    // 01:30 + 60 minutes reads 03:30.
    expect(hm(onDay[1]! + HOUR, PARIS)).toBe('03:30');
    expect(instantOf('2027-03-28', 150, PARIS)).toBeUndefined();
    // A normal night offers five starts.
    expect(byDate(starts, PARIS).get('2027-03-29')).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00']);
  });

  it('Paris 2027-03-28: a range starting in the skipped hour starts when the clock jumps', () => {
    const plan = everyDay([range('02:30', '05:00')]);
    expect(rangeInstants('2027-03-28', range('02:30', '05:00'), PARIS)).toEqual({
      start: Date.parse('2027-03-28T01:00:00Z'),
      end: Date.parse('2027-03-28T03:00:00Z'),
    });
    const onDay = availableStarts(dayInput(PARIS, plan, '2027-03-27')).filter(
      (t) => dateOf(t, PARIS) === '2027-03-28',
    );
    expect(times(onDay, PARIS)).toEqual(['03:00', '03:30', '04:00']);
  });

  it('Paris 2026-10-25: a 01:00–04:00 plan is four hours long; each wall time is offered once, first occurrence', () => {
    const starts = availableStarts(dayInput(PARIS, night, '2026-10-24'));
    const onDay = starts.filter((t) => dateOf(t, PARIS) === '2026-10-25');
    expect(times(onDay, PARIS)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00']);
    expect(onDay).toEqual([
      Date.parse('2026-10-24T23:00:00Z'), // 01:00 CEST
      Date.parse('2026-10-24T23:30:00Z'),
      Date.parse('2026-10-25T00:00:00Z'), // 02:00 CEST, the first 02:00
      Date.parse('2026-10-25T00:30:00Z'),
      Date.parse('2026-10-25T02:00:00Z'), // 03:00 CET
    ]);
    // The second 02:00 and 02:30 (CET) are working time but not offered as starts.
    expect(onDay).not.toContain(Date.parse('2026-10-25T01:00:00Z'));
    expect(instantOf('2026-10-25', 150, PARIS)).toBe(Date.parse('2026-10-25T00:30:00Z'));
    expect(rangeInstants('2026-10-25', range('01:00', '04:00'), PARIS)).toEqual({
      start: Date.parse('2026-10-24T23:00:00Z'),
      end: Date.parse('2026-10-25T03:00:00Z'),
    });
    // A three-hour service fits the four elapsed hours from 01:00 (it ends at 03:00 CET).
    const long = availableStarts({ ...dayInput(PARIS, night, '2026-10-24'), duration: 180 });
    expect(
      times(
        long.filter((t) => dateOf(t, PARIS) === '2026-10-25'),
        PARIS,
      ),
    ).toEqual(['01:00', '01:30', '02:00']);
  });

  it('Singapore: the same 01:00–04:00 plan gives five starts every night', () => {
    for (const before of ['2027-03-27', '2026-10-24']) {
      const days = byDate(availableStarts(dayInput(SG, night, before)), SG);
      // Now is 08:00 in Singapore: the first night has passed; the next three, DST dates included, remain.
      expect([...days.keys()]).toEqual([1, 2, 3].map((n) => addDays(before, n)));
      for (const list of days.values()) expect(list).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00']);
    }
  });

  it('a booking across the fall-back hour blocks by elapsed time', () => {
    // Held from the first 02:00 (00:00Z) for two real hours, to 03:00 CET (02:00Z).
    const bookings = [{ start: Date.parse('2026-10-25T00:00:00Z'), end: Date.parse('2026-10-25T02:00:00Z') }];
    const onDay = availableStarts({ ...dayInput(PARIS, night, '2026-10-24'), bookings }).filter(
      (t) => dateOf(t, PARIS) === '2026-10-25',
    );
    expect(times(onDay, PARIS)).toEqual(['01:00', '03:00']);
  });
});

// --- Properties ----------------------------------------------------------------------------------------

const ZONES = [PARIS, SG, 'America/New_York', 'UTC', 'Australia/Lord_Howe'] as const;
/** Days around DST changes of those zones (Lord Howe moves by 30 minutes), and plain ones. */
const AROUND = [
  '2026-03-08',
  '2026-03-29',
  '2026-04-05',
  '2026-10-04',
  '2026-10-25',
  '2026-11-01',
  '2027-03-28',
];

const localRange = fc
  .record({ start: fc.integer({ min: 0, max: 1439 }), length: fc.integer({ min: 1, max: 720 }) })
  .map(({ start, length }): LocalRange => ({ start, end: Math.min(1440, start + length) }));
const rangesArb = fc.array(localRange, { maxLength: 3 });
const planArb = fc
  .array(rangesArb, { minLength: 7, maxLength: 7 })
  .map((days): WeeklyPlan => Object.fromEntries(days.map((r, d) => [d as Weekday, r])));

interface Case {
  input: AvailabilityInput;
  today: string;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    around: fc.constantFrom(...AROUND),
    nowOffset: fc.integer({ min: -DAY, max: 2 * DAY }),
    plan: planArb,
    shopHours: fc.oneof(planArb, fc.constant(allDay)),
    exceptions: fc.array(fc.record({ day: fc.nat(4), off: fc.boolean(), ranges: rangesArb }), {
      maxLength: 2,
    }),
    shopExceptions: fc.array(fc.record({ day: fc.nat(4), off: fc.boolean(), ranges: rangesArb }), {
      maxLength: 1,
    }),
    duration: fc.integer({ min: 5, max: 240 }),
    technicianDuration: fc.option(fc.integer({ min: 5, max: 240 }), { nil: undefined }),
    bufferBefore: fc.nat(45),
    bufferAfter: fc.nat(45),
    bookings: fc.array(
      fc.record({
        at: fc.integer({ min: -DAY, max: 5 * DAY }),
        minutes: fc.integer({ min: 5, max: 240 }),
        bufferBefore: fc.nat(45),
        bufferAfter: fc.nat(45),
      }),
      { maxLength: 6 },
    ),
    step: fc.constantFrom(5, 7, 10, 15, 20, 30, 45, 60),
    notice: fc.nat(600),
    horizonDays: fc.nat(4),
  })
  .map((r): Case => {
    const now = Date.parse(`${r.around}T00:00:00Z`) + r.nowOffset;
    const today = dateOf(now, r.zone);
    const exception = (e: { day: number; off: boolean; ranges: LocalRange[] }): PlanException =>
      e.off
        ? { date: addDays(today, e.day), kind: 'off' }
        : { date: addDays(today, e.day), kind: 'hours', ranges: e.ranges };
    return {
      today,
      input: {
        timeZone: r.zone,
        now,
        plan: r.plan,
        shopHours: r.shopHours,
        exceptions: r.exceptions.map(exception),
        shopExceptions: r.shopExceptions.map(exception),
        duration: r.duration,
        technicianDuration: r.technicianDuration,
        bufferBefore: r.bufferBefore,
        bufferAfter: r.bufferAfter,
        bookings: r.bookings.map((b) => ({
          start: now + b.at,
          end: now + b.at + b.minutes * MINUTE,
          bufferBefore: b.bufferBefore,
          bufferAfter: b.bufferAfter,
        })),
        step: r.step,
        notice: r.notice,
        horizonDays: r.horizonDays,
      },
    };
  });

const RUNS = { numRuns: 200 };
const durationOf = (i: AvailabilityInput) => (i.technicianDuration ?? i.duration) * MINUTE;

/** Whether `[start, end)` is covered by the union of the ranges' instants on that date, without gaps. */
function covered(date: string, ranges: readonly LocalRange[], zone: string, start: number, end: number) {
  const spans = ranges.map((r) => rangeInstants(date, r, zone)).sort((a, b) => a.start - b.start);
  let reached = start;
  for (const s of spans) if (s.start <= reached) reached = Math.max(reached, s.end);
  return reached >= end;
}

function fits(input: AvailabilityInput, t: number): boolean {
  const date = dateOf(t, input.timeZone);
  const end = t + durationOf(input);
  return (
    covered(date, rangesOn(input.plan, input.exceptions, date), input.timeZone, t, end) &&
    covered(date, rangesOn(input.shopHours, input.shopExceptions, date), input.timeZone, t, end)
  );
}

function clashes(input: AvailabilityInput, t: number): boolean {
  const from = t - (input.bufferBefore ?? 0) * MINUTE;
  const to = t + durationOf(input) + (input.bufferAfter ?? 0) * MINUTE;
  return (input.bookings ?? []).some((b) => {
    const bFrom = b.start - (b.bufferBefore ?? 0) * MINUTE;
    const bTo = b.end + (b.bufferAfter ?? 0) * MINUTE;
    return from < bTo && bFrom < to;
  });
}

const isSubset = (small: readonly number[], big: readonly number[]) => {
  const set = new Set(big);
  return small.every((t) => set.has(t));
};

describe('availability: properties', () => {
  it('no offered start overlaps a booking, both widened by their buffers', () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        for (const t of availableStarts(input)) expect(clashes(input, t)).toBe(false);
      }),
      RUNS,
    );
  });

  it('every offered start fits the plan and the shop hours of its local date, after exceptions', () => {
    fc.assert(
      fc.property(caseArb, ({ input }) => {
        for (const t of availableStarts(input)) expect(fits(input, t)).toBe(true);
      }),
      RUNS,
    );
  });

  it('starts are sorted, unique, aligned to the step in local time, after the notice and within the horizon', () => {
    fc.assert(
      fc.property(caseArb, ({ input, today }) => {
        const starts = availableStarts(input);
        const last = addDays(today, input.horizonDays - 1);
        for (const [i, t] of starts.entries()) {
          if (i > 0) expect(t).toBeGreaterThan(starts[i - 1]!);
          expect(read(t, input.timeZone).slice(17)).toBe('00');
          expect(minuteOf(t, input.timeZone) % input.step).toBe(0);
          expect(t).toBeGreaterThanOrEqual(input.now + (input.notice ?? 0) * MINUTE);
          const date = dateOf(t, input.timeZone);
          expect(date >= today && date <= last).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('every aligned wall time that meets all the rules is offered (completeness)', () => {
    fc.assert(
      fc.property(caseArb, ({ input, today }) => {
        const offered = new Set(availableStarts(input));
        for (let n = 0; n < input.horizonDays; n += 1) {
          const date = addDays(today, n);
          for (let m = 0; m < 1440; m += input.step) {
            const t = instantOf(date, m, input.timeZone);
            if (t === undefined) continue;
            const ok = t >= input.now + (input.notice ?? 0) * MINUTE && fits(input, t) && !clashes(input, t);
            expect(offered.has(t)).toBe(ok);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a longer duration never adds starts', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 1, max: 120 }), ({ input }, extra) => {
        const d = input.technicianDuration ?? input.duration;
        const longer = availableStarts({ ...input, technicianDuration: d + extra });
        expect(isSubset(longer, availableStarts(input))).toBe(true);
      }),
      RUNS,
    );
  });

  it('another booking, or wider buffers, never add starts', () => {
    const extraBooking = fc.record({
      at: fc.integer({ min: -DAY, max: 5 * DAY }),
      minutes: fc.integer({ min: 1, max: 240 }),
    });
    fc.assert(
      fc.property(caseArb, extraBooking, fc.nat(30), ({ input }, b, more) => {
        const starts = availableStarts(input);
        const booked = availableStarts({
          ...input,
          bookings: [
            ...(input.bookings ?? []),
            { start: input.now + b.at, end: input.now + b.at + b.minutes * MINUTE },
          ],
        });
        expect(isSubset(booked, starts)).toBe(true);
        const wider = availableStarts({ ...input, bufferAfter: (input.bufferAfter ?? 0) + more });
        expect(isSubset(wider, starts)).toBe(true);
      }),
      RUNS,
    );
  });

  it('a wall time maps to its first occurrence, or to nothing when the clock skips it', () => {
    const dateArb = fc.integer({ min: 0, max: 3 * 366 }).map((n) => addDays('2026-01-01', n));
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.oneof(dateArb, fc.constantFrom(...AROUND)),
        fc.integer({ min: 0, max: 1439 }),
        (zone, date, minute) => {
          const wall = `${date} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
          const t = instantOf(date, minute, zone);
          // Every offset a zone can have, on a 15-minute grid: which of them read as that wall time?
          const guess = Date.parse(`${wall.replace(' ', 'T')}Z`);
          const readers: number[] = [];
          for (let q = -12 * 4; q <= 14 * 4; q += 1) {
            const candidate = guess - q * 15 * MINUTE;
            if (read(candidate, zone) === wall) readers.push(candidate);
          }
          if (t === undefined) expect(readers).toEqual([]);
          else {
            expect(read(t, zone)).toBe(wall);
            expect(t).toBe(Math.min(...readers));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('anyTechnician lists exactly the union of starts, each with exactly the technicians who have it', () => {
    const lists = fc.array(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 10 }), { maxLength: 4 });
    fc.assert(
      fc.property(lists, (per) => {
        const any = anyTechnician(per.map((starts, id) => ({ technicianId: id, starts })));
        const union = [...new Set(per.flat())].sort((a, b) => a - b);
        expect(any.map((a) => a.start)).toEqual(union);
        for (const { start, technicianIds } of any) {
          expect(technicianIds).toEqual(per.flatMap((s, id) => (s.includes(start) ? [id] : [])));
        }
      }),
      RUNS,
    );
  });
});

// The open-table hourly fee (spec §3, issue 15) over random timers, and across midnight and both
// daylight-saving nights: the fee is a function of the elapsed real time between two instants only.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tableFee } from '../../../src/pricing/fees';
import { moneyContext } from '../../../src/pricing/money';

const RUNS = { numRuns: 2000 };
const cny = moneyContext('CNY', 2);
const MINUTE = 60_000;

const fee = (startAt: number, endAt: number, eachFee: number, feeType: number) =>
  tableFee(cny, { startAt, endAt, eachFee, feeType });

// Any instant from 1970 to 2100, minute-aligned or not, so nothing depends on a round start.
const instant = fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) });
const elapsed = fc.oneof(
  fc.integer({ min: 0, max: 3 * 60 * MINUTE }),
  fc.integer({ min: 0, max: 72 * 60 * MINUTE }),
);
const eachFee = fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }));
const feeType = fc.oneof(fc.constant(1), fc.integer({ min: -3, max: 5 }));

/** The wall clock of an instant in a zone, "2027-03-28 03:30", to show which local times a test spans. */
function wallClock(at: number, timeZone: string): string {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return text.replace('T', ' ');
}

describe('tableFee examples', () => {
  it('type 1 bills started half hours at half the hourly fee each', () => {
    expect(fee(0, 29 * MINUTE, 1500, 1)).toEqual({ billedMinutes: 30, amount: 750 });
    expect(fee(0, 30 * MINUTE, 1500, 1)).toEqual({ billedMinutes: 30, amount: 750 });
    expect(fee(0, 31 * MINUTE, 1500, 1)).toEqual({ billedMinutes: 60, amount: 1500 });
    // one millisecond past a half hour starts the next one
    expect(fee(0, 30 * MINUTE + 1, 1500, 1).billedMinutes).toBe(60);
  });

  it('other types bill started whole hours', () => {
    expect(fee(0, 1, 1500, 0)).toEqual({ billedMinutes: 60, amount: 1500 });
    expect(fee(0, 60 * MINUTE, 1500, 0)).toEqual({ billedMinutes: 60, amount: 1500 });
    expect(fee(0, 61 * MINUTE, 1500, 2)).toEqual({ billedMinutes: 120, amount: 3000 });
  });

  it('bills 0 for no time at all, or an end before the start', () => {
    expect(fee(1_000_000, 1_000_000, 1500, 1)).toEqual({ billedMinutes: 0, amount: 0 });
    expect(fee(1_000_000, 1_000_000, 1500, 0)).toEqual({ billedMinutes: 0, amount: 0 });
    expect(fee(1_000_000, 0, 1500, 0)).toEqual({ billedMinutes: 0, amount: 0 });
  });
});

describe('tableFee at midnight and on daylight-saving nights', () => {
  // The instants are built with Date.UTC from the offsets each zone has on that night (Singapore +08:00
  // all year; Paris +01:00 CET in winter, +02:00 CEST in summer), never by parsing a local time: the
  // fee must come from the real time between two epoch instants, and the wall clock is only checked.

  it('bills a timer from 23:40 to 00:20 like any 40 minutes', () => {
    const startAt = Date.UTC(2026, 11, 31, 23 - 8, 40);
    const endAt = Date.UTC(2027, 0, 1, 0 - 8, 20);
    expect(wallClock(startAt, 'Asia/Singapore')).toBe('2026-12-31 23:40');
    expect(wallClock(endAt, 'Asia/Singapore')).toBe('2027-01-01 00:20');
    expect(fee(startAt, endAt, 1500, 1)).toEqual(fee(0, 40 * MINUTE, 1500, 1));
    expect(fee(startAt, endAt, 1500, 1)).toEqual({ billedMinutes: 60, amount: 1500 });
    expect(fee(startAt, endAt, 1500, 0)).toEqual({ billedMinutes: 60, amount: 1500 });
  });

  it('bills one hour across the spring-forward night in Paris (01:30 → 03:30 local)', () => {
    // 01:30 CET (+01:00) is 00:30 UTC; clocks jump from 02:00 to 03:00; 03:30 CEST (+02:00) is 01:30 UTC.
    const startAt = Date.UTC(2027, 2, 28, 0, 30);
    const endAt = Date.UTC(2027, 2, 28, 1, 30);
    expect(wallClock(startAt, 'Europe/Paris')).toBe('2027-03-28 01:30');
    expect(wallClock(endAt, 'Europe/Paris')).toBe('2027-03-28 03:30');
    expect(fee(startAt, endAt, 1500, 0)).toEqual({ billedMinutes: 60, amount: 1500 });
    expect(fee(startAt, endAt, 1500, 1)).toEqual({ billedMinutes: 60, amount: 1500 });
  });

  it('bills two hours across the fall-back night in Paris (01:30 CEST → 02:30 CET)', () => {
    // 01:30 CEST (+02:00) is 23:30 UTC the day before; clocks go back from 03:00 to 02:00; 02:30 CET
    // (+01:00) is 01:30 UTC. One hour on the wall clock, two real ones.
    const startAt = Date.UTC(2026, 9, 24, 23, 30);
    const endAt = Date.UTC(2026, 9, 25, 1, 30);
    expect(wallClock(startAt, 'Europe/Paris')).toBe('2026-10-25 01:30');
    expect(wallClock(endAt, 'Europe/Paris')).toBe('2026-10-25 02:30');
    expect(fee(startAt, endAt, 1500, 0)).toEqual({ billedMinutes: 120, amount: 3000 });
    expect(fee(startAt, endAt, 1500, 1)).toEqual({ billedMinutes: 120, amount: 3000 });
  });
});

describe('tableFee properties', () => {
  it('never decreases as the end time grows', () => {
    fc.assert(
      fc.property(instant, elapsed, elapsed, eachFee, feeType, (startAt, a, b, hourly, type) => {
        const shorter = fee(startAt, startAt + Math.min(a, b), hourly, type);
        const longer = fee(startAt, startAt + Math.max(a, b), hourly, type);
        expect(longer.billedMinutes).toBeGreaterThanOrEqual(shorter.billedMinutes);
        expect(longer.amount).toBeGreaterThanOrEqual(shorter.amount);
      }),
      RUNS,
    );
  });

  it('depends only on the real time elapsed, not on when the timer started', () => {
    fc.assert(
      fc.property(instant, instant, elapsed, eachFee, feeType, (startAt, otherStart, ms, hourly, type) => {
        expect(fee(startAt, startAt + ms, hourly, type)).toEqual(
          fee(otherStart, otherStart + ms, hourly, type),
        );
      }),
      RUNS,
    );
  });

  it('type 1 bills the started half hours, each at half the hourly fee rounded half-up once', () => {
    fc.assert(
      fc.property(instant, elapsed, eachFee, (startAt, ms, hourly) => {
        const { billedMinutes, amount } = fee(startAt, startAt + ms, hourly, 1);
        expect(billedMinutes % 30).toBe(0);
        // the billed time covers the elapsed time and falls short of it plus a half hour
        expect(billedMinutes * MINUTE).toBeGreaterThanOrEqual(ms);
        expect(billedMinutes * MINUTE).toBeLessThan(ms + 30 * MINUTE);
        if (ms === 0) expect(billedMinutes).toBe(0);
        const halves = billedMinutes / 30;
        // hourly × halves / 2, half-up: an even count of halves is whole hours, exactly
        expect(amount).toBe(Math.floor((hourly * halves + 1) / 2));
        if (halves % 2 === 0) expect(amount).toBe((hourly * halves) / 2);
      }),
      RUNS,
    );
  });

  it('other types bill the started whole hours at the hourly fee', () => {
    fc.assert(
      fc.property(
        instant,
        elapsed,
        eachFee,
        feeType.filter((t) => t !== 1),
        (startAt, ms, hourly, type) => {
          const { billedMinutes, amount } = fee(startAt, startAt + ms, hourly, type);
          expect(billedMinutes % 60).toBe(0);
          expect(billedMinutes * MINUTE).toBeGreaterThanOrEqual(ms);
          expect(billedMinutes * MINUTE).toBeLessThan(ms + 60 * MINUTE);
          if (ms === 0) expect(billedMinutes).toBe(0);
          expect(amount).toBe(hourly * (billedMinutes / 60));
        },
      ),
      RUNS,
    );
  });

  it('bills 0 for no elapsed time or an end before the start, whatever the fee', () => {
    fc.assert(
      fc.property(instant, fc.nat(10 * 60 * MINUTE), eachFee, feeType, (startAt, back, hourly, type) => {
        expect(fee(startAt, startAt, hourly, type)).toEqual({ billedMinutes: 0, amount: 0 });
        expect(fee(startAt, Math.max(0, startAt - back), hourly, type)).toEqual({
          billedMinutes: 0,
          amount: 0,
        });
      }),
      RUNS,
    );
  });
});

// The shop's calendar day and clock, read in its own zone from one cached formatter per zone.
import { describe, expect, it } from 'vitest';
import { localTime, shopToday } from '../../src/domain/hours';

describe('shop day and time', () => {
  it('reads the day in the shop’s zone, not the server’s', () => {
    const lateInUtc = new Date('2026-11-19T23:30:00Z');
    expect(shopToday(lateInUtc, 'Asia/Shanghai')).toBe('2026-11-20');
    expect(shopToday(lateInUtc, 'Europe/Paris')).toBe('2026-11-20');
    expect(shopToday(lateInUtc, 'America/New_York')).toBe('2026-11-19');
  });

  it('reads the time and weekday from the same formatter, across a daylight-saving change', () => {
    const instant = new Date('2026-11-19T23:30:00Z');
    // The day first, then the clock: one cached formatter answers both.
    expect(shopToday(instant, 'Asia/Shanghai')).toBe('2026-11-20');
    expect(localTime(instant, 'Asia/Shanghai')).toEqual({ minutes: 7 * 60 + 30, weekday: 5 });
    // Paris springs forward on 2027-03-28: 01:30 UTC is 03:30 local, a Sunday.
    const spring = new Date('2027-03-28T01:30:00Z');
    expect(localTime(spring, 'Europe/Paris')).toEqual({ minutes: 3 * 60 + 30, weekday: 0 });
    expect(shopToday(spring, 'Europe/Paris')).toBe('2027-03-28');
    // Midnight is 00:00, never 24:00.
    expect(localTime(new Date('2026-11-19T16:00:00Z'), 'Asia/Shanghai')).toEqual({ minutes: 0, weekday: 5 });
  });
});

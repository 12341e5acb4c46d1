// Weekly hours as a shop writes them and starts as a customer reads them: "HH:mm" ranges become minutes
// (bad ones are refused), and an instant is written in the shop's wall time with its offset, whatever the
// zone (half-hour and 45-minute offsets, both DST nights in Paris), parsing back to the same instant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockOf,
  hoursText,
  isoInZone,
  localDateTimeOf,
  localRangeOf,
  planExceptionOf,
  weeklyPlanOf,
} from '../../../src/booking/weekly-hours';

describe('weekly hours', () => {
  it('reads ranges as minutes, a break as the gap between two, midnight as 24:00', () => {
    expect(localRangeOf({ start: '09:30', end: '24:00' })).toEqual({ start: 570, end: 1440 });
    expect(
      weeklyPlanOf({
        '1': [
          { start: '10:00', end: '13:00' },
          { start: '14:00', end: '19:00' },
        ],
        '2': [],
      }),
    ).toEqual({
      1: [
        { start: 600, end: 780 },
        { start: 840, end: 1140 },
      ],
    });
    expect(planExceptionOf({ date: '2027-01-01', kind: 'off' })).toEqual({ date: '2027-01-01', kind: 'off' });
    expect(
      planExceptionOf({ date: '2026-12-31', kind: 'hours', ranges: [{ start: '10:00', end: '17:00' }] }),
    ).toEqual({ date: '2026-12-31', kind: 'hours', ranges: [{ start: 600, end: 1020 }] });
    expect(
      hoursText([
        { start: '10:00', end: '13:00' },
        { start: '14:00', end: '19:00' },
      ]),
    ).toBe('10:00–13:00, 14:00–19:00');
  });

  it('refuses a range that is empty, backwards or not a time of day', () => {
    for (const r of [
      { start: '10:00', end: '10:00' },
      { start: '12:00', end: '09:00' },
      { start: '25:00', end: '26:00' },
      { start: '9am', end: '5pm' },
      { start: '10:60', end: '11:00' },
    ]) {
      expect(() => localRangeOf(r), JSON.stringify(r)).toThrow(RangeError);
    }
  });

  it('writes minutes of the day as clock times', () => {
    expect([0, 59, 570, 1439, 1440].map(clockOf)).toEqual(['00:00', '00:59', '09:30', '23:59', '24:00']);
    expect(() => clockOf(1441)).toThrow(RangeError);
    expect(() => clockOf(1.5)).toThrow(RangeError);
  });
});

describe('instants in a shop’s zone', () => {
  it('carries the offset of the instant, across both Paris clock changes', () => {
    const paris = 'Europe/Paris';
    expect(isoInZone(Date.parse('2027-03-28T00:30:00Z'), paris)).toBe('2027-03-28T01:30:00+01:00');
    expect(isoInZone(Date.parse('2027-03-28T01:30:00Z'), paris)).toBe('2027-03-28T03:30:00+02:00');
    // The repeated hour of the autumn night, once in summer time and once in winter time.
    expect(isoInZone(Date.parse('2026-10-25T00:30:00Z'), paris)).toBe('2026-10-25T02:30:00+02:00');
    expect(isoInZone(Date.parse('2026-10-25T01:30:00Z'), paris)).toBe('2026-10-25T02:30:00+01:00');
    expect(isoInZone(Date.parse('2026-12-02T02:00:00Z'), 'Asia/Shanghai')).toBe('2026-12-02T10:00:00+08:00');
    expect(isoInZone(Date.parse('2026-12-02T02:00:00Z'), 'America/St_Johns')).toBe(
      '2026-12-01T22:30:00-03:30',
    );
    expect(localDateTimeOf(Date.parse('2026-12-02T16:30:00Z'), 'Asia/Shanghai')).toEqual({
      date: '2026-12-03',
      time: '00:30',
    });
  });

  it('parses back to the same instant (to the second) in any zone', () => {
    const zones = [
      'Europe/Paris',
      'Asia/Shanghai',
      'America/New_York',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'UTC',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2035-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        (t, zone) => {
          const iso = isoInZone(t, zone);
          expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
          expect(Date.parse(iso)).toBe(Math.floor(t / 1000) * 1000);
          const { date, time } = localDateTimeOf(t, zone);
          expect(iso.slice(0, 16)).toBe(`${date}T${time}`);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

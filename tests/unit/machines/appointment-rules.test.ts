import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppointmentHold, BeautyAvailabilityInfo } from '../../../src/domain/api/beauty';
import {
  canExtend,
  dayPartOf,
  datesFor,
  firstFreeTime,
  freeTimesFrom,
  groupByDayPart,
  holdDeadline,
  isOffered,
  msUntilExpiry,
  msUntilExtension,
  openingDate,
  EXTEND_AHEAD_MS,
  type KeptHold,
} from '../../../src/machines/appointment/appointment.rules';

const start = (time: string, ids: number[]) => ({ time, startAt: `x${time}`, serviceUserIds: ids });
const AVAILABILITY: BeautyAvailabilityInfo = {
  productId: 1,
  specId: null,
  serviceUserId: null,
  timeZone: 'Europe/Paris',
  serverNow: '2026-11-19T10:00:00Z',
  stepMinutes: 15,
  horizon: { first: '2026-11-19', last: '2026-11-21' },
  serviceUsers: [],
  dates: [
    { date: '2026-11-19', weekday: 4, starts: [] },
    {
      date: '2026-11-20',
      weekday: 5,
      starts: [start('09:00', [1]), start('13:00', [1, 2]), start('18:30', [2])],
    },
    { date: '2026-11-21', weekday: 6, starts: [start('10:00', [2])] },
  ],
};

describe('the time grid', () => {
  it('groups starts under morning (before noon), afternoon (before six) and evening, in order', () => {
    expect(['11:59', '12:00', '17:59', '18:00'].map(dayPartOf)).toEqual([
      'morning',
      'afternoon',
      'afternoon',
      'evening',
    ]);
    const groups = groupByDayPart([
      { time: '09:00' },
      { time: '09:15' },
      { time: '13:00' },
      { time: '19:00' },
    ]);
    expect(groups.map((g) => [g.part, g.starts.length])).toEqual([
      ['morning', 2],
      ['afternoon', 1],
      ['evening', 1],
    ]);
  });

  it('keeps every start, in order, whatever the times', () => {
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.array(clock, { maxLength: 60 }), (times) => {
        const sorted = [...times].sort().map((time) => ({ time }));
        const groups = groupByDayPart(sorted);
        expect(groups.flatMap((g) => g.starts)).toEqual(sorted);
        for (const g of groups) for (const s of g.starts) expect(dayPartOf(s.time)).toBe(g.part);
      }),
    );
  });
});

describe('one technician’s times out of everyone’s', () => {
  it('are the starts that name them; their first is their next free time', () => {
    expect(datesFor(AVAILABILITY, 2).map((d) => d.starts.map((s) => s.time))).toEqual([
      [],
      ['13:00', '18:30'],
      ['10:00'],
    ]);
    expect(firstFreeTime(AVAILABILITY, 1)).toMatchObject({ date: '2026-11-20', time: '09:00' });
    expect(firstFreeTime(AVAILABILITY, 3)).toBeNull();
    expect(firstFreeTime(AVAILABILITY, null)).toMatchObject({ date: '2026-11-20', time: '09:00' });
    expect(isOffered(AVAILABILITY, 2, { date: '2026-11-20', time: '09:00' })).toBe(false);
    expect(isOffered(AVAILABILITY, null, { date: '2026-11-20', time: '09:00' })).toBe(true);
    expect(isOffered(null, null, { date: '2026-11-20', time: '09:00' })).toBe(false);
  });

  it('open on the day asked for when it has times, else the first day that has', () => {
    expect(openingDate(AVAILABILITY, 2, '2026-11-21')).toBe('2026-11-21');
    expect(openingDate(AVAILABILITY, 1, '2026-11-21')).toBe('2026-11-20');
    expect(openingDate(AVAILABILITY, null, null)).toBe('2026-11-20');
    expect(openingDate(AVAILABILITY, 3, null)).toBe('2026-11-19');
  });

  it('offered after a lost time start with it when it is free, then the next ones, up to the count', () => {
    expect(
      freeTimesFrom(AVAILABILITY, null, { date: '2026-11-20', time: '13:00' }, 3).map((t) => t.time),
    ).toEqual(['13:00', '18:30', '10:00']);
    expect(
      freeTimesFrom(AVAILABILITY, 2, { date: '2026-11-20', time: '13:15' }, 1).map((t) => t.time),
    ).toEqual(['18:30']);
  });
});

describe('a hold kept by the page', () => {
  const hold = (expiresAt: string, extendableUntil: string): AppointmentHold => ({
    id: 1,
    productId: 1,
    specId: null,
    serviceUser: { id: 1, jobNo: '', userName: '', tagName: '', headImage: '' },
    assigned: false,
    date: '2026-11-20',
    time: '09:00',
    startAt: '',
    endAt: '',
    duration: 60,
    expiresAt,
    extendableUntil,
    serverNow: '2026-11-19T10:00:00.000Z',
  });
  // The phone's clock is two minutes behind the server's when the hold arrives.
  const received = Date.parse('2026-11-19T09:58:00.000Z');
  const kept = (capped = false): KeptHold => ({
    hold: hold('2026-11-19T10:05:00.000Z', '2026-11-19T10:20:00.000Z'),
    receivedAt: received,
    capped,
  });

  it('counts on the server’s clock, and asks for more time a minute before it lapses', () => {
    expect(msUntilExpiry(kept(), received)).toBe(5 * 60_000);
    expect(msUntilExtension(kept(), received)).toBe(5 * 60_000 - EXTEND_AHEAD_MS);
    expect(msUntilExpiry(kept(), received + 6 * 60_000)).toBe(0);
  });

  it('counts down to the longest it can be kept, and to its expiry once it cannot be extended', () => {
    expect(canExtend(kept())).toBe(true);
    expect(holdDeadline(kept())).toBe('2026-11-19T10:20:00.000Z');
    expect(canExtend(kept(true))).toBe(false);
    expect(holdDeadline(kept(true))).toBe('2026-11-19T10:05:00.000Z');
    const atLimit: KeptHold = {
      ...kept(),
      hold: hold('2026-11-19T10:20:00.000Z', '2026-11-19T10:20:00.000Z'),
    };
    expect(canExtend(atLimit)).toBe(false);
  });
});

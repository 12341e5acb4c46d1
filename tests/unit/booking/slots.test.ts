// The server's use of availability for a service (server/modules/appointments/slots.ts), pure: a service
// needing a room of a counted pool is offered at a start only when some room is free for the whole
// buffered span (properties over random room bookings), the places a booking tries are the free ones in
// order, and "any technician" tries the least booked first (ties by the shop's order).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableStarts } from '../../../src/booking/availability';
import type {
  BookingContext,
  BusyRow,
  TechnicianInfo,
} from '../../../server/modules/appointments/booking-context';
import {
  candidateOrder,
  freePlaces,
  serviceStarts,
  spanOf,
  startInstant,
  technicianStarts,
  type BookableService,
} from '../../../server/modules/appointments/slots';

const MINUTE = 60_000;
const ZONE = 'Asia/Shanghai';
/** Monday 2 March 2026, 08:00 in Shanghai. */
const NOW = new Date('2026-03-02T00:00:00Z');
const DAY_START = Date.parse('2026-03-02T01:00:00Z'); // 09:00
const allWeek = {
  0: [{ start: 540, end: 1080 }],
  1: [{ start: 540, end: 1080 }],
  2: [{ start: 540, end: 1080 }],
};

const tech = (id: number, sort: number): TechnicianInfo => ({
  row: {
    id,
    shopId: 1,
    jobNo: `T${id}`,
    name: { en: `T${id}`, zh: `T${id}` },
    description: { en: '', zh: '' },
    tagId: 1,
    tagName: { en: '', zh: '' },
    phone: '',
    headImage: '',
    canReverse: true,
    sort,
    weeklyPlan: {},
  },
  plan: allWeek,
  exceptions: [],
  services: new Map([[1, null]]),
});

const ctx = (technicians: TechnicianInfo[]): BookingContext => ({
  shopId: 1,
  timeZone: ZONE,
  horizonDays: 1,
  stepMinutes: 15,
  minNoticeMinutes: 0,
  freeChangeHours: 24,
  hours: allWeek,
  exceptions: [],
  services: new Map(),
  technicians,
});

const massage = (capacity: number): BookableService => ({
  productId: 1,
  duration: 60,
  bufferBefore: 5,
  bufferAfter: 15,
  pool: { id: 7, name: { en: 'Room', zh: '房间' }, capacity },
});

const roomBooking = (id: number, place: number, start: number, minutes: number, techId = 99): BusyRow => ({
  id,
  serviceUserId: techId,
  start,
  end: start + minutes * MINUTE,
  bufferBefore: 5,
  bufferAfter: 15,
  poolId: 7,
  poolPlace: place,
});

describe('slots: capacity pools', () => {
  it('offers a start only while a room is free for the whole buffered span', () => {
    const ana = tech(1, 0);
    const c = ctx([ana]);
    const service = massage(2);
    const busy = [
      roomBooking(1, 1, DAY_START + 60 * MINUTE, 60), // room 1: 10:00–11:00 (09:55–11:15 buffered)
      roomBooking(2, 2, DAY_START + 90 * MINUTE, 60), // room 2: 10:30–11:30 (10:25–11:45)
    ];
    const times = technicianStarts(c, ana, service, busy, NOW).map((t) =>
      new Date(t).toISOString().slice(11, 16),
    );
    // 09:00 (08:55–10:15) needs a room: room 2 is free until 10:25.
    expect(times).toContain('01:00');
    // 10:00 (09:55–11:15) overlaps both rooms; 11:30 (11:25–12:45) has room 1 free again.
    expect(times).not.toContain('02:00');
    expect(times).toContain('03:30');
    expect(freePlaces({ id: 7, capacity: 2 }, busy, spanOf(service, DAY_START, 60))).toEqual([2]);
  });

  it('never offers a start without a free room, and offers every start the technician has with one', () => {
    const ana = tech(1, 0);
    const c = ctx([ana]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.array(
          fc.record({
            place: fc.integer({ min: 1, max: 3 }),
            at: fc.integer({ min: 0, max: 36 }),
            minutes: fc.integer({ min: 15, max: 120 }),
          }),
          { maxLength: 8 },
        ),
        (capacity, rooms) => {
          const service = massage(capacity);
          const busy = rooms
            .filter((r) => r.place <= capacity)
            .map((r, i) => roomBooking(i + 1, r.place, DAY_START + r.at * 15 * MINUTE, r.minutes));
          const offered = new Set(technicianStarts(c, ana, service, busy, NOW));
          const own = availableStarts({
            timeZone: ZONE,
            now: NOW.getTime(),
            plan: ana.plan,
            shopHours: c.hours,
            duration: 60,
            bufferBefore: 5,
            bufferAfter: 15,
            step: 15,
            horizonDays: 1,
          });
          for (const start of own) {
            const span = spanOf(service, start, 60);
            const roomFree = Array.from({ length: capacity }, (_, i) => i + 1).some((place) =>
              busy
                .filter((b) => b.poolPlace === place)
                .every((b) => b.end + 15 * MINUTE <= span.from || span.to <= b.start - 5 * MINUTE),
            );
            expect(offered.has(start), new Date(start).toISOString()).toBe(roomFree);
          }
          for (const start of offered) expect(own).toContain(start);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds a free place whenever fewer bookings than rooms overlap a span', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ place: fc.integer({ min: 1, max: 4 }), at: fc.integer({ min: 0, max: 20 }) }), {
          maxLength: 6,
        }),
        (capacity, rows) => {
          const busy = rows
            .filter((r) => r.place <= capacity)
            .map((r, i) => roomBooking(i + 1, r.place, DAY_START + r.at * 15 * MINUTE, 30));
          const span = { from: DAY_START + 60 * MINUTE, to: DAY_START + 120 * MINUTE };
          const overlapping = busy.filter(
            (b) => b.start - 5 * MINUTE < span.to && span.from < b.end + 15 * MINUTE,
          ).length;
          const free = freePlaces({ id: 7, capacity }, busy, span);
          if (overlapping < capacity) expect(free.length).toBeGreaterThan(0);
          expect(free).toEqual([...free].sort((a, b) => a - b));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('slots: any technician', () => {
  it('tries the least booked technician of the day first, ties by the shop’s order', () => {
    const [ana, bo, cy] = [tech(1, 0), tech(2, 1), tech(3, 2)];
    const c = ctx([ana, bo, cy]);
    const start = DAY_START + 300 * MINUTE;
    const busy: BusyRow[] = [
      { ...roomBooking(1, 1, DAY_START, 60, 1), poolId: null, poolPlace: null },
      { ...roomBooking(2, 1, DAY_START + 60 * MINUTE, 30, 3), poolId: null, poolPlace: null },
    ];
    expect(candidateOrder(c, busy, [1, 2, 3], start)).toEqual([2, 3, 1]);
    expect(candidateOrder(c, [], [3, 1, 2], start)).toEqual([3, 1, 2]);
    const merged = serviceStarts(c, [ana, bo, cy], { ...massage(3), pool: null }, busy, NOW);
    expect(merged.find((s) => s.start === DAY_START)?.technicianIds).toEqual([2]);
  });

  it('reads a chosen date and time in the shop’s zone, a date that does not exist as none', () => {
    const c = ctx([]);
    expect(startInstant(c, '2026-03-02', '10:00')).toBe(Date.parse('2026-03-02T02:00:00Z'));
    expect(startInstant(c, '2026-02-30', '10:00')).toBeUndefined();
    expect(startInstant({ ...c, timeZone: 'Europe/Paris' }, '2027-03-28', '02:30')).toBeUndefined();
  });
});

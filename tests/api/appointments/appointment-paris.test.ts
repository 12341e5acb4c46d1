// Availability across the clock changes in the Paris demo salon (shop 9, Europe/Paris, open on Sundays),
// on PGlite and (with TEST_DATABASE_URL) PostgreSQL: on the spring-forward Sunday (2027-03-28) and the
// fall-back Sunday (2026-10-25) the salon's wall times are those of any Sunday, their instants carry the
// new offset, a booking made on such a day is stored at the right instant and shown back at its wall time,
// and "today" is the salon's date, not the server's.
import { describe, expect, it } from 'vitest';
import { chains, shops } from '../../../server/seed/index';
import type {
  AlreadyAppointmentTimesInfo,
  BeautyAvailabilityInfo,
  MerchantDayInfo,
} from '../../../src/domain/api/beauty';
import type { OrderConfirmInfo } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter } from '../orders/order-fixture';
import { beautyCalls } from './appointment-fixture';

const PARIS = 9;
const CUT = 9102; // men's cut: 30 minutes, Camille takes 25, 5 after
const CAMILLE = 9601;
const HOUR = 3_600_000;

describe.each(testDatabases)('the Paris salon across the clock changes on %s', (kind) => {
  const clock = createClock('2027-03-26T07:00:00Z'); // Friday 08:00 in Paris (winter time)
  const h = useTestApp(kind, { seed: { chains, shops }, clock, demoMode: true });
  const { ok, confirm } = beautyCalls(h);
  const camille = (token: string, date: string, days: number) =>
    ok<BeautyAvailabilityInfo>('availability', { productId: CUT, serviceUserId: CAMILLE, date, days }, token);

  it('offers the usual Sunday times on the spring-forward Sunday, an hour closer in elapsed time', async () => {
    clock.set('2027-03-26T07:00:00Z');
    const ann = await enter(h, PARIS);
    const info = await camille(ann, '2027-03-27', 2);
    expect(info.timeZone).toBe('Europe/Paris');
    const [saturday, sunday] = info.dates;
    expect(saturday!.starts[0]).toMatchObject({ time: '10:00', startAt: '2027-03-27T10:00:00+01:00' });
    expect(sunday!.weekday).toBe(0);
    expect(sunday!.starts[0]).toMatchObject({ time: '10:00', startAt: '2027-03-28T10:00:00+02:00' });
    // Sunday: 10:00–13:00 and 14:00–17:00, on the 15-minute grid, as on every Sunday.
    const times = sunday!.starts.map((s) => s.time);
    expect(times).toEqual([
      ...['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30'],
      ...['14:00', '14:15', '14:30', '14:45', '15:00', '15:15', '15:30', '15:45', '16:00', '16:15', '16:30'],
    ]);
    const elapsed = Date.parse(sunday!.starts[0]!.startAt) - Date.parse(saturday!.starts[0]!.startAt);
    expect(elapsed).toBe(23 * HOUR);

    // Booked on that Sunday: stored at 08:00 UTC, read back at 10:00 local.
    const placed = await confirm<OrderConfirmInfo>(ann, {
      products: [{ id: CUT, quantity: 1, tastes: [], mealset: [] }],
      payType: 'Cash',
      payTypeId: 2,
      serviceUser: { id: CAMILLE },
      serviceStartTimeInfo: { date: '2027-03-28', time: '10:00' },
      serviceDuration: 25,
    });
    expect(placed.body.result, placed.body.message).toBe(true);
    expect(placed.body.info.order.appointment).toMatchObject({
      startAt: '2027-03-28T10:00:00+02:00',
      endAt: '2027-03-28T10:25:00+02:00',
      endTime: '10:25',
      timeZone: 'Europe/Paris',
    });
    expect(placed.body.info.order.currency).toBe('EUR');
    const taken = await ok<AlreadyAppointmentTimesInfo>(
      'alreadyAppointmentTimes',
      { serviceUserId: CAMILLE, date: '2027-03-28' },
      ann,
    );
    expect(taken.list).toEqual([
      {
        start: '10:00',
        end: '10:30',
        startAt: '2027-03-28T10:00:00+02:00',
        endAt: '2027-03-28T10:30:00+02:00',
      },
    ]);
    const after = await camille(ann, '2027-03-28', 1);
    expect(after.dates[0]!.starts.map((s) => s.time).slice(0, 2)).toEqual(['10:30', '10:45']);
    const day = await h.inject({
      method: 'POST',
      url: '/merchant/api/appointment/day',
      headers: { 'content-type': 'application/json', authorization: `Bearer demo-merchant-${PARIS}` },
      payload: JSON.stringify({ date: '2027-03-28', serviceUserId: CAMILLE }),
    });
    const list = (day.json() as { info: MerchantDayInfo }).info;
    expect(list.serviceUsers[0]!.appointments.map((a) => a.time)).toEqual(['10:00']);
    expect(list.serviceUsers[0]!.working).toEqual([
      { start: '10:00', end: '13:00' },
      { start: '14:00', end: '17:00' },
    ]);
  });

  it('offers the usual Sunday times on the fall-back Sunday, an hour further in elapsed time', async () => {
    clock.set('2026-10-23T06:00:00Z'); // Friday 08:00 in Paris (summer time)
    const ben = await enter(h, PARIS);
    const info = await camille(ben, '2026-10-24', 2);
    const [saturday, sunday] = info.dates;
    expect(saturday!.starts[0]).toMatchObject({ time: '10:00', startAt: '2026-10-24T10:00:00+02:00' });
    expect(sunday!.starts[0]).toMatchObject({ time: '10:00', startAt: '2026-10-25T10:00:00+01:00' });
    expect(sunday!.starts.map((s) => s.time)).toHaveLength(22);
    expect(Date.parse(sunday!.starts[0]!.startAt) - Date.parse(saturday!.starts[0]!.startAt)).toBe(25 * HOUR);
  });

  it('counts today and the horizon in the salon’s zone, and keeps Mondays and Christmas closed', async () => {
    // 00:30 on Sunday in Paris, still Saturday in UTC.
    clock.set('2027-03-27T23:30:00Z');
    const cy = await enter(h, PARIS);
    const info = await camille(cy, '2027-03-27', 3);
    expect(info.horizon).toEqual({ first: '2027-03-28', last: '2027-04-17' });
    expect(info.dates.map((d) => d.date)).toEqual(['2027-03-28', '2027-03-29']);
    expect(info.dates[1]!.starts).toEqual([]);
    clock.set('2026-12-20T09:00:00Z');
    const christmas = await camille(cy, '2026-12-24', 3);
    expect(christmas.dates.map((d) => [d.date, d.starts.length > 0])).toEqual([
      ['2026-12-24', true],
      ['2026-12-25', false],
      ['2026-12-26', true],
    ]);
  });
});

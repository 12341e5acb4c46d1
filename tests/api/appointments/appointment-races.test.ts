// A time is taken exactly once, by the database (decision A11), on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: 100 customers booking one technician's start at once get one booking and 99 "just taken"
// refusals with the next free times; 100 holding, then 100 booking, a massage needing one of two rooms get
// exactly two; "any technician" moves on to the next free technician of the same start when the first was
// just taken (A6); a technician customers cannot choose by name is refused by name and assigned for "any",
// and "any" books only a technician taking the minutes the page showed (A25).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentBookings, customers, orders } from '../../../server/db/schema';
import { claimSlot, rangeText } from '../../../server/modules/appointments/claims';
import type {
  AppointmentHold,
  AppointmentRejectionInfo,
  BeautyAvailabilityInfo,
} from '../../../src/domain/api/beauty';
import type { OrderConfirmInfo } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter } from '../orders/order-fixture';
import { appointmentOrder, beautyCalls } from './appointment-fixture';
import { ROOMS, SALON, SALON_SERVICE, SALON_STAFF, salonSeed } from './salon-fixture';

/** Monday 2 March 2026, 08:00 in Shanghai. */
const MORNING = '2026-03-02T00:00:00Z';
const TODAY = '2026-03-02';
const MINUTE = 60_000;

describe.each(testDatabases)('appointment races on %s', (kind) => {
  const clock = createClock(MORNING);
  const h = useTestApp(kind, { seed: salonSeed, clock, demoMode: true });
  const { call, ok } = beautyCalls(h);
  const newCustomers = (n: number) => Promise.all(Array.from({ length: n }, () => enter(h, SALON)));
  const active = (productId: number, startsAt: string) =>
    h.database.db
      .select()
      .from(appointmentBookings)
      .where(
        and(
          eq(appointmentBookings.productId, productId),
          eq(appointmentBookings.active, true),
          eq(appointmentBookings.startsAt, new Date(startsAt)),
        ),
      );

  it('gives one of 100 customers booking the same start of one technician the time, the others the next ones', async () => {
    const tokens = await newCustomers(100);
    const replies = await Promise.all(
      tokens.map((token) =>
        h.call<OrderConfirmInfo | AppointmentRejectionInfo>(
          'order/confirm',
          appointmentOrder({
            products: [{ id: SALON_SERVICE.trim, quantity: 1, tastes: [], mealset: [] }],
            serviceUser: { id: SALON_STAFF.ana },
            serviceStartTimeInfo: { date: TODAY, time: '10:00' },
          }),
          { token, language: 'en' },
        ),
      ),
    );
    const won = replies.filter((r) => r.body.result);
    expect(won).toHaveLength(1);
    const lost = replies.filter((r) => !r.body.result).map((r) => r.body.info as AppointmentRejectionInfo);
    expect(lost).toHaveLength(99);
    for (const refusal of lost) {
      expect(refusal.reason).toBe('slotTaken');
      // The trim and its 5 minutes of clean-up take 10:00–10:35: the next grid start is 10:45.
      expect(refusal.nextFree!.map((f) => f.time)).toEqual(['10:45', '11:00', '11:15']);
    }
    expect(await active(SALON_SERVICE.trim, '2026-03-02T02:00:00Z')).toHaveLength(1);
    const placed = await h.database.db.select().from(orders).where(eq(orders.shopId, SALON));
    expect(placed).toHaveLength(1);
  });

  it('lets exactly two of 100 customers hold, then book, a massage at one start: the salon has two rooms', async () => {
    const holders = await newCustomers(100);
    const held = await Promise.all(
      holders.map((token) =>
        call<AppointmentHold | AppointmentRejectionInfo>(
          'hold',
          { productId: SALON_SERVICE.massage, start: { date: TODAY, time: '14:00' } },
          token,
        ),
      ),
    );
    const holds = held.filter((r) => r.body.result).map((r) => r.body.info as AppointmentHold);
    expect(holds).toHaveLength(2);
    expect(new Set(holds.map((x) => x.serviceUser.id)).size).toBe(2);
    expect(
      held
        .filter((r) => !r.body.result)
        .map((r) => [r.status, (r.body.info as AppointmentRejectionInfo).reason]),
    ).toEqual(Array.from({ length: 98 }, () => [200, 'slotTaken']));
    const rows = await active(SALON_SERVICE.massage, '2026-03-02T06:00:00Z');
    expect(rows.map((r) => r.poolPlace).sort()).toEqual([1, 2]);
    expect(rows.every((r) => r.poolId === ROOMS)).toBe(true);

    // 100 customers booking 16:00 directly: two rooms, two bookings.
    const bookers = await newCustomers(100);
    const booked = await Promise.all(
      bookers.map((token) =>
        h.call<OrderConfirmInfo | AppointmentRejectionInfo>(
          'order/confirm',
          appointmentOrder({
            products: [{ id: SALON_SERVICE.massage, quantity: 1, tastes: [], mealset: [] }],
            serviceStartTimeInfo: { date: TODAY, time: '16:00' },
          }),
          { token, language: 'en' },
        ),
      ),
    );
    expect(booked.filter((r) => r.body.result)).toHaveLength(2);
    const losers = booked.filter((r) => !r.body.result);
    expect(losers.map((r) => [r.status, (r.body.info as AppointmentRejectionInfo).reason])).toEqual(
      Array.from({ length: 98 }, () => [200, 'slotTaken']),
    );
    expect(await active(SALON_SERVICE.massage, '2026-03-02T08:00:00Z')).toHaveLength(2);
    // With both rooms taken, a third therapist free at 16:00 is not offered then.
    const starts = await ok<BeautyAvailabilityInfo>(
      'availability',
      { productId: SALON_SERVICE.massage, date: TODAY, days: 1 },
      bookers[0]!,
    );
    expect(starts.dates[0]!.starts.map((s) => s.time)).not.toContain('16:00');
  });

  it('moves "any technician" on to the next free one of the same start when the first was just taken', async () => {
    await newCustomers(2);
    const [first, second] = await h.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.shopId, SALON))
      .orderBy(customers.id)
      .limit(2);
    const start = new Date('2026-03-03T03:00:00Z').getTime(); // 11:00 on Tuesday
    // Ana's time taken behind availability's back, as a racing booking would.
    await h.database.db.insert(appointmentBookings).values({
      shopId: SALON,
      customerId: first!.id,
      orderId: null,
      productId: SALON_SERVICE.trim,
      serviceUserId: SALON_STAFF.ana,
      kind: 'hold',
      status: 'held',
      startsAt: new Date(start),
      endsAt: new Date(start + 30 * MINUTE),
      span: rangeText(start, start + 35 * MINUTE),
      expiresAt: new Date(start),
    });
    const row = await h.database.db.transaction((tx) =>
      claimSlot(
        tx,
        {
          shopId: SALON,
          customerId: second!.id,
          productId: SALON_SERVICE.massage,
          specId: null,
          start,
          service: {
            productId: SALON_SERVICE.massage,
            duration: 60,
            bufferBefore: 0,
            bufferAfter: 15,
            pool: { id: ROOMS, name: { en: 'Room', zh: '房间' }, capacity: 2 },
          },
          candidates: [
            { serviceUserId: SALON_STAFF.ana, duration: 60 },
            { serviceUserId: SALON_STAFF.bo, duration: 60 },
          ],
          assigned: true,
        },
        { kind: 'hold', status: 'held', orderId: null, expiresAt: new Date(start) },
        clock.now(),
      ),
    );
    expect(row).toMatchObject({ serviceUserId: SALON_STAFF.bo, poolPlace: 1, assigned: true });
    // Nothing was left of the refused try.
    const rows = await h.database.db
      .select()
      .from(appointmentBookings)
      .where(eq(appointmentBookings.startsAt, new Date(start)));
    expect(rows.map((r) => r.serviceUserId).sort()).toEqual([SALON_STAFF.ana, SALON_STAFF.bo]);
  });

  it('refuses a trainee by name but assigns them for "any technician"', async () => {
    const [ann, ben] = await newCustomers(2);
    const byName = await call<AppointmentRejectionInfo>(
      'availability',
      { productId: SALON_SERVICE.trim, serviceUserId: SALON_STAFF.trainee },
      ann!,
    );
    expect(byName.body.info.reason).toBe('serviceUserNotBookable');
    expect(byName.body.message).toBe('Trainee cannot be chosen by name: choose “Anyone available”.');
    // Ana holds 15:00; "any" at 15:00 goes to the trainee, who takes 45 minutes.
    await ok(
      'hold',
      {
        productId: SALON_SERVICE.trim,
        serviceUserId: SALON_STAFF.ana,
        start: { date: '2026-03-04', time: '15:00' },
      },
      ann!,
    );
    const any = await ok<AppointmentHold>(
      'hold',
      { productId: SALON_SERVICE.trim, start: { date: '2026-03-04', time: '15:00' } },
      ben!,
    );
    expect(any).toMatchObject({
      serviceUser: expect.objectContaining({ id: SALON_STAFF.trainee }),
      assigned: true,
      duration: 45,
    });
    // Booking by name through a hold of the trainee is refused as well.
    const r = await h.call<AppointmentRejectionInfo>(
      'order/confirm',
      appointmentOrder({
        products: [{ id: SALON_SERVICE.trim, quantity: 1, tastes: [], mealset: [] }],
        serviceUser: { id: SALON_STAFF.trainee },
        serviceStartTimeInfo: { date: '2026-03-04', time: '15:00' },
        holdId: any.id,
      }),
      { token: ben!, language: 'en' },
    );
    expect(r.body.info.reason).toBe('serviceUserNotBookable');
    // As "any", the hold is used.
    const booked = await h.call<OrderConfirmInfo>(
      'order/confirm',
      appointmentOrder({
        products: [{ id: SALON_SERVICE.trim, quantity: 1, tastes: [], mealset: [] }],
        serviceUser: { id: null },
        serviceStartTimeInfo: { date: '2026-03-04', time: '15:00' },
        serviceDuration: 45,
        holdId: any.id,
      }),
      { token: ben!, language: 'en' },
    );
    expect(booked.body.result, booked.body.message).toBe(true);
    expect(booked.body.info.order.appointment).toMatchObject({ id: any.id, assigned: true, duration: 45 });
  });

  it('books "any technician" only with someone taking the minutes the page showed', async () => {
    const [ann, ben, cara, dan] = await newCustomers(4);
    const trim = (token: string, date: string, time: string, over: Record<string, unknown> = {}) =>
      h.call<OrderConfirmInfo | AppointmentRejectionInfo>(
        'order/confirm',
        appointmentOrder({
          products: [{ id: SALON_SERVICE.trim, quantity: 1, tastes: [], mealset: [] }],
          serviceStartTimeInfo: { date, time },
          ...over,
        }),
        { token, language: 'en' },
      );
    // Ana has 15:00 on Thursday: only the trainee, who takes 45 minutes, is free then.
    expect(
      (await trim(ann!, '2026-03-05', '15:00', { serviceUser: { id: SALON_STAFF.ana } })).body.result,
    ).toBe(true);
    const refused = await trim(ben!, '2026-03-05', '15:00', { serviceDuration: 30 });
    expect(refused.body.result).toBe(false);
    expect(refused.body.info).toMatchObject({ reason: 'serviceDurationChanged', duration: 45 });
    expect(refused.body.message).toBe(
      'At this time the service takes 45 minutes. Please check the time again.',
    );
    const trainee = await trim(ben!, '2026-03-05', '15:00', { serviceDuration: 45 });
    expect((trainee.body.info as OrderConfirmInfo).order.appointment).toMatchObject({
      serviceUser: expect.objectContaining({ id: SALON_STAFF.trainee }),
      duration: 45,
    });

    // On Friday Ana is busier than the trainee, so the trainee would be picked at 11:00; a page that showed
    // 30 minutes gets Ana, who takes them.
    expect(
      (await trim(ann!, '2026-03-06', '09:00', { serviceUser: { id: SALON_STAFF.ana } })).body.result,
    ).toBe(true);
    const shown = await trim(cara!, '2026-03-06', '11:00', { serviceDuration: 30 });
    expect((shown.body.info as OrderConfirmInfo).order.appointment).toMatchObject({
      serviceUser: expect.objectContaining({ id: SALON_STAFF.ana }),
      assigned: true,
      duration: 30,
    });
    // Nothing shown: the least booked free technician, the trainee.
    const unshown = await trim(dan!, '2026-03-06', '11:00');
    expect((unshown.body.info as OrderConfirmInfo).order.appointment).toMatchObject({
      serviceUser: expect.objectContaining({ id: SALON_STAFF.trainee }),
      duration: 45,
    });
  });
});

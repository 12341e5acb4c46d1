// The appointment calls on the demo beauty studio (shop 5), on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: technicians and settings, availability per service and technician (plans, breaks, days off,
// buffers, the shared treatment room, notice and horizon), holds (taken, replaced, extended, released,
// lapsed), order/confirm of an appointment (with and without a hold, any technician, refusals writing
// nothing), booking in the evening while the studio is closed, the unpaid countdown freeing the time,
// and the appointment in the orders tab.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointmentBookings, orders } from '../../../server/db/schema';
import { expireUnpaidOrders } from '../../../server/modules/orders/order-life';
import { chains, shops } from '../../../server/seed/index';
import type {
  AlreadyAppointmentTimesInfo,
  AppointmentHold,
  AppointmentRejectionInfo,
  BeautyAvailabilityInfo,
  BeautySettingsInfo,
  BeautyUsersInfo,
} from '../../../src/domain/api/beauty';
import type { OrderConfirmInfo, OrderConfirmInput, OrderListInfo } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter } from '../orders/order-fixture';
import { beautyCalls, SERVICE, STUDIO, TECH, TUESDAY, WEDNESDAY, WEDNESDAY_8AM } from './appointment-fixture';

const MINUTE = 60_000;

describe.each(testDatabases)('appointments on %s', (kind) => {
  const clock = createClock(WEDNESDAY_8AM);
  const h = useTestApp(kind, { seed: { chains, shops }, clock, demoMode: true });
  const { call, ok, confirm } = beautyCalls(h);

  const bookings = async () => {
    const [row] = await h.database.db.select({ n: count() }).from(appointmentBookings);
    return row!.n;
  };
  const orderCount = async () => {
    const [row] = await h.database.db.select({ n: count() }).from(orders);
    return row!.n;
  };
  const startsOn = (info: BeautyAvailabilityInfo, date: string) =>
    info.dates.find((d) => d.date === date)?.starts.map((s) => s.time) ?? [];

  it('lists the technicians with their services and own durations, phones masked', async () => {
    const ann = await enter(h, STUDIO);
    const all = await ok<BeautyUsersInfo>('users', {}, ann);
    expect(all.list.map((u) => u.id)).toEqual([TECH.coco, TECH.leo, TECH.mia]);
    const coco = all.list[0]!;
    expect(coco).toMatchObject({
      jobNo: 'S01',
      userName: 'Coco',
      canReverse: true,
      userPhone: '139****5601',
    });
    expect(coco.services).toContainEqual({ productId: SERVICE.womensCut, duration: 75 });
    const spa = await ok<BeautyUsersInfo>('users', { productId: SERVICE.scalpSpa }, ann);
    expect(spa.list.map((u) => u.id)).toEqual([TECH.coco, TECH.leo]);
    expect(spa.list[1]!.services).toEqual([{ productId: SERVICE.scalpSpa, duration: 45 }]);
    const zh = await call<BeautyUsersInfo>('users', {}, ann, 'zh-CN');
    expect(zh.body.info.list[0]!.userName).toBe('可可');
  });

  it('answers the booking settings with the bookable services only', async () => {
    const ann = await enter(h, STUDIO);
    const settings = await ok<BeautySettingsInfo>('settings', {}, ann);
    expect(settings).toMatchObject({
      timeZone: 'Asia/Shanghai',
      stepMinutes: 15,
      minNoticeMinutes: 60,
      horizonDays: 14,
      freeChangeHours: 24,
      holdMinutes: 5,
      holdMaxMinutes: 20,
    });
    const ids = settings.services.map((s) => s.productId);
    expect(ids).toContain(SERVICE.facial);
    // Sold out and offline services are not offered.
    expect(ids).not.toContain(SERVICE.pedicure);
    expect(ids).not.toContain(SERVICE.lashes);
    expect(settings.services.find((s) => s.productId === SERVICE.colour)).toMatchObject({
      duration: 120,
      bufferBefore: 10,
      bufferAfter: 15,
      serviceUserIds: [TECH.coco],
      pool: null,
    });
    expect(settings.services.find((s) => s.productId === SERVICE.facial)?.pool).toMatchObject({
      name: 'Treatment room',
      capacity: 1,
    });
  });

  it('offers each technician’s times inside their plan, around their break, never on a day off', async () => {
    const ann = await enter(h, STUDIO);
    const leo = await ok<BeautyAvailabilityInfo>(
      'availability',
      { productId: SERVICE.mensCut, serviceUserId: TECH.leo, date: WEDNESDAY, days: 7 },
      ann,
    );
    expect(leo.dates.map((d) => d.date)).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
    ]);
    const wednesday = startsOn(leo, WEDNESDAY);
    expect(wednesday[0]).toBe('10:00');
    // The last start before lunch ends at 13:00; none in the break; the last of the day ends at 19:00.
    expect(wednesday).toContain('12:30');
    expect(wednesday).not.toContain('12:45');
    expect(wednesday).not.toContain('13:30');
    expect(wednesday).toContain('14:00');
    expect(wednesday[wednesday.length - 1]).toBe('18:30');
    // Leo is off on Sundays; the studio is closed on Tuesdays.
    expect(startsOn(leo, '2026-12-06')).toEqual([]);
    expect(startsOn(leo, TUESDAY)).toEqual([]);
    expect(leo.dates.find((d) => d.date === '2026-12-06')!.weekday).toBe(0);
    const first = leo.dates[0]!.starts[0]!;
    expect(first).toEqual({
      time: '10:00',
      startAt: '2026-12-02T10:00:00+08:00',
      serviceUserIds: [TECH.leo],
    });
    expect(leo.serviceUsers).toEqual([expect.objectContaining({ id: TECH.leo, duration: 30 })]);
    expect(leo.horizon).toEqual({ first: WEDNESDAY, last: '2026-12-15' });
  });

  it('merges every technician’s times for any technician, each start naming who is free', async () => {
    const ann = await enter(h, STUDIO);
    const any = await ok<BeautyAvailabilityInfo>(
      'availability',
      { productId: SERVICE.womensCut, date: WEDNESDAY, days: 1 },
      ann,
    );
    const at = (time: string) => any.dates[0]!.starts.find((s) => s.time === time)?.serviceUserIds;
    expect(at('10:00')).toEqual([TECH.leo]);
    expect(at('11:00')).toEqual([TECH.coco, TECH.leo]);
    // Leo lunches from 13:00; Coco's cut takes 75 minutes, so 13:45 is her last start before her break at
    // 15:00 and at 14:00 only Leo is free.
    expect(at('13:30')).toEqual([TECH.coco]);
    expect(at('13:45')).toEqual([TECH.coco]);
    expect(at('14:00')).toEqual([TECH.leo]);
    // Coco's day ends at 20:00: 18:45 is the last start of any cut.
    expect(at('18:45')).toEqual([TECH.coco]);
    expect(at('19:00')).toBeUndefined();
    expect(any.serviceUsers.map((u) => [u.id, u.duration])).toEqual([
      [TECH.coco, 75],
      [TECH.leo, 60],
    ]);
  });

  it('refuses unknown services, technicians and impossible choices, in the request’s language', async () => {
    const ann = await enter(h, STUDIO);
    const refused = async (body: unknown, reason: string, language = 'en') => {
      const r = await call<AppointmentRejectionInfo>('availability', body, ann, language);
      expect(r.body.result, JSON.stringify(body)).toBe(false);
      expect(r.body.info.reason).toBe(reason);
      return r.body.message;
    };
    await refused({ productId: 1101 }, 'serviceNotFound');
    await refused({ productId: SERVICE.pedicure }, 'serviceUnavailable');
    await refused({ productId: SERVICE.lashes }, 'serviceUnavailable');
    await refused({ productId: SERVICE.mensCut, serviceUserId: 9999 }, 'serviceUserNotFound');
    expect(
      await refused({ productId: SERVICE.mensCut, serviceUserId: TECH.mia }, 'serviceUserCannotPerform'),
    ).toBe('Mia does not do this service. Choose someone else or “Anyone available”.');
    expect(
      await refused(
        { productId: SERVICE.mensCut, serviceUserId: TECH.mia },
        'serviceUserCannotPerform',
        'zh-CN',
      ),
    ).toBe('米娅不提供该服务，请选择其他技师或“任意技师”。');
    for (const body of [
      {},
      { productId: 'x' },
      { productId: SERVICE.mensCut, date: '2026-02-30' },
      { productId: SERVICE.mensCut, days: 0 },
    ]) {
      const r = await call('availability', body, ann);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
    // Technicians' taken times: an unknown technician, a malformed date.
    const other = await call<AppointmentRejectionInfo>(
      'alreadyAppointmentTimes',
      { serviceUserId: 9601, date: WEDNESDAY },
      ann,
    );
    expect(other.body.info.reason).toBe('serviceUserNotFound');
    for (const body of [
      { serviceUserId: TECH.leo },
      { serviceUserId: TECH.leo, date: '2026-13-01' },
      { date: WEDNESDAY },
    ]) {
      const r = await call('alreadyAppointmentTimes', body, ann);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
    for (const [action, body] of [
      ['appointments', { scope: 'tomorrow' }],
      ['appointments', { pageLimit: 1000 }],
      ['appointmentDetail', { id: 'one' }],
      ['reschedule', { id: 1, start: { date: WEDNESDAY } }],
      ['cancel', { id: 1, reason: 'x'.repeat(101) }],
      ['extendHold', {}],
      ['releaseHold', { id: 0 }],
      ['users', { productId: -5 }],
    ] as const) {
      const r = await call(action, body, ann);
      expect(r.body.result, action).toBe(false);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
    // Without a session: 401, as every call needing one.
    const anonymous = await h.call('beauty/availability', { productId: SERVICE.mensCut });
    expect(anonymous.status).toBe(401);
    // A shop that takes no appointments.
    const burger = await enter(h, 1);
    const r = await call<AppointmentRejectionInfo>('availability', { productId: 1101 }, burger);
    expect(r.body.info.reason).toBe('appointmentsUnavailable');
    for (const action of ['users', 'settings', 'hold', 'alreadyAppointmentTimes']) {
      const body =
        action === 'hold'
          ? { productId: 1101, start: { date: WEDNESDAY, time: '12:00' } }
          : action === 'alreadyAppointmentTimes'
            ? { serviceUserId: TECH.leo, date: WEDNESDAY }
            : {};
      const refusal = await call<AppointmentRejectionInfo>(action, body, burger);
      expect(refusal.body.info.reason, action).toBe('appointmentsUnavailable');
    }
    expect((await call('users', {}, burger, 'zh-CN')).body.message).toBe('本店不支持预约。');
  });

  it('holds a time, hides it from others, replaces it with the next hold and frees it when released', async () => {
    const ann = await enter(h, STUDIO);
    const ben = await enter(h, STUDIO);
    const hold = await ok<AppointmentHold>(
      'hold',
      { productId: SERVICE.mensCut, serviceUserId: TECH.leo, start: { date: WEDNESDAY, time: '15:00' } },
      ann,
    );
    expect(hold).toMatchObject({
      serviceUser: expect.objectContaining({ id: TECH.leo }),
      assigned: false,
      date: WEDNESDAY,
      time: '15:00',
      startAt: '2026-12-02T15:00:00+08:00',
      endAt: '2026-12-02T15:30:00+08:00',
      duration: 30,
      expiresAt: '2026-12-02T08:05:00+08:00',
      extendableUntil: '2026-12-02T08:20:00+08:00',
    });
    // Ben cannot hold it: the next free times follow the 5 minutes of clean-up.
    const taken = await call<AppointmentRejectionInfo>(
      'hold',
      { productId: SERVICE.mensCut, serviceUserId: TECH.leo, start: { date: WEDNESDAY, time: '15:00' } },
      ben,
    );
    expect(taken.body.info.reason).toBe('slotTaken');
    expect(taken.body.message).toBe('This time was just taken. Please choose another time.');
    expect(taken.body.info.nextFree!.map((f) => f.time)).toEqual(['15:45', '16:00', '16:15']);
    const leo = await ok<BeautyAvailabilityInfo>(
      'availability',
      { productId: SERVICE.mensCut, serviceUserId: TECH.leo, date: WEDNESDAY, days: 1 },
      ben,
    );
    expect(startsOn(leo, WEDNESDAY)).not.toContain('15:00');
    expect(startsOn(leo, WEDNESDAY)).not.toContain('14:30');
    expect(startsOn(leo, WEDNESDAY)).toContain('14:15');

    // Ann's next hold replaces the first: 15:00 is free again.
    const second = await ok<AppointmentHold>(
      'hold',
      { productId: SERVICE.mensCut, serviceUserId: TECH.leo, start: { date: WEDNESDAY, time: '16:00' } },
      ann,
    );
    const busy = await ok<AlreadyAppointmentTimesInfo>(
      'alreadyAppointmentTimes',
      { serviceUserId: TECH.leo, date: WEDNESDAY },
      ben,
    );
    expect(busy.list).toEqual([
      {
        start: '16:00',
        end: '16:35',
        startAt: '2026-12-02T16:00:00+08:00',
        endAt: '2026-12-02T16:35:00+08:00',
      },
    ]);
    // Released: gone for everyone; a second release and a stranger's release change nothing.
    expect(await ok('releaseHold', { id: second.id }, ben)).toEqual({ released: false });
    expect(await ok('releaseHold', { id: second.id }, ann)).toEqual({ released: true });
    expect(await ok('releaseHold', { id: second.id }, ann)).toEqual({ released: false });
    expect(
      (
        await ok<AlreadyAppointmentTimesInfo>(
          'alreadyAppointmentTimes',
          { serviceUserId: TECH.leo, date: WEDNESDAY },
          ben,
        )
      ).list,
    ).toEqual([]);
  });

  it('extends a hold five minutes at a time up to twenty, and lets a lapsed hold go by itself', async () => {
    const ann = await enter(h, STUDIO);
    const ben = await enter(h, STUDIO);
    const body = {
      productId: SERVICE.mensCut,
      serviceUserId: TECH.leo,
      start: { date: WEDNESDAY, time: '17:00' },
    };
    const hold = await ok<AppointmentHold>('hold', body, ann);
    try {
      clock.advance(4 * MINUTE);
      expect((await ok<AppointmentHold>('extendHold', { id: hold.id }, ann)).expiresAt).toBe(
        '2026-12-02T08:09:00+08:00',
      );
      expect(
        (await call<AppointmentRejectionInfo>('extendHold', { id: hold.id }, ben)).body.info.reason,
      ).toBe('holdNotFound');
      clock.advance(4 * MINUTE);
      await ok('extendHold', { id: hold.id }, ann);
      clock.advance(4 * MINUTE);
      await ok('extendHold', { id: hold.id }, ann);
      clock.advance(4 * MINUTE);
      // 16 minutes in: the next extension stops at 20.
      expect((await ok<AppointmentHold>('extendHold', { id: hold.id }, ann)).expiresAt).toBe(
        '2026-12-02T08:20:00+08:00',
      );
      expect(
        (await call<AppointmentRejectionInfo>('extendHold', { id: hold.id }, ann)).body.info.reason,
      ).toBe('holdExtendLimit');
      clock.advance(4 * MINUTE + 1);
      // Lapsed: Ben takes the time without anything having swept the old hold.
      expect(
        (await call<AppointmentRejectionInfo>('extendHold', { id: hold.id }, ann)).body.info.reason,
      ).toBe('holdNotFound');
      await ok<AppointmentHold>('hold', body, ben);
    } finally {
      clock.set(WEDNESDAY_8AM);
    }
  });

  it('books a held time with its order, then shows it in the orders tab', async () => {
    const ann = await enter(h, STUDIO);
    const hold = await ok<AppointmentHold>(
      'hold',
      {
        productId: SERVICE.womensCut,
        serviceUserId: TECH.coco,
        start: { date: '2026-12-03', time: '11:00' },
      },
      ann,
    );
    const r = await confirm<OrderConfirmInfo>(ann, {
      products: [{ id: SERVICE.womensCut, quantity: 1, tastes: [], mealset: [] }],
      holdId: hold.id,
      serviceUser: { id: TECH.coco, userName: 'Coco' },
      serviceStartTimeInfo: { date: '2026-12-03', time: '11:00' },
      serviceDuration: 75,
      beautyUserName: 'Lin Yue',
      beautyUserPhone: '13912345678',
    });
    expect(r.body.result, r.body.message).toBe(true);
    const order = r.body.info.order;
    expect(order).toMatchObject({
      orderType: 'appointment',
      source: 'appointment',
      clientTypeCode: 303,
      status: 'nopay',
    });
    expect(order.amounts.total).toBe(26800);
    expect(order.appointment).toMatchObject({
      status: 'awaitingPayment',
      serviceUser: expect.objectContaining({ id: TECH.coco, userName: 'Coco' }),
      date: '2026-12-03',
      time: '11:00',
      endTime: '12:15',
      duration: 75,
      beautyUserName: 'Lin Yue',
      beautyUserPhone: '13912345678',
      service: expect.objectContaining({ productId: SERVICE.womensCut, name: 'Women’s Cut & Style' }),
      changeDeadlineAt: '2026-12-02T11:00:00+08:00',
      actions: { reschedule: true, cancel: true, pay: true, blockedBy: null },
    });
    // The hold became the booking: one row.
    const rows = await h.database.db
      .select()
      .from(appointmentBookings)
      .where(eq(appointmentBookings.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hold.id);
    expect(rows[0]!.kind).toBe('booking');
    const list = await h.call<OrderListInfo>('order/list', {}, { token: ann, language: 'en' });
    expect(list.body.info.list[0]!.appointment?.id).toBe(hold.id);
  });

  it('refuses an appointment order that breaks a rule, writing nothing', async () => {
    const ann = await enter(h, STUDIO);
    const before = { bookings: await bookings(), orders: await orderCount() };
    const refused = async (body: Partial<OrderConfirmInput>, reason: string) => {
      const r = await confirm<{ reason: string }>(ann, body);
      expect(r.body.result, JSON.stringify(body)).toBe(false);
      expect(r.body.info.reason, r.body.message).toBe(reason);
      expect({ bookings: await bookings(), orders: await orderCount() }).toEqual(before);
      return r.body;
    };
    const at = { serviceStartTimeInfo: { date: WEDNESDAY, time: '15:00' } };
    expect((await refused({}, 'appointmentTimeRequired')).message).toBe('Please choose an appointment time.');
    await refused(
      { ...at, products: [{ id: SERVICE.mensCut, quantity: 2, tastes: [], mealset: [] }] },
      'oneServicePerAppointment',
    );
    await refused(
      {
        ...at,
        products: [
          { id: SERVICE.mensCut, quantity: 1, tastes: [], mealset: [] },
          { id: SERVICE.blowDry, quantity: 1, tastes: [], mealset: [] },
        ],
      },
      'oneServicePerAppointment',
    );
    await refused(
      { ...at, products: [{ id: SERVICE.pedicure, quantity: 1, tastes: [], mealset: [] }] },
      'serviceUnavailable',
    );
    await refused({ ...at, serviceUser: { id: TECH.mia } }, 'serviceUserCannotPerform');
    await refused({ ...at, appointment: { date: WEDNESDAY, time: '15:15' } }, 'appointmentTimeInvalid');
    await refused({ serviceStartTimeInfo: { date: WEDNESDAY, time: '15:05' } }, 'appointmentTimeInvalid');
    await refused({ serviceStartTimeInfo: { date: WEDNESDAY, time: '08:30' } }, 'appointmentTimeInvalid');
    await refused({ serviceStartTimeInfo: { date: TUESDAY, time: '15:00' } }, 'appointmentTimeInvalid');
    await refused({ serviceStartTimeInfo: { date: '2026-12-16', time: '15:00' } }, 'appointmentTimeInvalid');
    await refused({ serviceStartTimeInfo: { date: '2026-02-30', time: '15:00' } }, 'appointmentTimeInvalid');
    await refused({ ...at, serviceDuration: 45 }, 'serviceDurationChanged');
    await refused({ ...at, beautyUserName: 'Lin' }, 'beautyUserIncomplete');
    await refused({ ...at, beautyUserName: 'Lin', beautyUserPhone: '123' }, 'beautyUserPhoneInvalid');
    await refused({ ...at, payType: 'COD', payTypeId: 3 }, 'payTypeInvalid');
    await refused(
      { ...at, products: [{ id: SERVICE.mensCut, quantity: 0, tastes: [], mealset: [] }] },
      'emptyCart',
    );
  });

  it('answers a repeated submit with the first appointment, never a second booking', async () => {
    const ann = await enter(h, STUDIO);
    const body = {
      idempotencyKey: `appointment-replay-${kind}`,
      serviceStartTimeInfo: { date: '2026-12-05', time: '16:00' },
      serviceUser: { id: TECH.leo },
    };
    const replies = await Promise.all([
      confirm<OrderConfirmInfo>(ann, body),
      confirm<OrderConfirmInfo>(ann, body),
    ]);
    for (const r of replies) expect(r.body.result, r.body.message).toBe(true);
    expect(replies[0]!.body.info.order.id).toBe(replies[1]!.body.info.order.id);
    expect(replies.map((r) => r.body.info.replayed).sort()).toEqual([false, true]);
    const rows = await h.database.db
      .select()
      .from(appointmentBookings)
      .where(eq(appointmentBookings.orderId, replies[0]!.body.info.order.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses holds that break a rule, writing nothing', async () => {
    const ann = await enter(h, STUDIO);
    const before = await bookings();
    for (const [body, reason] of [
      [{ productId: SERVICE.mensCut, start: { date: WEDNESDAY, time: '09:00' } }, 'appointmentTimeInvalid'],
      [{ productId: SERVICE.mensCut, start: { date: TUESDAY, time: '15:00' } }, 'appointmentTimeInvalid'],
      [{ productId: SERVICE.lashes, start: { date: WEDNESDAY, time: '15:00' } }, 'serviceUnavailable'],
      [
        { productId: SERVICE.mensCut, serviceUserId: TECH.coco, start: { date: WEDNESDAY, time: '15:00' } },
        'serviceUserCannotPerform',
      ],
      [{ productId: 1101, start: { date: WEDNESDAY, time: '15:00' } }, 'serviceNotFound'],
    ] as const) {
      const r = await call<AppointmentRejectionInfo>('hold', body, ann);
      expect(r.body.info.reason, JSON.stringify(body)).toBe(reason);
    }
    for (const body of [
      {},
      { productId: SERVICE.mensCut },
      { productId: SERVICE.mensCut, start: { date: '2026-02-30', time: '15:00' } },
      { productId: SERVICE.mensCut, start: { date: WEDNESDAY, time: '25:00' } },
      { productId: SERVICE.mensCut, serviceUserId: -1, start: { date: WEDNESDAY, time: '15:00' } },
    ]) {
      const r = await call('hold', body, ann);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
    expect(await bookings()).toBe(before);
  });

  it('books for tomorrow morning in the evening, while the studio is closed', async () => {
    clock.set('2026-12-02T14:30:00Z'); // 22:30 in Shanghai
    try {
      const ann = await enter(h, STUDIO);
      const r = await confirm<OrderConfirmInfo>(ann, {
        serviceStartTimeInfo: { date: '2026-12-03', time: '10:00' },
        serviceUser: { id: TECH.leo },
      });
      expect(r.body.result, r.body.message).toBe(true);
      expect(r.body.info.order.appointment?.startAt).toBe('2026-12-03T10:00:00+08:00');
      // Tonight itself is past the hours.
      const late = await confirm<AppointmentRejectionInfo>(ann, {
        serviceStartTimeInfo: { date: '2026-12-02', time: '22:45' },
      });
      expect(late.body.info.reason).toBe('appointmentTimeInvalid');
    } finally {
      clock.set(WEDNESDAY_8AM);
    }
  });

  it('frees the time of an appointment left unpaid when its countdown ends', async () => {
    const ann = await enter(h, STUDIO);
    const ben = await enter(h, STUDIO);
    const at = { serviceStartTimeInfo: { date: '2026-12-04', time: '10:00' }, serviceUser: { id: TECH.leo } };
    const placed = await confirm<OrderConfirmInfo>(ann, at);
    expect(placed.body.result, placed.body.message).toBe(true);
    expect((await confirm<AppointmentRejectionInfo>(ben, at)).body.info.reason).toBe('slotTaken');
    const deadline = new Date(placed.body.info.order.payDeadlineAt).getTime();
    clock.set(new Date(deadline + 1));
    try {
      // Ben's booking itself expires the due order first: no sweeper needed.
      const second = await confirm<OrderConfirmInfo>(ben, at);
      expect(second.body.result, second.body.message).toBe(true);
      const [first] = await h.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, placed.body.info.order.id));
      expect(first!.status).toBe('nopay_cancel');
      const [freed] = await h.database.db
        .select()
        .from(appointmentBookings)
        .where(and(eq(appointmentBookings.orderId, first!.id)));
      expect(freed).toMatchObject({ status: 'cancelled', active: false });
      expect(await expireUnpaidOrders(h.database.db, clock.now())).toEqual([]);
    } finally {
      clock.set(WEDNESDAY_8AM);
    }
  });
});

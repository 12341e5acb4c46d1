// After booking, on the demo beauty studio (shop 5), on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// the customer's upcoming and past appointments; moving and cancelling inside the shop's window (24 hours
// before) and the clear refusal after it; money going back to the member card or the card paid online; a
// member's limit card paying a covered service; the shop's confirm, arrived, complete, no-show and cancel
// through the merchant API and CLI (404 for another shop's, 409 from the wrong state, nothing changed) and a
// technician's day.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMerchantCli } from '../../../scripts/merchant';
import { appointmentBookings, members, orders } from '../../../server/db/schema';
import type { SandboxDeliver } from '../../../server/payments/sandbox';
import { chains, limitCards, shops } from '../../../server/seed/index';
import type {
  AppointmentInfo,
  AppointmentRejectionInfo,
  BeautyAppointmentsInfo,
  BeautyAvailabilityInfo,
  BeautyCancelInfo,
  MerchantAppointment,
  MerchantDayInfo,
} from '../../../src/domain/api/beauty';
import type { LimitCardListInfo } from '../../../src/domain/api/limit-card';
import type { OrderConfirmInfo, OrderDetail } from '../../../src/domain/api/order';
import type { OrderPayInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp, type TestApp, injectFetch } from '../helpers';
import { enter, login } from '../orders/order-fixture';
import { beautyCalls, PAY, SERVICE, STUDIO, TECH, WEDNESDAY_8AM } from './appointment-fixture';

const CHEN = { phone: '13800000002', member: 5801, password: '135790' };

interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

describe.each(testDatabases)('appointment changes on %s', (kind) => {
  const clock = createClock(WEDNESDAY_8AM);
  const h: TestApp = useTestApp(kind, {
    seed: { chains, shops, limitCards },
    clock,
    demoMode: true,
    payments: {
      gateway: 'sandbox',
      publicUrl: 'https://shop.example',
      sandboxDeliver: (async (delivery: Delivery) =>
        (await post(delivery)).statusCode) satisfies SandboxDeliver,
    },
  });
  const post = (delivery: Delivery) =>
    h.inject({
      method: 'POST',
      url: new URL(delivery.url).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });
  const { call, ok, confirm } = beautyCalls(h);

  /** Books Leo's men's cut at a start, unpaid (cash at the counter chosen later). */
  async function book(token: string, date: string, time: string, over: Record<string, unknown> = {}) {
    const r = await confirm<OrderConfirmInfo>(token, {
      serviceStartTimeInfo: { date, time },
      serviceUser: { id: TECH.leo },
      ...over,
    });
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  }
  const payCash = async (token: string, order: OrderDetail) => {
    const r = await h.call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY.Cash },
      { token, language: 'en' },
    );
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  };
  const appointment = (token: string, id: number) => ok<AppointmentInfo>('appointmentDetail', { id }, token);
  const leoStarts = async (token: string, date: string) =>
    (
      await ok<BeautyAvailabilityInfo>(
        'availability',
        { productId: SERVICE.mensCut, serviceUserId: TECH.leo, date, days: 1 },
        token,
      )
    ).dates[0]!.starts.map((s) => s.time);
  const merchant = async (path: string, body: unknown, shop = STUDIO, language = 'en') => {
    const r = await h.inject({
      method: 'POST',
      url: `/merchant/api/${path}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer demo-merchant-${shop}`,
        language,
      },
      payload: JSON.stringify(body),
    });
    return { status: r.statusCode, body: r.json() as { result: boolean; info: unknown; message: string } };
  };
  const orderRow = async (id: number) =>
    (await h.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('lists upcoming appointments soonest first and past ones latest first, the customer’s own', async () => {
    const ann = await enter(h, STUDIO);
    const later = await book(ann, '2026-12-05', '10:00');
    const sooner = await book(ann, '2026-12-03', '10:00');
    const ben = await enter(h, STUDIO);
    await book(ben, '2026-12-03', '11:00');
    const upcoming = await ok<BeautyAppointmentsInfo>('appointments', {}, ann);
    expect(upcoming.list.map((a) => a.orderId)).toEqual([sooner.id, later.id]);
    expect(upcoming.total).toBe(2);
    const cancelled = await ok<BeautyCancelInfo>('cancel', { id: sooner.appointment!.id }, ann);
    expect(cancelled.appointment.status).toBe('cancelled');
    const past = await ok<BeautyAppointmentsInfo>('appointments', { scope: 'past' }, ann);
    expect(past.list.map((a) => a.id)).toEqual([sooner.appointment!.id]);
    expect((await ok<BeautyAppointmentsInfo>('appointments', {}, ann)).list.map((a) => a.id)).toEqual([
      later.appointment!.id,
    ]);
    // Ben's appointment reads as not found to Ann.
    const bens = await ok<BeautyAppointmentsInfo>('appointments', {}, ben);
    const stranger = await call<AppointmentRejectionInfo>('appointmentDetail', { id: bens.list[0]!.id }, ann);
    expect(stranger.status).toBe(404);
    expect(stranger.body.info.reason).toBe('appointmentNotFound');
    expect((await call('cancel', { id: bens.list[0]!.id }, ann)).status).toBe(404);
  });

  it('moves an appointment inside the window: the old time is free and the new one taken at once', async () => {
    const ann = await enter(h, STUDIO);
    const order = await payCash(ann, await book(ann, '2026-12-09', '10:00'));
    const id = order.appointment!.id;
    expect(order.appointment!.status).toBe('booked');
    await merchant('appointment/confirm', { id });
    expect((await appointment(ann, id)).status).toBe('confirmed');

    const same = await call<AppointmentRejectionInfo>(
      'reschedule',
      { id, start: { date: '2026-12-09', time: '10:00' } },
      ann,
    );
    expect(same.body.info.reason).toBe('sameTime');
    const moved = await call<AppointmentInfo>(
      'reschedule',
      { id, start: { date: '2026-12-09', time: '10:15' } },
      ann,
    );
    expect(moved.body.result, moved.body.message).toBe(true);
    expect(moved.body.message).toBe('Appointment moved to 2026-12-09 10:15.');
    // Moved: the shop confirms the new time again.
    expect(moved.body.info).toMatchObject({
      time: '10:15',
      status: 'booked',
      serviceUser: expect.objectContaining({ id: TECH.leo }),
    });
    const starts = await leoStarts(ann, '2026-12-09');
    expect(starts).toContain('11:00');
    expect(starts).not.toContain('10:15');
    // Any technician for a cut Leo alone does: still Leo.
    const anyone = await ok<AppointmentInfo>(
      'reschedule',
      { id, start: { date: '2026-12-10', time: '14:00' }, serviceUserId: null },
      ann,
    );
    expect(anyone).toMatchObject({ date: '2026-12-10', time: '14:00', assigned: true });
    // Onto someone else's time: refused with the next free times, nothing moved.
    const ben = await enter(h, STUDIO);
    await book(ben, '2026-12-10', '15:00');
    const taken = await call<AppointmentRejectionInfo>(
      'reschedule',
      { id, start: { date: '2026-12-10', time: '15:00' } },
      ann,
    );
    expect(taken.body.info.reason).toBe('slotTaken');
    expect(taken.body.info.nextFree![0]!.time).toBe('15:45');
    expect((await appointment(ann, id)).time).toBe('14:00');
    // A technician who does not do the service.
    const mia = await call<AppointmentRejectionInfo>(
      'reschedule',
      { id, start: { date: '2026-12-10', time: '16:00' }, serviceUserId: TECH.mia },
      ann,
    );
    expect(mia.body.info.reason).toBe('serviceUserCannotPerform');
  });

  it('refuses to move or cancel inside the last 24 hours, saying why, and changes nothing', async () => {
    const ann = await enter(h, STUDIO);
    const order = await payCash(ann, await book(ann, '2026-12-03', '12:00'));
    const id = order.appointment!.id;
    clock.set('2026-12-02T04:00:01Z'); // 12:00:01 the day before
    try {
      const info = await appointment(ann, id);
      expect(info.actions).toEqual({
        reschedule: false,
        cancel: false,
        pay: false,
        blockedBy: 'changeWindowClosed',
      });
      for (const [action, body] of [
        ['reschedule', { id, start: { date: '2026-12-03', time: '14:00' } }],
        ['cancel', { id }],
      ] as const) {
        const r = await call<AppointmentRejectionInfo>(action, body, ann);
        expect(r.body.info).toMatchObject({
          reason: 'changeWindowClosed',
          changeDeadlineAt: '2026-12-02T12:00:00+08:00',
          freeChangeHours: 24,
        });
        expect(r.body.message).toBe(
          'Appointments can be changed or cancelled up to 24 hours before they start. Please call the shop.',
        );
        const zh = await call(action, body, ann, 'zh-CN');
        expect(zh.body.message).toBe('预约开始前 24 小时内不能在线改期或取消，请致电门店。');
      }
      expect(await appointment(ann, id)).toMatchObject({ time: '12:00', status: 'booked' });
    } finally {
      clock.set(WEDNESDAY_8AM);
    }
  });

  it('cancels an appointment paid by member card and gives the money back to the card', async () => {
    const chen = await login(h, STUDIO, CHEN.phone);
    const balance = async () =>
      (await h.database.db.select().from(members).where(eq(members.id, CHEN.member)))[0]!;
    const before = await balance();
    const order = await book(chen, '2026-12-11', '10:00', { payType: 'VIP', payTypeId: PAY.VIP });
    const paid = await h.call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY.VIP, payPassword: CHEN.password },
      { token: chen, language: 'en' },
    );
    expect(paid.body.result, paid.body.message).toBe(true);
    // Member price of the men's cut.
    expect((await balance()).amount).toBe(before.amount - 10800);
    const r = await call<BeautyCancelInfo>(
      'cancel',
      { id: order.appointment!.id, reason: 'Travelling' },
      chen,
    );
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.message).toBe('Appointment cancelled.');
    expect(r.body.info.refund).toEqual({ amount: 10800, to: 'memberCard' });
    expect(r.body.info.appointment).toMatchObject({ status: 'cancelled', orderStatus: 'refund' });
    expect((await balance()).amount).toBe(before.amount);
    expect(await leoStarts(chen, '2026-12-11')).toContain('10:00');
  });

  it('cancels an appointment paid online and refunds it through the gateway', async () => {
    const ann = await enter(h, STUDIO);
    const order = await book(ann, '2026-12-12', '10:00', { payType: 'Card', payTypeId: PAY.Card });
    const started = await h.call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY.Card },
      { token: ann, language: 'en' },
    );
    expect(started.body.result, started.body.message).toBe(true);
    const done = await h.call(
      'sandboxGateway/complete',
      { tradeNo: started.body.info.payment.tradeNo, outcome: 'succeed', cardNumber: '4242 4242 4242 4242' },
      { language: 'en' },
    );
    expect(done.body.result, done.body.message).toBe(true);
    expect((await orderRow(order.id)).status).toBe('pending');
    const r = await ok<BeautyCancelInfo>('cancel', { id: order.appointment!.id }, ann);
    expect(r.refund).toEqual({ amount: 12800, to: 'gateway' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'refund', refundAmount: 12800 });
    expect(r.appointment.status).toBe('cancelled');
  });

  it('lets a member’s limit card pay a covered service in full', async () => {
    const chen = await login(h, STUDIO, CHEN.phone);
    const cards = await h.call<LimitCardListInfo>('store/limitCardList', {}, { token: chen, language: 'en' });
    const card = cards.body.info.list.find((c) => c.productIds.includes(SERVICE.blowDry))!;
    expect(card, JSON.stringify(cards.body)).toBeDefined();
    const r = await confirm<OrderConfirmInfo>(chen, {
      products: [{ id: SERVICE.blowDry, quantity: 1, tastes: [], mealset: [] }],
      serviceStartTimeInfo: { date: '2026-12-12', time: '11:00' },
      serviceUser: { id: TECH.leo },
      payType: 'VIP',
      payTypeId: PAY.VIP,
      limitCardId: card.id,
    });
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.order).toMatchObject({ status: 'pending', paid: true });
    expect(r.body.info.order.amounts.total).toBe(0);
    expect(r.body.info.order.appointment).toMatchObject({ status: 'booked', duration: 25 });

    // With two cuts to pay at the counter, a third is refused the counter, but not a blow-dry her card pays.
    await payCash(chen, await book(chen, '2026-12-04', '10:00'));
    await payCash(chen, await book(chen, '2026-12-04', '11:00'));
    const third = await confirm<AppointmentRejectionInfo>(chen, {
      serviceStartTimeInfo: { date: '2026-12-04', time: '14:00' },
      serviceUser: { id: TECH.leo },
    });
    expect(third.body.info).toMatchObject({ reason: 'counterAppointmentsLimit', limit: 2 });
    const covered = await confirm<OrderConfirmInfo>(chen, {
      products: [{ id: SERVICE.blowDry, quantity: 1, tastes: [], mealset: [] }],
      serviceStartTimeInfo: { date: '2026-12-04', time: '15:00' },
      serviceUser: { id: TECH.leo },
      limitCardId: card.id,
    });
    expect(covered.body.result, covered.body.message).toBe(true);
    expect(covered.body.info.order).toMatchObject({ status: 'pending', paid: true, payType: 'Cash' });
  });

  it('moves an appointment through the shop’s day: confirm, arrived, complete; a no-show; a cancel', async () => {
    const ann = await enter(h, STUDIO);
    const a = await payCash(ann, await book(ann, '2026-12-14', '10:00'));
    const b = await payCash(ann, await book(ann, '2026-12-14', '11:00'));
    // Two to pay at the counter are all a customer may keep (A26): the unpaid ones are to pay online.
    const online = { payType: 'Card', payTypeId: PAY.Card } as const;
    const c = await book(ann, '2026-12-14', '12:00', online);
    const id = a.appointment!.id;
    const d = await book(ann, '2026-12-14', '14:00', online);

    // From the wrong state: 409, nothing changed.
    const early = await merchant('appointment/complete', { id });
    expect(early.status).toBe(409);
    expect(early.body.info).toMatchObject({
      reason: 'wrongState',
      status: 'booked',
      allowed: ['confirmed', 'arrived'],
    });
    const unpaid = await merchant('appointment/confirm', { id: c.appointment!.id });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.info).toMatchObject({ reason: 'awaitingPayment' });
    // Another shop's key: 404.
    expect((await merchant('appointment/confirm', { id }, 1)).status).toBe(404);
    expect((await merchant('appointment/confirm', { id: 'x' })).status).toBe(400);

    const confirmed = await merchant('appointment/confirm', { id });
    expect(confirmed.body).toMatchObject({ result: true, message: 'Done.' });
    expect((confirmed.body.info as { appointment: MerchantAppointment }).appointment).toMatchObject({
      status: 'confirmed',
      orderStatus: 'confirmed',
      allowed: ['arrive', 'complete', 'cancel'],
    });
    await merchant('appointment/arrive', { id });
    const completed = await merchant('appointment/complete', { id });
    expect((completed.body.info as { appointment: MerchantAppointment }).appointment).toMatchObject({
      status: 'completed',
      orderStatus: 'successed',
      paid: true,
      allowed: [],
    });
    expect((await merchant('appointment/cancel', { id })).status).toBe(409);
    // The shop cancels an unpaid one, with a reason the customer reads.
    const cancelled = await merchant('appointment/cancel', { id: d.appointment!.id, reason: 'Leo is ill' });
    expect((cancelled.body.info as { appointment: MerchantAppointment }).appointment).toMatchObject({
      status: 'cancelled',
      orderStatus: 'nopay_cancel',
      merchantReason: 'Leo is ill',
    });
    expect((await appointment(ann, d.appointment!.id)).merchantReason).toBe('Leo is ill');

    // A no-show only once the start has passed.
    const before = await merchant('appointment/noShow', { id: b.appointment!.id });
    expect(before.status).toBe(409);
    expect(before.body.info).toMatchObject({ reason: 'notStarted' });
    clock.set('2026-12-14T03:05:00Z'); // 11:05
    try {
      const noShow = await merchant('appointment/noShow', { id: b.appointment!.id });
      expect((noShow.body.info as { appointment: MerchantAppointment }).appointment).toMatchObject({
        status: 'noShow',
        orderStatus: 'closed',
      });
      // The unpaid one expired with its countdown: the shop has nothing left to cancel.
      const late = await merchant('appointment/cancel', { id: c.appointment!.id });
      expect(late.status).toBe(409);
      expect(late.body.info).toMatchObject({ reason: 'wrongState', status: 'cancelled' });
    } finally {
      clock.set(WEDNESDAY_8AM);
    }
  });

  it('lists a technician’s day and drives the appointments from the command line', async () => {
    const ann = await enter(h, STUDIO);
    const order = await payCash(
      ann,
      await book(ann, '2026-12-12', '15:00', { beautyUserName: 'Lin Yue', beautyUserPhone: '13912345678' }),
    );
    const day = await merchant('appointment/day', { date: '2026-12-12', serviceUserId: TECH.leo });
    const info = day.body.info as MerchantDayInfo;
    expect(info.timeZone).toBe('Asia/Shanghai');
    expect(info.serviceUsers).toHaveLength(1);
    expect(info.serviceUsers[0]!.working).toEqual([
      { start: '10:00', end: '13:00' },
      { start: '14:00', end: '19:00' },
    ]);
    // Chen's blow-dry paid by her card at 11:00, then Lin Yue's cut booked by Ann at 15:00.
    expect(info.serviceUsers[0]!.appointments.map((a) => [a.time, a.beautyUserName, a.allowed])).toEqual([
      ['11:00', '', ['confirm', 'arrive', 'cancel']],
      ['15:00', 'Lin Yue', ['confirm', 'arrive', 'cancel']],
    ]);
    expect(info.serviceUsers[0]!.appointments[0]).toMatchObject({
      customerName: 'Chen Jing',
      customerPhone: '13800000002',
    });
    expect((await merchant('appointment/day', { serviceUserId: 9999 })).status).toBe(404);
    // New Year's Eve the studio closes at 17:00; on New Year's Day nobody works.
    const workingOn = async (date: string) =>
      ((await merchant('appointment/day', { date, serviceUserId: TECH.leo })).body.info as MerchantDayInfo)
        .serviceUsers[0]!.working;
    expect(await workingOn('2026-12-31')).toEqual([
      { start: '10:00', end: '13:00' },
      { start: '14:00', end: '17:00' },
    ]);
    expect(await workingOn('2027-01-01')).toEqual([]);

    const out: string[] = [];
    const err: string[] = [];
    const cliFetch = injectFetch(h);
    const cli = (...args: string[]) =>
      runMerchantCli(
        args,
        { MERCHANT_KEY: `demo-merchant-${STUDIO}` },
        { fetch: cliFetch, out: (l) => out.push(l), err: (l) => err.push(l) },
      );
    expect(await cli('appointment', 'day', '--date', '2026-12-12', '--technician', String(TECH.leo))).toBe(0);
    expect(out.join('\n')).toContain('Leo (S07) 2026-12-12: 10:00-13:00, 14:00-19:00');
    expect(out.join('\n')).toContain(`#${order.appointment!.id}`);
    expect(out.join('\n')).toContain('15:00-15:30 booked');
    out.length = 0;
    expect(await cli('appointment', 'confirm', String(order.appointment!.id))).toBe(0);
    expect(out[0]).toBe('Done.');
    expect(out[1]).toContain('confirmed');
    expect(await cli('appointment', 'no-show', String(order.appointment!.id))).toBe(1);
    expect(err.at(-1)).toContain('has not started yet');
    expect(await cli('appointment', 'day', '--date', 'tomorrow')).toBe(2);
    expect(await cli('appointment', 'bogus', '1')).toBe(2);
  });

  it('frees the time of an appointment the shop refunds through the order actions', async () => {
    const ann = await enter(h, STUDIO);
    const order = await payCash(ann, await book(ann, '2026-12-11', '11:00'));
    const r = await merchant('refund', { orderNo: order.orderNo, reason: 'Closed for a private event' });
    expect(r.body.result, r.body.message).toBe(true);
    const [row] = await h.database.db
      .select()
      .from(appointmentBookings)
      .where(eq(appointmentBookings.orderId, order.id));
    expect(row).toMatchObject({ status: 'cancelled', active: false });
    expect(await leoStarts(ann, '2026-12-11')).toContain('11:00');
  });
});

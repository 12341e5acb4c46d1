// A no-show on the demo beauty studio (shop 5), on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the shop
// keeps what the appointment used, as it keeps the money (decisions A15, A22): the limit card's use, the
// coupon (used when paid, spent when it was to be paid at the counter), while a cancellation by the shop
// still gives them back; and the technician's time after a no-show is free again.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, couponTemplates, customerCoupons, orders } from '../../../server/db/schema';
import { forgetActivities } from '../../../server/modules/coupons/activities';
import { chains, limitCards, shops } from '../../../server/seed/index';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import type { AlreadyAppointmentTimesInfo, MerchantAppointment } from '../../../src/domain/api/beauty';
import type { LimitCardListInfo } from '../../../src/domain/api/limit-card';
import type { OrderConfirmInfo, OrderDetail } from '../../../src/domain/api/order';
import type { OrderPayInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { enter, login, newKey } from '../orders/order-fixture';
import { beautyCalls, PAY, SERVICE, STUDIO, TECH, WEDNESDAY_8AM } from './appointment-fixture';

const CHEN = { phone: '13800000002', password: '135790' };

describe.each(testDatabases)('a no-show on %s', (kind) => {
  const clock = createClock(WEDNESDAY_8AM);
  const h: TestApp = useTestApp(kind, { seed: { chains, shops, limitCards }, clock, demoMode: true });
  const { ok, confirm } = beautyCalls(h);
  let chen: string;
  let tenOff: number;

  beforeAll(async () => {
    const [activity] = await h.database.db
      .insert(activities)
      .values({ shopId: STUDIO, kind: 4, name: { en: 'Studio week', zh: '工作室周' } })
      .returning();
    const [template] = await h.database.db
      .insert(couponTemplates)
      .values({
        activityId: activity!.id,
        kind: 4,
        name: { en: '¥10 off', zh: '减10元' },
        rules: { reductionAmount: 1000, minAmount: 0 },
        channels: ['activity'],
      })
      .returning();
    tenOff = template!.id;
    forgetActivities(h.database.db);
    chen = await login(h, STUDIO, CHEN.phone);
  });

  const merchant = async (action: string, id: number) => {
    const r = await h.inject({
      method: 'POST',
      url: `/merchant/api/appointment/${action}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer demo-merchant-${STUDIO}`,
        language: 'en',
      },
      payload: JSON.stringify({ id }),
    });
    const body = r.json() as { result: boolean; message: string; info: { appointment: MerchantAppointment } };
    expect(body.result, body.message).toBe(true);
    return body.info.appointment;
  };
  const blowDryCard = async (token: string) => {
    const r = await h.call<LimitCardListInfo>('store/limitCardList', {}, { token, language: 'en' });
    return r.body.info.list.find((c) => c.productIds.includes(SERVICE.blowDry))!;
  };
  const claimCoupon = async (token: string) => {
    const r = await h.call<{ coupon: CustomerCoupon }>(
      'activity/receiveCoupon',
      { id: tenOff, idempotencyKey: newKey() },
      { token, language: 'en' },
    );
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.coupon.id;
  };
  const couponRow = async (id: number) =>
    (await h.database.db.select().from(customerCoupons).where(eq(customerCoupons.id, id)))[0]!;
  const book = async (token: string, over: Parameters<typeof confirm>[1]) => {
    const r = await confirm<OrderConfirmInfo>(token, over);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  };
  const pay = async (token: string, order: OrderDetail, body: Record<string, unknown>) => {
    const r = await h.call<OrderPayInfo>('order/pay', { id: order.id, ...body }, { token, language: 'en' });
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  };
  /** The shop's clock at a Shanghai wall time of a date, then back to the morning of 2 December. */
  async function at<T>(iso: string, run: () => Promise<T>): Promise<T> {
    clock.set(iso);
    try {
      return await run();
    } finally {
      clock.set(WEDNESDAY_8AM);
    }
  }

  it('keeps the limit card’s use and the coupon a no-show was paid with', async () => {
    const card = await blowDryCard(chen);
    const byCard = await book(chen, {
      products: [{ id: SERVICE.blowDry, quantity: 1, tastes: [], mealset: [] }],
      serviceStartTimeInfo: { date: '2026-12-09', time: '11:00' },
      serviceUser: { id: TECH.leo },
      payType: 'VIP',
      payTypeId: PAY.VIP,
      limitCardId: card.id,
    });
    expect(byCard).toMatchObject({ status: 'pending', paid: true });
    expect((await blowDryCard(chen)).usedUses).toBe(card.usedUses + 1);

    const couponId = await claimCoupon(chen);
    const cut = await book(chen, {
      serviceStartTimeInfo: { date: '2026-12-09', time: '14:00' },
      serviceUser: { id: TECH.leo },
      couponId,
    });
    expect(cut.amounts.couponDiscount).toBe(1000);
    const paid = await pay(chen, cut, { payTypeId: PAY.VIP, payPassword: CHEN.password });
    expect(paid.paid).toBe(true);
    expect(await couponRow(couponId)).toMatchObject({ state: 'used', orderId: cut.id });

    await at('2026-12-09T06:05:00Z', async () => {
      expect(await merchant('noShow', byCard.appointment!.id)).toMatchObject({
        status: 'noShow',
        orderStatus: 'closed',
      });
      expect(await merchant('noShow', cut.appointment!.id)).toMatchObject({ status: 'noShow' });
    });
    // What was used stays used, as the money stays paid.
    expect((await blowDryCard(chen)).usedUses).toBe(card.usedUses + 1);
    expect(await couponRow(couponId)).toMatchObject({ state: 'used', orderId: cut.id });
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, cut.id));
    expect(row).toMatchObject({ status: 'closed', paid: true, refundAmount: 0 });
  });

  it('spends the coupon of a no-show that was to pay at the counter', async () => {
    const annPhone = await login(h, STUDIO, '13700005501');
    const couponId = await claimCoupon(annPhone);
    const cut = await book(annPhone, {
      serviceStartTimeInfo: { date: '2026-12-10', time: '11:00' },
      serviceUser: { id: TECH.leo },
      couponId,
    });
    await pay(annPhone, cut, { payTypeId: PAY.Cash });
    expect(await couponRow(couponId)).toMatchObject({ state: 'reserved', orderId: cut.id });
    await at('2026-12-10T03:10:00Z', () => merchant('noShow', cut.appointment!.id));
    expect(await couponRow(couponId)).toMatchObject({ state: 'used', orderId: cut.id });
  });

  it('still gives the card’s use back when the shop cancels instead', async () => {
    const card = await blowDryCard(chen);
    const byCard = await book(chen, {
      products: [{ id: SERVICE.blowDry, quantity: 1, tastes: [], mealset: [] }],
      serviceStartTimeInfo: { date: '2026-12-11', time: '11:00' },
      serviceUser: { id: TECH.leo },
      payType: 'VIP',
      payTypeId: PAY.VIP,
      limitCardId: card.id,
    });
    expect((await blowDryCard(chen)).usedUses).toBe(card.usedUses + 1);
    await at('2026-12-11T03:05:00Z', () => merchant('cancel', byCard.appointment!.id));
    expect((await blowDryCard(chen)).usedUses).toBe(card.usedUses);
  });

  it('frees the rest of the technician’s time once the customer is marked a no-show', async () => {
    const ann = await enter(h, STUDIO);
    const cut = await book(ann, {
      serviceStartTimeInfo: { date: '2026-12-12', time: '15:00' },
      serviceUser: { id: TECH.leo },
    });
    await pay(ann, cut, { payTypeId: PAY.Cash });
    const taken = async (token: string) =>
      ok<AlreadyAppointmentTimesInfo>(
        'alreadyAppointmentTimes',
        { serviceUserId: TECH.leo, date: '2026-12-12' },
        token,
      );
    // The cut and its 5 minutes of clean-up.
    expect((await taken(ann)).list.map((t) => [t.start, t.end])).toEqual([['15:00', '15:35']]);
    await at('2026-12-12T07:10:00Z', async () => {
      await merchant('noShow', cut.appointment!.id);
      // Someone looking at Leo's day at 15:10.
      expect((await taken(await enter(h, STUDIO))).list).toEqual([]);
    });
    // The no-show stays on the shop's day and in the customer's past appointments.
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, cut.id));
    expect(row!.status).toBe('closed');
    expect((await ok<{ status: string }>('appointmentDetail', { id: cut.appointment!.id }, ann)).status).toBe(
      'noShow',
    );
  });
});

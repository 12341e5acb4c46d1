// Times red bags over HTTP: the owner's paid orders in the chain from the activity's first day are counted
// (unpaid and refunded ones are not, nor another customer's); every second paid order earns the reward once
// (checkTimesRedBag, five checks at once grant one); an ended activity shows status 0 and grants nothing;
// unknown ids are refused in the request's language.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerCoupons } from '../../../server/db/schema';
import type { CustomerCoupon, TimesRedBag } from '../../../src/domain/api/activity';
import type { OrderDetail } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';
import { seedRedBagWorld, type RedBagWorld } from './red-bag-fixture';

const KEY = `demo-merchant-${SHOP}`;

describe.each(testDatabases)('times red bags on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
  let w: RedBagWorld;
  let locker: string;
  let other: string;

  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  async function ok<T>(path: string, body: unknown, token: string): Promise<T> {
    const r = await call<T>(path, body, token);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info;
  }
  const bags = async (token: string) =>
    (await ok<{ bags: TimesRedBag[] }>('activity/getTimesRedBag', {}, token)).bags;
  const bag = async (token: string, id: number) => (await bags(token)).find((b) => b.id === id)!;
  const check = (token: string, id: number) =>
    call<{ coupons: CustomerCoupon[]; bag: TimesRedBag }>('activity/checkTimesRedBag', { id }, token);
  const paidOrder = async (token: string): Promise<OrderDetail> => {
    const order = await place(h, token, pickupOrder());
    const paid = await call(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      token,
    );
    expect(paid.body.result, paid.body.message).toBe(true);
    return order;
  };
  const rewards = async (phone: string) =>
    h.database.db
      .select()
      .from(customerCoupons)
      .where(
        and(eq(customerCoupons.ownerPhone, phone), like(customerCoupons.grantRef, `times:${w.timesId}:%`)),
      );

  beforeAll(async () => {
    w = await seedRedBagWorld(h.database.db);
    locker = await login(h, SHOP, MEMBERS.locker.phone);
    other = await login(h, SHOP, MEMBERS.rich.phone);
  });

  it('counts paid orders only and earns one reward every second one, once', async () => {
    expect(await bag(locker, w.timesId)).toEqual(
      expect.objectContaining({ status: 1, cumulativeQuantity: 0, limitQuantity: 2, rewardsTaken: 0 }),
    );
    expect((await bag(locker, w.timesId)).reward).toEqual(
      expect.objectContaining({ templateId: w.timesReward.id, activityId: w.timesId }),
    );
    // An unpaid order does not count.
    await place(h, locker, pickupOrder());
    await paidOrder(locker);
    expect(await bag(locker, w.timesId)).toEqual(
      expect.objectContaining({ status: 1, cumulativeQuantity: 1 }),
    );
    const early = await check(locker, w.timesId);
    expect(early.body.result, early.body.message).toBe(true);
    expect(early.body.info.coupons).toEqual([]);

    await paidOrder(locker);
    expect(await bag(locker, w.timesId)).toEqual(
      expect.objectContaining({ status: 2, cumulativeQuantity: 2 }),
    );
    const earned = await check(locker, w.timesId);
    expect(earned.body.message).toBe('Reward claimed.');
    expect(earned.body.info.coupons).toHaveLength(1);
    expect(earned.body.info.coupons[0]).toEqual(
      expect.objectContaining({ templateId: w.timesReward.id, source: 'timesRedBag', state: 'usable' }),
    );
    expect(earned.body.info.bag).toEqual(
      expect.objectContaining({ status: 1, cumulativeQuantity: 0, rewardsTaken: 1 }),
    );
    expect((await check(locker, w.timesId)).body.info.coupons).toEqual([]);
    expect(await rewards(MEMBERS.locker.phone)).toHaveLength(1);
    // Another customer's orders are not this one's.
    expect(await bag(other, w.timesId)).toEqual(
      expect.objectContaining({ cumulativeQuantity: 0, status: 1 }),
    );
  });

  it('grants one reward per cycle when five checks arrive at once', async () => {
    await paidOrder(locker);
    await paidOrder(locker);
    const replies = await Promise.all(Array.from({ length: 5 }, () => check(locker, w.timesId)));
    for (const r of replies) expect(r.body.result, r.body.message).toBe(true);
    expect(replies.flatMap((r) => r.body.info.coupons)).toHaveLength(1);
    const taken = await rewards(MEMBERS.locker.phone);
    expect(taken.map((c) => c.grantRef).sort()).toEqual([`times:${w.timesId}:1`, `times:${w.timesId}:2`]);
  });

  it('does not count a refunded order', async () => {
    const order = await paidOrder(locker);
    expect(await bag(locker, w.timesId)).toEqual(expect.objectContaining({ cumulativeQuantity: 1 }));
    const refund = await h.inject({
      method: 'POST',
      url: '/merchant/api/refund',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, language: 'en' },
      payload: JSON.stringify({ orderNo: order.orderNo, reason: 'Test' }),
    });
    expect(refund.json().result, refund.json().message).toBe(true);
    expect(await bag(locker, w.timesId)).toEqual(expect.objectContaining({ cumulativeQuantity: 0 }));
  });

  it('shows an ended times red bag as status 0 and refuses to grant from it or from unknown ids', async () => {
    expect(await bag(locker, w.endedTimesId)).toEqual(expect.objectContaining({ status: 0 }));
    const ended = await check(locker, w.endedTimesId);
    expect(ended.body).toEqual(expect.objectContaining({ result: false, info: { reason: 'activityEnded' } }));
    const unknown = await call('activity/checkTimesRedBag', { id: w.expandId }, locker, 'es');
    expect(unknown.body).toEqual(
      expect.objectContaining({ result: false, message: 'No se encontró esta promoción.' }),
    );
  });
});

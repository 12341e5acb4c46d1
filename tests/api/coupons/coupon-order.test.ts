// A coupon on an order: checked for its owner and shop, evaluated by the engine again (a browser's discount
// is never read), reserved with the order, used when the order is paid, released when the order is
// cancelled, expires unpaid, is refused or is refunded; a zero discount reserves nothing; 20 concurrent
// orders with one coupon give it to exactly one (the others are refused, decision C25).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, couponTemplates, customerCoupons, orders } from '../../../server/db/schema';
import { forgetActivities } from '../../../server/modules/coupons/activities';
import { expireUnpaidOrders } from '../../../server/modules/orders/order-life';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import type { OrderConfirmInfo, OrderDetail } from '../../../src/domain/api/order';
import { seedCouponWorld, type CouponWorld } from './coupon-fixture';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, newKey, NOON, pickupOrder, SHOP, SISTER } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed } from '../payments/payment-fixture';

const KEY = `demo-merchant-${SHOP}`;

describe.each(testDatabases)('coupons on orders on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
  let w: CouponWorld;
  let rich: string;
  let other: string;

  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  const link = async (token: string, id: number) => {
    const r = await call<{ coupon: CustomerCoupon }>(
      'activity/receiveCoupon',
      { id, idempotencyKey: newKey() },
      token,
    );
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.coupon.id;
  };
  const confirm = (token: string, over: Parameters<typeof pickupOrder>[0] = {}) =>
    call<OrderConfirmInfo>('order/confirm', pickupOrder(over), token);
  const placed = async (token: string, couponId: number) => {
    const r = await confirm(token, { couponId });
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  };
  const couponRow = async (id: number) =>
    (await h.database.db.select().from(customerCoupons).where(eq(customerCoupons.id, id)))[0]!;
  const merchant = async (action: string, orderNo: string) => {
    const r = await h.inject({
      method: 'POST',
      url: `/merchant/api/${action}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, language: 'en' },
      payload: JSON.stringify({ orderNo, reason: 'Test' }),
    });
    expect(r.json().result, r.json().message).toBe(true);
  };
  const payByCard = (token: string, order: OrderDetail) =>
    call('order/pay', { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD }, token);

  beforeAll(async () => {
    w = await seedCouponWorld(h.database.db);
    await h.database.db.update(couponTemplates).set({ total: null });
    rich = await login(h, SHOP, MEMBERS.rich.phone);
    other = await login(h, SHOP, '13700007771');
  });

  it('prices the coupon on the server, reserves it with the order and uses it when paid', async () => {
    const id = await link(rich, w.fiveOff.id);
    // A discount or total sent by the browser is not part of the contract and changes nothing.
    const r = await call<OrderConfirmInfo>(
      'order/confirm',
      { ...pickupOrder({ couponId: id }), couponDiscount: 1900, total: 1 },
      rich,
    );
    expect(r.body.result, r.body.message).toBe(true);
    const order = r.body.info.order;
    expect(order.amounts).toEqual(expect.objectContaining({ goods: 2000, couponDiscount: 500, total: 1500 }));
    expect(await couponRow(id)).toEqual(expect.objectContaining({ state: 'reserved', orderId: order.id }));
    const list = await call<{ coupons: CustomerCoupon[] }>('activity/couponList', { isAll: true }, rich);
    expect(list.body.info.coupons.find((c) => c.id === id)?.state).toBe('reserved');
    // A second order cannot take the reserved coupon.
    const again = await confirm(rich, { couponId: id });
    expect(again.body.info).toEqual({ reason: 'couponUnusable', couponReasons: ['status'] });
    const paid = await payByCard(rich, order);
    expect(paid.body.result, paid.body.message).toBe(true);
    expect(await couponRow(id)).toEqual(expect.objectContaining({ state: 'used', orderId: order.id }));
    expect((await couponRow(id)).usedAt).not.toBeNull();
  });

  it('gives the coupon back on a full refund', async () => {
    const id = await link(rich, w.fiveOff.id);
    const order = await placed(rich, id);
    expect((await payByCard(rich, order)).body.result).toBe(true);
    await merchant('refund', order.orderNo);
    expect(await couponRow(id)).toEqual(
      expect.objectContaining({ state: 'available', orderId: null, usedAt: null }),
    );
  });

  it('gives the coupon back when the customer closes the order', async () => {
    const id = await link(rich, w.fiveOff.id);
    const order = await placed(rich, id);
    const closed = await call('order/close', { id: order.id }, rich);
    expect(closed.body.result, closed.body.message).toBe(true);
    expect(await couponRow(id)).toEqual(expect.objectContaining({ state: 'available', orderId: null }));
    // Usable again.
    const next = await placed(rich, id);
    expect(next.amounts.couponDiscount).toBe(500);
    await call('order/close', { id: next.id }, rich);
  });

  it('gives the coupon back when the unpaid order expires', async () => {
    const id = await link(rich, w.fiveOff.id);
    const order = await placed(rich, id);
    clock.advance(60 * 60_000);
    expect(await expireUnpaidOrders(h.database.db, clock.now())).toContain(order.id);
    expect(await couponRow(id)).toEqual(expect.objectContaining({ state: 'available', orderId: null }));
    clock.set(NOON);
  });

  it('gives the coupon back when the merchant refuses a cash order', async () => {
    const id = await link(rich, w.fiveOff.id);
    const order = await placed(rich, id);
    const settled = await call('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash }, rich);
    expect(settled.body.result, settled.body.message).toBe(true);
    expect((await couponRow(id)).state).toBe('reserved');
    await merchant('refuse', order.orderNo);
    expect(await couponRow(id)).toEqual(expect.objectContaining({ state: 'available', orderId: null }));
  });

  it('does not reserve a coupon that takes nothing off', async () => {
    const id = await link(rich, w.zero.id);
    const order = await placed(rich, id);
    expect(order.amounts.couponDiscount).toBe(0);
    expect(await couponRow(id)).toEqual(expect.objectContaining({ state: 'available', orderId: null }));
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.couponId).toBeNull();
  });

  it("refuses another customer's coupon, one of another shop and one the engine finds unusable", async () => {
    const id = await link(rich, w.fiveOff.id);
    const before = (await h.database.db.select().from(orders)).length;
    const theirs = await confirm(other, { couponId: id });
    expect(theirs.body.info).toEqual({ reason: 'couponUnusable', couponReasons: [] });
    expect(theirs.body.message).toBe('This coupon is not one of yours, or it cannot be used in this shop.');
    const here = await link(rich, w.thisShopOnly.id);
    const sister = await login(h, SISTER, MEMBERS.rich.phone);
    const there = await call<OrderConfirmInfo>(
      'order/confirm',
      pickupOrder({ couponId: here, products: [{ id: 81101, quantity: 2, tastes: [], mealset: [] }] }),
      sister,
    );
    expect(there.body.info).toEqual(expect.objectContaining({ reason: 'couponUnusable' }));
    const [big] = await h.database.db
      .insert(couponTemplates)
      .values({
        activityId: w.activityId,
        kind: 4,
        name: { en: 'Big', zh: 'Big' },
        rules: { reductionAmount: 500, minAmount: 100_000, orderType: 1 },
        channels: ['activity'],
      })
      .returning();
    const bigId = await link(rich, big!.id);
    const r = await confirm(rich, { couponId: bigId });
    expect(r.body.info).toEqual({ reason: 'couponUnusable', couponReasons: ['orderType', 'amount'] });
    expect(r.body.message).toBe(
      'This coupon cannot be used for this order: not for this kind of order, the order amount is too low.',
    );
    const zh = await call('order/confirm', pickupOrder({ couponId: bigId }), rich, 'zh-CN');
    expect(zh.body.message).toBe('该优惠券不能用于本订单：不适用于该点餐方式、订单金额未达到使用门槛。');
    expect((await h.database.db.select().from(orders)).length).toBe(before);
    expect((await couponRow(bigId)).state).toBe('available');
  });

  it('gives one coupon to exactly one of 20 concurrent orders; the others are refused', async () => {
    const id = await link(rich, w.fiveOff.id);
    const before = (await h.database.db.select().from(orders)).length;
    const replies = await Promise.all(Array.from({ length: 20 }, () => confirm(rich, { couponId: id })));
    const won = replies.filter((r) => r.body.result);
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => !x.body.result))
      expect(r.body.info).toEqual({ reason: 'couponUnusable', couponReasons: ['status'] });
    expect((await h.database.db.select().from(orders)).length).toBe(before + 1);
    expect(await couponRow(id)).toEqual(
      expect.objectContaining({ state: 'reserved', orderId: won[0]!.body.info.order.id }),
    );
  });

  it('takes a coupon per cart in order/multiConfirm', async () => {
    const id = await link(rich, w.fiveOff.id);
    const { idempotencyKey: _k, ...cart } = pickupOrder({ couponId: id });
    const r = await call<{ orders: OrderDetail[] }>(
      'order/multiConfirm',
      { idempotencyKey: newKey(), carts: [{ ...cart, shopId: SHOP }] },
      rich,
    );
    expect(r.body.result, r.body.message).toBe(true);
    const [order] = r.body.info.orders;
    expect(order!.amounts.couponDiscount).toBe(500);
    expect(await couponRow(id)).toEqual(expect.objectContaining({ state: 'reserved', orderId: order!.id }));
  });

  it("prices the shop's running price activities", async () => {
    const [row] = await h.database.db
      .insert(activities)
      .values({
        shopId: SHOP,
        kind: 1,
        name: { en: 'Spend 20 get 3 off', zh: '满20减3' },
        rules: { reductionList: [{ full: 2000, less: 300 }] },
      })
      .returning();
    forgetActivities(h.database.db);
    const r = await confirm(other);
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.order.amounts).toEqual(
      expect.objectContaining({ activityDiscount: 300, total: 1700 }),
    );
    await h.database.db.update(activities).set({ status: 0 }).where(eq(activities.id, row!.id));
    forgetActivities(h.database.db);
  });
});

// Forwarding a coupon over HTTP: the owner of an available coupon of a forwardable template gets a link with a
// random key (only its hash is stored); a friend with the key takes the coupon once, atomically (ten friends
// at once: one wins); a wrong key, the owner's own claim, a non-forwardable, another's, a reserved coupon or
// a claimer already holding the same grant are refused in the request's language and change nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerCoupons } from '../../../server/db/schema';
import type { CustomerCoupon, ExpandRedBag } from '../../../src/domain/api/activity';
import type { OrderConfirmInfo } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, newKey, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { paymentSeed } from '../payments/payment-fixture';
import { seedRedBagWorld, type RedBagWorld } from './red-bag-fixture';

interface Forward {
  path: string;
  key: string;
}

describe.each(testDatabases)('forwarding coupons on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
  let w: RedBagWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  let serial = 0;

  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  async function ok<T>(path: string, body: unknown, token: string): Promise<T> {
    const r = await call<T>(path, body, token);
    expect(r.status).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info;
  }
  const claim = async (token: string, templateId: number) =>
    (
      await ok<{ coupon: CustomerCoupon }>(
        'activity/receiveCoupon',
        { id: templateId, idempotencyKey: newKey() },
        token,
      )
    ).coupon;
  const forward = (token: string, id: number) => ok<Forward>('activity/forwardCoupon', { id }, token);
  const take = (token: string, id: number, key: string, language = 'en') =>
    call<{ coupon: CustomerCoupon }>('activity/claimForwarded', { id, key }, token, language);
  const row = async (id: number) =>
    (await h.database.db.select().from(customerCoupons).where(eq(customerCoupons.id, id)))[0]!;
  const refused = async (reply: Promise<{ body: { result: boolean; info: unknown } }>, reason: string) => {
    const r = await reply;
    expect(r.body.result).toBe(false);
    expect(r.body.info).toEqual({ reason });
  };

  beforeAll(async () => {
    w = await seedRedBagWorld(h.database.db);
    alice = await login(h, SHOP, '13700007701');
    bob = await login(h, SHOP, '13700007702');
    carol = await login(h, SHOP, '13700007703');
  });

  it('moves a forwarded coupon to the friend with the key, once', async () => {
    const coupon = await claim(alice, w.forwardable.id);
    expect(coupon.forwardable).toBe(true);
    const link = await forward(alice, coupon.id);
    expect(link.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.path).toBe(
      `/product/expand-red-bag?id=${coupon.pricing.activityId}&from=${coupon.id}&key=${link.key}`,
    );
    const stored = await row(coupon.id);
    expect(stored.forwardKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.forwardKeyHash).not.toContain(link.key);

    const wrong = await take(bob, coupon.id, 'x'.repeat(32), 'fr');
    expect(wrong.body).toEqual(
      expect.objectContaining({
        result: false,
        message: "Ce lien de transfert n'est pas valable ou a déjà servi.",
      }),
    );
    await refused(take(alice, coupon.id, link.key), 'ownCoupon');
    expect((await row(coupon.id)).ownerPhone).toBe('13700007701');

    const taken = await take(bob, coupon.id, link.key);
    expect(taken.body.result, taken.body.message).toBe(true);
    expect(taken.body.message).toBe('The coupon is now yours.');
    expect(taken.body.info.coupon).toEqual(expect.objectContaining({ id: coupon.id, state: 'usable' }));
    expect(await row(coupon.id)).toEqual(
      expect.objectContaining({ ownerPhone: '13700007702', forwardKeyHash: null }),
    );
    await refused(take(carol, coupon.id, link.key), 'wrongKey');
    const bobs = await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, bob);
    expect(bobs.coupons.map((c) => c.id)).toContain(coupon.id);
    const alices = await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, alice);
    expect(alices.coupons.map((c) => c.id)).not.toContain(coupon.id);
    // The old owner can no longer forward it; the new one can.
    await refused(call('activity/forwardCoupon', { id: coupon.id }, alice), 'couponNotFound');
    expect((await forward(bob, coupon.id)).key).not.toBe(link.key);
  });

  it('gives a forwarded coupon to exactly one of ten friends claiming at once', async () => {
    const coupon = await claim(alice, w.forwardable.id);
    const link = await forward(alice, coupon.id);
    const friends = await Promise.all(
      Array.from({ length: 10 }, () => login(h, SHOP, `1370008${String(++serial).padStart(4, '0')}`)),
    );
    const replies = await Promise.all(friends.map((f) => take(f, coupon.id, link.key)));
    expect(replies.filter((r) => r.body.result)).toHaveLength(1);
    for (const r of replies.filter((x) => !x.body.result))
      expect(r.body.info).toEqual({ reason: 'wrongKey' });
    const winner = replies.findIndex((r) => r.body.result);
    expect((await row(coupon.id)).ownerPhone).toBe(`1370008${String(serial - 9 + winner).padStart(4, '0')}`);
  });

  it("refuses coupons that are not forwardable, not the caller's or not available", async () => {
    const plain = await claim(alice, w.fiveOff.id);
    expect(plain.forwardable).toBe(false);
    const r = await call('activity/forwardCoupon', { id: plain.id }, alice, 'zh-CN');
    expect(r.body).toEqual(expect.objectContaining({ result: false, message: '该优惠券不能转赠。' }));
    const mine = await claim(alice, w.forwardable.id);
    await refused(call('activity/forwardCoupon', { id: mine.id }, bob), 'couponNotFound');
    await refused(call('activity/forwardCoupon', { id: 999_999 }, bob), 'couponNotFound');
    // A forward link dies when the coupon goes to an order; a reserved coupon cannot be forwarded.
    const link = await forward(alice, mine.id);
    const placed = await call<OrderConfirmInfo>('order/confirm', pickupOrder({ couponId: mine.id }), alice);
    expect(placed.body.result, placed.body.message).toBe(true);
    expect(await row(mine.id)).toEqual(expect.objectContaining({ state: 'reserved', forwardKeyHash: null }));
    await refused(call('activity/forwardCoupon', { id: mine.id }, alice), 'couponNotAvailable');
    await refused(take(bob, mine.id, link.key), 'wrongKey');
    expect((await row(mine.id)).ownerPhone).toBe('13700007701');
  });

  it('forwards an expand red bag with its page link; a friend already holding a bag cannot take it', async () => {
    const received = await ok<{ bag: ExpandRedBag }>(
      'activity/receiveExpandCoupon',
      { id: w.expandId, idempotencyKey: newKey() },
      carol,
    );
    const bag = received.bag;
    await ok(
      'activity/receiveExpandCoupon',
      { id: w.expandId, idempotencyKey: newKey(), fromRedBagID: bag.id },
      bob,
    );
    const link = await forward(carol, bag.id);
    expect(link.path).toBe(`/product/expand-red-bag?id=${w.expandId}&from=${bag.id}&key=${link.key}`);
    // Bob received a bag of his own when he helped: he cannot hold a second one.
    await refused(take(bob, bag.id, link.key), 'alreadyHolding');
    expect((await row(bag.id)).ownerPhone).toBe('13700007703');
    const dan = await login(h, SHOP, '13700007704');
    const taken = await take(dan, bag.id, link.key);
    expect(taken.body.result, taken.body.message).toBe(true);
    expect(taken.body.info.coupon).toEqual(expect.objectContaining({ expandActivityId: w.expandId }));
    expect(await row(bag.id)).toEqual(expect.objectContaining({ ownerPhone: '13700007704', value: 400 }));
  });
});

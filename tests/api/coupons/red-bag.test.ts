// Expandable red bags over HTTP: an owner receives one bag per activity; friends help it grow (level one to
// the bag, level two to the bag it came from, capped at the maximum), once each, never the owner, never a
// used or expired bag; 20 friends at once are each counted once and the value never passes the cap; the
// same friend 10 times at once helps once; a grown bag is priced at its value on order/confirm and grows no
// more once reserved; activity/detail carries the rules and the linked bag; store/detail names the running
// expand activity. Device-only sessions, others' bags, ended or foreign activities and malformed payloads
// get localized refusals and change nothing.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerCoupons, redBagHelps } from '../../../server/db/schema';
import type { CustomerCoupon, ExpandRedBag, ExpandRules } from '../../../src/domain/api/activity';
import type { OrderConfirmInfo } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, login, newKey, NOON, pickupOrder, SHOP, TODAY } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed } from '../payments/payment-fixture';
import { seedRedBagWorld, type RedBagWorld } from './red-bag-fixture';

interface Received {
  bag: ExpandRedBag;
  helped: ExpandRedBag | null;
}
interface Detail {
  kind: number;
  expand?: { rules: ExpandRules; bag: ExpandRedBag | null };
}

describe.each(testDatabases)('expandable red bags on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
  let w: RedBagWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  let phoneSerial = 0;

  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  async function ok<T>(path: string, body: unknown, token: string): Promise<T> {
    const r = await call<T>(path, body, token);
    expect(r.status).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info;
  }
  const receive = (token: string, id: number, fromRedBagID?: number) =>
    call<Received>(
      'activity/receiveExpandCoupon',
      { id, idempotencyKey: newKey(), ...(fromRedBagID ? { fromRedBagID } : {}) },
      token,
    );
  const received = async (token: string, id: number, from?: number) => {
    const r = await receive(token, id, from);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body;
  };
  const bagRow = async (id: number) =>
    (await h.database.db.select().from(customerCoupons).where(eq(customerCoupons.id, id)))[0]!;
  const helpCount = async (bagId?: number) =>
    (
      await h.database.db
        .select({ n: count() })
        .from(redBagHelps)
        .where(bagId === undefined ? undefined : eq(redBagHelps.bagId, bagId))
    )[0]!.n;
  const held = async () => (await h.database.db.select({ n: count() }).from(customerCoupons))[0]!.n;
  const friend = async () => login(h, SHOP, `1370009${String(++phoneSerial).padStart(4, '0')}`);

  beforeAll(async () => {
    w = await seedRedBagWorld(h.database.db);
    alice = await login(h, SHOP, '13700006661');
    bob = await login(h, SHOP, '13700006662');
    carol = await login(h, SHOP, '13700006663');
  });

  it('asks a device-only session to log in and shows it the rules without a bag', async () => {
    const device = await enter(h, SHOP);
    const before = await held();
    for (const [path, body] of [
      ['activity/receiveExpandCoupon', { id: w.expandId, idempotencyKey: newKey() }],
      ['activity/forwardCoupon', { id: 1 }],
      ['activity/claimForwarded', { id: 1, key: 'k'.repeat(32) }],
      ['activity/getTimesRedBag', {}],
      ['activity/checkTimesRedBag', { id: w.timesId }],
    ] as const) {
      const en = await call(path, body, device);
      expect(en.body.result).toBe(false);
      expect(en.body.info).toEqual({ reason: 'loginRequired' });
      const zh = await call(path, body, device, 'zh-CN');
      expect(zh.body.message).toBe('请先使用手机号登录再领取和使用优惠券。');
    }
    const detail = await ok<Detail>('activity/detail', { id: w.expandId }, device);
    expect(detail.expand?.bag).toBeNull();
    expect(detail.expand?.rules).toEqual(
      expect.objectContaining({ baseAmount: 300, levelOneReward: 100, levelTwoReward: 50, maxAmount: 1000 }),
    );
    expect(await held()).toBe(before);
  });

  it('refuses malformed payloads with a localized message and writes nothing', async () => {
    const before = await held();
    for (const [path, body] of [
      ['activity/receiveExpandCoupon', { id: 'x', idempotencyKey: newKey() }],
      ['activity/receiveExpandCoupon', { id: w.expandId, idempotencyKey: 'short' }],
      ['activity/receiveExpandCoupon', { id: w.expandId, idempotencyKey: newKey(), fromRedBagID: -1 }],
      ['activity/forwardCoupon', { id: 0 }],
      ['activity/claimForwarded', { id: 1, key: 'short' }],
      ['activity/claimForwarded', { id: 1 }],
      ['activity/checkTimesRedBag', {}],
      ['activity/detail', { id: w.expandId, fromRedBagID: 'x' }],
    ] as const) {
      const r = await call(path, body, alice, 'fr');
      expect(r.status).toBe(200);
      expect(r.body.result).toBe(false);
      expect(r.body.message.length).toBeGreaterThan(0);
    }
    expect(await held()).toBe(before);
  });

  it('gives the owner one bag per activity, priced at its value with the minimum spend', async () => {
    const first = await received(alice, w.expandId);
    expect(first.message).toBe('Your red bag is ready. Share it with friends to make it grow.');
    expect(first.info.bag).toEqual(
      expect.objectContaining({ mine: true, value: 300, maxAmount: 1000, state: 'usable', viewer: 'own' }),
    );
    expect(first.info.helped).toBeNull();
    const again = await received(alice, w.expandId);
    expect(again.info.bag.id).toBe(first.info.bag.id);
    const list = await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, alice);
    const coupon = list.coupons.find((c) => c.id === first.info.bag.id)!;
    expect(coupon).toEqual(
      expect.objectContaining({
        kind: 8,
        source: 'expandRedBag',
        expandActivityId: w.expandId,
        forwardable: true,
      }),
    );
    expect(coupon.pricing).toEqual(expect.objectContaining({ reductionAmount: 300, minAmount: 1000 }));
    const detail = await ok<Detail>('activity/detail', { id: w.expandId }, alice);
    expect(detail.kind).toBe(8);
    expect(detail.expand?.bag?.id).toBe(first.info.bag.id);
    expect(detail.expand?.rules.texts).toEqual([
      'Starts at 3.00',
      'Each friend who helps adds 1.00',
      "When a friend's friend helps the bag you shared with them, yours grows by 0.50",
      'Grows up to 10.00',
      'Use it on orders of 10.00 or more',
    ]);
    const zh = await call<Detail>('activity/detail', { id: w.expandId }, alice, 'zh-CN');
    expect(zh.body.info.expand?.rules.texts[0]).toMatch(/^初始金额/);
  });

  it('grows a bag by each friend once, the bag it came from by the second level, never by its owner', async () => {
    const a = (await received(alice, w.expandId)).info.bag;
    const start = (await bagRow(a.id)).value!;
    const helped = await received(bob, w.expandId, a.id);
    expect(helped.message).toMatch(/^Thanks for helping!/);
    expect(helped.info.helped).toEqual(
      expect.objectContaining({ id: a.id, value: start + 100, viewer: 'helped' }),
    );
    expect(helped.info.helped!.helps.at(-1)).toEqual(
      expect.objectContaining({ helper: '137****6662', level: 1, amount: 100 }),
    );
    expect(JSON.stringify(helped.info)).not.toContain('13700006662');
    const b = helped.info.bag;
    expect(b).toEqual(expect.objectContaining({ mine: true, value: 300, viewer: 'own' }));
    expect((await bagRow(b.id)).parentId).toBe(a.id);
    // Carol helps Bob's bag: Bob's grows by the first level, Alice's by the second.
    await received(carol, w.expandId, b.id);
    expect((await bagRow(b.id)).value).toBe(400);
    expect((await bagRow(a.id)).value).toBe(start + 150);
    const seen = await ok<Detail>('activity/detail', { id: w.expandId, fromRedBagID: a.id }, alice);
    expect(seen.expand?.bag?.helps.map((x) => x.level)).toEqual([1, 2]);
    // Alice helping Bob's bag grows Bob's, but never her own through the second level.
    const back = await received(alice, w.expandId, b.id);
    expect(back.info.helped?.value).toBe(500);
    expect((await bagRow(a.id)).value).toBe(start + 150);
    // Again, and the owner on her own link: nothing changes.
    const helps = await helpCount();
    const twice = await received(bob, w.expandId, a.id);
    expect(twice.message).toBe('You have already helped this red bag.');
    expect(twice.info.helped).toBeNull();
    const own = await received(alice, w.expandId, a.id);
    expect(own.message).toBe('This is your own red bag: share it with friends to make it grow.');
    expect(own.info.helped).toBeNull();
    expect(await helpCount()).toBe(helps);
    expect((await bagRow(a.id)).value).toBe(start + 150);
    const viewed = await ok<Detail>('activity/detail', { id: w.expandId, fromRedBagID: a.id }, bob);
    expect(viewed.expand?.bag).toEqual(
      expect.objectContaining({ viewer: 'helped', mine: false, owner: '137****6661', viewerBagId: b.id }),
    );
  });

  it("refuses others' coupons, foreign or ended activities and unknown bags in the request's language", async () => {
    const [fiveOff] = await h.database.db
      .insert(customerCoupons)
      .values({ templateId: w.fiveOff.id, ownerPhone: '13700006661', shopId: SHOP, source: 'activity' })
      .returning();
    const before = await held();
    const refusals: [number, number | undefined, string][] = [
      [w.expandId, fiveOff!.id, 'bagNotFound'],
      [w.expandId, 999_999, 'bagNotFound'],
      [w.activityId, undefined, 'activityNotFound'],
      [w.foreignExpandId, undefined, 'activityNotFound'],
      [w.endedExpandId, undefined, 'activityEnded'],
    ];
    for (const [id, from, reason] of refusals) {
      const r = await receive(carol, id, from);
      expect(r.body.result).toBe(false);
      expect(r.body.info).toEqual({ reason });
      const es = await call(
        'activity/receiveExpandCoupon',
        { id, idempotencyKey: newKey(), fromRedBagID: from },
        carol,
        'es',
      );
      expect(es.body.message).not.toBe(r.body.message);
    }
    const detail = await call(
      'activity/detail',
      { id: w.expandId, fromRedBagID: fiveOff!.id },
      carol,
      'zh-TW',
    );
    expect(detail.body).toEqual(expect.objectContaining({ result: false, message: '沒有找到該紅包。' }));
    expect(await held()).toBe(before);
  });

  it('counts 20 friends helping at once exactly once each and never passes the cap', async () => {
    const owner = await friend();
    const bag = (await received(owner, w.expandId)).info.bag;
    const friends = await Promise.all(Array.from({ length: 20 }, () => friend()));
    const replies = await Promise.all(friends.map((f) => receive(f, w.expandId, bag.id)));
    for (const r of replies) expect(r.body.result, r.body.message).toBe(true);
    expect(await helpCount(bag.id)).toBe(20);
    const row = await bagRow(bag.id);
    expect(row.value).toBe(1000);
    const helps = await h.database.db.select().from(redBagHelps).where(eq(redBagHelps.bagId, bag.id));
    expect(helps.reduce((sum, x) => sum + x.amount, 0)).toBe(700);
    // Every friend holds a bag of their own that came from this one.
    const children = await h.database.db
      .select()
      .from(customerCoupons)
      .where(eq(customerCoupons.parentId, bag.id));
    expect(children).toHaveLength(20);
  });

  it('counts one friend tapping 10 times at once as one help and one bag', async () => {
    const owner = await friend();
    const bag = (await received(owner, w.expandId)).info.bag;
    const tapper = await friend();
    const replies = await Promise.all(Array.from({ length: 10 }, () => receive(tapper, w.expandId, bag.id)));
    for (const r of replies) expect(r.body.result, r.body.message).toBe(true);
    expect(new Set(replies.map((r) => r.body.info.bag.id)).size).toBe(1);
    expect(replies.filter((r) => r.body.info.helped !== null)).toHaveLength(1);
    expect(await helpCount(bag.id)).toBe(1);
    expect((await bagRow(bag.id)).value).toBe(400);
  });

  it('prices a grown bag on order/confirm and stops its growth once reserved or used', async () => {
    const rich = await login(h, SHOP, MEMBERS.rich.phone);
    const bag = (await received(rich, w.expandId)).info.bag;
    await received(await friend(), w.expandId, bag.id);
    await received(await friend(), w.expandId, bag.id);
    expect((await bagRow(bag.id)).value).toBe(500);
    const placed = await call<OrderConfirmInfo>('order/confirm', pickupOrder({ couponId: bag.id }), rich);
    expect(placed.body.result, placed.body.message).toBe(true);
    const order = placed.body.info.order;
    expect(order.amounts).toEqual(expect.objectContaining({ goods: 2000, couponDiscount: 500, total: 1500 }));
    expect((await bagRow(bag.id)).state).toBe('reserved');
    const late = await received(await friend(), w.expandId, bag.id);
    expect(late.message).toBe('This red bag can no longer grow (it was used or has expired).');
    expect(late.info.helped).toBeNull();
    expect((await bagRow(bag.id)).value).toBe(500);
    const paid = await call(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      rich,
    );
    expect(paid.body.result, paid.body.message).toBe(true);
    expect((await bagRow(bag.id)).state).toBe('used');
    await received(await friend(), w.expandId, bag.id);
    expect((await bagRow(bag.id)).value).toBe(500);
    const seen = await ok<Detail>('activity/detail', { id: w.expandId, fromRedBagID: bag.id }, carol);
    expect(seen.expand?.bag).toEqual(expect.objectContaining({ state: 'used', viewer: 'closed' }));
  });

  it('does not grow an expired bag', async () => {
    const owner = await friend();
    const bag = (await received(owner, w.expandId)).info.bag;
    await h.database.db
      .update(customerCoupons)
      .set({ validTo: '2026-03-01' })
      .where(eq(customerCoupons.id, bag.id));
    const r = await received(await friend(), w.expandId, bag.id);
    expect(r.info.helped).toBeNull();
    expect(await helpCount(bag.id)).toBe(0);
    expect((await bagRow(bag.id)).value).toBe(300);
  });

  it('names the running expand activity in store/detail, and whether the shop runs any activity', async () => {
    type Flags = { expandRedBagId: number | null; hasNewActivity: boolean };
    const r = await h.call<Flags>('store/detail', { appId: SHOP });
    expect(r.body.info.expandRedBagId).toBe(w.expandId);
    expect(r.body.info.hasNewActivity).toBe(true);
    // The chain's sister shop shares the chain's activities, but the red bag is the first shop's own.
    const sister = await h.call<Flags>('store/detail', { appId: 81 });
    expect(sister.body.info.expandRedBagId).toBeNull();
    expect(sister.body.info.hasNewActivity).toBe(true);
    // A shop outside the chain that runs none (83): the menu keeps no place for an offers strip.
    const none = await h.call<Flags>('store/detail', { appId: 83 });
    expect(none.body.info.hasNewActivity).toBe(false);
    expect(TODAY).toBe('2026-03-02');
  });
});

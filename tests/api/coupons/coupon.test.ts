// Claiming and holding coupons over HTTP: receiveCoupon (idempotent, total and per-customer limits under
// concurrency), couponList and couponDetail of the owner only, getCouponByLink and getCouponByEntry
// (once per owner), claimByCode, checkOverSendCoupon (a paid order, once), grantRegisterCoupons; a
// device-only session, another customer, another shop's template and a malformed payload change nothing.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { couponClaims, couponTemplates, customerCoupons } from '../../../server/db/schema';
import { grantRegisterCoupons } from '../../../server/modules/coupons/coupons';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import { seedCouponWorld, type CouponWorld } from './coupon-fixture';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, login, newKey, NOON, pickupOrder, SHOP, SISTER, TODAY } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

describe.each(testDatabases)('coupon calls on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
  let w: CouponWorld;
  let alice: string;
  let bob: string;

  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  async function ok<T>(path: string, body: unknown, token: string): Promise<T> {
    const r = await call<T>(path, body, token);
    expect(r.status).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info;
  }
  const held = async () => (await h.database.db.select({ n: count() }).from(customerCoupons))[0]!.n;
  const receive = (token: string, id: number, key = newKey()) =>
    call<{ coupon: CustomerCoupon }>('activity/receiveCoupon', { id, idempotencyKey: key }, token);

  beforeAll(async () => {
    w = await seedCouponWorld(h.database.db);
    alice = await login(h, SHOP, '13700005551');
    bob = await login(h, SHOP, '13700005552');
  });

  it('asks a device-only session to log in, in its language, and writes nothing', async () => {
    const device = await enter(h, SHOP);
    for (const [path, body] of [
      ['activity/receiveCoupon', { id: w.fiveOff.id, idempotencyKey: newKey() }],
      ['activity/couponList', {}],
      ['activity/couponDetail', { id: 1 }],
      ['activity/getCouponByLink', { id: w.fiveOff.id }],
      ['activity/getCouponByEntry', {}],
      ['activity/claimByCode', { code: 'SAVE5' }],
      ['activity/checkOverSendCoupon', { id: 1 }],
    ] as const) {
      const en = await call(path, body, device);
      expect(en.body.result).toBe(false);
      expect(en.body.message).toBe('Please log in with your phone number to claim and use coupons.');
      expect(en.body.info).toEqual({ reason: 'loginRequired' });
      const zh = await call(path, body, device, 'zh-CN');
      expect(zh.body.message).toBe('请先使用手机号登录再领取和使用优惠券。');
    }
    expect(await held()).toBe(0);
  });

  it('refuses malformed payloads with a localized message', async () => {
    for (const [path, body] of [
      ['activity/receiveCoupon', { id: 'x', idempotencyKey: newKey() }],
      ['activity/receiveCoupon', { id: w.fiveOff.id, idempotencyKey: 'short' }],
      ['activity/couponDetail', { id: -1 }],
      ['activity/claimByCode', { code: '' }],
      ['activity/couponList', { isAll: 'yes' }],
    ] as const) {
      const r = await call(path, body, alice, 'fr');
      expect(r.status).toBe(200);
      expect(r.body.result).toBe(false);
      expect(r.body.message.length).toBeGreaterThan(0);
    }
    expect(await held()).toBe(0);
  });

  it('claims a coupon once per idempotency key and lists it with its worded rules', async () => {
    const key = newKey();
    const first = await receive(alice, w.fiveOff.id, key);
    expect(first.body.result, first.body.message).toBe(true);
    expect(first.body.message).toBe('Coupon claimed.');
    const again = await receive(alice, w.fiveOff.id, key);
    expect(again.body.info.coupon.id).toBe(first.body.info.coupon.id);
    const coupon = first.body.info.coupon;
    expect(coupon).toEqual(
      expect.objectContaining({
        templateId: w.fiveOff.id,
        kind: 4,
        state: 'usable',
        source: 'activity',
        orderId: null,
        rules: expect.objectContaining({ value: '5.00 off', threshold: 'Orders over 10.00' }),
      }),
    );
    expect(coupon.pricing).toEqual(
      expect.objectContaining({ id: coupon.id, type: 4, reductionAmount: 500, status: 1 }),
    );
    const list = await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, alice);
    expect(list.coupons.map((c) => c.id)).toEqual([coupon.id]);
    const [template] = await h.database.db
      .select()
      .from(couponTemplates)
      .where(eq(couponTemplates.id, w.fiveOff.id));
    expect(template!.issued).toBe(1);
    // The same key for another template is refused.
    const reused = await receive(alice, w.onePerCustomer.id, key);
    expect(reused.body.result).toBe(false);
    expect(reused.body.info).toEqual({ reason: 'idempotencyConflict' });
  });

  it("keeps another customer's coupon out of reach", async () => {
    const [mine] = (await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, alice)).coupons;
    const r = await call('activity/couponDetail', { id: mine!.id }, bob);
    expect(r.body.result).toBe(false);
    expect(r.body.message).toBe('Coupon not found.');
    expect(
      (await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', { isAll: true }, bob)).coupons,
    ).toEqual([]);
    const detail = await ok<CustomerCoupon & { products: unknown[] }>(
      'activity/couponDetail',
      { id: mine!.id },
      alice,
    );
    expect(detail.products).toEqual([]);
    const unknown = await call('activity/couponDetail', { id: 999_999 }, alice);
    expect(unknown.body.message).toBe('Coupon not found.');
  });

  it('refuses closed, unknown and other-shop templates and templates not on this channel', async () => {
    const before = await held();
    const cases: [number, string][] = [
      [w.closed.id, 'activityEnded'],
      [999_999, 'activityNotFound'],
      [w.foreign.id, 'activityNotFound'],
      [w.entry.id, 'notEarned'],
    ];
    for (const [id, reason] of cases) {
      const r = await receive(alice, id);
      expect(r.body.result).toBe(false);
      expect(r.body.info).toEqual({ reason });
    }
    expect(await held()).toBe(before);
  });

  it('gives exactly the total to 20 concurrent claims and nothing more', async () => {
    const tokens = await Promise.all(Array.from({ length: 4 }, (_, i) => login(h, SHOP, `1370000600${i}`)));
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => receive(tokens[i % tokens.length]!, w.fiveOff.id)),
    );
    const won = replies.filter((r) => r.body.result);
    // Alice took one of the five earlier.
    expect(won).toHaveLength(4);
    for (const r of replies.filter((x) => !x.body.result)) expect(r.body.info).toEqual({ reason: 'soldOut' });
    const [template] = await h.database.db
      .select()
      .from(couponTemplates)
      .where(eq(couponTemplates.id, w.fiveOff.id));
    expect(template!.issued).toBe(5);
    const rows = await h.database.db
      .select()
      .from(customerCoupons)
      .where(eq(customerCoupons.templateId, w.fiveOff.id));
    expect(rows).toHaveLength(5);
  });

  it('gives one owner exactly the per-customer limit under 20 concurrent claims', async () => {
    const carol = await login(h, SHOP, '13700005553');
    const replies = await Promise.all(Array.from({ length: 20 }, () => receive(carol, w.onePerCustomer.id)));
    expect(replies.filter((r) => r.body.result)).toHaveLength(1);
    for (const r of replies.filter((x) => !x.body.result))
      expect(r.body.info).toEqual({ reason: 'limitReached' });
    const [template] = await h.database.db
      .select()
      .from(couponTemplates)
      .where(eq(couponTemplates.id, w.onePerCustomer.id));
    expect(template!.issued).toBe(1);
    const [claim] = await h.database.db
      .select()
      .from(couponClaims)
      .where(eq(couponClaims.templateId, w.onePerCustomer.id));
    expect(claim!.claimed).toBe(1);
  });

  it('grants a link coupon once per owner and names the link when it is not a link coupon', async () => {
    const dave = await login(h, SHOP, '13700005554');
    await h.database.db
      .update(couponTemplates)
      .set({ total: null })
      .where(eq(couponTemplates.id, w.fiveOff.id));
    const first = await ok<{ coupon: CustomerCoupon; offer: { templateId: number } }>(
      'activity/getCouponByLink',
      { id: w.fiveOff.id },
      dave,
    );
    expect(first.coupon.source).toBe('link');
    const again = await ok<{ coupon: CustomerCoupon }>(
      'activity/getCouponByLink',
      { id: w.fiveOff.id },
      dave,
    );
    expect(again.coupon.id).toBe(first.coupon.id);
    const notLink = await call('activity/getCouponByLink', { id: w.onePerCustomer.id }, dave);
    expect(notLink.body.info).toEqual({ reason: 'activityNotFound' });
  });

  it('grants the entry coupons once per owner', async () => {
    const erin = await login(h, SHOP, '13700005555');
    const first = await ok<{ coupons: CustomerCoupon[] }>('activity/getCouponByEntry', {}, erin);
    expect(first.coupons.map((c) => c.templateId)).toEqual([w.entry.id]);
    expect((await ok<{ coupons: CustomerCoupon[] }>('activity/getCouponByEntry', {}, erin)).coupons).toEqual(
      [],
    );
    // The same phone in the sister shop of the chain: still once.
    const erinThere = await login(h, SISTER, '13700005555');
    expect(
      (await ok<{ coupons: CustomerCoupon[] }>('activity/getCouponByEntry', {}, erinThere)).coupons,
    ).toEqual([]);
  });

  it('claims the coupon of a promotion code (any case), once, and refuses an unknown code', async () => {
    const frank = await login(h, SHOP, '13700005556');
    const first = await ok<{ coupon: CustomerCoupon }>('activity/claimByCode', { code: ' save5 ' }, frank);
    expect(first.coupon.templateId).toBe(w.code.id);
    const again = await ok<{ coupon: CustomerCoupon }>('activity/claimByCode', { code: 'SAVE5' }, frank);
    expect(again.coupon.id).toBe(first.coupon.id);
    const unknown = await call('activity/claimByCode', { code: 'NOPE' }, frank, 'es');
    expect(unknown.body.result).toBe(false);
    expect(unknown.body.message).toBe('Ninguna promoción tiene este código. Revísalo e inténtalo de nuevo.');
  });

  it("grants over-send coupons for a paid order once; refuses unpaid and other people's orders", async () => {
    const rich = await login(h, SHOP, MEMBERS.rich.phone);
    const order = await place(h, rich, pickupOrder());
    const unpaid = await call('activity/checkOverSendCoupon', { id: order.id }, rich);
    expect(unpaid.body.info).toEqual({ reason: 'orderNotPaid' });
    const paid = await call(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      rich,
    );
    expect(paid.body.result, paid.body.message).toBe(true);
    const stranger = await call('activity/checkOverSendCoupon', { id: order.id }, bob);
    expect(stranger.body.info).toEqual({ reason: 'orderNotFound' });
    const first = await ok<{ coupons: CustomerCoupon[] }>(
      'activity/checkOverSendCoupon',
      { id: order.id },
      rich,
    );
    expect(first.coupons.map((c) => c.templateId)).toEqual([w.overSend.id]);
    // validDays 7: from today to six days later.
    expect(first.coupons[0]!.pricing).toEqual(
      expect.objectContaining({ startDate: TODAY, endDate: '2026-03-08' }),
    );
    expect(
      (await ok<{ coupons: CustomerCoupon[] }>('activity/checkOverSendCoupon', { id: order.id }, rich))
        .coupons,
    ).toEqual([]);
  });

  it('grants the register coupons once (grantRegisterCoupons)', async () => {
    const db = h.database.db;
    const shop = { shopId: SHOP, chainId: 8, today: TODAY, memberId: null, now: clock.now() };
    const first = await db.transaction((tx) => grantRegisterCoupons(tx, '13700005557', shop));
    expect(first.map((c) => c.templateId)).toEqual([w.register.id]);
    expect(first[0]).toEqual(expect.objectContaining({ source: 'register', state: 'available' }));
    expect(await db.transaction((tx) => grantRegisterCoupons(tx, '13700005557', shop))).toEqual([]);
  });

  it('reads a coupon of chain scope 1 only in the shop that issued it', async () => {
    const gina = await login(h, SHOP, '13700005558');
    const r = await receive(gina, w.thisShopOnly.id);
    expect(r.body.result, r.body.message).toBe(true);
    const there = await login(h, SISTER, '13700005558');
    expect((await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, there)).coupons).toEqual([]);
    expect((await ok<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, gina)).coupons).toHaveLength(
      1,
    );
  });
});

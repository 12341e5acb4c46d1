// The demo data's activities: every template parses with the engine's schemas, the demo phone holds one
// coupon of each coupon kind in Tiong Bahru Claypot, and the promotion code WELCOME5 can be claimed; the red
// bags are there to try: store/detail names the expand activity, a friend helps a bag, a coupon forwards,
// the times red bag counts toward S$5 every 3 paid orders.
import { describe, expect, it } from 'vitest';
import { activities, chains, shops } from '../../../server/seed/index';
import { DEMO_COUPON_PHONE, DEMO_COUPON_SHOP } from '../../../server/seed/activities';
import type {
  CustomerCoupon,
  ExpandRedBag,
  ShopActivity,
  TimesRedBag,
} from '../../../src/domain/api/activity';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, newKey } from '../orders/order-fixture';

describe.each(testDatabases)('demo activities on %s', (kind) => {
  const h = useTestApp(kind, { seed: { chains, shops, activities }, clock: createClock(), demoMode: true });

  it('lists the activities and gives the demo phone one coupon of every coupon kind', async () => {
    const token = await login(h, DEMO_COUPON_SHOP, DEMO_COUPON_PHONE);
    const list = await h.call<{ activities: ShopActivity[] }>('activity/list', {}, { token, language: 'en' });
    expect(list.body.result, list.body.message).toBe(true);
    const priced = list.body.info.activities.filter((a) => a.pricing !== null);
    expect(priced.map((a) => a.kind)).toEqual([1, 11, 3]);
    // The capped special price shows its offer and how many cups are left to sell.
    expect(priced[2]!.rules).toEqual(['Special price S$1.00, at most 2 each, 50 left']);
    const zh = await h.call<{ activities: ShopActivity[] }>(
      'activity/list',
      {},
      { token, language: 'zh-CN' },
    );
    expect(zh.body.info.activities.find((a) => a.kind === 3)!.rules).toEqual([
      '特价S$1.00，每人限2份，剩余50份',
    ]);
    const held = await h.call<{ coupons: CustomerCoupon[] }>(
      'activity/couponList',
      {},
      { token, language: 'en' },
    );
    expect(held.body.info.coupons.map((c) => c.kind).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 8, 11, 12, 17, 20,
    ]);
    const code = await h.call<{ coupon: CustomerCoupon }>(
      'activity/claimByCode',
      { code: 'welcome5' },
      { token },
    );
    expect(code.body.result, code.body.message).toBe(true);
  });

  it('lets two customers try the demo red bags', async () => {
    const detail = await h.call<{ expandRedBagId: number | null }>('store/detail', {
      appId: DEMO_COUPON_SHOP,
    });
    const expandId = detail.body.info.expandRedBagId!;
    expect(expandId).toEqual(expect.any(Number));
    const owner = await login(h, DEMO_COUPON_SHOP, '+6581230101');
    const friend = await login(h, DEMO_COUPON_SHOP, '+6581230102');
    const own = await h.call<{ bag: ExpandRedBag }>(
      'activity/receiveExpandCoupon',
      { id: expandId, idempotencyKey: newKey() },
      { token: owner },
    );
    expect(own.body.info.bag.value).toBe(300);
    const helped = await h.call<{ helped: ExpandRedBag }>(
      'activity/receiveExpandCoupon',
      { id: expandId, idempotencyKey: newKey(), fromRedBagID: own.body.info.bag.id },
      { token: friend },
    );
    expect(helped.body.info.helped.value).toBe(400);
    const list = await h.call<{ activities: ShopActivity[] }>(
      'activity/list',
      {},
      { token: owner, language: 'en' },
    );
    const forwardable = list.body.info.activities
      .flatMap((a) => a.coupons)
      .find((c) => c.name.includes('forwarded'))!;
    const coupon = await h.call<{ coupon: CustomerCoupon }>(
      'activity/receiveCoupon',
      { id: forwardable.templateId, idempotencyKey: newKey() },
      { token: owner },
    );
    expect(coupon.body.info.coupon.forwardable).toBe(true);
    const times = await h.call<{ bags: TimesRedBag[] }>(
      'activity/getTimesRedBag',
      {},
      { token: owner, language: 'en' },
    );
    expect(times.body.info.bags).toEqual([
      expect.objectContaining({ status: 1, cumulativeQuantity: 0, limitQuantity: 3 }),
    ]);
    expect(times.body.info.bags[0]!.reward.rules.value).toBe('S$5.00 off');
  });
});

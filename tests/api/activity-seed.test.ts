// The demo data's activities: every template parses with the engine's schemas, the demo phone holds one
// coupon of each coupon kind in Tiong Bahru Claypot, and the promotion code WELCOME5 can be claimed.
import { describe, expect, it } from 'vitest';
import { activities, chains, shops } from '../../server/seed/index';
import { DEMO_COUPON_PHONE, DEMO_COUPON_SHOP } from '../../server/seed/activities';
import type { CustomerCoupon, ShopActivity } from '../../src/domain/api/activity';
import { createClock, testDatabases, useTestApp } from './helpers';
import { login } from './order-fixture';

describe.each(testDatabases)('demo activities on %s', (kind) => {
  const h = useTestApp(kind, { seed: { chains, shops, activities }, clock: createClock(), demoMode: true });

  it('lists the activities and gives the demo phone one coupon of every coupon kind', async () => {
    const token = await login(h, DEMO_COUPON_SHOP, DEMO_COUPON_PHONE);
    const list = await h.call<{ activities: ShopActivity[] }>('activity/list', {}, { token, language: 'en' });
    expect(list.body.result, list.body.message).toBe(true);
    expect(list.body.info.activities.filter((a) => a.pricing !== null).map((a) => a.kind)).toEqual([1, 11]);
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
});

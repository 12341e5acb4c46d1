// vip/activities: a member of the shop's membership scope reads the running member-only activities exactly
// as activity/list words them (its own shop's and its chain's); anyone else gets an empty list with the
// reason (loginRequired, notMember), and a payload that tries to name a member or shop is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, couponTemplates } from '../../../server/db/schema';
import { DEMO_COUPON_SHOP } from '../../../server/seed/activities';
import { activities as seedActivities, chains, shops } from '../../../server/seed/index';
import type { MemberActivitiesInfo, ShopActivity } from '../../../src/domain/api/activity';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { CHAIN_MEMBER, enter, login, LONE, NOON, orderSeed, SHOP, SISTER } from '../orders/order-fixture';

const text = (en: string, zh: string) => ({ en, zh });
const MEMBERS = 2;

describe.each(testDatabases)('vip/activities on %s', (kind) => {
  const h = useTestApp(kind, { seed: orderSeed, clock: createClock(NOON), demoMode: true });
  const ids: Record<string, number> = {};
  let member: string;

  const call = (body: unknown, token: string, language = 'en') =>
    h.call<MemberActivitiesInfo>('vip/activities', body, { token, language });

  beforeAll(async () => {
    const add = async (name: string, values: Partial<typeof activities.$inferInsert>) => {
      const [row] = await h.database.db
        .insert(activities)
        .values({ shopId: SHOP, kind: 4, name: text(name, `${name}（中）`), ...values })
        .returning();
      ids[name] = row!.id;
      return row!.id;
    };
    await add('Member discount', { kind: 2, userType: MEMBERS, rules: { discount: 90 } });
    const coupons = await add('Member coupons', { userType: MEMBERS });
    await h.database.db.insert(couponTemplates).values([
      {
        activityId: coupons,
        kind: 4,
        name: text('Members 3 off', '会员减3'),
        rules: { reductionAmount: 300, minAmount: 1000 },
        channels: ['activity'],
        perCustomer: 1,
      },
      {
        activityId: coupons,
        kind: 4,
        name: text('Link only', '仅链接'),
        rules: { reductionAmount: 100 },
        channels: ['link'],
      },
    ]);
    await add('Chain members', { shopId: null, chainId: 8, userType: MEMBERS });
    await add('Everyone', { kind: 2, rules: { discount: 95 } });
    await add('Members and guests', { userType: 3 });
    await add('Ended member offer', { userType: MEMBERS, endDate: '2026-03-01' });
    await add('Lone shop members', { shopId: LONE, userType: MEMBERS });
    member = await login(h, SHOP, CHAIN_MEMBER);
  });

  it('lists the running member-only activities to a member, worded as activity/list words them', async () => {
    const r = await call({}, member);
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.reason).toBeNull();
    const listed = r.body.info.activities;
    expect(listed.map((a) => a.name).sort()).toEqual(['Chain members', 'Member coupons', 'Member discount']);
    expect(listed.every((a) => a.memberOnly)).toBe(true);
    const discount = listed.find((a) => a.id === ids['Member discount'])!;
    expect(discount.rules.length).toBeGreaterThan(0);
    const offers = listed.find((a) => a.id === ids['Member coupons'])!.coupons;
    expect(offers.map((o) => [o.name, o.refusal])).toEqual([['Members 3 off', null]]);

    const all = await h.call<{ activities: ShopActivity[] }>(
      'activity/list',
      {},
      { token: member, language: 'en' },
    );
    const same = new Map(all.body.info.activities.map((a) => [a.id, a]));
    for (const activity of listed) expect(activity).toEqual(same.get(activity.id));
  });

  it('words the rules in the request language', async () => {
    const en = await call({}, member);
    const zh = await call({}, member, 'zh-CN');
    const rulesOf = (info: MemberActivitiesInfo) =>
      info.activities.find((a) => a.id === ids['Member discount'])!.rules.join(' ');
    expect(zh.body.info.activities.map((a) => a.name)).toContain('Member discount（中）');
    expect(rulesOf(zh.body.info)).not.toEqual(rulesOf(en.body.info));
    expect(rulesOf(zh.body.info)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('lists the chain’s member-only activities in a sister shop, none in a shop outside the chain', async () => {
    const sister = await login(h, SISTER, CHAIN_MEMBER);
    const r = await call({}, sister);
    expect(r.body.info.reason).toBeNull();
    expect(r.body.info.activities.map((a) => a.name)).toEqual(['Chain members']);
    const lone = await login(h, LONE, CHAIN_MEMBER);
    const outside = await call({}, lone);
    expect(outside.body.result).toBe(true);
    expect(outside.body.info).toEqual({ activities: [], reason: 'notMember' });
  });

  it('gives a logged-in customer without a card nothing, with the reason notMember', async () => {
    const guest = await login(h, SHOP, '13700009001');
    const r = await call({}, guest);
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info).toEqual({ activities: [], reason: 'notMember' });
  });

  it('gives a device-only session nothing, with the reason loginRequired', async () => {
    const device = await enter(h, SHOP);
    const r = await call({}, device);
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info).toEqual({ activities: [], reason: 'loginRequired' });
  });

  it('refuses a payload naming a member or shop, in the request language, and a call without a session', async () => {
    const en = await call({ memberId: 880 }, await enter(h, SHOP));
    expect(en.body.result).toBe(false);
    expect(en.body.message).toMatch(/^Please check your input/);
    const zh = await call({ shopId: LONE }, member, 'zh-CN');
    expect(zh.body.result).toBe(false);
    expect(zh.body.message).toMatch(/^请检查填写的内容/);
    const list = await call([], member);
    expect(list.body.result).toBe(false);
    const none = await h.call('vip/activities', {});
    expect(none.status).toBe(401);
  });
});

describe.each(testDatabases)('demo member offers on %s', (kind) => {
  const h = useTestApp(kind, { seed: { chains, shops, activities: seedActivities }, demoMode: true });

  it('gives Tiong Bahru Claypot’s demo member a member-only offer to claim', async () => {
    // Her mainland number logs in at the burger counter (the claypot house sends codes to +65 only).
    const burger = await login(h, 1, '13800000003');
    const moved = await h.call<{ token: string }>('user/token', { id: DEMO_COUPON_SHOP, token: burger });
    const token = moved.body.info.token;
    const r = await h.call<MemberActivitiesInfo>('vip/activities', {}, { token, language: 'en' });
    expect(r.body.info.reason).toBeNull();
    const offers = r.body.info.activities.flatMap((a) => a.coupons);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.refusal === null)).toBe(true);
  });
});

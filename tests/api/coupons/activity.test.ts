// activity/list, detail, getActivityByCode, store/couponProducts and vip/getRegisterCoupons: any session
// reads the offers (a device-only one reads loginRequired on each), price activities carry the engine's
// record, another shop's activity or template reads as not found; and the worded rules in five languages.
import { describe, expect, it, beforeAll } from 'vitest';
import { activities } from '../../../server/db/schema';
import {
  couponRulesText,
  validityText,
  activityRuleTexts,
} from '../../../server/modules/coupons/coupon-texts';
import type { CouponOffer, ShopActivity } from '../../../src/domain/api/activity';
import { activity as activitySchema, coupon as couponSchema } from '../../../src/domain/pricing';
import { seedCouponWorld, type CouponWorld } from './coupon-fixture';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, login, LONE, NOON, P, SHOP } from '../orders/order-fixture';
import { paymentSeed } from '../payments/payment-fixture';

describe.each(testDatabases)('activity calls on %s', (kind) => {
  const h = useTestApp(kind, { seed: paymentSeed, clock: createClock(NOON), demoMode: true });
  let w: CouponWorld;
  let device: string;
  let alice: string;

  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });

  beforeAll(async () => {
    w = await seedCouponWorld(h.database.db);
    await h.database.db.insert(activities).values({
      shopId: SHOP,
      kind: 3,
      name: { en: 'Noodle special', zh: '面条特价' },
      rules: { productList: [{ id: P.noodles, discountPrice: 1200 }] },
      startDate: '2026-04-01',
    });
    device = await enter(h, SHOP);
    alice = await login(h, SHOP, '13700008001');
  });

  it('lists running activities with offers; a device-only session reads loginRequired', async () => {
    const r = await call<{ activities: ShopActivity[] }>('activity/list', {}, device);
    expect(r.body.result, r.body.message).toBe(true);
    const list = r.body.info.activities;
    // The special price starts in April: not listed today.
    expect(list.map((a) => a.name)).toEqual(['Coupon week', 'Code SAVE5']);
    const offers = list[0]!.coupons;
    expect(offers.map((o) => o.templateId)).toEqual([
      w.fiveOff.id,
      w.onePerCustomer.id,
      w.zero.id,
      w.thisShopOnly.id,
      w.closed.id,
    ]);
    expect(new Set(offers.map((o) => o.refusal))).toEqual(new Set(['loginRequired']));
    const mine = await call<{ activities: ShopActivity[] }>('activity/list', {}, alice);
    const byId = new Map(mine.body.info.activities[0]!.coupons.map((o) => [o.templateId, o]));
    expect(byId.get(w.fiveOff.id)).toEqual(
      expect.objectContaining({
        refusal: null,
        remaining: 5,
        canClaim: null,
        rules: expect.objectContaining({ value: '5.00 off' }),
      }),
    );
    expect(byId.get(w.onePerCustomer.id)).toEqual(expect.objectContaining({ canClaim: 1, refusal: null }));
    expect(byId.get(w.closed.id)?.refusal).toBe('activityEnded');
  });

  it("shows a price activity with its engine record, and refuses another shop's activity", async () => {
    const lone = await enter(h, LONE);
    const r = await call<{ activities: ShopActivity[] }>('activity/list', {}, lone, 'zh-CN');
    const price = r.body.info.activities.find((a) => a.id === w.priceActivityId)!;
    expect(price.pricing).toEqual(expect.objectContaining({ type: 2, discount: 90 }));
    expect(price.rules).toEqual(['全场9折']);
    const detail = await call<ShopActivity>('activity/detail', { id: w.priceActivityId }, lone);
    expect(detail.body.info.id).toBe(w.priceActivityId);
    const foreign = await call('activity/detail', { id: w.priceActivityId }, device);
    expect(foreign.body.info).toEqual({ reason: 'activityNotFound' });
    const bad = await call('activity/detail', { id: 'x' }, device);
    expect(bad.body.result).toBe(false);
  });

  it('finds an activity by its promotion code with the code coupon as the offer', async () => {
    const r = await call<{ code: string; activity: ShopActivity }>(
      'activity/getActivityByCode',
      { code: 'save5' },
      alice,
    );
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.code).toBe('SAVE5');
    expect(r.body.info.activity.coupons.map((o: CouponOffer) => o.templateId)).toEqual([w.code.id]);
    const unknown = await call('activity/getActivityByCode', { code: 'NOPE' }, alice, 'zh-TW');
    expect(unknown.body.message).toBe('沒有與該優惠碼對應的活動，請檢查後重試。');
  });

  it('names the products a coupon template covers, and the register offers', async () => {
    const none = await call<{ products: unknown[] }>('store/couponProducts', { id: w.fiveOff.id }, device);
    expect(none.body.info.products).toEqual([]);
    const foreign = await call('store/couponProducts', { id: w.foreign.id }, device);
    expect(foreign.body.info).toEqual({ reason: 'activityNotFound' });
    const reg = await call<{ offers: CouponOffer[] }>('vip/getRegisterCoupons', {}, device);
    expect(reg.body.info.offers.map((o) => o.templateId)).toEqual([w.register.id]);
    expect(reg.body.info.offers[0]!.refusal).toBe('loginRequired');
  });
});

describe('worded coupon rules', () => {
  const money = { shopSymbol: null, currency: 'CNY', decimals: 2 };
  const coupon = couponSchema.parse({
    id: 1,
    name: 'x',
    type: 4,
    reductionAmount: 500,
    minAmount: 3000,
    orderType: 3,
    userType: 2,
    productList: [1, 2],
  });
  const validity = {
    validityType: 3,
    startDate: '2026-11-01',
    endDate: '2026-12-31',
    weekDays: [1, 5],
    monthDays: [],
    validDays: null,
  };
  const scope = { chainScope: 0, chainName: 'Jasmine Hill', shopNames: [] };

  it('words value, threshold, validity, scope and conditions in each language', () => {
    expect(couponRulesText(coupon, validity, scope, { locale: 'en', money })).toEqual({
      value: '5.00 off',
      threshold: 'Orders over 30.00',
      validity: '2026-11-01 – 2026-12-31 · On Mondays and Fridays',
      scope: 'All shops of Jasmine Hill',
      conditions: ['For delivery and pickup orders', 'Members only', 'Selected products only (2)'],
    });
    expect(couponRulesText(coupon, validity, scope, { locale: 'zh-CN', money })).toEqual({
      value: '减¥5.00',
      threshold: '满¥30.00可用',
      validity: '2026-11-01 – 2026-12-31 · 每周一、周五可用',
      scope: 'Jasmine Hill全部门店可用',
      conditions: ['仅限外卖、自取订单', '仅限会员', '仅限指定商品（2种）'],
    });
    expect(
      couponRulesText(coupon, validity, { ...scope, chainScope: 1 }, { locale: 'zh-TW', money }).scope,
    ).toBe('僅限本店使用');
    expect(couponRulesText(coupon, validity, scope, { locale: 'fr', money }).validity).toBe(
      '2026-11-01 – 2026-12-31 · Le lundi et vendredi',
    );
    expect(couponRulesText(coupon, validity, scope, { locale: 'es', money }).threshold).toBe(
      'En pedidos desde 30.00',
    );
  });

  it('words every coupon kind and the validity kinds', () => {
    const value = (over: Record<string, unknown>) =>
      couponRulesText(couponSchema.parse({ id: 1, name: 'x', ...over }), validity, scope, {
        locale: 'en',
        money,
      }).value;
    expect(value({ type: 2, discount: 80 })).toBe('20% off');
    expect(value({ type: 17 })).toBe('1 item free');
    expect(value({ type: 3, discountPrice: 990 })).toBe('1 item for 9.90');
    expect(value({ type: 11, discount: 50 })).toBe('Second item 50% off');
    expect(value({ type: 12, buyQuantity: 2, freeQuantity: 1 })).toBe('Buy 2, get 1 free');
    expect(value({ type: 20, reductionAmount: 1000 })).toBe('10.00 off');
    expect(validityText({ ...validity, validityType: 1, startDate: null, endDate: null }, 'en')).toBe(
      'Valid any day',
    );
    expect(
      validityText(
        { ...validity, validityType: 4, monthDays: [1, 15], startDate: null, endDate: null },
        'zh-CN',
      ),
    ).toBe('每月1、15日可用');
    expect(
      validityText({ ...validity, validityType: 1, startDate: null, endDate: null, validDays: 7 }, 'es'),
    ).toBe('Válido 7 días después de obtenerlo');
  });

  it('words the rules of price activities', () => {
    const a = (over: Record<string, unknown>) =>
      activityRuleTexts(activitySchema.parse({ id: 1, name: 'x', ...over }), { locale: 'en', money });
    expect(a({ type: 1, reductionList: [{ full: 5000, less: 1000 }] })).toEqual([
      'Spend 50.00, get 10.00 off',
    ]);
    expect(a({ type: 1, cyclicCalc: true, reductionList: [{ full: 5000, less: 1000 }] })).toEqual([
      '10.00 off for every 50.00 spent',
    ]);
    expect(a({ type: 11, discount: 50 })).toEqual(['Second item 50% off']);
    expect(a({ type: 12, productList: [{ id: 1, buyQuantity: 1, freeQuantity: 1 }] })).toEqual([
      'Buy 1, get 1 free',
    ]);
  });
});

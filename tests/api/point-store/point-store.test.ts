// The points store over HTTP on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the items a member sees,
// twenty racing exchanges with points for one (one succeeds), a key replayed at once and later (one
// exchange), the per-member limit and the stock under concurrency, the coupon an exchange grants in the
// coupon list, the exchange read back by its owner only, and every bad input refused with a localised
// message and nothing written. After every concurrent scenario the ledger sums to the member row.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { couponTemplates, pointExchangeCounts, pointStoreItems } from '../../../server/db/schema';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import type {
  PointExchangeView,
  PointStoreCouponDetailInfo,
  PointStoreInfo,
} from '../../../src/domain/api/point-store';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { balances, ledgerRows, ledgerSum } from '../member-money/member-money-fixture';
import { enter, LONE, login, NOON, SHOP, SISTER } from '../orders/order-fixture';
import { COST, ITEM, PM, pointsOf, pointStoreSeed, storeSnapshot } from './point-store-fixture';

let keySerial = 0;
const key = () => `ps-key-${++keySerial}-${Math.random().toString(36).slice(2, 10)}`;

describe.each(testDatabases)('points store on %s', (kind) => {
  const h: TestApp = useTestApp(kind, { seed: pointStoreSeed, clock: createClock(NOON), demoMode: true });
  const tokens = {} as Record<keyof typeof PM | 'guest' | 'sister' | 'lone', string>;

  const call = <T>(path: string, body: Record<string, unknown>, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  const exchange = (token: string, body: Record<string, unknown>) =>
    call<PointExchangeView>('activity/pointExchangeProduct', { idempotencyKey: key(), ...body }, token);
  const reasonOf = (r: { body: { info: unknown } }) => (r.body.info as { reason?: string } | null)?.reason;

  async function expectLedgerBalanced(...ids: number[]) {
    for (const id of ids) expect(await ledgerSum(h, id)).toEqual(await balances(h, id));
  }

  async function refused(path: string, body: Record<string, unknown>, token: string, reason?: string) {
    const before = await storeSnapshot(h);
    const r = await call<unknown>(path, body, token);
    expect(r.body.result, r.body.message).toBe(false);
    expect(r.body.message).not.toBe('');
    if (reason) expect(reasonOf(r)).toBe(reason);
    expect(r.status).toBeLessThan(500);
    expect(await storeSnapshot(h)).toEqual(before);
    return r;
  }

  beforeAll(async () => {
    for (const [name, m] of Object.entries(PM))
      tokens[name as keyof typeof PM] = await login(h, SHOP, m.phone);
    tokens.guest = await enter(h, SHOP);
    tokens.sister = await login(h, SISTER, PM.other.phone);
    tokens.lone = await enter(h, LONE);
  });

  it('lists the items on sale in the chain with stock, limits and what the member can afford', async () => {
    const r = await call<PointStoreInfo>('activity/getPointExchangeStoreProducts', {}, tokens.careful);
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.points).toBe(60);
    const items = r.body.info.items;
    expect(items.map((i) => i.id)).toEqual([ITEM.voucher, ITEM.onePer, ITEM.scarce, ITEM.drink]);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(ITEM.voucher)).toEqual(
      expect.objectContaining({ kind: 'coupon', points: 100, blocked: 'notEnoughPoints', canExchange: 0 }),
    );
    expect(byId.get(ITEM.onePer)).toEqual(
      expect.objectContaining({ perMember: 1, canExchange: 1, blocked: null, stockLeft: null }),
    );
    expect(byId.get(ITEM.scarce)).toEqual(expect.objectContaining({ stockLeft: 2, canExchange: 2 }));
    expect(byId.get(ITEM.drink)).toEqual(
      expect.objectContaining({ kind: 'product', stockLeft: 3, canExchange: 2 }),
    );
    const zh = await call<PointStoreInfo>(
      'activity/getPointExchangeStoreProducts',
      {},
      tokens.careful,
      'zh-CN',
    );
    expect(zh.body.info.items[0]!.name).toBe('五元券');
    // The sister branch shares the chain's membership and so its store; the lone shop has its own.
    const sister = await call<PointStoreInfo>('activity/getPointExchangeStoreProducts', {}, tokens.sister);
    expect(sister.body.info.items).toHaveLength(4);
    const detail = await call<PointStoreCouponDetailInfo>(
      'activity/pointStoreCouponDetail',
      { couponActivityId: ITEM.onePer },
      tokens.careful,
    );
    expect(detail.body.info.rules?.threshold).toContain('30');
    expect(detail.body.info.memberPoints).toBe(60);
  });

  it('lets one of twenty racing exchanges through when the points cover one', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => exchange(tokens.racer, { activityId: ITEM.voucher })),
    );
    const won = results.filter((r) => r.body.result);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.result)) expect(reasonOf(r)).toBe('notEnoughPoints');
    expect(won[0]!.body.info).toEqual(
      expect.objectContaining({ points: COST.voucher, pointsAfter: 0, quantity: 1, collectCode: null }),
    );
    expect(won[0]!.body.info.coupons).toHaveLength(1);
    expect(await pointsOf(h, PM.racer.id)).toBe(0);
    const rows = await ledgerRows(h, PM.racer.id);
    expect(rows.filter((row) => row.kind === 'pointsExchange')).toEqual([
      expect.objectContaining({ key: `pointsExchange:${won[0]!.body.info.id}`, pointsDelta: -COST.voucher }),
    ]);
    await expectLedgerBalanced(PM.racer.id);
  });

  it('answers a key replayed at once and later with the one exchange it made', async () => {
    const body = { activityId: ITEM.voucher, quantity: 2, idempotencyKey: key() };
    const before = await pointsOf(h, PM.rich.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => exchange(tokens.rich, body)));
    for (const r of results) expect(r.body.result, r.body.message).toBe(true);
    const ids = new Set(results.map((r) => r.body.info.id));
    expect(ids.size).toBe(1);
    const later = await exchange(tokens.rich, body);
    expect(later.body.info.id).toBe(results[0]!.body.info.id);
    expect(later.body.info.coupons).toHaveLength(2);
    expect(await pointsOf(h, PM.rich.id)).toBe(before - 2 * COST.voucher);
    await refused(
      'activity/pointExchangeProduct',
      { ...body, quantity: 3 },
      tokens.rich,
      'idempotencyConflict',
    );
    await expectLedgerBalanced(PM.rich.id);
  });

  it('holds the per-member limit under ten concurrent exchanges', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => exchange(tokens.rich, { activityId: ITEM.onePer })),
    );
    expect(results.filter((r) => r.body.result)).toHaveLength(1);
    for (const r of results.filter((x) => !x.body.result)) expect(reasonOf(r)).toBe('limitReached');
    const [count] = await h.database.db
      .select()
      .from(pointExchangeCounts)
      .where(eq(pointExchangeCounts.memberId, PM.rich.id));
    expect(count).toEqual(expect.objectContaining({ itemId: ITEM.onePer, quantity: 1 }));
    const listed = await call<PointStoreInfo>('activity/getPointExchangeStoreProducts', {}, tokens.rich);
    expect(listed.body.info.items.find((i) => i.id === ITEM.onePer)?.blocked).toBe('limitReached');
    await expectLedgerBalanced(PM.rich.id);
  });

  it('never hands out more than the stock, of a coupon or of a product, under concurrency', async () => {
    const crowd = [tokens.crowdA, tokens.crowdB, tokens.crowdC];
    const coupons = await Promise.all(
      crowd.flatMap((token) => [1, 2, 3].map(() => exchange(token, { activityId: ITEM.scarce }))),
    );
    expect(coupons.filter((r) => r.body.result)).toHaveLength(2);
    for (const r of coupons.filter((x) => !x.body.result)) expect(reasonOf(r)).toBe('soldOut');
    const [template] = await h.database.db
      .select({ issued: couponTemplates.issued, total: couponTemplates.total })
      .from(couponTemplates)
      .innerJoin(pointStoreItems, eq(pointStoreItems.couponTemplateId, couponTemplates.id))
      .where(eq(pointStoreItems.id, ITEM.scarce));
    expect(template).toEqual({ issued: 2, total: 2 });

    const drinks = await Promise.all(
      crowd.flatMap((token) => [1, 2].map(() => exchange(token, { activityId: ITEM.drink }))),
    );
    const got = drinks.filter((r) => r.body.result);
    expect(got).toHaveLength(3);
    for (const r of got) expect(r.body.info.collectCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    for (const r of drinks.filter((x) => !x.body.result)) expect(reasonOf(r)).toBe('soldOut');
    const [drink] = await h.database.db
      .select({ exchanged: pointStoreItems.exchanged })
      .from(pointStoreItems)
      .where(eq(pointStoreItems.id, ITEM.drink));
    expect(drink!.exchanged).toBe(3);
    await expectLedgerBalanced(PM.crowdA.id, PM.crowdB.id, PM.crowdC.id);
  });

  it('puts the exchanged coupon in the coupon list and reads the exchange back to its owner only', async () => {
    const made = await exchange(tokens.other, { activityId: ITEM.voucher });
    expect(made.body.result, made.body.message).toBe(true);
    const [couponId] = made.body.info.coupons.map((c) => c.id);
    const list = await call<{ coupons: CustomerCoupon[] }>('activity/couponList', {}, tokens.other);
    expect(list.body.info.coupons).toContainEqual(
      expect.objectContaining({
        id: couponId,
        source: 'pointStore',
        state: 'usable',
        name: 'Points voucher 5',
      }),
    );
    const detail = await call<PointExchangeView>(
      'activity/pointExchangeDetail',
      { id: made.body.info.id },
      tokens.other,
    );
    expect(detail.body.info).toEqual(made.body.info);
    await refused('activity/pointExchangeDetail', { id: made.body.info.id }, tokens.rich, 'exchangeNotFound');
    await expectLedgerBalanced(PM.other.id);
  });

  it('refuses every bad input with a localised message and changes nothing', async () => {
    const x = 'activity/pointExchangeProduct';
    const c = { activityId: ITEM.onePer, idempotencyKey: key() };
    await refused(x, { idempotencyKey: key() }, tokens.careful);
    await refused(x, { ...c, activityId: 0 }, tokens.careful);
    await refused(x, { ...c, activityId: 'one' }, tokens.careful);
    await refused(x, { ...c, activityId: 987_654 }, tokens.careful, 'itemNotFound');
    for (const quantity of [0, -1, 1.5, 100, 1e12, '1']) await refused(x, { ...c, quantity }, tokens.careful);
    await refused(x, { ...c, idempotencyKey: 'short' }, tokens.careful);
    await refused(x, { ...c, memberId: PM.other.id }, tokens.careful, 'memberNotFound');
    await refused(x, { ...c, openid: 'someone-elses-device' }, tokens.careful, 'memberNotFound');
    await refused(x, c, tokens.guest, 'memberRequired');
    await refused(x, c, tokens.lone, 'memberRequired');
    await refused(x, { ...c, activityId: ITEM.off }, tokens.careful, 'notOnSale');
    await refused(x, { ...c, activityId: ITEM.past }, tokens.careful, 'notOnSale');
    await refused(x, { ...c, activityId: ITEM.lone }, tokens.careful, 'itemNotFound');
    const poor = await refused(x, { ...c, activityId: ITEM.voucher }, tokens.careful, 'notEnoughPoints');
    expect(poor.body.message).toContain('100');
    await refused(x, { ...c, quantity: 2 }, tokens.careful, 'limitReached');
    await refused('activity/getPointExchangeStoreProducts', {}, tokens.guest, 'memberRequired');
    await refused('activity/getPointExchangeStoreProducts', { openid: '' }, tokens.careful);
    await refused('activity/pointStoreCouponDetail', { couponActivityId: -3 }, tokens.careful);
    await refused(
      'activity/pointStoreCouponDetail',
      { couponActivityId: ITEM.off },
      tokens.careful,
      'notOnSale',
    );
    await refused('activity/pointExchangeDetail', { id: 0 }, tokens.careful);
    await refused('activity/pointExchangeDetail', { id: 987_654 }, tokens.careful, 'exchangeNotFound');
    await refused('activity/pointExchangeDetail', { id: 1 }, tokens.guest, 'memberRequired');
    const zh = await h.call(
      x,
      { ...c, activityId: ITEM.voucher },
      { token: tokens.careful, language: 'zh-CN' },
    );
    expect(zh.body.message).toBe('积分不足：需要 100 积分。');
    const gone = await h.call(
      x,
      { ...c, activityId: ITEM.off },
      { token: tokens.careful, language: 'zh-CN' },
    );
    expect(gone.body.message).toBe('该商品当前不可兑换。');
    await expectLedgerBalanced(PM.careful.id);
  });
});

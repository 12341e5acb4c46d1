// The whole bill on its payer's terms (decision T51), on PGlite and PostgreSQL: table/quote shows a guest
// what the whole bill comes to at their member price and with each coupon of theirs; the order of the whole
// bill carries them, reserves the coupon and every phone reads its totals; taking the bill back frees the
// coupon; a coupon that is not the payer's, does not apply or was taken meanwhile is refused and leaves the
// tab ordering; two bills racing for one coupon give it to exactly one.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  couponTemplates,
  customerCoupons,
  members,
  orders,
  tableBillParts,
  tableTabs,
} from '../../../server/db/schema';
import { forgetActivities } from '../../../server/modules/coupons/activities';
import { chains, shops } from '../../../server/seed/index';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import type { TableConfirmInfo, TableQuoteInfo, TableTabInfo } from '../../../src/domain/api/open-table';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, newKey } from '../orders/order-fixture';
import { LUNCH, SHOP, TABLE, TEA, tableHelpers } from './table-fixture';

/** The claypot house as a shop whose member discount does not wait for the card (the bill's pay type is
 * chosen only at order/pay, so a card-only discount never reaches it: T51). */
const seed = {
  chains,
  shops: shops.map((s) =>
    s.id === SHOP ? { ...s, memberSetting: { ...s.memberSetting, isOnlyCardPayForDiscount: false } } : s,
  ),
};
/** The claypot house's Diamond level: 88 % of the list price. */
const DIAMOND = 2903;
/** Lime juice, S$3.50, which takes member discounts (rice and tea do not). */
const LIME = 2111;

describe.each(testDatabases)('the whole bill on its payer’s terms on %s', (kind) => {
  const clock = createClock(LUNCH);
  const h = useTestApp(kind, { seed, clock, demoMode: true });
  const t = tableHelpers(h);
  let twoOff: number;
  let fiftyOff: number;
  let phones = 0;

  const quote = (token: string, orderId: number, couponId: number | null = null) =>
    t.call<TableQuoteInfo>('table/quote', { orderId, couponId }, token);
  const couponRow = async (id: number) =>
    (await h.database.db.select().from(customerCoupons).where(eq(customerCoupons.id, id)))[0]!;
  const tabRow = async (id: number) =>
    (await h.database.db.select().from(tableTabs).where(eq(tableTabs.id, id)))[0]!;
  /** A Diamond member of the claypot house, logged in, holding one coupon of each template. */
  const diamond = async () => {
    const token = await login(h, SHOP, `+658123${String(++phones).padStart(4, '0')}`);
    const joined = await t.call<{ member: { id: number } }>(
      'vip/register',
      { name: 'Mei', birthday: '1990-05-17', gender: 2, agreeTerms: true },
      token,
    );
    expect(joined.body.result, joined.body.message).toBe(true);
    const memberId = joined.body.info.member.id;
    await h.database.db.update(members).set({ levelId: DIAMOND }).where(eq(members.id, memberId));
    const held: number[] = [];
    for (const id of [twoOff, fiftyOff]) {
      const r = await t.call<{ coupon: CustomerCoupon }>(
        'activity/receiveCoupon',
        { id, idempotencyKey: newKey() },
        token,
      );
      expect(r.body.result, r.body.message).toBe(true);
      held.push(r.body.info.coupon.id);
    }
    return { token, memberId, two: held[0]!, fifty: held[1]! };
  };
  /** A tab at `table` where the member and a guest each had a round served: S$7 of lime juice, S$3 of tea. */
  const tabWithRounds = async (token: string, table: number) => {
    const tab = await t.open(token, table, 2);
    const guest = await t.guest();
    await t.open(guest, table, 2);
    await t.served(token, tab.id, [[LIME, 2]]);
    await t.served(guest, tab.id, [[TEA, 2]]);
    return { tab, guest };
  };

  beforeAll(async () => {
    const [activity] = await h.database.db
      .insert(activities)
      .values({ shopId: SHOP, kind: 4, name: { en: 'Table treats', zh: '桌边优惠' } })
      .returning();
    const template = async (en: string, reductionAmount: number, minAmount: number) => {
      const [row] = await h.database.db
        .insert(couponTemplates)
        .values({
          activityId: activity!.id,
          kind: 4,
          name: { en, zh: en },
          rules: { reductionAmount, minAmount },
          channels: ['activity'],
        })
        .returning();
      return row!.id;
    };
    twoOff = await template('S$2 off', 200, 500);
    fiftyOff = await template('S$50 off over S$100', 5000, 10000);
    forgetActivities(h.database.db);
  });

  it('quotes the member price and each coupon, and the whole bill’s order carries the chosen one', async () => {
    const mei = await diamond();
    const { tab, guest } = await tabWithRounds(mei.token, TABLE.t1);
    const everyone = (await t.refresh(guest, tab.id)).total;

    const plain = await quote(mei.token, tab.id);
    expect(plain.body.result, plain.body.message).toBe(true);
    const q0 = plain.body.info;
    expect(q0.billTotal).toBe(everyone);
    expect(q0.memberDiscount).toBeGreaterThan(0);
    expect(q0.couponDiscount).toBe(0);
    expect(q0.couponId).toBeNull();
    expect(q0.total).toBe(everyone - q0.memberDiscount);
    expect(q0.coupons).toEqual([
      { id: mei.two, name: 'S$2 off', usable: true, discount: 200, reasons: [] },
      { id: mei.fifty, name: 'S$50 off over S$100', usable: false, discount: 0, reasons: expect.any(Array) },
    ]);
    expect(q0.coupons[1]!.reasons.length).toBeGreaterThan(0);

    const q1 = (await quote(mei.token, tab.id, mei.two)).body.info;
    expect(q1).toMatchObject({ couponId: mei.two, memberDiscount: q0.memberDiscount });
    // S$2 off the goods, and the service charge and GST that were on them.
    expect(q1.couponDiscount).toBeGreaterThanOrEqual(200);
    expect(q1.total).toBe(q0.total - q1.couponDiscount);
    // An unusable coupon asked for is quoted without it.
    expect((await quote(mei.token, tab.id, mei.fifty)).body.info).toMatchObject({
      couponId: null,
      total: q0.total,
    });
    // The other guest has no member card and no coupon: the bill as everyone sees it.
    expect((await quote(guest, tab.id)).body.info).toEqual({
      billTotal: everyone,
      memberDiscount: 0,
      couponDiscount: 0,
      total: everyone,
      couponId: null,
      coupons: [],
    });
    // Quoting changes nothing.
    expect((await tabRow(tab.id)).status).toBe('ordering');
    expect((await couponRow(mei.two)).state).toBe('available');

    const asked = await t.confirm(mei.token, tab.id, { mode: 'all', couponId: mei.two });
    expect(asked.body.result, asked.body.message).toBe(true);
    const orderId = asked.body.info.orderId!;
    const [order] = await h.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      memberId: mei.memberId,
      couponId: mei.two,
      couponDiscount: 200,
      total: q1.total,
    });
    expect(await couponRow(mei.two)).toMatchObject({ state: 'reserved', orderId });
    expect(await tabRow(tab.id)).toMatchObject({ billTotal: q1.total, billCouponId: mei.two });
    const [part] = await h.database.db.select().from(tableBillParts).where(eq(tableBillParts.tabId, tab.id));
    expect(part).toMatchObject({ amount: q1.total, orderId });
    // Every phone reads the whole bill's totals: its discounts hold the member's and the coupon's.
    const seen = await t.refresh(guest, tab.id);
    expect(seen.total).toBe(q1.total);
    expect(seen.bill).toMatchObject({ total: q1.total, remaining: q1.total });
    expect(seen.fDiscountAmount).toBe(order!.productDiscount + order!.activityDiscount + 200);
    expect(order!.productDiscount).toBeGreaterThan(0);

    // Taken back, the coupon is free again and the tab forgets it.
    const back = await t.call<TableTabInfo>('table/cancelPay', { orderId: tab.id }, mei.token);
    expect(back.body.result, back.body.message).toBe(true);
    expect(back.body.info.total).toBe(everyone);
    expect(await couponRow(mei.two)).toMatchObject({ state: 'available', orderId: null });
    expect(await tabRow(tab.id)).toMatchObject({ status: 'ordering', billCouponId: null });

    // Asked for again at the same instant and paid at the counter: a bill of its own (not the closed order of
    // the first), the table free, the coupon with the order (spent when the shop marks it paid, as on any order).
    const again = await t.confirm(mei.token, tab.id, { mode: 'all', couponId: mei.two });
    expect(again.body.result, again.body.message).toBe(true);
    expect(again.body.info.orderId).not.toBe(orderId);
    const paid = await t.payCash(mei.token, again.body.info.orderId!);
    expect(paid.body.result, paid.body.message).toBe(true);
    expect(await couponRow(mei.two)).toMatchObject({ state: 'reserved', orderId: again.body.info.orderId });
    expect((await tabRow(tab.id)).status).toBe('paid');
  });

  it('refuses a coupon that is not the payer’s or does not apply, and the tab orders on', async () => {
    const mei = await diamond();
    const { tab, guest } = await tabWithRounds(mei.token, TABLE.t2);
    const before = await tabRow(tab.id);

    // Someone else's coupon: refused before the bill freezes.
    const stolen = await t.confirm(guest, tab.id, { mode: 'all', couponId: mei.two });
    expect(stolen.body.result).toBe(false);
    expect(stolen.body.info).toMatchObject({ reason: 'couponUnusable' });
    expect(await tabRow(tab.id)).toMatchObject({ status: 'ordering', version: before.version });

    // Hers, but the bill is far below its threshold: the engine refuses it, the bill is not left frozen.
    const short = await t.confirm(mei.token, tab.id, { mode: 'all', couponId: mei.fifty });
    expect(short.body.result).toBe(false);
    expect(short.body.info).toMatchObject({ reason: 'couponUnusable' });
    expect(short.body.message).toMatch(/coupon/i);
    expect(await tabRow(tab.id)).toMatchObject({
      status: 'ordering',
      billAt: null,
      billTotal: null,
      billCouponId: null,
      orderId: null,
    });
    expect((await couponRow(mei.fifty)).state).toBe('available');
    expect(await h.database.db.select().from(tableBillParts).where(eq(tableBillParts.tabId, tab.id))).toEqual(
      [],
    );
    const { version } = await tabRow(tab.id);

    // Bad input changes nothing; a stranger learns nothing of the tab.
    for (const couponId of [0, -3, 1.5, 'two', 2 ** 40]) {
      const r = await quote(mei.token, tab.id, couponId as number);
      expect(r.body.result).toBe(false);
      const c = await t.confirm(mei.token, tab.id, { mode: 'all', couponId });
      expect(c.body.result).toBe(false);
    }
    const stranger = await t.guest();
    const peek = await quote(stranger, tab.id, mei.two);
    expect(peek.body.result).toBe(false);
    expect(peek.body.info).toMatchObject({ reason: 'tabNotFound' });
    expect(await tabRow(tab.id)).toMatchObject({ status: 'ordering', version });

    // Once the bill is asked for, it is what the bill says: no more quotes.
    expect((await t.confirm(guest, tab.id, { mode: 'equal', parts: 2 })).body.result).toBe(true);
    const late = await quote(mei.token, tab.id, mei.two);
    expect(late.body.info).toMatchObject({ reason: 'tabNotOrdering' });
  });

  it('gives one coupon to exactly one of two whole bills asked for at once', async () => {
    const mei = await diamond();
    const first = await tabWithRounds(mei.token, TABLE.t3);
    const second = await tabWithRounds(mei.token, TABLE.t4);
    const replies = await Promise.all(
      [first.tab.id, second.tab.id].map((id) => t.confirm(mei.token, id, { mode: 'all', couponId: mei.two })),
    );
    const won = replies.filter((r) => r.body.result);
    const lost = replies.filter((r) => !r.body.result);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.body.info).toMatchObject({ reason: 'couponUnusable' });
    const winner = (won[0]!.body.info as TableConfirmInfo).orderId!;
    expect(await couponRow(mei.two)).toMatchObject({ state: 'reserved', orderId: winner });
    const tabs = await Promise.all([first.tab.id, second.tab.id].map(tabRow));
    expect(tabs.map((tb) => tb.status).sort()).toEqual(['ordering', 'paying']);
    const loser = tabs.find((tb) => tb.status === 'ordering')!;
    expect(loser).toMatchObject({ billTotal: null, billCouponId: null, orderId: null });
    // The loser's table asks again without the coupon and gets its bill.
    expect((await t.confirm(mei.token, loser.id, { mode: 'all' })).body.result).toBe(true);
  });

  it('answers both guests asking at once, the payer’s coupon with the one bill written', async () => {
    const mei = await diamond();
    const { tab, guest } = await tabWithRounds(mei.token, TABLE.k1);
    const replies = await Promise.all([
      t.confirm(mei.token, tab.id, { mode: 'all', couponId: mei.two }),
      t.confirm(mei.token, tab.id, { mode: 'all', couponId: mei.two }),
      t.confirm(guest, tab.id, { mode: 'all' }),
    ]);
    // Whoever froze the bill first, nobody is refused a coupon they did not choose or already hold.
    for (const r of replies) expect(r.body.result, r.body.message).toBe(true);
    const row = await tabRow(tab.id);
    expect(row.status).toBe('paying');
    const written = await h.database.db.select().from(orders).where(eq(orders.id, row.orderId!));
    expect(written).toHaveLength(1);
    const coupon = await couponRow(mei.two);
    // Her coupon went with the bill if her request froze it, and is free if the other guest's did.
    if (written[0]!.couponId === null) expect(coupon).toMatchObject({ state: 'available', orderId: null });
    else {
      expect(written[0]!.couponId).toBe(mei.two);
      expect(coupon).toMatchObject({ state: 'reserved', orderId: row.orderId });
    }
    for (const r of replies) expect((r.body.info as TableConfirmInfo).tab.bill?.total).toBe(row.billTotal);
  });

  it('refuses a coupon that would leave nothing to pay, and the tab orders on', async () => {
    const [activity] = await h.database.db.select().from(activities).where(eq(activities.shopId, SHOP));
    const [all] = await h.database.db
      .insert(couponTemplates)
      .values({
        activityId: activity!.id,
        kind: 4,
        name: { en: 'S$50 off', zh: 'S$50 off' },
        rules: { reductionAmount: 5000, minAmount: 0 },
        channels: ['activity'],
      })
      .returning();
    forgetActivities(h.database.db);
    const mei = await diamond();
    const claimed = await t.call<{ coupon: CustomerCoupon }>(
      'activity/receiveCoupon',
      { id: all!.id, idempotencyKey: newKey() },
      mei.token,
    );
    expect(claimed.body.result, claimed.body.message).toBe(true);
    const big = claimed.body.info.coupon.id;
    // Only lime juice, which the coupon covers whole (tea takes no discount).
    const tab = await t.open(mei.token, TABLE.k2, 1);
    await t.served(mei.token, tab.id, [[LIME, 2]]);
    expect((await quote(mei.token, tab.id, big)).body.info.total).toBe(0);
    const r = await t.confirm(mei.token, tab.id, { mode: 'all', couponId: big });
    expect(r.body.result).toBe(false);
    expect(r.body.info).toMatchObject({ reason: 'nothingToPay' });
    expect(await tabRow(tab.id)).toMatchObject({ status: 'ordering', billCouponId: null, orderId: null });
    expect((await couponRow(big)).state).toBe('available');
  });
});

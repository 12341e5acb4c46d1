// Capped special prices (decisions C131–C136): the units sold under an activity and each customer's own
// units are counted with the order and given back when it ends unpaid, is refused or is refunded, once;
// racing orders never sell more than the activity offers nor more than a customer may buy; activity/list
// gives the browser the counts its engine needs to show the price the server charges.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activities, activityUnitCounts, orderActivityUnits, orders } from '../../../server/db/schema';
import { BusinessError } from '../../../server/http/action';
import { translate, type LocalizedText } from '../../../server/i18n';
import { forgetActivities } from '../../../server/modules/coupons/activities';
import { reserveActivityUnits } from '../../../server/modules/coupons/activity-units';
import { expireUnpaidOrders } from '../../../server/modules/orders/order-life';
import type { ActivityListInfo } from '../../../src/domain/api/activity';
import type { OrderConfirmInfo, OrderDetail } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, NOON, P, pickupOrder, SHOP } from '../orders/order-fixture';
import { PAY_TYPE, paymentSeed } from '../payments/payment-fixture';

const KEY = `demo-merchant-${SHOP}`;
/** Bread lists at 10.00; the activity sells 5 at 6.00, at most 3 to a customer. */
const SPECIAL = 600;
const LIST = 1000;

describe.each(testDatabases)('capped special prices on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
  let activityId: number;
  let phones = 0;
  const customer = () => login(h, SHOP, `1370000${String(5000 + phones++).padStart(4, '0')}`);

  const confirm = (token: string, bread: number, language = 'en') =>
    h.call<OrderConfirmInfo>(
      'order/confirm',
      pickupOrder({ products: [{ id: P.bread, quantity: bread, tastes: [], mealset: [] }] }),
      { token, language },
    );
  const placed = async (token: string, bread: number): Promise<OrderDetail> => {
    const r = await confirm(token, bread);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  };
  const specialUnits = (order: OrderDetail) => (LIST * 2 - order.amounts.total) / (LIST - SPECIAL);
  const counter = async (customerId = 0) => {
    const [row] = await h.database.db
      .select()
      .from(activityUnitCounts)
      .where(
        and(eq(activityUnitCounts.activityId, activityId), eq(activityUnitCounts.customerId, customerId)),
      );
    return row?.units ?? 0;
  };
  const listed = async (token: string) => {
    const r = await h.call<ActivityListInfo>('activity/list', {}, { token });
    expect(r.body.result, r.body.message).toBe(true);
    const activity = r.body.info.activities.find((a) => a.id === activityId)!;
    return { sold: activity.pricing!.productList[0]!.purchasedQuantity, purchased: r.body.info.purchased };
  };
  const merchant = async (action: string, orderNo: string) => {
    const r = await h.inject({
      method: 'POST',
      url: `/merchant/api/${action}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, language: 'en' },
      payload: JSON.stringify({ orderNo, reason: 'Test' }),
    });
    expect(r.json().result, r.json().message).toBe(true);
  };

  beforeAll(async () => {
    const [row] = await h.database.db
      .insert(activities)
      .values({
        shopId: SHOP,
        kind: 3,
        name: { en: 'Bread at 6', zh: '面包特价' },
        rules: { limit: 3, productList: [{ id: P.bread, discountPrice: SPECIAL, quantity: 5 }] },
      })
      .returning();
    activityId = row!.id;
    forgetActivities(h.database.db);
  });

  // Every test starts from an activity nobody has bought from: earlier orders are closed (giving back).
  beforeEach(async () => {
    clock.set(NOON);
    await h.database.db.delete(orderActivityUnits);
    await h.database.db.delete(activityUnitCounts);
  });

  it('counts the units with the order, shows them in activity/list and gives them back on close, once', async () => {
    const me = await customer();
    const someone = await customer();
    expect(await listed(me)).toEqual({ sold: 0, purchased: [] });

    const first = await placed(me, 2);
    expect(first.amounts.total).toBe(2 * SPECIAL);
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, first.id));
    expect(row!.activityUnits).toBe(2);
    expect(await counter()).toBe(2);
    expect(await counter(row!.customerId)).toBe(2);
    expect(await listed(me)).toEqual({
      sold: 2,
      purchased: [{ activityId, products: [{ id: P.bread, discount: SPECIAL, quantity: 2 }] }],
    });
    const words = await h.call<ActivityListInfo>('activity/list', {}, { token: me, language: 'zh-CN' });
    expect(words.body.info.activities.find((a) => a.id === activityId)!.rules).toEqual([
      '特价¥6.00，每人限3份，剩余3份',
    ]);
    // Another customer sees what was sold, not what this one bought.
    expect(await listed(someone)).toEqual({ sold: 2, purchased: [] });

    // The per-person limit (3) leaves one more unit at the special price, the second at the list price.
    const second = await placed(me, 2);
    expect(second.amounts.total).toBe(SPECIAL + LIST);
    expect(await counter(row!.customerId)).toBe(3);
    expect(await counter()).toBe(3);

    const closed = await h.call('order/close', { id: first.id }, { token: me });
    expect(closed.body.result, closed.body.message).toBe(true);
    expect(await counter()).toBe(1);
    expect(await counter(row!.customerId)).toBe(1);
    // A second close changes nothing (the order is no longer open) and gives nothing back twice.
    await h.call('order/close', { id: first.id }, { token: me });
    expect(await counter()).toBe(1);
    const released = await h.database.db
      .select()
      .from(orderActivityUnits)
      .where(eq(orderActivityUnits.orderId, first.id));
    expect(released).toHaveLength(2);
    for (const r of released) expect(r.releasedAt).not.toBeNull();
    expect(await listed(me)).toEqual({
      sold: 1,
      purchased: [{ activityId, products: [{ id: P.bread, discount: SPECIAL, quantity: 1 }] }],
    });
  });

  it('gives the units back when the unpaid order expires and when the merchant refuses it', async () => {
    const me = await customer();
    const unpaid = await placed(me, 2);
    clock.advance(60 * 60_000);
    expect(await expireUnpaidOrders(h.database.db, clock.now())).toContain(unpaid.id);
    expect(await counter()).toBe(0);
    clock.set(NOON);

    const cash = await placed(me, 2);
    const settled = await h.call('order/pay', { id: cash.id, payTypeId: PAY_TYPE.Cash }, { token: me });
    expect(settled.body.result, settled.body.message).toBe(true);
    expect(await counter()).toBe(2);
    await merchant('refuse', cash.orderNo);
    expect(await counter()).toBe(0);
  });

  it('never sells more than the activity offers to racing customers', async () => {
    const tokens = await Promise.all(Array.from({ length: 8 }, () => customer()));
    const replies = await Promise.all(tokens.map((t) => confirm(t, 2)));
    const won = replies.filter((r) => r.body.result).map((r) => r.body.info.order);
    const lost = replies.filter((r) => !r.body.result);
    for (const r of lost) {
      expect(r.body.info).toEqual({ reason: 'activityUnitsTaken', name: 'Bread at 6' });
      expect(r.body.message).toBe(
        '“Bread at 6” has just run out for an item of your order. Check the new price and place the order again.',
      );
    }
    const sold = won.reduce((n, o) => n + specialUnits(o), 0);
    expect(sold).toBeLessThanOrEqual(5);
    expect(await counter()).toBe(sold);

    // Those refused try again with the counts as they are now: the rest of the offer goes, nothing more.
    for (const [i, r] of replies.entries()) {
      if (r.body.result) continue;
      const again = await placed(tokens[i]!, 2);
      won.push(again);
    }
    const total = won.reduce((n, o) => n + specialUnits(o), 0);
    expect(total).toBe(5);
    expect(await counter()).toBe(5);
    expect(await listed(tokens[0]!)).toEqual(expect.objectContaining({ sold: 5 }));
  });

  it("never lets one customer's racing orders pass the per-person limit", async () => {
    const me = await customer();
    const replies = await Promise.all(Array.from({ length: 5 }, () => confirm(me, 2)));
    const won = replies.filter((r) => r.body.result).map((r) => r.body.info.order);
    for (const r of replies.filter((x) => !x.body.result))
      expect(r.body.info).toEqual(expect.objectContaining({ reason: 'activityUnitsTaken' }));
    const mine = won.reduce((n, o) => n + specialUnits(o), 0);
    expect(mine).toBeLessThanOrEqual(3);
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, won[0]!.id));
    expect(await counter(row!.customerId)).toBe(mine);
    expect(await counter()).toBe(mine);
  });

  it('prices at the list price once sold out, and refuses an order whose units another took first', async () => {
    const me = await customer();
    await h.database.db
      .insert(activityUnitCounts)
      .values({ activityId, productKey: P.bread, customerId: 0, units: 4 });
    // One unit left: the engine gives one at the special price and the other at the list price.
    const last = await placed(me, 2);
    expect(last.amounts.total).toBe(SPECIAL + LIST);
    expect(await counter()).toBe(5);
    const none = await placed(me, 2);
    expect(none.amounts.total).toBe(2 * LIST);
    expect(
      await h.database.db.select().from(orderActivityUnits).where(eq(orderActivityUnits.orderId, none.id)),
    ).toEqual([]);

    // An order priced before the last unit went: its transaction moves nothing and is refused.
    const before = await h.database.db.select().from(activityUnitCounts);
    const error = await h.database.db
      .transaction(async (tx) => {
        await reserveActivityUnits(tx, none.id, [
          { activityId, key: P.bread, customerId: 0, units: 1, cap: 5, activityName: 'Bread at 6' },
        ]);
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessError);
    expect(
      translate('zh-CN', (error as BusinessError).key as LocalizedText, (error as BusinessError).params),
    ).toBe('“Bread at 6”的优惠名额刚刚被抢完，请确认新价格后重新下单。');
    expect(await h.database.db.select().from(activityUnitCounts)).toEqual(before);
  });

  it('gives an over-send gift only while the activity has gifts left, and takes a gift back on close', async () => {
    const [gift] = await h.database.db
      .insert(activities)
      .values({
        shopId: SHOP,
        kind: 9,
        name: { en: 'Water on us', zh: '送水' },
        rules: {
          minAmount: 1000,
          productId: P.water,
          productName: 'Water',
          freeQuantity: 1,
          freeTotalQuantity: 2,
        },
      })
      .returning();
    forgetActivities(h.database.db);
    const giftCounter = async () => {
      const [row] = await h.database.db
        .select()
        .from(activityUnitCounts)
        .where(and(eq(activityUnitCounts.activityId, gift!.id), eq(activityUnitCounts.customerId, 0)));
      return row?.units ?? 0;
    };
    const givenIn = async (orderId: number) => {
      const [row] = await h.database.db.select().from(orders).where(eq(orders.id, orderId));
      return row!.pricing.freeGifts.reduce((n, g) => n + g.product.quantity, 0);
    };
    try {
      const me = await customer();
      const first = await placed(me, 2);
      const second = await placed(me, 2);
      expect([await givenIn(first.id), await givenIn(second.id)]).toEqual([1, 1]);
      expect(await giftCounter()).toBe(2);
      // None left: the third order is priced without the gift.
      const third = await placed(me, 2);
      expect(await givenIn(third.id)).toBe(0);
      expect(await giftCounter()).toBe(2);
      await h.call('order/close', { id: first.id }, { token: me });
      expect(await giftCounter()).toBe(1);
      const fourth = await placed(me, 2);
      expect(await givenIn(fourth.id)).toBe(1);
    } finally {
      await h.database.db.update(activities).set({ status: 0 }).where(eq(activities.id, gift!.id));
      forgetActivities(h.database.db);
    }
  });
});

// Tableware on order/confirm (decision U20): the sets the customer chose are what the server charges, each
// at the shop's dishwareAmount; 0 ("no cutlery") charges nothing; a count that is no count is refused in
// words, and nothing is written. Without the field the old per-unit count still applies.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import { orders } from '../../../server/db/schema';
import type { OrderConfirmInfo, OrderConfirmInput, OrderDetail } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import {
  dineOrder,
  enter,
  NOON,
  orderChains,
  pickupOrder,
  shop80,
  SHOP,
  takeawayOrder,
} from './order-fixture';

/** The fee of one set, minor units. */
const SET_FEE = 150;

const seed = {
  chains: orderChains,
  shops: [{ ...shop80, settings: { ...shop80.settings, dishwareAmount: SET_FEE } }],
};

describe.each(testDatabases)('tableware on order/confirm on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed, clock, demoMode: true });
  let token: string;

  beforeAll(async () => {
    token = await enter(h, SHOP);
  });

  const confirm = (body: unknown, language = 'en') =>
    h.call<OrderConfirmInfo>('order/confirm', body, { token, language });

  async function placed(body: OrderConfirmInput): Promise<OrderDetail> {
    const r = await confirm(body);
    expect(r.status).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  }

  const storedFee = async (id: number) =>
    (
      await h.database.db
        .select({ dishwareFee: orders.dishwareFee, total: orders.total })
        .from(orders)
        .where(eq(orders.id, id))
    )[0]!;

  const orderCount = async () => (await h.database.db.select({ n: count() }).from(orders))[0]!.n;

  it('charges no dishware fee for "no cutlery", in the reply and in the stored order', async () => {
    const order = await placed(pickupOrder({ tableware: 0 }));
    expect(order.amounts.dishwareFee).toBe(0);
    expect(order.pricing.fees.dishware).toEqual({ units: 0, amount: 0 });
    // Two breads at 10.00: the goods and nothing on top.
    expect(order.amounts.total).toBe(2000);
    expect(await storedFee(order.id)).toEqual({ dishwareFee: 0, total: 2000 });
  });

  it('charges exactly the chosen sets times the fee, whatever the units', async () => {
    const three = await placed(takeawayOrder({ tableware: 3 }));
    expect(three.amounts.dishwareFee).toBe(3 * SET_FEE);
    expect(three.pricing.fees.dishware).toEqual({ units: 3, amount: 3 * SET_FEE });
    expect(await storedFee(three.id)).toEqual({ dishwareFee: 3 * SET_FEE, total: three.amounts.total });

    const one = await placed(pickupOrder({ tableware: 1 }));
    expect(one.amounts.dishwareFee).toBe(SET_FEE);
    expect(one.amounts.total).toBe(2000 + SET_FEE);

    const dine = await placed(dineOrder({ person: 2, tableware: 2 }));
    expect(dine.amounts.dishwareFee).toBe(2 * SET_FEE);
  });

  it('keeps one set per unit when the client does not say', async () => {
    const order = await placed(pickupOrder());
    expect(order.amounts.dishwareFee).toBe(2 * SET_FEE);
  });

  it('refuses a count that is not a whole number from 0 to 99, in the request language, and writes nothing', async () => {
    for (const tableware of [-1, 2.5, 100, 1e9]) {
      const before = await orderCount();
      const r = await confirm(pickupOrder({ tableware }));
      expect(r.body.result).toBe(false);
      expect((r.body.info as unknown as { reason: string }).reason).toBe('tablewareInvalid');
      expect(r.body.message).toBe('Please choose between 0 and 99 sets of tableware.');
      expect(await orderCount()).toBe(before);
    }
    const zh = await confirm(pickupOrder({ tableware: -1 }), 'zh-CN');
    expect(zh.body.result).toBe(false);
    expect(zh.body.message).toBe('请选择 0-99 份餐具。');

    // Not a number at all: the request itself is malformed.
    const before = await orderCount();
    const text = await confirm({ ...pickupOrder(), tableware: 'two' });
    expect(text.body.result).toBe(false);
    expect(text.body.message).toMatch(/^Please check your input/);
    expect(await orderCount()).toBe(before);
  });

  it('answers a refusal with the envelope of every business refusal (HTTP 200, result false)', async () => {
    const r = await confirm(pickupOrder({ tableware: 100 }));
    expect(r.status).toBe(200);
    expect(r.body.info).toEqual(expect.objectContaining({ reason: 'tablewareInvalid', max: 99 }));
  });
});

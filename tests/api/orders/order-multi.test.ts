// order/multiConfirm: carts of several shops of one chain become one order per shop, all or none.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../../../server/db/schema';
import type { OrderMultiConfirmInfo, OrderMultiConfirmInput } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, LONE, newKey, NOON, orderSeed, P, pickupOrder, SHOP, SISTER } from './order-fixture';

const SISTER_NOODLES = 81101;

function cart(shopId: number, productId: number, quantity: number) {
  const { idempotencyKey: _key, ...fields } = pickupOrder({ products: [{ id: productId, quantity }] });
  return { ...fields, shopId };
}

describe.each(testDatabases)('order/multiConfirm on %s', (kind) => {
  const h = useTestApp(kind, { seed: orderSeed, clock: createClock(NOON) });

  const multi = (body: OrderMultiConfirmInput, token: string) =>
    h.call<OrderMultiConfirmInfo>('order/multiConfirm', body, { token, language: 'en' });
  const stockOf = async (id: number) =>
    (await h.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!
      .stock;
  const orderCount = async () => (await h.database.db.select({ n: count() }).from(orders))[0]!.n;

  it('creates one order per shop and replays them for the same key', async () => {
    const token = await enter(h, SHOP);
    const body = {
      idempotencyKey: newKey(),
      carts: [cart(SISTER, SISTER_NOODLES, 2), cart(SHOP, P.noodles, 1)],
    };
    const r = await multi(body, token);
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.orders.map((o) => o.shopId)).toEqual([SISTER, SHOP]);
    expect(r.body.info.orders.map((o) => o.amounts.total)).toEqual([4400, 1800]);
    expect(r.body.info.orders.every((o) => o.status === 'nopay' && o.daySeq === 1)).toBe(true);
    expect(await stockOf(SISTER_NOODLES)).toBe(3);

    const again = await multi(body, token);
    expect(again.body.info.replayed).toBe(true);
    expect(again.body.info.orders.map((o) => o.id)).toEqual(r.body.info.orders.map((o) => o.id));
  });

  it('creates none when one cart cannot be supplied', async () => {
    const token = await enter(h, SHOP);
    const before = {
      n: await orderCount(),
      shop: await stockOf(P.noodles),
      sister: await stockOf(SISTER_NOODLES),
    };
    const r = await multi(
      { idempotencyKey: newKey(), carts: [cart(SHOP, P.noodles, 1), cart(SISTER, SISTER_NOODLES, 99)] },
      token,
    );
    expect(r.body.result).toBe(false);
    expect(r.body.info).toEqual(expect.objectContaining({ reason: 'stockInsufficient', shopId: SISTER }));
    expect({
      n: await orderCount(),
      shop: await stockOf(P.noodles),
      sister: await stockOf(SISTER_NOODLES),
    }).toEqual(before);
  });

  it('refuses shops outside the session chain and duplicate shops', async () => {
    const token = await enter(h, SHOP);
    const before = await orderCount();
    const other = await multi({ idempotencyKey: newKey(), carts: [cart(LONE, 82101, 1)] }, token);
    expect(other.body.result).toBe(false);
    expect(other.body.info).toEqual(expect.objectContaining({ reason: 'notChainShop', shopId: LONE }));
    const lone = await enter(h, LONE);
    const outside = await multi({ idempotencyKey: newKey(), carts: [cart(SHOP, P.noodles, 1)] }, lone);
    expect(outside.body.info).toEqual(expect.objectContaining({ reason: 'notChainShop' }));
    const dup = await multi(
      { idempotencyKey: newKey(), carts: [cart(SHOP, P.noodles, 1), cart(SHOP, P.bread, 2)] },
      token,
    );
    expect(dup.body.result).toBe(false);
    expect(dup.body.message).toMatch(/^Please check your input/);
    expect(await orderCount()).toBe(before);
  });
});

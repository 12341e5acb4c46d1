// order/confirm, list, detail, last and daySeq over HTTP, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: prices come from the database, every rule of spec §5 refuses its failing input and
// changes nothing, another customer's order reads as 404.
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, productSpecs, products } from '../../../server/db/schema';
import { findSession } from '../../../server/http/action';
import { loadOrderShop, prepareOrder } from '../../../server/modules/orders/orders';
import { submitOrders } from '../../../server/modules/orders/orders-store';
import { ensureTableCodes } from '../../../server/modules/orders/tables';
import { orderConfirmInput } from '../../../src/domain/api/order';
import type {
  OrderConfirmInfo,
  OrderConfirmInput,
  OrderDaySeqInfo,
  OrderDetail,
  OrderListInfo,
  OrderRejection,
  OrderSummary,
} from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import {
  CHAIN_MEMBER,
  EXPIRED,
  dineOrder,
  enter,
  FAR,
  LONE,
  login,
  newKey,
  NOON,
  orderSeed,
  P,
  pickupOrder,
  SHOP,
  SPEC,
  TABLE,
  takeawayOrder,
  TASTE,
  TODAY,
} from './order-fixture';

describe.each(testDatabases)('order calls on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: orderSeed, clock, demoMode: true });
  let token: string;
  const line = (id: number, quantity = 1, extra: Record<string, unknown> = {}) => ({
    id,
    quantity,
    ...extra,
  });

  const confirm = (body: unknown, tok = token, language = 'en') =>
    h.call<OrderConfirmInfo>('order/confirm', body, { token: tok, language });

  async function placed(body: OrderConfirmInput, tok = token): Promise<OrderDetail> {
    const r = await confirm(body, tok);
    expect(r.status).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  }

  /** Orders and every tracked stock of shop 80, to prove a refusal wrote nothing. */
  async function snapshot() {
    const db = h.database.db;
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(orders);
    const stock = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(eq(products.shopId, SHOP))
      .orderBy(products.id);
    const specs = await db
      .select({ id: productSpecs.id, stock: productSpecs.stock })
      .from(productSpecs)
      .where(inArray(productSpecs.id, [SPEC.small, SPEC.large]))
      .orderBy(productSpecs.id);
    return { n, stock, specs };
  }

  async function refusedFor(reason: OrderRejection, body: unknown, tok = token) {
    const before = await snapshot();
    const r = await confirm(body, tok);
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(false);
    expect(r.body.message).not.toBe('');
    expect((r.body.info as unknown as { reason: string }).reason, r.body.message).toBe(reason);
    expect(await snapshot()).toEqual(before);
    return r.body;
  }

  const stockOf = async (id: number) =>
    (await h.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!
      .stock;

  beforeAll(async () => {
    token = await enter(h, SHOP);
  });

  describe('order/confirm', () => {
    it('creates an unpaid order priced by the server, with a day sequence and a pay deadline', async () => {
      const order = await placed(pickupOrder());
      expect(order.status).toBe('nopay');
      expect(order.orderType).toBe('selfPickup');
      expect(order.shopId).toBe(SHOP);
      expect(order.amounts.total).toBe(2000);
      expect(order.lines).toEqual([
        expect.objectContaining({ productId: P.bread, quantity: 2, unitPrice: 1000, amount: 2000 }),
      ]);
      expect(order.contact).toEqual(expect.objectContaining({ name: 'Zhang San', phone: '13700001111' }));
      expect(order.pickupTime).toBe(`${TODAY} 13:00`);
      expect(order.businessDate).toBe(TODAY);
      expect(order.clientTypeCode).toBe(54);
      expect(Date.parse(order.payDeadlineAt) - Date.parse(order.createdAt)).toBe(15 * 60_000);
      expect(order.pricing.totals.total).toBe(order.amounts.total);
      expect(order.orderNo).toBe(`20260302-${SHOP}-${String(order.daySeq).padStart(4, '0')}`);

      const next = await placed(pickupOrder());
      expect(next.daySeq).toBe(order.daySeq + 1);
    });

    it('ignores every price the client sends', async () => {
      const tampered = pickupOrder({
        products: [
          {
            id: P.bread,
            quantity: 2,
            price: 1,
            memberPrice: 1,
            name: 'Free bread',
            tastes: [],
            mealset: [],
          } as OrderConfirmInput['products'][number],
        ],
      });
      const order = await placed(tampered);
      expect(order.amounts.total).toBe(2000);
      expect(order.lines[0]!.name).toBe('Bread');
    });

    it('prices specs, tastes and meal sets from the catalogue and takes their stock', async () => {
      const smallBefore = (await snapshot()).specs.find((s) => s.id === SPEC.small)!.stock!;
      const friesBefore = (await stockOf(P.fries))!;
      const order = await placed(
        pickupOrder({
          products: [
            {
              id: P.tea,
              specId: SPEC.small,
              quantity: 1,
              tastes: [
                { id: TASTE.less, typeId: TASTE.sugar },
                { id: TASTE.pearls, typeId: TASTE.topping },
              ],
              mealset: [],
            },
            {
              id: P.set,
              quantity: 1,
              tastes: [],
              mealset: [{ productId: P.fries }, { productId: P.salad }],
            },
          ],
        }),
      );
      // Tea 500 + pearls 200; set 3000 + fries surcharge 100.
      expect(order.lines.map((l) => [l.productId, l.unitPrice])).toEqual([
        [P.tea, 700],
        [P.set, 3100],
      ]);
      expect(order.amounts.total).toBe(3800);
      expect(order.lines[0]!.specName).toBe('Small');
      expect(order.lines[1]!.mealset.map((m) => m.name)).toEqual(['Fries', 'Salad']);
      const after = await snapshot();
      expect(after.specs.find((s) => s.id === SPEC.small)!.stock).toBe(smallBefore - 1);
      expect(await stockOf(P.fries)).toBe(friesBefore - 1);
    });

    it('answers with the order exactly as order/detail then reads it, lines in their order', async () => {
      // The reply is built from what the submit sent and the values the database generated.
      const withChoices = pickupOrder({
        products: [
          { id: P.set, quantity: 2, tastes: [], mealset: [{ productId: P.fries }, { productId: P.salad }] },
          { id: P.bread, quantity: 2 },
          { id: P.tea, specId: SPEC.large, quantity: 3, tastes: [{ id: TASTE.less, typeId: TASTE.sugar }] },
        ],
        note: 'ring twice',
      });
      // Fries are tracked stock (the submit's transaction); bread and a large tea are not (one statement).
      const untracked = pickupOrder({
        products: [
          { id: P.bread, quantity: 3 },
          { id: P.tea, specId: SPEC.large, quantity: 1, tastes: [{ id: TASTE.normal, typeId: TASTE.sugar }] },
        ],
      });
      // A delivery keeps its address and distance, a dine-in order its table and guests.
      for (const body of [withChoices, untracked, takeawayOrder(), dineOrder()]) {
        const order = await placed(body);
        const detail = await h.call<OrderDetail>('order/detail', { id: order.id }, { token, language: 'en' });
        expect(detail.body.result).toBe(true);
        expect(order).toEqual(detail.body.info);
      }
    });

    it('charges delivery by distance for takeaway and keeps the address snapshot', async () => {
      const order = await placed(takeawayOrder());
      expect(order.distance).toBeGreaterThan(1000);
      expect(order.distance).toBeLessThan(1200);
      expect(order.amounts.deliveryFee).toBe(500);
      expect(order.amounts.total).toBe(3000 + 500);
      expect(order.deliveryTime).toBe(`${TODAY} 13:30`);
      expect(order.contact).toEqual(
        expect.objectContaining({ name: 'Li Si', phone: '13700002222', address: '100 Test Road' }),
      );
      expect(order.source).toBe('weixin');
    });

    it('takes a dine-in order by table id or by the table code', async () => {
      const byId = await placed(dineOrder());
      expect(byId.table).toEqual({ id: TABLE.a1, name: 'A1', areaName: 'Hall' });
      expect(byId.person).toBe(2);
      expect(byId.source).toBe('weixin_eat_in');
      const codes = await ensureTableCodes(h.database.db, [SHOP]);
      const byCode = await placed(dineOrder({ table: codes.get(TABLE.b1)!, person: 1 }));
      expect(byCode.table?.name).toBe('B1');
    });

    it('gives members their price', async () => {
      const memberToken = await login(h, SHOP, CHAIN_MEMBER);
      const order = await placed(
        pickupOrder({ products: [{ id: P.noodles, quantity: 2, tastes: [], mealset: [] }] }),
        memberToken,
      );
      expect(order.amounts.total).toBe(2 * 1500);
      const visitor = await placed(
        pickupOrder({ products: [{ id: P.noodles, quantity: 2, tastes: [], mealset: [] }] }),
      );
      expect(visitor.amounts.total).toBe(2 * 1800);
    });

    it('answers in the request language', async () => {
      const r = await confirm(pickupOrder({ products: [{ id: P.soup, quantity: 1 }] }), token, 'zh-CN');
      expect(r.body.message).toBe('Soup 已售罄。');
    });
  });

  describe('idempotency', () => {
    it('returns the first order for a repeated key, and refuses the key with another cart', async () => {
      const body = pickupOrder();
      const first = await placed(body);
      const again = await confirm(body);
      expect(again.body.info.replayed).toBe(true);
      expect(again.body.info.order.id).toBe(first.id);
      await refusedFor('idempotencyConflict', { ...body, note: 'changed' });
    });

    it('creates one order for 20 concurrent submits with one key', async () => {
      const before = await snapshot();
      const body = pickupOrder({ products: [{ id: P.noodles, quantity: 1 }] });
      const replies = await Promise.all(Array.from({ length: 20 }, () => confirm(body)));
      for (const r of replies) expect(r.body.result, r.body.message).toBe(true);
      const ids = new Set(replies.map((r) => r.body.info.order.id));
      expect(ids.size).toBe(1);
      expect(replies.filter((r) => !r.body.info.replayed)).toHaveLength(1);
      const after = await snapshot();
      expect(after.n).toBe(before.n + 1);
      expect(await stockOf(P.noodles)).toBe(before.stock.find((s) => s.id === P.noodles)!.stock! - 1);
    });
  });

  describe('stock under concurrency', () => {
    it('200 concurrent submits against a stock of 10 create exactly 10 orders', async () => {
      const start = (await stockOf(P.flash))!;
      expect(start).toBe(10);
      const replies = await Promise.all(
        Array.from({ length: 200 }, () =>
          confirm(pickupOrder({ products: [{ id: P.flash, quantity: 1 }], payType: 'Card' })),
        ),
      );
      const won = replies.filter((r) => r.body.result);
      expect(won).toHaveLength(10);
      for (const r of replies.filter((x) => !x.body.result)) {
        expect(r.status).toBe(200);
        expect((r.body.info as unknown as { reason: string }).reason).toBe('stockInsufficient');
      }
      expect(await stockOf(P.flash)).toBe(0);
      const flashOrders = await h.database.db
        .select({ n: count() })
        .from(orders)
        .where(
          inArray(
            orders.id,
            won.map((r) => r.body.info.order.id),
          ),
        );
      expect(flashOrders[0]!.n).toBe(10);
      expect(new Set(won.map((r) => r.body.info.order.daySeq)).size).toBe(10);
    });
  });

  describe('validation: each rule refuses and changes nothing', () => {
    it('cart lines', async () => {
      await refusedFor('emptyCart', pickupOrder({ products: [line(P.bread, 0)] }));
      await refusedFor('productUnavailable', pickupOrder({ products: [line(P.soup)] }));
      await refusedFor('productUnavailable', pickupOrder({ products: [line(P.oldDish)] }));
      await refusedFor('productUnavailable', pickupOrder({ products: [line(99_999)] }));
      await refusedFor('productUnavailable', pickupOrder({ products: [line(82101)] }));
      await refusedFor(
        'specRequired',
        pickupOrder({ products: [line(P.tea, 1, { tastes: [{ id: TASTE.less, typeId: TASTE.sugar }] })] }),
      );
      await refusedFor(
        'productUnavailable',
        pickupOrder({ products: [line(P.bread, 2, { specId: SPEC.small })] }),
      );
      await refusedFor('tasteRequired', pickupOrder({ products: [line(P.tea, 1, { specId: SPEC.large })] }));
      await refusedFor(
        'tasteInvalid',
        pickupOrder({
          products: [
            line(P.tea, 1, {
              specId: SPEC.large,
              tastes: [
                { id: TASTE.less, typeId: TASTE.sugar },
                { id: TASTE.normal, typeId: TASTE.sugar },
              ],
            }),
          ],
        }),
      );
      await refusedFor(
        'tasteInvalid',
        pickupOrder({
          products: [
            line(P.tea, 1, { specId: SPEC.large, tastes: [{ id: TASTE.pearls, typeId: TASTE.sugar }] }),
          ],
        }),
      );
      await refusedFor(
        'mealIncomplete',
        pickupOrder({ products: [line(P.set, 1, { mealset: [{ productId: P.fries }] })] }),
      );
      await refusedFor(
        'mealInvalid',
        pickupOrder({
          products: [line(P.set, 1, { mealset: [{ productId: P.fries }, { productId: P.cola }] })],
        }),
      );
      await refusedFor(
        'mealInvalid',
        pickupOrder({
          products: [line(P.set, 1, { mealset: [{ productId: P.fries }, { productId: P.fries }] })],
        }),
      );
      await refusedFor('belowMinBuy', pickupOrder({ products: [line(P.bread, 1)] }));
      await refusedFor('aboveMaxBuy', pickupOrder({ products: [line(P.noodles, 11)] }));
    });

    it('stock, naming the product and what is left', async () => {
      const noodlesLeft = (await stockOf(P.noodles))!;
      const r = await refusedFor(
        'stockInsufficient',
        pickupOrder({ products: [line(P.noodles, noodlesLeft + 1)] }),
      );
      expect(r.info).toEqual(
        expect.objectContaining({ productId: P.noodles, remaining: noodlesLeft, name: 'Noodles' }),
      );
      expect(r.message).toBe(`Not enough stock of Noodles: ${noodlesLeft} left.`);
      const small = (await snapshot()).specs.find((s) => s.id === SPEC.small)!.stock!;
      const spec = await refusedFor(
        'stockInsufficient',
        pickupOrder({
          products: [
            line(P.tea, small + 1, { specId: SPEC.small, tastes: [{ id: TASTE.less, typeId: TASTE.sugar }] }),
          ],
        }),
      );
      expect(spec.info).toEqual(expect.objectContaining({ specId: SPEC.small, remaining: small }));
      // Lines of the same product add up.
      await refusedFor(
        'stockInsufficient',
        pickupOrder({ products: [line(P.noodles, noodlesLeft), line(P.noodles, 1, { tastes: [] })] }),
      );
      const fries = (await stockOf(P.fries))!;
      await refusedFor(
        'stockInsufficient',
        pickupOrder({
          products: [line(P.set, fries + 1, { mealset: [{ productId: P.fries }, { productId: P.salad }] })],
        }),
      );
    });

    it('self pickup', async () => {
      await refusedFor('pickerRequired', pickupOrder({ pickerName: undefined }));
      await refusedFor('pickerRequired', pickupOrder({ pickerPhone: '' }));
      await refusedFor('phoneInvalid', pickupOrder({ pickerPhone: '12345' }));
      await refusedFor('pickupTimeRequired', pickupOrder({ pickupTime: undefined }));
      await refusedFor('pickupTimeInvalid', pickupOrder({ pickupTime: { date: TODAY, time: '08:30' } }));
      await refusedFor('pickupTimeInvalid', pickupOrder({ pickupTime: { date: TODAY, time: '11:00' } }));
      await refusedFor(
        'pickupTimeInvalid',
        pickupOrder({ pickupTime: { date: '2026-03-04', time: '13:00' } }),
      );
    });

    it('takeaway', async () => {
      await refusedFor('addressRequired', takeawayOrder({ contact_address: undefined }));
      await refusedFor('addressNoGps', takeawayOrder({ contact_address_gps: null }));
      const far = await refusedFor('outOfRange', takeawayOrder({ contact_address_gps: FAR }));
      expect(far.info).toEqual(expect.objectContaining({ maxDistance: 3000 }));
      expect((far.info as unknown as { distance: number }).distance).toBeGreaterThan(3000);
      await refusedFor('contactRequired', takeawayOrder({ contact_name: undefined }));
      await refusedFor('phoneInvalid', takeawayOrder({ contact_phone: '999' }));
      await refusedFor('deliveryTimeRequired', takeawayOrder({ deliveryTime: undefined }));
      await refusedFor(
        'deliveryTimeInvalid',
        takeawayOrder({ deliveryTime: { date: TODAY, time: '13:15' } }),
      );
      await refusedFor(
        'deliveryTimeInvalid',
        takeawayOrder({ deliveryTime: { date: TODAY, time: '21:30' } }),
      );
      await refusedFor(
        'deliveryTimeInvalid',
        takeawayOrder({ deliveryTime: { date: TODAY, time: '11:30' } }),
      );
      const short = await refusedFor('belowStartingPrice', takeawayOrder({ products: [line(P.fries, 1)] }));
      expect(short.info).toEqual(expect.objectContaining({ short: 1100 }));
      expect(short.message).toContain('11.00');
      // Spec §1: amounts in messages carry the symbol the screens show, none in English, ¥ in Chinese.
      expect(short.message).not.toContain('¥');
      const zh = await confirm(takeawayOrder({ products: [line(P.fries, 1)] }), token, 'zh-CN');
      expect(zh.body.message).toContain('¥11.00');
    });

    it('dine-in', async () => {
      await refusedFor('tableRequired', dineOrder({ table: undefined }));
      await refusedFor('tableNotFound', dineOrder({ table: 81_801 }));
      await refusedFor('tableNotFound', dineOrder({ table: 'no-such-table-code' }));
      await refusedFor('headcountInvalid', dineOrder({ table: TABLE.b1, person: 3 }));
      await refusedFor('headcountInvalid', dineOrder({ person: undefined }));
      const zh = await confirm(dineOrder({ table: 81_801 }), token, 'zh-CN');
      expect(zh.body.message).toBe('台号不存在。');
    });

    it('amounts', async () => {
      await refusedFor('nothingToPay', pickupOrder({ products: [line(P.water, 1)] }));
    });

    it('pay type', async () => {
      await refusedFor('payTypeInvalid', pickupOrder({ payType: 'COD' }));
      await refusedFor('payTypeInvalid', takeawayOrder({ payType: 'Cash' }));
      await refusedFor('payTypeInvalid', pickupOrder({ payType: 'Cash', payTypeId: 1 }));
      await refusedFor('memberRequired', pickupOrder({ payType: 'VIP' }));
    });

    it('shop rules', async () => {
      const lone = await enter(h, LONE);
      await refusedFor('orderTypeUnavailable', dineOrder({ products: [line(82101)] }), lone);
      await refusedFor('mustPickMissing', pickupOrder({ products: [line(82101)] }), lone);
      await refusedFor(
        'shopAddressInvalid',
        takeawayOrder({ products: [line(82101), line(P.dessert)] }),
        lone,
      );
      const expired = await enter(h, EXPIRED);
      await refusedFor('shopExpired', pickupOrder({ products: [line(83101, 2)] }), expired);
      // Overseas, an expired shop counts as operating (spec §4).
      const abroad = await h.call<OrderConfirmInfo>(
        'order/confirm',
        pickupOrder({ products: [line(83101, 2)] }),
        {
          token: expired,
          'Abroad-Env': '1',
        },
      );
      expect(abroad.body.result, abroad.body.message).toBe(true);
      clock.set('2026-03-02T15:00:00Z'); // 23:00 in Shanghai
      try {
        await refusedFor('shopClosed', pickupOrder());
      } finally {
        clock.set(NOON);
      }
    });

    it('malformed payloads', async () => {
      for (const body of [
        // Open-table orders are written by table/confirm; appointments are a type of their own (beauty tests).
        { ...pickupOrder(), type: 'openTable' },
        { ...pickupOrder(), idempotencyKey: 'short' },
        { ...pickupOrder(), products: [] },
        { ...pickupOrder(), products: [line(P.bread, -1)] },
        { ...pickupOrder(), products: [line(P.bread, 2.5)] },
        dineOrder({ person: 0 }),
        { ...pickupOrder(), note: 'x'.repeat(201) },
      ]) {
        const before = await snapshot();
        const r = await confirm(body);
        expect(r.status).toBe(200);
        expect(r.body.result).toBe(false);
        expect(r.body.message).toMatch(/^Please check your input/);
        expect(await snapshot()).toEqual(before);
      }
    });

    it('needs a session', async () => {
      const r = await h.call('order/confirm', pickupOrder(), {});
      expect(r.status).toBe(401);
    });
  });

  describe('the submit transaction', () => {
    async function prepared(body: OrderConfirmInput, shopId = SHOP) {
      const session = (await findSession(h.app, token, clock.now()))!;
      const env = {
        db: h.database.db,
        session,
        now: clock.now(),
        locale: 'en' as const,
        catalogueLocale: 'en' as const,
        abroad: false,
        userAgentType: null,
        catalog: (id: number) => h.app.catalogCache.entry(h.database.db, id, 'en', clock.now()),
      };
      const { idempotencyKey: _key, ...cart } = orderConfirmInput.parse(body);
      return { session, order: await prepareOrder(env, await loadOrderShop(env, shopId), cart) };
    }

    it('lets one of 20 racing transactions with one key create the order; the rest read it', async () => {
      const before = await snapshot();
      const { session, order } = await prepared(pickupOrder());
      const args = { customerId: session.customerId, key: newKey(), hash: 'same', prepared: [order] };
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          submitOrders(h.database.db, { ...args, locale: 'en', now: clock.now() }),
        ),
      );
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(results.map((r) => r.orderIds.join()))).toEqual(new Set([results[0]!.orderIds.join()]));
      expect((await snapshot()).n).toBe(before.n + 1);
    });

    it('rolls everything back when stock runs out after the checks', async () => {
      const { session, order: first } = await prepared(pickupOrder({ products: [line(P.fries, 1)] }));
      const sugar = { tastes: [{ id: TASTE.less, typeId: TASTE.sugar }] };
      const { order: second } = await prepared(
        pickupOrder({ products: [line(P.tea, 1, { specId: SPEC.small, ...sugar })] }),
      );
      // Someone else buys the last small tea between the checks and the transaction.
      await h.database.db.update(productSpecs).set({ stock: 0 }).where(eq(productSpecs.id, SPEC.small));
      const before = await snapshot();
      const attempt = submitOrders(h.database.db, {
        customerId: session.customerId,
        key: newKey(),
        hash: 'h',
        prepared: [first, second],
        locale: 'en',
        now: clock.now(),
      });
      await expect(attempt).rejects.toMatchObject({
        info: expect.objectContaining({ reason: 'stockInsufficient', specId: SPEC.small, remaining: 0 }),
      });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('reading orders', () => {
    let mine: OrderDetail;
    let otherToken: string;

    beforeAll(async () => {
      otherToken = await enter(h, SHOP);
      mine = await placed(pickupOrder({ note: 'no onions' }));
    });

    it('order/detail answers the owner with the pricing explanation', async () => {
      const r = await h.call<OrderDetail>('order/detail', { id: mine.id }, { token });
      expect(r.body.result).toBe(true);
      expect(r.body.info.note).toBe('no onions');
      expect(r.body.info.pricing.lines).toHaveLength(1);
    });

    it("another customer's order reads as 404 and shows none of it", async () => {
      for (const path of ['order/detail', 'order/daySeq']) {
        const r = await h.call(path, { id: mine.id }, { token: otherToken, language: 'en' });
        expect(r.status).toBe(404);
        expect(r.body.result).toBe(false);
        expect(r.body.message).toBe('Order not found.');
        expect(JSON.stringify(r.body)).not.toContain('no onions');
        expect(r.body.info).toEqual({ reason: 'orderNotFound' });
        const missing = await h.call(path, { id: 2_000_000_000 }, { token: otherToken, language: 'en' });
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(r.body);
      }
      const list = await h.call<OrderListInfo>('order/list', {}, { token: otherToken });
      expect(list.body.info.list).toEqual([]);
    });

    it('order/list pages newest first and filters by status', async () => {
      const first = await h.call<OrderListInfo>('order/list', { pageLimit: 2 }, { token });
      expect(first.body.info.list).toHaveLength(2);
      expect(first.body.info.list[0]!.id).toBe(mine.id);
      expect(first.body.info.hasMore).toBe(true);
      const total = first.body.info.total;
      const all = await h.call<OrderListInfo>('order/list', { pageLimit: 100 }, { token });
      expect(all.body.info.list).toHaveLength(total);
      const ids = all.body.info.list.map((o) => o.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const none = await h.call<OrderListInfo>('order/list', { status: ['pending'] }, { token });
      expect(none.body.info.total).toBe(0);
      const unpaid = await h.call<OrderListInfo>('order/list', { status: ['nopay'] }, { token });
      expect(unpaid.body.info.total).toBe(total);
    });

    it('order/last and order/daySeq', async () => {
      const last = await h.call<OrderSummary>('order/last', {}, { token });
      expect(last.body.info.id).toBe(mine.id);
      const seq = await h.call<OrderDaySeqInfo>('order/daySeq', { id: mine.id }, { token });
      expect(seq.body.info).toEqual({ id: mine.id, daySeq: mine.daySeq, businessDate: TODAY });
      const fresh = await enter(h, SHOP);
      expect((await h.call('order/last', {}, { token: fresh })).body.info).toBeNull();
    });
  });

  it('keys are per customer', async () => {
    const body = pickupOrder({ idempotencyKey: newKey() });
    const a = await placed(body);
    const b = await placed(body, await enter(h, SHOP));
    expect(b.id).not.toBe(a.id);
  });
});

// The ordering flows wired to the real consumer API (in-process on PGlite with the order fixture, the
// shop's clock at 12:00 on 2 March 2026): a takeaway, a self-pickup and a dine order go from product
// choice through the cart, the order confirm and the checkout to a placed order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { machines } from '../../../src/app/wiring';
import type { OrderDetail } from '../../../src/domain/api/order';
import type { ShopInfo } from '../../../src/domain/shop';
import type { CartEmitted } from '../../../src/machines/cart/cart.machine';
import type { CheckoutEmitted } from '../../../src/machines/checkout/checkout.machine';
import * as checkout from '../../../src/machines/checkout/checkout.selectors';
import type { OrderConfirmEmitted } from '../../../src/machines/checkout/order-confirm.machine';
import type { ProductChoiceEmitted } from '../../../src/machines/catalog/product-choice.machine';
import type { TableEntryEmitted } from '../../../src/machines/entry/table-entry.machine';
import { storeApi } from '../../../src/services/api/store';
import { configureHttp } from '../../../src/services/http';
import { storage } from '../../../src/services/storage';
import { buildTestApp, createClock, type TestApp } from '../../api/helpers';
import { login, NEAR, NOON, orderSeed, P, SHOP, TABLE, TODAY } from '../../api/orders/order-fixture';

let t: TestApp;
const clock = () => new Date(NOON);
let keySerial = 0;
const makeKey = () => `wired-${process.pid}-${++keySerial}-order`;

beforeAll(async () => {
  t = await buildTestApp('pglite', { seed: orderSeed, clock: createClock(NOON), demoMode: true });
  configureHttp({
    baseUrl: 'http://shop.test',
    storage,
    getLanguage: () => 'en',
    getClientTypeCode: () => 4,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const reply = await t.app.inject({
        method: 'POST',
        url: new URL(request.url).pathname,
        headers: Object.fromEntries(request.headers),
        payload: await request.text(),
      });
      return new Response(reply.body, {
        status: reply.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  storage.setToken(await login(t, SHOP, '13700005555'), SHOP);
}, 60_000);

afterAll(async () => {
  configureHttp({});
  await t?.close();
});

const until = (actor: AnyActorRef, done: (s: ReturnType<AnyActorRef['getSnapshot']>) => boolean) =>
  waitFor(actor, done, { timeout: 10_000 });

/** Chooses a product on its detail page and puts the choice in a fresh cart of the shop. */
async function cartWith(shop: ShopInfo, orderType: 'takeaway' | 'selfPickup' | 'dine', productId: number) {
  const codes = { takeaway: 4, selfPickup: 54, dine: 103 } as const;
  const cart = createActor(machines.cart, {
    input: { shop, orderType, clientTypeCode: codes[orderType], saved: storage.getCart(shop.id), clock },
  }).start();
  const refusals: CartEmitted[] = [];
  cart.on('cart.refused', (e) => refusals.push(e));
  const choice = createActor(machines.productChoice, {
    input: { productId, currency: shop.currency, numberDecimals: shop.numberDecimals },
  });
  choice.on('product.chosen', (e: ProductChoiceEmitted) =>
    cart.send({ type: 'cart.add', line: e.line, product: e.product }),
  );
  choice.start();
  await until(choice, (s) => s.matches('choosing'));
  choice.send({ type: 'choice.confirm' });
  expect(refusals).toEqual([]);
  await until(cart, (s) => s.matches('idle'));
  return cart;
}

/** The cart's confirm button: taxes, stock, then /order/confirm. */
async function confirmCart(
  shop: ShopInfo,
  orderType: 'takeaway' | 'selfPickup' | 'dine',
  cart: ReturnType<typeof createActor<typeof machines.cart>>,
) {
  const confirm = createActor(machines.orderConfirm, { input: { shop, orderType, fromOld: false, clock } });
  const emitted: OrderConfirmEmitted[] = [];
  confirm.on('*', (e) => emitted.push(e as OrderConfirmEmitted));
  confirm.on('taxes.loaded', (e) => cart.send({ type: 'cart.setTaxes', taxes: e.taxes }));
  confirm.start();
  const { lines, products } = cart.getSnapshot().context;
  confirm.send({ type: 'confirm.start', lines, products, hasProductCoupon: false });
  await until(confirm, (s) => !s.hasTag('busy'));
  expect(emitted.at(-1)).toEqual({
    type: 'navigate',
    to: { route: '/order/confirm', query: {} },
    replace: false,
  });
}

async function submit(actor: ReturnType<typeof createActor<typeof machines.checkout>>) {
  const emitted: CheckoutEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as CheckoutEmitted));
  actor.send({ type: 'order.submit' });
  await until(actor, (s) => s.status === 'done' || s.matches({ form: 'editing' }));
  expect(checkout.selectFieldError(actor.getSnapshot())).toBeNull();
  expect(checkout.selectError(actor.getSnapshot())).toBeNull();
  const order = checkout.selectOrder(actor.getSnapshot()) as OrderDetail;
  expect(emitted).toEqual([
    { type: 'order.placed', order },
    { type: 'navigate', to: { route: '/order/success', query: { id: order.id } }, replace: true },
  ]);
  return order;
}

describe('ordering through the wired flows', () => {
  let shop: ShopInfo;
  beforeAll(async () => {
    shop = await storeApi.detail({ appId: SHOP });
  });

  it('a customer orders bread for delivery to a new address near the shop', async () => {
    const cart = await cartWith(shop, 'takeaway', P.bread);
    expect(storage.getCart(SHOP)?.lines.map((l) => [l.id, l.quantity])).toEqual([[P.bread, 2]]);
    await confirmCart(shop, 'takeaway', cart);

    // The browser reports a position near the shop.
    const editor = createActor(
      machines.addressEditor.provide({ actors: { locate: fromPromise(async () => NEAR) } }),
      { input: { address: null, near: shop.gpsAddress } },
    ).start();
    editor.send({
      type: 'editor.set',
      changes: { contactName: 'Li Si', phone: '13700002222', address: '100 Test Road' },
    });
    editor.send({ type: 'editor.locate' });
    await until(editor, (s) => s.matches('editing'));
    editor.send({ type: 'editor.save' });
    await until(editor, (s) => s.status === 'done' || s.context.error !== null);
    expect(editor.getSnapshot().status).toBe('done');

    const book = createActor(machines.addressBook, { input: {} });
    const chosen: unknown[] = [];
    book.on('address.chosen', (e) => chosen.push(e.address));
    book.start();
    await until(book, (s) => s.matches('ready'));
    const [address] = book.getSnapshot().context.addresses;
    book.send({ type: 'address.choose', id: address!.id });
    expect(chosen).toEqual([address]);

    const { lines, products, parts } = cart.getSnapshot().context;
    const flow = createActor(machines.checkout, {
      input: {
        orderType: 'takeaway',
        lines,
        products,
        parts,
        contact: { name: '', phone: '' },
        address: address!,
        table: null,
        makeKey,
        clock,
      },
    }).start();
    await until(flow, (s) => s.matches({ form: 'editing' }));
    expect(checkout.selectDistance(flow.getSnapshot())?.withinRange).toBe(true);
    flow.send({ type: 'checkout.setDeliveryTime', deliveryTime: { date: TODAY, time: '13:30' } });
    const order = await submit(flow);
    expect(order.orderType).toBe('takeaway');
    expect(order.contact?.address).toBe('100 Test Road');
    expect(order.lines.map((l) => [l.productId, l.quantity])).toEqual([[P.bread, 2]]);
    // The cart stays until the order's payment settles (the payment flow clears it).
    expect(storage.getCart(SHOP)?.lines.map((l) => [l.id, l.quantity])).toEqual([[P.bread, 2]]);
    cart.stop();
  });

  it("a customer orders bread to pick up at one o'clock", async () => {
    const cart = await cartWith(shop, 'selfPickup', P.bread);
    await confirmCart(shop, 'selfPickup', cart);
    const { lines, products, parts } = cart.getSnapshot().context;
    const flow = createActor(machines.checkout, {
      input: {
        orderType: 'selfPickup',
        lines,
        products,
        parts,
        contact: { name: 'Zhang San', phone: '13700001111' },
        address: null,
        table: null,
        makeKey,
        clock,
      },
    }).start();
    await until(flow, (s) => s.matches({ form: 'editing' }));
    flow.send({ type: 'checkout.setPickupTime', pickupTime: { date: TODAY, time: '13:00' } });
    const order = await submit(flow);
    expect(order.orderType).toBe('selfPickup');
    expect(order.pickupTime).toBe(`${TODAY} 13:00`);
    expect(order.contact?.name).toBe('Zhang San');
    cart.stop();
  });

  it('a customer at table A1 gives the headcount and orders bread', async () => {
    const table = createActor(machines.tableEntry, { input: { shopId: SHOP, table: TABLE.a1 } });
    const chosen: TableEntryEmitted[] = [];
    table.on('table.chosen', (e) => chosen.push(e));
    table.start();
    await until(table, (s) => s.matches('ready') || s.matches('waiting'));
    expect(table.getSnapshot().context.table?.sName).toBe('A1');
    table.send({ type: 'table.setPerson', person: 2 });
    table.send({ type: 'table.confirm' });
    expect(chosen).toHaveLength(1);

    const cart = await cartWith(shop, 'dine', P.bread);
    await confirmCart(shop, 'dine', cart);
    const { lines, products, parts } = cart.getSnapshot().context;
    const flow = createActor(machines.checkout, {
      input: {
        orderType: 'dine',
        lines,
        products,
        parts,
        contact: { name: '', phone: '' },
        address: null,
        table: TABLE.a1,
        makeKey,
        clock,
      },
    }).start();
    await until(flow, (s) => s.matches({ form: 'editing' }));
    flow.send({ type: 'checkout.setPerson', person: 2 });
    const order = await submit(flow);
    expect(order.orderType).toBe('dine');
    expect(order.table?.name).toBe('A1');
    expect(order.person).toBe(2);
    // The server's total is the one shown, and it agrees with the browser's price of the same cart.
    expect(order.amounts.total).toBe(checkout.selectPricing(flow.getSnapshot())!.totals.total);
    cart.stop();
  });

  it('an unknown table code is "table number not found"', async () => {
    const table = createActor(machines.tableEntry, {
      input: { shopId: SHOP, table: 'noSuchTable1' },
    }).start();
    await until(table, (s) => s.matches('waiting'));
    expect(table.getSnapshot().context.error).toBe('tableNotFound');
  });
});

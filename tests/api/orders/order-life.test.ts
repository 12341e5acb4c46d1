// The customer's side of an order's life over HTTP, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// unpaid orders expire at the shop's deadline with their stock returned (by the sweeper, lazily before
// reads, and after asking the gateway about an open online payment), order/close, confirmDelivered and
// deliveryInfo refuse the wrong status and anyone else's order, and the test clock exists only when asked.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments, products, shops } from '../../../server/db/schema';
import { expireUnpaidOrders } from '../../../server/modules/orders/order-life';
import type { SandboxDeliver } from '../../../server/payments/sandbox';
import type { OrderDetail, OrderListInfo } from '../../../src/domain/api/order';
import type { DeliveryInfo, OrderPayInfo, SandboxCompleteInfo } from '../../../src/domain/api/order-life';
import { buildTestApp, createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { enter, NOON, P, pickupOrder, SHOP } from './order-fixture';
import { PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

const MINUTE = 60_000;
const noodles = (quantity: number) =>
  pickupOrder({ products: [{ id: P.noodles, quantity, tastes: [], mealset: [] }] });

async function stockOf(t: TestApp, id: number): Promise<number | null> {
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

async function statusOf(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function eventsOf(t: TestApp, id: number) {
  return t.database.db
    .select({ status: orderEvents.status, action: orderEvents.action, actor: orderEvents.actor })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.id));
}

describe.each(testDatabases)("the order's life (customer) on %s", (kind) => {
  const clock = createClock(NOON);
  // The sandbox's notifications are held: a paid trade reaches the shop only when the gateway is asked.
  const h = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: { gateway: 'sandbox', sandboxDeliver: (async () => 200) satisfies SandboxDeliver },
  });
  let token: string;
  let other: string;

  const call = <T>(path: string, body: unknown, tok = token) =>
    h.call<T>(path, body, { token: tok, language: 'en' });

  beforeAll(async () => {
    token = await enter(h, SHOP);
    other = await enter(h, SHOP);
  });
  // Each test starts at noon, so its pickup time (13:00) is still ahead whatever the last test waited.
  beforeEach(() => clock.set(NOON));

  it("sets the deadline from the shop's pay window", async () => {
    await h.database.db.update(shops).set({ payWindowMinutes: 5 }).where(eq(shops.id, SHOP));
    try {
      const order = await place(h, token, pickupOrder());
      expect(Date.parse(order.payDeadlineAt) - Date.parse(order.createdAt)).toBe(5 * MINUTE);
    } finally {
      await h.database.db.update(shops).set({ payWindowMinutes: 15 }).where(eq(shops.id, SHOP));
    }
    const order = await place(h, token, pickupOrder());
    expect(Date.parse(order.payDeadlineAt) - Date.parse(order.createdAt)).toBe(15 * MINUTE);
  });

  it('expires an unpaid order at its deadline, returns its stock once, and is idempotent', async () => {
    const before = await stockOf(h, P.noodles);
    const order = await place(h, token, noodles(2));
    expect(await stockOf(h, P.noodles)).toBe(before! - 2);

    clock.advance(15 * MINUTE - 1000);
    expect(await expireUnpaidOrders(h.database.db, clock.now())).not.toContain(order.id);
    expect((await statusOf(h, order.id)).status).toBe('nopay');

    clock.advance(1000);
    expect(await expireUnpaidOrders(h.database.db, clock.now())).toContain(order.id);
    expect((await statusOf(h, order.id)).status).toBe('nopay_cancel');
    expect(await stockOf(h, P.noodles)).toBe(before);

    // Again, and twice at once: nothing more changes and no stock is given back twice.
    const again = await Promise.all([
      expireUnpaidOrders(h.database.db, clock.now()),
      expireUnpaidOrders(h.database.db, clock.now()),
    ]);
    expect(again.flat()).not.toContain(order.id);
    expect(await stockOf(h, P.noodles)).toBe(before);
    expect(await eventsOf(h, order.id)).toEqual([
      expect.objectContaining({ status: 'nopay_cancel', action: 'expire', actor: 'system' }),
    ]);
  });

  it("expires lazily before the customer's own reads", async () => {
    const before = await stockOf(h, P.noodles);
    const order = await place(h, token, noodles(1));
    clock.advance(16 * MINUTE);
    const detail = await call<OrderDetail>('order/detail', { id: order.id });
    expect(detail.body.info.status).toBe('nopay_cancel');
    expect(detail.body.info.actions).toEqual({ pay: false, close: false, confirmDelivered: false });
    expect(await stockOf(h, P.noodles)).toBe(before);

    const listed = await place(h, token, noodles(1));
    clock.advance(16 * MINUTE);
    const list = await call<OrderListInfo>('order/list', { page: 1, pageLimit: 5 });
    expect(list.body.info.list.find((o) => o.id === listed.id)?.status).toBe('nopay_cancel');
    expect(await stockOf(h, P.noodles)).toBe(before);
  });

  it('asks the gateway before expiring an order whose online payment is processing', async () => {
    // Not paid at the gateway: the attempt ends as expired and the order is cancelled.
    const open = await place(h, token, pickupOrder({ payType: 'Card' }));
    const started = await call<OrderPayInfo>('order/pay', { id: open.id, payTypeId: PAY_TYPE.Card });
    expect(started.body.result, started.body.message).toBe(true);

    // Paid on the hosted page, but the notification never arrived: the gateway's word makes it paid.
    const paid = await place(h, token, pickupOrder({ payType: 'Card' }));
    const paying = await call<OrderPayInfo>('order/pay', { id: paid.id, payTypeId: PAY_TYPE.Card });
    const done = await h.call<SandboxCompleteInfo>('sandboxGateway/complete', {
      tradeNo: paying.body.info.payment.tradeNo,
      outcome: 'succeed',
      cardNumber: '4242 4242 4242 4242',
    });
    expect(done.body.result, done.body.message).toBe(true);
    expect((await statusOf(h, paid.id)).status).toBe('nopay');

    clock.advance(16 * MINUTE);
    const expired = await expireUnpaidOrders(h.database.db, clock.now());
    expect(expired).not.toContain(open.id); // the plain call has no gateway: it waits
    const viaApp = await call<OrderListInfo>('order/list', { page: 1, pageLimit: 20 });
    expect(viaApp.body.result, viaApp.body.message).toBe(true);

    expect((await statusOf(h, open.id)).status).toBe('nopay_cancel');
    const [attempt] = await h.database.db.select().from(payments).where(eq(payments.orderId, open.id));
    expect(attempt).toEqual(expect.objectContaining({ state: 'cancel', failReason: 'expired' }));

    const settled = await statusOf(h, paid.id);
    expect(settled).toEqual(expect.objectContaining({ status: 'pending', paid: true, settlement: 'online' }));
  });

  it('closes an unpaid order and returns its stock; refuses anything else', async () => {
    const before = await stockOf(h, P.noodles);
    const order = await place(h, token, noodles(2));

    const stranger = await call('order/close', { id: order.id }, other);
    expect(stranger.status).toBe(404);
    expect(stranger.body.result).toBe(false);
    expect((await statusOf(h, order.id)).status).toBe('nopay');
    expect(await stockOf(h, P.noodles)).toBe(before! - 2);

    const closed = await call<OrderDetail>('order/close', { id: order.id });
    expect(closed.body.result, closed.body.message).toBe(true);
    expect(closed.body.message).toBe('Order cancelled.');
    expect(closed.body.info.status).toBe('nopay_cancel');
    expect(await stockOf(h, P.noodles)).toBe(before);

    const twice = await call('order/close', { id: order.id });
    expect(twice.body).toEqual(
      expect.objectContaining({ result: false, info: { reason: 'notClosable', status: 'nopay_cancel' } }),
    );
    expect(await stockOf(h, P.noodles)).toBe(before);
    expect((await eventsOf(h, order.id)).length).toBe(1);

    // Sent to the merchant (cash at the counter): no longer the customer's to cancel.
    const settled = await place(h, token, pickupOrder());
    await call('order/pay', { id: settled.id, payTypeId: PAY_TYPE.Cash });
    const refused = await call('order/close', { id: settled.id });
    expect(refused.body.info).toEqual({ reason: 'notClosable', status: 'pending' });
    expect((await statusOf(h, settled.id)).status).toBe('pending');

    // A payment processing at the gateway decides first.
    const paying = await place(h, token, pickupOrder({ payType: 'Card' }));
    await call('order/pay', { id: paying.id, payTypeId: PAY_TYPE.Card });
    const busy = await call('order/close', { id: paying.id });
    expect(busy.body.info).toEqual({ reason: 'paymentInProgress' });
    expect((await statusOf(h, paying.id)).status).toBe('nopay');

    const unknown = await call('order/close', { id: 999_999 });
    expect(unknown.status).toBe(404);
  });

  it('refuses confirmDelivered unless a takeaway order is on its way, and for anyone else', async () => {
    const order = await place(h, token, pickupOrder());
    const unpaid = await call('order/confirmDelivered', { id: order.id });
    expect(unpaid.body).toEqual(
      expect.objectContaining({ result: false, info: { reason: 'notDelivering', status: 'nopay' } }),
    );
    await call('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash });
    const pending = await call('order/confirmDelivered', { id: order.id });
    expect(pending.body.info).toEqual({ reason: 'notDelivering', status: 'pending' });
    // A pickup order in a delivering status still cannot be "delivered".
    await h.database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    const pickup = await call('order/confirmDelivered', { id: order.id });
    expect(pickup.body.info).toEqual({ reason: 'notDelivering', status: 'delivered' });
    const stranger = await call('order/confirmDelivered', { id: order.id }, other);
    expect(stranger.status).toBe(404);
    expect((await statusOf(h, order.id)).status).toBe('delivered');
  });

  it("reads deliveryInfo of the customer's own order only", async () => {
    const order = await place(h, token, pickupOrder());
    await call('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash });
    const info = await call<DeliveryInfo>('order/deliveryInfo', { orderNo: order.orderNo });
    expect(info.body.result, info.body.message).toBe(true);
    expect(info.body.info).toEqual({
      orderNo: order.orderNo,
      state: null,
      rider: null,
      events: [
        { status: 'nopay', at: order.createdAt },
        { status: 'pending', at: clock.now().toISOString() },
      ],
    });
    const stranger = await call('order/deliveryInfo', { orderNo: order.orderNo }, other);
    expect(stranger.status).toBe(404);
    const detail = await call('order/detail', { id: order.id }, other);
    expect(detail.status).toBe(404);
  });

  it('has no test clock unless the app is built with one', async () => {
    const r = await h.inject({ method: 'POST', url: '/test/clock', payload: { advanceMs: 60_000 } });
    expect(r.statusCode).toBe(404);
    const streams = await h.inject({ method: 'POST', url: '/test/streams/end', headers: { token } });
    expect(streams.statusCode).toBe(404);
  });
});

describe.each(testDatabases)('the expiry sweeper and the test clock on %s', (kind) => {
  const clock = createClock(NOON);
  let h: TestApp;

  beforeAll(async () => {
    h = await buildTestApp(kind, {
      seed: paymentSeed,
      clock,
      demoMode: true,
      sweepIntervalMs: 50,
      testClockControl: true,
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('cancels an unpaid order at its deadline without any request', async () => {
    const token = await enter(h, SHOP);
    const before = await stockOf(h, P.noodles);
    const order = await place(h, token, noodles(3));

    const moved = await h.inject({ method: 'POST', url: '/test/clock', payload: { advanceMs: 15 * MINUTE } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      result: true,
      info: { now: new Date(Date.parse(NOON) + 15 * MINUTE).toISOString() },
      message: '',
    });
    const bad = await h.inject({ method: 'POST', url: '/test/clock', payload: { advanceMs: -5 } });
    expect(bad.statusCode).toBe(400);

    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await statusOf(h, order.id)).status === 'nopay')
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await statusOf(h, order.id)).status).toBe('nopay_cancel');
    expect(await stockOf(h, P.noodles)).toBe(before);
    const [event] = await h.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'expire')));
    expect(event).toBeDefined();
  });
});

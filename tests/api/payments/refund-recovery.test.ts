// Online refunds that did not finish, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: an order left in
// `refunding` (the process stopped after committing it) is settled by the sweep after the grace period and
// not before, as the merchant's action said, with the customer told; a refund the gateway had already
// made is not paid twice; a gateway that throws leaves refund_fail (never `refunding`) and the retry pays
// once; two sweeps at once (one app, or two apps on one PostgreSQL) settle it once. Also the adapters'
// idempotency: the sandbox refunds a trade once, the Stripe adapter sends one idempotency key per payment.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '../../../server/db/notify';
import { orderEvents, orders, payments, sandboxSessions } from '../../../server/db/schema';
import { REFUND_GRACE_MS } from '../../../server/modules/orders/order-life';
import { expireDue } from '../../../server/modules/orders/order-life-gateway';
import { ORDER_EVENTS_CHANNEL } from '../../../server/modules/orders/order-event-hub';
import { changeStatus } from '../../../server/modules/orders/order-status';
import { refundKey } from '../../../server/modules/payments/payments';
import { GatewayError, TRADE_NO_PLACEHOLDER, type PaymentGateway } from '../../../server/payments/gateway';
import type { SandboxDeliver } from '../../../server/payments/sandbox';
import { createStripeGateway } from '../../../server/payments/stripe';
import type { OrderDetail, OrderSummary } from '../../../src/domain/api/order';
import type { MerchantAction, OrderPayInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { enter, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { PAY_TYPE, paymentSeed, place, sweepTogether } from './payment-fixture';
import { createFakeStripe, STRIPE_WEBHOOK_SECRET } from './stripe-fixtures';

const KEY = `demo-merchant-${SHOP}`;
const SECOND = 1000;

interface PaidOrder {
  order: OrderDetail;
  tradeNo: string;
  paymentId: number;
}

/** Notifications go straight into the app, as the sandbox's HTTP POST would. */
const deliverTo =
  (t: () => TestApp): SandboxDeliver =>
  async (d) =>
    (await t().inject({ method: 'POST', url: new URL(d.url).pathname, headers: d.headers, payload: d.body }))
      .statusCode;

describe.each(testDatabases)('stalled online refunds on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: { gateway: 'sandbox', publicUrl: 'https://shop.example', sandboxDeliver: deliverTo(() => h) },
  });
  let token: string;
  // The customers the database told of a change: the payloads of the channel that wakes live streams.
  const told: string[] = [];
  let subscription: Subscription | undefined;
  let markers = 0;

  beforeAll(async () => {
    token = await enter(h, SHOP);
    await new Promise<void>((ready, fail) => {
      subscription = h.database.listen(ORDER_EVENTS_CHANNEL, {
        onNotify: (payload) => told.push(payload),
        onReady: ready,
        onLost: fail,
      });
    });
  });
  afterAll(async () => {
    await subscription?.close();
  });
  beforeEach(async () => {
    clock.set(NOON);
    await forgetTold();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Starts a fresh list once the notifications of what came before have all arrived. */
  async function forgetTold(): Promise<void> {
    await allTold();
    told.length = 0;
  }

  /** All notifications committed so far: they arrive in commit order, and a marker sent now comes last. */
  async function allTold(): Promise<string[]> {
    const marker = `marker-${++markers}`;
    await h.database.db.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${marker})`);
    await vi.waitFor(() => expect(told).toContain(marker));
    return told;
  }

  const sandbox = (t: TestApp = h): PaymentGateway => t.app.payments.gateway('sandbox')!;
  const sweep = (t: TestApp = h) => expireDue(t.app, clock.now());

  async function paidOnline(): Promise<PaidOrder> {
    const order = await place(h, token, pickupOrder({ payType: 'Card' }));
    const started = await h.call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.Card },
      { token, language: 'en' },
    );
    expect(started.body.result, started.body.message).toBe(true);
    const tradeNo = started.body.info.payment.tradeNo!;
    const paid = await h.call('sandboxGateway/complete', {
      tradeNo,
      outcome: 'succeed',
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.body.result, paid.body.message).toBe(true);
    expect((await orderRow(order.id)).status).toBe('pending');
    return { order, tradeNo, paymentId: started.body.info.payment.id };
  }

  /** What the merchant's request commits before it calls the gateway; then the process "stops". */
  async function leaveRefunding(orderId: number, action: 'refuse' | 'refund') {
    const row = await h.database.db.transaction((tx) =>
      changeStatus(tx, {
        orderId,
        from: ['pending'],
        to: 'refunding',
        actor: 'merchant',
        action,
        now: clock.now(),
        set: { merchantReason: 'Out of flour' },
      }),
    );
    expect(row?.status).toBe('refunding');
  }

  async function merchant(action: MerchantAction, orderNo: string) {
    const r = await h.inject({
      method: 'POST',
      url: `/merchant/api/${action}`,
      headers: { 'content-type': 'application/json', language: 'en', authorization: `Bearer ${KEY}` },
      payload: JSON.stringify({ orderNo, reason: 'Out of flour' }),
    });
    return { status: r.statusCode, body: r.json() as { result: boolean; info: { order: OrderSummary } } };
  }

  async function orderRow(id: number) {
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }
  async function paymentRow(id: number) {
    const [row] = await h.database.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }
  /** What the gateway gave back for the trade. */
  async function refundedAtGateway(tradeNo: string) {
    const [row] = await h.database.db
      .select({ amount: sandboxSessions.refundedAmount })
      .from(sandboxSessions)
      .where(eq(sandboxSessions.tradeNo, tradeNo));
    return row!.amount;
  }
  async function history(id: number) {
    return h.database.db
      .select({ status: orderEvents.status, action: orderEvents.action, actor: orderEvents.actor })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
  }

  it.each([
    ['refuse', 'refused'],
    ['refund', 'refund'],
  ] as const)(
    'settles a %s left in refunding after the grace period and not before, telling the customer',
    async (action, to) => {
      const { order, tradeNo, paymentId } = await paidOnline();
      await leaveRefunding(order.id, action);
      const customerId = (await orderRow(order.id)).customerId;
      const refund = vi.spyOn(sandbox(), 'refund');
      await forgetTold();

      clock.advance(REFUND_GRACE_MS - SECOND);
      await sweep();
      expect((await orderRow(order.id)).status).toBe('refunding');
      expect(refund).not.toHaveBeenCalled();
      expect(await refundedAtGateway(tradeNo)).toBe(0);
      expect(await allTold()).not.toContain(String(customerId));

      clock.advance(2 * SECOND);
      await sweep();
      expect(await orderRow(order.id)).toEqual(
        expect.objectContaining({ status: to, refundAmount: order.amounts.total, paid: true }),
      );
      expect(refund).toHaveBeenCalledTimes(1);
      expect(refund).toHaveBeenCalledWith(
        tradeNo,
        order.amounts.total,
        clock.now(),
        refundKey({ id: paymentId, tradeNo }),
      );
      expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
      expect((await paymentRow(paymentId)).refunded).toBe(true);
      expect((await history(order.id)).slice(-2)).toEqual([
        { status: 'refunding', action, actor: 'merchant' },
        { status: to, action: 'refundDone', actor: 'system' },
      ]);
      expect(await allTold()).toContain(String(customerId));
      const seen = await h.call<OrderDetail>('order/detail', { id: order.id }, { token, language: 'en' });
      expect(seen.body.info.status).toBe(to);

      // Settled: later sweeps leave it alone.
      clock.advance(REFUND_GRACE_MS * 2);
      await sweep();
      expect(refund).toHaveBeenCalledTimes(1);
      expect((await orderRow(order.id)).status).toBe(to);
    },
  );

  it('does not pay back twice when the gateway refunded before the process stopped', async () => {
    const { order, tradeNo, paymentId } = await paidOnline();
    await leaveRefunding(order.id, 'refuse');
    // The merchant's request got as far as the gateway, which refunded; nothing after that was written.
    await sandbox().refund(tradeNo, order.amounts.total, clock.now(), refundKey({ id: paymentId, tradeNo }));
    expect((await paymentRow(paymentId)).refunded).toBe(false);
    const refund = vi.spyOn(sandbox(), 'refund');

    clock.advance(REFUND_GRACE_MS + SECOND);
    await sweep();
    expect(refund).toHaveBeenCalledTimes(1);
    await expect(refund.mock.results[0]!.value).resolves.toBeUndefined();
    expect(await orderRow(order.id)).toEqual(
      expect.objectContaining({ status: 'refused', refundAmount: order.amounts.total }),
    );
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
    expect((await paymentRow(paymentId)).refunded).toBe(true);
  });

  it('does not ask the gateway again when the payment was already marked refunded', async () => {
    const { order, tradeNo, paymentId } = await paidOnline();
    await leaveRefunding(order.id, 'refuse');
    await sandbox().refund(tradeNo, order.amounts.total, clock.now(), refundKey({ id: paymentId, tradeNo }));
    await h.database.db.update(payments).set({ refunded: true }).where(eq(payments.id, paymentId));
    const refund = vi.spyOn(sandbox(), 'refund');

    clock.advance(REFUND_GRACE_MS + SECOND);
    await sweep();
    expect(refund).not.toHaveBeenCalled();
    expect((await orderRow(order.id)).status).toBe('refused');
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
  });

  it('the sandbox refunds a trade once: a repeat is done, another amount or an unpaid trade is refused', async () => {
    const { order, tradeNo, paymentId } = await paidOnline();
    const key = refundKey({ id: paymentId, tradeNo });
    const total = order.amounts.total;
    await sandbox().refund(tradeNo, total, clock.now(), key);
    await sandbox().refund(tradeNo, total, clock.now(), key);
    expect(await refundedAtGateway(tradeNo)).toBe(total);
    await expect(sandbox().refund(tradeNo, total - 1, clock.now(), key)).rejects.toBeInstanceOf(GatewayError);
    expect(await refundedAtGateway(tradeNo)).toBe(total);

    const unpaid = await place(h, token, pickupOrder({ payType: 'Card' }));
    const open = await h.call<OrderPayInfo>(
      'order/pay',
      { id: unpaid.id, payTypeId: PAY_TYPE.Card },
      { token, language: 'en' },
    );
    const openTrade = open.body.info.payment.tradeNo!;
    await expect(sandbox().refund(openTrade, 100, clock.now(), 'refund-x')).rejects.toBeInstanceOf(
      GatewayError,
    );
    expect(await refundedAtGateway(openTrade)).toBe(0);
  });

  it('a gateway refund that throws ends in refund_fail, not refunding, and the retry pays back once', async () => {
    const { order, tradeNo, paymentId } = await paidOnline();
    const gateway = sandbox();
    const real = gateway.refund.bind(gateway);
    // The gateway refunds, but its answer is lost on the way back.
    vi.spyOn(gateway, 'refund').mockImplementationOnce(async (...args) => {
      await real(...args);
      throw new GatewayError('sandbox: connection reset');
    });

    const refused = await merchant('refuse', order.orderNo);
    expect(refused.status).toBe(502);
    expect(refused.body.info.order.status).toBe('refund_fail');
    expect((await orderRow(order.id)).status).toBe('refund_fail');
    expect((await paymentRow(paymentId)).refunded).toBe(false);
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);

    // refund_fail is not the sweep's business: nothing changes however long it waits.
    clock.advance(REFUND_GRACE_MS * 3);
    await sweep();
    expect((await orderRow(order.id)).status).toBe('refund_fail');

    const retried = await merchant('refund', order.orderNo);
    expect(retried.status).toBe(200);
    expect(retried.body.info.order.status).toBe('refund');
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
    expect((await paymentRow(paymentId)).refunded).toBe(true);
  });

  it('ends in refund_fail when the gateway still fails at the sweep, and the customer is told', async () => {
    const { order, tradeNo, paymentId } = await paidOnline();
    await leaveRefunding(order.id, 'refund');
    const customerId = (await orderRow(order.id)).customerId;
    vi.spyOn(sandbox(), 'refund').mockRejectedValueOnce(new GatewayError('sandbox: unreachable'));
    await forgetTold();

    clock.advance(REFUND_GRACE_MS + SECOND);
    await sweep();
    expect(await orderRow(order.id)).toEqual(
      expect.objectContaining({ status: 'refund_fail', refundAmount: 0 }),
    );
    expect((await history(order.id)).at(-1)).toEqual({
      status: 'refund_fail',
      action: 'refundFailed',
      actor: 'system',
    });
    expect(await allTold()).toContain(String(customerId));
    expect((await paymentRow(paymentId)).refunded).toBe(false);
    expect(await refundedAtGateway(tradeNo)).toBe(0);

    const retried = await merchant('refund', order.orderNo);
    expect(retried.status).toBe(200);
    expect(retried.body.info.order.status).toBe('refund');
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
  });

  it('a slow merchant refund that succeeds after the sweep gave up still settles the order', async () => {
    const { order, tradeNo, paymentId } = await paidOnline();
    const gateway = sandbox();
    const real = gateway.refund.bind(gateway);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.spyOn(gateway, 'refund')
      // The merchant's call waits on the gateway past the grace period…
      .mockImplementationOnce(async (...args) => {
        await answered;
        return real(...args);
      })
      // …so the sweep takes over, and the gateway turns its duplicate away while the first is in progress.
      .mockRejectedValueOnce(new GatewayError('sandbox: a refund of this trade is in progress'));

    const request = merchant('refuse', order.orderNo);
    for (let i = 0; i < 200 && (await orderRow(order.id)).status !== 'refunding'; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    clock.advance(REFUND_GRACE_MS + SECOND);
    await sweep();
    expect((await orderRow(order.id)).status).toBe('refund_fail');

    answer();
    const refused = await request;
    expect(refused.status).toBe(200);
    expect(refused.body.info.order.status).toBe('refused');
    expect(await orderRow(order.id)).toEqual(
      expect.objectContaining({ status: 'refused', refundAmount: order.amounts.total }),
    );
    expect((await paymentRow(paymentId)).refunded).toBe(true);
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
    expect((await history(order.id)).slice(-3)).toEqual([
      { status: 'refunding', action: 'refuse', actor: 'merchant' },
      { status: 'refund_fail', action: 'refundFailed', actor: 'system' },
      { status: 'refused', action: 'refundDone', actor: 'merchant' },
    ]);
  });

  it('two sweeps at once settle a stalled refund once', async () => {
    const { order, tradeNo } = await paidOnline();
    await leaveRefunding(order.id, 'refuse');
    clock.advance(REFUND_GRACE_MS + SECOND);
    expect(await sweepTogether(h, kind, clock.now)).toBe(1);
    expect((await orderRow(order.id)).status).toBe('refused');
    const done = await h.database.db
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'refundDone')));
    expect(done).toHaveLength(1);
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
  });
});

describe('the Stripe adapter refunds a payment once', () => {
  const now = new Date(NOON);
  const stripe = createFakeStripe();
  const gateway = createStripeGateway({
    secretKey: 'sk_test_fixture',
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    client: stripe,
  });

  async function paidSession(amount: number) {
    const { tradeNo } = await gateway.createSession({
      paymentId: 7,
      amount,
      currency: 'CNY',
      numberDecimals: 2,
      merchantName: 'Test shop',
      description: 'Order 1',
      style: 'card',
      returnUrl: `https://shop.example/#/back?trade=${TRADE_NO_PLACEHOLDER}`,
      notifyUrl: 'https://shop.example/new/consumer/pay/notify/stripe',
      expiresAt: new Date(now.getTime() + 15 * 60_000),
      now,
    });
    stripe.pay(tradeNo);
    return tradeNo;
  }

  it('passes the idempotency key; a repeat of it, or a charge already refunded, pays nothing more', async () => {
    const tradeNo = await paidSession(3500);
    const key = refundKey({ id: 7, tradeNo });
    await gateway.refund(tradeNo, 3500, now, key);
    expect(stripe.refundKeys.at(-1)).toBe(key);
    expect(stripe.refunded).toEqual([{ payment_intent: `pi_${tradeNo.slice(3)}`, amount: 3500 }]);

    // A retry within Stripe's 24 hours: the same key answers with the first refund.
    await gateway.refund(tradeNo, 3500, now, key);
    // A retry after Stripe forgot the key: the charge is refunded already, which is done.
    await gateway.refund(tradeNo, 3500, now, `${key}-later`);
    expect(stripe.refundKeys.slice(-3)).toEqual([key, key, `${key}-later`]);
    expect(stripe.refunded).toHaveLength(1);
  });

  it('reports a refund Stripe could not make as a GatewayError', async () => {
    const made = stripe.refunded.length;
    const tradeNo = await paidSession(1200);
    stripe.failNext();
    await expect(gateway.refund(tradeNo, 1200, now, refundKey({ id: 8, tradeNo }))).rejects.toBeInstanceOf(
      GatewayError,
    );
    const unpaid = await gateway.createSession({
      paymentId: 9,
      amount: 800,
      currency: 'CNY',
      numberDecimals: 2,
      merchantName: 'Test shop',
      description: 'Order 2',
      style: 'card',
      returnUrl: `https://shop.example/#/back?trade=${TRADE_NO_PLACEHOLDER}`,
      notifyUrl: 'https://shop.example/new/consumer/pay/notify/stripe',
      expiresAt: new Date(now.getTime() + 15 * 60_000),
      now,
    });
    await expect(gateway.refund(unpaid.tradeNo, 800, now, 'refund-9')).rejects.toBeInstanceOf(GatewayError);
    expect(stripe.refunded).toHaveLength(made);
  });
});

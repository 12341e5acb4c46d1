// The Stripe adapter behind order/pay, with a fake Stripe client (no network) and webhook events signed
// like Stripe's (stripe.webhooks.generateTestHeaderString), on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: a Checkout Session per attempt, a valid webhook pays the order, a replay or a tampered,
// wrongly signed or stale one changes nothing, updateTradeNo asks Stripe, and a late payment is refunded.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../server/db/schema';
import { changeStatus } from '../../../server/modules/orders/order-status';
import { createStripeGateway, toStripeAmount } from '../../../server/payments/stripe';
import type { OrderDetail } from '../../../src/domain/api/order';
import type { OrderPayInfo, OrderPayRejectionInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { PAY_TYPE, paymentSeed, place, snapshot } from './payment-fixture';
import {
  checkoutEvent,
  createFakeStripe,
  stripePayments,
  signStripe,
  STRIPE_WEBHOOK_SECRET,
} from './stripe-fixtures';

describe.each(testDatabases)('Stripe gateway on %s', (kind) => {
  const clock = createClock(NOON);
  const stripe = createFakeStripe();
  const h = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: stripePayments(stripe),
  });
  let token: string;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  const webhook = (payload: string, signature: string | null) =>
    h.inject({
      method: 'POST',
      url: '/new/consumer/pay/notify/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  const detail = async (id: number) =>
    (await h.call<OrderDetail>('order/detail', { id }, { token, language: 'en' })).body.info;

  async function startPayment() {
    const order = await place(h, token, pickupOrder({ payType: 'Card' }));
    const r = await h.call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.Card },
      { token, language: 'en' },
    );
    expect(r.body.result, r.body.message).toBe(true);
    return { order, info: r.body.info, tradeNo: r.body.info.payment.tradeNo! };
  }

  beforeAll(async () => {
    token = await enter(h, SHOP);
  });

  it('creates a Checkout Session for the order and redirects to it', async () => {
    const { order, info, tradeNo } = await startPayment();
    expect(info.payment.gateway).toBe('stripe');
    expect(tradeNo).toMatch(/^cs_test_/);
    expect(info.redirectUrl).toBe(`https://checkout.stripe.com/c/pay/${tradeNo}`);
    const params = stripe.created.at(-1)!;
    expect(params.mode).toBe('payment');
    expect(params.line_items![0]!.price_data).toEqual(
      expect.objectContaining({ currency: order.currency.toLowerCase(), unit_amount: order.amounts.total }),
    );
    expect(params.metadata).toEqual({ paymentId: String(info.payment.id) });
    expect(params.success_url).toBe(
      `https://shop.example/#/order/allin-pay-callback?orderId=${order.id}&paymentId=${info.payment.id}&trade={CHECKOUT_SESSION_ID}`,
    );
    // Stripe keeps a session at least 30 minutes, longer than the order's 15-minute window.
    expect(params.expires_at! - nowSeconds()).toBeGreaterThanOrEqual(30 * 60);
  });

  it('pays the order on a valid signed webhook; a replay is acknowledged and changes nothing', async () => {
    const { order, tradeNo } = await startPayment();
    const payload = checkoutEvent('checkout.session.completed', stripe.pay(tradeNo), 'evt_valid_1');
    const r = await webhook(payload, signStripe(payload, nowSeconds()));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(expect.objectContaining({ result: true, info: { outcome: 'applied' } }));
    const paid = await detail(order.id);
    expect(paid).toEqual(expect.objectContaining({ status: 'pending', paid: true }));
    expect(paid.payment?.state).toBe('success');

    const before = await snapshot(h, order.id);
    const replay = await webhook(payload, signStripe(payload, nowSeconds()));
    expect(replay.json()).toEqual(expect.objectContaining({ result: true, info: { outcome: 'duplicate' } }));
    expect(await snapshot(h, order.id)).toEqual(before);
  });

  it('refuses tampered, wrongly signed, unsigned and stale webhooks, changing nothing', async () => {
    const { order, tradeNo } = await startPayment();
    const payload = checkoutEvent('checkout.session.completed', stripe.pay(tradeNo), 'evt_tamper_1');
    const signature = signStripe(payload, nowSeconds());
    const before = await snapshot(h, order.id);
    const cases: [string, string | null, number][] = [
      [payload.replace('"livemode":false', '"livemode":true'), signature, 401],
      [payload, signStripe(payload, nowSeconds(), 'whsec_someone_else'), 401],
      [payload, null, 401],
      [payload, signStripe(payload, nowSeconds() - 301), 401],
    ];
    for (const [body, sig, status] of cases) {
      const r = await webhook(body, sig);
      expect(r.statusCode).toBe(status);
      expect(r.json().result).toBe(false);
      expect(await snapshot(h, order.id)).toEqual(before);
    }
    expect((await webhook(payload, signature)).json().info).toEqual({ outcome: 'applied' });
  });

  it('acknowledges verified events that do not move a payment', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const r = await webhook(payload, signStripe(payload, nowSeconds()));
    expect(r.json()).toEqual(expect.objectContaining({ result: true, info: { outcome: 'ignored' } }));
  });

  it('asks Stripe on updateTradeNo when no webhook came', async () => {
    const { order, tradeNo } = await startPayment();
    const open = await h.call<OrderDetail>('order/updateTradeNo', { id: order.id, tradeNo }, { token });
    expect(open.body.info.status).toBe('nopay');
    expect(open.body.info.payment?.state).toBe('processing');
    stripe.pay(tradeNo);
    const r = await h.call<OrderDetail>('order/updateTradeNo', { id: order.id, tradeNo }, { token });
    expect(r.body.info).toEqual(expect.objectContaining({ status: 'pending', paid: true }));
  });

  it('cancels an attempt the customer left on Stripe and expires its session', async () => {
    const { order, info, tradeNo } = await startPayment();
    const r = await h.call<OrderDetail>(
      'order/payErrorCallback',
      { id: order.id, paymentId: info.payment.id, state: 'cancel' },
      { token },
    );
    expect(r.body.info.payment).toEqual(
      expect.objectContaining({ state: 'cancel', failReason: 'cancelled' }),
    );
    expect(stripe.sessions.get(tradeNo)!.status).toBe('expired');
    // Stripe's own expiry event afterwards changes nothing.
    const payload = checkoutEvent('checkout.session.expired', stripe.sessions.get(tradeNo)!);
    const before = await snapshot(h, order.id);
    expect((await webhook(payload, signStripe(payload, nowSeconds()))).json().info).toEqual({
      outcome: 'unchanged',
    });
    const after = await snapshot(h, order.id);
    expect(after.attempts).toEqual(before.attempts);
    expect(after.order).toEqual(before.order);
  });

  it('refunds through Stripe a payment that completes after the order was cancelled', async () => {
    const { order, info, tradeNo } = await startPayment();
    await h.database.db.transaction((tx) =>
      changeStatus(tx, {
        orderId: order.id,
        from: ['nopay'],
        to: 'nopay_cancel',
        actor: 'system',
        action: 'expire',
        now: clock.now(),
      }),
    );
    const payload = checkoutEvent('checkout.session.completed', stripe.pay(tradeNo));
    const r = await webhook(payload, signStripe(payload, nowSeconds()));
    expect(r.json().info).toEqual({ outcome: 'lateRefunded' });
    expect(stripe.refunded.at(-1)).toEqual({
      payment_intent: `pi_${tradeNo.slice(3)}`,
      amount: order.amounts.total,
    });
    // Every attempt to give this payment back asks with the same key, so Stripe refunds it once.
    expect(stripe.refundKeys.at(-1)).toBe(`refund-${info.payment.id}-${tradeNo}`);
    const [row] = await h.database.db
      .select({ state: payments.state, refunded: payments.refunded })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(row).toEqual({ state: 'success', refunded: true });
    expect((await detail(order.id)).status).toBe('nopay_cancel');
  });

  it('answers gatewayUnavailable and keeps the order payable when Stripe cannot be reached', async () => {
    const order = await place(h, token, pickupOrder({ payType: 'Card' }));
    stripe.failNext();
    const r = await h.call<OrderPayInfo>('order/pay', { id: order.id, payTypeId: PAY_TYPE.Card }, { token });
    expect((r.body.info as unknown as OrderPayRejectionInfo).reason).toBe('gatewayUnavailable');
    const after = await detail(order.id);
    expect(after.status).toBe('nopay');
    expect(after.payment).toEqual(expect.objectContaining({ state: 'fail', failReason: 'gatewayError' }));
    const retry = await h.call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.Card },
      { token },
    );
    expect(retry.body.result, retry.body.message).toBe(true);
  });
});

describe('Stripe adapter units', () => {
  it('converts minor units to Stripe amounts', () => {
    expect(toStripeAmount(1234, 'CNY', 2)).toBe(1234);
    expect(toStripeAmount(1234, 'JPY', 0)).toBe(1234);
    expect(toStripeAmount(123, 'EUR', 1)).toBe(1230);
    expect(toStripeAmount(1200, 'JPY', 2)).toBe(12);
  });

  it('refuses to start without its keys', async () => {
    const { createPayments } = await import('../../../server/payments');
    expect(() => createPayments({} as never, { gateway: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    const { paymentsConfigFromEnv } = await import('../../../server/payments');
    expect(() => paymentsConfigFromEnv({ PAYMENT_GATEWAY: 'stripe' }, { demoMode: true })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => paymentsConfigFromEnv({ PAYMENT_GATEWAY: 'paypal' }, { demoMode: true })).toThrow(
      /PAYMENT_GATEWAY/,
    );
    expect(paymentsConfigFromEnv({}, { demoMode: true }).gateway).toBe('sandbox');
  });

  it('verifies a webhook against the app clock, not the machine clock', async () => {
    const gateway = createStripeGateway({
      secretKey: 'sk_test_x',
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      client: createFakeStripe(),
    });
    const session = { id: 'cs_test_u', payment_status: 'paid', status: 'complete', amount_total: 100 };
    const payload = checkoutEvent('checkout.session.completed', session as never, 'evt_unit');
    const at = new Date('2030-01-01T00:00:00Z');
    const header = signStripe(payload, Math.floor(at.getTime() / 1000));
    await expect(
      gateway.verifyNotification(Buffer.from(payload), { 'stripe-signature': header }, at),
    ).resolves.toEqual(
      expect.objectContaining({ eventId: 'evt_unit', tradeNo: 'cs_test_u', state: 'success' }),
    );
    await expect(
      gateway.verifyNotification(
        Buffer.from(payload),
        { 'stripe-signature': header },
        new Date(at.getTime() + 301_000),
      ),
    ).rejects.toMatchObject({ problem: 'stale' });
  });
});

// Late payments whose refund failed, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a success that
// reaches an order it cannot pay (expired, or paid by the member card meanwhile) is refunded at once; when
// the gateway refuses, the sweep gives the money back after the grace period and not before, once, with
// the payment's refund key, and without changing what the customer reads; two sweeps at once (one app, or
// two apps on one PostgreSQL) refund once; a payment that paid its order is never touched, not even in
// refund_fail; a gateway that keeps refusing is asked less and less often and then no more. Also the
// migration's backfill of late payments from before it, and the bounds of the real Stripe client.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orders, payments, sandboxSessions } from '../../../server/db/schema';
import { REFUND_GRACE_MS } from '../../../server/modules/orders/order-life';
import { expireDue } from '../../../server/modules/orders/order-life-gateway';
import { changeStatus } from '../../../server/modules/orders/order-status';
import {
  LATE_REFUND_MAX_ATTEMPTS,
  LATE_REFUND_MAX_DELAY_MS,
  refundKey,
} from '../../../server/modules/payments/payments';
import { GatewayError, type PaymentGateway } from '../../../server/payments/gateway';
import type { SandboxDeliver } from '../../../server/payments/sandbox';
import { createStripeClient, STRIPE_CLIENT_CONFIG } from '../../../server/payments/stripe';
import type { OrderDetail, OrderSummary } from '../../../src/domain/api/order';
import type { OrderPayInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { enter, login, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { MEMBERS, memberRow, PASSWORD, PAY_TYPE, paymentSeed, place, sweepTogether } from './payment-fixture';

const KEY = `demo-merchant-${SHOP}`;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const PAID_CARD = '4242 4242 4242 4242';

interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

interface LatePayment {
  order: OrderDetail;
  tradeNo: string;
  paymentId: number;
  /** The customer's session that placed the order. */
  token: string;
}

describe.each(testDatabases)('late refunds retried by the sweep on %s', (kind) => {
  const clock = createClock(NOON);
  // Notifications go straight into the app, as the sandbox's HTTP POST would, unless a test holds them.
  let holding = false;
  const held: Delivery[] = [];
  const h: TestApp = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: {
      gateway: 'sandbox',
      publicUrl: 'https://shop.example',
      sandboxDeliver: (async (delivery) => {
        if (holding) {
          held.push(delivery);
          return 200;
        }
        return (await post(delivery)).statusCode;
      }) satisfies SandboxDeliver,
    },
  });
  let guest: string;
  let rich: string;

  const post = (delivery: Delivery) =>
    h.inject({
      method: 'POST',
      url: new URL(delivery.url).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });

  beforeAll(async () => {
    guest = await enter(h, SHOP);
    rich = await login(h, SHOP, MEMBERS.rich.phone);
  });
  beforeEach(() => {
    clock.set(NOON);
    holding = false;
    held.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const sandbox = (t: TestApp = h): PaymentGateway => t.app.payments.gateway('sandbox')!;
  const sweep = (t: TestApp = h) => expireDue(t.app, clock.now());

  const pay = (token: string, body: Record<string, unknown>) =>
    h.call<OrderPayInfo>('order/pay', body, { token, language: 'en' });
  const detail = async (token: string, id: number) =>
    (await h.call<OrderDetail>('order/detail', { id }, { token, language: 'en' })).body.info;

  async function orderRow(id: number) {
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  }
  async function paymentRow(id: number) {
    const [row] = await h.database.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }
  async function paymentsOf(orderId: number) {
    return h.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  }
  /** What the gateway gave back for the trade. */
  async function refundedAtGateway(tradeNo: string) {
    const [row] = await h.database.db
      .select({ amount: sandboxSessions.refundedAmount })
      .from(sandboxSessions)
      .where(eq(sandboxSessions.tradeNo, tradeNo));
    return row!.amount;
  }

  /** An online attempt the customer then pays at the sandbox; its notification is held back. */
  async function paidAtGatewayOnly(token: string): Promise<Omit<LatePayment, 'token'> & { held: Delivery }> {
    const order = await place(h, token, pickupOrder({ payType: 'Card' }));
    const started = await pay(token, { id: order.id, payTypeId: PAY_TYPE.Card });
    expect(started.body.result, started.body.message).toBe(true);
    const tradeNo = started.body.info.payment.tradeNo!;
    holding = true;
    const paid = await h.call('sandboxGateway/complete', {
      tradeNo,
      outcome: 'succeed',
      cardNumber: PAID_CARD,
    });
    expect(paid.body.result, paid.body.message).toBe(true);
    holding = false;
    return { order, tradeNo, paymentId: started.body.info.payment.id, held: held.pop()! };
  }

  /** Delivers the held success; the refund it triggers at once fails when `firstRefund` says so. */
  async function deliverLate(notification: Delivery, firstRefund: 'refused' | 'made') {
    const refund = vi.spyOn(sandbox(), 'refund');
    if (firstRefund === 'refused')
      refund.mockRejectedValueOnce(new GatewayError('sandbox: refunds are unavailable'));
    const r = await post(notification);
    refund.mockRestore();
    expect(r.json()).toEqual(
      expect.objectContaining({
        result: true,
        info: { outcome: firstRefund === 'refused' ? 'lateRefundFailed' : 'lateRefunded' },
      }),
    );
  }

  /** A success that reaches an order the sweep cancelled at its deadline meanwhile. */
  async function lateOnExpired(firstRefund: 'refused' | 'made' = 'refused'): Promise<LatePayment> {
    const { held: notification, ...late } = await paidAtGatewayOnly(guest);
    // The sweep and the notification crossed: the order was cancelled before the success arrived.
    const cancelled = await h.database.db.transaction((tx) =>
      changeStatus(tx, {
        orderId: late.order.id,
        from: ['nopay'],
        to: 'nopay_cancel',
        actor: 'system',
        action: 'expire',
        now: clock.now(),
      }),
    );
    expect(cancelled?.status).toBe('nopay_cancel');
    await deliverLate(notification, firstRefund);
    return { ...late, token: guest };
  }

  /**
   * A second payment of a paid order: the gateway answered "not paid" when the customer switched to the
   * member card, but the card page had taken the money; its success arrives after the card paid.
   */
  async function lateOnPaidByCard(): Promise<LatePayment> {
    const { held: notification, ...late } = await paidAtGatewayOnly(rich);
    vi.spyOn(sandbox(), 'retrieve').mockResolvedValue({ state: 'processing', failReason: null });
    const card = await pay(rich, { id: late.order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD });
    expect(card.body.result, card.body.message).toBe(true);
    vi.restoreAllMocks();
    await deliverLate(notification, 'refused');
    return { ...late, token: rich };
  }

  it('refunds a late payment whose refund was refused at the first sweep after the grace period, once', async () => {
    const { order, tradeNo, paymentId, token } = await lateOnExpired();
    const total = order.amounts.total;
    expect(await paymentRow(paymentId)).toEqual(
      expect.objectContaining({
        state: 'success',
        refunded: false,
        refundAttempts: 0,
        refundDueAt: new Date(clock.now().getTime() + REFUND_GRACE_MS),
      }),
    );
    expect(await refundedAtGateway(tradeNo)).toBe(0);
    const seenBefore = await detail(token, order.id);
    const refund = vi.spyOn(sandbox(), 'refund');

    clock.advance(REFUND_GRACE_MS - SECOND);
    await sweep();
    expect(refund).not.toHaveBeenCalled();
    expect((await paymentRow(paymentId)).refunded).toBe(false);

    clock.advance(2 * SECOND);
    // A customer's read does not wait on the gateway for it: only the sweeper asks.
    await detail(token, order.id);
    expect(refund).not.toHaveBeenCalled();
    await sweep();
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(tradeNo, total, clock.now(), refundKey({ id: paymentId, tradeNo }));
    expect(await refundedAtGateway(tradeNo)).toBe(total);
    expect(await paymentRow(paymentId)).toEqual(
      expect.objectContaining({ state: 'success', refunded: true, refundAttempts: 1 }),
    );
    // The order is as it was: cancelled, never paid, nothing refunded on it.
    expect(await orderRow(order.id)).toEqual(
      expect.objectContaining({ status: 'nopay_cancel', paid: false, refundAmount: 0 }),
    );
    expect(await detail(token, order.id)).toEqual({ ...seenBefore, readAt: expect.any(String) });

    // Refunded: later sweeps leave it alone.
    clock.advance(4 * LATE_REFUND_MAX_DELAY_MS);
    await sweep();
    await sweep();
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await refundedAtGateway(tradeNo)).toBe(total);
  });

  it('refunds a second payment of an order the member card paid meanwhile, and leaves the card payment', async () => {
    const before = await memberRow(h, MEMBERS.rich.id);
    const { order, tradeNo, paymentId } = await lateOnPaidByCard();
    const total = order.amounts.total;
    const [late, card] = await paymentsOf(order.id);
    expect(late).toEqual(
      expect.objectContaining({ id: paymentId, state: 'cancel', failReason: 'superseded', refunded: false }),
    );
    expect(late!.refundDueAt).not.toBeNull();
    expect(card).toEqual(
      expect.objectContaining({ settlement: 'memberCard', state: 'success', refunded: false }),
    );
    expect(await orderRow(order.id)).toEqual(
      expect.objectContaining({ status: 'pending', paid: true, settlement: 'memberCard' }),
    );
    const refund = vi.spyOn(sandbox(), 'refund');

    clock.advance(REFUND_GRACE_MS + SECOND);
    await sweep();
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledWith(tradeNo, total, clock.now(), refundKey({ id: paymentId, tradeNo }));
    expect(await refundedAtGateway(tradeNo)).toBe(total);
    const [lateAfter, cardAfter] = await paymentsOf(order.id);
    expect(lateAfter).toEqual(expect.objectContaining({ state: 'cancel', refunded: true }));
    expect(cardAfter).toEqual(card);
    expect(await orderRow(order.id)).toEqual(
      expect.objectContaining({ status: 'pending', paid: true, settlement: 'memberCard', refundAmount: 0 }),
    );
    // The card paid once: the balances moved by the order's total only.
    const after = await memberRow(h, MEMBERS.rich.id);
    expect(before.amount + before.gift - (after.amount + after.gift)).toBe(total);

    clock.advance(4 * LATE_REFUND_MAX_DELAY_MS);
    await sweep();
    expect(refund).toHaveBeenCalledTimes(1);
  });

  it('never touches a payment that paid its order, nor a late one refunded at once', async () => {
    // Paid online and then refused by the merchant while the gateway was down: refund_fail is the merchant's.
    const { order: refusedOrder, held: delivery, paymentId: refusedPayment } = await paidAtGatewayOnly(guest);
    await post(delivery);
    expect((await orderRow(refusedOrder.id)).status).toBe('pending');
    vi.spyOn(sandbox(), 'refund').mockRejectedValueOnce(new GatewayError('sandbox: unreachable'));
    const refused = await h.inject({
      method: 'POST',
      url: '/merchant/api/refuse',
      headers: { 'content-type': 'application/json', language: 'en', authorization: `Bearer ${KEY}` },
      payload: JSON.stringify({ orderNo: refusedOrder.orderNo, reason: 'Out of flour' }),
    });
    expect(refused.statusCode).toBe(502);
    expect((refused.json() as { info: { order: OrderSummary } }).info.order.status).toBe('refund_fail');
    vi.restoreAllMocks();
    // Paid online and kept.
    const { order: kept, held: keptDelivery, paymentId: keptPayment } = await paidAtGatewayOnly(guest);
    await post(keptDelivery);
    expect((await orderRow(kept.id)).status).toBe('pending');
    // Late, and refunded at once.
    const late = await lateOnExpired('made');
    expect(await paymentRow(late.paymentId)).toEqual(expect.objectContaining({ refunded: true }));

    const untouched = await Promise.all([refusedPayment, keptPayment].map(paymentRow));
    for (const p of untouched)
      expect(p).toEqual(
        expect.objectContaining({ state: 'success', refunded: false, refundDueAt: null, refundAttempts: 0 }),
      );
    const refund = vi.spyOn(sandbox(), 'refund');
    for (let i = 0; i < 3; i++) {
      clock.advance(LATE_REFUND_MAX_DELAY_MS);
      await sweep();
    }
    expect(refund).not.toHaveBeenCalled();
    expect(await Promise.all([refusedPayment, keptPayment].map(paymentRow))).toEqual(untouched);
    expect((await orderRow(refusedOrder.id)).status).toBe('refund_fail');
    expect((await orderRow(kept.id)).status).toBe('pending');
    expect((await paymentRow(late.paymentId)).refundAttempts).toBe(0);
  });

  it('two sweeps at once refund a late payment once', async () => {
    const { order, tradeNo, paymentId } = await lateOnExpired();
    clock.advance(REFUND_GRACE_MS + SECOND);
    expect(await sweepTogether(h, kind, clock.now)).toBe(1);
    expect(await paymentRow(paymentId)).toEqual(
      expect.objectContaining({ refunded: true, refundAttempts: 1 }),
    );
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
  });

  it('asks a gateway that keeps refusing less and less often, stops after the last try, and the operator can restart it', async () => {
    const { order, tradeNo, paymentId } = await lateOnExpired();
    const refund = vi
      .spyOn(sandbox(), 'refund')
      .mockRejectedValue(new GatewayError('sandbox: this charge cannot be refunded'));
    const tries: number[] = [];
    let due = (await paymentRow(paymentId)).refundDueAt!;
    for (let attempt = 1; attempt <= LATE_REFUND_MAX_ATTEMPTS; attempt++) {
      clock.set(new Date(due.getTime() - SECOND));
      await sweep();
      expect(refund).toHaveBeenCalledTimes(attempt - 1);
      clock.set(due);
      await sweep();
      await sweep();
      expect(refund).toHaveBeenCalledTimes(attempt);
      tries.push(clock.now().getTime());
      const row = await paymentRow(paymentId);
      expect(row).toEqual(expect.objectContaining({ refunded: false, refundAttempts: attempt }));
      due = row.refundDueAt!;
    }
    const waits = tries.slice(1).map((t, i) => t - tries[i]!);
    // The wait doubles from two minutes and stays at six hours once it gets there.
    expect(waits.slice(0, 4)).toEqual([2, 4, 8, 16].map((m) => m * MINUTE));
    expect(Math.max(...waits)).toBe(6 * HOUR);
    expect(waits.at(-1)).toBe(6 * HOUR);
    // All the tries span about two days.
    const span = tries.at(-1)! - tries[0]!;
    expect(span).toBeGreaterThan(36 * HOUR);
    expect(span).toBeLessThan(3 * 24 * HOUR);

    // Given up: however long the sweep runs, the gateway is not asked again.
    for (let i = 0; i < 3; i++) {
      clock.advance(2 * LATE_REFUND_MAX_DELAY_MS);
      await sweep();
    }
    expect(refund).toHaveBeenCalledTimes(LATE_REFUND_MAX_ATTEMPTS);
    expect(await paymentRow(paymentId)).toEqual(
      expect.objectContaining({ refunded: false, refundAttempts: LATE_REFUND_MAX_ATTEMPTS }),
    );
    expect(await refundedAtGateway(tradeNo)).toBe(0);

    // The operator sorted it out with the gateway and puts the payment back in the queue.
    refund.mockRestore();
    await h.database.db
      .update(payments)
      .set({ refundAttempts: 0, refundDueAt: clock.now() })
      .where(eq(payments.id, paymentId));
    await sweep();
    expect(await paymentRow(paymentId)).toEqual(
      expect.objectContaining({ refunded: true, refundAttempts: 1 }),
    );
    expect(await refundedAtGateway(tradeNo)).toBe(order.amounts.total);
  });

  it('migration 0006 owes back the late payments whose refund failed before it, and nothing else', async () => {
    const late = await lateOnExpired();
    const { held: delivery, paymentId: paidPayment } = await paidAtGatewayOnly(guest);
    await post(delivery);
    // As the rows were before the migration: no refund_due_at.
    await h.database.db.update(payments).set({ refundDueAt: null });
    const migration = readFileSync(
      new URL('../../../server/db/migrations/0006_late_refund_retry.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*--[^]*UPDATE "payments"/);
    await h.database.db.execute(sql.raw(backfill));

    const owed = await h.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(sql`${payments.refundDueAt} is not null`);
    expect(owed).toEqual([{ id: late.paymentId }]);
    expect((await paymentRow(paidPayment)).refundDueAt).toBeNull();
    const refund = vi.spyOn(sandbox(), 'refund');
    await sweep();
    expect(refund).toHaveBeenCalledTimes(1);
    expect((await paymentRow(late.paymentId)).refunded).toBe(true);
  });
});

describe('the real Stripe client', () => {
  it('waits a bounded time per request and repeats a failed one a bounded number of times', () => {
    const client = createStripeClient('sk_test_fixture');
    expect(client.getApiField('timeout')).toBe(STRIPE_CLIENT_CONFIG.timeout);
    expect(client.getMaxNetworkRetries()).toBe(STRIPE_CLIENT_CONFIG.maxNetworkRetries);
    // Stripe's own default is 80 s per request.
    expect(STRIPE_CLIENT_CONFIG.timeout).toBeLessThan(80_000);
    // A refund is two requests (retrieve the session, create the refund), each tried 1 + retries times,
    // with under a second of backoff between tries: it has answered before the sweep's grace runs out.
    const tries = 1 + STRIPE_CLIENT_CONFIG.maxNetworkRetries;
    const refundWorstCase = 2 * (tries * STRIPE_CLIENT_CONFIG.timeout + (tries - 1) * SECOND);
    expect(refundWorstCase).toBeLessThan(REFUND_GRACE_MS);
  });
});

// Online payments through the built-in sandbox gateway, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: session → hosted page → signed notification → order paid; a notification replayed,
// tampered, unsigned or too old changes nothing; a decline leaves the order payable; a success that
// reaches an order no longer payable is refunded; updateTradeNo recovers a lost notification and
// payErrorCallback never fails a paid attempt. The sandbox's deliveries go through a switch the tests
// turn: forward (into the app), hold (kept for later) or drop (lost).
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, sandboxSessions } from '../../../server/db/schema';
import { changeStatus } from '../../../server/modules/orders/order-status';
import { refundOnline } from '../../../server/modules/payments/payments';
import {
  DEMO_SANDBOX_SECRET,
  signSandboxPayload,
  type SandboxDeliver,
} from '../../../server/payments/sandbox';
import type { OrderDetail } from '../../../src/domain/api/order';
import type {
  OrderPayInfo,
  OrderPayRejectionInfo,
  SandboxCompleteInfo,
  SandboxSession,
} from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { enter, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { PAY_TYPE, paymentSeed, place, snapshot } from './payment-fixture';

const PAID_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

describe.each(testDatabases)('online payment through the sandbox gateway on %s', (kind) => {
  const clock = createClock(NOON);
  let mode: 'forward' | 'hold' | 'drop' = 'forward';
  const delivered: Delivery[] = [];
  const held: Delivery[] = [];
  const h: TestApp = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: {
      gateway: 'sandbox',
      publicUrl: 'https://shop.example',
      sandboxDeliver: (async (delivery) => {
        if (mode === 'drop') return 503;
        if (mode === 'hold') {
          held.push(delivery);
          return 200;
        }
        delivered.push(delivery);
        return (await post(delivery)).statusCode;
      }) satisfies SandboxDeliver,
    },
  });
  let token: string;

  const post = (delivery: Delivery) =>
    h.inject({
      method: 'POST',
      url: new URL(delivery.url).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });

  const pay = (body: Record<string, unknown>, tok = token) =>
    h.call<OrderPayInfo>('order/pay', body, { token: tok, language: 'en' });
  const detail = async (id: number) =>
    (await h.call<OrderDetail>('order/detail', { id }, { token, language: 'en' })).body.info;
  const complete = (tradeNo: string, outcome: string, cardNumber?: string) =>
    h.call<SandboxCompleteInfo>(
      'sandboxGateway/complete',
      cardNumber ? { tradeNo, outcome, cardNumber } : { tradeNo, outcome },
      { language: 'en' },
    );

  async function startPayment(): Promise<{ order: OrderDetail; info: OrderPayInfo; tradeNo: string }> {
    const order = await place(h, token, pickupOrder({ payType: 'Card' }));
    const r = await pay({ id: order.id, payTypeId: PAY_TYPE.Card });
    expect(r.body.result, r.body.message).toBe(true);
    const tradeNo = r.body.info.payment.tradeNo!;
    return { order, info: r.body.info, tradeNo };
  }

  beforeAll(async () => {
    token = await enter(h, SHOP);
  });

  it('creates a session, shows it on the hosted page, and a paid card moves the order to the merchant', async () => {
    mode = 'forward';
    const { order, info, tradeNo } = await startPayment();
    expect(info.order.status).toBe('nopay');
    expect(info.payment).toEqual(
      expect.objectContaining({ state: 'processing', result: 0, settlement: 'online', gateway: 'sandbox' }),
    );
    expect(tradeNo).toMatch(/^sbx_[0-9a-f]{32}$/);
    expect(info.redirectUrl).toBe(`https://shop.example/#/order/stripe-pay?trade=${tradeNo}`);
    expect(info.order.actions.close).toBe(false);

    const page = await h.call<SandboxSession>('sandboxGateway/session', { tradeNo }, { language: 'en' });
    expect(page.body.info).toEqual(
      expect.objectContaining({
        tradeNo,
        style: 'card',
        amount: order.amounts.total,
        currency: order.currency,
        state: 'processing',
        expiresAt: order.payDeadlineAt,
      }),
    );

    const unknownCard = await complete(tradeNo, 'succeed', '5555 5555 5555 4444');
    expect(unknownCard.body.result).toBe(false);
    expect(unknownCard.body.message).toContain('4242');

    const done = await complete(tradeNo, 'succeed', PAID_CARD);
    expect(done.body.result, done.body.message).toBe(true);
    expect(done.body.info.state).toBe('success');
    expect(done.body.info.returnUrl).toBe(
      `https://shop.example/#/order/allin-pay-callback?orderId=${order.id}&paymentId=${info.payment.id}&trade=${tradeNo}`,
    );
    expect(delivered.at(-1)!.url).toBe('https://shop.example/new/consumer/pay/notify/sandbox');

    const paid = await detail(order.id);
    expect(paid).toEqual(expect.objectContaining({ status: 'pending', paid: true }));
    expect(paid.payment).toEqual(expect.objectContaining({ state: 'success', result: 1, failReason: null }));
    const [row] = await h.database.db
      .select({ settlement: orders.settlement })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.settlement).toBe('online');

    // The page cannot be completed twice.
    expect((await complete(tradeNo, 'succeed', PAID_CARD)).body.result).toBe(false);
  });

  it('acknowledges a replayed notification and changes nothing', async () => {
    mode = 'forward';
    const { order, tradeNo } = await startPayment();
    await complete(tradeNo, 'succeed', PAID_CARD);
    const first = delivered.at(-1)!;
    const before = await snapshot(h, order.id);
    const again = await post(first);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(expect.objectContaining({ result: true, info: { outcome: 'duplicate' } }));
    expect(await snapshot(h, order.id)).toEqual(before);
  });

  it('refuses tampered, unsigned, wrongly keyed and stale notifications, changing nothing', async () => {
    mode = 'hold';
    const { order, tradeNo } = await startPayment();
    await complete(tradeNo, 'succeed', PAID_CARD);
    const genuine = held.pop()!;
    const before = await snapshot(h, order.id);
    const sig = genuine.headers['sandbox-signature']!;

    const attempts: { delivery: Delivery; status: number }[] = [
      // A body changed after signing.
      { delivery: { ...genuine, body: genuine.body.replace('"amount":', '"amount":1,"x":') }, status: 401 },
      // A signature changed.
      {
        delivery: {
          ...genuine,
          headers: {
            ...genuine.headers,
            'sandbox-signature': sig.replace(/v1=(.)/, (_, c) => `v1=${c === '0' ? '1' : '0'}`),
          },
        },
        status: 401,
      },
      // No signature.
      { delivery: { ...genuine, headers: { 'content-type': 'application/json' } }, status: 401 },
      // Signed with another key.
      {
        delivery: {
          ...genuine,
          headers: {
            ...genuine.headers,
            'sandbox-signature': signSandboxPayload(
              'not-the-secret',
              genuine.body,
              Math.floor(clock.now().getTime() / 1000),
            ),
          },
        },
        status: 401,
      },
      // Signed with the right key, but more than five minutes ago.
      {
        delivery: {
          ...genuine,
          headers: {
            ...genuine.headers,
            'sandbox-signature': signSandboxPayload(
              DEMO_SANDBOX_SECRET,
              genuine.body,
              Math.floor(clock.now().getTime() / 1000) - 301,
            ),
          },
        },
        status: 401,
      },
      // Not JSON, correctly signed.
      {
        delivery: {
          ...genuine,
          body: 'state=success',
          headers: {
            ...genuine.headers,
            'sandbox-signature': signSandboxPayload(
              DEMO_SANDBOX_SECRET,
              'state=success',
              Math.floor(clock.now().getTime() / 1000),
            ),
          },
        },
        status: 400,
      },
    ];
    for (const { delivery, status } of attempts) {
      const r = await post(delivery);
      expect(r.statusCode, delivery.body).toBe(status);
      expect(r.json().result).toBe(false);
      expect(await snapshot(h, order.id)).toEqual(before);
    }
    // The genuine one still works afterwards: nothing above used up its event id.
    const r = await post(genuine);
    expect(r.json()).toEqual(expect.objectContaining({ result: true, info: { outcome: 'applied' } }));
    expect((await detail(order.id)).status).toBe('pending');
  });

  it('records a decline with its reason; the order stays payable and a new attempt succeeds', async () => {
    mode = 'forward';
    const { order, info, tradeNo } = await startPayment();
    const declined = await complete(tradeNo, 'succeed', DECLINED_CARD);
    expect(declined.body.info.state).toBe('fail');
    const after = await detail(order.id);
    expect(after.status).toBe('nopay');
    expect(after.payment).toEqual(
      expect.objectContaining({ id: info.payment.id, state: 'fail', result: 2, failReason: 'declined' }),
    );
    expect(after.actions.pay).toBe(true);

    const retry = await pay({ id: order.id, payTypeId: PAY_TYPE.Card });
    expect(retry.body.result, retry.body.message).toBe(true);
    expect(retry.body.info.payment.id).not.toBe(info.payment.id);
    await complete(retry.body.info.payment.tradeNo!, 'succeed', PAID_CARD);
    expect(await detail(order.id)).toEqual(expect.objectContaining({ status: 'pending', paid: true }));
  });

  it('applies the gateway state through updateTradeNo when the notification never came', async () => {
    mode = 'drop';
    const { order, tradeNo } = await startPayment();
    const done = await complete(tradeNo, 'succeed', PAID_CARD);
    expect(done.body.info.state).toBe('success');
    expect((await detail(order.id)).status).toBe('nopay');

    const other = await startPayment();
    const wrong = await h.call(
      'order/updateTradeNo',
      { id: order.id, tradeNo: other.tradeNo },
      { token, language: 'en' },
    );
    expect(wrong.status).toBe(404);
    expect((await detail(order.id)).status).toBe('nopay');

    const r = await h.call<OrderDetail>(
      'order/updateTradeNo',
      { id: order.id, tradeNo },
      { token, language: 'en' },
    );
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info).toEqual(expect.objectContaining({ status: 'pending', paid: true }));
    expect(r.body.info.payment?.state).toBe('success');

    // Someone else cannot look up this order's trade.
    const stranger = await enter(h, SHOP);
    const foreign = await h.call('order/updateTradeNo', { id: order.id, tradeNo }, { token: stranger });
    expect(foreign.status).toBe(404);
  });

  it('never lets payErrorCallback fail a paid attempt; an unpaid one is cancelled at the gateway too', async () => {
    mode = 'drop';
    const paid = await startPayment();
    await complete(paid.tradeNo, 'succeed', PAID_CARD);
    const r = await h.call<OrderDetail>(
      'order/payErrorCallback',
      { id: paid.order.id, paymentId: paid.info.payment.id, state: 'fail', reason: 'page said so' },
      { token, language: 'en' },
    );
    expect(r.body.result, r.body.message).toBe(true);
    // The gateway says paid, so the callback applied the success instead.
    expect(r.body.info).toEqual(expect.objectContaining({ status: 'pending', paid: true }));
    expect(r.body.info.payment?.state).toBe('success');

    mode = 'forward';
    const open = await startPayment();
    const cancelled = await h.call<OrderDetail>(
      'order/payErrorCallback',
      { id: open.order.id, paymentId: open.info.payment.id, state: 'cancel' },
      { token, language: 'en' },
    );
    expect(cancelled.body.info.status).toBe('nopay');
    expect(cancelled.body.info.payment).toEqual(
      expect.objectContaining({ state: 'cancel', result: 3, failReason: 'cancelled' }),
    );
    const [session] = await h.database.db
      .select({ state: sandboxSessions.state })
      .from(sandboxSessions)
      .where(eq(sandboxSessions.tradeNo, open.tradeNo));
    expect(session!.state).toBe('cancel');
    expect((await complete(open.tradeNo, 'succeed', PAID_CARD)).body.result).toBe(false);
    expect(cancelled.body.info.actions.pay).toBe(true);
  });

  it('refunds a paid online order through its gateway once (the merchant refund helper)', async () => {
    mode = 'forward';
    const { order, tradeNo } = await startPayment();
    await complete(tradeNo, 'succeed', PAID_CARD);
    expect(await refundOnline(h.app, order)).toEqual({ refunded: true, amount: order.amounts.total });
    const [payment] = await h.database.db
      .select({ refunded: payments.refunded })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(payment!.refunded).toBe(true);
    expect(await refundOnline(h.app, order)).toEqual({ refunded: true, amount: order.amounts.total });
    // An order never paid online has nothing to give back.
    const unpaid = await place(h, token, pickupOrder());
    expect(await refundOnline(h.app, unpaid)).toEqual({ refunded: true, amount: 0 });
  });

  it('refunds a success that arrives after the order stopped being payable', async () => {
    mode = 'hold';
    const { order, tradeNo } = await startPayment();
    await complete(tradeNo, 'succeed', PAID_CARD);
    const late = held.pop()!;
    // Meanwhile the order expired (the sweep and the notification crossed).
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
    const r = await post(late);
    expect(r.json()).toEqual(expect.objectContaining({ result: true, info: { outcome: 'lateRefunded' } }));
    const after = await detail(order.id);
    expect(after.status).toBe('nopay_cancel');
    expect(after.paid).toBe(false);
    const [payment] = await h.database.db
      .select({ state: payments.state, refunded: payments.refunded })
      .from(payments)
      .where(and(eq(payments.orderId, order.id)));
    expect(payment).toEqual({ state: 'success', refunded: true });
  });

  it('supersedes an open attempt when the customer switches to cash', async () => {
    mode = 'forward';
    const { order, info, tradeNo } = await startPayment();
    const again = await pay({ id: order.id, payTypeId: PAY_TYPE.Card });
    expect(again.body.result, again.body.message).toBe(true);
    const cash = await pay({ id: order.id, payTypeId: PAY_TYPE.Cash });
    expect(cash.body.result, cash.body.message).toBe(true);
    expect(cash.body.info.order).toEqual(
      expect.objectContaining({ status: 'pending', paid: false, payType: 'Cash' }),
    );
    const attempts = await h.database.db
      .select({ id: payments.id, state: payments.state, failReason: payments.failReason })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(payments.id);
    expect(attempts).toEqual([
      { id: info.payment.id, state: 'cancel', failReason: 'superseded' },
      { id: again.body.info.payment.id, state: 'cancel', failReason: 'superseded' },
    ]);
    // The first page can no longer take money.
    expect((await complete(tradeNo, 'succeed', PAID_CARD)).body.result).toBe(false);
  });

  it('refuses to start a payment after the deadline and the hosted page after its session ran out', async () => {
    mode = 'forward';
    const { order, tradeNo } = await startPayment();
    clock.advance(15 * 60_000);
    const r = await pay({ id: order.id, payTypeId: PAY_TYPE.Card });
    expect((r.body.info as unknown as OrderPayRejectionInfo).reason).toBe('expired');
    const page = await complete(tradeNo, 'succeed', PAID_CARD);
    expect(page.body.result).toBe(false);
    const session = await h.call<SandboxSession>('sandboxGateway/session', { tradeNo }, { language: 'en' });
    expect(session.body.info.state).toBe('cancel');
  });
});

// What a gateway notification must agree with before it moves money, and where the gateway addresses
// come from, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a correctly signed notification for
// another amount or currency than the payment, or for a trade the sandbox never finished, is refused
// with 409, logged as an error and changes nothing; a forged Host or X-Forwarded-Host changes no return
// or notify address unless TRUST_PROXY says a proxy sets them; and outside demo mode the sandbox's demo
// secret stops the server and the public demo merchant keys are neither seeded nor accepted.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { merchantKeys, payments, sandboxSessions } from '../../../server/db/schema';
import { hashMerchantKey } from '../../../server/modules/merchant/merchant-keys';
import { listenOriginOf, paymentsConfigFromEnv } from '../../../server/payments';
import {
  DEMO_SANDBOX_SECRET,
  signSandboxPayload,
  type SandboxDeliver,
} from '../../../server/payments/sandbox';
import { seedDatabase } from '../../../server/seed/seeder';
import type { OrderDetail } from '../../../src/domain/api/order';
import type { OrderPayInfo, SandboxCompleteInfo } from '../../../src/domain/api/order-life';
import { buildTestApp, createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { fixtureSeed } from '../helpers/fixture';
import { enter, NOON, P, pickupOrder, SHOP } from '../orders/order-fixture';
import { PAY_TYPE, paymentSeed, place, snapshot } from './payment-fixture';
import { checkoutEvent, createFakeStripe, signStripe, stripePayments } from './stripe-fixtures';

const PAID_CARD = '4242 4242 4242 4242';
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** Three breads: a 30.00 order. */
const thirtyOrder = () =>
  pickupOrder({ payType: 'Card', products: [{ id: P.bread, quantity: 3, tastes: [], mealset: [] }] });

/** The app's log as parsed pino lines. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

async function startPayment(h: TestApp, token: string, headers: Record<string, string> = {}) {
  const order = await place(h, token, thirtyOrder());
  const r = await h.call<OrderPayInfo>(
    'order/pay',
    { id: order.id, payTypeId: PAY_TYPE.Card },
    { token, language: 'en', ...headers },
  );
  expect(r.body.result, r.body.message).toBe(true);
  return { order, info: r.body.info, tradeNo: r.body.info.payment.tradeNo! };
}

describe.each(testDatabases)(
  'sandbox notifications checked against the trade and the payment on %s',
  (kind) => {
    const clock = createClock(NOON);
    const held: Delivery[] = [];
    const log = captureLog();
    const h: TestApp = useTestApp(kind, {
      seed: paymentSeed,
      clock,
      demoMode: true,
      logLevel: 'error',
      logStream: log.stream,
      payments: {
        gateway: 'sandbox',
        publicUrl: 'https://shop.example',
        sandboxDeliver: (async (delivery) => {
          held.push(delivery);
          return 200;
        }) satisfies SandboxDeliver,
      },
    });
    let token: string;

    const post = (delivery: Delivery) =>
      h.inject({
        method: 'POST',
        url: new URL(delivery.url).pathname,
        headers: { ...delivery.headers, language: 'en' },
        payload: delivery.body,
      });
    /** A notification signed with the right key, now. */
    const signed = (body: Record<string, unknown>): Delivery => {
      const raw = JSON.stringify(body);
      return {
        url: 'https://shop.example/new/consumer/pay/notify/sandbox',
        body: raw,
        headers: {
          'content-type': 'application/json',
          'sandbox-signature': signSandboxPayload(
            DEMO_SANDBOX_SECRET,
            raw,
            Math.floor(clock.now().getTime() / 1000),
          ),
        },
      };
    };
    const complete = async (tradeNo: string) => {
      const r = await h.call<SandboxCompleteInfo>('sandboxGateway/complete', {
        tradeNo,
        outcome: 'succeed',
        cardNumber: PAID_CARD,
      });
      expect(r.body.result, r.body.message).toBe(true);
      return held.pop()!;
    };
    const paymentState = async (id: number) =>
      (await h.database.db.select().from(payments).where(eq(payments.id, id)))[0]!.state;

    async function expectRefused(delivery: Delivery, orderId: number) {
      const before = await snapshot(h, orderId);
      const r = await post(delivery);
      expect(r.statusCode, delivery.body).toBe(409);
      expect(r.json()).toEqual(
        expect.objectContaining({
          result: false,
          message: 'The notification does not match the payment: refused.',
        }),
      );
      expect(await snapshot(h, orderId)).toEqual(before);
    }

    beforeAll(async () => {
      token = await enter(h, SHOP);
    });

    it('refuses a signed notification whose amount or currency is not the trade’s, then takes the genuine one', async () => {
      const { order, tradeNo } = await startPayment(h, token);
      expect(order.amounts.total).toBe(3000);
      const genuine = await complete(tradeNo);
      const body = JSON.parse(genuine.body) as Record<string, unknown>;
      expect(body).toEqual(expect.objectContaining({ amount: 3000, currency: order.currency }));

      await expectRefused(signed({ ...body, eventId: 'evt_amount_1', amount: 1 }), order.id);
      await expectRefused(signed({ ...body, eventId: 'evt_currency', currency: 'USD' }), order.id);
      const refused = log.lines.filter((l) => l.problem === 'mismatch');
      expect(refused).toHaveLength(2);
      expect(refused.every((l) => l.level === 50)).toBe(true);

      const r = await post(genuine);
      expect(r.json()).toEqual(expect.objectContaining({ result: true, info: { outcome: 'applied' } }));
    });

    it('refuses a signed success for a trade the sandbox has no record of, or one the customer never finished', async () => {
      const { order, info, tradeNo } = await startPayment(h, token);
      const unknown = {
        eventId: 'evt_unknown_trade',
        tradeNo: `sbx_${randomBytes(16).toString('hex')}`,
        state: 'success',
        amount: 3000,
        currency: order.currency,
      };
      await expectRefused(signed(unknown), order.id);
      // The page was never completed: a "success" signed with a leaked key is not borne out by the trade.
      await expectRefused(signed({ ...unknown, eventId: 'evt_unfinished', tradeNo }), order.id);
      expect(await paymentState(info.payment.id)).toBe('processing');
    });

    it('refuses, logs and leaves everything when the trade itself is for 0.01 of a 30.00 payment', async () => {
      const { order, info, tradeNo } = await startPayment(h, token);
      // The sandbox's record and its notification agree with each other, not with the payment.
      await h.database.db
        .update(sandboxSessions)
        .set({ amount: 1 })
        .where(eq(sandboxSessions.tradeNo, tradeNo));
      const notification = await complete(tradeNo);
      expect(JSON.parse(notification.body)).toEqual(expect.objectContaining({ amount: 1 }));
      const seen = log.lines.length;
      await expectRefused(notification, order.id);
      expect(await paymentState(info.payment.id)).toBe('processing');

      const [line, ...more] = log.lines.slice(seen);
      expect(more).toEqual([]);
      expect(line).toEqual(
        expect.objectContaining({
          level: 50,
          msg: 'gateway report does not match the payment: refused',
          orderId: order.id,
          paymentId: info.payment.id,
          expected: { amount: 3000, currency: order.currency },
          reported: { amount: 1, currency: order.currency },
        }),
      );
      const text = JSON.stringify(line);
      expect(text).not.toContain(tradeNo);
      expect(text).not.toContain(notification.headers['sandbox-signature']!.split('v1=')[1]);
      expect(text).not.toContain(DEMO_SANDBOX_SECRET);

      // Asking the gateway (updateTradeNo) gets the same answer and is refused the same way.
      const before = await snapshot(h, order.id);
      const r = await h.call<OrderDetail>('order/updateTradeNo', { id: order.id, tradeNo }, { token });
      expect(r.body.info.status).toBe('nopay');
      expect(await snapshot(h, order.id)).toEqual(before);
    });

    it('refuses a trade in another currency than the payment', async () => {
      const { order, info, tradeNo } = await startPayment(h, token);
      await h.database.db
        .update(sandboxSessions)
        .set({ currency: 'USD' })
        .where(eq(sandboxSessions.tradeNo, tradeNo));
      await expectRefused(await complete(tradeNo), order.id);
      expect(await paymentState(info.payment.id)).toBe('processing');
    });
  },
);

describe.each(testDatabases)('Stripe webhooks checked against the payment on %s', (kind) => {
  const clock = createClock(NOON);
  const stripe = createFakeStripe();
  const h = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: stripePayments(stripe),
  });
  let token: string;
  const webhook = (payload: string) =>
    h.inject({
      method: 'POST',
      url: '/new/consumer/pay/notify/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripe(payload, Math.floor(clock.now().getTime() / 1000)),
      },
      payload,
    });

  beforeAll(async () => {
    token = await enter(h, SHOP);
  });

  it('refuses a signed checkout.session.completed for another amount_total or currency, changing nothing', async () => {
    const { order, tradeNo } = await startPayment(h, token);
    const session = stripe.pay(tradeNo);
    expect(session.amount_total).toBe(3000);
    const before = await snapshot(h, order.id);
    const forged = [
      checkoutEvent('checkout.session.completed', { ...session, amount_total: 1 }, 'evt_amount'),
      checkoutEvent('checkout.session.completed', { ...session, currency: 'usd' }, 'evt_currency'),
      checkoutEvent('checkout.session.completed', { ...session, amount_total: null }, 'evt_no_amount'),
    ];
    for (const payload of forged) {
      const r = await webhook(payload);
      expect(r.statusCode, payload).toBe(409);
      expect(r.json().result).toBe(false);
      expect(await snapshot(h, order.id)).toEqual(before);
    }
    const genuine = await webhook(checkoutEvent('checkout.session.completed', session, 'evt_genuine'));
    expect(genuine.json().info).toEqual({ outcome: 'applied' });
  });
});

describe.each(testDatabases)('gateway addresses and the request’s Host on %s', (kind) => {
  const clock = createClock(NOON);
  const forged = {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  };
  const configured = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: { gateway: 'sandbox', listenOrigin: 'http://127.0.0.1:8123', sandboxDeliver: async () => 200 },
  });
  const behindProxy = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    trustProxy: true,
    payments: { gateway: 'sandbox', listenOrigin: 'http://127.0.0.1:8123', sandboxDeliver: async () => 200 },
  });

  const addresses = async (h: TestApp, tradeNo: string) =>
    (
      await h.database.db
        .select({ returnUrl: sandboxSessions.returnUrl, notifyUrl: sandboxSessions.notifyUrl })
        .from(sandboxSessions)
        .where(eq(sandboxSessions.tradeNo, tradeNo))
    )[0]!;

  it('builds the return and notify addresses from the configured origin, whatever Host says', async () => {
    const token = await enter(configured, SHOP);
    const { info, tradeNo } = await startPayment(configured, token, forged);
    expect(info.redirectUrl).toBe(`http://127.0.0.1:8123/#/order/stripe-pay?trade=${tradeNo}`);
    const { returnUrl, notifyUrl } = await addresses(configured, tradeNo);
    expect(notifyUrl).toBe('http://127.0.0.1:8123/new/consumer/pay/notify/sandbox');
    expect(returnUrl.startsWith('http://127.0.0.1:8123/#/order/allin-pay-callback?')).toBe(true);
  });

  it('uses the forwarded host and protocol when a trusted proxy sets them', async () => {
    const token = await enter(behindProxy, SHOP);
    const { info, tradeNo } = await startPayment(behindProxy, token, forged);
    expect(info.redirectUrl).toBe(`https://evil.example/#/order/stripe-pay?trade=${tradeNo}`);
    expect((await addresses(behindProxy, tradeNo)).notifyUrl).toBe(
      'https://evil.example/new/consumer/pay/notify/sandbox',
    );
  });

  it('defaults to the address npm start listens on', async () => {
    const h = await buildTestApp(kind, {
      seed: paymentSeed,
      clock,
      payments: { gateway: 'sandbox', sandboxDeliver: async () => 200 },
    });
    try {
      const token = await enter(h, SHOP);
      const { tradeNo } = await startPayment(h, token, forged);
      expect((await addresses(h, tradeNo)).notifyUrl).toBe(
        'http://localhost:8080/new/consumer/pay/notify/sandbox',
      );
    } finally {
      await h.close();
    }
  });
});

describe.each(testDatabases)('demo merchant keys outside demo mode on %s', (kind) => {
  const h = useTestApp(kind, { seed: false });
  const merchantOrders = async (app: { inject: TestApp['inject'] }, key: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/merchant/api/orders',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, language: 'en' },
      payload: '{}',
    });
    return { status: r.statusCode, body: r.json<{ result: boolean; message: string }>() };
  };
  const keyCount = async () => (await h.database.db.select({ n: count() }).from(merchantKeys))[0]!.n;

  it('seeds no demo key without demo mode, one per shop with it', async () => {
    await seedDatabase(h.database.db, fixtureSeed);
    expect(await keyCount()).toBe(0);
    await h.database.db.delete(merchantKeys);
    const fresh = await buildTestApp(kind, { seed: fixtureSeed, demoMode: true });
    try {
      const [{ n } = { n: 0 }] = await fresh.database.db.select({ n: count() }).from(merchantKeys);
      expect(n).toBe(fixtureSeed.shops.length);
    } finally {
      await fresh.close();
    }
  });

  it('refuses demo-merchant-1 outside demo mode, also where it was seeded, and takes it in demo mode', async () => {
    // A database first seeded in demo mode, now served with DEMO_MODE off.
    await h.database.db.insert(merchantKeys).values({
      shopId: 1,
      keyHash: hashMerchantKey('demo-merchant-1'),
      label: 'demo',
    });
    const refused = await merchantOrders(h, 'demo-merchant-1');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(
      expect.objectContaining({
        result: false,
        message:
          'The public demo merchant key works only in demo mode: issue a key with "npm run merchant-keys".',
      }),
    );
    const demo = await buildApp({ db: h.database.db, demoMode: true });
    try {
      expect((await merchantOrders(demo, 'demo-merchant-1')).status).toBe(200);
    } finally {
      await demo.close();
    }
  });
});

describe('the listen origin', () => {
  it('is the address the server prints: localhost for every interface, brackets for IPv6', () => {
    expect(listenOriginOf('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(listenOriginOf('::', 8080)).toBe('http://localhost:8080');
    expect(listenOriginOf('127.0.0.1', 4173)).toBe('http://127.0.0.1:4173');
    expect(listenOriginOf('::1', 8080)).toBe('http://[::1]:8080');
    expect(listenOriginOf('shop.lan', 80)).toBe('http://shop.lan:80');
  });
});

describe('the sandbox demo secret outside demo mode', () => {
  it('is refused by the configuration with DEMO_MODE off, unset or spelled out', () => {
    for (const env of [
      {},
      { SANDBOX_GATEWAY_SECRET: DEMO_SANDBOX_SECRET },
      { SANDBOX_GATEWAY_SECRET: ' ' },
    ]) {
      expect(() => paymentsConfigFromEnv(env, { demoMode: false })).toThrow(
        /^DEMO_MODE is off but the sandbox gateway would sign with its public demo secret: set SANDBOX_GATEWAY_SECRET/,
      );
    }
    expect(paymentsConfigFromEnv({}, { demoMode: true }).sandboxSecret).toBe(DEMO_SANDBOX_SECRET);
    expect(
      paymentsConfigFromEnv({ SANDBOX_GATEWAY_SECRET: 'a-long-random-secret' }, { demoMode: false })
        .sandboxSecret,
    ).toBe('a-long-random-secret');
    const stripe = { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(paymentsConfigFromEnv(stripe, { demoMode: false }).gateway).toBe('stripe');
  });

  it('stops the server with one line before it opens the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-demo-secret-'));
    try {
      const result = await run('node', ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DEMO_MODE: '0',
          SANDBOX_GATEWAY_SECRET: '',
          DATABASE_URL: '',
          DATA_DIR: dir,
          PORT: '0',
        },
        // Should the refusal ever be lost, the server would start: the time-out ends it for good.
        timeout: 30_000,
        killSignal: 'SIGKILL',
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^The storefront could not start: DEMO_MODE is off but the sandbox gateway would sign with its public demo secret/,
        ),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

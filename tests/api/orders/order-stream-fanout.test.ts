// One listener per app fans order changes out to the open live-status streams (docs/decisions.md
// K30-K34), on PGlite and (with TEST_DATABASE_URL) PostgreSQL: 200 idle streams of 200 customers cost
// about no statements; a merchant action wakes only its customer's stream, within 1 s, also when it goes
// through a second app on the same database; while the listener is down the hub sweeps for all streams
// in one statement, and once it is back it sweeps once; on PostgreSQL, a LISTEN connection killed by the
// server loses no event and the app carries on.
import { eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase, type OpenDatabase } from '../../../server/db/client';
import { LISTEN_APPLICATION_NAME, type NotificationHandlers } from '../../../server/db/notify';
import { orderEvents, orders } from '../../../server/db/schema';
import { RATE_LIMIT_OFF } from '../../../server/http/rate-limit';
import {
  ORDER_EVENTS_CHANNEL,
  OrderEventHub,
  type StreamWaker,
} from '../../../server/modules/orders/order-event-hub';
import { changeStatus } from '../../../server/modules/orders/order-status';
import type { EventsTicketInfo, OrderChangeEvent } from '../../../src/domain/api/order-life';
import { buildTestApp, createClock, testDatabases, type TestApp } from '../helpers';
import { SseReader, type SseEvent } from '../helpers/sse';
import { countStatements } from '../helpers/statements';
import { enter, NOON, pickupOrder, SHOP } from './order-fixture';
import { PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

const STREAMS = 200;
/** The statement each woken stream sends: its customer's rows after its cursor. */
const STREAM_READ = /from "order_events" inner join "orders"/;
const SWEEP = /max\("id"\) from "order_events"/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Customer {
  token: string;
  stream: SseReader;
}

describe.each(testDatabases)('live-status fan-out on %s', (kind) => {
  const clock = createClock(NOON);
  let h: TestApp;
  const aborts: AbortController[] = [];
  const extraApps: FastifyInstance[] = [];
  const extraDatabases: OpenDatabase[] = [];
  const customers: Customer[] = [];

  beforeAll(async () => {
    h = await buildTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const controller of aborts) controller.abort();
    for (const app of extraApps) await app.close();
    for (const database of extraDatabases) await database.close();
    await h?.close();
  });

  const baseOf = (app: FastifyInstance) => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };

  /** A customer of SHOP with a stream open on `app` (default the test app), once it is connected. */
  async function customerWithStream(app: FastifyInstance = h.app): Promise<Customer> {
    const token = await enter(h, SHOP);
    const r = await h.call<EventsTicketInfo>('order/eventsTicket', {}, { token });
    expect(r.body.result, r.body.message).toBe(true);
    const controller = new AbortController();
    aborts.push(controller);
    const url = `${baseOf(app)}/new/consumer/order/events?ticket=${encodeURIComponent(r.body.info.ticket)}`;
    const response = await fetch(url, { signal: controller.signal });
    expect(response.status).toBe(200);
    const stream = new SseReader(response);
    await stream.waitFor(() => stream.comments > 0);
    return { token, stream };
  }

  const orderEvent = (e: SseEvent) => JSON.parse(e.data) as OrderChangeEvent;

  /** A cash order paid at the counter (status pending), its event already seen by the customer's stream. */
  async function paidOrder({ token, stream }: Customer) {
    const order = await place(h, token, pickupOrder());
    const paid = await h.call('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash }, { token });
    expect(paid.body.result, paid.body.message).toBe(true);
    await stream.waitFor((list) => list.some((e) => orderEvent(e).orderId === order.id));
    return order;
  }

  const merchant = async (app: FastifyInstance, action: string, orderNo: string) => {
    const r = await app.inject({
      method: 'POST',
      url: `/merchant/api/${action}`,
      headers: { authorization: `Bearer demo-merchant-${SHOP}`, 'content-type': 'application/json' },
      payload: { orderNo },
    });
    expect(r.statusCode, r.body).toBe(200);
  };

  /** Runs `action` and waits for the stream's next order event; returns it and the time it took. */
  async function timedEvent(stream: SseReader, action: () => Promise<void>, timeoutMs = 1000) {
    const seen = stream.events.length;
    const started = Date.now();
    await action();
    const events = await stream.waitFor((list) => list.length > seen, timeoutMs);
    return { event: orderEvent(events[seen]!), ms: Date.now() - started };
  }

  it(`keeps ${STREAMS} idle streams of ${STREAMS} customers at about one statement a second`, async () => {
    for (let i = 0; i < STREAMS; i += 20)
      customers.push(...(await Promise.all(Array.from({ length: 20 }, () => customerWithStream()))));
    // The listener is up and its first sweep done.
    await sleep(500);
    const counter = countStatements(h.database.db);
    try {
      await sleep(3_000);
      expect(counter.count, counter.texts.join('\n')).toBeLessThanOrEqual(3);
    } finally {
      counter.restore();
    }
  }, 120_000);

  it("wakes only the customer's stream for a merchant action, within 1 s", async () => {
    const target = customers[STREAMS / 2]!;
    const order = await paidOrder(target);
    const counter = countStatements(h.database.db);
    try {
      const { event, ms } = await timedEvent(target.stream, () => merchant(h.app, 'accept', order.orderNo));
      expect(event).toEqual(expect.objectContaining({ orderId: order.id, status: 'confirmed' }));
      expect(ms).toBeLessThan(1000);
      await sleep(300);
      // One read by the one stream of that customer; the other 199 streams sent no statement.
      expect(counter.texts.filter((text) => STREAM_READ.test(text))).toHaveLength(1);
    } finally {
      counter.restore();
    }
    for (const other of [customers[0]!, customers[STREAMS - 1]!]) {
      await expect(other.stream.waitFor((events) => events.length > 0, 200)).rejects.toThrow('no such event');
    }
  });

  /** A second app on the same database, as another API process: its own pool and listener on PostgreSQL. */
  async function secondApp(settings: { listenRetryMs?: number; streamSweepMs?: number } = {}) {
    const database = h.database.url
      ? await openDatabase({
          kind: 'postgres',
          url: h.database.url,
          poolSize: 3,
          listenRetryMs: settings.listenRetryMs,
        })
      : null;
    if (database) extraDatabases.push(database);
    const app = await buildApp({
      db: database?.db ?? h.database.db,
      listen: database?.listen ?? h.database.listen,
      streamSweepMs: settings.streamSweepMs,
      now: clock.now,
      demoMode: true,
      rateLimit: RATE_LIMIT_OFF,
    });
    extraApps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  it('brings a change made through a second app to a stream on the first within 1 s', async () => {
    const other = await secondApp();
    const customer = await customerWithStream();
    const { stream } = customer;
    const first = await paidOrder(customer);
    const second = await paidOrder(customer);
    const steps: [string, number, string][] = [
      ['accept', first.id, first.orderNo],
      ['accept', second.id, second.orderNo],
      ['complete', first.id, first.orderNo],
    ];
    for (const [action, id, orderNo] of steps) {
      const { event, ms } = await timedEvent(stream, () => merchant(other, action, orderNo));
      expect(event.orderId).toBe(id);
      expect(ms).toBeLessThan(1000);
    }
  });

  it.runIf(kind === 'postgres')(
    'loses no event while its LISTEN connection is killed, and listens again',
    async () => {
      const admin = new pg.Client({ connectionString: h.database.url });
      await admin.connect();
      // The apps' listening connections that have run their LISTEN.
      const listeners = async () =>
        (
          await admin.query<{ pid: number }>(
            `select pid from pg_stat_activity
              where datname = current_database() and application_name = $1 and query = $2`,
            [LISTEN_APPLICATION_NAME, `LISTEN ${ORDER_EVENTS_CHANNEL}`],
          )
        ).rows.map((row) => row.pid);
      try {
        const others = (await listeners()).length;
        // This app waits 2 s before it reconnects and sweeps every 300 ms meanwhile.
        const other = await secondApp({ listenRetryMs: 2_000, streamSweepMs: 300 });
        const customer = await customerWithStream(other);
        const { stream } = customer;
        const order = await paidOrder(customer);
        const before = others + 1;
        await vi.waitFor(async () => expect((await listeners()).length).toBe(before));

        // Every app's listener dies; the change commits while none of them listens.
        await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          await listeners(),
        ]);
        const { event, ms } = await timedEvent(stream, () => merchant(h.app, 'accept', order.orderNo), 1500);
        expect(event).toEqual(expect.objectContaining({ orderId: order.id, status: 'confirmed' }));
        expect(ms).toBeLessThan(1500);

        // Back within its retry delay, and notifications carry the next change again.
        await vi.waitFor(async () => expect((await listeners()).length).toBe(before), {
          timeout: 5_000,
          interval: 100,
        });
        const after = await timedEvent(stream, () => merchant(h.app, 'complete', order.orderNo));
        expect(after.event.status).toBe('successed');
        expect(after.ms).toBeLessThan(1000);
        expect((await other.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await admin.end();
      }
    },
  );

  describe('the sweep', () => {
    // The apps' own hubs go quiet (no stream, no sweep), so every sweep counted here is the test's hub's.
    beforeAll(async () => {
      for (const controller of aborts) controller.abort();
      await sleep(300);
    });

    /** A stub LISTEN whose connection the test raises and drops by hand. */
    function stubListen() {
      let handlers: NotificationHandlers | null = null;
      return {
        listen: (_channel: string, given: NotificationHandlers) => {
          handlers = given;
          return { close: async () => undefined };
        },
        get handlers() {
          return handlers!;
        },
      };
    }

    async function newestId(): Promise<number> {
      const [row] = await h.database.db.select({ id: max(orderEvents.id) }).from(orderEvents);
      return row?.id ?? 0;
    }

    /** Streams of `count` customers ids (from 1e6 up, with no events) plus `real`, each counting wakes. */
    async function wakers(hub: OrderEventHub, real: number[], count: number) {
      const cursor = await newestId();
      const woken = new Map<number, number>();
      const ids = [...real, ...Array.from({ length: count }, (_, i) => 1_000_000 + i)];
      const leave = ids.map((customerId) => {
        const waker: StreamWaker = {
          customerId,
          cursor: () => cursor,
          wake: () => woken.set(customerId, (woken.get(customerId) ?? 0) + 1),
        };
        return hub.add(waker);
      });
      return { woken, leave: () => leave.forEach((fn) => fn()) };
    }

    /** A change of the customer's order committed without any listener hearing it. */
    async function unheardChange(token: string) {
      const order = await place(h, token, pickupOrder());
      await h.database.db.transaction((tx) =>
        changeStatus(tx, {
          orderId: order.id,
          from: ['nopay'],
          to: 'pending',
          actor: 'customer',
          action: 'settle',
          now: clock.now(),
          set: { settlement: 'counter' },
        }),
      );
      const [row] = await h.database.db
        .select({ customerId: orders.customerId })
        .from(orders)
        .where(eq(orders.id, order.id));
      return row!.customerId;
    }

    it('sweeps every sweepMs while the listener is down, in one statement for all streams', async () => {
      const token = await enter(h, SHOP);
      const stub = stubListen();
      const hub = new OrderEventHub({ db: h.database.db, listen: stub.listen, sweepMs: 200 });
      const counter = countStatements(h.database.db);
      try {
        const customerId = await unheardChange(token);
        const { woken, leave } = await wakers(hub, [customerId], STREAMS);
        // Registered after the change, with a cursor past it: nothing to wake for yet.
        await sleep(500);
        expect([...woken.keys()]).toEqual([]);
        const idle = await unheardChange(token);
        expect(idle).toBe(customerId);
        await vi.waitFor(() => expect(woken.get(customerId)).toBeGreaterThanOrEqual(1), {
          timeout: 1000,
          interval: 20,
        });
        expect(woken.size).toBe(1);
        counter.reset();
        await sleep(1_000);
        const sweeps = counter.texts.filter((text) => SWEEP.test(text));
        expect(sweeps.length).toBeGreaterThanOrEqual(3);
        expect(sweeps.length).toBeLessThanOrEqual(6);
        expect(counter.count).toBe(sweeps.length);
        leave();
      } finally {
        counter.restore();
        await hub.close();
      }
    });

    it('sweeps once when the listener is back, waking the streams that missed a change', async () => {
      const token = await enter(h, SHOP);
      const stub = stubListen();
      // No timed sweep within the test: only the one owed when the listener comes back.
      const hub = new OrderEventHub({ db: h.database.db, listen: stub.listen, sweepMs: 60_000 });
      const counter = countStatements(h.database.db);
      try {
        const customerId = await unheardChange(token);
        const { woken, leave } = await wakers(hub, [customerId], STREAMS);
        stub.handlers.onReady();
        await sleep(200);
        expect(woken.size).toBe(0);

        stub.handlers.onLost(new Error('terminated'));
        await unheardChange(token);
        counter.reset();
        stub.handlers.onReady();
        await vi.waitFor(() => expect(woken.get(customerId)).toBe(1), { timeout: 1000, interval: 20 });
        expect(woken.size).toBe(1);
        expect(counter.texts.filter((text) => SWEEP.test(text))).toHaveLength(1);

        // Up again: a notification wakes its customer's streams at once, without a statement.
        counter.reset();
        stub.handlers.onNotify(String(customerId));
        stub.handlers.onNotify('not a customer');
        expect(woken.get(customerId)).toBe(2);
        expect(woken.size).toBe(1);
        expect(counter.count).toBe(0);
        leave();
      } finally {
        counter.restore();
        await hub.close();
      }
    });
  });
});

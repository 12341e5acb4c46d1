// A failing database never takes the process down or hangs it (decisions S20-S26). Everywhere: a database
// that refuses connections answers 503 envelopes in the request's language with Retry-After, and /healthz
// says "down" within its deadline. On PostgreSQL (TEST_DATABASE_URL): backends terminated again and again
// under a load of order submits leave the process alive, every request ended within 5 s, no partial order
// and exact stock; a table held in an exclusive lock makes calls fail fast with 503 while /healthz answers
// at once; start-up migrations are not cut by the API's timeouts.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import * as schema from '../../../server/db/schema';
import { MIGRATION_LOCK_KEY, openDatabase, type Database } from '../../../server/db/client';
import { translate } from '../../../server/i18n';
import { apiPath } from '../../../src/domain/api/envelope';
import type { EventsTicketInfo } from '../../../src/domain/api/order-life';
import { LOCALES, type Locale } from '../../../src/domain/enums';
import { buildTestApp, createClock, testDatabases, type TestApp } from '../helpers';
import { enter, NOON, orderSeed, P, pickupOrder, shop80, SHOP } from '../orders/order-fixture';

/** Fails the test on what used to end the process: an 'error' event of a pg client nobody listened to. */
function watchProcess() {
  const crashes: unknown[] = [];
  const record = (error: unknown) => crashes.push(error);
  beforeEach(() => {
    crashes.length = 0;
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });
  return crashes;
}

const post = (app: TestApp['app'], path: string, body: unknown, headers: Record<string, string> = {}) => {
  const [area, action] = path.split('/');
  return app.inject({
    method: 'POST',
    url: apiPath(area!, action!),
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
};

/** A reply is the 503 envelope of a database that is out of reach, in `locale`, with Retry-After. */
function expectUnavailable(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  locale: Locale = 'en',
) {
  expect(response.statusCode).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    result: false,
    info: null,
    message: translate(locale, 'service.unavailable'),
  });
}

describe('a database that refuses connections', () => {
  const crashes = watchProcess();
  let app: TestApp['app'];
  let pool: pg.Pool;

  beforeAll(async () => {
    // Port 1 on the loopback: nothing listens, every connect is refused at once.
    pool = new pg.Pool({
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      connectionTimeoutMillis: 500,
    });
    app = await buildApp({ db: drizzle({ client: pool, schema }) as unknown as Database });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('answers 503 envelopes in every language, with Retry-After', async () => {
    for (const locale of LOCALES) {
      const r = await post(app, 'store/detail', { appId: SHOP }, { language: locale });
      expectUnavailable(r, locale);
    }
    const withToken = await post(app, 'order/list', {}, { token: 'some-token', language: 'fr' });
    expectUnavailable(withToken, 'fr');
    expect(crashes).toEqual([]);
  });

  it('has /healthz report the database down within its deadline', async () => {
    const started = Date.now();
    const r = await app.inject({ method: 'GET', url: '/healthz' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});

// PostgreSQL's /healthz is checked under load and under a lock below.
describe('/healthz on PGlite', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await buildTestApp('pglite', { seed: false });
  });
  afterAll(async () => h.close());

  it('says the database is up', async () => {
    const r = await h.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

const postgresOnly = testDatabases.includes('postgres') ? describe : describe.skip;

/** Shop 80 with the flash deal stocked for a long load. */
const STOCK = 100_000;
const loadSeed = {
  ...orderSeed,
  shops: orderSeed.shops.map((shop) =>
    shop.id !== SHOP
      ? shop
      : {
          ...shop80,
          products: shop80.products.map((p) => (p.id === P.flash ? { ...p, stock: STOCK } : p)),
        },
  ),
};
const flashOrder = () => pickupOrder({ products: [{ id: P.flash, quantity: 1, tastes: [], mealset: [] }] });

/** Small limits keep the faults quick to reach; production's defaults are larger (README). */
const LIMITS = { poolSize: 5, acquireTimeoutMs: 1_000, statementTimeoutMs: 1_500, lockTimeoutMs: 800 };

async function adminOf(h: TestApp): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: h.database.url });
  await admin.connect();
  return admin;
}

postgresOnly('PostgreSQL connections terminated during a load of order submits', () => {
  const crashes = watchProcess();
  let h: TestApp;
  let admin: pg.Client;
  let tokens: string[];

  beforeAll(async () => {
    h = await buildTestApp('postgres', {
      seed: loadSeed,
      clock: createClock(NOON),
      demoMode: true,
      postgres: LIMITS,
      // The sweeper runs through the faults too: its failures must not escape either.
      sweepIntervalMs: 200,
    });
    admin = await adminOf(h);
    tokens = await Promise.all(Array.from({ length: 8 }, () => enter(h, SHOP)));
  });
  afterAll(async () => {
    await admin?.end();
    await h?.close();
  });

  /** One worker: submits until `until`, recording each outcome and how long it took. */
  async function submitUntil(token: string, locale: Locale, until: number) {
    const outcomes: { ok: boolean; ms: number }[] = [];
    while (Date.now() < until) {
      const started = Date.now();
      const r = await post(h.app, 'order/confirm', flashOrder(), { token, language: locale });
      const ms = Date.now() - started;
      if (r.statusCode === 200) expect(r.json(), r.body).toMatchObject({ result: true });
      else expectUnavailable(r, locale);
      outcomes.push({ ok: r.statusCode === 200, ms });
    }
    return outcomes;
  }

  it('survives, ends every request within 5 s, writes no partial order and recovers', async () => {
    const until = Date.now() + 3_000;
    let terminated = 0;
    const killer = (async () => {
      while (Date.now() < until) {
        const r = await admin.query(
          `select pg_terminate_backend(pid) as killed from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
        );
        terminated += r.rows.filter((row: { killed: boolean }) => row.killed).length;
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
    })();
    const workers = tokens.map((token, i) => submitUntil(token, LOCALES[i % LOCALES.length]!, until));
    const outcomes = (await Promise.all([...workers, killer.then(() => [])])).flat();

    expect(crashes).toEqual([]);
    expect(terminated).toBeGreaterThan(5);
    expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThan(0);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(5_000);
    // Every request has ended, so every pooled client is back: a client lost on each failed BEGIN would
    // starve the pool until nothing recovers.
    const pool = (h.database.db as unknown as { $client: pg.Pool }).$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);

    // No partial order: every order has its line, and the stock went down by exactly what the orders hold
    // (a submit whose reply was lost may still have committed, so the rows count, not the replies).
    const { rows: bare } = await admin.query(
      `select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
    );
    expect(bare).toEqual([]);
    const { rows: held } = await admin.query<{ sold: string; orders: string }>(
      `select coalesce(sum(l.quantity), 0) as sold, count(distinct o.id) as orders
         from orders o join order_lines l on l.order_id = o.id where l.product_id = $1`,
      [P.flash],
    );
    const { rows: stock } = await admin.query<{ stock: number }>('select stock from products where id = $1', [
      P.flash,
    ]);
    expect(STOCK - stock[0]!.stock).toBe(Number(held[0]!.sold));
    expect(Number(held[0]!.orders)).toBeGreaterThanOrEqual(outcomes.filter((o) => o.ok).length);

    // The database is back: every customer orders again and /healthz says so.
    for (const token of tokens) {
      const r = await post(h.app, 'order/confirm', flashOrder(), { token, language: 'en' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ result: true });
    }
    const health = await h.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
    expect(crashes).toEqual([]);
  });
});

postgresOnly('PostgreSQL tables held in an exclusive lock (and start-up migrations)', () => {
  const crashes = watchProcess();
  let h: TestApp;
  let admin: pg.Client;
  let token: string;
  let ticket: string;
  const MARGIN_MS = 1_500;

  beforeAll(async () => {
    h = await buildTestApp('postgres', {
      seed: orderSeed,
      clock: createClock(NOON),
      demoMode: true,
      postgres: LIMITS,
    });
    token = await enter(h, SHOP);
    const r = await h.call<EventsTicketInfo>('order/eventsTicket', {}, { token, language: 'en' });
    ticket = r.body.info.ticket;
    admin = await adminOf(h);
    await admin.query('begin');
    // A test that fails half-way never leaves the lock behind for longer than the 15 s it is about.
    await admin.query(`set local idle_in_transaction_session_timeout = '15s'`);
    await admin.query('lock table products, orders, order_events in access exclusive mode');
  });
  afterAll(async () => {
    await admin?.query('rollback').catch(() => undefined);
    await admin?.end().catch(() => undefined);
    await h?.close();
  });

  /** Runs `call` and returns its reply and how long it took. */
  async function timed<T>(call: () => Promise<T>): Promise<{ reply: T; ms: number }> {
    const started = Date.now();
    const reply = await call();
    return { reply, ms: Date.now() - started };
  }

  it('fails calls that touch them fast with 503, not after the lock is gone', async () => {
    const calls = await Promise.all([
      timed(() => post(h.app, 'store/products', {}, { token, language: 'zh-TW' })),
      timed(() => post(h.app, 'order/confirm', pickupOrder(), { token, language: 'es' })),
      timed(() => post(h.app, 'order/list', {}, { token, language: 'en' })),
    ]);
    expectUnavailable(calls[0]!.reply, 'zh-TW');
    expectUnavailable(calls[1]!.reply, 'es');
    expectUnavailable(calls[2]!.reply, 'en');
    for (const { ms } of calls) expect(ms).toBeLessThan(LIMITS.lockTimeoutMs + MARGIN_MS);
    expect(crashes).toEqual([]);
  });

  it('cuts a lock wait by the statement timeout when no lock timeout is set', async () => {
    const other = await openDatabase({
      kind: 'postgres',
      url: h.database.url!,
      statementTimeoutMs: 600,
      lockTimeoutMs: 0,
    });
    const app = await buildApp({ db: other.db, now: h.clock.now, databaseReachable: other.reachable });
    try {
      const { reply, ms } = await timed(() => post(app, 'order/list', {}, { token, language: 'fr' }));
      expectUnavailable(reply, 'fr');
      expect(ms).toBeLessThan(600 + MARGIN_MS);
    } finally {
      await app.close();
      await other.close();
    }
  });

  it('gives up by the driver query timeout when the server sets no timeout at all', async () => {
    const other = await openDatabase({
      kind: 'postgres',
      url: h.database.url!,
      statementTimeoutMs: 0,
      lockTimeoutMs: 0,
      queryTimeoutMs: 500,
    });
    const app = await buildApp({ db: other.db, now: h.clock.now, databaseReachable: other.reachable });
    try {
      const calls = await Promise.all([
        timed(() => post(app, 'order/list', {}, { token, language: 'zh-CN' })),
        timed(() => post(app, 'order/confirm', pickupOrder(), { token, language: 'en' })),
      ]);
      expectUnavailable(calls[0]!.reply, 'zh-CN');
      expectUnavailable(calls[1]!.reply, 'en');
      // A transaction gives up on its statement, then on its ROLLBACK queued behind it.
      for (const { ms } of calls) expect(ms).toBeLessThan(2 * 500 + MARGIN_MS);
    } finally {
      await app.close();
      await other.close();
    }
  });

  it('answers /healthz at once: the database itself is reachable', async () => {
    const { reply, ms } = await timed(() => h.inject({ method: 'GET', url: '/healthz' }));
    expect(ms).toBeLessThan(500);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok', database: 'up' });
  });

  // A fresh stream starts at its ticket's cursor (decision Q50), so it reads nothing before it opens: like a
  // resumed one, its first read fails and it ends, and the browser reconnects; never an open silence.
  for (const [kind, query] of [
    ['fresh', ''],
    ['resumed', '&lastEventId=1'],
  ] as const) {
    it(`ends a ${kind} live-status stream whose read fails, so the browser reconnects`, async () => {
      const { reply, ms } = await timed(() =>
        h.inject({
          method: 'GET',
          url: `${apiPath('order', 'events')}?ticket=${encodeURIComponent(ticket)}${query}`,
        }),
      );
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('retry:');
      expect(ms).toBeLessThan(LIMITS.lockTimeoutMs + MARGIN_MS);
    });
  }

  it('lets start-up migrations wait for another process migrating longer than the statement timeout', async () => {
    const migrator = await adminOf(h);
    try {
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const opening = openDatabase({
        kind: 'postgres',
        url: h.database.url!,
        statementTimeoutMs: 300,
        lockTimeoutMs: 200,
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      const opened = await opening;
      await opened.close();
    } finally {
      await migrator.end();
    }
  });
});

// Two real API processes behind nginx (Debian's package) on one fresh PostgreSQL database: a customer's
// live-status stream on one process sees a merchant action made through the other, and the rate limits,
// the catalogue and session caches and order idempotency hold across both. Needs nginx and
// TEST_DATABASE_URL; without them the suite is skipped with a message, unless CI or REQUIRE_E2E=1 demands
// it (.ci/run installs nginx), which then fails.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, nginxSite, startCluster, type Cluster } from '../../scripts/cluster';
import { RATE_RULES } from '../../server/http/rate-limit';
import { apiPath } from '../../src/domain/api/envelope';

const nginx = findNginx();
const adminUrl = process.env.TEST_DATABASE_URL;
const required = process.env.REQUIRE_E2E === '1' || Boolean(process.env.CI);
const missing = [
  nginx ? null : 'no nginx binary (install Debian\'s "nginx" package)',
  adminUrl ? null : 'TEST_DATABASE_URL is not set',
].filter((reason): reason is string => reason !== null);
if (missing.length > 0 && !required)
  console.warn(`Scale-out test SKIPPED: ${missing.join('; ')}. CI and REQUIRE_E2E=1 make this a failure.`);

/** Bun & Flame (demo shop 1) at noon in Shanghai: open for pickup. */
const SHOP = 1;
const CLOCK_START = '2026-03-02T04:00:00Z';
const BURGER = 1101; // untracked stock, no required taste
const NO_CUTLERY = 1151; // the shop's must-pick category
const MEMBER = { phone: '13800000001', payPassword: '246810' };
const PAY_TYPE = { Cash: 2, VIP: 4 } as const;
const RATE_LIMIT_SCALE = 0.5;
const SESSION_CACHE_MS = 1_000;

interface Reply<T = Record<string, unknown>> {
  status: number;
  etag: string | null;
  body: { result: boolean; info: T; message: string };
}

async function call<T = Record<string, unknown>>(
  base: string,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const [area, action] = path.split('/');
  const response = await fetch(`${base}${apiPath(area!, action!)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body: text ? JSON.parse(text) : { result: false, info: null, message: '' },
  };
}

const pickupOrder = (payType: 'Cash' | 'VIP') => ({
  idempotencyKey: randomUUID(),
  type: 'selfPickup',
  payType,
  payTypeId: PAY_TYPE[payType],
  products: [
    { id: BURGER, quantity: 1, tastes: [], mealset: [] },
    { id: NO_CUTLERY, quantity: 1, tastes: [], mealset: [] },
  ],
  pickerName: 'Zhang San',
  pickerPhone: '13700001111',
  pickupTime: { date: '2026-03-02', time: '13:00' },
});

/** Reads server-sent events until one matches or the time runs out. */
async function waitForEvent(
  response: Response,
  matches: (data: Record<string, unknown>) => boolean,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + timeoutMs;
  let buffer = '';
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0)
      throw new Error(`no matching event within ${timeoutMs} ms; read ${JSON.stringify(buffer)}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
    ]);
    if (chunk === null) continue;
    if (chunk.done) throw new Error(`the stream ended; read ${JSON.stringify(buffer)}`);
    buffer += decoder.decode(chunk.value, { stream: true });
    // The last piece may be a line still arriving.
    for (const line of buffer.split('\n').slice(0, -1)) {
      if (!line.startsWith('data: ')) continue;
      const data = JSON.parse(line.slice('data: '.length)) as Record<string, unknown>;
      if (matches(data)) return data;
    }
  }
}

/** Waits for the stream's `: connected` comment, so it is listening before anything changes. */
async function connected(response: Response): Promise<Response> {
  expect(response.status).toBe(200);
  const [mine, forReading] = response.body!.tee();
  const reader = mine.getReader();
  let text = '';
  while (!text.includes(': connected')) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error('the stream ended before it connected');
    text += new TextDecoder().decode(chunk.value);
  }
  void reader.cancel();
  return new Response(forReading);
}

describe.skipIf(missing.length > 0 && !required)('two API processes behind nginx on one PostgreSQL', () => {
  let cluster: Cluster;
  let A: string;
  let B: string;
  let proxy: string;
  let database: pg.Client;
  const streams: AbortController[] = [];

  beforeAll(async () => {
    if (missing.length > 0)
      throw new Error(`The scale-out test must run here but cannot: ${missing.join('; ')}`);
    cluster = await startCluster({
      adminUrl: adminUrl!,
      name: 'storefront_scale',
      nginx,
      env: {
        CLOCK_START,
        RATE_LIMIT_SCALE: String(RATE_LIMIT_SCALE),
        SESSION_CACHE_MS: String(SESSION_CACHE_MS),
      },
    });
    [A, B] = cluster.processes.map((p) => p.base) as [string, string];
    proxy = cluster.proxy!.base;
    database = new pg.Client({ connectionString: cluster.databaseUrl });
    await database.connect();
  }, 90_000);

  afterAll(async () => {
    for (const stream of streams) stream.abort();
    await database?.end();
    await cluster?.stop();
  }, 30_000);

  /** Adds the processes' output to a failure: what they logged is usually why. */
  const explain = (what: string) =>
    `${what}\n--- process A ---\n${cluster.processes[0]!.output()}\n--- process B ---\n${cluster.processes[1]!.output()}`;

  async function enter(base: string, headers: Record<string, string> = {}): Promise<string> {
    const entered = await call<{ token: string }>(base, 'user/h5entry', { id: SHOP }, headers);
    expect(entered.body.result, explain(entered.body.message)).toBe(true);
    return entered.body.info.token;
  }

  it('counts a client address once across both processes: its next call is 429 on either', async () => {
    const limit = Math.round(RATE_RULES.entry.perAddress * RATE_LIMIT_SCALE);
    const client = { 'x-forwarded-for': '198.51.100.23' };
    // The windows are fixed minutes of the server clock: start early in one so all calls share it.
    const probe = await call<{ expiresAt: string }>(
      A,
      'user/h5entry',
      { id: SHOP },
      {
        'x-forwarded-for': '198.51.100.99',
      },
    );
    const serverNow = Date.parse(probe.body.info.expiresAt) - 24 * 3_600_000;
    const intoWindow = serverNow % 60_000;
    if (intoWindow > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoWindow));

    for (let i = 0; i < limit; i++) {
      const reply = await call(i % 2 === 0 ? A : B, 'user/h5entry', { id: SHOP }, client);
      expect(reply.status, explain(`call ${i + 1}: ${reply.body.message}`)).toBe(200);
    }
    // Through nginx: it appends the peer to X-Forwarded-For and the processes take the nearest address
    // that is not the trusted proxy, so the client is counted, not nginx.
    const overProxy = await call(proxy, 'user/h5entry', { id: SHOP }, client);
    expect(overProxy.status, overProxy.body.message).toBe(429);
    for (const base of [A, B])
      expect((await call(base, 'user/h5entry', { id: SHOP }, client)).status).toBe(429);
    const neighbour = await call(proxy, 'user/h5entry', { id: SHOP }, { 'x-forwarded-for': '198.51.100.24' });
    expect(neighbour.status).toBe(200);
  });

  it('a merchant action made through process B reaches streams open on process A and through nginx', async () => {
    const anonymous = await enter(proxy);
    const sent = await call<{ code: string }>(
      proxy,
      'user/sendSmsCode',
      { phone: MEMBER.phone },
      {
        token: anonymous,
      },
    );
    expect(sent.body.result, sent.body.message).toBe(true);
    const login = await call<{ token: string }>(
      proxy,
      'user/h5Login',
      { phone: MEMBER.phone, code: sent.body.info.code },
      { token: anonymous },
    );
    expect(login.body.result, login.body.message).toBe(true);
    const token = login.body.info.token;

    const placed = await call<{ order: { id: number; orderNo: string } }>(
      proxy,
      'order/confirm',
      pickupOrder('VIP'),
      {
        token,
      },
    );
    expect(placed.body.result, explain(placed.body.message)).toBe(true);
    const { id, orderNo } = placed.body.info.order;
    const paid = await call(
      proxy,
      'order/pay',
      { id, payTypeId: PAY_TYPE.VIP, payPassword: MEMBER.payPassword },
      { token },
    );
    expect(paid.body.result, paid.body.message).toBe(true);

    const open = async (base: string) => {
      const ticket = await call<{ ticket: string }>(proxy, 'order/eventsTicket', {}, { token });
      expect(ticket.body.result, ticket.body.message).toBe(true);
      const controller = new AbortController();
      streams.push(controller);
      const url = `${base}/new/consumer/order/events?ticket=${encodeURIComponent(ticket.body.info.ticket)}`;
      return connected(await fetch(url, { signal: controller.signal }));
    };
    const onA = await open(A);
    const throughProxy = await open(proxy);

    const started = Date.now();
    const accepted = await fetch(`${B}/merchant/api/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer demo-merchant-${SHOP}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderNo }),
    });
    const acceptedBody = (await accepted.json()) as { info: { order: { status: string } }; message: string };
    expect(accepted.status, acceptedBody.message).toBe(200);
    const status = acceptedBody.info.order.status;
    const isAccept = (data: Record<string, unknown>) => data.orderNo === orderNo && data.status === status;
    const [eventOnA, eventThroughProxy] = await Promise.all([
      waitForEvent(onA, isAccept, 3_000),
      waitForEvent(throughProxy, isAccept, 3_000),
    ]);
    expect(Date.now() - started).toBeLessThanOrEqual(3_000);
    expect(eventOnA.orderId).toBe(id);
    expect(eventThroughProxy.orderId).toBe(id);
  });

  it('serves a catalogue change made in the database from both processes within 1 s', async () => {
    const token = await enter(proxy);
    const burgerPrice = async (base: string, headers: Record<string, string> = {}) => {
      const menu = await call<{ list: { id: number; price: number }[] }>(
        base,
        'store/products',
        {},
        {
          token,
          ...headers,
        },
      );
      return { menu, price: menu.body.info?.list?.find((p) => p.id === BURGER)?.price };
    };
    const before = await burgerPrice(A);
    expect((await burgerPrice(B)).price).toBe(before.price);
    // The version is the database's, so one process's ETag is the other's.
    const revalidated = await burgerPrice(B, { 'if-none-match': before.menu.etag! });
    expect(revalidated.menu.status).toBe(304);

    await database.query('update products set price = price + 100 where id = $1', [BURGER]);
    const changedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() - changedAt)));
    const [onA, onB] = await Promise.all([
      burgerPrice(A),
      burgerPrice(B, { 'if-none-match': before.menu.etag! }),
    ]);
    expect(onA.price).toBe(before.price! + 100);
    expect(onB.menu.status).toBe(200);
    expect(onB.price).toBe(before.price! + 100);
  });

  it('serves a sold-out product from both processes within 1 s, and its return as well', async () => {
    const token = await enter(proxy);
    const burgerState = async (base: string) => {
      const menu = await call<{ list: { id: number; state: number }[] }>(
        base,
        'store/products',
        {},
        { token },
      );
      return menu.body.info?.list?.find((p) => p.id === BURGER)?.state;
    };
    const bothAfterOneSecond = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return Promise.all([burgerState(A), burgerState(B)]);
    };
    expect([await burgerState(A), await burgerState(B)]).toEqual([0, 0]);
    await database.query('update products set state = 1 where id = $1', [BURGER]);
    try {
      expect(await bothAfterOneSecond()).toEqual([1, 1]);
    } finally {
      await database.query('update products set state = 0 where id = $1', [BURGER]);
    }
    // The later tests order the burger: both processes sell it again.
    expect(await bothAfterOneSecond()).toEqual([0, 0]);
  });

  it('honours a logout made through one process in the other within SESSION_CACHE_MS', async () => {
    const token = await enter(A);
    // B keeps the session it found in its cache.
    expect((await call(B, 'store/userInfo', {}, { token })).status).toBe(200);
    expect((await call(A, 'user/logout', {}, { token })).body.result).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 100));
    expect((await call(B, 'store/userInfo', {}, { token })).status).toBe(401);
    expect((await call(A, 'store/userInfo', {}, { token })).status).toBe(401);
  });

  it('makes one order of one idempotency key sent to both processes at once', async () => {
    for (let round = 0; round < 3; round++) {
      const token = await enter(proxy);
      const order = pickupOrder('Cash');
      const [onA, onB] = await Promise.all([
        call<{ order: { id: number }; replayed: boolean }>(A, 'order/confirm', order, { token }),
        call<{ order: { id: number }; replayed: boolean }>(B, 'order/confirm', order, { token }),
      ]);
      expect(onA.body.result, explain(onA.body.message)).toBe(true);
      expect(onB.body.result, explain(onB.body.message)).toBe(true);
      expect(onA.body.info.order.id).toBe(onB.body.info.order.id);
      expect([onA.body.info.replayed, onB.body.info.replayed].sort()).toEqual([false, true]);
      const { rows } = await database.query<{ orders: number }>(
        'select count(*)::int as orders from orders where customer_id = (select customer_id from orders where id = $1)',
        [onA.body.info.order.id],
      );
      expect(rows[0]!.orders).toBe(1);
    }
  });
});

describe('the README nginx setup', () => {
  it('is the configuration the scale-out test runs', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const site = nginxSite({
      listen: '80',
      upstreams: ['127.0.0.1:8081', '127.0.0.1:8082', '127.0.0.1:8083'],
    });
    expect(readme).toContain(site);
  });
});

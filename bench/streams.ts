// `npm run bench:streams`: what idle live-status streams cost one API process (docs/decisions.md K35).
// Builds the API on PGlite in memory, or on a fresh PostgreSQL database from DATABASE_URL (dropped
// afterwards), seeds the demo shops, makes one customer per five streams (the per-customer cap) in Bun &
// Flame, opens the streams over HTTP, and prints the statements the process sends while they sit idle, then
// how long a merchant's `accept` takes to reach its customer's stream and what it cost. The client runs in
// the same process (it only holds sockets open). Prints figures only; it never fails on a target.
//
//   [DATABASE_URL=postgres://…] npm run bench:streams -- [--streams 5000] [--seconds 10]
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase, type OpenDatabase } from '../server/db/client';
import { RATE_LIMIT_OFF } from '../server/http/rate-limit';
import { chains, shops } from '../server/seed/index';
import { seedDatabase } from '../server/seed/seeder';
import { apiPath } from '../src/domain/api/envelope';
import { countStatements } from '../tests/api/helpers/statements';
import { positive } from './cli';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
  },
});

const STREAMS = positive('streams', args.streams, 50_000);
const IDLE_MS = positive('seconds', args.seconds, 3_600) * 1000;
const PER_CUSTOMER = 5;
const BATCH = 100;
/** Bun & Flame at noon in Shanghai on a Monday, as bench:peak: open, pickups taken for tomorrow. */
const SHOP = 1;
const CLOCK_START = Date.parse('2026-03-02T04:00:00Z');
const BURGER = 1101;
const NO_CUTLERY = 1151;
const CASH = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PGlite in memory, or a fresh database on the PostgreSQL server of `url`, dropped by close(). */
async function database(url: string | undefined): Promise<{ opened: OpenDatabase; close(): Promise<void> }> {
  if (!url) {
    const opened = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    return { opened, close: () => opened.close() };
  }
  const name = `storefront_bench_streams_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const opened = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    opened,
    close: async () => {
      await opened.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Runs `work` for 0..count-1, `BATCH` at a time. */
async function inBatches<T>(count: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i += BATCH)
    results.push(
      ...(await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => work(i + j)))),
    );
  return results;
}

interface OpenStream {
  customer: number;
  /** Resolves with the next `event: order` block the stream receives after the call. */
  nextEvent(): Promise<string>;
}

/** Opens a stream and resolves once the server has written its first lines. */
async function openStream(url: string, customer: number, signal: AbortSignal): Promise<OpenStream> {
  const response = await fetch(url, { signal });
  if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next: { waiting: ((block: string) => void) | null } = { waiting: null };
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      connected();
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes('event: order')) next.waiting?.(block);
      }
    }
  })();
  await ready;
  return { customer, nextEvent: () => new Promise((resolve) => (next.waiting = resolve)) };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL?.trim() || undefined;
  const db = await database(url);
  const { opened } = db;
  await seedDatabase(opened.db, { chains, shops }, { demoMode: true });
  const offset = CLOCK_START - Date.now();
  const app = await buildApp({
    db: opened.db,
    listen: opened.listen,
    now: () => new Date(Date.now() + offset),
    demoMode: true,
    rateLimit: RATE_LIMIT_OFF,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const controller = new AbortController();
  // One signal ends every stream at the end.
  setMaxListeners(0, controller.signal);
  try {
    const call = async (path: string, body: unknown, token?: string) => {
      const [area, action] = path.split('/');
      const r = await app.inject({
        method: 'POST',
        url: apiPath(area!, action!),
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        payload: JSON.stringify(body),
      });
      const reply = r.json() as { result: boolean; message: string; info: Record<string, unknown> };
      if (!reply.result) throw new Error(`${path}: ${reply.message}`);
      return reply.info;
    };
    const customers = Math.ceil(STREAMS / PER_CUSTOMER);
    let started = Date.now();
    const sessions = await inBatches(customers, async () => {
      const token = (await call('user/h5entry', { id: SHOP })).token as string;
      const ticket = (await call('order/eventsTicket', {}, token)).ticket as string;
      return { token, ticket };
    });
    console.log(`${customers} customers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    started = Date.now();
    const rssBefore = process.memoryUsage().rss;
    const streams = await inBatches(STREAMS, (i) => {
      const customer = Math.floor(i / PER_CUSTOMER);
      const ticket = encodeURIComponent(sessions[customer]!.ticket);
      return openStream(`${base}${apiPath('order', 'events')}?ticket=${ticket}`, customer, controller.signal);
    });
    const rssPerStream = (process.memoryUsage().rss - rssBefore) / STREAMS;
    console.log(`${STREAMS} streams open in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The opening reads and the listener's first sweep are done.
    await sleep(1_000);

    const counter = countStatements(opened.db);
    await sleep(IDLE_MS);
    const idle = counter.count;

    // One customer's order, paid at the counter, then accepted by the merchant.
    const { token } = sessions[0]!;
    const placed = await call(
      'order/confirm',
      {
        idempotencyKey: randomUUID(),
        type: 'selfPickup',
        payType: 'Cash',
        payTypeId: CASH,
        products: [BURGER, NO_CUTLERY].map((id) => ({ id, quantity: 1, tastes: [], mealset: [] })),
        pickerName: 'Stream bench',
        pickerPhone: '13700001111',
        pickupTime: { date: '2026-03-03', time: '12:00' },
      },
      token,
    );
    const order = placed.order as { id: number; orderNo: string };
    const paidEvent = streams[0]!.nextEvent();
    await call('order/pay', { id: order.id, payTypeId: CASH }, token);
    await paidEvent;
    const acceptedEvent = streams[0]!.nextEvent();
    counter.reset();
    const acceptStarted = Date.now();
    const accepted = await app.inject({
      method: 'POST',
      url: '/merchant/api/accept',
      headers: { authorization: `Bearer demo-merchant-${SHOP}`, 'content-type': 'application/json' },
      payload: { orderNo: order.orderNo },
    });
    if (accepted.statusCode !== 200) throw new Error(`merchant accept: ${accepted.body}`);
    await acceptedEvent;
    const acceptMs = Date.now() - acceptStarted;
    await sleep(500);
    const streamReads = counter.texts.filter((text) => /from "order_events" inner join "orders"/.test(text));
    counter.restore();

    console.log(`\nlive-status streams on ${opened.kind}, one process`);
    console.log(`  idle streams                 ${STREAMS} (${customers} customers, ${PER_CUSTOMER} each)`);
    console.log(
      `  statements while idle        ${idle} in ${IDLE_MS / 1000} s = ${(idle / (IDLE_MS / 1000)).toFixed(2)}/s (target ≤ 1/s)`,
    );
    console.log(`  merchant accept → event      ${acceptMs} ms (target ≤ 1000 ms)`);
    console.log(
      `  stream reads it caused       ${streamReads.length} (the customer's ${PER_CUSTOMER} streams)`,
    );
    console.log(
      `  memory per open stream       ${(rssPerStream / 1024).toFixed(1)} KiB RSS (client and server)`,
    );
  } finally {
    controller.abort();
    await app.close();
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:streams failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

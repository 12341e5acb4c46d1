// `npm run bench:peak`: a chain's lunch peak against PostgreSQL. Creates a fresh database from
// DATABASE_URL (dropped afterwards), seeds the demo shops plus one member per virtual customer in Bun &
// Flame (shop 1), starts two server processes (`server/main.ts`, rate limits off: every customer comes
// from this machine) and nginx in front of them when it is installed (else the client alternates between
// the two ports), then runs N virtual customers with a bounded number in flight. Each customer:
//   entry    user/h5entry                       a new browser in the shop
//   menu     store/products                     the whole menu
//   price    store/checkStock                   the confirm page's server check of the cart; the cart's
//                                               price is worked out by src/pricing in the browser (no API
//                                               call prices a cart) and again by the server in order/confirm
//   sms      user/sendSmsCode                   (member-card pay only) the demo code comes in the reply
//   login    user/h5Login
//   submit   order/confirm                      self pickup: a burger (untracked stock) and "no cutlery"
//   pay      order/pay                          member card with the member's pay password, or --pay cash
// A customer whose step fails stops there. Prints p50/p95/p99 per step, errors per step (with the first
// messages), and paid orders per second over the load. Prints figures only; it never fails on a target.
//
//   DATABASE_URL=postgres://… npm run bench:peak -- [--customers 1000] [--concurrency 64] [--duration 300]
//                                                    [--pay member|cash] [--no-nginx]
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { findNginx, startCluster, type Cluster } from '../scripts/cluster';
import { openDatabase } from '../server/db/client';
import { chains, shops } from '../server/seed/index';
import { seedDatabase } from '../server/seed/seeder';
import { apiPath } from '../src/domain/api/envelope';
import { positive } from './cli';
import { BENCH_PAY_PASSWORD, withBenchMembers } from './members';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '64' },
    duration: { type: 'string', default: '300' },
    pay: { type: 'string', default: 'member' },
    'no-nginx': { type: 'boolean', default: false },
  },
});

const CUSTOMERS = positive('customers', args.customers, 1_000_000);
const CONCURRENCY = positive('concurrency', args.concurrency, 10_000);
/** No customer starts after this; the ones under way get REQUEST_TIMEOUT_MS per call to finish. */
const DURATION_MS = positive('duration', args.duration, 86_400) * 1000;
const REQUEST_TIMEOUT_MS = 30_000;
if (args.pay !== 'member' && args.pay !== 'cash') {
  console.error(`--pay must be member or cash, got "${args.pay}"`);
  process.exit(2);
}
const PAY_BY_MEMBER_CARD = args.pay === 'member';

/** Bun & Flame at noon in Shanghai on a Monday: open, pickups taken for tomorrow's lunch. */
const SHOP = 1;
const CLOCK_START = '2026-03-02T04:00:00Z';
const PICKUP_TIME = { date: '2026-03-03', time: '12:00' };
const BURGER = 1101;
const NO_CUTLERY = 1151;
const PAY_TYPE_ID = { member: 4, cash: 2 } as const;
/** Bench members' ids and phones, clear of the demo shops' id blocks and phones. */
const MEMBER_ID_BASE = 10_000_000;
const memberPhone = (i: number) => `139${String(i).padStart(8, '0')}`;

const STEPS = ['entry', 'menu', 'price', 'sms', 'login', 'submit', 'pay'] as const;
type Step = (typeof STEPS)[number];

interface StepFigures {
  latencies: number[];
  errors: number;
  messages: Map<string, number>;
}

const figures = new Map<Step, StepFigures>(
  STEPS.map((step) => [step, { latencies: [], errors: 0, messages: new Map() }]),
);

/** Shop 1 with one member per customer (a balance no order empties, the demo pay password) and SMS to spare. */
async function seed(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const shop = shops.find((s) => s.id === SHOP)!;
    const peakShop = withBenchMembers(shop, {
      count: PAY_BY_MEMBER_CARD ? CUSTOMERS : 0,
      idBase: MEMBER_ID_BASE,
      phone: memberPhone,
      name: 'Peak customer',
      cardPrefix: 'PEAK',
      amount: 100_000,
    });
    await seedDatabase(
      database.db,
      { chains, shops: shops.map((s) => (s.id === SHOP ? peakShop : s)) },
      { demoMode: true },
    );
  } finally {
    await database.close();
  }
}

interface Envelope {
  result: boolean;
  info: Record<string, unknown> | null;
  message: string;
}

class StepFailed extends Error {}

/** Where each call goes: nginx, or the processes in turn. */
function targets(cluster: Cluster): () => string {
  if (cluster.proxy) return () => cluster.proxy!.base;
  let next = 0;
  return () => cluster.processes[next++ % cluster.processes.length]!.base;
}

async function step(
  step: Step,
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const [area, action] = path.split('/');
  const stepFigures = figures.get(step)!;
  const started = performance.now();
  let failure: string;
  try {
    const response = await fetch(`${base}${apiPath(area!, action!)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'en', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const reply = (await response.json()) as Envelope;
    stepFigures.latencies.push(performance.now() - started);
    if (response.status === 200 && reply.result && reply.info) return reply.info;
    failure = `${response.status} ${reply.message}`;
  } catch (error) {
    stepFigures.latencies.push(performance.now() - started);
    failure = (error as Error).message;
  }
  stepFigures.errors++;
  stepFigures.messages.set(failure, (stepFigures.messages.get(failure) ?? 0) + 1);
  throw new StepFailed(failure);
}

/** One customer's visit; resolves true when the order was paid (or handed to the counter). */
async function customer(i: number, target: () => string): Promise<boolean> {
  try {
    const entered = await step('entry', target(), 'user/h5entry', { id: SHOP });
    let token = entered.token as string;
    const menu = await step('menu', target(), 'store/products', {}, token);
    const listed = new Set((menu.list as { id: number }[]).map((product) => product.id));
    if (!listed.has(BURGER) || !listed.has(NO_CUTLERY))
      throw new StepFailed(`the menu of shop ${SHOP} lacks product ${BURGER} or ${NO_CUTLERY}`);
    const cart = [
      { id: BURGER, quantity: 1 },
      { id: NO_CUTLERY, quantity: 1 },
    ];
    await step('price', target(), 'store/checkStock', { products: cart }, token);
    if (PAY_BY_MEMBER_CARD) {
      const phone = memberPhone(i);
      const sent = await step('sms', target(), 'user/sendSmsCode', { phone }, token);
      const login = await step('login', target(), 'user/h5Login', { phone, code: sent.code }, token);
      token = login.token as string;
    }
    const payTypeId = PAY_TYPE_ID[PAY_BY_MEMBER_CARD ? 'member' : 'cash'];
    const placed = await step(
      'submit',
      target(),
      'order/confirm',
      {
        idempotencyKey: randomUUID(),
        type: 'selfPickup',
        payType: PAY_BY_MEMBER_CARD ? 'VIP' : 'Cash',
        payTypeId,
        products: cart.map((line) => ({ ...line, tastes: [], mealset: [] })),
        pickerName: 'Peak customer',
        pickerPhone: '13700001111',
        pickupTime: PICKUP_TIME,
      },
      token,
    );
    const order = placed.order as { id: number };
    await step(
      'pay',
      target(),
      'order/pay',
      { id: order.id, payTypeId, ...(PAY_BY_MEMBER_CARD ? { payPassword: BENCH_PAY_PASSWORD } : {}) },
      token,
    );
    return true;
  } catch (error) {
    if (error instanceof StepFailed) return false;
    throw error;
  }
}

interface PeakResult {
  paid: number;
  started: number;
  wallMs: number;
  /** The API processes' CPU over the load, ms. */
  apiCpuMs: number | null;
}

async function peak(cluster: Cluster): Promise<PeakResult> {
  const target = targets(cluster);
  const cpuBefore = clusterCpuMs(cluster);
  const begin = performance.now();
  let next = 0;
  let paid = 0;
  const worker = async () => {
    while (next < CUSTOMERS && performance.now() - begin < DURATION_MS) {
      if (await customer(next++, target)) paid++;
    }
  };
  const progress = setInterval(() => {
    const seconds = (performance.now() - begin) / 1000;
    process.stderr.write(`  ${seconds.toFixed(0)} s: ${next} customers started, ${paid} orders paid\n`);
  }, 5_000);
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, CUSTOMERS) }, worker));
  } finally {
    clearInterval(progress);
  }
  const wallMs = performance.now() - begin;
  const cpuAfter = clusterCpuMs(cluster);
  const apiCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  return { paid, started: next, wallMs, apiCpuMs };
}

/** User + system CPU of a process so far (Linux /proc; null elsewhere), in ms. */
function cpuMs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces); utime and stime are the 12th and 13th, in
    // clock ticks of 1/100 s (USER_HZ on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The API processes' CPU together (ms), or null when it cannot be read. */
function clusterCpuMs(cluster: Cluster): number | null {
  const each = cluster.processes.map((p) => cpuMs(p.pid));
  return each.every((ms): ms is number => ms !== null) ? each.reduce((a, b) => a + b, 0) : null;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function print(result: PeakResult, cluster: Cluster): void {
  const rows = [['step', 'calls', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms']];
  for (const name of STEPS) {
    const { latencies, errors } = figures.get(name)!;
    if (latencies.length === 0) continue;
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (q: number) => quantile(sorted, q).toFixed(1);
    rows.push([name, String(latencies.length), String(errors), ms(0.5), ms(0.95), ms(0.99), ms(1)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  console.log(
    `\n${result.started} customers (of ${CUSTOMERS}), ${CONCURRENCY} in flight, paying by ${
      PAY_BY_MEMBER_CARD ? 'member card' : 'cash at the counter'
    }, ${cluster.processes.length} processes ${cluster.proxy ? 'behind nginx' : 'taking calls in turn (no nginx)'}:`,
  );
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  const seconds = result.wallMs / 1000;
  console.log(
    `\n${result.paid} orders paid in ${seconds.toFixed(1)} s: ${(result.paid / seconds).toFixed(1)} orders/s` +
      ` (${result.started - result.paid} customers stopped by an error)`,
  );
  if (result.apiCpuMs !== null && result.paid > 0)
    console.log(
      `API processes' CPU: ${(result.apiCpuMs / 1000).toFixed(1)} s in all, ` +
        `${(result.apiCpuMs / result.paid).toFixed(1)} ms per paid customer (every call of a visit)`,
    );
  for (const name of STEPS) {
    const { messages } = figures.get(name)!;
    for (const [message, count] of [...messages].slice(0, 3))
      console.log(`  ${name} error ×${count}: ${message}`);
  }
  console.log(
    '\nThe API has no call that prices a cart: "price" is store/checkStock, the browser prices itself.',
  );
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error('bench:peak needs DATABASE_URL (a PostgreSQL server it may create a database on).');
    process.exit(2);
  }
  const nginx = args['no-nginx'] ? null : findNginx();
  console.log(
    `Starting 2 server processes${nginx ? ' behind nginx' : ' (nginx not used)'} on a fresh database…`,
  );
  const cluster = await startCluster({
    adminUrl,
    name: 'bench_peak',
    nginx,
    prepare: seed,
    env: { RATE_LIMIT: 'off', CLOCK_START, LOG_LEVEL: 'error' },
  });
  const interrupted = () => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  try {
    print(await peak(cluster), cluster);
  } finally {
    process.removeListener('SIGINT', interrupted);
    await cluster.stop();
  }
}

await main();

// `npm run bench:api`: loads the API and, in the same run, the anchors it is compared with, with one
// client (autocannon) and the same connections, and prints per scenario the median of several runs of
// req/s, p50 and p99 latency, errors, statements and Node CPU per call, and the ratio to its anchor.
// The API runs as a child process (so the client does not share its event loop) on PGlite in a temporary
// directory and, when DATABASE_URL is set, on a fresh PostgreSQL database it creates and drops; it gets the
// demo shops plus a shop of 2,200 products. Rate limits are off (one client address). Prints figures
// only: it never fails on a target. Targets (docs/decisions.md K7): store/products ≥ 50 % of bare Fastify
// on PostgreSQL and ≥ 30 % on PGlite; order/confirm ≥ 25 % of the raw one-insert transaction rate on
// PostgreSQL with p99 ≤ 100 ms at 32 connections, ≥ 200/s with p99 ≤ 150 ms on PGlite; the 2,200-product
// menu warm p50 ≤ 20 ms; member-card pay ≥ 200/s on PostgreSQL; a 50-line submit at most twice the cost
// of a one-line submit (mean latency at one connection and CPU per call, printed as the growth line; the
// two run in alternation, so a machine that drifts meets both alike).
//
// Scenarios and anchors are tables (SCENARIOS, ANCHORS below): a new row names its path, its body (or a
// setupRequest that makes each request, e.g. a fresh idempotency key), the session it needs, and the
// anchor it is compared with; an anchor is a child process answering one path.
//
// Member-card payments are loaded by count rather than time: each run pays --pays-per-run orders placed
// just before it (outside the measured time) round 32 logged-in members.
//
//   npm run bench:api -- [--duration 10] [--runs 3] [--connections 50] [--pays-per-run 2000]
//                        [--only <text>] [--profile <dir>]
// --only runs the scenarios whose name contains the text; --profile writes the API process's V8 CPU profile
// into the folder (node --cpu-prof), for `npm run bench:profile -- <file>` to read.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { adminQuery } from '../scripts/cluster';
import { apiPath } from '../src/domain/api/envelope';
import {
  BENCH_MEMBERS,
  benchMemberPhone,
  DEMO_MENU_SHOP,
  LARGE_MENU_SHOP,
  PLAIN_LARGE_MENU_PRODUCTS,
} from './api-target';
import { BENCH_PAY_PASSWORD } from './members';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'pays-per-run': { type: 'string', default: '2000' },
    only: { type: 'string' },
    profile: { type: 'string' },
  },
});
const DURATION_S = Number(args.duration);
const RUNS = Number(args.runs);
const CONNECTIONS = Number(args.connections);
const PAYS_PER_RUN = Number(args['pays-per-run']);

type SessionName = 'demo' | 'large';
type Request = autocannon.Request;

interface Scenario {
  name: string;
  path: string;
  /** The JSON body of every request (ignored when setupRequest makes each one). */
  body?: unknown;
  headers?: Record<string, string>;
  setupRequest?: autocannon.Request['setupRequest'];
  /**
   * Requests that can each be sent once (an order to pay): made before each load, which then sends that
   * many instead of running for --duration. Returns what makes each request.
   */
  prepared?: { requests: () => number; make(app: Target, count: number): Promise<Request['setupRequest']> };
  /** Replies must be `result: true` envelopes; others count as errors. Default true. */
  verifyResult?: boolean;
  /** The shop session the requests carry as `token`. */
  session: SessionName;
  /** Default: --connections. */
  connections?: number;
  /** ANCHORS key, or null for a figure printed without a ratio. */
  anchor: keyof typeof ANCHORS | null;
  /**
   * Another scenario (earlier in the table) whose runs alternate with this one's on the same server, so
   * that the two meet the same machine: the growth line compares them. Its own runs are these.
   */
  alternatesWith?: string;
  /** What to meet, printed next to the figures. */
  target: (r: Figures, ratio: number | null, database: DatabaseKind) => string;
  /**
   * The most statements a call may send, checked on PostgreSQL, where every statement is counted (PGlite's
   * count leaves out those inside transactions).
   */
  maxStatements?: number;
}

interface Anchor {
  /** The argument of `api-target.ts --serve`. */
  serve: string;
  path: string;
  body?: unknown;
  /** Started for each database, on a database of its own kind (the raw write rate). */
  perDatabase?: boolean;
}

type DatabaseKind = 'pglite' | 'postgres';

export const ANCHORS = {
  bare: { serve: 'bare', path: '/bare', body: {} },
  raw: { serve: 'raw', path: '/raw', body: {}, perDatabase: true },
} satisfies Record<string, Anchor>;

/** Bun & Flame's pickup order of a burger (stock not tracked) and "no cutlery", paid at the counter. */
const PICKUP_ORDER = {
  type: 'selfPickup',
  payType: 'Cash',
  payTypeId: 2,
  products: [
    { id: 1101, quantity: 1, tastes: [], mealset: [] },
    { id: 1151, quantity: 1, tastes: [], mealset: [] },
  ],
  pickerName: 'Bench customer',
  pickerPhone: '13700001111',
  pickupTime: { date: '2026-03-03', time: '12:00' },
};

/** Each submit its own idempotency key, as each customer's tap would be. */
const freshOrder: autocannon.Request['setupRequest'] = (request) => ({
  ...request,
  body: JSON.stringify({ ...PICKUP_ORDER, idempotencyKey: randomUUID() }),
});

/** A pickup of `lines` plain products of the large menu, each submit with its own key. */
const largeMenuOrder =
  (lines: number): autocannon.Request['setupRequest'] =>
  (request) => ({
    ...request,
    body: JSON.stringify({
      ...PICKUP_ORDER,
      products: PLAIN_LARGE_MENU_PRODUCTS.slice(0, lines).map((id) => ({
        id,
        // One line alone must still reach the shop's minimum pickup order (15.00).
        quantity: lines === 1 ? 2 : 1,
        tastes: [],
        mealset: [],
      })),
      idempotencyKey: randomUUID(),
    }),
  });

/** Sends `count` calls, `width` at a time, and resolves with their replies in order. */
async function inBatches<T>(count: number, width: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await call(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return results;
}

/** The bench members' sessions on one API process, logged in once by SMS code (demo mode sends it back). */
const memberTokens = new WeakMap<Target, Promise<string[]>>();
function membersOf(app: Target): Promise<string[]> {
  let tokens = memberTokens.get(app);
  if (!tokens) {
    // Each member on a browser of its own: a login ends the other sessions of its browser.
    tokens = inBatches(BENCH_MEMBERS, 8, async (i) => {
      const anonymous = await enterShop(app, DEMO_MENU_SHOP);
      const phone = benchMemberPhone(i);
      const sent = await callApi<{ code: string }>(app, 'user', 'sendSmsCode', { phone }, anonymous);
      const login = await callApi<{ token: string }>(
        app,
        'user',
        'h5Login',
        { phone, code: sent.code },
        anonymous,
      );
      return login.token;
    });
    memberTokens.set(app, tokens);
  }
  return tokens;
}

/** Unpaid member-card orders, placed through order/confirm round the bench members, each paid once. */
async function unpaidMemberOrders(app: Target, count: number): Promise<Request['setupRequest']> {
  const tokens = await membersOf(app);
  const orders = await inBatches(count, 16, async (i) => {
    const token = tokens[i % tokens.length]!;
    const body = { ...PICKUP_ORDER, payType: 'VIP', payTypeId: 4, idempotencyKey: randomUUID() };
    const placed = await callApi<{ order: { id: number } }>(app, 'order', 'confirm', body, token);
    return { id: placed.order.id, token };
  });
  let next = 0;
  return (request) => {
    const order = orders[next++ % orders.length]!;
    return {
      ...request,
      headers: { ...request.headers, token: order.token },
      body: JSON.stringify({ id: order.id, payTypeId: 4, payPassword: BENCH_PAY_PASSWORD }),
    };
  };
}

const percent = (ratio: number | null) => (ratio === null ? '-' : `${(ratio * 100).toFixed(1)} %`);

/** The two submits whose cost the growth line compares (target: 50 lines ≤ 2× one line). */
const GROWTH = {
  one: 'order/confirm (1 line, 1 connection)',
  many: 'order/confirm (50 lines, 1 connection)',
} as const;

const ALL_SCENARIOS: Scenario[] = [
  {
    name: 'store/products (demo menu)',
    path: apiPath('store', 'products'),
    body: {},
    session: 'demo',
    anchor: 'bare',
    maxStatements: 1,
    target: (_r, ratio, database) => {
      const wanted = database === 'postgres' ? 0.5 : 0.3;
      return `ratio ≥ ${percent(wanted)}: ${ratio !== null && ratio >= wanted ? 'met' : 'NOT met'}`;
    },
  },
  {
    name: 'order/confirm (pickup, counter)',
    path: apiPath('order', 'confirm'),
    setupRequest: freshOrder,
    session: 'demo',
    connections: 32,
    anchor: 'raw',
    maxStatements: 8,
    target: (r, ratio, database) =>
      database === 'postgres'
        ? `ratio ≥ 25 %, p99 ≤ 100 ms, 0 errors: ${ratio !== null && ratio >= 0.25 && r.p99 <= 100 && r.errors === 0 ? 'met' : 'NOT met'}`
        : `≥ 200/s, p99 ≤ 150 ms: ${r.reqPerSec >= 200 && r.p99 <= 150 ? 'met' : 'NOT met'}`,
  },
  {
    name: 'order/pay (member card, 32 members)',
    path: apiPath('order', 'pay'),
    prepared: { requests: () => PAYS_PER_RUN, make: unpaidMemberOrders },
    session: 'demo',
    connections: 32,
    anchor: null,
    maxStatements: 8,
    target: (r, _ratio, database) =>
      database === 'postgres'
        ? `≥ 200/s, 0 errors: ${r.reqPerSec >= 200 && r.errors === 0 ? 'met' : 'NOT met'}`
        : 'printed only',
  },
  {
    name: GROWTH.one,
    path: apiPath('order', 'confirm'),
    setupRequest: largeMenuOrder(1),
    session: 'large',
    connections: 1,
    anchor: null,
    target: () => 'the base of the growth line',
  },
  {
    name: GROWTH.many,
    alternatesWith: GROWTH.one,
    path: apiPath('order', 'confirm'),
    setupRequest: largeMenuOrder(50),
    session: 'large',
    connections: 1,
    anchor: null,
    target: () => 'see the growth line',
  },
  {
    name: 'store/products (2,200 products, br, 1 connection)',
    path: apiPath('store', 'products'),
    body: {},
    headers: { 'accept-encoding': 'br' },
    session: 'large',
    connections: 1,
    verifyResult: false,
    anchor: null,
    target: (r) => `p50 ≤ 20 ms: ${r.p50 <= 20 ? 'met' : 'NOT met'}`,
  },
];
export const SCENARIOS: Scenario[] = args.only
  ? ALL_SCENARIOS.filter((scenario) => scenario.name.includes(args.only!))
  : ALL_SCENARIOS;

interface Figures {
  reqPerSec: number;
  /** Mean latency, ms with decimals (autocannon's percentiles are whole milliseconds). */
  mean: number;
  p50: number;
  p99: number;
  errors: number;
  statementsPerCall: number | null;
  cpuMsPerCall: number | null;
}

interface Target {
  child: ChildProcess;
  base: string;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** Starts `api-target.ts --serve <what>` and resolves once it prints the port it listens on. */
function startTarget(serve: string, env: Record<string, string> = {}): Promise<Target> {
  const profile = serve === 'app' && args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [];
  const node = [...profile, '--import', 'tsx', join(HERE, 'api-target.ts'), '--serve', serve];
  const child = spawn(process.execPath, node, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${serve} exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const port = /^ready (\d+)$/.exec(line)?.[1];
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` });
    });
  });
}

async function stopTarget(target: Target): Promise<void> {
  if (target.child.exitCode !== null) return;
  target.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await exited;
}

async function stats(target: Target): Promise<{ statements: number; cpuMs: number } | null> {
  const response = await fetch(`${target.base}/bench/stats`).catch(() => null);
  return response?.ok ? ((await response.json()) as { statements: number; cpuMs: number }) : null;
}

/** One call outside the measured loads; a refusal stops the benchmark. */
async function callApi<T>(
  target: Target,
  area: string,
  action: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${target.base}${apiPath(area, action)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { result: boolean; info: T; message: string };
  if (!reply.result) throw new Error(`${area}/${action}: ${reply.message}`);
  return reply.info;
}

async function enterShop(target: Target, shopId: number): Promise<string> {
  return (await callApi<{ token: string }>(target, 'user', 'h5entry', { id: shopId })).token;
}

interface Load {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  setupRequest?: autocannon.Request['setupRequest'];
  connections: number;
  durationS: number;
  /** Send this many requests instead of running for durationS. */
  amount?: number;
  verifyResult?: boolean;
}

async function load(target: Target, l: Load): Promise<Figures> {
  const before = await stats(target);
  // autocannon notices the end of a load only at its next one-second sample, so its duration of a load
  // by count is rounded up to whole seconds (1,000 calls in 4.1 s read as 200/s): the rate is taken from
  // the first request to the last response instead.
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const running = autocannon({
    url: `${target.base}${l.path}`,
    connections: l.connections,
    ...(l.amount ? { amount: l.amount } : { duration: l.durationS }),
    // A refusal is an HTTP 200 with `result: false` (the envelope): counted as an error here.
    ...(l.verifyResult === false
      ? {}
      : { verifyBody: (body?: string | Buffer) => String(body ?? '').startsWith('{"result":true') }),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...l.headers },
        body: JSON.stringify(l.body ?? {}),
        ...(l.setupRequest ? { setupRequest: l.setupRequest } : {}),
      },
    ],
  });
  // The promise autocannon returns is also its event emitter (its typings name only the promise).
  (running as unknown as EventEmitter).on('response', () => (lastResponseAt = performance.now()));
  const result = await running;
  const after = await stats(target);
  const calls = result.requests.total;
  const per = (pick: (s: { statements: number; cpuMs: number }) => number) =>
    before && after && calls > 0 ? (pick(after) - pick(before)) / calls : null;
  return {
    // Total over elapsed time: a load by count ends in a part-second that a per-second mean would skew.
    reqPerSec: calls / Math.max((lastResponseAt - startedAt) / 1000, 0.001),
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.mismatches,
    statementsPerCall: per((s) => s.statements),
    cpuMsPerCall: per((s) => s.cpuMs),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function medianFigures(runs: Figures[]): Figures & { spread: string } {
  const m = (pick: (f: Figures) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length ? median(values) : null;
  };
  const rates = runs.map((r) => r.reqPerSec);
  return {
    reqPerSec: m((f) => f.reqPerSec)!,
    mean: m((f) => f.mean)!,
    p50: m((f) => f.p50)!,
    p99: m((f) => f.p99)!,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    statementsPerCall: m((f) => f.statementsPerCall),
    cpuMsPerCall: m((f) => f.cpuMsPerCall),
    spread: `${Math.round(Math.min(...rates))}-${Math.round(Math.max(...rates))}`,
  };
}

/** A database for one API child: PGlite in a temporary directory, or a fresh PostgreSQL database. */
async function createDatabase(
  kind: DatabaseKind,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'bench-api-'));
    return {
      env: { BENCH_PGLITE_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `bench_api_${randomBytes(4).toString('hex')}`;
  const admin = (statement: string) => adminQuery(adminUrl, statement);
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { BENCH_DATABASE_URL: url.toString() },
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

type Results = Map<string, (Figures & { spread: string })[]>;

/** Every scenario on one database, each run right after a run of its anchor so both meet the same machine. */
async function benchDatabase(kind: DatabaseKind, shared: Map<string, Target>): Promise<Results> {
  const database = await createDatabase(kind);
  const app = await startTarget('app', database.env);
  const anchors = new Map(shared);
  const ownAnchors: { target: Target; drop(): Promise<void> }[] = [];
  try {
    for (const [name, anchor] of Object.entries(ANCHORS) as [string, Anchor][]) {
      if (!anchor.perDatabase) continue;
      // PGlite's directory belongs to one process: the anchor writes to one of its own.
      const own = kind === 'pglite' ? await createDatabase('pglite') : null;
      const target = await startTarget(anchor.serve, (own ?? database).env);
      ownAnchors.push({ target, drop: async () => own?.drop() });
      anchors.set(name, target);
    }
    const tokens: Record<SessionName, string> = {
      demo: await enterShop(app, DEMO_MENU_SHOP),
      large: await enterShop(app, LARGE_MENU_SHOP),
    };
    const results: Results = new Map();
    // Scenarios another one alternates with run only in those alternating runs.
    const alternated = new Set(SCENARIOS.flatMap((s) => (s.alternatesWith ? [s.alternatesWith] : [])));
    const loaders = new Map<string, (warm: boolean) => Promise<Figures>>();
    for (const scenario of SCENARIOS) {
      const connections = scenario.connections ?? CONNECTIONS;
      const own: Load = {
        path: scenario.path,
        body: scenario.body,
        headers: { token: tokens[scenario.session], language: 'en', ...scenario.headers },
        setupRequest: scenario.setupRequest,
        connections,
        durationS: DURATION_S,
        verifyResult: scenario.verifyResult,
      };
      const anchor = scenario.anchor ? ANCHORS[scenario.anchor] : null;
      const anchorTarget = scenario.anchor ? anchors.get(scenario.anchor)! : null;
      const anchorLoad: Load | null = anchor ? { ...anchor, connections, durationS: DURATION_S } : null;
      // A prepared scenario makes each load's requests first, outside the measured time.
      const loadOwn = async (warm: boolean) => {
        if (!scenario.prepared) return load(app, warm ? { ...own, durationS: 2 } : own);
        const count = Math.max(connections, Math.round(scenario.prepared.requests() / (warm ? 10 : 1)));
        const setupRequest = await scenario.prepared.make(app, count);
        return load(app, { ...own, setupRequest, amount: count });
      };
      loaders.set(scenario.name, loadOwn);
      if (alternated.has(scenario.name)) continue;
      const other = scenario.alternatesWith ? loaders.get(scenario.alternatesWith) : undefined;
      // Warm: caches filled, connections open, code optimised.
      if (other) await other(true);
      await loadOwn(true);
      if (anchorTarget && anchorLoad) await load(anchorTarget, { ...anchorLoad, durationS: 2 });
      const mine: Figures[] = [];
      const theirs: Figures[] = [];
      const others: Figures[] = [];
      for (let run = 0; run < RUNS; run++) {
        if (anchorTarget && anchorLoad) theirs.push(await load(anchorTarget, anchorLoad));
        if (other) others.push(await other(false));
        mine.push(await loadOwn(false));
      }
      if (other) results.set(scenario.alternatesWith!, [medianFigures(others)]);
      results.set(scenario.name, [medianFigures(mine), ...(theirs.length ? [medianFigures(theirs)] : [])]);
    }
    return results;
  } finally {
    for (const own of ownAnchors) {
      await stopTarget(own.target);
      await own.drop();
    }
    await stopTarget(app);
    await database.drop();
  }
}

const fixed = (value: number | null, digits: number) => (value === null ? '-' : value.toFixed(digits));

function print(kind: DatabaseKind, results: Results): void {
  console.log(
    `\n${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}: medians of ${RUNS} runs of ${DURATION_S} s`,
  );
  const rows = [
    [
      'scenario',
      'conn',
      'req/s (spread)',
      'p50 ms',
      'p99 ms',
      'errors',
      'stmts/call',
      'CPU ms/call',
      'anchor req/s',
      'ratio',
      'target',
    ],
  ];
  for (const scenario of SCENARIOS) {
    const [mine, anchor] = results.get(scenario.name)!;
    const ratio = anchor ? mine!.reqPerSec / anchor.reqPerSec : null;
    rows.push([
      scenario.name,
      String(scenario.connections ?? CONNECTIONS),
      `${Math.round(mine!.reqPerSec)} (${mine!.spread})`,
      fixed(mine!.p50, 1),
      fixed(mine!.p99, 1),
      String(mine!.errors),
      fixed(mine!.statementsPerCall, 2),
      fixed(mine!.cpuMsPerCall, 3),
      anchor ? `${Math.round(anchor.reqPerSec)} (${anchor.spread}), p50 ${anchor.p50} ms` : '-',
      percent(ratio),
      scenario.target(mine!, ratio, kind) + statementTarget(scenario, mine!, kind),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  printGrowth(results);
}

function statementTarget(scenario: Scenario, figures: Figures, kind: DatabaseKind): string {
  if (scenario.maxStatements === undefined || kind !== 'postgres') return '';
  const count = figures.statementsPerCall;
  const met = count !== null && count <= scenario.maxStatements;
  return `; ≤ ${scenario.maxStatements} stmts/call: ${met ? 'met' : 'NOT met'}`;
}

/** How much more a 50-line submit costs than a one-line one, by latency and by the API's CPU. */
function printGrowth(results: Results): void {
  const [one] = results.get(GROWTH.one) ?? [];
  const [many] = results.get(GROWTH.many) ?? [];
  if (!one || !many) return;
  // The mean, not p50: a call of 1-3 ms is too short for whole-millisecond percentiles.
  const latency = many.mean / one.mean;
  const cpu = one.cpuMsPerCall && many.cpuMsPerCall ? many.cpuMsPerCall / one.cpuMsPerCall : null;
  const met = latency <= 2 && (cpu === null || cpu <= 2);
  console.log(
    `growth, 50 lines / 1 line (alternating runs): mean latency ${latency.toFixed(2)}×, CPU ms/call ${cpu === null ? '-' : `${cpu.toFixed(2)}×`}` +
      ` (target ≤ 2×: ${met ? 'met' : 'NOT met'})`,
  );
}

async function main(): Promise<void> {
  const kinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const anchors = new Map<string, Target>();
  try {
    for (const [name, anchor] of Object.entries(ANCHORS) as [string, Anchor][])
      if (!anchor.perDatabase) anchors.set(name, await startTarget(anchor.serve));
    for (const kind of kinds) print(kind, await benchDatabase(kind, anchors));
    console.log(
      '\nstmts/call: statements the API sent per request (PostgreSQL: all; PGlite: those outside transactions).' +
        "\nCPU ms/call: the API process's user + system CPU per request, client excluded.",
    );
  } finally {
    for (const target of anchors.values()) await stopTarget(target);
  }
}

await main();

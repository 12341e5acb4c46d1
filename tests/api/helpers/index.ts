// API test harness: one fresh database per test file (and per database kind), the app built on it, and a
// clock the test moves. PGlite `memory://` always; PostgreSQL too when TEST_DATABASE_URL is set, in a
// database created for the file and dropped afterwards. Use with
//   describe.each(testDatabases)('… on %s', (kind) => { const t = useTestApp(kind); … })
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { createLogSmsSender } from '../../../server/providers/sms';
import { RATE_LIMIT_OFF } from '../../../server/http/rate-limit';
import { openDatabase, type OpenDatabase, type PostgresSettings } from '../../../server/db/client';
import { seedDatabase, type SeedData } from '../../../server/seed/seeder';
import type { ApiReply } from '../../../src/domain/api/envelope';
import { apiPath } from '../../../src/domain/api/envelope';
import { fixtureSeed } from './fixture';

export type DatabaseKind = 'pglite' | 'postgres';
export const testDatabases: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestClock {
  now: () => Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function createClock(start: Date | string = '2026-03-02T04:00:00Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

let pgliteTemplateBytes: Blob | undefined;
/** The migrated PGlite dump of tests/setup/database-templates.ts, read once per test file. */
function pgliteTemplate(): Blob {
  pgliteTemplateBytes ??= new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return pgliteTemplateBytes;
}

/** A fresh, migrated, empty database of the given kind; close() also drops a PostgreSQL one. */
export async function openTestDatabase(
  kind: DatabaseKind,
  postgres: PostgresSettings = {},
): Promise<OpenDatabase & { url?: string }> {
  if (kind === 'pglite') {
    return openDatabase({ kind: 'pglite', dataDir: 'memory://', snapshot: pgliteTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `storefront_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Test files run in parallel against one server on a busy machine: a wait for a pooled connection, or
  // for the row lock of ten guests opening one tab at once, may pass production's 2 s there. The fault
  // tests pass their own small limits.
  const opened = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: 5,
    acquireTimeoutMs: 10_000,
    lockTimeoutMs: 10_000,
    ...postgres,
  });
  return {
    ...opened,
    url: url.toString(),
    close: async () => {
      await opened.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** `url` names a PostgreSQL test database (for a second, admin connection). */
  database: OpenDatabase & { url?: string };
  clock: TestClock;
  /** POST /new/consumer/<area>/<action> with a JSON body; returns status and the parsed envelope. */
  call<T = unknown>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: ApiReply<T> }>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'db' | 'now'> {
  /** Data to seed; default the small fixture of ./fixture.ts; false = leave the database empty. */
  seed?: SeedData | false;
  clock?: TestClock;
  /** Pool size and timeouts of a PostgreSQL test database (ignored on PGlite). */
  postgres?: PostgresSettings;
}

export async function buildTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind, options.postgres);
  const seed = options.seed ?? fixtureSeed;
  // The public demo merchant keys exist, as on a real server, only when the app runs in demo mode.
  if (seed) await seedDatabase(database.db, seed, { demoMode: options.demoMode ?? false });
  const clock = options.clock ?? createClock();
  // The log sender stays quiet in tests unless a test passes its own sender.
  const sms = options.sms ?? createLogSmsSender(() => undefined);
  // Many calls from one address: the rate limits stay off unless a test asks for them.
  const app = await buildApp({
    rateLimit: RATE_LIMIT_OFF,
    ...options,
    sms,
    db: database.db,
    databaseReachable: options.databaseReachable ?? database.reachable,
    listen: options.listen ?? database.listen,
    now: clock.now,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    inject: (injectOptions) => app.inject(injectOptions),
    async call(path, body = {}, headers = {}) {
      const [area, action] = path.split('/');
      const response = await app.inject({
        method: 'POST',
        url: apiPath(area!, action!),
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A caller's options: its client address, and the token and language it sends. */
export interface CallFrom {
  ip: string;
  token?: string;
  language?: string;
}

/**
 * POST /new/consumer/<area>/<action> from a given client address (rate limits and SMS caps count by it);
 * returns status, headers and the parsed envelope.
 */
export async function callFrom<T = unknown>(
  t: Pick<TestApp, 'inject'>,
  path: string,
  body: unknown,
  options: CallFrom,
) {
  const [area, action] = path.split('/');
  const response = await t.inject({
    method: 'POST',
    url: apiPath(area!, action!),
    remoteAddress: options.ip,
    headers: {
      'content-type': 'application/json',
      language: options.language ?? 'en',
      ...(options.token ? { token: options.token } : {}),
    },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json<ApiReply<T>>() };
}

/** A fetch the merchant CLI can use that the test app answers in-process (POST with the CLI's headers). */
export function injectFetch(t: Pick<TestApp, 'inject'>): typeof fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    const r = await t.inject({
      method: 'POST',
      url: new URL(String(url)).pathname,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(r.body, { status: r.statusCode, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

/** buildTestApp in beforeAll / close in afterAll; the returned object fills in once the app is built. */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(kind, options));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

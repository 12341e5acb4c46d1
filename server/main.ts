// Starts the storefront: opens (creates, migrates, seeds) the database, builds the API, serves the built
// SPA from ./dist and the demo images, and listens. Configuration is the environment (docs/api.md
// "Running the server" and README).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWebViewOrigins } from '../src/domain/api/web-view';
import { buildApp } from './app';
import { trustProxyFromEnv } from './http/trust-proxy';
import { databaseConfigFromEnv, openDatabase, postgresSettings } from './db/client';
import { rateLimitFromEnv, purgeRateLimits } from './http/rate-limit';
import { serverTimeoutsFromEnv } from './http/timeouts';
import { purgeExpiredSessions } from './modules/identity/identity';
import { purgeRateEvents } from './modules/identity/sms-caps';
import { payPasswordKeysFromEnv } from './modules/identity/identity-password';
import { listenOriginOf, paymentsConfigFromEnv } from './payments';
import { mapConfigFromEnv } from './providers/geocoding';
import { smsSenderFromEnv } from './providers/sms';
import { seedDatabase } from './seed/seeder';
import {
  DEFAULT_CATALOG_CACHE_ENTRIES,
  DEFAULT_CATALOG_VERSION_TTL_MS,
} from './modules/catalog/catalog-cache';
import { DEFAULT_STREAM_SWEEP_MS } from './modules/orders/order-event-hub';

const env = process.env;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value.trim() === ''
    ? fallback
    : !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());

/**
 * CLOCK_START (an ISO instant) starts the server's clock at that moment and lets it run on, so a demo or
 * an end-to-end run sees the shops at a chosen hour (opening hours, sale times, order days) while tokens
 * and codes still age normally.
 */
function clockFromEnv(value: string | undefined): (() => Date) | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const start = Date.parse(value);
  if (Number.isNaN(start)) throw new Error(`CLOCK_START must be an ISO 8601 instant, got "${value}"`);
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}

async function main() {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST?.trim() || '0.0.0.0';
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0-65535, got "${env.PORT}"`);
  const logLevel = (LOG_LEVELS as readonly string[]).includes(env.LOG_LEVEL ?? '')
    ? (env.LOG_LEVEL as LogLevel)
    : 'info';
  const demoMode = flag(env.DEMO_MODE, true);
  const now = clockFromEnv(env.CLOCK_START);
  const sms = smsSenderFromEnv(env);
  const sessionCacheMs = Number(env.SESSION_CACHE_MS?.trim() || 2_000);
  if (!Number.isInteger(sessionCacheMs) || sessionCacheMs < 0 || sessionCacheMs > 60_000)
    throw new Error(`SESSION_CACHE_MS must be 0-60000 milliseconds, got "${env.SESSION_CACHE_MS}"`);
  // Catalogue cache (docs/decisions.md K1-K3): entries per process, and how late another process's
  // catalogue change may be served on PostgreSQL.
  const catalogCacheEntries = Number(env.CATALOG_CACHE_ENTRIES?.trim() || DEFAULT_CATALOG_CACHE_ENTRIES);
  if (!Number.isInteger(catalogCacheEntries) || catalogCacheEntries < 1 || catalogCacheEntries > 1_000_000)
    throw new Error(`CATALOG_CACHE_ENTRIES must be 1-1000000, got "${env.CATALOG_CACHE_ENTRIES}"`);
  const catalogVersionTtlMs = Number(env.CATALOG_VERSION_TTL_MS?.trim() || DEFAULT_CATALOG_VERSION_TTL_MS);
  if (!Number.isInteger(catalogVersionTtlMs) || catalogVersionTtlMs < 0 || catalogVersionTtlMs > 1_000)
    throw new Error(
      `CATALOG_VERSION_TTL_MS must be 0-1000 milliseconds, got "${env.CATALOG_VERSION_TTL_MS}"`,
    );
  // Live-status streams (docs/decisions.md K30-K34): how often they are swept while the LISTEN connection
  // is down; each sweep is one query for all open streams of the process.
  const streamSweepMs = Number(env.STREAM_SWEEP_MS?.trim() || DEFAULT_STREAM_SWEEP_MS);
  if (!Number.isInteger(streamSweepMs) || streamSweepMs < 100 || streamSweepMs > 60_000)
    throw new Error(`STREAM_SWEEP_MS must be 100-60000 milliseconds, got "${env.STREAM_SWEEP_MS}"`);
  const sweepIntervalMs = Number(env.SWEEP_INTERVAL_MS?.trim() || 15_000);
  if (!Number.isInteger(sweepIntervalMs) || sweepIntervalMs < 100)
    throw new Error(
      `SWEEP_INTERVAL_MS must be a whole number of milliseconds >= 100, got "${env.SWEEP_INTERVAL_MS}"`,
    );
  // Moves the server clock from the outside (POST /test/clock): end-to-end tests only, never production.
  const testClockControl = flag(env.TEST_CLOCK_CONTROL, false);
  // RATE_LIMIT=off / RATE_LIMIT_SCALE: load tests and benchmarks run from one address.
  const rateLimit = rateLimitFromEnv(env);
  const timeouts = serverTimeoutsFromEnv(env);
  const payments = paymentsConfigFromEnv(env, { demoMode });
  // Believe X-Forwarded-* (client address, gateway addresses): only behind a proxy that sets them.
  const trustProxy = trustProxyFromEnv(env.TRUST_PROXY);
  // The Content-Security-Policy: frames only from the web-view allow-list, the map's origins only with a key.
  const security = {
    webViewOrigins: parseWebViewOrigins(env.WEB_VIEW_ORIGINS),
    mapProvider: mapConfigFromEnv(env).provider,
  };
  // PORT=0 takes any free port: the gateway addresses use the one bound, known once listening.
  let boundPort = port;
  const payPasswordKeys = payPasswordKeysFromEnv(env, demoMode);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const spaDir = resolve(root, 'dist');
  // The flow inspector page (/inspect/): a developer's tool, on in demo mode unless INSPECTOR turns it off.
  const inspector = flag(env.INSPECTOR, demoMode);
  const inspectorDir = inspector ? resolve(root, 'dist-inspect') : null;

  const dbConfig = databaseConfigFromEnv(env);
  // The pool opens before the app and its log exist; dropped connections go to that log once it does.
  let logConnectionError = (error: Error) => console.warn('Database connection lost:', error.message);
  const database = await openDatabase(dbConfig, { onConnectionError: (error) => logConnectionError(error) });
  const { demoSeedData } = await import('./seed/index');
  const seeded = await seedDatabase(database.db, demoSeedData(), { payPasswordKeys, demoMode });

  const app = await buildApp({
    db: database.db,
    databaseReachable: database.reachable,
    listen: database.listen,
    streamSweepMs,
    demoMode,
    sms,
    payPasswordKeys,
    logLevel,
    spaDir,
    inspectorDir,
    demoImagesDir: resolve(root, 'server/seed/images'),
    payments: { ...payments, listenOrigin: () => listenOriginOf(host, boundPort) },
    trustProxy,
    security,
    now,
    sweepIntervalMs,
    sessionCacheMs,
    catalogCacheEntries,
    catalogVersionTtlMs,
    testClockControl,
    rateLimit,
    timeouts,
  });
  logConnectionError = (err) => app.log.warn({ err }, 'database connection lost');
  if (!existsSync(resolve(spaDir, 'index.html'))) {
    app.log.warn(
      `No built app in ${spaDir}: serving the API only. Run "npm run build" (or "npm start") first.`,
    );
  }
  if (inspectorDir && !existsSync(resolve(inspectorDir, 'index.html'))) {
    app.log.warn(`No built flow inspector in ${inspectorDir}: run "npm run build" to serve /inspect/.`);
  }
  app.log.info(
    {
      database: dbConfig.kind === 'pglite' ? dbConfig.dataDir : 'postgres (DATABASE_URL)',
      ...(dbConfig.kind === 'postgres' ? { databasePool: postgresSettings(dbConfig) } : {}),
      seeded,
      demoMode,
      inspector,
      sms: sms.kind,
      sweepIntervalMs,
      streamSweepMs,
      ...(testClockControl ? { testClockControl } : {}),
      paymentGateway: payments.gateway,
      rateLimit,
      timeouts,
      payPasswordKey: payPasswordKeys.current.id,
    },
    seeded ? 'database created with the demo shops' : 'database reused',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    clearInterval(purge);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // Expired sessions are refused on lookup anyway; the purge only keeps the table small.
  // Rate counters past their windows likewise.
  const purge = setInterval(
    () => {
      void purgeExpiredSessions(database.db, app.now()).catch((err) =>
        app.log.warn({ err }, 'session purge failed'),
      );
      void Promise.all([
        purgeRateLimits(database.db, app.now()),
        purgeRateEvents(database.db, app.now()),
      ]).catch((err) => app.log.warn({ err }, 'rate counter purge failed'));
    },
    60 * 60 * 1000,
  );
  purge.unref();

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  boundPort = actualPort;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Storefront ready at http://${shown}:${actualPort}`);
  if (demoMode && sms.local) {
    console.log('Demo mode: SMS codes are shown in the login form (never in this log).');
  }
}

main().catch((error: unknown) => {
  console.error('The storefront could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

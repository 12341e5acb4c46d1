// Starts the storefront: opens (creates, migrates, seeds) the database, builds the API, serves the built
// SPA from ./dist and the demo images, and listens. Configuration is the environment (docs/api.md
// "Running the server" and README).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { databaseConfigFromEnv, openDatabase } from './db/client';
import { purgeExpiredSessions } from './modules/identity';
import { paymentsConfigFromEnv } from './payments';
import { smsSenderFromEnv } from './providers/sms';
import { seedDatabase } from './seed/seeder';

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
  const sweepIntervalMs = Number(env.SWEEP_INTERVAL_MS?.trim() || 15_000);
  if (!Number.isInteger(sweepIntervalMs) || sweepIntervalMs < 100)
    throw new Error(
      `SWEEP_INTERVAL_MS must be a whole number of milliseconds >= 100, got "${env.SWEEP_INTERVAL_MS}"`,
    );
  // Moves the server clock from the outside (POST /test/clock): end-to-end tests only, never production.
  const testClockControl = flag(env.TEST_CLOCK_CONTROL, false);
  const payments = paymentsConfigFromEnv(env);
  const root = fileURLToPath(new URL('..', import.meta.url));
  const spaDir = resolve(root, 'dist');

  const dbConfig = databaseConfigFromEnv(env);
  const database = await openDatabase(dbConfig);
  const { chains, shops } = await import('./seed/index');
  const seeded = await seedDatabase(database.db, { chains, shops });

  const app = await buildApp({
    db: database.db,
    demoMode,
    sms,
    logLevel,
    spaDir,
    demoImagesDir: resolve(root, 'server/seed/images'),
    payments,
    now,
    sweepIntervalMs,
    testClockControl,
  });
  if (!existsSync(resolve(spaDir, 'index.html'))) {
    app.log.warn(
      `No built app in ${spaDir}: serving the API only. Run "npm run build" (or "npm start") first.`,
    );
  }
  app.log.info(
    {
      database: dbConfig.kind === 'pglite' ? dbConfig.dataDir : 'postgres (DATABASE_URL)',
      seeded,
      demoMode,
      sms: sms.kind,
      sweepIntervalMs,
      ...(testClockControl ? { testClockControl } : {}),
      paymentGateway: payments.gateway,
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
  const purge = setInterval(
    () =>
      void purgeExpiredSessions(database.db, app.now()).catch((err) =>
        app.log.warn({ err }, 'session purge failed'),
      ),
    60 * 60 * 1000,
  );
  purge.unref();

  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Storefront ready at http://${shown}:${actualPort}`);
  if (demoMode && sms.local) {
    console.log('Demo mode: SMS codes are shown in the login form and written to this log.');
  }
}

main().catch((error: unknown) => {
  console.error('The storefront could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});

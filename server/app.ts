// Builds the consumer API in the fastify/demo order: external plugins (static files), app plugins (the
// database, clock and providers as decorations), then the route files. Tests build one per database and
// call it with `app.inject`; server/main.ts adds configuration from the environment and listens.
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client';
import './http/decorations';
import { installErrorHandlers } from './http/errors';
import { createLogSmsSender, type SmsSender } from './providers/sms';
import { createPayments, type PaymentsOptions } from './payments';
import addressRoutes from './routes/address';
import { adjustableClock } from './modules/order-life-clock';
import { expireDue } from './modules/order-life-gateway';
import deliveryRoutes from './routes/delivery';
import merchantRoutes from './routes/merchant';
import orderRoutes from './routes/order';
import paymentRoutes from './routes/payment';
import orderLifeRoutes, { testClockRoutes } from './routes/order-life';
import storeRoutes from './routes/store';
import tableRoutes from './routes/table';
import userRoutes from './routes/user';

export const DEFAULT_BODY_LIMIT = 256 * 1024;

export interface BuildAppOptions {
  db: Database;
  /** The clock every handler reads (sessions, SMS codes, sale times). Default: the real time. */
  now?: () => Date;
  /** Return the local SMS sender's codes in sendSmsCode replies. Default false. */
  demoMode?: boolean;
  /** Default: the log sender. */
  sms?: SmsSender;
  /** false (default) for silence, or a pino level. */
  logLevel?: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /** Where the log goes (default stdout); tests read it to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
  bodyLimit?: number;
  /** The built SPA (index.html, assets); skipped when null or missing. */
  spaDir?: string | null;
  /** Demo images, served at /assets/demo/. */
  demoImagesDir?: string | null;
  /** Online gateway and public URL (server/payments/index.ts); default the sandbox with its demo secret. */
  payments?: PaymentsOptions;
  /**
   * How often unpaid orders past their deadline are cancelled and online refunds stalled in `refunding`
   * are finished (ms). Default: no sweeper (tests call
   * expireUnpaidOrders or rely on the lazy expiry before reads); server/main.ts runs one every 15 s.
   */
  sweepIntervalMs?: number;
  /** Adds POST /test/clock {advanceMs} that moves the app clock forward. End-to-end tests only. */
  testClockControl?: boolean;
}

/** Fields pino must never print: bearer tokens and cookies. SMS codes never reach the request logger. */
export const LOG_REDACT = ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const logger: FastifyServerOptions['logger'] = options.logLevel
    ? {
        level: options.logLevel,
        redact: { paths: LOG_REDACT, censor: '[redacted]' },
        ...(options.logStream ? { stream: options.logStream } : {}),
      }
    : false;
  const app = Fastify({ logger, bodyLimit, return503OnClosing: true });

  // Only JSON is accepted: without a text/plain parser a text body is a 415, not a string handed to zod.
  app.removeContentTypeParser('text/plain');
  installErrorHandlers(app, bodyLimit);

  // External plugins.
  if (options.demoImagesDir && existsSync(options.demoImagesDir)) {
    await app.register(fastifyStatic, {
      root: options.demoImagesDir,
      prefix: '/assets/demo/',
      decorateReply: false,
      maxAge: '1h',
    });
  }
  if (options.spaDir && existsSync(options.spaDir)) {
    await app.register(fastifyStatic, {
      root: options.spaDir,
      prefix: '/',
      index: 'index.html',
      wildcard: true,
    });
  }

  // App plugins.
  app.decorate('db', options.db);
  const baseNow = options.now ?? (() => new Date());
  const clock = options.testClockControl ? adjustableClock(baseNow) : null;
  app.decorate('now', clock ? clock.now : baseNow);
  app.decorate('settings', { demoMode: options.demoMode ?? false, sms: options.sms ?? createLogSmsSender() });
  app.decorate('payments', createPayments(options.db, options.payments, app.log));

  app.get('/healthz', async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // Routes: one plugin per API area.
  await app.register(userRoutes);
  await app.register(storeRoutes);
  await app.register(orderRoutes);
  await app.register(addressRoutes);
  await app.register(deliveryRoutes);
  await app.register(tableRoutes);
  await app.register(paymentRoutes);
  await app.register(orderLifeRoutes);
  await app.register(merchantRoutes);
  if (clock) await app.register(testClockRoutes(clock));

  if (options.sweepIntervalMs) startSweeper(app, options.sweepIntervalMs);

  return app;
}

/**
 * Cancels unpaid orders past their deadline and finishes stalled online refunds without waiting for anyone
 * to read them; stops on close.
 */
function startSweeper(app: FastifyInstance, intervalMs: number): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // A slow sweep (a gateway asked about a processing payment) is never overlapped by the next one.
    if (running) return;
    running = expireDue(app, app.now())
      .catch((err: unknown) => app.log.warn({ err }, 'expiry sweep failed'))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

// Builds the consumer API in the fastify/demo order: external plugins (static files), app plugins (the
// database, clock and providers as decorations), then the route files. Tests build one per database and
// call it with `app.inject`; server/main.ts adds configuration from the environment and listens.
import { existsSync } from 'node:fs';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { answersWithin, type Database } from './db/client';
import type { Listen } from './db/notify';
import './http/decorations';
import { DATABASE_RETRY_AFTER_SECONDS } from './db/faults';
import { installErrorHandlers } from './http/errors';
import { replyCompression } from './http/compression';
import {
  CatalogCache,
  DEFAULT_CATALOG_CACHE_ENTRIES,
  DEFAULT_CATALOG_VERSION_TTL_MS,
} from './modules/catalog/catalog-cache';
import securityHeaders, { type SecurityHeadersOptions } from './http/security-headers';
import inspectorPage from './http/inspector';
import { createSessionCache } from './http/session-cache';
import { spaCacheControl } from './http/static-cache';
import { RATE_LIMIT_ON, type RateLimitSettings } from './http/rate-limit';
import { DEFAULT_SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './http/timeouts';
import { LOG_CENSOR, requestLogSerializer } from './http/log';
import { createLogSmsSender, type SmsSender } from './providers/sms';
import { DEMO_PAY_PASSWORD_KEYRING, type PayPasswordKeyring } from './modules/identity/identity-password';
import { createPayments, type PaymentsOptions } from './payments';
import activityRoutes from './routes/activity';
import addressRoutes from './routes/address';
import { adjustableClock } from './modules/orders/order-life-clock';
import { expireDue } from './modules/orders/order-life-gateway';
import deliveryRoutes from './routes/delivery';
import { generalRoutes } from './routes/general';
import { memberRoutes } from './routes/member';
import memberMoneyRoutes from './routes/member-money';
import limitCardRoutes from './routes/limit-card';
import merchantRoutes from './routes/merchant';
import orderRoutes from './routes/order';
import paymentRoutes from './routes/payment';
import pointStoreRoutes from './routes/point-store';
import orderLifeRoutes, { testClockRoutes } from './routes/order-life';
import storeRoutes from './routes/store';
import tableRoutes from './routes/table';
import tableEventsRoute from './routes/table-events';
import type { StreamRegistry } from './modules/orders/order-stream';
import beautyRoutes from './routes/beauty';
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
  /** Keys of the pay-password hashes; default the public demo key (server/main.ts passes the configured ones). */
  payPasswordKeys?: PayPasswordKeyring;
  /** false (default) for silence, or a pino level. */
  logLevel?: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /** Where the log goes (default stdout); tests read it to prove secrets stay out. */
  logStream?: NodeJS.WritableStream;
  bodyLimit?: number;
  /** The built SPA (index.html, assets); skipped when null or missing. */
  spaDir?: string | null;
  /** The flow inspector's build, served at /inspect/ (server/http/inspector.ts); skipped when null or missing. */
  inspectorDir?: string | null;
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
  /**
   * Adds POST /test/clock {advanceMs}, which moves the app clock forward, and POST /test/streams/end, which
   * ends the calling customer's live streams. End-to-end tests only.
   */
  testClockControl?: boolean;
  /**
   * How long a session read by its token is kept in this process (ms); 0 reads every call's session from
   * the database. Default 0; server/main.ts sets SESSION_CACHE_MS (default 2000).
   */
  sessionCacheMs?: number;
  /**
   * Catalogue cache entries (one per shop and catalogue language) this process keeps; default
   * DEFAULT_CATALOG_CACHE_ENTRIES (server/modules/catalog/catalog-cache.ts, CATALOG_CACHE_ENTRIES).
   */
  catalogCacheEntries?: number;
  /**
   * On PostgreSQL, how long (ms) a shop's catalogue counters read by this process are trusted while it
   * writes nothing itself: the bound on how late another process's catalogue change is served. 0 reads
   * them on every catalogue request. Default DEFAULT_CATALOG_VERSION_TTL_MS (CATALOG_VERSION_TTL_MS).
   */
  catalogVersionTtlMs?: number;
  /** Request rate limits and SMS caps per session, device and address; default on at scale 1. */
  rateLimit?: RateLimitSettings;
  /** How long a slow client may take (server/http/timeouts.ts); default DEFAULT_SERVER_TIMEOUTS. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * /healthz's probe (OpenDatabase.reachable): true when the database answers within the deadline.
   * Default: `select 1` through `db`, raced against the deadline.
   */
  databaseReachable?: (deadlineMs: number) => Promise<boolean>;
  /**
   * The database's LISTEN (OpenDatabase.listen): one subscription per app wakes the live-status streams
   * whose customer's orders changed (docs/decisions.md K30). Without it the streams learn of changes only
   * by the sweep every `streamSweepMs`.
   */
  listen?: Listen;
  /** How often open streams are swept while the listener is down (ms); default 2000 (STREAM_SWEEP_MS). */
  streamSweepMs?: number;
  /**
   * A proxy in front sets X-Forwarded-For/Host/Proto, and they are believed (Fastify's trustProxy; the
   * gateway addresses follow X-Forwarded-Host when PUBLIC_URL is not set). Default false: anyone can send
   * those headers to a server they reach directly. A list names the proxies (addresses, CIDR ranges,
   * loopback): only they are believed, so a client's own X-Forwarded-For entries are never its address.
   */
  trustProxy?: boolean | string[];
  /**
   * Security headers (server/http/security-headers.ts): the web-view allow-list (WEB_VIEW_ORIGINS) and the
   * browser map's provider, whose origins join the Content-Security-Policy. Default: neither.
   */
  security?: SecurityHeadersOptions;
}

/** /healthz answers within this, whatever the database does (a load balancer's probe has a deadline). */
export const HEALTH_DEADLINE_MS = 1_000;

/** Fields pino must never print: bearer tokens and cookies. URLs are redacted by requestLogSerializer. */
export const LOG_REDACT = ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const logger: FastifyServerOptions['logger'] = options.logLevel
    ? {
        level: options.logLevel,
        redact: { paths: LOG_REDACT, censor: LOG_CENSOR },
        serializers: { req: requestLogSerializer },
        ...(options.logStream ? { stream: options.logStream } : {}),
      }
    : false;
  const trustProxy = options.trustProxy ?? false;
  const app = Fastify({
    logger,
    bodyLimit,
    return503OnClosing: true,
    trustProxy,
    ...serverTimeoutOptions({ ...DEFAULT_SERVER_TIMEOUTS, ...options.timeouts }),
  });

  // Only JSON is accepted: without a text/plain parser a text body is a 415, not a string handed to zod.
  app.removeContentTypeParser('text/plain');
  installErrorHandlers(app, bodyLimit);
  await app.register(securityHeaders, options.security ?? {});
  // Before every route, so its onSend hook sees them all; the event streams hijack and are untouched.
  await app.register(fastifyCompress, replyCompression);

  // External plugins.
  if (options.demoImagesDir && existsSync(options.demoImagesDir)) {
    await app.register(fastifyStatic, {
      root: options.demoImagesDir,
      prefix: '/assets/demo/',
      decorateReply: false,
      maxAge: '1h',
    });
  }
  if (options.inspectorDir && existsSync(options.inspectorDir)) {
    await app.register(inspectorPage, { root: options.inspectorDir });
  }
  if (options.spaDir && existsSync(options.spaDir)) {
    const spaDir = options.spaDir;
    // Precompressed at build (vite.config.ts): the .br or .gz twin the client accepts, none made per request.
    await app.register(fastifyStatic, {
      root: spaDir,
      prefix: '/',
      // An array: with preCompressed, @fastify/static looks a string index up as none and answers / with 404.
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', spaCacheControl(spaDir, filePath)),
    });
  }

  // App plugins.
  app.decorate('db', options.db);
  app.decorate('sessionCache', createSessionCache(options.sessionCacheMs ?? 0));
  app.decorate(
    'catalogCache',
    new CatalogCache(
      options.catalogCacheEntries ?? DEFAULT_CATALOG_CACHE_ENTRIES,
      options.catalogVersionTtlMs ?? DEFAULT_CATALOG_VERSION_TTL_MS,
    ),
  );
  const baseNow = options.now ?? (() => new Date());
  const clock = options.testClockControl ? adjustableClock(baseNow) : null;
  app.decorate('now', clock ? clock.now : baseNow);
  app.decorate('settings', {
    demoMode: options.demoMode ?? false,
    sms: options.sms ?? createLogSmsSender(),
    rateLimit: options.rateLimit ?? RATE_LIMIT_ON,
    payPasswordKeys: options.payPasswordKeys ?? DEMO_PAY_PASSWORD_KEYRING,
  });
  app.decorate(
    'payments',
    createPayments(options.db, { ...options.payments, trustProxy: trustProxy !== false }, app.log),
  );

  const reachable =
    options.databaseReachable ??
    ((deadlineMs: number) => answersWithin(() => options.db.execute(sql`select 1`), deadlineMs));
  app.get('/healthz', async (_request, reply) => {
    if (await reachable(HEALTH_DEADLINE_MS)) return { status: 'ok', database: 'up' };
    return reply.status(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({
      status: 'unavailable',
      database: 'down',
    });
  });

  // Routes: one plugin per API area.
  await app.register(userRoutes);
  await app.register(storeRoutes);
  await app.register(orderRoutes);
  await app.register(addressRoutes);
  await app.register(activityRoutes);
  await app.register(deliveryRoutes);
  await app.register(tableRoutes);
  // The order and tab streams of the app, which shutdown and the test control end together.
  const streams: StreamRegistry = new Map();
  await app.register(tableEventsRoute, {
    listen: options.listen,
    streamSweepMs: options.streamSweepMs,
    registry: streams,
  });
  await app.register(beautyRoutes);
  await app.register(paymentRoutes);
  await app.register(orderLifeRoutes, {
    listen: options.listen,
    streamSweepMs: options.streamSweepMs,
    testControl: options.testClockControl ?? false,
    registry: streams,
  });
  await app.register(merchantRoutes);
  await app.register(memberMoneyRoutes);
  await app.register(pointStoreRoutes);
  await app.register(limitCardRoutes);
  await app.register(memberRoutes({ webViewOrigins: options.security?.webViewOrigins ?? [] }));
  await app.register(generalRoutes({ webViewOrigins: options.security?.webViewOrigins ?? [] }));
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

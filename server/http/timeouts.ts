// How long the HTTP server waits on a slow client (decision S34). Node's defaults let a client take a
// minute over its headers and five over its body, and keep a silent connection for ever, so a few hundred
// slowloris connections that dribble one byte at a time hold the server's sockets. These bounds drop them:
// headers must arrive within HTTP_HEADERS_TIMEOUT_MS, the whole request within HTTP_REQUEST_TIMEOUT_MS,
// and a connection with no traffic either way is closed after HTTP_IDLE_TIMEOUT_MS (a live-status stream
// is never idle: it sends a comment every 15 s).
import type { ServerOptions } from 'node:http';

export interface ServerTimeouts {
  /** Receiving the request line and headers. */
  headersMs: number;
  /** Receiving the whole request, body included (at least headersMs). */
  requestMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
  /** A connection with no bytes either way (the socket timeout). */
  idleMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  // Above the 60 s idle timeout of common load balancers, so they close first (Fastify's own default).
  keepAliveMs: 72_000,
  idleMs: 60_000,
};

/** The Fastify options of the timeouts (Node's http server checks the deadlines at the given interval). */
export function serverTimeoutOptions(timeouts: ServerTimeouts) {
  const { headersMs, requestMs, keepAliveMs, idleMs } = timeouts;
  if (headersMs > requestMs)
    throw new Error(
      `The headers timeout (${headersMs} ms) cannot exceed the request timeout (${requestMs} ms)`,
    );
  const http: ServerOptions = {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    // Node checks the two deadlines only this often (30 s by default), which would let a slow client
    // stay far past them.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersMs / 4))),
  };
  return { http, requestTimeout: requestMs, keepAliveTimeout: keepAliveMs, connectionTimeout: idleMs };
}

const positiveMs = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const ms = Number(value.trim());
  if (!Number.isInteger(ms) || ms < 1)
    throw new Error(`${name} must be a whole number of milliseconds >= 1, got "${value}"`);
  return ms;
};

/** HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_IDLE_TIMEOUT_MS. */
export function serverTimeoutsFromEnv(env: NodeJS.ProcessEnv): ServerTimeouts {
  const timeouts = {
    headersMs: positiveMs(
      'HTTP_HEADERS_TIMEOUT_MS',
      env.HTTP_HEADERS_TIMEOUT_MS,
      DEFAULT_SERVER_TIMEOUTS.headersMs,
    ),
    requestMs: positiveMs(
      'HTTP_REQUEST_TIMEOUT_MS',
      env.HTTP_REQUEST_TIMEOUT_MS,
      DEFAULT_SERVER_TIMEOUTS.requestMs,
    ),
    keepAliveMs: positiveMs(
      'HTTP_KEEP_ALIVE_TIMEOUT_MS',
      env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      DEFAULT_SERVER_TIMEOUTS.keepAliveMs,
    ),
    idleMs: positiveMs('HTTP_IDLE_TIMEOUT_MS', env.HTTP_IDLE_TIMEOUT_MS, DEFAULT_SERVER_TIMEOUTS.idleMs),
  };
  serverTimeoutOptions(timeouts);
  return timeouts;
}

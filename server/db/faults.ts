// Tells a database that is briefly out of reach (restarting, dropped connection, a pool with no free
// client, a statement or lock wait cut by its timeout) from a bug. The former is answered 503 with
// Retry-After, so clients retry and the process carries on; anything else stays a 500.

/**
 * SQLSTATEs that mean "try again later", not "this request is wrong". Class 08 (connection exception)
 * is matched as a class below.
 * - 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now: the server is going or coming.
 * - 57014 query_canceled: statement_timeout (or an operator's pg_cancel_backend).
 * - 55P03 lock_not_available: lock_timeout.
 * - 53300 too_many_connections: the server's connection slots are full.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '55P03', '53300']);

/** Socket errors of a dropped or refused connection. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres and pg-pool signal these without a code; the texts are theirs (pg 8, pg-pool 3): acquire
 * timeout, connect timeout, client-side query_timeout, a connection lost mid-use.
 */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isUnavailableCause(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * Whether an error (or any error in its `cause` chain: drizzle wraps the driver's error in a
 * DrizzleQueryError) means the database is unavailable for the moment.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let e: unknown = error;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    if (isUnavailableCause(e)) return true;
  }
  return false;
}

/** Seconds a client is told to wait (Retry-After) after a 503 caused by the database. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

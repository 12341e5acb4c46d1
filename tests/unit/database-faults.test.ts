// Which database errors mean "out of reach for the moment" (503 with Retry-After) and which stay bugs
// (500), and how the pool limits are read from the environment (decisions S20-S26).
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseConfigFromEnv, postgresSettings, POSTGRES_DEFAULTS } from '../../server/db/client';
import { isDatabaseUnavailable } from '../../server/db/faults';
import { BusinessError } from '../../server/http/action';

/** A server error as node-postgres builds it from an ErrorResponse. */
function serverError(code: string, message = 'server says no'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01 admin_shutdown (pg_terminate_backend, a restart)', serverError('57P01')],
    ['57P02 crash_shutdown', serverError('57P02')],
    ['57P03 cannot_connect_now (the server is starting)', serverError('57P03')],
    ['57014 query_canceled (statement_timeout)', serverError('57014')],
    ['55P03 lock_not_available (lock_timeout)', serverError('55P03')],
    ['53300 too_many_connections', serverError('53300')],
    ['08006 connection_failure', serverError('08006')],
    ['08P01 protocol_violation', serverError('08P01')],
    ['ECONNRESET', socketError('ECONNRESET')],
    ['ECONNREFUSED', socketError('ECONNREFUSED')],
    ['ETIMEDOUT', socketError('ETIMEDOUT')],
    ['pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['client-side query_timeout', new Error('Query read timeout')],
    ['a client already broken', new Error('Client has encountered a connection error and is not queryable')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through the cause chain drizzle wraps driver errors in', () => {
    const wrapped = new DrizzleQueryError('select 1', [], serverError('57P01'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped }))).toBe(true);
  });

  it.each([
    ['23505 unique_violation', serverError('23505')],
    ['23514 check_violation', serverError('23514')],
    ['42P01 undefined_table (a bug)', serverError('42P01')],
    ['22021 bad byte sequence', serverError('22021')],
    ['40P01 deadlock_detected', serverError('40P01')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a business refusal', new BusinessError('request.failed')],
    ['a wrapped unique violation', new DrizzleQueryError('insert', [], serverError('23505'))],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is false for non-errors and survives a cause cycle', () => {
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNRESET')).toBe(false);
    expect(isDatabaseUnavailable({ code: 5 })).toBe(false);
    const a: { cause?: unknown; message: string } = { message: 'a' };
    a.cause = { message: 'b', cause: a };
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('databaseConfigFromEnv', () => {
  const url = 'postgres://shop@db/shop';

  it('applies the documented defaults', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: url })).toEqual({
      kind: 'postgres',
      url,
      ...POSTGRES_DEFAULTS,
    });
    expect(postgresSettings({})).toEqual({ ...POSTGRES_DEFAULTS, queryTimeoutMs: 6_000 });
  });

  it('reads every setting, and 0 switches a timeout off', () => {
    const config = databaseConfigFromEnv({
      DATABASE_URL: url,
      DB_POOL_SIZE: '25',
      DB_ACQUIRE_TIMEOUT_MS: '500',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_LOCK_TIMEOUT_MS: '750',
      DB_QUERY_TIMEOUT_MS: ' 9000 ',
    });
    expect(config).toEqual({
      kind: 'postgres',
      url,
      poolSize: 25,
      acquireTimeoutMs: 500,
      statementTimeoutMs: 0,
      lockTimeoutMs: 750,
      queryTimeoutMs: 9_000,
    });
    expect(postgresSettings({ statementTimeoutMs: 0 }).queryTimeoutMs).toBe(0);
  });

  it.each([
    ['DB_POOL_SIZE', '0'],
    ['DB_POOL_SIZE', 'ten'],
    ['DB_ACQUIRE_TIMEOUT_MS', '-1'],
    ['DB_STATEMENT_TIMEOUT_MS', '1.5'],
    ['DB_LOCK_TIMEOUT_MS', '5s'],
    ['DB_QUERY_TIMEOUT_MS', '99999999999'],
  ])('refuses %s=%s at start-up with a clear message, also for PGlite', (name, value) => {
    expect(() => databaseConfigFromEnv({ DATABASE_URL: url, [name]: value })).toThrow(
      new RegExp(`^${name} must be a whole number from \\d+ to \\d+, got "${value.replace('.', '\\.')}"$`),
    );
    expect(() => databaseConfigFromEnv({ [name]: value })).toThrow(name);
  });
});

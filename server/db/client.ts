// Opens the database the API runs on: embedded PGlite (a data directory, or `memory://` for tests) or
// PostgreSQL through a URL. Migrations run on every open; on PostgreSQL they run under an advisory lock so
// several API processes starting together against one database migrate it exactly once, on a connection of
// their own without the API's statement and lock timeouts. The API's pool bounds every wait (acquire,
// statement, lock, client-side read) and survives connections the server drops (server/db/faults.ts
// classifies the errors; docs/decisions.md S20-S26). LISTEN/NOTIFY, which wakes the live-status streams,
// has a connection of its own per subscription (./notify.ts, K30-K32).
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isDatabaseUnavailable } from './faults';
import { closingWithDatabase, LISTEN_DEFAULTS, listenPglite, listenPostgres, type Listen } from './notify';
import * as schema from './schema';

export type Schema = typeof schema;
/** The driver-neutral drizzle type every repository and module uses. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (same query API as the database). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

/** PostgreSQL pool limits (README "Configuration": DB_POOL_SIZE, DB_*_TIMEOUT_MS). 0 turns a timeout off. */
export interface PostgresSettings {
  /** Connections of the API's pool. */
  poolSize?: number;
  /** Longest wait for a pooled connection (pg `connectionTimeoutMillis`; also bounds opening one). */
  acquireTimeoutMs?: number;
  /** The server cancels a statement running longer (`statement_timeout`, SQLSTATE 57014). */
  statementTimeoutMs?: number;
  /** The server gives up waiting for a lock after this (`lock_timeout`, SQLSTATE 55P03). */
  lockTimeoutMs?: number;
  /**
   * The driver stops waiting for an answer (pg `query_timeout`): the backstop when the server cannot
   * even cancel, e.g. a silent network. Default: the statement timeout plus one second.
   */
  queryTimeoutMs?: number;
  /** First delay before the LISTEN connection is re-opened (server/db/notify.ts); it doubles up to 30 s. */
  listenRetryMs?: number;
}

export const POSTGRES_DEFAULTS = {
  poolSize: 10,
  acquireTimeoutMs: 2_000,
  statementTimeoutMs: 5_000,
  lockTimeoutMs: 2_000,
} as const;

export type DatabaseConfig =
  | {
      kind: 'pglite';
      /** A directory for PGlite's files, or `memory://` for a throw-away database. */
      dataDir: string;
      /**
       * A throw-away database starts from this dump of a data directory (PGlite's dumpDataDir) instead of
       * running initdb; its migrations still run, so a dump made at an older schema is brought up to date.
       */
      snapshot?: Blob;
    }
  | ({ kind: 'postgres'; url: string } & PostgresSettings);

export interface OpenOptions {
  /** Told of every connection the database dropped (the request that used it answers 503 on its own). */
  onConnectionError?: (error: Error) => void;
}

export interface OpenDatabase {
  db: Database;
  kind: DatabaseConfig['kind'];
  /**
   * Whether the database answers `select 1` within `deadlineMs`. Never rejects and never outlives the
   * deadline; on PostgreSQL it uses a connection of its own, so it does not queue behind API work.
   */
  reachable(deadlineMs: number): Promise<boolean>;
  /** LISTEN/NOTIFY: on PostgreSQL a connection of its own per subscription, outside the pool. */
  listen: Listen;
  /** Closes the pool or the embedded database; safe to call twice. */
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming the "schema migration" advisory lock (pg_advisory_lock takes a bigint). */
export const MIGRATION_LOCK_KEY = 72_640_101;

const HOUR_MS = 3_600_000;

/** A whole number in [min, max] from the environment, or the fallback when unset. */
function envInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${env[name]}"`);
  return value;
}

/**
 * Picks the database from the environment: DATABASE_URL wins; otherwise PGlite under DATA_DIR (./data).
 * The pool settings are checked either way, so a typo fails at start-up even before PostgreSQL is used.
 */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  const settings: PostgresSettings = {
    poolSize: envInteger(env, 'DB_POOL_SIZE', POSTGRES_DEFAULTS.poolSize, 1, 1_000),
    acquireTimeoutMs: envInteger(
      env,
      'DB_ACQUIRE_TIMEOUT_MS',
      POSTGRES_DEFAULTS.acquireTimeoutMs,
      0,
      HOUR_MS,
    ),
    statementTimeoutMs: envInteger(
      env,
      'DB_STATEMENT_TIMEOUT_MS',
      POSTGRES_DEFAULTS.statementTimeoutMs,
      0,
      HOUR_MS,
    ),
    lockTimeoutMs: envInteger(env, 'DB_LOCK_TIMEOUT_MS', POSTGRES_DEFAULTS.lockTimeoutMs, 0, HOUR_MS),
  };
  if (env.DB_QUERY_TIMEOUT_MS?.trim())
    settings.queryTimeoutMs = envInteger(env, 'DB_QUERY_TIMEOUT_MS', 0, 0, HOUR_MS);
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url, ...settings };
  return { kind: 'pglite', dataDir: env.DATA_DIR?.trim() || './data' };
}

export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<OpenDatabase> {
  return config.kind === 'pglite'
    ? openPglite(config.dataDir, config.snapshot)
    : openPostgres(config, options);
}

/** Resolves true when `query` succeeds within `deadlineMs`, false when it fails or is late. */
export async function answersWithin(query: () => Promise<unknown>, deadlineMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  try {
    return await Promise.race([
      query().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The contrib extensions every PGlite database loads: btree_gist backs the appointments' exclusion
 * constraints (migration 0023, decision A11), so a database that has them must load it on every open.
 */
export const PGLITE_EXTENSIONS = { btree_gist };

async function openPglite(dataDir: string, snapshot?: Blob): Promise<OpenDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const extensions = PGLITE_EXTENSIONS;
  const client = inMemory
    ? new PGlite(snapshot ? { loadDataDir: snapshot, extensions } : { extensions })
    : new PGlite(dataDir, { extensions });
  const db = drizzlePglite({ client, schema });
  try {
    // One PGlite instance belongs to one process, so no lock is needed around the migrator.
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  const notifications = closingWithDatabase(listenPglite(client));
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // One query at a time: a probe waits behind a long statement, so the deadline is what bounds it.
    reachable: (deadlineMs) => answersWithin(() => client.query('select 1'), deadlineMs),
    listen: notifications.listen,
    close: async () => {
      if (closed) return;
      closed = true;
      await notifications.closeAll();
      await client.close();
    },
  };
}

/**
 * A dump of a new, migrated throw-away PGlite database: databases made by the hundred (one per test file)
 * start from it in a fraction of the time initdb and the migrations take.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The settings with their defaults filled in; the read timeout follows the statement timeout. */
export function postgresSettings(
  config: PostgresSettings,
): Required<Omit<PostgresSettings, 'listenRetryMs'>> {
  const statementTimeoutMs = config.statementTimeoutMs ?? POSTGRES_DEFAULTS.statementTimeoutMs;
  return {
    poolSize: config.poolSize ?? POSTGRES_DEFAULTS.poolSize,
    acquireTimeoutMs: config.acquireTimeoutMs ?? POSTGRES_DEFAULTS.acquireTimeoutMs,
    statementTimeoutMs,
    lockTimeoutMs: config.lockTimeoutMs ?? POSTGRES_DEFAULTS.lockTimeoutMs,
    queryTimeoutMs: config.queryTimeoutMs ?? (statementTimeoutMs > 0 ? statementTimeoutMs + 1_000 : 0),
  };
}

/**
 * Migrates under the advisory lock on a connection of its own: a long migration, or the wait for another
 * process's migration, must not be cut by the API's statement or lock timeout.
 */
async function migratePostgres(url: string, connectTimeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: connectTimeoutMs,
    options: '-c statement_timeout=0 -c lock_timeout=0',
  });
  // The failing query rejects with the same error; the listener only keeps it from being uncaught.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * pg emits 'error' on a client whose connection dies even while it is checked out (between two queries
 * of a transaction, when no query is there to reject); an EventEmitter 'error' without a listener is an
 * uncaught exception that ends the process. Every client gets a listener the moment it connects.
 */
function guardPool(pool: pg.Pool, onConnectionError: (error: Error) => void): void {
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The pool re-emits an idle client's error; the client's own listener above has reported it already.
  pool.on('error', () => undefined);
}

/**
 * drizzle (0.45) sends BEGIN on a client it checked out of the pool before entering its try/finally, so a
 * connection that died while idle in the pool fails the BEGIN and the client is never released. Each such
 * failure costs the pool a client for good, until no request gets one and the process no longer
 * recovers when the database does. Here a transaction checks its client out and always releases it; a
 * client whose transaction failed for want of the database is discarded rather than reused (after a
 * `query_timeout` it may still be waiting for an answer, and the next borrower would queue behind it).
 * Single queries go through pool.query, which discards a client on any error already.
 */
function releaseEveryTransactionClient(db: NodePgDatabase<Schema>, pool: pg.Pool): void {
  const shared = (db as unknown as { session: { dialect: unknown; schema: unknown; options: unknown } })
    .session;
  db.transaction = (async (work: unknown, config: unknown) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      // A session on one client (not the pool) runs BEGIN, the work and COMMIT or ROLLBACK on it.
      const session = new NodePgSession(
        client,
        shared.dialect as ConstructorParameters<typeof NodePgSession>[1],
        shared.schema as ConstructorParameters<typeof NodePgSession>[2],
        shared.options as ConstructorParameters<typeof NodePgSession>[3],
      );
      return await session.transaction(work as never, config as never);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
    }
  }) as typeof db.transaction;
}

async function openPostgres(
  config: { url: string } & PostgresSettings,
  options: OpenOptions,
): Promise<OpenDatabase> {
  const settings = postgresSettings(config);
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  await migratePostgres(config.url, settings.acquireTimeoutMs);
  const connection = {
    connectionString: config.url,
    connectionTimeoutMillis: settings.acquireTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    lock_timeout: settings.lockTimeoutMs,
    query_timeout: settings.queryTimeoutMs,
    // A peer that vanished without closing the socket is noticed by the kernel, not only by a timeout.
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...connection, max: settings.poolSize });
  guardPool(pool, onConnectionError);
  // /healthz's own connection: a saturated or lock-blocked API pool is not a database that is down.
  const probe = new pg.Pool({ ...connection, max: 1, idleTimeoutMillis: 30_000 });
  guardPool(probe, onConnectionError);
  const db = drizzlePg({ client: pool, schema });
  releaseEveryTransactionClient(db, pool);
  const notifications = closingWithDatabase(
    listenPostgres(config.url, {
      ...LISTEN_DEFAULTS,
      connectTimeoutMs: Math.max(settings.acquireTimeoutMs, LISTEN_DEFAULTS.connectTimeoutMs),
      retryMs: config.listenRetryMs ?? LISTEN_DEFAULTS.retryMs,
    }),
  );
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    reachable: (deadlineMs) =>
      answersWithin(
        // pg reads a per-query query_timeout that its types do not list.
        () => probe.query({ text: 'select 1', query_timeout: deadlineMs } as pg.QueryConfig),
        deadlineMs,
      ),
    listen: notifications.listen,
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), probe.end(), notifications.closeAll()]);
    },
  };
}

/**
 * The rows of a raw `execute`: node-postgres and PGlite both answer with `{ rows }`, which drizzle's
 * driver-neutral type does not name.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const preparedByDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement built once per database handle and kept: drizzle builds its SQL once, and node-postgres
 * parses it once per connection under its name (a named prepared statement). Only for statements run on
 * the handle itself, outside transactions (a transaction runs on a connection of its own); `name` must be
 * unique in the process.
 */
export function prepared<T>(db: Database, name: string, build: (db: Database) => T): T {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}

/** Names of session-level prepared statements: one per statement and PGlite handle in the process. */
let sessionStatements = 0;

/**
 * As `prepared`, and on PGlite also planned once: PGlite sends every statement as an unnamed one, which
 * PostgreSQL parses and plans again on each call, and the order submit's statement (several data-modifying
 * CTEs) cost more to plan than to run. Here the statement is given to PGlite's session once with PREPARE,
 * and each call runs EXECUTE with its values as quoted literals (pg's escapeLiteral; EXECUTE takes no bound
 * parameters). drizzle still builds the text and maps the rows, through a client that turns its call into
 * the EXECUTE. On PostgreSQL, node-postgres already keeps a named statement per connection.
 */
export function sessionPrepared<T>(db: Database, name: string, build: (db: Database) => T): T {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return prepared(db, name, build);
  return prepared(db, name, () => build(executingDatabase(client, `${name}_${++sessionStatements}`)));
}

function executingDatabase(client: PGlite, name: string): Database {
  let text: string | null = null;
  let ready: Promise<unknown> | null = null;
  const executing = {
    query(queryText: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) {
      if (text !== null && text !== queryText) throw new Error(`${name} runs one statement`);
      text = queryText;
      ready ??= client.query(`prepare ${name} as ${queryText}`).catch((error: unknown) => {
        ready = null;
        throw error;
      });
      const values = params.map(sqlLiteral).join(', ');
      return ready.then(() => client.query(`execute ${name}${values ? `(${values})` : ''}`, [], options));
    },
  };
  return drizzlePglite({ client: executing as unknown as PGlite, schema }) as unknown as Database;
}

/** A value bound as drizzle would send it, as a quoted literal that takes the parameter's type. */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'object') return pg.escapeLiteral(JSON.stringify(value));
  return pg.escapeLiteral(String(value));
}

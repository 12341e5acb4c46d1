// Opens the database the API runs on: embedded PGlite (a data directory, or `memory://` for tests) or
// PostgreSQL through a URL. Migrations run on every open; on PostgreSQL they run under an advisory lock so
// several API processes starting together against one database migrate it exactly once.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The driver-neutral drizzle type every repository and module uses. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (same query API as the database). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export type DatabaseConfig =
  /** A directory for PGlite's files, or `memory://` for a throw-away database. */
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize?: number };

export interface OpenDatabase {
  db: Database;
  kind: DatabaseConfig['kind'];
  /** Closes the pool or the embedded database; safe to call twice. */
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming the "schema migration" advisory lock (pg_advisory_lock takes a bigint). */
export const MIGRATION_LOCK_KEY = 72_640_101;

/** Picks the database from the environment: DATABASE_URL wins; otherwise PGlite under DATA_DIR (./data). */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv): DatabaseConfig {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dataDir: env.DATA_DIR?.trim() || './data' };
}

export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url, config.poolSize);
}

async function openPglite(dataDir: string): Promise<OpenDatabase> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(dataDir);
  const db = drizzlePglite({ client, schema });
  try {
    // One PGlite instance belongs to one process, so no lock is needed around the migrator.
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<OpenDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

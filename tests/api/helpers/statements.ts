// Counts the statements a database handle sends outside transactions: drizzle hands every such query to
// its client's `query` (PGlite's instance, or node-postgres's pool), so wrapping that one method sees
// them all. Transactions run on a checked-out connection on PostgreSQL and are not counted there.
import type { Database } from '../../../server/db/client';

interface QueryClient {
  query: (...args: unknown[]) => Promise<unknown>;
}

export interface StatementCounter {
  /** Statements sent since the counter was made or last reset. */
  readonly count: number;
  /** The SQL text of each, in order. */
  readonly texts: readonly string[];
  reset(): void;
  /** Puts the client's own method back. */
  restore(): void;
}

const sqlOf = (first: unknown): string =>
  typeof first === 'string' ? first : String((first as { text?: string } | null)?.text ?? '');

export function countStatements(db: Database): StatementCounter {
  const client = (db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  const texts: string[] = [];
  client.query = function counted(this: unknown, ...args: unknown[]) {
    texts.push(sqlOf(args[0]));
    return original.apply(this, args);
  };
  return {
    get count() {
      return texts.length;
    },
    texts,
    reset: () => void texts.splice(0),
    restore: () => {
      client.query = original;
    },
  };
}

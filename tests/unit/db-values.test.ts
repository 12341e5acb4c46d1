// jsonRows / encodeRows (server/db/values.ts): rows sent as one JSON parameter and read back as typed
// columns, for the one-statement order submit (K48). Run on PGlite so the casts and defaults are the
// database's own, not a reading of the SQL text.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRows, jsonRows } from '../../server/db/values';

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  count: integer('count').notNull().default(7),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  label: jsonb('label').$type<{ en: string }>(),
  note: text('note'),
  done: boolean('done').notNull().default(false),
  at: timestamp('at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`'2026-01-02T03:04:05Z'::timestamptz`),
});

const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

const KEYS = ['name', 'count', 'tags', 'label', 'note', 'done', 'at'] as const;

async function roundTrip(rows: Parameters<typeof encodeRows<typeof things>>[1]) {
  const r = jsonRows(things, sql`${encodeRows(things, rows)}`, 'r');
  const columns = sql.join(
    KEYS.map((key) => sql`${r.column(key)} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const result = await db.execute<Record<string, unknown>>(
    sql`select r.ordinal::int as ordinal, ${columns} from ${r.from} order by r.ordinal`,
  );
  // drizzle's PGlite driver hands timestamps over as text for its columns to map.
  return result.rows.map((row) => ({ ...row, at: new Date(String(row.at)) }));
}

describe('jsonRows and encodeRows', () => {
  it('reads every property back with its column type, the rows numbered from 1', async () => {
    const at = new Date('2026-03-02T04:00:00.123Z');
    const rows = await roundTrip([
      { name: 'a', count: 1, tags: ['x'], label: { en: 'A' }, note: null, done: true, at },
      { name: "b'quote", count: 2, tags: [], label: null, note: 'hi', done: false, at },
    ]);
    expect(rows).toEqual([
      { ordinal: 1, name: 'a', count: 1, tags: ['x'], label: { en: 'A' }, note: null, done: true, at },
      { ordinal: 2, name: "b'quote", count: 2, tags: [], label: null, note: 'hi', done: false, at },
    ]);
  });

  it("gives a property a row leaves out the column's default, or null without one", async () => {
    const [row] = await roundTrip([{ name: 'unset' }]);
    expect(row).toEqual({
      ordinal: 1,
      name: 'unset',
      count: 7,
      tags: [],
      label: null,
      note: null,
      done: false,
      at: new Date('2026-01-02T03:04:05Z'),
    });
  });
});

// sessionPrepared (server/db/client.ts): on PGlite a statement is prepared once in the session and each call
// runs EXECUTE with its values as literals. What must hold: the values arrive exactly as bound (quotes,
// backslashes, text that looks like SQL, nulls, JSON, dates), the rows are mapped as drizzle maps them, and
// the statement is planned once however often it runs.
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionPrepared, type Database } from '../../server/db/client';

const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  body: text('body'),
  count: integer('count').notNull(),
  meta: jsonb('meta').$type<Record<string, unknown>>(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
});

const client = new PGlite();
const db = drizzle(client) as unknown as Database;
beforeAll(() =>
  client.exec(
    'create table notes (id serial primary key, body text, count integer not null, meta jsonb, at timestamptz not null)',
  ),
);
afterAll(() => client.close());

const insertNote = (database: Database) =>
  database
    .insert(notes)
    .values({
      body: sql.placeholder('body'),
      count: sql.placeholder('count'),
      meta: sql`${sql.placeholder('meta')}::jsonb`,
      at: sql`${sql.placeholder('at')}::timestamptz`,
    })
    .returning()
    .prepare('insert_note');

const insert = (values: { body: string | null; count: number; meta: string | null; at: string }) =>
  sessionPrepared(db, 'insert_note', insertNote).execute(values);

describe('sessionPrepared on PGlite', () => {
  it('stores values with quotes, backslashes and SQL in them exactly, and maps the row', async () => {
    const at = '2026-11-19T10:00:00.123Z';
    const body = `O'Brien's "noodles" \\ no MSG'); drop table notes; --`;
    const [row] = await insert({ body, count: -3, meta: JSON.stringify({ note: "it's \\n" }), at });
    expect(row).toEqual({ id: row!.id, body, count: -3, meta: { note: "it's \\n" }, at: new Date(at) });
    const [empty] = await insert({ body: null, count: 0, meta: null, at });
    expect(empty).toMatchObject({ body: null, meta: null });
  });

  it('round-trips any text and count', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), fc.integer(), async (text, count) => {
        const body = text.replace(/\0/g, '');
        const [row] = await insert({ body, count, meta: null, at: '2026-01-01T00:00:00Z' });
        expect(row).toMatchObject({ body, count });
      }),
      { numRuns: 200 },
    );
  });

  it('prepares the statement once in the session', async () => {
    const prepared = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'insert_note_%'",
    );
    expect(prepared.rows[0]!.n).toBe(1);
    const notesCount = await client.query<{ n: number }>('select count(*)::int as n from notes');
    expect(notesCount.rows[0]!.n).toBe(202);
  });
});

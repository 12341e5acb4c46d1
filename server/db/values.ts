// Rows sent as one JSON parameter and read back as typed columns, for INSERT … SELECT statements whose
// SQL text must not depend on the rows: the one-statement order submit (K48) is a named prepared
// statement whatever the number of its lines, so the process builds it once and each connection parses
// it once. A property a row leaves out gets the column's default, as drizzle's `values()` would give it.
import { getTableColumns, is, Param, sql, SQL, type Column, type Placeholder } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A column name as an SQL string literal: part of the statement's constant text, not a parameter. */
const literal = (name: string) => sql.raw(`'${name.replaceAll("'", "''")}'`);

const isJson = (column: Column) => column.columnType === 'PgJsonb' || column.columnType === 'PgJson';

/** The column's default as SQL of its type, or null when it has none. */
function defaultOf(column: Column, type: SQL): SQL {
  if (column.hasDefault && column.default !== undefined) {
    const value = column.default;
    if (is(value, SQL)) return sql`(${value})::${type}`;
    return sql`${new Param(column.mapToDriverValue(value))}::${type}`;
  }
  return sql`null::${type}`;
}

export interface JsonRows {
  /** `jsonb_array_elements(<param>) with ordinality as <alias>(v, ordinal)`: ordinal counts from 1. */
  from: SQL;
  /** The column's value of the row: its property when the row has it, else the column's default. */
  column(key: string): SQL;
  /** The table's columns by property, for the insert's column list. */
  columns: Record<string, Column>;
}

/**
 * Reads `param` (a JSON array of rows made by `encodeRows`) as rows of `table` under `alias`. Defaults
 * that drizzle computes in the process (`$defaultFn`) are not supported: no table here has one.
 */
export function jsonRows<T extends PgTable>(table: T, param: SQL | Placeholder, alias: string): JsonRows {
  const columns = getTableColumns(table) as Record<string, Column>;
  const row = sql.identifier(alias);
  return {
    from: sql`jsonb_array_elements(${param}::jsonb) with ordinality as ${row}(v, ordinal)`,
    columns,
    column(key) {
      const column = columns[key];
      if (!column) throw new Error(`${key} is no column of the table`);
      if (column.defaultFn) throw new Error(`${column.name} has a default computed in the process`);
      const type = sql.raw(column.getSQLType());
      const name = literal(column.name);
      // A JSON null read with -> is jsonb 'null', not SQL null: drizzle stores a null as SQL null.
      const value = isJson(column)
        ? sql`nullif(${row}.v->${name}, 'null'::jsonb)`
        : sql`(${row}.v->>${name})::${type}`;
      return sql`(case when ${row}.v ? ${name} then ${value} else ${defaultOf(column, type)} end)`;
    },
  };
}

interface TableColumn {
  key: string;
  column: Column;
  /** JSON columns take their values as they are. */
  json: boolean;
}

// Each table's columns, listed and classified once: a submit encodes (and reads back) every line, and
// doing that per row cost more than the values themselves.
const tableColumns = new WeakMap<PgTable, TableColumn[]>();

function columnsOf(table: PgTable): TableColumn[] {
  let list = tableColumns.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table) as Record<string, Column>).map(([key, column]) => ({
      key,
      column,
      json: isJson(column),
    }));
    tableColumns.set(table, list);
  }
  return list;
}

/** The rows as `jsonRows` reads them: keyed by column name, each value as the driver would send it. */
export function encodeRows<T extends PgTable>(table: T, rows: Partial<T['$inferInsert']>[]): string {
  const columns = columnsOf(table);
  return JSON.stringify(
    rows.map((row) => {
      const encoded: Record<string, unknown> = {};
      for (const { key, column, json } of columns) {
        const value = (row as Record<string, unknown>)[key];
        if (value === undefined) continue;
        encoded[column.name] = value === null || json ? value : column.mapToDriverValue(value);
      }
      return encoded;
    }),
  );
}

/** The columns whose default the database computes (a sequence, `now()`): an insert learns them only back. */
export function databaseDefaulted<T extends PgTable>(table: T): string[] {
  return columnsOf(table)
    .filter(({ column }) => column.hasDefault && (column.default === undefined || is(column.default, SQL)))
    .map(({ key }) => key);
}

/**
 * The row an insert of `values` writes, when every column the database would fill itself is among them: a
 * missing column gets its default (a copy of it), or null. A default the database computes (`now()`, a
 * sequence) cannot be known here, so a row that leaves such a column out is refused.
 */
export function rowFromValues<T extends PgTable>(table: T, values: T['$inferInsert']): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const { key, column } of columnsOf(table)) {
    const value = (values as Record<string, unknown>)[key];
    if (value !== undefined) row[key] = value;
    else if (!column.hasDefault) row[key] = null;
    else if (column.default === undefined || is(column.default, SQL)) {
      throw new Error(`${column.name} takes its default in the database`);
    } else row[key] = structuredClone(column.default);
  }
  return row as T['$inferSelect'];
}

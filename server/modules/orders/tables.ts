// Tables of a shop as table/getTableInfo and the dine-in order read them: resolved by id, by the
// unguessable code a printed QR code carries (table_codes) or by the number printed on the table, always
// within one shop.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CatalogueLocale } from '../../../src/domain/enums';
import type { TableInfo } from '../../../src/domain/api/table';
import type { Executor } from '../../db/client';
import { tableCodes, tables } from '../../db/schema';
import { localize } from '../catalog/catalog';

export type TableRow = typeof tables.$inferSelect;

/** 16 random bytes, url-safe: not guessable from the table id or from another table's code. */
export const newTableCode = () => randomBytes(16).toString('base64url');

/** The table a ref names in this shop (a number is an id, a string a code), or null. */
export async function resolveTable(
  db: Executor,
  shopId: number,
  ref: number | string,
): Promise<TableRow | null> {
  if (typeof ref === 'number') {
    const [row] = await db
      .select()
      .from(tables)
      .where(and(eq(tables.id, ref), eq(tables.shopId, shopId)));
    return row ?? null;
  }
  const [row] = await db
    .select({ table: tables })
    .from(tableCodes)
    .innerJoin(tables, eq(tables.id, tableCodes.tableId))
    .where(and(eq(tableCodes.code, ref), eq(tables.shopId, shopId)));
  return row?.table ?? null;
}

/**
 * The table whose printed number (its name, e.g. "A12") is `tableNo` in this shop, ignoring case and
 * surrounding spaces, or null. Two tables printed with the same number cannot be told apart, so neither
 * is answered: guessing would send an order to the wrong table.
 */
export async function resolveTableByNumber(
  db: Executor,
  shopId: number,
  tableNo: string,
): Promise<TableRow | null> {
  const rows = await db
    .select()
    .from(tables)
    .where(and(eq(tables.shopId, shopId), sql`lower(trim(${tables.name})) = ${tableNo.trim().toLowerCase()}`))
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * Area ids: the seeded tables carry an area name, not an id, so areas are numbered 1, 2, … in the order
 * of their first table. Stable while the shop's tables do not change.
 */
export async function areaIds(db: Executor, shopId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ area: tables.area })
    .from(tables)
    .where(eq(tables.shopId, shopId))
    .orderBy(asc(tables.id));
  const ids = new Map<string, number>();
  for (const row of rows) {
    const key = JSON.stringify(row.area);
    if (!ids.has(key)) ids.set(key, ids.size + 1);
  }
  return ids;
}

export function toTableInfo(
  row: TableRow,
  areas: Map<string, number>,
  locale: CatalogueLocale,
  myTabId: number | null = null,
): TableInfo {
  return {
    myTabId,
    isCounter: row.isCounter,
    id: row.id,
    fEachFee: row.eachFee,
    nAreaID: areas.get(JSON.stringify(row.area)) ?? 0,
    nFeeType: row.feeType,
    nMaxPerson: row.maxPerson,
    nStatus: row.status,
    sName: row.name,
    areaName: localize(row.area, locale),
    shopId: row.shopId,
  };
}

/** Gives every table of the shops (all shops when omitted) a code if it has none; returns id → code. */
export async function ensureTableCodes(db: Executor, shopIds?: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: tables.id })
    .from(tables)
    .where(shopIds ? inArray(tables.shopId, shopIds) : undefined);
  if (rows.length > 0) {
    await db
      .insert(tableCodes)
      .values(rows.map((r) => ({ tableId: r.id, code: newTableCode() })))
      .onConflictDoNothing({ target: tableCodes.tableId });
  }
  const codes = await db.select().from(tableCodes);
  return new Map(codes.map((c) => [c.tableId, c.code]));
}

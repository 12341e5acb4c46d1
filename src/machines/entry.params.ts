// The entry parameters of spec §2 "Entry parameters read at start-up", read from the entry URL's query.
// Every value arrives as text; a value that cannot mean what its name says is refused with the name of
// the parameter, so the entry page can say which part of the link is wrong instead of guessing.
import { z } from 'zod';
import { TABLE_CODE_PATTERN } from '../domain/api/table-rules';

const digits = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
const text = (max: number) => z.string().trim().min(1).max(max);
/** openid, payOpenid: opaque, printable, bounded (the same rule the server applies). */
const opaqueId = z
  .string()
  .trim()
  .regex(/^[\w.:@-]{1,128}$/);

export const entryParamsSchema = z.object({
  /** Shop id (either name). */
  id: digits.optional(),
  shop_id: digits.optional(),
  brand: text(64).optional(),
  /** Opened from the old entry: the shop's expiry notice does not block ordering. */
  fromOld: flag.optional(),
  isDine: flag.optional(),
  /** Opened in a plain browser rather than an in-app web view. */
  browser: flag.optional(),
  source_type: text(32).optional(),
  /** Table id, or the table code a printed QR code carries (src/domain/api/table.ts). */
  table: z.union([digits, z.string().trim().regex(TABLE_CODE_PATTERN)]).optional(),
  /** Table number as printed on the table. */
  table_no: text(32).optional(),
  isAutoNumber: flag.optional(),
  openid: opaqueId.optional(),
  payOpenid: opaqueId.optional(),
  payCallback: z
    .string()
    .trim()
    .regex(/^-?\d{1,10}$/)
    .transform(Number)
    .optional(),
  /** A product someone shared: open the product page on it. */
  share_product_id: digits.optional(),
  /** A product to put in the cart on arrival. */
  auto_add_product_id: digits.optional(),
  /** Open the member centre (member card links). */
  to_vip_center: flag.optional(),
});

export interface EntryParams {
  shopId: number | null;
  brand: string | null;
  fromOld: boolean;
  isDine: boolean;
  browser: boolean;
  sourceType: string | null;
  /** A numeric `table`: the table id. */
  tableId: number | null;
  /** A `table` that is a table code (table/getTableInfo resolves it). */
  tableCode: string | null;
  tableNo: string | null;
  isAutoNumber: boolean;
  openid: string | null;
  payOpenid: string | null;
  payCallback: number;
  shareProductId: number | null;
  autoAddProductId: number | null;
  toVipCenter: boolean;
}

export type ParsedEntry = { ok: true; params: EntryParams } | { ok: false; param: string };

/** Parses the known parameters; unknown ones (inspect, abroad, kiosk...) are left to their readers. */
export function parseEntryParams(query: Record<string, string | undefined>): ParsedEntry {
  const known = Object.fromEntries(
    Object.keys(entryParamsSchema.shape)
      .filter((key) => query[key] !== undefined && query[key] !== '')
      .map((key) => [key, query[key]]),
  );
  const result = entryParamsSchema.safeParse(known);
  if (!result.success) return { ok: false, param: String(result.error.issues[0]?.path[0] ?? 'query') };
  const p = result.data;
  if (p.id !== undefined && p.shop_id !== undefined && p.id !== p.shop_id)
    return { ok: false, param: 'shop_id' };
  return {
    ok: true,
    params: {
      shopId: p.shop_id ?? p.id ?? null,
      brand: p.brand ?? null,
      fromOld: p.fromOld ?? false,
      isDine: p.isDine ?? false,
      browser: p.browser ?? false,
      sourceType: p.source_type ?? null,
      tableId: typeof p.table === 'number' ? p.table : null,
      tableCode: typeof p.table === 'string' ? p.table : null,
      tableNo: p.table_no ?? null,
      isAutoNumber: p.isAutoNumber ?? true,
      openid: p.openid ?? null,
      payOpenid: p.payOpenid ?? null,
      payCallback: p.payCallback ?? 0,
      shareProductId: p.share_product_id ?? null,
      autoAddProductId: p.auto_add_product_id ?? null,
      toVipCenter: p.to_vip_center ?? false,
    },
  };
}

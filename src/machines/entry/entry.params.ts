// The entry parameters of spec §2 "Entry parameters read at start-up", read from the entry URL's query.
// Every value arrives as text; a value that cannot mean what its name says is refused with the name of
// the parameter, so the entry page can say which part of the link is wrong instead of guessing.
import { MAX_ENTITY_ID } from '../../domain/api/store-limits';
import { TABLE_CODE_PATTERN } from '../../domain/api/table-rules';

// Plain readers rather than a schema library: the entry page is the first thing a customer loads, and
// these few rules cost a few hundred bytes where a validator would cost kilobytes. The server applies the
// same rules again to whatever reaches it. Each reader returns undefined for a value it refuses.
type Reader<T> = (raw: string) => T | undefined;

const digits: Reader<number> = (raw) => {
  const text = raw.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id <= MAX_ENTITY_ID ? id : undefined;
};
const flag: Reader<boolean> = (raw) => {
  switch (raw) {
    case '1':
    case 'true':
      return true;
    case '0':
    case 'false':
      return false;
    default:
      return undefined;
  }
};
const text =
  (max: number): Reader<string> =>
  (raw) => {
    const value = raw.trim();
    return value.length >= 1 && value.length <= max ? value : undefined;
  };
/** openid, payOpenid: opaque, printable, bounded (the same rule the server applies). */
const opaqueId: Reader<string> = (raw) => {
  const value = raw.trim();
  return /^[\w.:@-]{1,128}$/.test(value) ? value : undefined;
};
/** A table id, else the table code a printed QR code carries (src/domain/api/table-rules.ts). */
const table: Reader<number | string> = (raw) =>
  digits(raw) ?? (TABLE_CODE_PATTERN.test(raw.trim()) ? raw.trim() : undefined);
const signedNumber: Reader<number> = (raw) => {
  const value = raw.trim();
  return /^-?\d{1,10}$/.test(value) ? Number(value) : undefined;
};

/** The known parameters in the order they are checked (the first refused one is named). */
const READERS = {
  /** Shop id (either name). */
  id: digits,
  shop_id: digits,
  brand: text(64),
  /** Opened from the old entry: the shop's expiry notice does not block ordering. */
  fromOld: flag,
  isDine: flag,
  /** Opened in a plain browser rather than an in-app web view. */
  browser: flag,
  source_type: text(32),
  /** Table id, or the table code a printed QR code carries. */
  table,
  /** Table number as printed on the table. */
  table_no: text(32),
  isAutoNumber: flag,
  openid: opaqueId,
  payOpenid: opaqueId,
  payCallback: signedNumber,
  /** A product someone shared: open the product page on it. */
  share_product_id: digits,
  /** A product to put in the cart on arrival. */
  auto_add_product_id: digits,
  /** Open the member centre (member card links). */
  to_vip_center: flag,
} satisfies Record<string, Reader<unknown>>;

type Readers = typeof READERS;
type KnownParams = { [K in keyof Readers]?: Exclude<ReturnType<Readers[K]>, undefined> };

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
  const p: KnownParams = {};
  for (const key of Object.keys(READERS) as (keyof Readers)[]) {
    const raw = query[key];
    if (raw === undefined || raw === '') continue;
    const value = READERS[key](raw);
    if (value === undefined) return { ok: false, param: key };
    (p as Record<string, unknown>)[key] = value;
  }
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

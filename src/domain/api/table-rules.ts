// What a table reference may be (spec §7 table/getTableInfo) and the URL a table's QR code encodes, as plain
// functions: src/domain/api/table.ts builds the zod contract on them; the browser reads a scanned code or an
// entry link with them, without the contract's schemas.
import { MAX_ENTITY_ID } from './store-limits';

/** Table codes are url-safe base64 (see scripts/table-codes.ts); anything else is refused early. */
export const TABLE_CODE_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;
/** A table id written in a URL or typed: decimal digits. */
const TABLE_ID_TEXT = /^\d{1,10}$/;

/** Whether the text (trimmed) has the shape of a table code. */
export const isTableCode = (text: string): boolean => TABLE_CODE_PATTERN.test(text.trim());

/**
 * A table reference as table/getTableInfo reads it (the `tableRef` schema of ./table): a table id (a
 * positive 32-bit integer, or its decimal text, which becomes a number), else a table code (trimmed); null
 * when the value is neither.
 */
export function readTableRef(value: unknown): number | string | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= MAX_ENTITY_ID ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (TABLE_ID_TEXT.test(text)) return Number(text);
  return TABLE_CODE_PATTERN.test(text) ? text : null;
}

/** A printed table number ("A12", "01"): what `table_no` carries and what a customer types. */
export const TABLE_NO_MAX_LENGTH = 32;
/** Printable characters only (no control characters). */
export const TABLE_NO_PATTERN = /^\P{Cc}+$/u;

/** The printed table number a text names (trimmed, 1-32 printable characters), else null. */
export function readTableNo(value: string): string | null {
  const text = value.trim();
  return text.length <= TABLE_NO_MAX_LENGTH && TABLE_NO_PATTERN.test(text) ? text : null;
}

/**
 * The storefront URL a table's QR code encodes. A table of a shop that takes open-table orders opens its
 * shared tab (`source_type=openTable`, decision T49); any other opens dine-in for that table.
 */
export function tableEntryUrl(
  base: string,
  shopId: number,
  code: string,
  options: { openTable?: boolean } = {},
): string {
  const mode = options.openTable ? '&source_type=openTable' : '';
  return `${base.replace(/\/+$/, '')}/#/?id=${shopId}&table=${encodeURIComponent(code)}${mode}`;
}

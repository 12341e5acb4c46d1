// Contract of table/getTableInfo (spec §7) and of the table QR code. A printed code opens
// `<base>/#/?id=<shopId>&table=<code>`, where code is an unguessable string stored per table; the entry
// parameter `table` carries it, and getTableInfo accepts that code or the table id; `table_no` carries the
// number printed on the table ("A12"), which getTableInfo matches against the table's name (sName).
// A code or id that names no table of the session's shop answers "table number not found" (台号不存在).
import { z } from 'zod';
import { entityId } from './store';
import { TABLE_CODE_PATTERN, TABLE_NO_MAX_LENGTH, TABLE_NO_PATTERN } from './table-rules';

// The plain rules live in ./table-rules (zod-free, for the browser); they stay exported from here too.
export {
  isTableCode,
  readTableNo,
  readTableRef,
  TABLE_CODE_PATTERN,
  TABLE_NO_MAX_LENGTH,
  tableEntryUrl,
} from './table-rules';

/** Table codes are url-safe base64 (see scripts/table-codes.ts); anything else is refused early. */
export const tableCode = z.string().trim().regex(TABLE_CODE_PATTERN);

/** A table id (number, or its decimal string from a URL) or a table code. */
export const tableRef = z.union([
  entityId,
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/)
    .transform(Number),
  tableCode,
]);
export type TableRef = z.input<typeof tableRef>;

/** The number printed on the table (entry parameter `table_no`, or typed by the customer), e.g. "A12". */
export const tableNo = z.string().trim().min(1).max(TABLE_NO_MAX_LENGTH).regex(TABLE_NO_PATTERN);

/** A table by id or code (`tableId`), else by its printed number (`tableNo`); one of the two is required. */
export const getTableInfoInput = z
  .object({ tableId: tableRef.optional(), tableNo: tableNo.optional() })
  .refine((input) => input.tableId !== undefined || input.tableNo !== undefined, {
    message: 'tableId or tableNo is required',
  });
export type GetTableInfoInput = z.input<typeof getTableInfoInput>;

/** Table of spec §3, in its wire names. */
export const tableInfo = z.object({
  id: z.number().int(),
  /** Open-table fee per hour, minor units. */
  fEachFee: z.number().int().nonnegative(),
  /** Area id; the seeded data has one area per name, so this is a stable number derived from it. */
  nAreaID: z.number().int(),
  /** 1 = billed per started half hour; otherwise per started hour. */
  nFeeType: z.number().int(),
  nMaxPerson: z.number().int().positive(),
  /** 0 idle, 1 ordering, 2 occupied. */
  nStatus: z.number().int(),
  sName: z.string(),
  areaName: z.string(),
  shopId: z.number().int(),
  /** The table's live tab when the reader is one of its guests, else null (entry routing rule 5). */
  myTabId: z.number().int().nullable(),
  /** The counter's virtual table (spec §3 "virtual table number 8"): each customer gets a tab of their own. */
  isCounter: z.boolean(),
});
export type TableInfo = z.infer<typeof tableInfo>;

export const tableContract = {
  getTableInfo: { input: getTableInfoInput, info: tableInfo },
} as const;

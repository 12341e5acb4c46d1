// Limits of the store/* contract (spec §7 "Store") as plain values: src/domain/api/store.ts builds its zod
// schemas on them and the browser reads them from here, so a search box or a quantity stepper does not
// ship the contract's schemas.

/** Database ids are positive 32-bit integers. */
export const MAX_ENTITY_ID = 2_147_483_647;
/** Units of one line; more than this is a typing error, not an order. */
export const MAX_LINE_QUANTITY = 9_999;
export const MAX_SEARCH_LENGTH = 50;
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 20;
/** Most entries a stock or id list may carry in one call. */
export const MAX_LIST_ENTRIES = 200;

/** Why a line cannot be supplied. */
export const STOCK_SHORTFALL_REASONS = [
  'insufficient',
  'soldOut',
  'offline',
  'deleted',
  'outOfSaleTime',
] as const;
export type StockShortfallReason = (typeof STOCK_SHORTFALL_REASONS)[number];

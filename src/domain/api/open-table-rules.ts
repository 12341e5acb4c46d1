// The open table's limits as plain values. src/domain/api/open-table.ts builds its zod contract on them; the
// browser reads them from here, so the tab and bill pages do not ship the contract's schemas (decision F8).

/** The most parts a bill may be split into equally, and so the highest part a payment may name. */
export const MAX_SPLIT_PARTS = 20;

// The points store contract's plain values (refusals, item blocks, the quantity cap), apart from its zod
// schemas (point-store.ts) so the storefront's pages can use them without loading zod.
/** Why a points store call was refused (the message says it in the customer's language). */
export const POINT_STORE_REFUSALS = [
  /** The session has no member card in this shop's membership scope. */
  'memberRequired',
  /** A memberId or openid that is not the session's. */
  'memberNotFound',
  /** No item with that id in this scope. */
  'itemNotFound',
  /** The item is switched off, or today is outside its dates. */
  'notOnSale',
  /** The member holds fewer points than the exchange costs. */
  'notEnoughPoints',
  /** Not that many units left (the item's own stock, or its coupon's total). */
  'soldOut',
  /** The member would pass the item's per-member limit (or the coupon's per-customer limit). */
  'limitReached',
  /** The idempotencyKey was used before for another item or quantity. */
  'idempotencyConflict',
  /** No exchange with that id belongs to the session's member. */
  'exchangeNotFound',
] as const;
export type PointStoreRefusal = (typeof POINT_STORE_REFUSALS)[number];

/** Why an item cannot be exchanged now (what the card shows on its disabled button). */
export const ITEM_BLOCKS = ['soldOut', 'limitReached', 'notEnoughPoints'] as const;
export type ItemBlock = (typeof ITEM_BLOCKS)[number];

/** The most units one exchange may take. */
export const MAX_EXCHANGE_QUANTITY = 99;

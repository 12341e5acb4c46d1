// The member money contract's plain values (ledger kinds, refusals, page size), apart from its zod schemas
// (member-money.ts) so the storefront's pages can use them without loading zod.
/** What a ledger row records (opening: the balance the card had when the ledger began). */
export const LEDGER_KINDS = [
  'opening',
  'orderPay',
  'orderRefund',
  'recharge',
  'pointsEarn',
  'pointsReverse',
  /** Points spent in the points store (key `pointsExchange:<exchangeId>`). */
  'pointsExchange',
  'adjust',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Why a recharge call was refused (the message says it in the customer's language). */
export const RECHARGE_REFUSALS = [
  /** The session has no member card in this shop's membership scope. */
  'memberRequired',
  /** The shop does not take recharges (isAllowRecharge false or the member function closed). */
  'rechargeClosed',
  /** The tier does not exist, is inactive, or is for the first recharge only and the member has charged. */
  'ruleNotFound',
  /** A free amount outside the scope's limits, or free amounts not allowed. */
  'amountInvalid',
  /** Neither or both of ruleId and amount. */
  'ruleOrAmount',
  /** The pay type is not one store/vipChargePaySetting offers. */
  'payTypeInvalid',
  /** The gateway could not open a payment page; nothing was charged. */
  'gatewayUnavailable',
  /** Another first-recharge-only tier purchase of this member is still open. */
  'firstChargeInProgress',
  /** No recharge with that id belongs to the session's member. */
  'rechargeNotFound',
  /** The idempotencyKey was used before for another tier or amount. */
  'idempotencyConflict',
  /** vip/doc or vip/pointDoc named a member card that is not the session's. */
  'memberNotFound',
] as const;
export type RechargeRefusal = (typeof RECHARGE_REFUSALS)[number];

/** Rows per page of vip/doc and vip/pointDoc. */
export const DOC_PAGE_SIZE = 20;

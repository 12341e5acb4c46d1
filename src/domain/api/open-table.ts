// Contract of the open-table calls (spec §7 table/order, userAddProducts, refreshOrder, userOrders, canPay):
// one shared tab per table, its guests' rounds, the kitchen's answer to each line and the bill as it stands.
// The guest is always the session's customer; the table call's `openId`, `avatarUrl` and the like are accepted
// and ignored. docs/api.md "Open table"; decisions T10–T29.
import { z } from 'zod';
import { idempotencyKey, orderProduct } from './order';
import { MAX_SPLIT_PARTS } from './open-table-rules';
import { MAX_NOTE_LENGTH, MAX_ORDER_LINES } from './order-rules';
import { tableRef } from './table';

/** A tab's id (the spec's `orderId` of the table calls). */
const tabId = z.number().int().positive().max(2_147_483_647);
/** Accepted for compatibility and ignored: the guest is always the session's customer (decision T12). */
const ignoredIdentity = {
  openId: z.string().max(128).optional(),
  avatarUrl: z.string().max(1000).optional(),
};
/** The name a guest shows to the table; empty means "Guest n" (decision T13). */
const nickName = z.string().trim().max(20).optional();

export const tableOrderInput = z.object({
  /** The code printed on the table (a table id is refused: decision T24). */
  tableId: tableRef,
  /** Required to open the table's tab; a guest joining the live one names none (decision T50). */
  person: z.number().int().min(1).max(99).optional(),
  nickName,
  ...ignoredIdentity,
});
export type TableOrderInput = z.input<typeof tableOrderInput>;
export type TableOrder = z.output<typeof tableOrderInput>;

export const tableAddProductsInput = z.object({
  orderId: tabId,
  products: z.array(orderProduct).min(1).max(MAX_ORDER_LINES),
  note: z.string().trim().max(MAX_NOTE_LENGTH).default(''),
  idempotencyKey,
  nickName,
  ...ignoredIdentity,
});
export type TableAddProductsInput = z.input<typeof tableAddProductsInput>;
export type TableAddProducts = z.output<typeof tableAddProductsInput>;

export const tableTabInput = z.object({ orderId: tabId, ...ignoredIdentity });
export type TableTabInput = z.input<typeof tableTabInput>;

/** nOrderStatus of spec §3: 1 ordering, 2 paying (the bill was asked for), 3 paid, 4 closed unpaid. */
export const TAB_STATUS_CODES = { ordering: 1, paying: 2, paid: 3, closed: 4 } as const;
export type TabStatus = keyof typeof TAB_STATUS_CODES;

/** What a guest sees of a line: spec §3's table order states. */
export const TABLE_LINE_STATES = [
  'submitting',
  'ordered',
  'cooking',
  'served',
  'returned',
  'rejected',
] as const;
export type TableLineStateShown = (typeof TABLE_LINE_STATES)[number];

export const tableRoundLine = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  specName: z.string().nullable(),
  tastes: z.array(z.string()),
  quantity: z.number().int(),
  /** The line's list amount, minor units. */
  amount: z.number().int(),
  state: z.enum(TABLE_LINE_STATES),
  /** Why the kitchen returned or rejected it. */
  reason: z.string(),
});
export const tableRound = z.object({
  id: z.number().int(),
  guest: z.string(),
  mine: z.boolean(),
  note: z.string(),
  createdAt: z.string(),
  lines: z.array(tableRoundLine),
});
export type TableRound = z.infer<typeof tableRound>;

/** How the bill is shared when it is asked for: all at once, equal shares, each guest's rounds, or picked items. */
export const SPLIT_MODES = ['all', 'equal', 'guest', 'items'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

/** A coupon of the customer's (activity/couponList's id). */
const couponId = z.number().int().positive().max(2_147_483_647);

export const splitRequest = z.discriminatedUnion('mode', [
  /** One guest pays all: at their member price, with one coupon of theirs if they choose (decision T51). */
  z.object({ mode: z.literal('all'), couponId: couponId.optional() }),
  z.object({ mode: z.literal('equal'), parts: z.number().int().min(2).max(MAX_SPLIT_PARTS) }),
  z.object({ mode: z.literal('guest') }),
  z.object({ mode: z.literal('items') }),
]);
export type SplitRequest = z.infer<typeof splitRequest>;

/** open: nobody took it; paying: its order waits for payment; paid. */
export const BILL_PART_STATES = ['open', 'paying', 'paid'] as const;
export const tableBillPart = z.object({
  index: z.number().int(),
  /** "Ana" (split by guest), "1/3" (equal shares) or the payer's name (items, and the whole bill). */
  label: z.string(),
  amount: z.number().int(),
  state: z.enum(BILL_PART_STATES),
  /** The reader took this part (its order is theirs to pay). */
  mine: z.boolean(),
  /** The order that pays the part: only on the reader's own parts. */
  orderId: z.number().int().nullable(),
  /** Items mode: the lines (tableRoundLine ids) this part pays. */
  lineIds: z.array(z.number().int()),
});
export type TableBillPart = z.infer<typeof tableBillPart>;

export const tableBill = z.object({
  mode: z.enum(SPLIT_MODES),
  /** The frozen bill (fee stopped when it was asked for), minor units; parts always add up to it. */
  total: z.number().int(),
  paid: z.number().int(),
  remaining: z.number().int(),
  parts: z.array(tableBillPart),
  /** Items mode: accepted lines no part has taken yet. */
  openLineIds: z.array(z.number().int()),
});
export type TableBill = z.infer<typeof tableBill>;

/** Table order of spec §3 in its wire names, with the rounds and what the bill comes to now. */
export const tableTabInfo = z.object({
  id: z.number().int(),
  sOrderNo: z.string(),
  nTableID: z.number().int(),
  sTableName: z.string(),
  sAreaName: z.string(),
  nOrderStatus: z.number().int(),
  status: z.enum(['ordering', 'paying', 'paid', 'closed']),
  nPerson: z.number().int(),
  sNote: z.string(),
  fEachFee: z.number().int(),
  nFeeType: z.number().int(),
  /** The timer's start and its end (stopped, or frozen when the bill was asked for), epoch ms; null: none. */
  nStartTimerTime: z.number().int().nullable(),
  nExceptEndTime: z.number().int().nullable(),
  nIsOpenTiming: z.union([z.literal(0), z.literal(1)]),
  /** The server's clock when this was read: the page ticks the fee from it, not from the phone's clock. */
  serverNow: z.number().int(),
  tableTime: z.object({ billedMinutes: z.number().int(), amount: z.number().int() }),
  fSaleAmount: z.number().int(),
  fDiscountAmount: z.number().int(),
  fTaxAmount: z.number().int(),
  fRoundingAmount: z.number().int(),
  fReceivedAmount: z.number().int(),
  /** What the bill comes to now (goods after discounts, fees, taxes, rounding), minor units. */
  total: z.number().int(),
  currency: z.string(),
  numberDecimals: z.number().int(),
  guests: z.array(z.object({ name: z.string(), me: z.boolean() })),
  rounds: z.array(tableRound),
  /** The bill's split once it was asked for (table/confirm), else null (decisions T25–). */
  bill: tableBill.nullable(),
  /** The counter's virtual table (spec §3 "virtual table number 8"): a tab of one customer, not shared. */
  isCounter: z.boolean(),
  /** Changes with every round, kitchen move, timer change or payment: a phone re-renders when it moves. */
  version: z.number().int(),
});
export type TableTabInfo = z.infer<typeof tableTabInfo>;

export const tableRoundsInfo = z.object({ rounds: z.array(tableRound) });
export const tableCanPayInfo = z.object({
  canPay: z.boolean(),
  /** Why not: a round the kitchen has not answered, nothing ordered, or the tab is not ordering. */
  reason: z.enum(['roundSubmitting', 'nothingOrdered', 'notOrdering']).nullable(),
});
export type TableCanPayInfo = z.infer<typeof tableCanPayInfo>;

/** table/confirm: asks for the bill, split as requested (default: all at once, by the guest who asks). */
export const tableConfirmInput = tableTabInput.extend({
  split: splitRequest.default({ mode: 'all' }),
});
export type TableConfirmInput = z.input<typeof tableConfirmInput>;

/**
 * table/quote: what the whole bill comes to for the reader if they pay it all now (decision T51): their
 * member price and, when `couponId` is given, that coupon; with every coupon of theirs the engine judged.
 */
export const tableQuoteInput = tableTabInput.extend({ couponId: couponId.nullable().default(null) });
export type TableQuoteInput = z.input<typeof tableQuoteInput>;

export const tableQuoteCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  usable: z.boolean(),
  /** What it takes off the whole bill (0 when unusable). */
  discount: z.number().int(),
  /** Why not (CouponRejection codes of the pricing engine), empty when usable. */
  reasons: z.array(z.string()),
});
export type TableQuoteCoupon = z.infer<typeof tableQuoteCoupon>;

export const tableQuoteInfo = z.object({
  /** The bill as every phone sees it (no member price, no coupon). */
  billTotal: z.number().int(),
  /** What the reader's member price takes off the total (with the tax and charges on it); 0 without one. */
  memberDiscount: z.number().int(),
  /** What the chosen coupon takes off the total (its amount and the tax and charges on it); 0 without one. */
  couponDiscount: z.number().int(),
  /** What the reader pays for the whole bill, minor units. */
  total: z.number().int(),
  /** The coupon applied: the one asked for when usable, else null. */
  couponId: z.number().int().nullable(),
  /** The reader's coupons held for this shop, usable ones first, the best first. */
  coupons: z.array(tableQuoteCoupon),
});
export type TableQuoteInfo = z.infer<typeof tableQuoteInfo>;

/**
 * table/payPart: the reader takes one part of a split bill (`part`, equal or guest mode) or the lines they
 * pick (`lineIds`, items mode) and gets the order that pays it (order/pay). Idempotent per key.
 */
export const tablePayPartInput = tableTabInput.extend({
  part: z.number().int().min(0).max(MAX_SPLIT_PARTS).optional(),
  lineIds: z.array(z.number().int().positive()).min(1).max(MAX_ORDER_LINES).optional(),
  idempotencyKey,
});
export type TablePayPartInput = z.input<typeof tablePayPartInput>;

/** table/confirm and table/payPart: the tab, and the order the reader pays now (null: split, take a part). */
export const tableConfirmInfo = z.object({
  tab: tableTabInfo,
  orderId: z.number().int().nullable(),
  payer: z.boolean(),
});
export type TableConfirmInfo = z.infer<typeof tableConfirmInfo>;

/** What the shop does to a round, a line or a tab: POST /merchant/api/table/<action> { id, reason? }. */
export const KITCHEN_ACTIONS = [
  'acceptRound',
  'rejectRound',
  'cookLine',
  'serveLine',
  'returnLine',
  'startTimer',
  'stopTimer',
  'closeTab',
] as const;
export type KitchenAction = (typeof KITCHEN_ACTIONS)[number];

/** POST /merchant/api/table/tabs: the shop's live tabs as the floor staff and the kitchen work them. */
export const merchantTab = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  tableName: z.string(),
  area: z.string(),
  counter: z.boolean(),
  status: z.enum(['ordering', 'paying']),
  person: z.number().int(),
  guests: z.array(z.string()),
  openedAt: z.string(),
  timer: z.object({ startedAt: z.string().nullable(), stoppedAt: z.string().nullable() }),
  /** Newest first, so a round waiting for the kitchen is at the top. */
  rounds: z.array(
    z.object({
      id: z.number().int(),
      guest: z.string(),
      state: z.enum(['submitted', 'ordered', 'rejected']),
      note: z.string(),
      createdAt: z.string(),
      lines: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          specName: z.string().nullable(),
          tastes: z.array(z.string()),
          quantity: z.number().int(),
          state: z.enum(['ordered', 'cooking', 'served', 'returned']),
          reason: z.string(),
        }),
      ),
    }),
  ),
});
export type MerchantTab = z.infer<typeof merchantTab>;
export const merchantTabsInfo = z.object({ tabs: z.array(merchantTab) });
export type MerchantTabsInfo = z.infer<typeof merchantTabsInfo>;

export const openTableContract = {
  order: { input: tableOrderInput, info: tableTabInfo },
  userAddProducts: { input: tableAddProductsInput, info: tableTabInfo },
  refreshOrder: { input: tableTabInput, info: tableTabInfo },
  userOrders: { input: tableTabInput, info: tableRoundsInfo },
  canPay: { input: tableTabInput, info: tableCanPayInfo },
  quote: { input: tableQuoteInput, info: tableQuoteInfo },
  confirm: { input: tableConfirmInput, info: tableConfirmInfo },
  payPart: { input: tablePayPartInput, info: tableConfirmInfo },
  cancelPay: { input: tableTabInput, info: tableTabInfo },
} as const;

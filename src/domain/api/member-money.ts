// Contract of the member-money calls (spec §3 "Member", "Member settings", §4 promotion type 20, §7
// vip/payRules, vip/giftAmountRules, vip/charge, vip/chargeResult, vip/doc, vip/pointDoc): the zod input of
// each call and the shape of its reply `info`. Money is integer minor units at the shop's numberDecimals;
// texts come in the request's language; times are ISO instants.
//
// Three records (docs/decisions.md "The member area", M80–M119):
// - a recharge rule is a tier of the membership scope (the chain, or the shop outside a chain): pay an
//   amount, get a gift amount, optional points and optional coupons (promotion type 20); a tier may be for
//   the first recharge only. The scope may also allow a free amount between a minimum and a maximum;
// - a recharge is one top-up the member started: the amount paid online, a snapshot of the tier, and its
//   status. It is credited once, when the gateway says it is paid;
// - the member ledger holds every change of stored balance, gift balance and points as an immutable row
//   with a unique key; the member's balances are the sum of its rows. vip/doc lists the balance rows,
//   vip/pointDoc the points rows, only of the session's own member.
import { z } from 'zod';
import { PAYMENT_STATES } from './order-life-rules';
import { entityId } from './store';

export * from './member-money-rules';
import { LEDGER_KINDS } from './member-money-rules';

const page = z.number().int().positive().max(100_000).default(1);

// ---- inputs --------------------------------------------------------------------------------------

/** is_first: true lists only first-recharge tiers, false only the others; absent lists all the member may buy. */
export const payRulesInput = z.object({ is_first: z.boolean().optional() });
export const giftAmountRulesInput = z.object({});
/**
 * Starts a recharge: a tier (ruleId) or a free amount (amount, minor units), paid online with one of
 * store/vipChargePaySetting's pay types. The same idempotencyKey of the same member answers with the same
 * recharge (a double tap starts one payment).
 */
export const chargeInput = z.object({
  ruleId: entityId.optional(),
  amount: z.number().int().positive().max(100_000_000).optional(),
  payTypeId: z.number().int().nonnegative(),
  idempotencyKey: z.string().min(8).max(64),
});
/** The recharge's status, asking the gateway first while it is still processing. */
export const chargeResultInput = z.object({ id: entityId });
/** The member's balance rows, newest first. `id` (spec) may name the member: only the session's own. */
export const memberDocInput = z.object({ id: entityId.optional(), page });
/** The member's points rows, newest first; as vip/doc. */
export const pointDocInput = z.object({ id: entityId.optional(), page });

export type ChargeInput = z.infer<typeof chargeInput>;

// ---- replies -------------------------------------------------------------------------------------

/** A coupon template a tier grants (promotion type 20), as the customer reads it. */
export const rechargeCoupon = z.object({
  templateId: z.number().int(),
  name: z.string(),
  quantity: z.number().int().positive(),
});
export type RechargeCoupon = z.infer<typeof rechargeCoupon>;

/** A limit card template a tier grants, as the customer reads it: `quantity` cards of `uses` uses each. */
export const rechargeLimitCard = z.object({
  templateId: z.number().int(),
  name: z.string(),
  uses: z.number().int().positive(),
  quantity: z.number().int().positive(),
});
export type RechargeLimitCard = z.infer<typeof rechargeLimitCard>;

export const rechargeRule = z.object({
  id: z.number().int(),
  /** What the member pays. */
  payAmount: z.number().int().positive(),
  /** What is added to the gift balance on top. */
  giftAmount: z.number().int().nonnegative(),
  points: z.number().int().nonnegative(),
  coupons: z.array(rechargeCoupon),
  limitCards: z.array(rechargeLimitCard),
  /** Only while the member has never charged. */
  firstOnly: z.boolean(),
});
export type RechargeRule = z.infer<typeof rechargeRule>;

/** The free amount the scope allows (null: tiers only). */
export const freeAmountLimits = z.object({
  min: z.number().int().positive(),
  max: z.number().int().positive(),
});

const moneyFormat = {
  currency: z.string(),
  numberDecimals: z.number().int(),
};

export const payRulesInfo = z.object({
  isAllowRecharge: z.boolean(),
  /** The shop's slogan on the recharge page ('' when none), in the request's language. */
  chargeSlogan: z.string(),
  /** The member has never charged: first-recharge tiers are open. */
  isFirstCharge: z.boolean(),
  rules: z.array(rechargeRule),
  freeAmount: freeAmountLimits.nullable(),
  ...moneyFormat,
});
export type PayRulesInfo = z.infer<typeof payRulesInfo>;

/** The gift a free amount earns: the gift of the largest non-first tier at or below it (decision M86). */
export const giftAmountRule = z.object({
  payAmount: z.number().int().positive(),
  giftAmount: z.number().int().nonnegative(),
});
export const giftAmountRulesInfo = z.object({
  rules: z.array(giftAmountRule),
  freeAmount: freeAmountLimits.nullable(),
  ...moneyFormat,
});
export type GiftAmountRulesInfo = z.infer<typeof giftAmountRulesInfo>;

/** What a paid recharge put on the card (null until it is credited). */
export const rechargeCredit = z.object({
  amount: z.number().int(),
  giftAmount: z.number().int(),
  points: z.number().int(),
  /** Customer coupon ids granted. */
  couponIds: z.array(z.number().int()),
  /** The card's balances right after the credit. */
  amountAfter: z.number().int(),
  giftAfter: z.number().int(),
  pointsAfter: z.number().int(),
});

export const rechargeView = z.object({
  id: z.number().int(),
  status: z.enum(PAYMENT_STATES),
  /** What the member pays. */
  amount: z.number().int(),
  /** What the tier (or the free amount's gift ladder) promises on top. */
  giftAmount: z.number().int(),
  points: z.number().int(),
  coupons: z.array(rechargeCoupon),
  limitCards: z.array(rechargeLimitCard),
  ruleId: z.number().int().nullable(),
  credited: rechargeCredit.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  ...moneyFormat,
});
export type RechargeView = z.infer<typeof rechargeView>;

export const chargeInfo = z.object({
  recharge: rechargeView,
  /** The gateway's hosted page; null when the recharge is already settled (a repeated key). */
  redirectUrl: z.string().nullable(),
});
export type ChargeInfo = z.infer<typeof chargeInfo>;
export const chargeResultInfo = rechargeView;

/** One balance row of vip/doc. */
export const balanceEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amountDelta: z.number().int(),
  giftDelta: z.number().int(),
  amountAfter: z.number().int(),
  giftAfter: z.number().int(),
  /** The order it belongs to (orderPay, orderRefund). */
  orderNo: z.string().nullable(),
  /** The recharge it belongs to. */
  rechargeId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type BalanceEntry = z.infer<typeof balanceEntry>;

/** One points row of vip/pointDoc. */
export const pointsEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  pointsDelta: z.number().int(),
  pointsAfter: z.number().int(),
  orderNo: z.string().nullable(),
  rechargeId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntry>;

const pageFields = {
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
};
export const memberDocInfo = z.object({ list: z.array(balanceEntry), ...pageFields, ...moneyFormat });
export type MemberDocInfo = z.infer<typeof memberDocInfo>;
export const pointDocInfo = z.object({ list: z.array(pointsEntry), points: z.number().int(), ...pageFields });
export type PointDocInfo = z.infer<typeof pointDocInfo>;

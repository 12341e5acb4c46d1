// Contract of the coupon and activity calls of spec §7 "Activity" (and store/couponProducts,
// vip/getRegisterCoupons): the zod input of each call and the shape of its reply `info`. Texts come in the
// request's language; money is integer minor units; dates are ISO calendar dates in the shop's time zone.
//
// Three records (docs/decisions.md "Coupons, activities and red bags"):
// - an activity is a shop's promotion. Price activities (full reduction, all discount, special price,
//   second item, buy N get N, free gift) apply by themselves in the pricing engine; coupon activities hand
//   out coupons (claim from the activity list, a link, on entry, by a promotion code, on registering, after a
//   paid order);
// - a coupon template belongs to a coupon activity and holds the rules, the validity and the limits (total
//   and per customer);
// - a customer coupon is one coupon a customer holds: its owner is the phone an SMS login proved (like
//   addresses), so a device-only session holds none and gets "please log in first". It is `available`,
//   `reserved` by an unpaid order, `used` by a paid one, or past its dates.
import { z } from 'zod';
import { coupon as pricingCoupon, activity as pricingActivity, isoDate } from '../pricing';
import { entityId } from './store';

/** Coupon kinds and activity kinds are promotion type codes (spec §4); see src/domain/coupon-kinds.ts. */
export const ActivityKind = {
  memberPrice: -1,
  fullReduction: 1,
  allDiscount: 2,
  specPrice: 3,
  discountCoupon: 4,
  someTypeFullReduction: 7,
  expandCoupon: 8,
  overSendProduct: 9,
  overSendCoupon: 10,
  secondItem: 11,
  buyNGetN: 12,
  timesRedBag: 13,
  couponSend: 14,
  productCoupon: 17,
  codePromotion: 19,
  memberChargeGift: 20,
} as const;

/** Kinds the pricing engine applies by themselves (the rest hand out coupons). */
export const PRICE_ACTIVITY_KINDS: readonly number[] = [1, 2, 3, 7, 9, 11, 12];

/** Validity period type (spec §3 enumerations): 1 none, 2 fixed dates, 3 week days, 4 month days. */
export const VALIDITY_TYPES = [1, 2, 3, 4] as const;
/** Chain scope: 0 every shop of the chain (or the shop itself outside a chain), 1 only the issuing shop,
 * 2 the listed shops of the chain. */
export const CHAIN_SCOPES = [0, 1, 2] as const;

/** How a customer got a coupon. */
export const COUPON_SOURCES = [
  'activity',
  'link',
  'entry',
  'code',
  'register',
  'overSend',
  'timesRedBag',
  'expandRedBag',
  'pointStore',
] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/** The state the coupon list groups by. */
export const COUPON_STATES = ['usable', 'reserved', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** Why a claim was refused (the message says it in the customer's language). */
export const CLAIM_REFUSALS = [
  'activityNotFound',
  'activityEnded',
  'soldOut',
  'limitReached',
  'loginRequired',
  'notForYou',
  'codeNotFound',
  'notEarned',
] as const;
export type ClaimRefusal = (typeof CLAIM_REFUSALS)[number];

// ---- inputs --------------------------------------------------------------------------------------

export const activityListInput = z.object({});
export const activityDetailInput = z.object({
  id: entityId,
  /** Spec: the red bag (customer coupon id) the link came from. */
  fromRedBagID: entityId.optional(),
  chainActivity: z.boolean().optional(),
});
/** Claims a coupon of a coupon activity the activity list shows (an addition: spec §7 names no such call). */
export const receiveCouponInput = z.object({ id: entityId, idempotencyKey: z.string().min(8).max(64) });
/** isAll: every coupon the customer has held (used and expired too); otherwise only the usable ones. */
export const couponListInput = z.object({ isAll: z.boolean().default(false) });
/** One coupon of the customer, with its template's full rules and the products it covers. */
export const couponDetailInput = z.object({ id: entityId });
/** The coupon template a shared link names. */
export const couponByLinkInput = z.object({ id: entityId });
export const couponByEntryInput = z.object({});
export const activityByCodeInput = z.object({ code: z.string().trim().min(1).max(32) });
/** The code's coupon, claimed (an addition: the code page shows, then the customer taps "claim"). */
export const claimByCodeInput = z.object({ code: z.string().trim().min(1).max(32) });
/** A paid order of the customer: grants the over-send coupons it earned (once). */
export const checkOverSendCouponInput = z.object({ id: entityId });
export const couponProductsInput = z.object({ id: entityId });
export const registerCouponsInput = z.object({});

// ---- replies -------------------------------------------------------------------------------------

/** What the customer reads about a coupon's rules, already worded in the request's language. */
export const couponRules = z.object({
  /** e.g. "¥5 off", "20% off", "1 free item". */
  value: z.string(),
  /** e.g. "Orders over ¥30" or "No minimum". */
  threshold: z.string(),
  /** e.g. "2026-11-01 – 2026-12-31", "Mondays and Fridays", "Valid 7 days after claiming". */
  validity: z.string(),
  /** e.g. "This shop only", "All shops of Jasmine Hill". */
  scope: z.string(),
  /** Order types, user type, member levels, member card only, products: one sentence each. */
  conditions: z.array(z.string()),
});
export type CouponRules = z.infer<typeof couponRules>;

/** A coupon template as an activity, a link or a code offers it. */
export const couponOffer = z.object({
  templateId: z.number().int(),
  activityId: z.number().int(),
  name: z.string(),
  kind: z.number().int(),
  rules: couponRules,
  /** Units left to give; null = no total limit. */
  remaining: z.number().int().nullable(),
  /** How many more this customer may claim; null = no per-customer limit. */
  canClaim: z.number().int().nullable(),
  /** Why the customer cannot claim it now (soldOut, limitReached, loginRequired, notForYou, activityEnded). */
  refusal: z.enum(CLAIM_REFUSALS).nullable(),
});
export type CouponOffer = z.infer<typeof couponOffer>;

/** A coupon the customer holds. `pricing` is what the pricing engine reads (its id is this coupon's id). */
export const customerCoupon = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  name: z.string(),
  kind: z.number().int(),
  state: z.enum(COUPON_STATES),
  source: z.enum(COUPON_SOURCES),
  claimedAt: z.string(),
  /** The order it is reserved by or was used on. */
  orderId: z.number().int().nullable(),
  usedAt: z.string().nullable(),
  rules: couponRules,
  pricing: pricingCoupon,
});
export type CustomerCoupon = z.infer<typeof customerCoupon>;

export const activityProductRef = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
});

/** A running activity of the shop. `pricing` is set for price activities (the engine applies them). */
export const shopActivity = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.number().int(),
  /** One line per rule, worded: "Spend ¥50, get ¥10 off", "Second cup at 50%", "Free fries over ¥40". */
  rules: z.array(z.string()),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  /** Member-only activity (userType = member). */
  memberOnly: z.boolean(),
  /** Products the activity covers (price activities with a product list). */
  products: z.array(activityProductRef),
  pricing: pricingActivity.nullable(),
  /** Coupons a coupon activity offers. */
  coupons: z.array(couponOffer),
});
export type ShopActivity = z.infer<typeof shopActivity>;

export const activityListInfo = z.object({ activities: z.array(shopActivity) });
export const activityDetailInfo = shopActivity;
export const receiveCouponInfo = z.object({ coupon: customerCoupon });
export const couponListInfo = z.object({ coupons: z.array(customerCoupon) });
export const couponDetailInfo = customerCoupon.extend({ products: z.array(activityProductRef) });
export const couponByLinkInfo = z.object({ offer: couponOffer, coupon: customerCoupon.nullable() });
/** Coupons granted on entering the shop (each entry coupon at most once per customer). */
export const couponByEntryInfo = z.object({ coupons: z.array(customerCoupon) });
export const activityByCodeInfo = z.object({ code: z.string(), activity: shopActivity });
export const claimByCodeInfo = z.object({ coupon: customerCoupon });
export const checkOverSendCouponInfo = z.object({ coupons: z.array(customerCoupon) });
export const couponProductsInfo = z.object({ products: z.array(activityProductRef) });
export const registerCouponsInfo = z.object({ offers: z.array(couponOffer) });

export const activityContract = {
  list: { input: activityListInput, info: activityListInfo },
  detail: { input: activityDetailInput, info: activityDetailInfo },
  receiveCoupon: { input: receiveCouponInput, info: receiveCouponInfo },
  couponList: { input: couponListInput, info: couponListInfo },
  couponDetail: { input: couponDetailInput, info: couponDetailInfo },
  getCouponByLink: { input: couponByLinkInput, info: couponByLinkInfo },
  getCouponByEntry: { input: couponByEntryInput, info: couponByEntryInfo },
  getActivityByCode: { input: activityByCodeInput, info: activityByCodeInfo },
  claimByCode: { input: claimByCodeInput, info: claimByCodeInfo },
  checkOverSendCoupon: { input: checkOverSendCouponInput, info: checkOverSendCouponInfo },
} as const;
export type ActivityAction = keyof typeof activityContract;

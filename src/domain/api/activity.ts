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
import { coupon as pricingCoupon, activity as pricingActivity, isoDate, purchasedSpecial } from '../pricing';
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
  /** Its owner may forward it to a friend (forwardCoupon); absent = no. */
  forwardable: z.boolean().optional(),
  /** An expandable red bag (kind 8 from an expand activity): its page is /product/expand-red-bag. */
  expandActivityId: z.number().int().nullable().optional(),
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

/**
 * activity/list's reply. `purchased` holds the session customer's earlier units under special prices with a
 * per-person limit, as the pricing engine reads them (the activities' own counts are in their `pricing`).
 */
export const activityListInfo = z.object({
  activities: z.array(shopActivity),
  purchased: z.array(purchasedSpecial),
});
export type ActivityListInfo = z.infer<typeof activityListInfo>;
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

// ---- red bags (spec §1, §2 entry routing rule 1, §3 times red bag, §9 red bag texts) ----------------
//
// An expandable red bag is a customer coupon of kind 8 made from an expand activity's template: the owner
// receives it (receiveExpandCoupon without fromRedBagID) at the template's base value and shares its link
// /product/expand-red-bag?id={activityId}&from={couponId}. A friend who opens the link and claims
// (receiveExpandCoupon with fromRedBagID) adds the level-one reward to that bag and the level-two reward to
// the bag it was shared from, each capped at the maximum amount, and receives a bag of their own. One help per
// friend per bag, never by its owner, never to a bag that is used or past its dates. The bag is usable at
// once at its current value (with the template's minimum spend); once reserved or used it grows no more.
//
// A forwardable red bag is any available coupon whose template allows forwarding: its owner makes a share
// key (forwardCoupon) and a friend with the link and key claims it as their own (claimForwarded); the
// coupon changes owner once, atomically, and the key dies with it.
//
// A times red bag (activity kind 13) counts the owner's paid orders in the shop (or chain) within the
// activity's dates; each `limitQuantity` of them earns its reward coupon once (checkTimesRedBag).

/** Spec §9 red bag texts: the rewards per help, the cap and the minimum spend, as numbers and words. */
export const expandRules = z.object({
  /** Value the bag starts at when received. */
  baseAmount: z.number().int(),
  /** Added to the shared bag by each friend's help. */
  levelOneReward: z.number().int(),
  /** Added to the bag the shared bag itself came from (a forward of a forward). */
  levelTwoReward: z.number().int(),
  /** No bag grows past this. */
  maxAmount: z.number().int(),
  /** Least order amount to use the bag. */
  minSpend: z.number().int(),
  /** The four figures worded in the request's language, one line each. */
  texts: z.array(z.string()),
});
export type ExpandRules = z.infer<typeof expandRules>;

export const redBagHelp = z.object({
  /** The helper's masked phone ("138****0001") and nickname; never the whole phone. */
  helper: z.string(),
  level: z.union([z.literal(1), z.literal(2)]),
  amount: z.number().int(),
  at: z.string(),
});

/** An expandable red bag as its page shows it to whoever opens the link. */
export const expandRedBag = z.object({
  /** The customer coupon id (the `from` of the link). */
  id: z.number().int(),
  activityId: z.number().int(),
  /** The owner's masked phone or nickname. */
  owner: z.string(),
  /** The viewer owns it. */
  mine: z.boolean(),
  value: z.number().int(),
  maxAmount: z.number().int(),
  /** available (can grow and be used), reserved or used (grows no more), expired. */
  state: z.enum(COUPON_STATES),
  helps: z.array(redBagHelp),
  /** What the viewer can do: help (a friend who has not helped), helped (already did), own (the owner),
   * closed (used, expired or the activity ended), loginRequired. */
  viewer: z.enum(['help', 'helped', 'own', 'closed', 'loginRequired']),
  /** The viewer's own bag of this activity, if they have one. */
  viewerBagId: z.number().int().nullable(),
});
export type ExpandRedBag = z.infer<typeof expandRedBag>;

export const receiveExpandCouponInput = z.object({
  /** The expand activity. */
  id: entityId,
  /** The bag whose link was opened; omitted = the owner receives their own bag. */
  fromRedBagID: entityId.optional(),
  idempotencyKey: z.string().min(8).max(64),
});
export const receiveExpandCouponInfo = z.object({
  /** The viewer's own bag (new or the one they already had). */
  bag: expandRedBag,
  /** The bag that was helped, as it is now; null when none was (own bag, already helped, closed). */
  helped: expandRedBag.nullable(),
});
/** activity/detail's reply when an expand activity is opened: the activity, its rules and the linked bag. */
export const expandActivityDetail = z.object({
  rules: expandRules,
  /** The bag of fromRedBagID, else the viewer's own bag; null when neither exists. */
  bag: expandRedBag.nullable(),
});

export const forwardCouponInput = z.object({ id: entityId });
export const forwardCouponInfo = z.object({
  /** Hash route of the share link, to put after the storefront's address: /product/expand-red-bag?... */
  path: z.string(),
  /** Random, single-use; the link carries it as `key`. */
  key: z.string(),
});
export const claimForwardedInput = z.object({ id: entityId, key: z.string().min(16).max(64) });
export const claimForwardedInfo = z.object({ coupon: customerCoupon });

export const timesRedBagInput = z.object({});
export const timesRedBag = z.object({
  /** The times red bag activity. */
  id: z.number().int(),
  name: z.string(),
  /** 1 collecting, 2 a reward is ready to take (checkTimesRedBag), 0 ended. */
  status: z.number().int(),
  /** Paid orders counted toward the next reward. */
  cumulativeQuantity: z.number().int(),
  limitQuantity: z.number().int(),
  /** The reward coupon. */
  reward: couponOffer,
  /** Rewards already taken. */
  rewardsTaken: z.number().int(),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
});
export type TimesRedBag = z.infer<typeof timesRedBag>;
export const timesRedBagInfo = z.object({ bags: z.array(timesRedBag) });
export const checkTimesRedBagInput = z.object({ id: entityId });
/** Rewards granted by this check (none when not yet earned or already taken) and the bag as it is now. */
export const checkTimesRedBagInfo = z.object({ coupons: z.array(customerCoupon), bag: timesRedBag });

/** An expand activity's detail carries its red bag rules and the linked bag; other kinds leave it out. */
export const activityDetailInfo = shopActivity.extend({ expand: expandActivityDetail.optional() });

/** vip/activities: the session's own membership decides; the call takes no shop or member id. */
export const memberActivitiesInput = z.object({}).strict();
export const MEMBER_OFFERS_GATES = ['loginRequired', 'notMember'] as const;
/** Why vip/activities lists nothing for this session: no proven phone, or not a member here. */
export type MemberOffersGate = (typeof MEMBER_OFFERS_GATES)[number];
/** The running member-only activities (userType member alone), worded as activity/list words them. */
export const memberActivitiesInfo = z.object({
  activities: z.array(shopActivity),
  reason: z.enum(MEMBER_OFFERS_GATES).nullable(),
});
export type MemberActivitiesInfo = z.infer<typeof memberActivitiesInfo>;

/** The vip/* offer calls, typed for the call helper like activityContract. */
export const memberOffersContract = {
  activities: { input: memberActivitiesInput, info: memberActivitiesInfo },
} as const;

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
  receiveExpandCoupon: { input: receiveExpandCouponInput, info: receiveExpandCouponInfo },
  forwardCoupon: { input: forwardCouponInput, info: forwardCouponInfo },
  claimForwarded: { input: claimForwardedInput, info: claimForwardedInfo },
  getTimesRedBag: { input: timesRedBagInput, info: timesRedBagInfo },
  checkTimesRedBag: { input: checkTimesRedBagInput, info: checkTimesRedBagInfo },
} as const;
export type ActivityAction = keyof typeof activityContract;

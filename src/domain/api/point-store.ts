// Contract of the points store (spec §2 /member/point-store/*, §4 promotion type 18 "point redeem", §7
// activity/getPointExchangeStoreProducts, activity/pointStoreCouponDetail, activity/pointExchangeProduct,
// and the addition activity/pointExchangeDetail): the zod input of each call and the shape of its reply
// `info`. Points are integers; texts come in the request's language; dates are the shop's local ISO dates.
//
// An item belongs to a membership scope (the chain, or the shop outside a chain) and is either a coupon
// (granted to the member's phone and listed by activity/couponList) or a product collected at the counter
// with a short code. The member is always the session's: a memberId or openid the client sends must be
// the session's own, or the call is refused without reading anything (docs/decisions.md M130–M149).
import { z } from 'zod';
import { couponRules } from './activity';
import { entityId } from './store';

export * from './point-store-rules';
import { ITEM_BLOCKS, MAX_EXCHANGE_QUANTITY } from './point-store-rules';

/** openid (the browser's device id): opaque, printable, bounded, as user/h5entry reads it. */
const openid = z
  .string()
  .trim()
  .regex(/^[\w.:@-]{1,128}$/);

// ---- inputs --------------------------------------------------------------------------------------

/** The items on sale in the session's membership scope, with the member's points. */
export const pointStoreItemsInput = z.object({ openid: openid.optional() });
/** One item (spec: couponActivityId names it) with its coupon's full rules. */
export const pointStoreCouponDetailInput = z.object({
  couponActivityId: entityId,
  openid: openid.optional(),
});
/**
 * Exchanges points for `quantity` units of the item (spec: activityId names it). The same idempotencyKey of
 * the same member answers with the first exchange and changes nothing.
 */
export const pointExchangeInput = z.object({
  activityId: entityId,
  quantity: z.number().int().positive().max(MAX_EXCHANGE_QUANTITY).default(1),
  memberId: entityId.optional(),
  openid: openid.optional(),
  idempotencyKey: z.string().min(8).max(64),
});
/** An exchange of the session's member, for the exchange-success page (an addition to spec §7). */
export const pointExchangeDetailInput = z.object({ id: entityId });

export type PointExchangeInput = z.infer<typeof pointExchangeInput>;

// ---- replies -------------------------------------------------------------------------------------

export const pointStoreItem = z.object({
  id: z.number().int(),
  kind: z.enum(['coupon', 'product']),
  name: z.string(),
  description: z.string(),
  /** Image URL ('' when none). */
  image: z.string(),
  /** Points per unit. */
  points: z.number().int().positive(),
  /** Units left to exchange; null = no limit. */
  stockLeft: z.number().int().nonnegative().nullable(),
  /** Units one member may exchange, ever; null = no limit. */
  perMember: z.number().int().positive().nullable(),
  /** Units the member may still exchange now (stock, limit and points together); 0 when blocked. */
  canExchange: z.number().int().nonnegative(),
  /** Why it cannot be exchanged now, or null. */
  blocked: z.enum(ITEM_BLOCKS).nullable(),
  /** Last shop-local day on sale; null = open-ended. */
  endDate: z.string().nullable(),
});
export type PointStoreItem = z.infer<typeof pointStoreItem>;

export const pointStoreInfo = z.object({
  /** The member's points now. */
  points: z.number().int().nonnegative(),
  items: z.array(pointStoreItem),
});
export type PointStoreInfo = z.infer<typeof pointStoreInfo>;

export const pointStoreCouponDetailInfo = pointStoreItem.extend({
  /** The member's points now. */
  memberPoints: z.number().int().nonnegative(),
  /** The coupon's rules (coupon items), worded like the coupon list's; null for products. */
  rules: couponRules.nullable(),
});
export type PointStoreCouponDetailInfo = z.infer<typeof pointStoreCouponDetailInfo>;

/** A coupon an exchange granted (listed by activity/couponList under this id). */
export const exchangedCoupon = z.object({ id: z.number().int(), name: z.string() });

export const pointExchangeView = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  kind: z.enum(['coupon', 'product']),
  name: z.string(),
  image: z.string(),
  quantity: z.number().int().positive(),
  /** Points it took. */
  points: z.number().int().positive(),
  /** The member's points right after it. */
  pointsAfter: z.number().int().nonnegative(),
  coupons: z.array(exchangedCoupon),
  /** Products: the code to show at the counter; null for coupons. */
  collectCode: z.string().nullable(),
  collected: z.boolean(),
  createdAt: z.string(),
});
export type PointExchangeView = z.infer<typeof pointExchangeView>;

// Coupon kinds by promotion code (spec §3 Coupon, §4) as plain values: the pricing engine reads them in the
// browser too, where the zod schemas of ./pricing are not shipped.

export const CouponKind = {
  fullReduction: 1,
  allDiscount: 2,
  specPrice: 3,
  discount: 4,
  expand: 8,
  overSend: 10,
  secondItem: 11,
  buyNGetN: 12,
  product: 17,
  memberChargeGift: 20,
} as const;
export const COUPON_KINDS = Object.values(CouponKind);

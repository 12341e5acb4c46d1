// Enumerations of spec §3 "Enumerations" and §4 (order statuses, client type codes, promotion codes).
// Shared by the browser, the pricing engine and the server; values are the wire values.

export const ORDER_TYPES = ['takeaway', 'selfPickup', 'dine', 'openTable', 'appointment'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const ORDER_STATUSES = [
  'nopay',
  'nopay_cancel',
  'need_pay',
  'pending',
  'successed',
  'refund',
  'refund_fail',
  'refunding',
  'confirmed_new',
  'wait_rider_pending',
  'rider_confirmed',
  'rider_picked_up',
  'rider_delivery_exception',
  'confirmed',
  'delivered',
  'refused',
  'closed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_SOURCES = [
  'weixin',
  'weixin_eat_in',
  'koubei',
  'kiosk-dine-in',
  'appointment',
  'openTable',
] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Payment methods (spec §3). Online gateways share one interface server-side. */
export const PAY_TYPES = [
  'JSAPI',
  'VIP',
  'Cash',
  'COD',
  'Wallet',
  'Bank',
  'Stripe',
  'AllinPay',
  'Card',
] as const;
export type PayType = (typeof PAY_TYPES)[number];

export const PaymentResult = { processing: 0, success: 1, fail: 2, cancel: 3 } as const;
export type PaymentResult = (typeof PaymentResult)[keyof typeof PaymentResult];

export const Gender = { unknown: 0, male: 1, female: 2 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

export const Industry = { all: 0, retail: 1, fastfood: 2, clothes: 3, beauty: 4, pet: 5, baby: 6 } as const;
export type Industry = (typeof Industry)[keyof typeof Industry];

export const TaxMode = { taxOut: 0, taxIn: 1, fixedTaxOut: 2, fixedTaxIn: 3 } as const;
export type TaxMode = (typeof TaxMode)[keyof typeof TaxMode];

export const TaxType = { serviceCharge: 1, delivery: 2, dishware: 3 } as const;
export type TaxType = (typeof TaxType)[keyof typeof TaxType];

export const CouponValidity = { closed: -1, expired: 0, normal: 1 } as const;

/** Reasons a product cannot be ordered, as returned by the request layer and combo checks. */
export const ProductUnavailable = {
  online: 600001,
  soldOut: 600002,
  deleted: 600003,
  offline: 600004,
} as const;

export const ProductState = { normal: 0, soldOut: 1, offline: 2, deleted: 3, outOfSaleTime: 101 } as const;
export type ProductState = (typeof ProductState)[keyof typeof ProductState];

export const OptionType = { topping: 0, subPrice: 1, resetToZero: 2, discount: 3, flavor: 4 } as const;
export type OptionType = (typeof OptionType)[keyof typeof OptionType];

/** Activity discount mode: 1 rate (percent), 2 amount. */
export const DiscountMode = { rate: 1, amount: 2 } as const;

export const SpecialPriceType = {
  productSpecial: 1,
  secondDiscount: 2,
  memberPrice: 3,
  buyNGetN: 4,
} as const;

export const LimitScope = { all: 0, byType: 1 } as const;
export const UserLimit = { none: 0, normal: 1, member: 2 } as const;

/** Order-type limit bit flags used by activities and coupons. */
export const OrderTypeFlag = { none: 0, takeaway: 1, pickup: 2, dine: 4, appointment: 8 } as const;

export const ValidityPeriodType = { none: 1, fixed: 2, week: 3, monthDay: 4 } as const;
export const RateType = { routine: 1, daily: 2 } as const;
export const ChainScope = { all: 0, now: 1, chainShops: 2 } as const;

export const PromotionType = {
  memberPrice: -1,
  fullReduction: 1,
  allDiscount: 2,
  productSpecialPrice: 3,
  discountCoupon: 4,
  someTypeFullReduction: 7,
  expandCoupon: 8,
  overSendProduct: 9,
  overSendCoupon: 10,
  secondDiscount: 11,
  buyNGetN: 12,
  timesRedBag: 13,
  couponSend: 14,
  markupRedemption: 15,
  firstMemberPayGift: 16,
  productCoupon: 17,
  pointRedeem: 18,
  productDiscountWithCode: 19,
  memberChargePresentCoupon: 20,
} as const;
export type PromotionType = (typeof PromotionType)[keyof typeof PromotionType];

/** Service order type codes used for the service charge (spec §5). */
export const ServiceOrderTypeCode = {
  dine: 86009,
  dinePack: 86010,
  openTable: 86008,
  default: 86004,
} as const;

/** Default values of spec §9. */
export const DEFAULTS = {
  mainColor: '#df554a',
  numberDecimals: 2,
  memberLevelName: 'silver',
  memberDiscount: 100,
  specialPriceCap: 99_999,
  virtualTableNo: 8,
  tokenTtlMs: 24 * 60 * 60 * 1000,
  requestTimeoutMs: 60_000,
  toastMs: 1500,
  /** The order type a session starts with, until the entry settles the shop's own. */
  orderType: 'takeaway',
} as const;

export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
/** Only these two have the product catalogue; the others fall back to one of them. */
export type CatalogueLocale = 'en' | 'zh-CN';
export const catalogueLocaleOf = (locale: Locale): CatalogueLocale =>
  locale === 'zh-CN' || locale === 'zh-TW' ? 'zh-CN' : 'en';

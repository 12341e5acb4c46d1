// Shop info of spec §3 "Shop info", as the API returns it (texts already in the request's language).
// Money fields are integer minor units at the shop's numberDecimals; percents are whole numbers (100 = none).
import { z } from 'zod';
import { ORDER_TYPES } from './enums';

export const money = z.number().int().nonnegative();
/** A whole percent where 100 means "no discount" (rebate, member discount). */
export const percent = z.number().int().min(0).max(100);
/** "HH:mm" in the shop's own time zone. */
export const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const timeRange = z.object({ start: clock, end: clock });
export type TimeRange = z.infer<typeof timeRange>;

export const gpsPoint = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type GpsPoint = z.infer<typeof gpsPoint>;

export const scanOrderBusinessHours = z.object({
  /** routine: the same hours every day; daily: per weekday. */
  businessMode: z.enum(['routine', 'daily']),
  businessScanOrderHours: z.array(timeRange),
  businessDailyHours: z.array(
    z.object({
      /** 0 = Sunday … 6 = Saturday */
      day: z.number().int().min(0).max(6),
      isOpen: z.boolean(),
      businessHours: z.array(timeRange),
    }),
  ),
});
export type ScanOrderBusinessHours = z.infer<typeof scanOrderBusinessHours>;

export const deliveryTier = z.object({
  /** Upper bound of the tier in metres (inclusive). */
  distance: z.number().int().positive(),
  amount: money,
});
export type DeliveryTier = z.infer<typeof deliveryTier>;

export const memberLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Member discount of this level, whole percent (100 = none). */
  discount: percent,
  /** Rank; higher is better. */
  level: z.number().int(),
});
export type MemberLevel = z.infer<typeof memberLevel>;

export const shopInfo = z.object({
  // Identity and contact
  id: z.number().int(),
  chainId: z.number().int().nullable(),
  chainName: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  industry: z.number().int().min(0).max(6),
  address: z.string(),
  gpsAddress: gpsPoint,
  image: z.string(),
  /** IANA zone the hours are written in. */
  timezone: z.string(),
  /**
   * Country calling codes ("86", "44", "1") SMS codes may be sent to; omitted = the country of the shop's
   * time zone (server/modules/identity/sms-caps.ts). The browser may offer only these in its area-code picker.
   */
  smsCallingCodes: z
    .array(z.string().regex(/^[1-9]\d{0,2}$/))
    .min(1)
    .optional(),
  /** ISO 4217 code the amounts are in (dinero currency). */
  currency: z.string().length(3),
  currencySymbol: z.string().nullable(),
  mainColor: z.string(),
  /** Order modes this shop offers, in the order it presents them. */
  orderTypes: z.array(z.enum(ORDER_TYPES)),

  // Hours
  businessHours: z.string(),
  businessTimeRange: z.array(timeRange),
  scanOrderBusinessHours,

  // Open state
  openShop: z.boolean(),
  openScanSwitch: z.boolean(),
  shopStatus: z.number().int(),
  /** 1 operating; 0 expired; -1 stopped (spec §4 shop status). */
  realShopStatus: z.number().int(),

  // Discounts
  rebate: percent,
  discount: z.array(z.object({ full: money, less: money })),
  discountSet: z.object({ dineRebate: percent, openTableRebate: percent, defaultRebate: percent }),

  // Amounts and fees
  minSellStartAmount: money,
  deliverAmount: z.array(deliveryTier),
  /** Fee per started kilometre beyond the last distance tier, up to deliveryDistance. */
  deliverAmount1: money,
  dishwareAmount: money,
  packFee: money,
  packageFeeApplySceneSet: z.object({
    takeaway: z.boolean(),
    dine: z.boolean(),
    selfPickUp: z.boolean(),
    openTable: z.boolean(),
  }),
  /** Farthest delivery in metres. */
  deliveryDistance: z.number().int().nonnegative(),
  isRounding05: z.boolean(),
  /** Tax percents on delivery, dishware and the service charge (whole percent). */
  deliverGst: z.number().min(0).max(100),
  dishwareGst: z.number().min(0).max(100),
  serviceFee: z.number().min(0).max(100),
  serviceFeeTax: z.number().min(0).max(100),
  numberDecimals: z.number().int().min(0).max(4),
  isFreeDeliveryFee: z.boolean(),
  freeDeliveryMinAmount: money,
  otherSetting: z.object({
    ServiceChargeEnable: z.boolean(),
    /** Service order type codes (86009, 86010, 86008, 86004) the service charge applies to. */
    OrderTypeServiceCharge: z.array(z.number().int()),
  }),

  // Pickup
  selfCollection: z.boolean(),
  minSellAmountSupportSelfCollection: money,
  allowPickupAppointment: z.boolean(),

  // Display and flags
  notification: z.object({ isOpen: z.boolean(), title: z.string(), content: z.string() }),
  messageTmplIds: z.array(z.string()).max(3),
  homeSetting: z.object({
    /** Where entry routing rule 6 lands: the home tab or the product page. */
    defaultPage: z.enum(['home', 'menu']),
    banners: z.array(z.object({ image: z.string(), title: z.string() })),
  }),
  mustPickTypeId: z.number().int().nullable(),
  hasNewActivity: z.boolean(),
  expandRedBagId: z.number().int().nullable(),
  prefixNames: z.array(z.string()),
  serviceSet: z.object({ wifi: z.boolean(), parking: z.boolean(), invoice: z.boolean() }),
  allowPack: z.boolean(),
  allowDineIn: z.boolean(),
  isAllowFastRegister: z.boolean(),
  hasPromotionWithCode: z.boolean(),
  deliveryTimeRange: z.object({ start: clock, end: clock, stepMinutes: z.number().int().positive() }),
  /** How many days ahead an appointment may be booked. */
  appointmentTimeLimit: z.number().int().nonnegative(),
  isChainMiniProgram: z.boolean(),
  nameAndPhoneRequiredByTakeaway: z.boolean(),
  memberLevels: z.array(memberLevel),
  /** 1 = products listed by category; otherwise one list of all. */
  showProductType: z.number().int(),
  /** Shows member prices to everyone (the "show VIP price" setting). */
  showVipPrice: z.boolean(),
});
export type ShopInfo = z.infer<typeof shopInfo>;

/** The card a store list shows. */
export const shopSummary = shopInfo.pick({
  id: true,
  chainId: true,
  chainName: true,
  name: true,
  industry: true,
  address: true,
  image: true,
  mainColor: true,
  orderTypes: true,
  businessHours: true,
  openShop: true,
  realShopStatus: true,
  gpsAddress: true,
  // What "open now" is read from (src/domain/hours.ts), so a card's badge agrees with the shop's notice.
  timezone: true,
  selfCollection: true,
  openScanSwitch: true,
  businessTimeRange: true,
  scanOrderBusinessHours: true,
});
export type ShopSummary = z.infer<typeof shopSummary>;

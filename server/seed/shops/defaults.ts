// Building blocks the demo shops share: a closed-by-default settings record each shop overrides, the usual
// three member levels, opening-hour shapes and member records, so every shop file reads as its own choices.
import type { ScanOrderBusinessHours, TimeRange } from '../../../src/domain/shop';
import type { SeedShop, SeedShopSettings } from '../types';

/** Hours of a shop that keeps the same hours every day. */
export const everyDay = (...ranges: TimeRange[]): ScanOrderBusinessHours => ({
  businessMode: 'routine',
  businessScanOrderHours: ranges,
  businessDailyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, isOpen: true, businessHours: ranges })),
});

/** Hours per weekday (0 = Sunday); a day left out is closed. */
export const perWeekday = (
  days: Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, TimeRange[]>>,
): ScanOrderBusinessHours => {
  const open = Object.values(days).find((ranges) => ranges.length > 0) ?? [];
  return {
    businessMode: 'daily',
    businessScanOrderHours: open,
    businessDailyHours: ([0, 1, 2, 3, 4, 5, 6] as const).map((day) => ({
      day,
      isOpen: (days[day]?.length ?? 0) > 0,
      businessHours: days[day] ?? [],
    })),
  };
};

/**
 * Settings every shop starts from: nothing charged, nothing discounted, no delivery. Each shop file turns on
 * what that shop really does, so an enabled fee or mode in a shop file is always a deliberate choice.
 */
export const baseSettings: SeedShopSettings = {
  phone: '',
  industry: 0,
  gpsAddress: { lat: 31.2304, lng: 121.4737 },
  timezone: 'Asia/Shanghai',
  currency: 'CNY',
  currencySymbol: null,
  mainColor: '#df554a',
  businessTimeRange: [{ start: '09:00', end: '21:00' }],
  scanOrderBusinessHours: everyDay({ start: '09:00', end: '21:00' }),
  openShop: true,
  openScanSwitch: false,
  shopStatus: 1,
  realShopStatus: 1,
  rebate: 100,
  discount: [],
  discountSet: { dineRebate: 100, openTableRebate: 100, defaultRebate: 100 },
  minSellStartAmount: 0,
  deliverAmount: [],
  deliverAmount1: 0,
  dishwareAmount: 0,
  packFee: 0,
  packageFeeApplySceneSet: { takeaway: false, dine: false, selfPickUp: false, openTable: false },
  deliveryDistance: 0,
  isRounding05: false,
  deliverGst: 0,
  dishwareGst: 0,
  serviceFee: 0,
  serviceFeeTax: 0,
  numberDecimals: 2,
  isFreeDeliveryFee: false,
  freeDeliveryMinAmount: 0,
  otherSetting: { ServiceChargeEnable: false, OrderTypeServiceCharge: [] },
  selfCollection: false,
  minSellAmountSupportSelfCollection: 0,
  allowPickupAppointment: false,
  messageTmplIds: [],
  mustPickTypeId: null,
  hasNewActivity: false,
  expandRedBagId: null,
  serviceSet: { wifi: false, parking: false, invoice: false },
  allowPack: false,
  allowDineIn: false,
  isAllowFastRegister: true,
  hasPromotionWithCode: false,
  deliveryTimeRange: { start: '09:00', end: '21:00', stepMinutes: 30 },
  appointmentTimeLimit: 0,
  isChainMiniProgram: false,
  nameAndPhoneRequiredByTakeaway: false,
  showProductType: 1,
  showVipPrice: false,
};

/** Silver, gold and diamond: the levels every demo membership uses (ids from the shop's own block). */
export const standardLevels = (firstId: number): SeedShop['memberLevels'] => [
  { id: firstId, name: { en: 'Silver', zh: '银卡' }, discount: 100, level: 1 },
  { id: firstId + 1, name: { en: 'Gold', zh: '金卡' }, discount: 95, level: 2 },
  { id: firstId + 2, name: { en: 'Diamond', zh: '钻石卡' }, discount: 88, level: 3 },
];

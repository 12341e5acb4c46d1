// Builders for pricing inputs: a plain shop with no fees, no discounts and two decimals, so each test sets
// only the fields its rule reads.
import type { Activity, CartLine, Coupon, PricingInput } from '../../../src/domain/pricing';
import { parsePricingInput, lineFlag } from '../../../src/pricing';
import type { ParsedPricingInput } from '../../../src/domain/pricing';

export const baseShop: PricingInput['shop'] = {
  id: 1,
  currency: 'CNY',
  currencySymbol: '¥',
  numberDecimals: 2,
  rebate: 100,
  discountSet: { dineRebate: 100, openTableRebate: 100, defaultRebate: 100 },
  showVipPrice: false,
  minSellStartAmount: 0,
  minSellAmountSupportSelfCollection: 0,
  deliverAmount: [],
  deliverAmount1: 0,
  deliveryDistance: 0,
  isFreeDeliveryFee: false,
  freeDeliveryMinAmount: 0,
  packFee: 0,
  packageFeeApplySceneSet: { takeaway: false, dine: false, selfPickUp: false, openTable: false },
  allowPack: false,
  dishwareAmount: 0,
  serviceFee: 0,
  serviceFeeTax: 0,
  otherSetting: { ServiceChargeEnable: false, OrderTypeServiceCharge: [] },
  deliverGst: 0,
  dishwareGst: 0,
  isRounding05: false,
};

type LineSeed = Partial<CartLine> & { id: number; price: number };

export function line(seed: LineSeed): CartLine {
  return {
    name: `p${seed.id}`,
    typeid: 10,
    quantity: 1,
    ...seed,
    flag:
      seed.flag ?? lineFlag({ id: seed.id, specId: seed.specId, tastes: seed.tastes, mealset: seed.mealset }),
  };
}

export interface Overrides extends Partial<Omit<PricingInput, 'shop' | 'memberSetting'>> {
  shop?: Partial<PricingInput['shop']>;
  memberSetting?: Partial<PricingInput['memberSetting']>;
}

export function input(o: Overrides = {}): ParsedPricingInput {
  const { shop, memberSetting, ...rest } = o;
  return parsePricingInput({
    orderType: 'takeaway',
    clientTypeCode: 4,
    today: '2026-06-15',
    lines: [],
    ...rest,
    shop: { ...baseShop, ...shop },
    memberSetting: {
      isOpenDiscount: false,
      discountMode: 2,
      isOnlyCardPayForDiscount: false,
      ...memberSetting,
    },
  });
}

export const activity = (a: Partial<Activity> & { id: number; type: number }): Activity => ({
  name: `a${a.id}`,
  ...a,
});

export const coupon = (c: Partial<Coupon> & { id: number; type: number }): Coupon => ({
  name: `c${c.id}`,
  ...c,
});

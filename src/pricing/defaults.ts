// The defaults of the engine's input schema (src/domain/pricing.ts), filled in without zod: the browser
// prices carts it built itself from typed values, so it needs the defaults but not the validation (the
// server parses every order with parsePricingInput and prices it again). tests/unit/pricing/defaults.test.ts
// holds this to the schema: for valid input both give the same engine input.
import { TaxMode } from '../domain/enums';
import type {
  Activity,
  CartLine,
  Coupon,
  ParsedActivity,
  ParsedCartLine,
  ParsedCoupon,
  ParsedPricingInput,
  PricingInput,
  PricingMember,
} from '../domain/pricing';

export function completeLine(line: CartLine): ParsedCartLine {
  return {
    ...line,
    specId: line.specId ?? null,
    specName: line.specName ?? null,
    memberPrice: line.memberPrice ?? null,
    tastes: (line.tastes ?? []).map((t) => ({ ...t, quantity: t.quantity ?? 1 })),
    mealset: line.mealset ?? [],
    joinDiscount: line.joinDiscount ?? true,
    notDishware: line.notDishware ?? false,
    taxes: (line.taxes ?? []).map((t) => ({ ...t, mode: t.mode ?? TaxMode.taxIn })),
  };
}

export function completeActivity(a: Activity): ParsedActivity {
  return {
    ...a,
    priority: a.priority ?? 0,
    status: a.status ?? 1,
    startDate: a.startDate ?? null,
    endDate: a.endDate ?? null,
    orderType: a.orderType ?? 0,
    userType: a.userType ?? 0,
    memberLevel: a.memberLevel ?? [],
    typeIds: a.typeIds ?? [],
    minAmount: a.minAmount ?? 0,
    quantityLimit: a.quantityLimit ?? 0,
    productList: (a.productList ?? []).map((p) => ({
      ...p,
      discountPrice: p.discountPrice ?? null,
      discount: p.discount ?? null,
      quantity: p.quantity ?? null,
      purchasedQuantity: p.purchasedQuantity ?? 0,
      buyQuantity: p.buyQuantity ?? null,
      freeQuantity: p.freeQuantity ?? null,
    })),
    reductionList: a.reductionList ?? [],
    gears: a.gears ?? [],
    cyclicCalc: a.cyclicCalc ?? false,
    discount: a.discount ?? 100,
    discountMode: a.discountMode ?? 'all',
    typeDiscountSet: a.typeDiscountSet ?? [],
    limit: a.limit ?? null,
    productId: a.productId ?? null,
    productName: a.productName ?? '',
    productImage: a.productImage ?? '',
    productType: a.productType ?? 0,
    freeQuantity: a.freeQuantity ?? 0,
    freeTotalQuantity: a.freeTotalQuantity ?? null,
  };
}

export function completeCoupon(c: Coupon): ParsedCoupon {
  return {
    ...c,
    reductionAmount: c.reductionAmount ?? 0,
    chainId: c.chainId ?? null,
    activityId: c.activityId ?? null,
    status: c.status ?? 1,
    startDate: c.startDate ?? null,
    endDate: c.endDate ?? null,
    weekDays: c.weekDays ?? [],
    monthDays: c.monthDays ?? [],
    minAmount: c.minAmount ?? 0,
    minQuantity: c.minQuantity ?? 0,
    productList: c.productList ?? [],
    orderType: c.orderType ?? 0,
    userType: c.userType ?? 0,
    memberLevel: c.memberLevel ?? [],
    memberCardOnly: c.memberCardOnly ?? false,
    discount: c.discount ?? 100,
    discountPrice: c.discountPrice ?? null,
    buyQuantity: c.buyQuantity ?? 1,
    freeQuantity: c.freeQuantity ?? 1,
  };
}

const completeMember = (m: PricingMember) => ({ ...m, discount: m.discount ?? 100 });

/** The input with every default of the schema filled in; the values themselves are taken as typed. */
export function completePricingInput(input: PricingInput): ParsedPricingInput {
  return {
    ...input,
    payType: input.payType ?? null,
    member: input.member ? completeMember(input.member) : null,
    lines: input.lines.map(completeLine),
    activities: (input.activities ?? []).map(completeActivity),
    coupons: (input.coupons ?? []).map(completeCoupon),
    couponId: input.couponId ?? null,
    couponLineFlag: input.couponLineFlag ?? null,
    purchased: input.purchased ?? [],
    limitCard: input.limitCard ?? null,
    distance: input.distance ?? null,
    isPickerPack: input.isPickerPack ?? false,
    tableware: input.tableware ?? null,
    openTable: input.openTable ?? null,
  };
}

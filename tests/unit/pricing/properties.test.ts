// Invariants of the engine over random carts, activities, coupons, customers and shop settings.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceOrder } from '../../../src/pricing';
import type {
  Activity,
  CartLine,
  Coupon,
  ParsedPricingInput,
  PricingResult,
} from '../../../src/domain/pricing';
import { COUPON_KINDS } from '../../../src/domain/pricing';
import { input } from './fixtures';

const RUNS = { numRuns: 2000 };

const taste = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  name: fc.constant('t'),
  typeId: fc.integer({ min: 1, max: 3 }),
  optionType: fc.integer({ min: 0, max: 4 }),
  price: fc.integer({ min: 0, max: 100 }),
  quantity: fc.integer({ min: 1, max: 3 }),
});

const lineArb = fc.record({
  id: fc.integer({ min: 1, max: 6 }),
  spec: fc.boolean(),
  typeid: fc.integer({ min: 1, max: 3 }),
  quantity: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 20_000 })),
  price: fc.integer({ min: 0, max: 5000 }),
  memberPrice: fc.option(fc.integer({ min: 0, max: 5000 })),
  tastes: fc.array(taste, { maxLength: 3 }),
  mealset: fc.array(
    fc.record({
      productId: fc.nat(9),
      name: fc.constant('m'),
      price: fc.nat(300),
      quantity: fc.integer({ min: 1, max: 2 }),
    }),
    { maxLength: 2 },
  ),
  joinDiscount: fc.boolean(),
  notDishware: fc.boolean(),
  taxes: fc.array(
    fc.record({
      id: fc.integer({ min: 1, max: 4 }),
      name: fc.constant('tax'),
      mode: fc.integer({ min: 0, max: 3 }),
      value: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constantFrom(8.25, 12.5)),
    }),
    { maxLength: 2 },
  ),
});

const linesArb = fc.array(lineArb, { maxLength: 8 }).map((ls): CartLine[] =>
  ls.map(({ spec, ...l }, i) => ({
    ...l,
    name: `p${l.id}`,
    specId: spec ? 100 + l.id : null,
    flag: `f${i}`,
  })),
);

const productId = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 101, max: 106 }));
const activityArb = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  type: fc.constantFrom(1, 2, 3, 7, 9, 11, 12),
  priority: fc.nat(5),
  status: fc.constantFrom(1, 1, 1, 0),
  orderType: fc.constantFrom(0, 0, 1, 4, 7),
  userType: fc.constantFrom(0, 0, 1, 2),
  typeIds: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  minAmount: fc.constantFrom(0, 0, 500, 3000),
  quantityLimit: fc.constantFrom(0, 0, 2),
  productList: fc.array(
    fc.record({
      id: productId,
      discountPrice: fc.option(fc.integer({ min: 0, max: 6000 })),
      discount: fc.option(fc.integer({ min: 0, max: 100 })),
      quantity: fc.option(fc.nat(30)),
      purchasedQuantity: fc.nat(10),
      buyQuantity: fc.option(fc.integer({ min: 1, max: 4 })),
      freeQuantity: fc.option(fc.integer({ min: 1, max: 3 })),
    }),
    { maxLength: 4 },
  ),
  reductionList: fc.array(fc.record({ full: fc.nat(20_000), less: fc.nat(30_000) }), { maxLength: 3 }),
  cyclicCalc: fc.boolean(),
  discount: fc.integer({ min: 0, max: 100 }),
  discountMode: fc.constantFrom('all' as const, 'byType' as const),
  typeDiscountSet: fc.array(
    fc.record({ id: fc.integer({ min: 1, max: 3 }), discount: fc.integer({ min: 0, max: 100 }) }),
    {
      maxLength: 2,
    },
  ),
  limit: fc.option(fc.integer({ min: 1, max: 10 })),
  productId: fc.option(fc.nat(50)),
  freeQuantity: fc.nat(3),
  freeTotalQuantity: fc.option(fc.nat(10)),
});
const activitiesArb = fc
  .uniqueArray(activityArb, { maxLength: 6, selector: (a) => a.id })
  .map((as): Activity[] => as.map((a) => ({ ...a, name: `a${a.id}` })));

const couponArb = fc.record({
  id: fc.integer({ min: 1, max: 30 }),
  type: fc.constantFrom(...COUPON_KINDS),
  reductionAmount: fc.nat(10_000),
  status: fc.constantFrom(1, 1, 0, -1),
  minAmount: fc.constantFrom(0, 0, 1000),
  minQuantity: fc.constantFrom(0, 0, 3),
  productList: fc.array(productId, { maxLength: 2 }),
  orderType: fc.constantFrom(0, 0, 1, 4),
  userType: fc.constantFrom(0, 0, 1, 2),
  memberCardOnly: fc.boolean(),
  discount: fc.integer({ min: 0, max: 100 }),
  discountPrice: fc.option(fc.nat(3000)),
  buyQuantity: fc.integer({ min: 1, max: 3 }),
  freeQuantity: fc.integer({ min: 1, max: 2 }),
});
const couponsArb = fc
  .uniqueArray(couponArb, { maxLength: 5, selector: (c) => c.id })
  .map((cs): Coupon[] => cs.map((c) => ({ ...c, name: `c${c.id}` })));

const orderArb = fc.constantFrom(
  { orderType: 'takeaway' as const, clientTypeCode: 4 },
  { orderType: 'selfPickup' as const, clientTypeCode: 54 },
  { orderType: 'dine' as const, clientTypeCode: 103 },
  { orderType: 'openTable' as const, clientTypeCode: 203 },
  { orderType: 'appointment' as const, clientTypeCode: 303 },
);

const pct = fc.integer({ min: 0, max: 100 });
const shopArb = fc.record({
  discountSet: fc.record({ dineRebate: pct, openTableRebate: pct, defaultRebate: pct }),
  showVipPrice: fc.boolean(),
  minSellStartAmount: fc.nat(5000),
  deliverAmount: fc.array(fc.record({ distance: fc.integer({ min: 1, max: 5000 }), amount: fc.nat(1000) }), {
    maxLength: 3,
  }),
  deliverAmount1: fc.nat(500),
  deliveryDistance: fc.nat(10_000),
  isFreeDeliveryFee: fc.boolean(),
  freeDeliveryMinAmount: fc.nat(10_000),
  packFee: fc.nat(300),
  packageFeeApplySceneSet: fc.record({
    takeaway: fc.boolean(),
    dine: fc.boolean(),
    selfPickUp: fc.boolean(),
    openTable: fc.boolean(),
  }),
  allowPack: fc.boolean(),
  dishwareAmount: fc.nat(200),
  serviceFee: fc.nat(20),
  serviceFeeTax: fc.nat(15),
  otherSetting: fc.record({
    ServiceChargeEnable: fc.boolean(),
    OrderTypeServiceCharge: fc.subarray([86009, 86010, 86008, 86004]),
  }),
  deliverGst: fc.nat(15),
  dishwareGst: fc.nat(15),
  isRounding05: fc.boolean(),
});

const scenarioArb = fc
  .record({
    shop: shopArb,
    memberSetting: fc.record({
      isOpenDiscount: fc.boolean(),
      discountMode: fc.constantFrom(1, 2),
      isOnlyCardPayForDiscount: fc.boolean(),
    }),
    order: orderArb,
    payType: fc.constantFrom('VIP' as const, 'JSAPI' as const, null),
    member: fc.option(fc.record({ id: fc.nat(100), level: fc.integer({ min: 1, max: 3 }), discount: pct })),
    lines: linesArb,
    activities: activitiesArb,
    coupons: couponsArb,
    couponPick: fc.nat(10),
    distance: fc.option(fc.nat(12_000)),
    isPickerPack: fc.boolean(),
    minutes: fc.nat(300),
    feeType: fc.constantFrom(0, 1),
    purchased: fc.array(
      fc.record({
        activityId: fc.integer({ min: 1, max: 40 }),
        products: fc.array(fc.record({ id: productId, discount: fc.nat(1000), quantity: fc.nat(5) }), {
          maxLength: 2,
        }),
      }),
      { maxLength: 2 },
    ),
  })
  .map((s): ParsedPricingInput =>
    input({
      ...s.order,
      shop: s.shop,
      memberSetting: s.memberSetting,
      payType: s.payType,
      member: s.member,
      lines: s.lines,
      activities: s.activities,
      coupons: s.coupons,
      couponId: s.coupons.length > 0 ? s.coupons[s.couponPick % s.coupons.length]!.id : null,
      distance: s.distance,
      isPickerPack: s.isPickerPack,
      openTable: { startAt: 0, endAt: s.minutes * 60_000, eachFee: 1500, feeType: s.feeType },
      purchased: s.purchased,
    }),
  );

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Everything but the lines' order: lines keyed by flag. */
function byFlag(r: PricingResult) {
  return { ...r, lines: [...r.lines].sort((a, b) => (a.flag < b.flag ? -1 : 1)) };
}

describe('pricing invariants', () => {
  it('the total is never negative', () => {
    fc.assert(
      fc.property(scenarioArb, (i) => {
        const r = priceOrder(i);
        expect(r.totals.total).toBeGreaterThanOrEqual(0);
        for (const l of r.lines) expect(l.net).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('discounts never exceed what they discount', () => {
    fc.assert(
      fc.property(scenarioArb, (i) => {
        const r = priceOrder(i);
        for (const l of r.lines) {
          for (const s of l.segments) expect(s.unitPrice).toBeLessThanOrEqual(l.listUnitPrice);
          expect(l.amount).toBeLessThanOrEqual(l.listAmount);
          expect(l.activityDiscount).toBeGreaterThanOrEqual(0);
          expect(l.couponDiscount).toBeGreaterThanOrEqual(0);
          expect(l.activityDiscount + l.couponDiscount).toBeLessThanOrEqual(l.amount);
          expect(l.taxIncluded).toBeLessThanOrEqual(l.net);
        }
        for (const f of r.fullReductions) expect(f.amount).toBeLessThanOrEqual(f.base);
        for (const e of r.coupon.evaluations) expect(e.amount).toBeLessThanOrEqual(e.base);
        expect(r.fees.delivery.waived).toBeLessThanOrEqual(r.fees.delivery.base);
      }),
      RUNS,
    );
  });

  it('the parts add up to the total exactly', () => {
    fc.assert(
      fc.property(scenarioArb, (i) => {
        const r = priceOrder(i);
        const t = r.totals;
        for (const l of r.lines) {
          expect(sum(l.segments.map((s) => s.quantity))).toBe(l.quantity);
          expect(sum(l.segments.map((s) => s.quantity * s.unitPrice))).toBe(l.amount);
          expect(l.net).toBe(l.amount - l.activityDiscount - l.couponDiscount);
          expect(l.inTaxPrice).toBe(l.net + l.taxAdded);
          expect(l.outTaxPrice).toBe(l.net - l.taxIncluded);
          expect(sum(l.taxes.map((x) => x.amount))).toBe(l.taxAdded + l.taxIncluded);
        }
        expect(t.list).toBe(sum(r.lines.map((l) => l.listAmount)));
        expect(t.goods).toBe(t.list - t.productDiscount);
        expect(t.activityDiscount).toBe(sum(r.fullReductions.map((f) => f.amount)));
        expect(t.couponDiscount).toBe(r.coupon.applied?.amount ?? 0);
        expect(t.goodsNet).toBe(t.goods - t.activityDiscount - t.couponDiscount);
        expect(t.goodsNet).toBe(sum(r.lines.map((l) => l.net)));
        const f = r.fees;
        expect(t.fees).toBe(
          f.delivery.amount + f.packing.amount + f.dishware.amount + f.serviceCharge.amount + f.table.amount,
        );
        expect(t.taxAdded).toBe(
          r.taxes.productAdded + r.taxes.serviceCharge + r.taxes.delivery + r.taxes.dishware,
        );
        expect(r.taxes.productAdded).toBe(sum(r.lines.map((l) => l.taxAdded)));
        expect(t.total).toBe(t.goodsNet + t.fees + t.taxAdded + t.rounding);
        expect(t.productDiscount).toBe(
          sum(r.lines.flatMap((l) => l.segments.map((s) => s.quantity * (l.listUnitPrice - s.unitPrice)))),
        );
      }),
      RUNS,
    );
  });

  it('the order of lines does not change the result', () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((i) =>
          fc.tuple(fc.constant(i), fc.shuffledSubarray(i.lines, { minLength: i.lines.length })),
        ),
        ([i, shuffled]) => {
          expect(byFlag(priceOrder({ ...i, lines: shuffled }))).toEqual(byFlag(priceOrder(i)));
        },
      ),
      RUNS,
    );
  });

  it('free and discounted quantities never exceed what is in the cart, and caps hold', () => {
    fc.assert(
      fc.property(scenarioArb, (i) => {
        const r = priceOrder(i);
        const units = new Map<number, number>();
        for (const l of r.lines) units.set(l.specId ?? l.id, (units.get(l.specId ?? l.id) ?? 0) + l.quantity);
        for (const b of r.buyNGetN) {
          const act = i.activities.find((a) => a.id === b.id)!;
          for (const id of new Set(b.products.map((p) => p.id))) {
            const free = sum(b.products.filter((p) => p.id === id).map((p) => p.quantity));
            const entry = act.productList.find((p) => p.id === id)!;
            expect(free).toBeLessThanOrEqual(units.get(id)! - (entry.buyQuantity ?? 1));
            if (entry.quantity !== null)
              expect(free).toBeLessThanOrEqual(entry.quantity - entry.purchasedQuantity);
          }
        }
        for (const pa of r.priceActivities) {
          expect(pa.quantity).toBeLessThanOrEqual(units.get(pa.id)!);
          const act = i.activities.find((a) => a.id === pa.activityId)!;
          const entry = act.productList.find((p) => p.id === pa.id)!;
          if (pa.activityType === 3) {
            expect(pa.quantity).toBeLessThanOrEqual(99_999);
            if (entry.quantity !== null)
              expect(pa.quantity).toBeLessThanOrEqual(entry.quantity - entry.purchasedQuantity);
            if (act.limit !== null) {
              const bought = sum(
                i.purchased
                  .filter((p) => p.activityId === act.id)
                  .flatMap((p) => p.products.filter((x) => x.id === pa.id).map((x) => x.quantity)),
              );
              expect(pa.quantity).toBeLessThanOrEqual(Math.max(0, act.limit - bought));
            }
          }
          if (pa.activityType === 11)
            expect(pa.quantity).toBeLessThanOrEqual(Math.floor(units.get(pa.id)! / 2));
        }
        for (const g of r.freeGifts) {
          const act = i.activities.find((a) => a.id === g.id)!;
          if (act.freeTotalQuantity !== null)
            expect(g.product.quantity).toBeLessThanOrEqual(act.freeTotalQuantity);
        }
      }),
      RUNS,
    );
  });

  it('pricing the same input twice gives the same result', () => {
    fc.assert(
      fc.property(scenarioArb, (i) => {
        const copy = structuredClone(i);
        const first = priceOrder(i);
        expect(priceOrder(copy)).toEqual(first);
        expect(copy).toEqual(i);
      }),
      RUNS,
    );
  });

  it('rounding-05 totals are multiples of 5 minor units', () => {
    fc.assert(
      fc.property(scenarioArb, (i) => {
        const r = priceOrder({ ...i, shop: { ...i.shop, isRounding05: true } });
        expect(r.totals.total % 5).toBe(0);
        expect(Math.abs(r.totals.rounding)).toBeLessThanOrEqual(2);
      }),
      RUNS,
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricingInput } from '../../../src/domain/pricing';
import { completePricingInput, parsePricingInput, priceOrder } from '../../../src/pricing';
import { activity, baseShop, coupon, line } from './fixtures';

/** A field the caller may leave out: absent, or a value of the schema's type. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const sparse = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const lineArb = fc
  .record({
    id: fc.integer({ min: 1, max: 6 }),
    price: fc.nat(5000),
    quantity: fc.integer({ min: 0, max: 12 }),
    specId: maybe(fc.option(fc.integer({ min: 100, max: 103 }), { nil: null })),
    memberPrice: maybe(fc.option(fc.nat(5000), { nil: null })),
    tastes: maybe(
      fc.array(
        fc
          .record({
            id: fc.integer({ min: 1, max: 5 }),
            name: fc.constant('t'),
            typeId: fc.integer({ min: 1, max: 3 }),
            optionType: fc.integer({ min: 0, max: 4 }),
            price: fc.nat(100),
            quantity: maybe(fc.integer({ min: 1, max: 3 })),
          })
          .map(sparse),
        { maxLength: 2 },
      ),
    ),
    joinDiscount: maybe(fc.boolean()),
    notDishware: maybe(fc.boolean()),
    taxes: maybe(
      fc.array(
        fc
          .record({
            id: fc.integer({ min: 1, max: 4 }),
            name: fc.constant('tax'),
            mode: maybe(fc.integer({ min: 0, max: 3 })),
            value: fc.integer({ min: 0, max: 30 }),
          })
          .map(sparse),
        { maxLength: 2 },
      ),
    ),
  })
  .map((seed) => line(sparse(seed)));

const activityArb = fc
  .record({
    id: fc.integer({ min: 1, max: 50 }),
    type: fc.constantFrom(1, 2, 3, 7, 9, 11, 12),
    priority: maybe(fc.integer({ min: 0, max: 3 })),
    discount: maybe(fc.integer({ min: 50, max: 100 })),
    minAmount: maybe(fc.nat(2000)),
    productList: maybe(
      fc.array(
        fc
          .record({
            id: fc.integer({ min: 1, max: 6 }),
            discountPrice: maybe(fc.option(fc.nat(500), { nil: null })),
            quantity: maybe(fc.option(fc.nat(5), { nil: null })),
          })
          .map(sparse),
        { maxLength: 2 },
      ),
    ),
    reductionList: maybe(fc.array(fc.record({ full: fc.nat(3000), less: fc.nat(300) }), { maxLength: 2 })),
  })
  .map((seed) => activity(sparse(seed)));

const couponArb = fc
  .record({
    id: fc.integer({ min: 1, max: 50 }),
    type: fc.constantFrom(1, 2, 4, 17),
    reductionAmount: maybe(fc.nat(500)),
    minAmount: maybe(fc.nat(2000)),
    productList: maybe(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 2 })),
    discount: maybe(fc.integer({ min: 50, max: 100 })),
  })
  .map((seed) => coupon(sparse(seed)));

const inputArb = fc
  .record({
    lines: fc.uniqueArray(lineArb, { maxLength: 5, selector: (l) => l.flag }),
    activities: maybe(fc.uniqueArray(activityArb, { maxLength: 3, selector: (a) => a.id })),
    coupons: maybe(fc.uniqueArray(couponArb, { maxLength: 3, selector: (c) => c.id })),
    couponId: maybe(fc.option(fc.integer({ min: 1, max: 50 }), { nil: null })),
    member: maybe(
      fc.option(
        fc
          .record({
            id: fc.constant(9),
            level: fc.constant(1),
            discount: maybe(fc.integer({ min: 80, max: 100 })),
          })
          .map(sparse),
        { nil: null },
      ),
    ),
    distance: maybe(fc.option(fc.nat(8000), { nil: null })),
    isPickerPack: maybe(fc.boolean()),
    tableware: maybe(fc.option(fc.integer({ min: 0, max: 99 }), { nil: null })),
  })
  .map((seed): PricingInput =>
    sparse({
      ...seed,
      shop: baseShop,
      memberSetting: { isOpenDiscount: true, discountMode: 2, isOnlyCardPayForDiscount: false },
      orderType: 'takeaway',
      clientTypeCode: 4,
      today: '2026-06-15',
    }),
  );

describe('the engine input the browser completes without the schema', () => {
  it('equals what the schema parses, and prices the same, for any valid input', () => {
    fc.assert(
      fc.property(inputArb, (raw) => {
        const completed = completePricingInput(raw);
        const parsed = parsePricingInput(raw);
        expect(completed).toEqual(parsed);
        expect(priceOrder(completed)).toEqual(priceOrder(parsed));
      }),
      { numRuns: 200 },
    );
  });
});

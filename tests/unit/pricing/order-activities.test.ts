import { describe, expect, it } from 'vitest';
import { priceOrder } from '../../../src/pricing';
import { activity, input, line } from './fixtures';

const drinks = line({ id: 1, price: 1500, quantity: 2, typeid: 1 }); // 30.00
const food = line({ id: 2, price: 2500, quantity: 1, typeid: 2 }); // 25.00

describe('full reduction (promotion 1)', () => {
  it('takes the highest tier reached and spreads it over the lines by amount', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [
          activity({
            id: 1,
            type: 1,
            reductionList: [
              { full: 3000, less: 300 },
              { full: 5000, less: 800 },
              { full: 8000, less: 1500 },
            ],
          }),
        ],
      }),
    );
    // 55.00 reaches 50.00 → 8.00 off; split 30:25 → 800 × 30/55 = 436.36 → 436 (+1 remainder to the larger) = 437, 363
    expect(r.fullReductions).toEqual([{ id: 1, name: 'a1', type: 1, amount: 800, base: 5500 }]);
    expect(r.lines.map((l) => l.activityDiscount)).toEqual([437, 363]);
    expect(r.totals.total).toBe(4700);
  });

  it('cycles the tier when cyclic', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [
          activity({ id: 1, type: 1, cyclicCalc: true, reductionList: [{ full: 2000, less: 300 }] }),
        ],
      }),
    );
    // floor(55 / 20) = 2 × 3.00 = 6.00
    expect(r.totals.activityDiscount).toBe(600);
  });

  it('leaves out lines already in a price activity', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [
          activity({ id: 1, type: 1, reductionList: [{ full: 3000, less: 500 }] }),
          activity({ id: 2, type: 3, productList: [{ id: 1, discountPrice: 1400 }] }),
        ],
      }),
    );
    // drinks are special-priced (28.00); food alone 25.00 < 30.00 → no reduction
    expect(r.fullReductions).toEqual([]);
    expect(r.totals.total).toBe(2800 + 2500);
  });

  it('applies only one full reduction, the highest priority that qualifies', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [
          activity({ id: 1, type: 1, priority: 1, reductionList: [{ full: 1000, less: 900 }] }),
          activity({ id: 2, type: 1, priority: 5, reductionList: [{ full: 1000, less: 100 }] }),
        ],
      }),
    );
    expect(r.fullReductions.map((f) => f.id)).toEqual([2]);
    expect(r.totals.activityDiscount).toBe(100);
  });
});

describe('full reduction tiers named gears', () => {
  it('reads gears when reductionList is empty', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [activity({ id: 1, type: 1, gears: [{ full: 5000, less: 600 }] })],
      }),
    );
    // 55.00 ≥ 50.00 → 6.00 off
    expect(r.totals.activityDiscount).toBe(600);
  });
});

describe('some-type full reduction (promotion 7)', () => {
  it('counts only its categories', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [activity({ id: 7, type: 7, typeIds: [1], reductionList: [{ full: 3000, less: 400 }] })],
      }),
    );
    // drinks 30.00 reach 30.00 → 4.00 off, all on drinks
    expect(r.fullReductions).toEqual([{ id: 7, name: 'a7', type: 7, amount: 400, base: 3000 }]);
    expect(r.lines.map((l) => l.activityDiscount)).toEqual([400, 0]);
  });

  it('an empty category list means all categories', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [activity({ id: 7, type: 7, reductionList: [{ full: 5500, less: 500 }] })],
      }),
    );
    expect(r.totals.activityDiscount).toBe(500);
  });
});

describe('all discount (promotion 2)', () => {
  it('discounts the whole order', () => {
    const r = priceOrder(
      input({ lines: [drinks, food], activities: [activity({ id: 2, type: 2, discount: 88 })] }),
    );
    // 55.00 × 88 % = 48.40 → 6.60 off
    expect(r.fullReductions).toEqual([{ id: 2, name: 'a2', type: 2, amount: 660, base: 5500 }]);
    expect(r.totals.total).toBe(4840);
  });

  it('discounts per category with typeDiscountSet', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [
          activity({ id: 2, type: 2, discountMode: 'byType', typeDiscountSet: [{ id: 2, discount: 70 }] }),
        ],
      }),
    );
    // food 25.00 × 70 % = 17.50 → 7.50 off; drinks untouched
    expect(r.lines.map((l) => l.activityDiscount)).toEqual([0, 750]);
  });

  it('stacks with a full reduction in priority order, the later one on what is left', () => {
    const r = priceOrder(
      input({
        lines: [drinks, food],
        activities: [
          activity({ id: 2, type: 2, discount: 90, priority: 9 }),
          activity({ id: 1, type: 1, priority: 1, reductionList: [{ full: 5000, less: 500 }] }),
        ],
      }),
    );
    // 55.00 × 90 % = 49.50 (5.50 off); 49.50 < 50.00 → no full reduction
    expect(r.fullReductions.map((f) => f.id)).toEqual([2]);
    expect(r.totals.total).toBe(4950);
  });

  it('needs its minimum amount and quantity', () => {
    const off = priceOrder(
      input({
        lines: [drinks, food],
        activities: [activity({ id: 2, type: 2, discount: 50, minAmount: 6000 })],
      }),
    );
    const offQty = priceOrder(
      input({
        lines: [drinks, food],
        activities: [activity({ id: 2, type: 2, discount: 50, quantityLimit: 4 })],
      }),
    );
    const on = priceOrder(
      input({
        lines: [drinks, food],
        activities: [activity({ id: 2, type: 2, discount: 50, quantityLimit: 3 })],
      }),
    );
    expect(off.totals.activityDiscount).toBe(0);
    expect(offQty.totals.activityDiscount).toBe(0);
    expect(on.totals.activityDiscount).toBe(2750);
  });
});

describe('over-send product (promotion 9)', () => {
  const gift = (over: object) =>
    activity({
      id: 9,
      type: 9,
      productId: 99,
      productName: 'Cookie',
      productImage: 'cookie.png',
      freeQuantity: 2,
      minAmount: 2000,
      ...over,
    });

  it('gives (cyclic ? floor(total / threshold) : 1) × freeQuantity', () => {
    const cyclic = priceOrder(input({ lines: [drinks, food], activities: [gift({ cyclicCalc: true })] }));
    // floor(55 / 20) = 2 × 2 = 4 cookies
    expect(cyclic.freeGifts).toEqual([
      {
        id: 9,
        name: 'a9',
        product: { id: 99, name: 'Cookie', image: 'cookie.png', quantity: 4, productType: 0 },
      },
    ]);
    const once = priceOrder(input({ lines: [drinks, food], activities: [gift({})] }));
    expect(once.freeGifts[0]!.product.quantity).toBe(2);
    // gifts cost nothing
    expect(cyclic.totals.total).toBe(5500);
  });

  it('caps the gift by what is left, and gives nothing below the threshold', () => {
    const capped = priceOrder(
      input({ lines: [drinks, food], activities: [gift({ cyclicCalc: true, freeTotalQuantity: 3 })] }),
    );
    expect(capped.freeGifts[0]!.product.quantity).toBe(3);
    const none = priceOrder(input({ lines: [food], activities: [gift({ minAmount: 3000 })] }));
    expect(none.freeGifts).toEqual([]);
  });
});

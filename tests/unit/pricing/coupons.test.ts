import { describe, expect, it } from 'vitest';
import { defaultCoupon, priceOrder } from '../../../src/pricing';
import type { Coupon } from '../../../src/domain/pricing';
import { activity, coupon, input, line } from './fixtures';

const tea = line({ id: 1, price: 1200, quantity: 2, typeid: 1, flag: 'tea' }); // 24.00
const cake = line({ id: 2, price: 2000, quantity: 1, typeid: 2, flag: 'cake' }); // 20.00
const member = { id: 7, level: 2, discount: 100 };

const priceWith = (c: Coupon, extra: object = {}) =>
  priceOrder(input({ lines: [tea, cake], coupons: [c], couponId: c.id, ...extra }));

describe('coupon kinds', () => {
  it('discount (4), full reduction (1), expand (8), over-send (10) and member-charge gift (20) take their amount off', () => {
    for (const type of [1, 4, 8, 10, 20]) {
      const r = priceWith(coupon({ id: 1, type, reductionAmount: 500 }));
      // 44.00 − 5.00 = 39.00, spread 24:20 → 273 (272.7 +1 remainder) and 227
      expect(r.coupon.applied).toMatchObject({ id: 1, amount: 500 });
      expect(r.lines.map((l) => l.couponDiscount)).toEqual([273, 227]);
      expect(r.totals.total).toBe(3900);
    }
  });

  it('never takes off more than the goods it covers', () => {
    const r = priceWith(coupon({ id: 1, type: 4, reductionAmount: 5000, productList: [2] }));
    // covers cake only: 20.00
    expect(r.coupon.applied!.amount).toBe(2000);
    expect(r.totals.total).toBe(2400);
  });

  it('all discount (2) takes a percent of the covered goods', () => {
    const r = priceWith(coupon({ id: 1, type: 2, discount: 85 }));
    // 44.00 × 85 % = 37.40 → 6.60 off
    expect(r.coupon.applied!.amount).toBe(660);
  });

  it('spec price (3) sells one unit of a listed product at its price', () => {
    const r = priceWith(coupon({ id: 1, type: 3, productList: [1], discountPrice: 500 }));
    // one tea 12.00 → 5.00: 7.00 off that line
    expect(r.coupon.applied).toMatchObject({ amount: 700, lineFlags: ['tea'] });
  });

  it('product coupon (17) covers exactly one item, the dearest unless the customer picks the line', () => {
    const auto = priceWith(coupon({ id: 1, type: 17 }));
    // dearest unit: cake 20.00
    expect(auto.coupon.applied).toMatchObject({ amount: 2000, lineFlags: ['cake'] });
    const picked = priceWith(coupon({ id: 1, type: 17 }), { couponLineFlag: 'tea' });
    // one tea of two: 12.00
    expect(picked.coupon.applied).toMatchObject({ amount: 1200, lineFlags: ['tea'] });
    expect(picked.lines[0]!.net).toBe(1200);
  });

  it('second-item (11) discounts floor(units / 2) of the listed products, cheapest first', () => {
    const r = priceWith(coupon({ id: 1, type: 11, discount: 50, productList: [1, 2] }));
    // 3 units → 1 discounted: the cheapest, tea 12.00 × 50 % → 6.00 off
    expect(r.coupon.applied).toMatchObject({ amount: 600, lineFlags: ['tea'] });
  });

  it('buy N get N (12) gives the cheapest units free after buy units', () => {
    const r = priceWith(coupon({ id: 1, type: 12, buyQuantity: 2, freeQuantity: 1 }));
    // 3 units, buy 2 get 1: min(1, 3 − 2) = 1 free, the cheapest: tea 12.00
    expect(r.coupon.applied!.amount).toBe(1200);
    const tooFew = priceWith(coupon({ id: 1, type: 12, buyQuantity: 3, freeQuantity: 1 }));
    expect(tooFew.coupon.applied).toBeNull();
    expect(tooFew.coupon.evaluations[0]!.reasons).toEqual(['quantity']);
  });

  it('evaluates every coupon but applies only the chosen one', () => {
    const r = priceOrder(
      input({
        lines: [tea, cake],
        coupons: [
          coupon({ id: 2, type: 4, reductionAmount: 300 }),
          coupon({ id: 1, type: 4, reductionAmount: 800 }),
        ],
        couponId: 2,
      }),
    );
    expect(r.coupon.evaluations.map((e) => [e.id, e.usable, e.amount])).toEqual([
      [1, true, 800],
      [2, true, 300],
    ]);
    expect(r.totals.couponDiscount).toBe(300);
  });
});

describe('coupon conditions (spec §5)', () => {
  const reasons = (c: Partial<Coupon>, extra: object = {}) =>
    priceWith(coupon({ id: 1, type: 4, reductionAmount: 100, ...c }), extra).coupon.evaluations[0]!.reasons;

  it('needs status 1 and today within its dates', () => {
    expect(reasons({ status: 0 })).toEqual(['status']);
    expect(reasons({ status: -1 })).toEqual(['status']);
    expect(reasons({ startDate: '2026-07-01' })).toEqual(['date']);
    expect(reasons({ endDate: '2026-06-14' })).toEqual(['date']);
    expect(reasons({ startDate: '2026-06-15', endDate: '2026-06-15' })).toEqual([]);
  });

  it('week-day and month-day validity read the shop date (2026-06-15 is a Monday)', () => {
    expect(reasons({ weekDays: [1] })).toEqual([]);
    expect(reasons({ weekDays: [6, 7] })).toEqual(['date']);
    expect(reasons({ monthDays: [15, 30] })).toEqual([]);
    expect(reasons({ monthDays: [1] })).toEqual(['date']);
    // both lists must allow the day
    expect(reasons({ weekDays: [1], monthDays: [1] })).toEqual(['date']);
    expect(reasons({ weekDays: [7] }, { today: '2026-06-21' })).toEqual([]);
  });

  it('counts only the listed products, after activity discounts, against minAmount', () => {
    // tea 24.00 but a 50 % all-discount leaves 12.00 < 15.00
    const activities = [activity({ id: 1, type: 2, discount: 50 })];
    expect(reasons({ minAmount: 1500, productList: [1] }, { activities })).toEqual(['amount']);
    expect(reasons({ minAmount: 1200, productList: [1] }, { activities })).toEqual([]);
    expect(reasons({ minAmount: 2500, productList: [1] })).toEqual(['amount']);
    expect(reasons({ minQuantity: 3, productList: [1] })).toEqual(['quantity']);
  });

  it('an expand coupon (8) needs a listed product in the cart', () => {
    expect(reasons({ type: 8, productList: [42] })).toEqual(['product']);
    expect(reasons({ type: 8, productList: [2] })).toEqual([]);
  });

  it('matches the order type by client code range', () => {
    // takeaway-only (1) on a dine code 103; pickup (2) on 54; dine flag covers scan 203
    expect(reasons({ orderType: 1 }, { orderType: 'dine', clientTypeCode: 103 })).toEqual(['orderType']);
    expect(reasons({ orderType: 2 }, { orderType: 'selfPickup', clientTypeCode: 54 })).toEqual([]);
    expect(reasons({ orderType: 4 }, { orderType: 'openTable', clientTypeCode: 203 })).toEqual([]);
    expect(reasons({ orderType: 8 })).toEqual(['orderType']);
  });

  it('matches user type and member level, and member-card-only needs member-card pay', () => {
    expect(reasons({ userType: 2 })).toEqual(['userType']);
    expect(reasons({ userType: 2 }, { member })).toEqual([]);
    expect(reasons({ memberLevel: [5] }, { member })).toEqual(['memberLevel']);
    expect(reasons({ memberCardOnly: true }, { member, payType: 'JSAPI' })).toEqual(['payType']);
    expect(reasons({ memberCardOnly: true }, { member, payType: 'VIP' })).toEqual([]);
    // every failing condition is reported at once
    expect(reasons({ userType: 2, orderType: 8, memberCardOnly: true, minAmount: 9999 })).toEqual([
      'orderType',
      'userType',
      'payType',
      'amount',
    ]);
  });

  it('an unusable chosen coupon is not applied', () => {
    const r = priceWith(coupon({ id: 1, type: 4, reductionAmount: 100, userType: 2 }));
    expect(r.coupon.applied).toBeNull();
    expect(r.totals.total).toBe(4400);
  });

  it('lines with joinDiscount = N are not covered', () => {
    const r = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, joinDiscount: false })],
        coupons: [coupon({ id: 1, type: 4, reductionAmount: 100 })],
        couponId: 1,
      }),
    );
    expect(r.coupon.evaluations[0]!.reasons).toEqual(['amount']);
  });
});

describe('default coupon', () => {
  const coupons = [
    coupon({ id: 3, type: 4, reductionAmount: 500 }),
    coupon({ id: 2, type: 4, reductionAmount: 500 }),
    coupon({ id: 1, type: 4, reductionAmount: 900, userType: 2 }),
    coupon({ id: 4, type: 17, reductionAmount: 5000, orderType: 4 }),
    coupon({ id: 5, type: 17, reductionAmount: 5000 }),
  ];
  const evals = priceOrder(input({ lines: [tea, cake], coupons })).coupon.evaluations;

  it('picks the usable non-product coupon with the highest reductionAmount, ties to the lower id', () => {
    // 1 is unusable (members only); 2 and 3 tie at 5.00 → 2; product coupons 4/5 are never the default
    expect(defaultCoupon(evals, { chosenId: null })).toBe(2);
  });

  it('keeps a chosen product coupon that still meets user and order type', () => {
    expect(defaultCoupon(evals, { chosenId: 5 })).toBe(5);
  });

  it('replaces a chosen product coupon that no longer meets the order type', () => {
    expect(defaultCoupon(evals, { chosenId: 4 })).toBe(2);
  });

  it('keeps a usable chosen coupon and respects a cleared choice', () => {
    expect(defaultCoupon(evals, { chosenId: 3 })).toBe(3);
    expect(defaultCoupon(evals, { chosenId: null, cleared: true })).toBeNull();
    expect(defaultCoupon([], { chosenId: null })).toBeNull();
  });
});

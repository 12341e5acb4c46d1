import { describe, expect, it } from 'vitest';
import { priceOrder } from '../../../src/pricing';
import { activity, input, line } from './fixtures';

const member = { id: 7, level: 2, discount: 100 };
const segs = (r: ReturnType<typeof priceOrder>, i = 0) =>
  r.lines[i]!.segments.map((s) => [s.quantity, s.unitPrice, s.rule] as const);

describe('member price and discounts (spec §5 priority, last step)', () => {
  const vip = { showVipPrice: true };
  const priceMode = { discountMode: 1 };

  it('a member pays the member price when the shop shows VIP prices', () => {
    const r = priceOrder(
      input({
        shop: vip,
        memberSetting: priceMode,
        member,
        lines: [line({ id: 1, price: 1000, memberPrice: 850, quantity: 2 })],
      }),
    );
    // 2 × 8.50 = 17.00
    expect(segs(r)).toEqual([[2, 850, 'memberPrice']]);
    expect(r.totals.total).toBe(1700);
    expect(r.totals.productDiscount).toBe(300);
  });

  it('no member price when the shop hides VIP prices or for a guest', () => {
    const l = [line({ id: 1, price: 1000, memberPrice: 850 })];
    expect(segs(priceOrder(input({ memberSetting: priceMode, member, lines: l })))).toEqual([
      [1, 1000, 'list'],
    ]);
    expect(segs(priceOrder(input({ shop: vip, memberSetting: priceMode, lines: l })))).toEqual([
      [1, 1000, 'list'],
    ]);
  });

  it('a member with a member price and a level discount gets the better, whatever the discount mode', () => {
    const l = [line({ id: 1, price: 1000, memberPrice: 850 })];
    const both = (discount: number, discountMode: number) =>
      segs(
        priceOrder(
          input({
            shop: vip,
            memberSetting: { isOpenDiscount: true, discountMode },
            member: { ...member, discount },
            lines: l,
          }),
        ),
      );
    // 88 % = 8.80 loses to the member price 8.50; 80 % = 8.00 wins; the mode changes neither.
    expect(both(88, 1)).toEqual([[1, 850, 'memberPrice']]);
    expect(both(88, 2)).toEqual([[1, 850, 'memberPrice']]);
    expect(both(80, 1)).toEqual([[1, 800, 'memberDiscount']]);
    expect(both(80, 2)).toEqual([[1, 800, 'memberDiscount']]);
    // A level discount alone still needs isOpenDiscount.
    expect(
      segs(
        priceOrder(
          input({
            memberSetting: { isOpenDiscount: false, discountMode: 2 },
            member: { ...member, discount: 80 },
            lines: [line({ id: 1, price: 1000 })],
          }),
        ),
      ),
    ).toEqual([[1, 1000, 'list']]);
  });

  it('member-card-only benefits need member-card pay', () => {
    const base = {
      shop: vip,
      memberSetting: { ...priceMode, isOnlyCardPayForDiscount: true },
      member,
      lines: [line({ id: 1, price: 1000, memberPrice: 850 })],
    };
    expect(segs(priceOrder(input({ ...base, payType: 'JSAPI' })))).toEqual([[1, 1000, 'list']]);
    expect(segs(priceOrder(input({ ...base, payType: 'VIP' })))).toEqual([[1, 850, 'memberPrice']]);
  });

  it('member discount is the member percent paid, half-up', () => {
    const r = priceOrder(
      input({
        memberSetting: { isOpenDiscount: true, discountMode: 2 },
        member: { ...member, discount: 88 },
        lines: [line({ id: 1, price: 1099, quantity: 3 })],
      }),
    );
    // 10.99 × 88 % = 9.6712 → 9.67 a unit; × 3 = 29.01
    expect(segs(r)).toEqual([[3, 967, 'memberDiscount']]);
    expect(r.lines[0]!.amount).toBe(2901);
  });

  it('takes the better of member discount and the shop rebate for the order type, never both', () => {
    const base = {
      memberSetting: { isOpenDiscount: true, discountMode: 2 },
      member: { ...member, discount: 90 },
      shop: { discountSet: { dineRebate: 80, openTableRebate: 95, defaultRebate: 85 } },
      lines: [line({ id: 1, price: 1000 })],
    };
    // takeaway: default rebate 85 % beats member 90 % → 8.50
    expect(segs(priceOrder(input(base)))).toEqual([[1, 850, 'shopRebate']]);
    // dine: dine rebate 80 % → 8.00
    expect(segs(priceOrder(input({ ...base, orderType: 'dine', clientTypeCode: 103 })))).toEqual([
      [1, 800, 'shopRebate'],
    ]);
    // open table: rebate 95 % loses to member 90 % → 9.00
    expect(segs(priceOrder(input({ ...base, orderType: 'openTable', clientTypeCode: 203 })))).toEqual([
      [1, 900, 'memberDiscount'],
    ]);
  });

  it('a line with joinDiscount = N takes no discount at all', () => {
    const r = priceOrder(
      input({
        shop: { discountSet: { dineRebate: 50, openTableRebate: 50, defaultRebate: 50 } },
        lines: [line({ id: 1, price: 1000, joinDiscount: false })],
        activities: [activity({ id: 1, type: 3, productList: [{ id: 1, discountPrice: 100 }] })],
      }),
    );
    expect(segs(r)).toEqual([[1, 1000, 'excluded']]);
    expect(r.priceActivities).toEqual([]);
  });

  it('a member price takes the same tastes as the list price', () => {
    const r = priceOrder(
      input({
        shop: vip,
        memberSetting: priceMode,
        member,
        lines: [
          line({
            id: 1,
            price: 1000,
            memberPrice: 800,
            tastes: [{ id: 1, name: 'pearl', typeId: 1, optionType: 0, price: 200, quantity: 1 }],
          }),
        ],
      }),
    );
    // list 10.00 + 2.00 = 12.00; member 8.00 + 2.00 = 10.00
    expect(r.lines[0]!.listUnitPrice).toBe(1200);
    expect(segs(r)).toEqual([[1, 1000, 'memberPrice']]);
  });
});

describe('special price (promotion 3)', () => {
  const special = (over: object = {}, product: object = {}) =>
    activity({ id: 30, type: 3, productList: [{ id: 1, discountPrice: 600, ...product }], ...over });

  it('caps the special units by what the activity has left', () => {
    const r = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, quantity: 5 })],
        activities: [special({}, { quantity: 10, purchasedQuantity: 8 })],
      }),
    );
    // left 10 − 8 = 2 at 6.00, 3 at 10.00: 12.00 + 30.00 = 42.00; saved 2 × 4.00 = 8.00
    expect(segs(r)).toEqual([
      [2, 600, 'specialPrice'],
      [3, 1000, 'list'],
    ]);
    expect(r.totals.total).toBe(4200);
    expect(r.priceActivities).toEqual([
      {
        id: 1,
        activityId: 30,
        activityName: 'a30',
        activityType: 3,
        amount: 800,
        quantity: 2,
        detail: [{ flag: r.lines[0]!.flag, price: 600, quantity: 2 }],
      },
    ]);
    expect(r.specialPurchases).toEqual([
      { activityId: 30, products: [{ id: 1, discount: 600, quantity: 2 }] },
    ]);
  });

  it('caps by the per-person limit less what this customer already bought', () => {
    const r = priceOrder(
      input({
        member,
        lines: [line({ id: 1, price: 1000, quantity: 4 })],
        activities: [special({ limit: 3 })],
        purchased: [{ activityId: 30, products: [{ id: 1, discount: 600, quantity: 2 }] }],
      }),
    );
    // limit 3 − bought 2 = 1 special unit: 6.00 + 3 × 10.00 = 36.00
    expect(segs(r)).toEqual([
      [1, 600, 'specialPrice'],
      [3, 1000, 'list'],
    ]);
  });

  it('without a cap every unit is special (up to 99 999)', () => {
    const r = priceOrder(
      input({ lines: [line({ id: 1, price: 1000, quantity: 120_000 })], activities: [special()] }),
    );
    // 99 999 × 6.00 + (120 000 − 99 999 = 20 001) × 10.00
    expect(segs(r)).toEqual([
      [99_999, 600, 'specialPrice'],
      [20_001, 1000, 'list'],
    ]);
    expect(r.totals.total).toBe(99_999 * 600 + 20_001 * 1000);
  });

  it('matches a spec product by spec id, and shares the cap across lines of it in flag order', () => {
    const a = line({ id: 1, specId: 11, price: 1000, quantity: 2, flag: 'a' });
    const b = line({
      id: 1,
      specId: 11,
      price: 1000,
      quantity: 2,
      flag: 'b',
      tastes: [{ id: 1, name: 'pearl', typeId: 1, optionType: 0, price: 100, quantity: 1 }],
    });
    const r = priceOrder(
      input({
        lines: [b, a],
        activities: [
          activity({ id: 30, type: 3, productList: [{ id: 11, discountPrice: 600, quantity: 3 }] }),
        ],
      }),
    );
    // cap 3: line a (first flag) 2 at 6.00; line b 1 at 6.00 + 1.00 topping = 7.00 and 1 at 11.00
    expect(segs(r, 1)).toEqual([[2, 600, 'specialPrice']]);
    expect(segs(r, 0)).toEqual([
      [1, 700, 'specialPrice'],
      [1, 1100, 'list'],
    ]);
  });

  it('units past the cap take the member price', () => {
    const r = priceOrder(
      input({
        shop: { showVipPrice: true },
        memberSetting: { discountMode: 1 },
        member,
        lines: [line({ id: 1, price: 1000, memberPrice: 900, quantity: 3 })],
        activities: [special({}, { quantity: 1 })],
      }),
    );
    expect(segs(r)).toEqual([
      [1, 600, 'specialPrice'],
      [2, 900, 'memberPrice'],
    ]);
  });

  it('wins over a second-item discount on the same product, and the higher priority special wins', () => {
    const r = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, quantity: 2 })],
        activities: [
          activity({ id: 40, type: 11, discount: 50, productList: [{ id: 1 }], priority: 9 }),
          special({ priority: 1 }),
          activity({ id: 31, type: 3, priority: 5, productList: [{ id: 1, discountPrice: 700 }] }),
        ],
      }),
    );
    expect(segs(r)).toEqual([[2, 700, 'specialPrice']]);
    expect(r.priceActivities[0]!.activityId).toBe(31);
  });
});

describe('second-item discount (promotion 11)', () => {
  it('discounts floor(quantity / 2) units', () => {
    const r = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, quantity: 5 })],
        activities: [activity({ id: 40, type: 11, discount: 50, productList: [{ id: 1 }] })],
      }),
    );
    // floor(5 / 2) = 2 at 5.00 + 3 at 10.00 = 40.00
    expect(segs(r)).toEqual([
      [2, 500, 'secondItem'],
      [3, 1000, 'list'],
    ]);
    expect(r.totals.total).toBe(4000);
  });

  it('puts the discounted units on the cheapest units first, across lines of one product', () => {
    const plain = line({ id: 1, price: 1000, quantity: 1, flag: 'z-plain' });
    const topped = line({
      id: 1,
      price: 1000,
      quantity: 2,
      flag: 'a-topped',
      tastes: [{ id: 1, name: 'cheese', typeId: 1, optionType: 0, price: 300, quantity: 1 }],
    });
    const r = priceOrder(
      input({
        lines: [topped, plain],
        activities: [activity({ id: 40, type: 11, discount: 60, productList: [{ id: 1 }] })],
      }),
    );
    // 3 units → 1 discounted, on the 10.00 unit: 10.00 × 60 % = 6.00; the 13.00 units stay
    expect(segs(r, 1)).toEqual([[1, 600, 'secondItem']]);
    expect(segs(r, 0)).toEqual([[2, 1300, 'list']]);
  });

  it('uses the product percent over the activity percent', () => {
    const r = priceOrder(
      input({
        lines: [line({ id: 1, price: 999, quantity: 2 })],
        activities: [activity({ id: 40, type: 11, discount: 50, productList: [{ id: 1, discount: 75 }] })],
      }),
    );
    // 9.99 × 75 % = 7.4925 → 7.49
    expect(segs(r)[0]).toEqual([1, 749, 'secondItem']);
  });
});

describe('buy N get N (promotion 12)', () => {
  const bngn = (product: object, cyclicCalc = true) =>
    activity({
      id: 50,
      type: 12,
      cyclicCalc,
      productList: [{ id: 1, buyQuantity: 2, freeQuantity: 1, ...product }],
    });

  it('cyclic: floor(quantity / (buy + free)) × free units free', () => {
    const r = priceOrder(
      input({ lines: [line({ id: 1, price: 1000, quantity: 7 })], activities: [bngn({})] }),
    );
    // floor(7 / 3) × 1 = 2 free; 5 × 10.00 = 50.00
    expect(segs(r)).toEqual([
      [2, 0, 'buyNGetN'],
      [5, 1000, 'list'],
    ]);
    expect(r.buyNGetN).toEqual([
      {
        id: 50,
        name: 'a50',
        amount: 2000,
        products: [{ id: 1, flag: r.lines[0]!.flag, quantity: 2, amount: 2000 }],
      },
    ]);
  });

  it('not cyclic: one round only', () => {
    const r = priceOrder(
      input({ lines: [line({ id: 1, price: 1000, quantity: 7 })], activities: [bngn({}, false)] }),
    );
    expect(segs(r)[0]).toEqual([1, 0, 'buyNGetN']);
  });

  it('caps the free units by what the activity has left and by quantity − buy', () => {
    const left = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, quantity: 9 })],
        activities: [bngn({ quantity: 5, purchasedQuantity: 4 })],
      }),
    );
    // floor(9 / 3) = 3, but 5 − 4 = 1 left
    expect(segs(left)[0]).toEqual([1, 0, 'buyNGetN']);
    const few = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, quantity: 2 })],
        activities: [bngn({ buyQuantity: 1, freeQuantity: 2 }, false)],
      }),
    );
    // buy 1 get 2 with 2 in the cart: min(2, 2 − 1) = 1 free
    expect(segs(few)).toEqual([
      [1, 0, 'buyNGetN'],
      [1, 1000, 'list'],
    ]);
  });

  it('gives the cheapest units free', () => {
    const r = priceOrder(
      input({
        lines: [
          line({ id: 1, specId: 2, price: 1000, quantity: 2, flag: 'a' }),
          line({ id: 1, specId: 2, price: 800, quantity: 1, flag: 'b' }),
        ],
        activities: [
          activity({ id: 50, type: 12, productList: [{ id: 2, buyQuantity: 2, freeQuantity: 1 }] }),
        ],
      }),
    );
    // 3 units, 1 free: the 8.00 unit
    expect(segs(r, 1)).toEqual([[1, 0, 'buyNGetN']]);
    expect(r.totals.total).toBe(2000);
  });
});

describe('activity conditions', () => {
  const special = (over: object) =>
    activity({ id: 30, type: 3, productList: [{ id: 1, discountPrice: 500 }], ...over });
  const price = (over: object, extra: object = {}) =>
    segs(
      priceOrder(
        input({ lines: [line({ id: 1, price: 1000, typeid: 3 })], activities: [special(over)], ...extra }),
      ),
    )[0]![2];

  it('filters by order-type bitmask of the client code', () => {
    expect(price({ orderType: 4 })).toBe('list'); // dine-only, takeaway code 4
    expect(price({ orderType: 4 }, { orderType: 'dine', clientTypeCode: 103 })).toBe('specialPrice');
    expect(price({ orderType: 4 }, { orderType: 'openTable', clientTypeCode: 203 })).toBe('specialPrice'); // scan = dine
    expect(price({ orderType: 1 | 2 })).toBe('specialPrice');
  });

  it('filters by user type and member level', () => {
    expect(price({ userType: 2 })).toBe('list');
    expect(price({ userType: 2 }, { member })).toBe('specialPrice');
    expect(price({ userType: 1 }, { member })).toBe('list');
    expect(price({ memberLevel: [3] }, { member })).toBe('list');
    expect(price({ memberLevel: [2, 3] }, { member })).toBe('specialPrice');
  });

  it('filters by status and dates (today passed in, bounds inclusive)', () => {
    expect(price({ status: 0 })).toBe('list');
    expect(price({ startDate: '2026-06-16' })).toBe('list');
    expect(price({ endDate: '2026-06-14' })).toBe('list');
    expect(price({ startDate: '2026-06-15', endDate: '2026-06-15' })).toBe('specialPrice');
  });

  it('needs the minimum amount and quantity over its categories', () => {
    expect(price({ minAmount: 1001 })).toBe('list');
    expect(price({ minAmount: 1000 })).toBe('specialPrice');
    expect(price({ quantityLimit: 2 })).toBe('list');
    expect(price({ minAmount: 500, typeIds: [4] })).toBe('list');
    expect(price({ minAmount: 500, typeIds: [3] })).toBe('specialPrice');
  });
});

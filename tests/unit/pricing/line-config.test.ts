import { describe, expect, it } from 'vitest';
import { lineFlag, productUnitPrice } from '../../../src/pricing';

const shop = { currency: 'CNY', numberDecimals: 2 };
const taste = (id: number, optionType: number, price: number, quantity = 1, typeId = optionType + 1) => ({
  id,
  typeId,
  optionType,
  price,
  quantity,
});

describe('configured unit price', () => {
  it('adds toppings by their quantity (option type 0)', () => {
    // 12.00 + 2 × 1.50 + 1 × 0.80 = 15.80
    expect(
      productUnitPrice({ price: 1200, tastes: [taste(1, 0, 150, 2), taste(2, 0, 80)], mealset: [] }, shop),
    ).toBe(1580);
  });

  it('replaces the price with a sub price (option type 1), toppings still add', () => {
    // large cup 18.00 replaces 12.00; + topping 1.50 = 19.50
    expect(
      productUnitPrice({ price: 1200, tastes: [taste(1, 1, 1800), taste(2, 0, 150)], mealset: [] }, shop),
    ).toBe(1950);
  });

  it('resets the price to zero (option type 2) and keeps extras', () => {
    // free refill: 0 + topping 0.50 = 0.50
    expect(
      productUnitPrice({ price: 900, tastes: [taste(1, 2, 0), taste(2, 0, 50)], mealset: [] }, shop),
    ).toBe(50);
  });

  it('takes a discount option (type 3) as a percent paid of the whole, half-up', () => {
    // (10.00 + 0.55) × 85 % = 8.9675 → 8.97
    expect(
      productUnitPrice({ price: 1000, tastes: [taste(1, 3, 85), taste(2, 0, 55)], mealset: [] }, shop),
    ).toBe(897);
  });

  it('ignores flavors (option type 4)', () => {
    expect(productUnitPrice({ price: 1000, tastes: [taste(1, 4, 999)], mealset: [] }, shop)).toBe(1000);
  });

  it('adds meal-set surcharges by quantity', () => {
    // set 25.00 + large fries 3.00 + 2 × sauce 0.50 = 29.00
    expect(
      productUnitPrice(
        {
          price: 2500,
          tastes: [],
          mealset: [
            { price: 300, quantity: 1 },
            { price: 50, quantity: 2 },
          ],
        },
        shop,
      ),
    ).toBe(2900);
  });

  it('reads tastes in a fixed order, so the first sub price by group then id wins whatever the pick order', () => {
    const a = productUnitPrice(
      { price: 100, tastes: [taste(7, 1, 300, 1, 2), taste(3, 1, 500, 1, 2)], mealset: [] },
      shop,
    );
    const b = productUnitPrice(
      { price: 100, tastes: [taste(3, 1, 500, 1, 2), taste(7, 1, 300, 1, 2)], mealset: [] },
      shop,
    );
    expect(a).toBe(500);
    expect(b).toBe(500);
  });
});

describe('line flag', () => {
  it('is stable for the same choice in any order and differs for another choice', () => {
    const one = lineFlag({
      id: 5,
      specId: 51,
      tastes: [taste(1, 0, 0), taste(2, 4, 0)],
      mealset: [{ name: 'Cola', quantity: 1 }],
    });
    const same = lineFlag({
      id: 5,
      specId: 51,
      tastes: [taste(2, 4, 0), taste(1, 0, 0)],
      mealset: [{ name: 'Cola', quantity: 1 }],
    });
    const otherSpec = lineFlag({
      id: 5,
      specId: 52,
      tastes: [taste(1, 0, 0), taste(2, 4, 0)],
      mealset: [{ name: 'Cola', quantity: 1 }],
    });
    const otherMeal = lineFlag({
      id: 5,
      specId: 51,
      tastes: [taste(1, 0, 0), taste(2, 4, 0)],
      mealset: [{ name: 'Tea', quantity: 1 }],
    });
    const otherTasteQty = lineFlag({
      id: 5,
      specId: 51,
      tastes: [taste(1, 0, 0, 2), taste(2, 4, 0)],
      mealset: [{ name: 'Cola', quantity: 1 }],
    });
    expect(one).toBe(same);
    expect(new Set([one, otherSpec, otherMeal, otherTasteQty]).size).toBe(4);
    expect(one.startsWith('5-51-')).toBe(true);
    expect(lineFlag({ id: 5 })).toBe(lineFlag({ id: 5, specId: null, tastes: [], mealset: [] }));
  });
});

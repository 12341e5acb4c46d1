import { describe, expect, it } from 'vitest';
import { dinero, multiply, toSnapshot, transformScale, halfUp } from 'dinero.js';
import fc from 'fast-check';
import {
  allocateBy,
  formatMoney,
  includedTax,
  moneyContext,
  percentOf,
  perUnitTimes,
  round05Step,
  roundToStep,
} from '../../../src/pricing/money';

const cny = moneyContext('CNY', 2);

describe('money maths', () => {
  it('rounds percents half-up at the minor unit', () => {
    // 80 % of 1.05 = 0.84 exactly; 50 % of 0.05 = 0.025 → 0.03; 13 % of 9.99 = 1.2987 → 1.30
    expect(percentOf(cny, 105, 80)).toBe(84);
    expect(percentOf(cny, 5, 50)).toBe(3);
    expect(percentOf(cny, 999, 13)).toBe(130);
    // 8.25 % of 12.34 = 1.018050 → 1.02
    expect(percentOf(cny, 1234, 8.25)).toBe(102);
    expect(percentOf(cny, 1234, 100)).toBe(1234);
    expect(percentOf(cny, 1234, 0)).toBe(0);
  });

  it('takes the exact bigint path for amounts whose product leaves the safe range', () => {
    // 90 071 992 547 409.91 × 50 % = 45 035 996 273 704.955 → …704.96
    expect(percentOf(cny, 9_007_199_254_740_991, 50)).toBe(4_503_599_627_370_496);
    expect(allocateBy(cny, 3_000_000_000_000_000, [3_000_000_000, 1_000_000_000])).toEqual([
      2_250_000_000_000_000, 750_000_000_000_000,
    ]);
  });

  it('allocates exactly, the remainder to the larger weights, never past a weight', () => {
    // 100 over 1:1:1 → 34, 33, 33
    expect(allocateBy(cny, 100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 10 over 0:5:15 → 0, 2.5 → 2, 7.5 → 7, remainder 1 to the largest: 0, 2, 8
    expect(allocateBy(cny, 10, [0, 5, 15])).toEqual([0, 2, 8]);
    expect(allocateBy(cny, 0, [3, 4])).toEqual([0, 0]);
  });

  it('extracts tax included in a price', () => {
    // 11.30 with 13 % inside: 1130 × 13 / 113 = 130 exactly
    expect(includedTax(1130, 13)).toBe(130);
    // 10.00 with 13 % inside: 1000 × 13 / 113 = 115.04 → 1.15
    expect(includedTax(1000, 13)).toBe(115);
    // 1.00 with 8.25 % inside: 100 × 8.25 / 108.25 = 7.621 → 0.08
    expect(includedTax(100, 8.25)).toBe(8);
  });

  it('multiplies fractional per-unit taxes half-up', () => {
    // 12.5 minor units × 3 = 37.5 → 38
    expect(perUnitTimes(12.5, 3)).toBe(38);
    expect(perUnitTimes(7, 3)).toBe(21);
  });

  it('rounds to 0.05 at two decimals and 0.050 at three, none at zero decimals', () => {
    expect(round05Step(2)).toBe(5);
    expect(round05Step(3)).toBe(50);
    expect(round05Step(0)).toBe(1);
    // 1.02 → 1.00, 1.03 → 1.05, 1.07 → 1.05, 1.08 → 1.10
    expect([102, 103, 107, 108].map((a) => roundToStep(a, 5))).toEqual([100, 105, 105, 110]);
    // 1.025 at three decimals is exactly half a step: up to 1.050
    expect(roundToStep(1025, 50)).toBe(1050);
  });

  it('formats amounts with the shop decimals and symbol', () => {
    expect(formatMoney(1230, { currency: 'CNY', symbol: '¥' })).toBe('¥12.30');
    expect(formatMoney(-5, { currency: 'USD', numberDecimals: 2, symbol: '$' })).toBe('-$0.05');
    expect(formatMoney(1234500, { currency: 'KWD', numberDecimals: 3 })).toBe('1234.500');
    expect(formatMoney(42, { currency: 'JPY', numberDecimals: 0, symbol: null })).toBe('42');
    expect(() => formatMoney(1.5, { currency: 'CNY' })).toThrow(RangeError);
  });

  it('percentOf agrees with a plain dinero multiply and half-up rescale', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, p100) => {
        const percent = p100 / 100;
        const d = dinero({ amount, currency: cny.currency, scale: 2 });
        const expected = toSnapshot(
          transformScale(multiply(d, { amount: p100, scale: 4 }), 2, halfUp),
        ).amount;
        expect(percentOf(cny, amount, percent)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { dinero, multiply, toSnapshot, transformScale, halfUp } from 'dinero.js';
import {
  dinero as dineroBig,
  multiply as multiplyBig,
  toSnapshot as snapshotBig,
  transformScale as transformScaleBig,
  halfUp as halfUpBig,
} from 'dinero.js/bigint';
import fc from 'fast-check';
import {
  allocateBy,
  divideHalfUp,
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

  // The engine divides on plain integers inside its loops; these hold that arithmetic to dinero's own
  // result (or, where dinero cannot divide, to exact bigint maths) over the whole safe-integer range.
  const safeAmount = fc.oneof(fc.nat({ max: 100_000_000 }), fc.maxSafeNat());

  it('divideHalfUp by a power of ten is the half-up transformScale of dinero', () => {
    fc.assert(
      fc.property(safeAmount, fc.integer({ min: 1, max: 8 }), (amount, decimals) => {
        const d = dinero({ amount, currency: cny.currency, scale: decimals });
        const expected = toSnapshot(transformScale(d, 0, halfUp)).amount;
        expect(divideHalfUp(amount, 10 ** decimals)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('divideHalfUp by any divisor is the exact half-up quotient', () => {
    fc.assert(
      fc.property(safeAmount, fc.integer({ min: 1, max: 2_000_000 }), (dividend, divisor) => {
        const exact = (2n * BigInt(dividend) + BigInt(divisor)) / (2n * BigInt(divisor));
        expect(divideHalfUp(dividend, divisor)).toBe(Number(exact));
      }),
      { numRuns: 2000 },
    );
  });

  it('percentOf agrees with dinero for any safe amount, percents with up to four decimals and any decimals', () => {
    fc.assert(
      fc.property(
        safeAmount,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        (amount, p10000, numberDecimals) => {
          const ctx = moneyContext('XTS', numberDecimals);
          const percent = p10000 / 10_000;
          const text = String(percent);
          const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
          const multiplier = { amount: Math.round(percent * 10 ** decimals), scale: decimals + 2 };
          let expected: number;
          if (amount * multiplier.amount < Number.MAX_SAFE_INTEGER) {
            const d = dinero({ amount, currency: ctx.currency, scale: numberDecimals });
            expected = toSnapshot(transformScale(multiply(d, multiplier), numberDecimals, halfUp)).amount;
          } else {
            const d = dineroBig({
              amount: BigInt(amount),
              currency: ctx.currencyBig,
              scale: BigInt(numberDecimals),
            });
            const m = multiplyBig(d, { amount: BigInt(multiplier.amount), scale: BigInt(multiplier.scale) });
            const big = snapshotBig(transformScaleBig(m, BigInt(numberDecimals), halfUpBig)).amount;
            if (!Number.isSafeInteger(Number(big))) {
              expect(() => percentOf(ctx, amount, percent)).toThrow(RangeError);
              return;
            }
            expected = Number(big);
          }
          expect(percentOf(ctx, amount, percent)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('includedTax and perUnitTimes are the exact half-up quotients for any safe amount', () => {
    fc.assert(
      fc.property(
        safeAmount,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (gross, p10000, quantity) => {
          // gross × p / (100 + p) with p = p10000 / 10 000: × 10 000 on both sides keeps it in integers.
          const p = BigInt(p10000);
          const num = BigInt(gross) * p;
          const den = 1_000_000n + p;
          const tax = p10000 === 0 || gross === 0 ? 0n : (2n * num + den) / (2n * den);
          expect(includedTax(gross, p10000 / 10_000)).toBe(Number(tax));
          // A per-unit tax of p10000 / 10 000 minor units × quantity, half-up.
          const units = (2n * p * BigInt(quantity) + 10_000n) / 20_000n;
          if (Number.isSafeInteger(Number(units)))
            expect(perUnitTimes(p10000 / 10_000, quantity)).toBe(Number(units));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

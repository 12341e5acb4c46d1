import { describe, expect, it } from 'vitest';
import { bagProgress } from '../../../src/machines/coupon/expand-red-bag.selectors';

describe('how far a red bag has grown toward its cap', () => {
  it('says what is still to grow and the share of the cap reached', () => {
    // S$4.00 of S$10.00: S$6.00 to go, 40 %.
    expect(bagProgress({ value: 400, maxAmount: 1000 })).toEqual({
      value: 400,
      max: 1000,
      remaining: 600,
      percent: 40,
    });
  });

  it('stops at the cap: nothing left to grow, a full bar', () => {
    expect(bagProgress({ value: 1000, maxAmount: 1000 })).toMatchObject({ remaining: 0, percent: 100 });
    // A bag read past its cap (the cap lowered later) still draws a full bar, never more.
    expect(bagProgress({ value: 1200, maxAmount: 1000 })).toMatchObject({ remaining: 0, percent: 100 });
  });

  it('rounds the bar to whole percent and draws a cap of zero as reached', () => {
    expect(bagProgress({ value: 1, maxAmount: 3 }).percent).toBe(33);
    expect(bagProgress({ value: 0, maxAmount: 0 })).toMatchObject({ remaining: 0, percent: 100 });
  });
});

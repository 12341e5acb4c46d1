import { describe, expect, it } from 'vitest';
import { isEnded, isRewardReady, timesProgress } from '../../../src/machines/coupon/times-red-bag.selectors';

describe('an order red bag’s progress', () => {
  it('counts paid orders toward the goal and what is still to go', () => {
    expect(timesProgress({ cumulativeQuantity: 1, limitQuantity: 3 })).toEqual({
      done: 1,
      total: 3,
      toGo: 2,
      percent: 33,
    });
  });

  it('never draws past the goal, nor below nothing', () => {
    expect(timesProgress({ cumulativeQuantity: 5, limitQuantity: 3 })).toMatchObject({
      done: 3,
      toGo: 0,
      percent: 100,
    });
    expect(timesProgress({ cumulativeQuantity: -1, limitQuantity: 3 })).toMatchObject({
      done: 0,
      percent: 0,
    });
    // A goal of zero reads as one order, so the bar never divides by zero.
    expect(timesProgress({ cumulativeQuantity: 0, limitQuantity: 0 })).toMatchObject({ total: 1, toGo: 1 });
  });

  it('reads status 2 as a reward to take and 0 as ended', () => {
    expect(isRewardReady({ status: 2 })).toBe(true);
    expect(isRewardReady({ status: 1 })).toBe(false);
    expect(isEnded({ status: 0 })).toBe(true);
  });
});

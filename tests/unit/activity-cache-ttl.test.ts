import { describe, expect, it } from 'vitest';
import { activityCacheTtlMs } from '../../server/modules/coupons/activities';

describe('ACTIVITY_CACHE_TTL_MS', () => {
  it('defaults to 10 seconds when unset or blank', () => {
    expect(activityCacheTtlMs(undefined)).toBe(10_000);
    expect(activityCacheTtlMs('  ')).toBe(10_000);
  });

  it('takes whole milliseconds from 0 to 60000', () => {
    expect(activityCacheTtlMs('0')).toBe(0);
    expect(activityCacheTtlMs(' 2500 ')).toBe(2_500);
    expect(activityCacheTtlMs('60000')).toBe(60_000);
  });

  it.each(['ten', '-1', '60001', '1.5', 'Infinity', '1e9'])(
    'refuses "%s" with the setting named',
    (value) => {
      expect(() => activityCacheTtlMs(value)).toThrow(/^ACTIVITY_CACHE_TTL_MS must be 0-60000 milliseconds/);
    },
  );
});

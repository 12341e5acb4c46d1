// "My coupons" by tab (usable, used, expired) and "not valid today" by dates, week days and month days.
import { describe, expect, it } from 'vitest';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import { usableCount, validOn, walletCards } from '../../../src/machines/coupon/coupon-wallet.rules';

const coupon = (
  id: number,
  state: CustomerCoupon['state'],
  pricing: Partial<CustomerCoupon['pricing']> = {},
) =>
  ({
    id,
    state,
    name: `Coupon ${id}`,
    claimedAt: `2026-11-${String(10 + id).padStart(2, '0')}T10:00:00+08:00`,
    pricing: { id, name: `Coupon ${id}`, type: 4, ...pricing },
  }) as CustomerCoupon;

describe('coupon wallet', () => {
  const coupons = [
    coupon(1, 'usable'),
    coupon(2, 'reserved'),
    coupon(3, 'used'),
    coupon(4, 'expired'),
    // Weekdays only: 2026-11-21 is a Saturday.
    coupon(5, 'usable', { weekDays: [1, 2, 3, 4, 5] }),
  ];

  it('puts usable and reserved coupons under usable, newest claim first, reserved ones marked', () => {
    const cards = walletCards(coupons, 'usable', '2026-11-21');
    expect(cards.map((c) => c.coupon.id)).toEqual([5, 2, 1]);
    expect(cards.find((c) => c.coupon.id === 2)!.reserved).toBe(true);
    expect(cards.find((c) => c.coupon.id === 5)!.notToday).toBe(true);
    expect(walletCards(coupons, 'used', '2026-11-21').map((c) => c.coupon.id)).toEqual([3]);
    expect(walletCards(coupons, 'expired', '2026-11-21').map((c) => c.coupon.id)).toEqual([4]);
    expect(usableCount(coupons)).toBe(2);
  });

  it('reads dates, week days and month days in the shop’s calendar', () => {
    expect(validOn(coupon(6, 'usable', { startDate: '2026-11-22' }), '2026-11-21')).toBe(false);
    expect(validOn(coupon(6, 'usable', { endDate: '2026-11-20' }), '2026-11-21')).toBe(false);
    expect(validOn(coupon(6, 'usable', { weekDays: [6] }), '2026-11-21')).toBe(true);
    expect(validOn(coupon(6, 'usable', { weekDays: [7] }), '2026-11-22')).toBe(true);
    expect(validOn(coupon(6, 'usable', { monthDays: [1, 8, 15, 22] }), '2026-11-22')).toBe(true);
    expect(validOn(coupon(6, 'usable', { monthDays: [1, 8, 15, 22] }), '2026-11-21')).toBe(false);
  });
});

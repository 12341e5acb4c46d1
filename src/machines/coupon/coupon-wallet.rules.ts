// The customer's coupons by tab (spec §2 /pages/user/coupon/list): usable (those an unpaid order holds
// too, marked), used, expired; and whether a usable one can be used today (its dates, week days and
// month days in the shop's time zone).
import type { CustomerCoupon } from '../../domain/api/activity';

export type WalletTab = 'usable' | 'used' | 'expired';
export const WALLET_TABS: readonly WalletTab[] = ['usable', 'used', 'expired'];

export interface WalletCard {
  coupon: CustomerCoupon;
  /** Held by an unpaid order (released if it is cancelled). */
  reserved: boolean;
  /** Usable, but not on `today` (outside its dates or days). */
  notToday: boolean;
}

/** ISO weekday of a YYYY-MM-DD date: 1 Monday … 7 Sunday. */
const weekDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

export function validOn(coupon: CustomerCoupon, today: string): boolean {
  const p = coupon.pricing;
  if (p.startDate && today < p.startDate) return false;
  if (p.endDate && today > p.endDate) return false;
  if (p.weekDays && p.weekDays.length > 0 && !p.weekDays.includes(weekDay(today))) return false;
  if (p.monthDays && p.monthDays.length > 0 && !p.monthDays.includes(Number(today.slice(8, 10))))
    return false;
  return true;
}

export function walletTab(coupon: CustomerCoupon): WalletTab {
  if (coupon.state === 'used') return 'used';
  if (coupon.state === 'expired') return 'expired';
  return 'usable';
}

/** The tab's cards, newest claim first. */
export function walletCards(coupons: readonly CustomerCoupon[], tab: WalletTab, today: string): WalletCard[] {
  return coupons
    .filter((c) => walletTab(c) === tab)
    .sort((a, b) => b.claimedAt.localeCompare(a.claimedAt) || b.id - a.id)
    .map((coupon) => ({
      coupon,
      reserved: coupon.state === 'reserved',
      notToday: tab === 'usable' && !validOn(coupon, today),
    }));
}

/** How many the customer can use (the centre's "My coupons" count). */
export const usableCount = (coupons: readonly CustomerCoupon[]) =>
  coupons.filter((c) => c.state === 'usable').length;

// What the confirm page's coupon row and sheet read from the coupon selection actor: the coupons that
// apply first (most off first), then the others with every reason the engine gave, and the choice.
import type { SnapshotFrom } from 'xstate';
import type { CouponRules } from '../../domain/api/activity';
import type { CouponRejection } from '../../domain/pricing';
import type { couponSelectionMachine } from './coupon-selection.machine';

type S = SnapshotFrom<typeof couponSelectionMachine>;

/** One coupon of the sheet. */
export interface CouponOption {
  id: number;
  name: string;
  rules: CouponRules;
  usable: boolean;
  /** What it takes off this cart (0 when it does not apply). */
  amount: number;
  reasons: CouponRejection[];
  /** For the amount reason: how much more the counted products must come to. */
  short: number;
  /** For the quantity reason: the least number of items. */
  minQuantity: number;
  chosen: boolean;
}

export const selectIsGuest = (s: S) => s.matches('guest');
export const selectIsLoading = (s: S) => s.hasTag('busy') || s.matches('starting');
export const selectLoadFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectChosenId = (s: S) => s.context.chosenId;
export const selectIsCleared = (s: S) => s.context.cleared;

/** Every held coupon the engine evaluated: usable ones first (most off, then lower id), then the rest. */
export function selectOptions(s: S): CouponOption[] {
  const { coupons, evaluations, chosenId } = s.context;
  const byId = new Map(evaluations.map((e) => [e.id, e]));
  const options: CouponOption[] = [];
  for (const c of coupons) {
    const e = byId.get(c.id);
    if (!e) continue;
    options.push({
      id: c.id,
      name: c.name,
      rules: c.rules,
      usable: e.usable,
      amount: e.amount,
      reasons: e.reasons,
      short: e.reasons.includes('amount') ? Math.max(0, (c.pricing.minAmount ?? 0) - e.base) : 0,
      minQuantity: c.pricing.minQuantity ?? 0,
      chosen: c.id === chosenId,
    });
  }
  return options.sort((a, b) => Number(b.usable) - Number(a.usable) || b.amount - a.amount || a.id - b.id);
}

export const selectUsableCount = (s: S) => {
  const usable = new Set(s.context.evaluations.filter((e) => e.usable).map((e) => e.id));
  return s.context.coupons.filter((c) => usable.has(c.id)).length;
};

/** The chosen coupon with what it takes off, or null. */
export function selectChosen(s: S): { id: number; name: string; amount: number } | null {
  const { chosenId, evaluations } = s.context;
  const e = chosenId === null ? undefined : evaluations.find((x) => x.id === chosenId);
  return e ? { id: e.id, name: e.name, amount: e.amount } : null;
}

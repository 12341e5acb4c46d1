// Coupon reasons and notices in the customer's words (spec §8 "Reasons a coupon cannot be used": order
// amount, order quantity, order type, pay type, user type; and the rest the engine names).
import type { CouponNotice } from '../../machines/coupon/coupon-selection.machine';
import type { CouponOption } from '../../machines/coupon/coupon-selection.selectors';
import type { CouponRejection } from '../../domain/pricing';
import type { TranslationFunctions } from '../../i18n/i18n-types';

const KNOWN: readonly string[] = [
  'status',
  'date',
  'amount',
  'quantity',
  'product',
  'orderType',
  'userType',
  'memberLevel',
  'payType',
] satisfies CouponRejection[];

/** One reason in words; `amount` says how much is short, `quantity` how many items are needed. */
export function reasonText(
  LL: TranslationFunctions,
  reason: string,
  facts: { short: number; minQuantity: number },
  format: (amount: number) => string,
): string | null {
  switch (reason) {
    case 'amount':
      return LL.coupons.reason.amount({ short: format(facts.short) });
    case 'quantity':
      return LL.coupons.reason.quantity({ count: facts.minQuantity });
    default:
      return KNOWN.includes(reason)
        ? LL.coupons.reason[reason as Exclude<CouponRejection, 'amount' | 'quantity'>]()
        : null;
  }
}

/** Every reason of an option, joined for one line under the coupon. */
export const optionReasons = (
  LL: TranslationFunctions,
  option: Pick<CouponOption, 'reasons' | 'short' | 'minQuantity'>,
  format: (amount: number) => string,
): string =>
  option.reasons
    .map((r) => reasonText(LL, r, option, format))
    .filter((t): t is string => t !== null)
    .join(' · ');

/** Reasons that come without figures (how much is short, how many items): the amount and quantity ones named
 * without them. */
export const bareReasonTexts = (
  LL: TranslationFunctions,
  reasons: readonly string[],
  format: (amount: number) => string,
): string[] =>
  reasons
    .map((r) =>
      r === 'amount'
        ? LL.coupons.reason.amountLow()
        : r === 'quantity'
          ? LL.coupons.reason.quantityLow()
          : reasonText(LL, r, { short: 0, minQuantity: 0 }, format),
    )
    .filter((t): t is string => t !== null);

/** Why the choice changed on its own, in words. */
export function noticeText(
  LL: TranslationFunctions,
  notice: CouponNotice,
  format: (amount: number) => string,
): string {
  // A notice has no figures for the amount and quantity reasons: it names them without.
  const words = (reasons: readonly string[]) => bareReasonTexts(LL, reasons, format).join(', ');
  switch (notice.kind) {
    case 'payTypeDropped':
      return LL.coupons.notice.payTypeDropped();
    case 'productCleared':
      return LL.coupons.notice.productCleared({ name: notice.name });
    case 'dropped':
      return LL.coupons.notice.dropped({ name: notice.name, reasons: words(notice.reasons) });
    case 'refused': {
      const text = words(notice.reasons);
      return text ? LL.coupons.notice.refused({ reasons: text }) : LL.coupons.notice.refusedPlain();
    }
  }
}

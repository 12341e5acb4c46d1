// A price breakdown row in words (docs/flows.md checkout `selectBreakdown`): the confirm page before the
// order and the order detail after it say the same thing.
import type { TranslationFunctions } from '../../i18n/i18n-types';
import type { BreakdownRow } from '../../machines/cart/breakdown';

export function breakdownLabel(
  LL: TranslationFunctions,
  row: BreakdownRow,
  format: (n: number) => string,
): string {
  const v = row.values;
  switch (row.key) {
    case 'activity':
      return LL.checkout.breakdown.activity({ name: String(v.name ?? '') });
    case 'coupon':
      return LL.checkout.breakdown.coupon({ name: String(v.name ?? '') });
    case 'delivery':
      return LL.checkout.breakdown.delivery({ km: (Number(v.distance ?? 0) / 1000).toFixed(1) });
    case 'dishware':
      return LL.checkout.breakdown.dishware({ units: Number(v.units ?? 0) });
    case 'serviceCharge':
      return LL.checkout.breakdown.serviceCharge({ percent: Number(v.percent ?? 0) });
    case 'tableTime':
      return LL.checkout.breakdown.tableTime({ minutes: Number(v.minutes ?? 0) });
    case 'rounding':
      return LL.checkout.breakdown.rounding({ step: format(Number(v.step ?? 0)) });
    default:
      return LL.checkout.breakdown[row.key]();
  }
}

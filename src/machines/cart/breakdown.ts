// The price breakdown rows of a pricing result, top to bottom, each explained (docs/pricing.md "Reading
// the result"): what the confirm page shows before the order and the order detail after it. Pure and
// free of the pricing engine, so a page that only shows a stored result does not carry the engine.
import type { PricingResult } from '../../domain/pricing';

export type BreakdownKey =
  | 'goods'
  | 'productDiscount'
  | 'limitCard'
  | 'activity'
  | 'coupon'
  | 'delivery'
  | 'deliveryWaived'
  | 'packing'
  | 'dishware'
  | 'serviceCharge'
  | 'tableTime'
  | 'tax'
  | 'taxIncluded'
  | 'rounding'
  | 'total';

export interface BreakdownRow {
  /** Text key `checkout.breakdown.<key>`. */
  key: BreakdownKey;
  /** Minor units; discounts are negative. taxIncluded is informative (already inside the prices). */
  amount: number;
  /** What the row's message names (activity or coupon name, distance, percent, minutes). */
  values: Record<string, string | number>;
}

/** The confirm page's price lines, top to bottom, each explained (docs/pricing.md "Reading the result"). */
export function breakdownOf(pricing: PricingResult | null): BreakdownRow[] {
  if (!pricing) return [];
  const { totals, fees, taxes } = pricing;
  const rows: BreakdownRow[] = [{ key: 'goods', amount: totals.list, values: {} }];
  if (totals.productDiscount)
    rows.push({ key: 'productDiscount', amount: -totals.productDiscount, values: {} });
  // Results stored before limit cards have no such total.
  if (totals.limitCard) rows.push({ key: 'limitCard', amount: -totals.limitCard, values: {} });
  for (const r of pricing.fullReductions)
    rows.push({ key: 'activity', amount: -r.amount, values: { name: r.name } });
  if (pricing.coupon.applied)
    rows.push({
      key: 'coupon',
      amount: -pricing.coupon.applied.amount,
      values: { name: pricing.coupon.applied.name },
    });
  // Before an address there is no distance: a "0.0 km, 0.00" fee would read as free delivery.
  if (fees.delivery.applies && fees.delivery.distance !== null) {
    rows.push({
      key: 'delivery',
      amount: fees.delivery.base,
      values: { distance: fees.delivery.distance ?? 0 },
    });
    if (fees.delivery.waived) rows.push({ key: 'deliveryWaived', amount: -fees.delivery.waived, values: {} });
  }
  if (fees.packing.applies && fees.packing.amount)
    rows.push({ key: 'packing', amount: fees.packing.amount, values: {} });
  if (fees.dishware.amount)
    rows.push({ key: 'dishware', amount: fees.dishware.amount, values: { units: fees.dishware.units } });
  if (fees.serviceCharge.applies && fees.serviceCharge.amount)
    rows.push({
      key: 'serviceCharge',
      amount: fees.serviceCharge.amount,
      values: { percent: fees.serviceCharge.percent },
    });
  if (fees.table.amount)
    rows.push({ key: 'tableTime', amount: fees.table.amount, values: { minutes: fees.table.billedMinutes } });
  if (taxes.added) rows.push({ key: 'tax', amount: taxes.added, values: {} });
  if (taxes.included) rows.push({ key: 'taxIncluded', amount: taxes.included, values: {} });
  if (pricing.rounding.amount)
    rows.push({ key: 'rounding', amount: pricing.rounding.amount, values: { step: pricing.rounding.step } });
  rows.push({ key: 'total', amount: totals.total, values: {} });
  return rows;
}

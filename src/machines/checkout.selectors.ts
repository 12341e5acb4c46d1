// What /order/confirm reads from the checkout actor: the form, the field in error, the slots, the pay
// options and the price breakdown, every row of which the pricing result explains.
import type { SnapshotFrom } from 'xstate';
import type { PricingResult } from '../domain/pricing';
import type { checkoutMachine } from './checkout.machine';
import { deliverySlots, offeredPayOptions, pickupSlots } from './checkout.rules';

type S = SnapshotFrom<typeof checkoutMachine>;

export const selectForm = (s: S) => s.context.form;
export const selectOrderType = (s: S) => s.context.orderType;
/** The field to focus and the message key `checkout.error.<reason>` with its values, or null. */
export const selectFieldError = (s: S) => s.context.fieldError;
/** A failure that is no field's fault (request-layer text), or null. */
export const selectError = (s: S) => s.context.error;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectLoadFailed = (s: S) => s.matches('loadFailed');
export const selectIsSubmitting = (s: S) => s.matches('submitting') || s.matches('clearing');
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectCanSubmit = (s: S) => s.matches({ form: 'editing' });
export const selectPricing = (s: S) => s.context.pricing;
export const selectDistance = (s: S) => s.context.distance;
export const selectTable = (s: S) => s.context.tableInfo;
export const selectMaxPerson = (s: S) => s.context.tableInfo?.nMaxPerson ?? null;
export const selectPayOptions = (s: S) =>
  offeredPayOptions({
    payOptions: s.context.payOptions,
    orderType: s.context.orderType,
    hasMember: s.context.parts.member !== null,
  });
export const selectDeliverySlots = (s: S) => deliverySlots(s.context.parts.shop, s.context.clock());
export const selectPickupSlots = (s: S) => pickupSlots(s.context.parts.shop, s.context.clock());
/** Spec §5: pickup and dine may be packed when the shop allows it. */
export const selectCanPack = (s: S) => s.context.orderType !== 'takeaway' && s.context.parts.shop.allowPack;
/** The placed order (the server's pricing: amounts.total is what the customer pays). */
export const selectOrder = (s: S) => s.context.order;

export type BreakdownKey =
  | 'goods'
  | 'productDiscount'
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
  for (const r of pricing.fullReductions)
    rows.push({ key: 'activity', amount: -r.amount, values: { name: r.name } });
  if (pricing.coupon.applied)
    rows.push({
      key: 'coupon',
      amount: -pricing.coupon.applied.amount,
      values: { name: pricing.coupon.applied.name },
    });
  if (fees.delivery.applies) {
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

export const selectBreakdown = (s: S) => breakdownOf(s.context.pricing);

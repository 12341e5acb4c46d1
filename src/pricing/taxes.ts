// Product taxes in the four modes of spec §3 (0 tax out, 1 tax in, 2 fixed tax out, 3 fixed tax in; any
// other mode is read as percent in, the spec's default), levied on what the customer pays for the line
// after every discount. Percent-in taxes of one line share one divisor, so two of them never tax each other.
import { TaxMode } from '../domain/enums';
import type { LineTax } from '../domain/pricing';
import { allocateBy, checkedAdd, includedTax, percentOf, perUnitTimes, type MoneyContext } from './money';

const isPercentIn = (d: { mode: number }): boolean =>
  d.mode !== TaxMode.taxOut && d.mode !== TaxMode.fixedTaxOut && d.mode !== TaxMode.fixedTaxIn;
/** A rate as an integer weight (rates have at most four decimals). */
const rateWeight = (d: { value: number }): number => Math.round(d.value * 10_000);
const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;

/** A line's tax totals, written by lineTaxes into an object the caller reuses for every line. */
export interface LineTaxTotals {
  included: number;
  added: number;
}

/** The line's taxes in id order; their included and added totals go into totals. */
export function lineTaxes(
  ctx: MoneyContext,
  net: number,
  quantity: number,
  defs: readonly { id: number; name: string; mode: number; value: number }[],
  totals: LineTaxTotals,
): LineTax[] {
  totals.included = 0;
  totals.added = 0;
  if (defs.length === 0) return [];
  const sorted = defs.length > 1 ? [...defs].sort(byId) : defs;
  let fixedIn = 0;
  let percentIn = 0;
  let percentCount = 0;
  for (const d of sorted) {
    if (d.mode === TaxMode.fixedTaxIn) fixedIn = checkedAdd(fixedIn, perUnitTimes(d.value, quantity));
    else if (isPercentIn(d)) {
      percentIn += d.value;
      percentCount++;
    }
  }
  // Fixed tax inside the price comes out first (it cannot exceed the price); percent-in taxes share the rest.
  const fixedInTotal = Math.min(fixedIn, net);
  const percentBase = net - fixedInTotal;
  const percentInTotal = includedTax(percentBase, percentIn);
  // Each percent-in tax takes its share of the joint included tax in proportion to its rate, exactly.
  let percentShares: number[] | null = null;
  if (percentCount > 1) {
    const weights: number[] = [];
    for (const d of sorted) if (isPercentIn(d)) weights.push(rateWeight(d));
    percentShares = allocateBy(ctx, percentInTotal, weights);
  }
  let fixedInLeft = fixedInTotal;
  let percentIndex = 0;
  const taxes: LineTax[] = new Array<LineTax>(sorted.length);
  let added = 0;
  for (let i = 0; i < sorted.length; i++) {
    const d = sorted[i]!;
    let amount: number;
    if (d.mode === TaxMode.taxOut) {
      amount = percentOf(ctx, net, d.value);
      added = checkedAdd(added, amount);
    } else if (d.mode === TaxMode.fixedTaxOut) {
      amount = perUnitTimes(d.value, quantity);
      added = checkedAdd(added, amount);
    } else if (d.mode === TaxMode.fixedTaxIn) {
      amount = Math.min(fixedInLeft, perUnitTimes(d.value, quantity));
      fixedInLeft -= amount;
    } else {
      amount = percentShares ? (percentShares[percentIndex++] ?? 0) : percentInTotal;
    }
    taxes[i] = { id: d.id, name: d.name, mode: d.mode, amount };
  }
  totals.included = fixedInTotal + percentInTotal;
  totals.added = added;
  return taxes;
}

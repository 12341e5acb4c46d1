// Product taxes in the four modes of spec §3 (0 tax out, 1 tax in, 2 fixed tax out, 3 fixed tax in; any
// other mode is read as percent in, the spec's default), levied on what the customer pays for the line
// after every discount. Percent-in taxes of one line share one divisor, so two of them never tax each other.
import { TaxMode } from '../domain/enums';
import type { LineTax } from '../domain/pricing';
import { allocateBy, checkedAdd, includedTax, percentOf, perUnitTimes, type MoneyContext } from './money';

export interface LineTaxes {
  taxes: LineTax[];
  included: number;
  added: number;
}

const isPercentIn = (d: { mode: number }): boolean =>
  d.mode !== TaxMode.taxOut && d.mode !== TaxMode.fixedTaxOut && d.mode !== TaxMode.fixedTaxIn;
/** A rate as an integer weight (rates have at most four decimals). */
const rateWeight = (d: { value: number }): number => Math.round(d.value * 10_000);
const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;

export function lineTaxes(
  ctx: MoneyContext,
  net: number,
  quantity: number,
  defs: readonly { id: number; name: string; mode: number; value: number }[],
): LineTaxes {
  if (defs.length === 0) return { taxes: [], included: 0, added: 0 };
  const sorted = defs.length > 1 ? [...defs].sort(byId) : defs;
  let fixedIn = 0;
  let percentIn = 0;
  for (const d of sorted) {
    if (d.mode === TaxMode.fixedTaxIn) fixedIn = checkedAdd(fixedIn, perUnitTimes(d.value, quantity));
    else if (isPercentIn(d)) percentIn += d.value;
  }
  // Fixed tax inside the price comes out first (it cannot exceed the price); percent-in taxes share the rest.
  const fixedInTotal = Math.min(fixedIn, net);
  const percentBase = net - fixedInTotal;
  const percentInTotal = includedTax(percentBase, percentIn);
  // Each percent-in tax takes its share of the joint included tax in proportion to its rate, exactly.
  const percentDefs = sorted.filter(isPercentIn);
  const percentShares =
    percentDefs.length <= 1 ? [percentInTotal] : allocateBy(ctx, percentInTotal, percentDefs.map(rateWeight));
  let fixedInLeft = fixedInTotal;
  let percentIndex = 0;
  const taxes: LineTax[] = [];
  let added = 0;
  for (const d of sorted) {
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
      amount = percentShares[percentIndex++] ?? 0;
    }
    taxes.push({ id: d.id, name: d.name, mode: d.mode, amount });
  }
  return { taxes, included: fixedInTotal + percentInTotal, added };
}

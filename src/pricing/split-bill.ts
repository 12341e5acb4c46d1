// Splitting an open table's bill (issue 15) between the people paying it. Every split is the largest
// remainder method on integer minor units: each payer gets the floor of their exact share, and the units
// those floors leave over go one each to the largest fractional remainders, ties to the lower index. The
// parts always add up to the bill and each is within one unit of its exact share, so no one pays a cent
// the arithmetic did not force on them, and the same inputs always give the same parts (decision T1).
import { checkedAdd } from './money';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function assertAmount(value: number, what: string): void {
  // Safe integers only: beyond 2^53 a number no longer names one amount, and NaN or Infinity none at all.
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be an integer ≥ 0: ${value}`);
}

/**
 * total split in proportion to weights by the largest remainder method: floor(total·w/Σw) each, plus one
 * unit for the largest remainders of that division, ties to the lower index. All weights 0 splits equally.
 * An empty weight list can only carry a total of 0.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  assertAmount(total, 'total');
  let weightSum = 0;
  for (const weight of weights) {
    assertAmount(weight, 'weight');
    weightSum = checkedAdd(weightSum, weight);
  }
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError(`nobody to split ${total} between`);
  }
  if (weightSum === 0) return splitEqually(total, weights.length);

  const parts = new Array<number>(weights.length);
  const remainders = new Array<number>(weights.length);
  let allocated = 0;
  // total·w reaches 10^18 for a 10^9 bill and a 10^9 weight, past 2^53 where a double rounds; the quotient
  // (≤ total) and the remainder (< Σw) fit a number again, so only the product needs a bigint.
  const exact = BigInt(total) * BigInt(weightSum) <= MAX_SAFE;
  const bigTotal = BigInt(total);
  const bigSum = BigInt(weightSum);
  for (let i = 0; i < weights.length; i++) {
    const weight = weights[i]!;
    if (exact) {
      const product = total * weight;
      const remainder = product % weightSum;
      parts[i] = (product - remainder) / weightSum;
      remainders[i] = remainder;
    } else {
      const product = bigTotal * BigInt(weight);
      parts[i] = Number(product / bigSum);
      remainders[i] = Number(product % bigSum);
    }
    allocated += parts[i]!;
  }

  // Fewer than weights.length units are left, and fewer than the count of nonzero remainders (they add
  // up to leftover·Σw, each below Σw), so a weight of 0 never receives one: who ordered nothing pays 0.
  const leftover = total - allocated;
  if (leftover > 0) {
    const order = weights.map((_, i) => i);
    order.sort((a, b) => remainders[b]! - remainders[a]! || a - b);
    for (let k = 0; k < leftover; k++) parts[order[k]!]! += 1;
  }
  return parts;
}

/** total in count equal shares; the first total mod count parts carry the one extra unit. */
export function splitEqually(total: number, count: number): number[] {
  assertAmount(total, 'total');
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`count must be an integer ≥ 1: ${count}`);
  const extra = total % count;
  const share = (total - extra) / count;
  const parts = new Array<number>(count);
  for (let i = 0; i < count; i++) parts[i] = i < extra ? share + 1 : share;
  return parts;
}

/**
 * The bill split by what each guest ordered: their rounds' amounts are the weights, so table fees, the
 * service charge, rounding and discounts on the whole bill fall on guests in proportion to their food
 * (decision T2). A guest who ordered nothing pays 0, unless nobody ordered anything: then all pay equally
 * (decision T3). Ties go to the guest inserted first into guestAmounts.
 */
export function splitByGuests(total: number, guestAmounts: ReadonlyMap<string, number>): Map<string, number> {
  const guests = [...guestAmounts.keys()];
  const parts = splitByWeights(total, [...guestAmounts.values()]);
  const partByGuest = new Map<string, number>();
  guests.forEach((guest, i) => partByGuest.set(guest, parts[i]!));
  return partByGuest;
}

export interface ItemSplit {
  /** What each payer pays, in the order of `chosen`. */
  parts: number[];
  /** The share of the lines nobody chose: still to be paid, by whoever comes next (decision T4). */
  rest: number;
}

/**
 * The bill split by the lines each payer picks: chosen[p] holds the line indexes payer p pays for, and
 * the payer's weight is those lines' amounts. Lines nobody picked weigh as one more part, `rest`, so what
 * the payers pay now does not depend on who picks the other lines later. If every line amounts to 0, the
 * payers (and the rest, if some line is unpicked) pay equal shares.
 */
export function splitByItems(
  total: number,
  lineAmounts: readonly number[],
  chosen: readonly (readonly number[])[],
): ItemSplit {
  assertAmount(total, 'total');
  for (const amount of lineAmounts) assertAmount(amount, 'line amount');
  const payerOfLine = new Array<number | undefined>(lineAmounts.length);
  const payerWeights = chosen.map((lineIndexes, payer) => {
    let weight = 0;
    for (const line of lineIndexes) {
      if (!Number.isInteger(line) || line < 0 || line >= lineAmounts.length)
        throw new RangeError(`line ${line} is not one of the ${lineAmounts.length} lines`);
      if (payerOfLine[line] !== undefined)
        throw new RangeError(`line ${line} is chosen by payer ${payerOfLine[line]} and payer ${payer}`);
      payerOfLine[line] = payer;
      weight = checkedAdd(weight, lineAmounts[line]!);
    }
    return weight;
  });

  let restWeight = 0;
  let unchosenLines = 0;
  for (let line = 0; line < lineAmounts.length; line++) {
    if (payerOfLine[line] !== undefined) continue;
    unchosenLines++;
    restWeight = checkedAdd(restWeight, lineAmounts[line]!);
  }
  // When every line is picked the rest is not a share at all: with all amounts 0 it must not take an equal
  // part of the fees that nobody will ever pay.
  if (unchosenLines === 0 && chosen.length > 0)
    return { parts: splitByWeights(total, payerWeights), rest: 0 };
  const parts = splitByWeights(total, [...payerWeights, restWeight]);
  const rest = parts.pop()!;
  return { parts, rest };
}

// The member's limit card in a price (decisions M153–M155): each use pays one whole unit of a product the
// card lists (its spec, tastes and meal surcharges included), charged 0. It runs after the per-product
// rules and before the order activities and the coupon, so a unit the card pays is neither discounted
// again nor counted towards a threshold. When the uses do not reach every listed unit, the dearest units
// go first (ties in flag order): the customer spends a use where it is worth most.
import type { LimitCardResult, ParsedPricingInput, PriceSegment } from '../domain/pricing';
import { checkedAdd, checkedMul } from './money';
import type { WorkLine } from './product-rules';

const topUnitPrice = (l: WorkLine): number => {
  let top = 0;
  for (const s of l.segments) if (s.unitPrice > top) top = s.unitPrice;
  return top;
};

/** Takes `n` units off the line's dearest segments into a limitCard segment at 0; returns their price. */
function payUnits(l: WorkLine, n: number): number {
  const dearestFirst = [...l.segments].sort((a, b) => b.unitPrice - a.unitPrice);
  let left = n;
  let value = 0;
  const kept: PriceSegment[] = [];
  for (const s of dearestFirst) {
    const take = Math.min(left, s.quantity);
    left -= take;
    value = checkedAdd(value, checkedMul(s.unitPrice, take));
    if (s.quantity > take) kept.push({ ...s, quantity: s.quantity - take });
  }
  // The segments keep the order they had (promotion first), the card's units ahead of them.
  const order = (s: PriceSegment) => l.segments.findIndex((x) => x.rule === s.rule);
  kept.sort((a, b) => order(a) - order(b));
  l.segments = [{ quantity: n, unitPrice: 0, rule: 'limitCard', activityId: null }, ...kept];
  l.amount -= value;
  l.remaining = l.amount;
  l.limitCardUses = n;
  return value;
}

export function applyLimitCard(
  input: ParsedPricingInput,
  canonical: readonly WorkLine[],
): LimitCardResult | null {
  const card = input.limitCard;
  if (card === null) return null;
  const result: LimitCardResult = { id: card.id, uses: 0, amount: 0, lines: [] };
  const listed = new Set(card.productIds);
  const covered = canonical
    .filter((l) => listed.has(l.src.id) && l.src.quantity > 0)
    .sort((a, b) => topUnitPrice(b) - topUnitPrice(a) || a.pos - b.pos);
  let left = card.remaining;
  for (const l of covered) {
    if (left <= 0) break;
    const n = Math.min(left, l.src.quantity);
    left -= n;
    const amount = payUnits(l, n);
    result.uses += n;
    result.amount = checkedAdd(result.amount, amount);
    result.lines.push({ flag: l.src.flag, id: l.src.id, quantity: n, amount });
  }
  result.lines.sort((a, b) => (a.flag < b.flag ? -1 : a.flag > b.flag ? 1 : 0));
  return result;
}

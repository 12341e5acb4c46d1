// Order-level activities (spec §5): full reduction (1), some-type full reduction (7) and all discount (2)
// over the lines no price activity has touched, then over-send gifts (9). At most one full reduction and
// one all discount apply, read by priority; each works on what the earlier ones left.
import { DEFAULTS, PromotionType } from '../domain/enums';
import type { FreeGiftResult, FullReductionResult, ParsedActivity } from '../domain/pricing';
import { type Audience } from './eligibility';
import { allocateBy, checkedAdd, pay, type MoneyContext } from './money';
import { activityOpen, byPriority, type WorkLine } from './product-rules';

const CAP = DEFAULTS.specialPriceCap;
const ALL_TYPES: readonly number[] = [];

/** Lines an order activity covers: eligible, untouched by price activities, in its categories. */
function covered(lines: readonly WorkLine[], typeIds: readonly number[]): WorkLine[] {
  const all = typeIds.length === 0;
  return lines.filter(
    (l) => l.eligible && !l.promo && l.remaining > 0 && (all || typeIds.includes(l.src.typeid)),
  );
}

function sums(lines: readonly WorkLine[]) {
  let amount = 0;
  let quantity = 0;
  for (const l of lines) {
    amount = checkedAdd(amount, l.remaining);
    quantity += l.src.quantity;
  }
  return { amount, quantity };
}

interface Totals {
  amount: number;
  quantity: number;
  byType: Map<number, { amount: number; quantity: number }>;
}

/** What is left per category, so an activity's threshold costs its category count, not the cart size. */
function totalsByType(lines: readonly WorkLine[], includePromo: boolean): Totals {
  const byType = new Map<number, { amount: number; quantity: number }>();
  let amount = 0;
  let quantity = 0;
  for (const l of lines) {
    if (!l.eligible || (!includePromo && l.promo) || l.remaining <= 0) continue;
    amount = checkedAdd(amount, l.remaining);
    quantity += l.src.quantity;
    const t = byType.get(l.src.typeid);
    if (t) {
      t.amount = checkedAdd(t.amount, l.remaining);
      t.quantity += l.src.quantity;
    } else byType.set(l.src.typeid, { amount: l.remaining, quantity: l.src.quantity });
  }
  return { amount, quantity, byType };
}

/** What is left in some categories (all when none are named), written into out: one object per call. */
function totalOver(
  t: Totals,
  typeIds: readonly number[],
  out: { amount: number; quantity: number },
): { amount: number; quantity: number } {
  if (typeIds.length === 0) {
    out.amount = t.amount;
    out.quantity = t.quantity;
    return out;
  }
  let amount = 0;
  let quantity = 0;
  for (let i = 0; i < typeIds.length; i++) {
    const id = typeIds[i]!;
    if (typeIds.indexOf(id) !== i) continue;
    const x = t.byType.get(id);
    if (x) {
      amount += x.amount;
      quantity += x.quantity;
    }
  }
  out.amount = amount;
  out.quantity = quantity;
  return out;
}

/** Highest tier the base reaches; cyclic repeats it as often as the base allows. */
export function fullReductionAmount(
  tiers: readonly { full: number; less: number }[],
  cyclic: boolean,
  base: number,
): number {
  let best: { full: number; less: number } | null = null;
  for (const t of tiers) if (t.full <= base && (!best || t.full > best.full)) best = t;
  if (!best) return 0;
  const times = cyclic && best.full > 0 ? Math.floor(base / best.full) : 1;
  return Math.min(base, times * best.less);
}

function spread(ctx: MoneyContext, lines: readonly WorkLine[], amount: number) {
  const parts = allocateBy(
    ctx,
    amount,
    lines.map((l) => l.remaining),
  );
  lines.forEach((l, i) => {
    const d = parts[i]!;
    l.remaining -= d;
    l.activityDiscount += d;
  });
}

/** Applies the order-level money activities to the lines (in flag order) and reports each. */
export function applyOrderActivities(
  ctx: MoneyContext,
  canonical: readonly WorkLine[],
  who: Audience,
  activities: readonly ParsedActivity[],
): FullReductionResult[] {
  const results: FullReductionResult[] = [];
  let fullDone = false;
  let discountDone = false;
  const open = activities
    .filter(
      (a) =>
        (a.type === PromotionType.fullReduction ||
          a.type === PromotionType.someTypeFullReduction ||
          a.type === PromotionType.allDiscount) &&
        activityOpen(a, who),
    )
    .sort(byPriority);
  let totals = totalsByType(canonical, false);
  const total = { amount: 0, quantity: 0 };
  for (const a of open) {
    const isFull = a.type !== PromotionType.allDiscount;
    if (isFull ? fullDone : discountDone) continue;
    const typeIds =
      a.type === PromotionType.allDiscount && a.discountMode === 'byType' ? ALL_TYPES : a.typeIds;
    totalOver(totals, typeIds, total);
    if (total.amount === 0 || total.amount < a.minAmount || total.quantity < a.quantityLimit) continue;
    const tiers = a.reductionList.length > 0 ? a.reductionList : a.gears;
    if (isFull && fullReductionAmount(tiers, a.cyclicCalc, total.amount) === 0) continue;
    const lines = covered(canonical, typeIds);
    if (isFull) {
      const amount = fullReductionAmount(tiers, a.cyclicCalc, total.amount);
      if (amount === 0) continue;
      spread(ctx, lines, amount);
      results.push({ id: a.id, name: a.name, type: a.type, amount, base: total.amount });
      fullDone = true;
      totals = totalsByType(canonical, false);
    } else {
      let amount = 0;
      let base = 0;
      if (a.discountMode === 'all') {
        amount = total.amount - pay(ctx, total.amount, a.discount);
        base = total.amount;
        spread(ctx, lines, amount);
      } else {
        for (const set of a.typeDiscountSet) {
          const group = lines.filter((l) => l.src.typeid === set.id);
          const s = sums(group).amount;
          const d = s - pay(ctx, s, set.discount);
          spread(ctx, group, d);
          amount += d;
          base += s;
        }
      }
      if (amount === 0) continue;
      results.push({ id: a.id, name: a.name, type: a.type, amount, base });
      discountDone = true;
      totals = totalsByType(canonical, false);
    }
  }
  return results;
}

/**
 * Over-send gifts (9): (cyclic ? floor(total / threshold) : 1) × freeQuantity, capped by the gifts left.
 * The threshold is minAmount over the matching categories after activity discounts, or quantityLimit units
 * when no amount is set.
 */
export function overSendGifts(
  canonical: readonly WorkLine[],
  who: Audience,
  activities: readonly ParsedActivity[],
): FreeGiftResult[] {
  const gifts: FreeGiftResult[] = [];
  const totals = totalsByType(canonical, true);
  const total = { amount: 0, quantity: 0 };
  for (const a of activities.filter((x) => x.type === PromotionType.overSendProduct).sort(byPriority)) {
    if (a.productId === null || !activityOpen(a, who)) continue;
    totalOver(totals, a.typeIds, total);
    let rounds: number;
    if (a.minAmount > 0)
      rounds = a.cyclicCalc ? Math.floor(total.amount / a.minAmount) : total.amount >= a.minAmount ? 1 : 0;
    else if (a.quantityLimit > 0)
      rounds = a.cyclicCalc
        ? Math.floor(total.quantity / a.quantityLimit)
        : total.quantity >= a.quantityLimit
          ? 1
          : 0;
    else rounds = total.quantity > 0 ? 1 : 0;
    const quantity = Math.min(rounds * a.freeQuantity, a.freeTotalQuantity ?? CAP);
    if (quantity <= 0) continue;
    gifts.push({
      id: a.id,
      name: a.name,
      product: {
        id: a.productId,
        name: a.productName,
        image: a.productImage,
        quantity,
        productType: a.productType,
      },
    });
  }
  return gifts;
}

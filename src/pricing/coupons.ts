// Coupons (spec §3 kinds, §5 rules): each coupon the customer holds is checked against this cart after the
// activity discounts and comes back usable with the amount it would take off, or unusable with every reason.
// Only the chosen coupon is applied; defaultCoupon() is the spec's default pick.
import type {
  CouponEvaluation,
  CouponRejection,
  CouponResult,
  ParsedCoupon,
  ParsedPricingInput,
} from '../domain/pricing';
import { CouponKind } from '../domain/coupon-kinds';
import { flagMatches, levelMatches, withinDates, type Audience } from './eligibility';
import { allocateBy, checkedAdd, checkedMul, pay, type MoneyContext } from './money';
import type { WorkLine } from './product-rules';

const CASH_KINDS: readonly number[] = [
  CouponKind.fullReduction,
  CouponKind.discount,
  CouponKind.expand,
  CouponKind.overSend,
  CouponKind.memberChargeGift,
];
const UNIT_KINDS: readonly number[] = [
  CouponKind.specPrice,
  CouponKind.secondItem,
  CouponKind.buyNGetN,
  CouponKind.product,
];

/** Highest unit price a line was charged: the unit a one-item coupon takes. */
function topUnit(l: WorkLine): number {
  let top = 0;
  for (const s of l.segments) if (s.unitPrice > top) top = s.unitPrice;
  return Math.min(top, l.remaining);
}

interface Plan {
  amount: number;
  /** Per-line discount for unit kinds; null = spread over the covered lines by amount. */
  perLine: Map<WorkLine, number> | null;
}

/** Lines a coupon can cover, looked up once per call instead of once per coupon. */
interface CouponIndex {
  /** Eligible lines with something left to discount, in flag order. */
  all: WorkLine[];
  /** The same, cheapest unit first (ties by flag). */
  cheapest: WorkLine[];
  allBase: number;
  allQuantity: number;
  /** Lines by product id and by spec id. */
  byProduct: Map<number, WorkLine[]>;
  /** pay() remembered for this call: many second-item coupons price the same units at the same percent. */
  pay: (unit: number, percent: number) => number;
}

const inFlagOrder = (a: WorkLine, b: WorkLine): number => a.pos - b.pos;
const cheapestUnitFirst = (a: WorkLine, b: WorkLine): number => a.listUnit - b.listUnit || a.pos - b.pos;

function indexLines(ctx: MoneyContext, canonical: readonly WorkLine[]): CouponIndex {
  const all: WorkLine[] = [];
  const byProduct = new Map<number, WorkLine[]>();
  let allBase = 0;
  let allQuantity = 0;
  const put = (k: number, l: WorkLine) => {
    const list = byProduct.get(k);
    if (list) list.push(l);
    else byProduct.set(k, [l]);
  };
  for (const l of canonical) {
    if (!l.eligible || l.remaining <= 0) continue;
    all.push(l);
    allBase = checkedAdd(allBase, l.remaining);
    allQuantity += l.src.quantity;
    put(l.key, l);
    if (l.key !== l.src.id) put(l.src.id, l);
  }
  const cheapest = [...all].sort(cheapestUnitFirst);
  const paid = new Map<number, Map<number, number>>();
  const payOnce = (unit: number, percent: number): number => {
    let byUnit = paid.get(percent);
    if (!byUnit) paid.set(percent, (byUnit = new Map()));
    let v = byUnit.get(unit);
    if (v === undefined) byUnit.set(unit, (v = pay(ctx, unit, percent)));
    return v;
  };
  return { all, cheapest, allBase, allQuantity, byProduct, pay: payOnce };
}

function coveredLines(index: CouponIndex, productList: readonly number[]): WorkLine[] {
  if (productList.length === 0) return index.all;
  const out: WorkLine[] = [];
  for (const id of productList) {
    const ls = index.byProduct.get(id);
    if (ls) for (const l of ls) if (!out.includes(l)) out.push(l);
  }
  return out.length > 1 ? out.sort(inFlagOrder) : out;
}

function unitPlan(
  ctx: MoneyContext,
  c: ParsedCoupon,
  lines: readonly WorkLine[],
  index: CouponIndex,
  chosenFlag: string | null,
): Plan {
  const perLine = new Map<WorkLine, number>();
  let amount = 0;
  const give = (l: WorkLine, d: number) => {
    const room = l.remaining - (perLine.get(l) ?? 0);
    const v = Math.max(0, Math.min(d, room));
    if (v > 0) {
      perLine.set(l, (perLine.get(l) ?? 0) + v);
      amount = checkedAdd(amount, v);
    }
  };
  if (c.type === CouponKind.product || c.type === CouponKind.specPrice) {
    // One item: the line the customer pointed at, else the dearest unit (ties to the first flag).
    let target: WorkLine | undefined = chosenFlag ? lines.find((l) => l.src.flag === chosenFlag) : undefined;
    if (!target) for (const l of lines) if (!target || topUnit(l) > topUnit(target)) target = l;
    if (target) {
      const unit = topUnit(target);
      give(target, c.type === CouponKind.product ? unit : unit - Math.min(unit, c.discountPrice ?? unit));
    }
    return { amount, perLine };
  }
  const cheapest = lines === index.all ? index.cheapest : [...lines].sort(cheapestUnitFirst);
  let units = 0;
  for (const l of lines) units += l.src.quantity;
  if (c.type === CouponKind.secondItem) {
    let n = Math.floor(units / 2);
    for (const l of cheapest) {
      if (n === 0) break;
      const k = Math.min(n, l.src.quantity);
      n -= k;
      if (k > 0) {
        const unit = Math.min(l.restUnit, l.listUnit);
        give(l, checkedMul(unit - index.pay(unit, c.discount), k));
      }
    }
  } else {
    let free = Math.max(0, Math.min(c.freeQuantity, units - c.buyQuantity));
    for (const l of cheapest) {
      if (free === 0) break;
      const k = Math.min(free, l.src.quantity);
      free -= k;
      if (k > 0) give(l, checkedMul(Math.min(l.restUnit, l.listUnit), k));
    }
  }
  return { amount, perLine };
}

function evaluate(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  who: Audience,
  c: ParsedCoupon,
  index: CouponIndex,
): { evaluation: CouponEvaluation; lines: WorkLine[]; plan: Plan } {
  const reasons: CouponRejection[] = [];
  if (c.status !== 1) reasons.push('status');
  if (!withinDates(who.today, c.startDate, c.endDate)) reasons.push('date');
  if (!flagMatches(c.orderType, who.orderTypeFlag)) reasons.push('orderType');
  if (!flagMatches(c.userType, who.userTypeFlag)) reasons.push('userType');
  if (!levelMatches(c.memberLevel, who.memberLevel)) reasons.push('memberLevel');
  if (c.memberCardOnly && input.payType !== 'VIP') reasons.push('payType');

  const lines = coveredLines(index, c.productList);
  let base = index.allBase;
  let quantity = index.allQuantity;
  if (lines !== index.all) {
    base = 0;
    quantity = 0;
    for (const l of lines) {
      base = checkedAdd(base, l.remaining);
      quantity += l.src.quantity;
    }
  }
  const needsProduct =
    UNIT_KINDS.includes(c.type) || (c.type === CouponKind.expand && c.productList.length > 0);
  if (needsProduct && lines.length === 0) reasons.push('product');
  else {
    if (base < c.minAmount || base === 0) reasons.push('amount');
    if (quantity < c.minQuantity) reasons.push('quantity');
  }

  let plan: Plan = { amount: 0, perLine: null };
  if (reasons.length === 0) {
    if (CASH_KINDS.includes(c.type)) plan = { amount: Math.min(c.reductionAmount, base), perLine: null };
    else if (c.type === CouponKind.allDiscount)
      plan = { amount: base - pay(ctx, base, c.discount), perLine: null };
    else plan = unitPlan(ctx, c, lines, index, input.couponId === c.id ? input.couponLineFlag : null);
    if (c.type === CouponKind.buyNGetN && plan.amount === 0) reasons.push('quantity');
  }
  const usable = reasons.length === 0;
  return {
    evaluation: {
      id: c.id,
      name: c.name,
      type: c.type,
      reductionAmount: c.reductionAmount,
      usable,
      reasons,
      amount: usable ? plan.amount : 0,
      base,
    },
    lines,
    plan,
  };
}

/** Evaluates every coupon and applies the chosen one to the lines (in flag order). */
export function applyCoupons(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  who: Audience,
  canonical: readonly WorkLine[],
): CouponResult {
  const evaluations: CouponEvaluation[] = [];
  let applied: CouponResult['applied'] = null;
  let chosen: { lines: WorkLine[]; plan: Plan; evaluation: CouponEvaluation } | null = null;
  const index = indexLines(ctx, canonical);
  for (const c of input.coupons) {
    const e = evaluate(ctx, input, who, c, index);
    evaluations.push(e.evaluation);
    if (c.id === input.couponId && e.evaluation.usable && !chosen) chosen = e;
  }
  if (chosen && chosen.plan.amount > 0) {
    const { plan, lines, evaluation } = chosen;
    const touched: WorkLine[] = [];
    if (plan.perLine) {
      for (const l of lines) {
        const d = plan.perLine.get(l) ?? 0;
        if (d > 0) touched.push(l);
        l.couponDiscount += d;
      }
    } else {
      const parts = allocateBy(
        ctx,
        plan.amount,
        lines.map((l) => l.remaining),
      );
      lines.forEach((l, i) => {
        l.couponDiscount += parts[i]!;
        if (parts[i]! > 0) touched.push(l);
      });
    }
    applied = {
      id: evaluation.id,
      name: evaluation.name,
      type: evaluation.type,
      amount: plan.amount,
      lineFlags: touched.map((l) => l.src.flag),
    };
  }
  evaluations.sort((a, b) => a.id - b.id);
  return { chosenId: input.couponId, applied, evaluations };
}

export interface DefaultCouponOptions {
  /** The customer's current choice; null = none yet. */
  chosenId: number | null;
  /** The customer cleared the choice on purpose: keep it cleared. */
  cleared?: boolean;
}

/**
 * The spec's default pick. A chosen coupon that still qualifies stays. A chosen product coupon that no
 * longer meets the user-type and order-type conditions (or no choice at all) gives way to the usable
 * non-product coupon with the highest reductionAmount, ties to the lower id; null when none is usable.
 */
export function defaultCoupon(
  evaluations: readonly CouponEvaluation[],
  options: DefaultCouponOptions,
): number | null {
  if (options.cleared) return null;
  const chosen = options.chosenId === null ? undefined : evaluations.find((e) => e.id === options.chosenId);
  if (chosen) {
    if (chosen.type === CouponKind.product) {
      const lost = chosen.reasons.includes('userType') || chosen.reasons.includes('orderType');
      if (!lost) return chosen.id;
    } else if (chosen.usable) return chosen.id;
  }
  let best: CouponEvaluation | null = null;
  for (const e of evaluations) {
    if (!e.usable || e.type === CouponKind.product) continue;
    if (
      !best ||
      e.reductionAmount > best.reductionAmount ||
      (e.reductionAmount === best.reductionAmount && e.id < best.id)
    )
      best = e;
  }
  return best ? best.id : null;
}

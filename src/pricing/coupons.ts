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
import { flagMatches, levelMatches, onValidDay, withinDates, type Audience } from './eligibility';
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

/**
 * Lines a coupon can cover, looked up once per call instead of once per coupon. A coupon's covered lines
 * are stamped with its serial (WorkLine.mark) rather than collected, so checking a hundred coupons builds
 * no per-coupon arrays or maps.
 */
interface CouponIndex {
  /** Eligible lines with something left to discount, in flag order. */
  all: WorkLine[];
  /** The same, cheapest unit first (ties by flag). */
  cheapest: WorkLine[];
  allBase: number;
  allQuantity: number;
  /** Lines by product id and by spec id. */
  byProduct: Map<number, WorkLine[]>;
  /** Stamp of the coupon being looked at. */
  serial: number;
}

const byId = (a: CouponEvaluation, b: CouponEvaluation): number => a.id - b.id;
const cheapestUnitFirst = (a: WorkLine, b: WorkLine): number => a.listUnit - b.listUnit || a.pos - b.pos;

function putLine(byProduct: Map<number, WorkLine[]>, k: number, l: WorkLine) {
  const list = byProduct.get(k);
  if (list) list.push(l);
  else byProduct.set(k, [l]);
}

function indexLines(canonical: readonly WorkLine[]): CouponIndex {
  const all: WorkLine[] = [];
  const byProduct = new Map<number, WorkLine[]>();
  let allBase = 0;
  let allQuantity = 0;
  for (const l of canonical) {
    if (!l.eligible || l.remaining <= 0) continue;
    all.push(l);
    allBase = checkedAdd(allBase, l.remaining);
    allQuantity += l.src.quantity;
    putLine(byProduct, l.key, l);
    if (l.key !== l.src.id) putLine(byProduct, l.src.id, l);
  }
  const cheapest = [...all].sort(cheapestUnitFirst);
  return { all, cheapest, allBase, allQuantity, byProduct, serial: 0 };
}

/** What a coupon's products cover: every eligible line when it lists none. */
interface Coverage {
  /** Every eligible line (no product list), or only the lines stamped with index.serial. */
  all: boolean;
  lines: number;
  base: number;
  quantity: number;
}

/** Stamps the lines of the coupon's products with a new serial and sums what they have left. */
function cover(index: CouponIndex, productList: readonly number[], into: Coverage): Coverage {
  const serial = ++index.serial;
  if (productList.length === 0) {
    into.all = true;
    into.lines = index.all.length;
    into.base = index.allBase;
    into.quantity = index.allQuantity;
    return into;
  }
  let lines = 0;
  let base = 0;
  let quantity = 0;
  for (const id of productList) {
    const ls = index.byProduct.get(id);
    if (!ls) continue;
    for (const l of ls) {
      if (l.mark === serial) continue;
      l.mark = serial;
      lines++;
      base = checkedAdd(base, l.remaining);
      quantity += l.src.quantity;
    }
  }
  into.all = false;
  into.lines = lines;
  into.base = base;
  into.quantity = quantity;
  return into;
}

const isCovered = (index: CouponIndex, cov: Coverage, l: WorkLine): boolean =>
  cov.all || l.mark === index.serial;

/** What a line can still give: a coupon never takes a line below zero. */
function give(l: WorkLine, d: number, apply: boolean): number {
  const v = Math.max(0, Math.min(d, l.remaining));
  if (apply) l.couponDiscount += v;
  return v;
}

/**
 * What a unit coupon takes off (product, spec price, second item, buy N get N): one unit for the first two,
 * the cheapest units for the others, each line at most what it has left. With apply, the line discounts are
 * written too; the same walk prices and applies, so the two cannot disagree.
 */
function unitAmount(
  ctx: MoneyContext,
  c: ParsedCoupon,
  index: CouponIndex,
  cov: Coverage,
  chosenFlag: string | null,
  apply: boolean,
): number {
  if (c.type === CouponKind.product || c.type === CouponKind.specPrice) {
    // One item: the line the customer pointed at, else the dearest unit (ties to the first flag).
    let target: WorkLine | null = null;
    if (chosenFlag !== null)
      for (const l of index.all) if (l.src.flag === chosenFlag && isCovered(index, cov, l)) target = l;
    if (!target)
      for (const l of index.all) {
        if (!isCovered(index, cov, l)) continue;
        if (!target || topUnit(l) > topUnit(target)) target = l;
      }
    if (!target) return 0;
    const unit = topUnit(target);
    return give(
      target,
      c.type === CouponKind.product ? unit : unit - Math.min(unit, c.discountPrice ?? unit),
      apply,
    );
  }
  let amount = 0;
  if (c.type === CouponKind.secondItem) {
    let n = Math.floor(cov.quantity / 2);
    for (const l of index.cheapest) {
      if (n === 0) break;
      if (!isCovered(index, cov, l)) continue;
      const k = Math.min(n, l.src.quantity);
      n -= k;
      if (k > 0) {
        const unit = Math.min(l.restUnit, l.listUnit);
        amount = checkedAdd(amount, give(l, checkedMul(unit - pay(ctx, unit, c.discount), k), apply));
      }
    }
  } else {
    let free = Math.max(0, Math.min(c.freeQuantity, cov.quantity - c.buyQuantity));
    for (const l of index.cheapest) {
      if (free === 0) break;
      if (!isCovered(index, cov, l)) continue;
      const k = Math.min(free, l.src.quantity);
      free -= k;
      if (k > 0) amount = checkedAdd(amount, give(l, checkedMul(Math.min(l.restUnit, l.listUnit), k), apply));
    }
  }
  return amount;
}

/** Reasons in the order the coupon list shows them, as bits while checking and an array once at the end. */
const REASONS: readonly CouponRejection[] = [
  'status',
  'date',
  'orderType',
  'userType',
  'memberLevel',
  'payType',
  'product',
  'amount',
  'quantity',
];
const bit = (reason: CouponRejection): number => 1 << REASONS.indexOf(reason);
const STATUS = bit('status');
const DATE = bit('date');
const ORDER_TYPE = bit('orderType');
const USER_TYPE = bit('userType');
const MEMBER_LEVEL = bit('memberLevel');
const PAY_TYPE = bit('payType');
const PRODUCT = bit('product');
const AMOUNT = bit('amount');
const QUANTITY = bit('quantity');

function reasonList(mask: number): CouponRejection[] {
  if (mask === 0) return [];
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  const out = new Array<CouponRejection>(n);
  let k = 0;
  for (let i = 0; i < REASONS.length; i++) if (mask & (1 << i)) out[k++] = REASONS[i]!;
  return out;
}

function needsProduct(c: ParsedCoupon): boolean {
  return UNIT_KINDS.includes(c.type) || (c.type === CouponKind.expand && c.productList.length > 0);
}

/** What the coupon would take off when usable: cash up to its base, a percent of it, or units. */
function couponAmount(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  c: ParsedCoupon,
  index: CouponIndex,
  cov: Coverage,
  apply: boolean,
): number {
  if (CASH_KINDS.includes(c.type)) return Math.min(c.reductionAmount, cov.base);
  if (c.type === CouponKind.allDiscount) return cov.base - pay(ctx, cov.base, c.discount);
  const chosenFlag = input.couponId === c.id ? input.couponLineFlag : null;
  return unitAmount(ctx, c, index, cov, chosenFlag, apply);
}

function evaluate(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  who: Audience,
  c: ParsedCoupon,
  index: CouponIndex,
  cov: Coverage,
): CouponEvaluation {
  let mask = 0;
  if (c.status !== 1) mask |= STATUS;
  if (!withinDates(who.today, c.startDate, c.endDate) || !onValidDay(who.today, c.weekDays, c.monthDays))
    mask |= DATE;
  if (!flagMatches(c.orderType, who.orderTypeFlag)) mask |= ORDER_TYPE;
  if (!flagMatches(c.userType, who.userTypeFlag)) mask |= USER_TYPE;
  if (!levelMatches(c.memberLevel, who.memberLevel)) mask |= MEMBER_LEVEL;
  if (c.memberCardOnly && input.payType !== 'VIP') mask |= PAY_TYPE;

  cover(index, c.productList, cov);
  if (needsProduct(c) && cov.lines === 0) mask |= PRODUCT;
  else {
    if (cov.base < c.minAmount || cov.base === 0) mask |= AMOUNT;
    if (cov.quantity < c.minQuantity) mask |= QUANTITY;
  }

  let amount = 0;
  if (mask === 0) {
    amount = couponAmount(ctx, input, c, index, cov, false);
    if (c.type === CouponKind.buyNGetN && amount === 0) mask |= QUANTITY;
  }
  const usable = mask === 0;
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    reductionAmount: c.reductionAmount,
    usable,
    reasons: reasonList(mask),
    amount: usable ? amount : 0,
    base: cov.base,
  };
}

/** Takes the chosen coupon off its lines (in flag order) and names the lines it touched. */
function applyChosen(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  c: ParsedCoupon,
  index: CouponIndex,
  amount: number,
): string[] {
  const cov = cover(index, c.productList, { all: true, lines: 0, base: 0, quantity: 0 });
  const lines: WorkLine[] = [];
  for (const l of index.all) if (isCovered(index, cov, l)) lines.push(l);
  if (CASH_KINDS.includes(c.type) || c.type === CouponKind.allDiscount) {
    const weights: number[] = [];
    for (const l of lines) weights.push(l.remaining);
    const parts = allocateBy(ctx, amount, weights);
    for (let i = 0; i < lines.length; i++) lines[i]!.couponDiscount += parts[i]!;
  } else couponAmount(ctx, input, c, index, cov, true);
  const touched: string[] = [];
  for (const l of lines) if (l.couponDiscount > 0) touched.push(l.src.flag);
  return touched;
}

/** Evaluates every coupon and applies the chosen one to the lines (in flag order). */
export function applyCoupons(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  who: Audience,
  canonical: readonly WorkLine[],
): CouponResult {
  const evaluations = new Array<CouponEvaluation>(input.coupons.length);
  let applied: CouponResult['applied'] = null;
  let chosen: ParsedCoupon | null = null;
  let chosenEvaluation: CouponEvaluation | null = null;
  const index = indexLines(canonical);
  const cov: Coverage = { all: true, lines: 0, base: 0, quantity: 0 };
  for (let i = 0; i < input.coupons.length; i++) {
    const c = input.coupons[i]!;
    const e = evaluate(ctx, input, who, c, index, cov);
    evaluations[i] = e;
    if (c.id === input.couponId && e.usable && !chosen) {
      chosen = c;
      chosenEvaluation = e;
    }
  }
  if (chosen && chosenEvaluation && chosenEvaluation.amount > 0) {
    applied = {
      id: chosenEvaluation.id,
      name: chosenEvaluation.name,
      type: chosenEvaluation.type,
      amount: chosenEvaluation.amount,
      lineFlags: applyChosen(ctx, input, chosen, index, chosenEvaluation.amount),
    };
  }
  evaluations.sort(byId);
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

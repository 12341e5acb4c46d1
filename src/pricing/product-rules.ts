// Per-product prices (spec §5 "Priority per product"): special price (3), then second-item discount (11),
// then buy N get N (12); the units a promotion does not cover take the better of member price, member
// discount and the shop's rebate for the order type. One pass per line: quantities are counted, never
// walked unit by unit, so a line of 10 000 costs what a line of 1 costs.
import { DEFAULTS, PromotionType } from '../domain/enums';
import type {
  BuyNGetNResult,
  ParsedActivity,
  ParsedCartLine,
  ParsedPricingInput,
  PriceActivityResult,
  PriceRule,
  PriceSegment,
  SpecialPurchaseResult,
} from '../domain/pricing';
import { flagMatches, levelMatches, withinDates, type Audience } from './eligibility';
import { configuredUnitPrice } from './line-config';
import { checkedAdd, checkedMul, pay, type MoneyContext } from './money';

/** A cart line while it is being priced; index is its place in the input. */
export interface WorkLine {
  index: number;
  /** Place in flag order (set once the lines are sorted). */
  pos: number;
  src: ParsedCartLine;
  /** Spec id when present, else product id: what activities and coupons name. */
  key: number;
  eligible: boolean;
  listUnit: number;
  restUnit: number;
  restRule: PriceRule;
  segments: PriceSegment[];
  amount: number;
  /** Some units are priced by a price activity: order activities leave the line alone. */
  promo: boolean;
  /** amount less the order-activity discounts taken so far. */
  remaining: number;
  activityDiscount: number;
  couponDiscount: number;
}

export interface ProductRulesResult {
  priceActivities: PriceActivityResult[];
  buyNGetN: BuyNGetNResult[];
  specialPurchases: SpecialPurchaseResult[];
}

const CAP = DEFAULTS.specialPriceCap;
const PRICE_TYPES: readonly number[] = [
  PromotionType.productSpecialPrice,
  PromotionType.secondDiscount,
  PromotionType.buyNGetN,
];

/** Running, dated, for this order type, user type and member level. */
export function activityOpen(a: ParsedActivity, who: Audience): boolean {
  return (
    a.status === 1 &&
    withinDates(who.today, a.startDate, a.endDate) &&
    flagMatches(a.orderType, who.orderTypeFlag) &&
    flagMatches(a.userType, who.userTypeFlag) &&
    levelMatches(a.memberLevel, who.memberLevel)
  );
}

/** Higher priority first, then the lower id: the order every activity list is read in. */
export const byPriority = (a: ParsedActivity, b: ParsedActivity): number =>
  b.priority - a.priority || a.id - b.id;

function rebateFor(input: ParsedPricingInput): number {
  const set = input.shop.discountSet;
  if (input.orderType === 'dine') return set.dineRebate;
  if (input.orderType === 'openTable') return set.openTableRebate;
  return set.defaultRebate;
}

/** Builds the work lines with their configured unit price and their best non-promotional unit price. */
export function buildLines(ctx: MoneyContext, input: ParsedPricingInput): WorkLine[] {
  const ms = input.memberSetting;
  const member = input.member;
  const cardOk = !ms.isOnlyCardPayForDiscount || input.payType === 'VIP';
  const memberPriceOn = member !== null && input.shop.showVipPrice && ms.discountMode === 1 && cardOk;
  const memberDiscount =
    member !== null && ms.isOpenDiscount && ms.discountMode !== 1 && cardOk ? member.discount : 100;
  const rebate = rebateFor(input);
  const out: WorkLine[] = [];
  input.lines.forEach((src, index) => {
    const listUnit = configuredUnitPrice(ctx, src);
    const eligible = src.joinDiscount && src.quantity > 0;
    let restUnit = listUnit;
    let restRule: PriceRule = src.joinDiscount ? 'list' : 'excluded';
    if (src.joinDiscount) {
      if (memberPriceOn && src.memberPrice !== null) {
        const u = Math.min(listUnit, configuredUnitPrice(ctx, { ...src, price: src.memberPrice }));
        if (u < restUnit) [restUnit, restRule] = [u, 'memberPrice'];
      }
      if (memberDiscount < 100) {
        const u = pay(ctx, listUnit, memberDiscount);
        if (u < restUnit) [restUnit, restRule] = [u, 'memberDiscount'];
      }
      if (rebate < 100) {
        const u = pay(ctx, listUnit, rebate);
        if (u < restUnit) [restUnit, restRule] = [u, 'shopRebate'];
      }
    }
    out.push({
      index,
      pos: index,
      src,
      key: src.specId ?? src.id,
      eligible,
      listUnit,
      restUnit,
      restRule,
      segments: [],
      amount: 0,
      promo: false,
      remaining: 0,
      activityDiscount: 0,
      couponDiscount: 0,
    });
  });
  return out;
}

interface Offer {
  activity: ParsedActivity;
  product: ParsedActivity['productList'][number];
}

/** Amount and units of eligible lines per category (list prices): the thresholds of price activities. */
function categoryTotals(lines: readonly WorkLine[]) {
  const byType = new Map<number, { amount: number; quantity: number }>();
  let amount = 0;
  let quantity = 0;
  for (const l of lines) {
    if (!l.eligible) continue;
    const a = checkedMul(l.listUnit, l.src.quantity);
    amount = checkedAdd(amount, a);
    quantity += l.src.quantity;
    const t = byType.get(l.src.typeid);
    if (t) {
      t.amount = checkedAdd(t.amount, a);
      t.quantity += l.src.quantity;
    } else byType.set(l.src.typeid, { amount: a, quantity: l.src.quantity });
  }
  return { byType, amount, quantity };
}

function meetsThreshold(a: ParsedActivity, totals: ReturnType<typeof categoryTotals>): boolean {
  if (a.minAmount === 0 && a.quantityLimit === 0) return true;
  let amount = 0;
  let quantity = 0;
  if (a.typeIds.length === 0) {
    amount = totals.amount;
    quantity = totals.quantity;
  } else {
    for (const id of a.typeIds) {
      const t = totals.byType.get(id);
      if (t) {
        amount += t.amount;
        quantity += t.quantity;
      }
    }
  }
  return amount >= a.minAmount && quantity >= a.quantityLimit;
}

/** Indexes the open price activities by product once: the best offer of each kind per product. */
function indexOffers(activities: readonly ParsedActivity[], who: Audience, lines: readonly WorkLine[]) {
  const index = new Map<number, Map<number, Offer>>();
  const totals = categoryTotals(lines);
  for (const a of activities) {
    if (!PRICE_TYPES.includes(a.type) || !activityOpen(a, who) || !meetsThreshold(a, totals)) continue;
    for (const p of a.productList) {
      let kinds = index.get(p.id);
      if (!kinds) index.set(p.id, (kinds = new Map()));
      const current = kinds.get(a.type);
      if (!current || byPriority(a, current.activity) < 0) kinds.set(a.type, { activity: a, product: p });
    }
  }
  return index;
}

const cheapestFirst = (a: WorkLine, b: WorkLine): number => a.listUnit - b.listUnit || a.pos - b.pos;

function addSegment(
  l: WorkLine,
  quantity: number,
  unitPrice: number,
  rule: PriceRule,
  activityId: number | null,
) {
  if (quantity > 0) l.segments.push({ quantity, unitPrice, rule, activityId });
}

/** Units of a group not taken by a promotion get the line's best ordinary price. */
function finishLine(l: WorkLine, promoUnits: number) {
  addSegment(l, l.src.quantity - promoUnits, l.restUnit, l.restRule, null);
  let amount = 0;
  for (const s of l.segments) amount = checkedAdd(amount, checkedMul(s.unitPrice, s.quantity));
  l.amount = amount;
  l.remaining = amount;
}

/** Lines in flag order: the one order every step reads them in, whatever the cart's order. */
export const byFlag = (a: WorkLine, b: WorkLine): number =>
  a.src.flag < b.src.flag ? -1 : a.src.flag > b.src.flag ? 1 : 0;

/**
 * Prices every line (given in flag order). Lines of one product share the activity caps; they are read in
 * flag order (or cheapest first where the spec says so), so the order of lines never changes a price.
 */
export function applyProductRules(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  canonical: readonly WorkLine[],
  who: Audience,
  activities: readonly ParsedActivity[],
): ProductRulesResult {
  const offers = indexOffers(activities, who, canonical);
  const purchased = new Map<number, Map<number, number>>();
  for (const rec of input.purchased) {
    let byProduct = purchased.get(rec.activityId);
    if (!byProduct) purchased.set(rec.activityId, (byProduct = new Map()));
    for (const p of rec.products) byProduct.set(p.id, (byProduct.get(p.id) ?? 0) + p.quantity);
  }

  const groups = new Map<number, WorkLine[]>();
  for (const l of canonical) {
    if (!l.eligible || !offers.has(l.key)) {
      finishLine(l, 0);
      continue;
    }
    const g = groups.get(l.key);
    if (g) g.push(l);
    else groups.set(l.key, [l]);
  }

  const priceActivities: PriceActivityResult[] = [];
  const bngn = new Map<number, BuyNGetNResult>();
  const specials = new Map<number, SpecialPurchaseResult>();

  for (const [key, group] of [...groups].sort((a, b) => a[0] - b[0])) {
    const kinds = offers.get(key)!;
    const special = kinds.get(PromotionType.productSpecialPrice);
    const second = kinds.get(PromotionType.secondDiscount);
    const buyGet = kinds.get(PromotionType.buyNGetN);
    const offer = special ?? second ?? buyGet!;
    const record: PriceActivityResult = {
      id: key,
      activityId: offer.activity.id,
      activityName: offer.activity.name,
      activityType: offer.activity.type,
      amount: 0,
      quantity: 0,
      detail: [],
    };
    const take = (l: WorkLine, n: number, unit: number, rule: PriceRule) => {
      if (n <= 0) return;
      addSegment(l, n, unit, rule, offer.activity.id);
      l.promo = true;
      record.quantity += n;
      record.amount = checkedAdd(record.amount, checkedMul(l.listUnit - unit, n));
      record.detail.push({ flag: l.src.flag, price: unit, quantity: n });
    };
    const taken = new Map<WorkLine, number>();
    let units = 0;
    for (const l of group) units += l.src.quantity;

    if (special) {
      const p = special.product;
      const left = p.quantity === null ? CAP : Math.max(0, p.quantity - p.purchasedQuantity);
      const bought = purchased.get(special.activity.id)?.get(key) ?? 0;
      const perPerson = special.activity.limit === null ? CAP : Math.max(0, special.activity.limit - bought);
      let cap = Math.min(left, perPerson, CAP);
      const base = p.discountPrice ?? 0;
      for (const l of group) {
        const n = Math.min(cap, l.src.quantity);
        cap -= n;
        const unit = Math.min(l.listUnit, configuredUnitPrice(ctx, { ...l.src, price: base }));
        take(l, n, unit, 'specialPrice');
        taken.set(l, n);
        if (n > 0) {
          let rec = specials.get(special.activity.id);
          if (!rec)
            specials.set(special.activity.id, (rec = { activityId: special.activity.id, products: [] }));
          const prev = rec.products.find((x) => x.id === key);
          if (prev) prev.quantity += n;
          else rec.products.push({ id: key, discount: base, quantity: n });
        }
      }
    } else if (second) {
      const percentPaid = second.product.discount ?? second.activity.discount;
      let discounted = Math.floor(units / 2);
      for (const l of [...group].sort(cheapestFirst)) {
        const n = Math.min(discounted, l.src.quantity);
        discounted -= n;
        take(l, n, Math.min(l.restUnit, pay(ctx, l.listUnit, percentPaid)), 'secondItem');
        taken.set(l, n);
      }
    } else if (buyGet) {
      const p = buyGet.product;
      const buy = p.buyQuantity ?? 1;
      const free = p.freeQuantity ?? 1;
      const left = p.quantity === null ? CAP : Math.max(0, p.quantity - p.purchasedQuantity);
      const rounds = buyGet.activity.cyclicCalc ? Math.floor(units / (buy + free)) : 1;
      let freeUnits = Math.max(0, Math.min(rounds * free, left, units - buy));
      const result = bngn.get(buyGet.activity.id) ?? {
        id: buyGet.activity.id,
        name: buyGet.activity.name,
        amount: 0,
        products: [],
      };
      for (const l of [...group].sort(cheapestFirst)) {
        const n = Math.min(freeUnits, l.src.quantity);
        freeUnits -= n;
        take(l, n, 0, 'buyNGetN');
        taken.set(l, n);
        if (n > 0) {
          const saved = checkedMul(l.listUnit, n);
          result.amount = checkedAdd(result.amount, saved);
          result.products.push({ id: key, flag: l.src.flag, quantity: n, amount: saved });
        }
      }
      if (result.products.length > 0) bngn.set(buyGet.activity.id, result);
    }
    for (const l of group) finishLine(l, taken.get(l) ?? 0);
    if (record.quantity > 0) priceActivities.push(record);
  }

  return {
    priceActivities,
    buyNGetN: [...bngn.values()].sort((a, b) => a.id - b.id),
    specialPurchases: [...specials.values()].sort((a, b) => a.activityId - b.activityId),
  };
}

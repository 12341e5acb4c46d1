// Per-product prices (spec §5 "Priority per product"): special price (3), then second-item discount (11),
// then buy N get N (12); the units a promotion does not cover take the better of member price, member
// discount and the shop's rebate for the order type. One pass per line: quantities are counted, never
// walked unit by unit, so a line of 10 000 costs what a line of 1 costs. Activities are matched against
// the products in the cart, so the work per call grows with lines and activities but the objects built
// per call grow with the lines only.
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
import { unitConfig, unitPriceAt, type UnitConfig } from './line-config';
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
  /** What the line's options do to a price, for pricing it at member or special prices. */
  unit: UnitConfig;
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
  /** Units the limit card pays (src/pricing/limit-card.ts). */
  limitCardUses: number;
  /** Units a price activity took and their price: the rest get restUnit. */
  promoUnits: number;
  promoSegment: PriceSegment | null;
  /** Scratch stamp: the coupon whose covered lines this line was last counted in. */
  mark: number;
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
  // Both member benefits are offered and the unit takes the better one (decision P17): discountMode only says
  // which of the two the menu shows.
  const memberPriceOn = member !== null && input.shop.showVipPrice && cardOk;
  const memberDiscount = member !== null && ms.isOpenDiscount && cardOk ? member.discount : 100;
  const rebate = rebateFor(input);
  const out: WorkLine[] = [];
  for (let index = 0; index < input.lines.length; index++) {
    const src = input.lines[index]!;
    const unit = unitConfig(src);
    const listUnit = unitPriceAt(ctx, unit, src.price);
    const eligible = src.joinDiscount && src.quantity > 0;
    let restUnit = listUnit;
    let restRule: PriceRule = src.joinDiscount ? 'list' : 'excluded';
    if (src.joinDiscount) {
      if (memberPriceOn && src.memberPrice !== null) {
        const u = Math.min(listUnit, unitPriceAt(ctx, unit, src.memberPrice));
        if (u < restUnit) {
          restUnit = u;
          restRule = 'memberPrice';
        }
      }
      if (memberDiscount < 100) {
        const u = pay(ctx, listUnit, memberDiscount);
        if (u < restUnit) {
          restUnit = u;
          restRule = 'memberDiscount';
        }
      }
      if (rebate < 100) {
        const u = pay(ctx, listUnit, rebate);
        if (u < restUnit) {
          restUnit = u;
          restRule = 'shopRebate';
        }
      }
    }
    out.push({
      index,
      pos: index,
      src,
      key: src.specId ?? src.id,
      eligible,
      unit,
      listUnit,
      restUnit,
      restRule,
      segments: [],
      amount: 0,
      promo: false,
      remaining: 0,
      activityDiscount: 0,
      couponDiscount: 0,
      limitCardUses: 0,
      promoUnits: 0,
      promoSegment: null,
      mark: 0,
    });
  }
  return out;
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

/** The eligible lines of one product (spec id when present) and the best open activity of each kind. */
interface ProductGroup {
  key: number;
  lines: WorkLine[];
  special: ParsedActivity | null;
  second: ParsedActivity | null;
  buyGet: ParsedActivity | null;
}

/** The better of two activities of one kind: higher priority, then the lower id. */
const better = (current: ParsedActivity | null, a: ParsedActivity): ParsedActivity =>
  current === null || byPriority(a, current) < 0 ? a : current;

/**
 * Gives each product of the cart the best open price activity of each kind. Only products in the cart are
 * looked at, so a hundred activities cost a hundred map lookups and no objects.
 */
function matchOffers(
  activities: readonly ParsedActivity[],
  who: Audience,
  lines: readonly WorkLine[],
  groups: Map<number, ProductGroup>,
): void {
  const totals = categoryTotals(lines);
  for (const a of activities) {
    if (!PRICE_TYPES.includes(a.type) || !activityOpen(a, who) || !meetsThreshold(a, totals)) continue;
    for (const p of a.productList) {
      const g = groups.get(p.id);
      if (!g) continue;
      if (a.type === PromotionType.productSpecialPrice) g.special = better(g.special, a);
      else if (a.type === PromotionType.secondDiscount) g.second = better(g.second, a);
      else g.buyGet = better(g.buyGet, a);
    }
  }
}

/** The activity's entry for a product: the first one listing it, as the activity was matched by it. */
function entryOf(a: ParsedActivity, key: number): ParsedActivity['productList'][number] {
  for (const p of a.productList) if (p.id === key) return p;
  throw new Error(`activity ${a.id} does not list product ${key}`);
}

const cheapestFirst = (a: WorkLine, b: WorkLine): number => a.listUnit - b.listUnit || a.pos - b.pos;
const byKey = (a: ProductGroup, b: ProductGroup): number => a.key - b.key;

/**
 * Units not taken by a promotion get the line's best ordinary price. A line has at most two segments, so
 * the array is built at its final size.
 */
function finishLine(l: WorkLine) {
  const promo = l.promoSegment;
  const restUnits = l.src.quantity - l.promoUnits;
  const rest: PriceSegment | null =
    restUnits > 0 ? { quantity: restUnits, unitPrice: l.restUnit, rule: l.restRule, activityId: null } : null;
  l.segments = promo ? (rest ? [promo, rest] : [promo]) : rest ? [rest] : [];
  let amount = 0;
  if (promo) amount = checkedMul(promo.unitPrice, promo.quantity);
  if (rest) amount = checkedAdd(amount, checkedMul(rest.unitPrice, rest.quantity));
  l.amount = amount;
  l.remaining = amount;
}

/** n units of a line at a promotion's unit price, recorded on the line and in the activity's result. */
function take(l: WorkLine, n: number, unit: number, rule: PriceRule, record: PriceActivityResult) {
  l.promoUnits = n;
  if (n <= 0) return;
  l.promoSegment = { quantity: n, unitPrice: unit, rule, activityId: record.activityId };
  l.promo = true;
  record.quantity += n;
  record.amount = checkedAdd(record.amount, checkedMul(l.listUnit - unit, n));
  record.detail.push({ flag: l.src.flag, price: unit, quantity: n });
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
  const groups = new Map<number, ProductGroup>();
  for (const l of canonical) {
    if (!l.eligible) continue;
    const g = groups.get(l.key);
    if (g) g.lines.push(l);
    else groups.set(l.key, { key: l.key, lines: [l], special: null, second: null, buyGet: null });
  }
  matchOffers(activities, who, canonical, groups);

  const offered: ProductGroup[] = [];
  for (const g of groups.values()) if (g.special || g.second || g.buyGet) offered.push(g);
  offered.sort(byKey);

  const priceActivities: PriceActivityResult[] = [];
  const bngn = new Map<number, BuyNGetNResult>();
  const specials = new Map<number, SpecialPurchaseResult>();

  for (const { key, lines: group, special, second, buyGet } of offered) {
    const activity = (special ?? second ?? buyGet)!;
    const record: PriceActivityResult = {
      id: key,
      activityId: activity.id,
      activityName: activity.name,
      activityType: activity.type,
      amount: 0,
      quantity: 0,
      detail: [],
    };
    let units = 0;
    for (const l of group) units += l.src.quantity;

    if (special) {
      const p = entryOf(special, key);
      const left = p.quantity === null ? CAP : Math.max(0, p.quantity - p.purchasedQuantity);
      const bought = purchasedUnits(input, special.id, key);
      const perPerson = special.limit === null ? CAP : Math.max(0, special.limit - bought);
      let cap = Math.min(left, perPerson, CAP);
      const base = p.discountPrice ?? 0;
      for (const l of group) {
        const n = Math.min(cap, l.src.quantity);
        cap -= n;
        const unit = Math.min(l.listUnit, unitPriceAt(ctx, l.unit, base));
        take(l, n, unit, 'specialPrice', record);
        if (n > 0) addSpecialPurchase(specials, special.id, key, base, n);
      }
    } else if (second) {
      const percentPaid = entryOf(second, key).discount ?? second.discount;
      let discounted = Math.floor(units / 2);
      if (group.length > 1) group.sort(cheapestFirst);
      for (const l of group) {
        const n = Math.min(discounted, l.src.quantity);
        discounted -= n;
        take(l, n, Math.min(l.restUnit, pay(ctx, l.listUnit, percentPaid)), 'secondItem', record);
      }
    } else if (buyGet) {
      const p = entryOf(buyGet, key);
      const buy = p.buyQuantity ?? 1;
      const free = p.freeQuantity ?? 1;
      const left = p.quantity === null ? CAP : Math.max(0, p.quantity - p.purchasedQuantity);
      const rounds = buyGet.cyclicCalc ? Math.floor(units / (buy + free)) : 1;
      let freeUnits = Math.max(0, Math.min(rounds * free, left, units - buy));
      if (group.length > 1) group.sort(cheapestFirst);
      for (const l of group) {
        const n = Math.min(freeUnits, l.src.quantity);
        freeUnits -= n;
        take(l, n, 0, 'buyNGetN', record);
        if (n > 0) {
          let result = bngn.get(buyGet.id);
          if (!result)
            bngn.set(buyGet.id, (result = { id: buyGet.id, name: buyGet.name, amount: 0, products: [] }));
          const saved = checkedMul(l.listUnit, n);
          result.amount = checkedAdd(result.amount, saved);
          result.products.push({ id: key, flag: l.src.flag, quantity: n, amount: saved });
        }
      }
    }
    if (record.quantity > 0) priceActivities.push(record);
  }
  for (const l of canonical) finishLine(l);

  return {
    priceActivities,
    buyNGetN: [...bngn.values()].sort((a, b) => a.id - b.id),
    specialPurchases: [...specials.values()].sort((a, b) => a.activityId - b.activityId),
  };
}

/** Special-price units this customer bought earlier of a product under an activity (the per-person limit). */
function purchasedUnits(input: ParsedPricingInput, activityId: number, key: number): number {
  let units = 0;
  for (const rec of input.purchased) {
    if (rec.activityId !== activityId) continue;
    for (const p of rec.products) if (p.id === key) units += p.quantity;
  }
  return units;
}

function addSpecialPurchase(
  specials: Map<number, SpecialPurchaseResult>,
  activityId: number,
  key: number,
  discount: number,
  quantity: number,
) {
  let rec = specials.get(activityId);
  if (!rec) specials.set(activityId, (rec = { activityId, products: [] }));
  for (const x of rec.products)
    if (x.id === key) {
      x.quantity += quantity;
      return;
    }
  rec.products.push({ id: key, discount, quantity });
}

// The rules of choosing a configured product (spec §5 "Required tastes need at least one attribute
// chosen. A meal set must have items chosen (choose n of total)", "A minimum purchase quantity and a
// per-order purchase limit apply"): pure functions the productChoice machine and its selectors share.
import { MAX_LINE_QUANTITY } from '../../domain/api/store-limits';
import type { Product, ProductSpec } from '../../domain/catalog';
import { ProductState } from '../../domain/enums';
import type { CartLine } from '../../domain/pricing';
import { lineFlag, moneyContext, productUnitPrice } from '../../pricing/engine';
import { unitConfig, unitPriceAt } from '../../pricing/line-config';
import { factsOf, priceCart, type PricingParts } from '../cart/cart.rules';

export interface Choice {
  /** One chosen value per spec dimension (null = not chosen). */
  specValues: (string | null)[];
  /** Chosen option ids per taste group, in the order chosen. */
  tastes: Record<number, number[]>;
  /** Chosen meal item product ids per meal group, in the order chosen. */
  meals: Record<number, number[]>;
  quantity: number;
}

export type Unmet =
  | { kind: 'unavailable'; state: number }
  | { kind: 'spec'; dimension: string }
  | { kind: 'soldOut' }
  | { kind: 'taste'; groupId: number; name: string }
  | { kind: 'meal'; groupId: number; name: string; missing: number }
  | { kind: 'stock'; remaining: number };

export const isSpecAvailable = (spec: ProductSpec) => spec.state === ProductState.normal && spec.stock !== 0;

/** Whether some available spec has this value in this dimension. */
export function isSpecValueSelectable(product: Product, dimension: number, value: string): boolean {
  return product.specs.some((s) => s.values[dimension] === value && isSpecAvailable(s));
}

/** Chooses a value; the other dimensions keep theirs only if the combination still exists and is available. */
export function chooseSpecValue(
  product: Product,
  current: (string | null)[],
  dimension: number,
  value: string,
) {
  const next = current.map((v, i) => (i === dimension ? value : v));
  const fits = (spec: ProductSpec) =>
    isSpecAvailable(spec) && next.every((v, i) => v === null || spec.values[i] === v);
  if (product.specs.some(fits)) return next;
  return current.map((_, i) => (i === dimension ? value : null));
}

export const selectedSpec = (product: Product, values: (string | null)[]): ProductSpec | null =>
  product.specs.length === 0 || values.some((v) => v === null)
    ? null
    : (product.specs.find((s) => s.values.every((v, i) => v === values[i])) ?? null);

/** The first available spec's values, so a spec product opens with a valid choice. */
export function initialChoice(product: Product): Choice {
  const first = product.specs.find(isSpecAvailable);
  return {
    specValues: product.specDimensions.map((_, i) => first?.values[i] ?? null),
    tastes: {},
    meals: {},
    quantity: product.minBuy,
  };
}

/** Toggling an option within a group of at most `max` choices; a single-choice group swaps. */
export function toggleIn(chosen: readonly number[], id: number, max: number): number[] | null {
  if (chosen.includes(id)) return chosen.filter((c) => c !== id);
  if (max === 1) return [id];
  if (chosen.length >= max) return null;
  return [...chosen, id];
}

export function canToggleTaste(product: Product, choice: Choice, groupId: number, optionId: number): boolean {
  const group = product.tastes.find((g) => g.id === groupId);
  const option = group?.options.find((o) => o.id === optionId);
  if (!group || !option) return false;
  const chosen = choice.tastes[groupId] ?? [];
  if (!chosen.includes(optionId) && option.state !== ProductState.normal) return false;
  return toggleIn(chosen, optionId, group.maxChoose) !== null;
}

export function canToggleMealItem(
  product: Product,
  choice: Choice,
  groupId: number,
  productId: number,
): boolean {
  const group = product.mealGroups.find((g) => g.id === groupId);
  const item = group?.items.find((i) => i.productId === productId);
  if (!group || !item) return false;
  const chosen = choice.meals[groupId] ?? [];
  if (!chosen.includes(productId) && item.state !== ProductState.normal) return false;
  return toggleIn(chosen, productId, group.chooseCount) !== null;
}

/** Units in stock for the current choice; null = not tracked. */
export function stockFor(product: Product, choice: Choice): number | null {
  if (product.specs.length > 0) return selectedSpec(product, choice.specValues)?.stock ?? null;
  return product.stock;
}

export function quantityBounds(product: Product, choice: Choice): { min: number; max: number } {
  const stock = stockFor(product, choice);
  const limit = Math.min(product.maxBuy ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
  return { min: product.minBuy, max: stock === null ? limit : Math.max(0, Math.min(limit, stock)) };
}

export const clampQuantity = (product: Product, choice: Choice, quantity: number) => {
  const { min, max } = quantityBounds(product, choice);
  return Math.max(min, Math.min(Number.isFinite(quantity) ? Math.trunc(quantity) : min, Math.max(min, max)));
};

/** The first requirement the choice does not meet yet, in the order the page lists them; null = can add. */
export function firstUnmet(product: Product, choice: Choice): Unmet | null {
  if (product.state !== ProductState.normal) return { kind: 'unavailable', state: product.state };
  if (product.specs.length > 0) {
    const missing = product.specDimensions.findIndex((_, i) => choice.specValues[i] === null);
    if (missing >= 0) return { kind: 'spec', dimension: product.specDimensions[missing]!.name };
    const spec = selectedSpec(product, choice.specValues);
    if (!spec || !isSpecAvailable(spec)) return { kind: 'soldOut' };
  } else if (product.stock === 0) {
    return { kind: 'soldOut' };
  }
  for (const group of product.tastes) {
    if (group.required && (choice.tastes[group.id]?.length ?? 0) === 0) {
      return { kind: 'taste', groupId: group.id, name: group.name };
    }
  }
  for (const group of product.mealGroups) {
    const chosen = choice.meals[group.id]?.length ?? 0;
    if (chosen !== group.chooseCount) {
      return { kind: 'meal', groupId: group.id, name: group.name, missing: group.chooseCount - chosen };
    }
  }
  const stock = stockFor(product, choice);
  if (stock !== null && choice.quantity > stock) return { kind: 'stock', remaining: stock };
  return null;
}

const chosenTastes = (product: Product, choice: Choice) =>
  product.tastes.flatMap((group) =>
    (choice.tastes[group.id] ?? []).map((id) => {
      const option = group.options.find((o) => o.id === id)!;
      return {
        id,
        name: option.name,
        typeId: group.id,
        optionType: group.optionType,
        price: option.price,
        quantity: 1,
      };
    }),
  );

const chosenMeals = (product: Product, choice: Choice) =>
  product.mealGroups.flatMap((group) =>
    (choice.meals[group.id] ?? []).map((productId) => {
      const item = group.items.find((i) => i.productId === productId)!;
      return { productId, name: item.name, price: item.price, quantity: item.quantity };
    }),
  );

/** Unit price of the current choice (spec or product price, tastes and meal surcharges). */
export function unitPrice(
  product: Product,
  choice: Choice,
  shop: { currency: string; numberDecimals: number },
): number {
  const spec = selectedSpec(product, choice.specValues);
  return productUnitPrice(
    {
      price: spec?.price ?? product.price,
      tastes: chosenTastes(product, choice),
      mealset: chosenMeals(product, choice),
    },
    shop,
  );
}

/**
 * Member unit price of the current choice, when the product or spec has one (shown when the shop shows it):
 * the options and meal surcharges priced on the member price, never above the list unit, as the pricing
 * engine charges a member (product-rules buildLines).
 */
export function memberUnitPrice(
  product: Product,
  choice: Choice,
  shop: { currency: string; numberDecimals: number },
): number | null {
  const spec = selectedSpec(product, choice.specValues);
  const base = spec ? spec.memberPrice : product.specs.length > 0 ? null : product.memberPrice;
  if (base === null) return null;
  const ctx = moneyContext(shop.currency, shop.numberDecimals);
  const config = unitConfig({ tastes: chosenTastes(product, choice), mealset: chosenMeals(product, choice) });
  return Math.min(unitPriceAt(ctx, config, spec?.price ?? product.price), unitPriceAt(ctx, config, base));
}

/** The price bar of a choice: what it lists at, what it will be charged, and the member offer. */
export interface ChoicePrice {
  /** List unit price × quantity (spec, options and meal surcharges). */
  list: number;
  /**
   * What the cart and the server charge for this line on the cart's terms (member price or discount, the
   * shop's rebate, a special price): the pricing engine's line amount for the choice priced on its own.
   */
  charged: number;
  /** A member's total at the member price, offered to a customer who is not charged it; null for none. */
  member: number | null;
}

/**
 * Prices the choice as the cart will: the choice's line through the engine with the cart's pricing parts.
 * Without parts (no cart on the page yet) the list total is what is charged and the member price is the
 * shop's public offer when it shows member prices.
 */
export function choicePrice(
  product: Product,
  choice: Choice,
  shop: { currency: string; numberDecimals: number },
  parts: PricingParts | null,
  showMemberPrice: boolean,
): ChoicePrice {
  const list = unitPrice(product, choice, shop) * choice.quantity;
  const memberUnit = memberUnitPrice(product, choice, shop);
  const line = toCartLine(product, choice);
  const priced = parts && line.quantity > 0 ? priceCart([line], [factsOf(product)], parts) : null;
  const charged = priced?.lines[0]?.amount ?? list;
  // The engine offers the member price wherever the shop shows it (decision P17).
  const memberPricing = parts ? parts.shop.showVipPrice : showMemberPrice;
  const memberTotal =
    memberPricing && product.joinDiscount && memberUnit !== null ? memberUnit * choice.quantity : null;
  return { list, charged, member: memberTotal !== null && memberTotal < charged ? memberTotal : null };
}

export const sameChoicePrice = (a: ChoicePrice | null, b: ChoicePrice | null) =>
  a === b ||
  (a !== null && b !== null && a.list === b.list && a.charged === b.charged && a.member === b.member);

/** The cart line of a complete choice (spec §3 cart item); taxes are attached by the cart. */
export function toCartLine(product: Product, choice: Choice): CartLine {
  const spec = selectedSpec(product, choice.specValues);
  const tastes = chosenTastes(product, choice);
  const mealset = chosenMeals(product, choice);
  return {
    flag: lineFlag({ id: product.id, specId: spec?.id ?? null, tastes, mealset }),
    id: product.id,
    specId: spec?.id ?? null,
    specName: spec?.name ?? null,
    name: product.name,
    typeid: product.typeId,
    quantity: choice.quantity,
    price: spec?.price ?? product.price,
    memberPrice: spec ? spec.memberPrice : product.memberPrice,
    tastes,
    mealset,
    joinDiscount: product.joinDiscount,
    notDishware: product.notDishware,
  };
}

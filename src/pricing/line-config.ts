// A configured product (spec, tastes, meal set): its cart flag and its unit price. Product detail, the cart
// and the server all call these, so a line shows, keys and charges the same everywhere (spec §3 cart item).
import { OptionType } from '../domain/enums';
import { percentOf, checkedAdd, checkedMul, moneyContext, type MoneyContext } from './money';

export interface FlagParts {
  id: number;
  specId?: number | null;
  tastes?: readonly { id: number; typeId: number; quantity?: number }[];
  mealset?: readonly { name: string; quantity: number }[];
}

/** cyrb53: a fast 53-bit string hash with good spread; stable across engines. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The cart flag of spec §3: the same product, spec, tastes and meal choice always give the same flag,
 * whatever order the tastes or meal items were picked in; anything different gives another line.
 */
export function lineFlag(parts: FlagParts): string {
  const tastes = (parts.tastes ?? [])
    .map((t) => `${t.typeId}.${t.id}x${t.quantity ?? 1}`)
    .sort()
    .join(',');
  const meals = (parts.mealset ?? [])
    .map((m) => `${m.name}x${m.quantity}`)
    .sort()
    .join(',');
  const key = `${parts.id}|${parts.specId ?? ''}|${tastes}|${meals}`;
  return `${parts.id}-${parts.specId ?? 0}-${hash53(key).toString(36)}`;
}

export interface UnitPriceParts {
  /** Product or spec price. */
  price: number;
  tastes: readonly { id: number; typeId: number; optionType: number; price: number; quantity?: number }[];
  mealset: readonly { price: number; quantity: number }[];
}

const byTaste = (a: { typeId: number; id: number }, b: { typeId: number; id: number }) =>
  a.typeId - b.typeId || a.id - b.id;

/**
 * What the options of a configured product do to its price, read once per line: the engine prices one line
 * at its list price, its member price and a special price, and only the product price differs between them.
 */
export interface UnitConfig {
  /** The price a sub-price or reset-to-zero option puts in place of the product price; null = none. */
  base: number | null;
  /** Meal surcharges and toppings × their quantity. */
  extras: number;
  /** Percent paid of each discount option, in taste-group then id order; null = none. */
  discounts: number[] | null;
}

function isSorted(tastes: UnitPriceParts['tastes']): boolean {
  for (let i = 1; i < tastes.length; i++) if (byTaste(tastes[i - 1]!, tastes[i]!) > 0) return false;
  return true;
}

/**
 * The options of a configuration in taste-group then id order: the first sub-price or reset-to-zero option
 * wins, meal surcharges and toppings (price × quantity) add up, discount options (whole percent paid) are
 * kept in order. Flavors do not change the price.
 */
export function unitConfig(parts: Omit<UnitPriceParts, 'price'>): UnitConfig {
  let base: number | null = null;
  let extras = 0;
  let discounts: number[] | null = null;
  const tastes = isSorted(parts.tastes) ? parts.tastes : [...parts.tastes].sort(byTaste);
  for (const t of tastes) {
    switch (t.optionType) {
      case OptionType.topping:
        extras = checkedAdd(extras, checkedMul(t.price, t.quantity ?? 1));
        break;
      case OptionType.subPrice:
        if (base === null) base = t.price;
        break;
      case OptionType.resetToZero:
        if (base === null) base = 0;
        break;
      case OptionType.discount:
        (discounts ??= []).push(Math.min(100, t.price));
        break;
      default:
        break;
    }
  }
  for (const m of parts.mealset) extras = checkedAdd(extras, checkedMul(m.price, m.quantity));
  return { base, extras, discounts };
}

/** The unit price of a configuration at a given product or spec price: options, then discounts in turn. */
export function unitPriceAt(ctx: MoneyContext, config: UnitConfig, price: number): number {
  let unit = checkedAdd(config.base ?? price, config.extras);
  const { discounts } = config;
  if (discounts) for (let i = 0; i < discounts.length; i++) unit = percentOf(ctx, unit, discounts[i]!);
  return unit;
}

/**
 * Unit price of a configured product: start from the product or spec price; a sub-price option replaces
 * it and a reset-to-zero option zeroes it (the first such option by taste group then id wins); meal
 * surcharges and toppings (price × quantity) are added; discount options (whole percent paid) then apply
 * to the whole, one after another, half-up at the minor unit. Flavors do not change the price.
 */
export function configuredUnitPrice(ctx: MoneyContext, parts: UnitPriceParts): number {
  return unitPriceAt(ctx, unitConfig(parts), parts.price);
}

/** configuredUnitPrice for a shop: what product detail shows for a configuration, and the cart line price. */
export function productUnitPrice(
  parts: UnitPriceParts,
  shop: { currency: string; numberDecimals: number },
): number {
  return configuredUnitPrice(moneyContext(shop.currency, shop.numberDecimals), parts);
}

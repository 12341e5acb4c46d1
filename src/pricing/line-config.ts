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
 * Unit price of a configured product: start from the product or spec price; a sub-price option replaces
 * it and a reset-to-zero option zeroes it (the first such option by taste group then id wins); meal
 * surcharges and toppings (price × quantity) are added; discount options (whole percent paid) then apply
 * to the whole, one after another, half-up at the minor unit. Flavors do not change the price.
 */
export function configuredUnitPrice(ctx: MoneyContext, parts: UnitPriceParts): number {
  let base = parts.price;
  let extras = 0;
  let discounts: number[] | null = null;
  let baseSet = false;
  const tastes = parts.tastes.length > 1 ? [...parts.tastes].sort(byTaste) : parts.tastes;
  for (const t of tastes) {
    switch (t.optionType) {
      case OptionType.topping:
        extras = checkedAdd(extras, checkedMul(t.price, t.quantity ?? 1));
        break;
      case OptionType.subPrice:
        if (!baseSet) {
          base = t.price;
          baseSet = true;
        }
        break;
      case OptionType.resetToZero:
        if (!baseSet) {
          base = 0;
          baseSet = true;
        }
        break;
      case OptionType.discount:
        (discounts ??= []).push(Math.min(100, t.price));
        break;
      default:
        break;
    }
  }
  for (const m of parts.mealset) extras = checkedAdd(extras, checkedMul(m.price, m.quantity));
  let unit = checkedAdd(base, extras);
  if (discounts) for (const d of discounts) unit = percentOf(ctx, unit, d);
  return unit;
}

/** configuredUnitPrice for a shop: what product detail shows for a configuration, and the cart line price. */
export function productUnitPrice(
  parts: UnitPriceParts,
  shop: { currency: string; numberDecimals: number },
): number {
  return configuredUnitPrice(moneyContext(shop.currency, shop.numberDecimals), parts);
}

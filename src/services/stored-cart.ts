// The shape a cart read back from localStorage must have: src/domain/cart.ts `storedCart`, the schema the
// server side of the domain keeps, read here with a few plain readers instead of a schema library because
// storage is part of the first page's code. Like the schema, a reader fills the defaults and leaves out
// unknown fields; a value that fails is dropped by storage.getCart. tests/unit/services/stored-cart.test.ts
// holds these readers to the domain schema.
import type { StoredCart } from '../domain/cart';
import { TaxMode } from '../domain/enums';

/** A reader returns the value it accepts, or INVALID. */
const INVALID = Symbol('invalid');
type Reader = (value: unknown) => unknown;

const int =
  (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Reader =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max ? v : INVALID;
const nonNegative: Reader = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : INVALID);
const text =
  (minLength = 0): Reader =>
  (v) =>
    typeof v === 'string' && v.length >= minLength ? v : INVALID;
const bool: Reader = (v) => (typeof v === 'boolean' ? v : INVALID);
const nullable =
  (read: Reader): Reader =>
  (v) =>
    v === null ? null : read(v);
const withDefault =
  (read: Reader, fallback: unknown): Reader =>
  (v) =>
    v === undefined ? fallback : read(v);
const listOf =
  (read: Reader, maxLength = Infinity): Reader =>
  (v) => {
    if (!Array.isArray(v) || v.length > maxLength) return INVALID;
    const out: unknown[] = [];
    for (const item of v) {
      const value = read(item);
      if (value === INVALID) return INVALID;
      out.push(value);
    }
    return out;
  };
const shape =
  (fields: Record<string, Reader>): Reader =>
  (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return INVALID;
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields)) {
      const value = read((v as Record<string, unknown>)[key]);
      if (value === INVALID) return INVALID;
      out[key] = value;
    }
    return out;
  };

const money = int(0);
const cartTaste = shape({
  id: int(),
  name: text(),
  typeId: int(),
  optionType: int(0, 4),
  price: money,
  quantity: withDefault(int(1), 1),
});
const cartMealItem = shape({ productId: int(), name: text(), price: money, quantity: int(1) });
const lineTax = shape({
  id: int(),
  name: text(),
  mode: withDefault(int(0, 3), TaxMode.taxIn),
  value: nonNegative,
});
const cartLine = shape({
  flag: text(1),
  id: int(),
  specId: withDefault(nullable(int()), null),
  specName: withDefault(nullable(text()), null),
  name: text(),
  typeid: int(),
  quantity: int(0, 1_000_000),
  price: money,
  memberPrice: withDefault(nullable(money), null),
  tastes: withDefault(listOf(cartTaste), []),
  mealset: withDefault(listOf(cartMealItem), []),
  joinDiscount: withDefault(bool, true),
  notDishware: withDefault(bool, false),
  taxes: withDefault(listOf(lineTax), []),
});
const productFacts = shape({
  id: int(),
  name: text(),
  minBuy: int(1),
  maxBuy: nullable(int(1)),
  stock: nullable(int(0)),
  taxIds: withDefault(listOf(int()), []),
});
const storedCart = shape({
  shopId: int(),
  lines: listOf(cartLine, 1000),
  products: listOf(productFacts, 1000),
  savedAt: int(),
});

/** The stored cart with its defaults filled in, or null when the value does not have the cart's shape. */
export function readStoredCart(value: unknown): StoredCart | null {
  const cart = storedCart(value);
  return cart === INVALID ? null : (cart as StoredCart);
}

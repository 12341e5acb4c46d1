import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storedCart } from '../../../src/domain/cart';
import { readStoredCart } from '../../../src/services/stored-cart';

/** A field left out, or a value of its type. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const sparse = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
const int = fc.integer({ min: -3, max: 1_000_001 });

const lineArb = fc
  .record({
    flag: fc.string({ maxLength: 3 }),
    id: int,
    specId: maybe(fc.option(int, { nil: null })),
    specName: maybe(fc.option(fc.string({ maxLength: 2 }), { nil: null })),
    name: fc.string({ maxLength: 2 }),
    typeid: int,
    quantity: int,
    price: int,
    memberPrice: maybe(fc.option(int, { nil: null })),
    tastes: maybe(
      fc.array(
        fc
          .record({
            id: int,
            name: fc.constant('t'),
            typeId: int,
            optionType: fc.integer({ min: -1, max: 5 }),
            price: int,
            quantity: maybe(fc.integer({ min: -1, max: 3 })),
          })
          .map(sparse),
        { maxLength: 2 },
      ),
    ),
    mealset: maybe(
      fc.array(fc.record({ productId: int, name: fc.constant('m'), price: int, quantity: int }), {
        maxLength: 2,
      }),
    ),
    joinDiscount: maybe(fc.boolean()),
    notDishware: maybe(fc.boolean()),
    taxes: maybe(
      fc.array(
        fc
          .record({
            id: int,
            name: fc.constant('tax'),
            mode: maybe(fc.integer({ min: -1, max: 4 })),
            value: fc.oneof(fc.integer({ min: -1, max: 30 }), fc.constant(8.25)),
          })
          .map(sparse),
        { maxLength: 2 },
      ),
    ),
    extra: maybe(fc.string()),
  })
  .map(sparse);

const factsArb = fc
  .record({
    id: int,
    name: fc.string({ maxLength: 2 }),
    minBuy: int,
    maxBuy: fc.option(int, { nil: null }),
    stock: fc.option(int, { nil: null }),
    taxIds: maybe(fc.array(int, { maxLength: 2 })),
  })
  .map(sparse);

const cartArb = fc.record({
  shopId: int,
  lines: fc.array(lineArb, { maxLength: 3 }),
  products: fc.array(factsArb, { maxLength: 2 }),
  savedAt: int,
});

/** A wrong value somewhere: a field of another type, a missing field, a float, a string for a number. */
const corrupt = (value: unknown, path: number[], replacement: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0 || path.length === 0) return replacement;
  const key = keys[path[0]! % keys.length]!;
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
  copy[key] = corrupt((value as Record<string, unknown>)[key], path.slice(1), replacement);
  if (replacement === undefined && path.length === 1) delete copy[key];
  return copy;
};

const schemaRead = (value: unknown) => {
  const parsed = storedCart.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('a cart read back from storage', () => {
  it('is read exactly as the domain schema reads it, defaults and all', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        expect(readStoredCart(cart)).toEqual(schemaRead(cart));
      }),
      { numRuns: 300 },
    );
  });

  it('is refused exactly where the domain schema refuses it', () => {
    fc.assert(
      fc.property(
        cartArb,
        fc.array(fc.nat(20), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(undefined, null, 'x', 1.5, -1, 0, true, [], {}, 2 ** 60),
        (cart, path, replacement) => {
          const broken = corrupt(cart, path, replacement);
          expect(readStoredCart(broken)).toEqual(schemaRead(broken));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is refused when it is not a cart at all', () => {
    for (const value of [null, undefined, 'cart', 42, [], [{}], { shopId: 1 }]) {
      expect(readStoredCart(value)).toBeNull();
      expect(schemaRead(value)).toBeNull();
    }
  });
});

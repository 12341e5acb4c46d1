// The cart of one shop as the browser keeps it across reloads (spec §3 "Cart state", §4 "Cart behaviour"):
// the lines keyed by flag and, per product, the limits the cart enforces when a quantity changes.
import { z } from 'zod';
import { cartLine } from './pricing';

/** What the cart must know of a product to change a line's quantity without the catalogue at hand. */
export const cartProductFacts = z.object({
  id: z.number().int(),
  name: z.string(),
  minBuy: z.number().int().positive(),
  /** Per-order limit over every line of the product; null = none. */
  maxBuy: z.number().int().positive().nullable(),
  /** Tracked stock left; null = not tracked. */
  stock: z.number().int().nonnegative().nullable(),
  /** Tax ids of the product (store/productTaxes resolves them). */
  taxIds: z.array(z.number().int()).default([]),
});
export type CartProductFacts = z.infer<typeof cartProductFacts>;

export const storedCart = z.object({
  shopId: z.number().int(),
  lines: z.array(cartLine).max(1000),
  products: z.array(cartProductFacts).max(1000),
  /** Epoch milliseconds of the last change. */
  savedAt: z.number().int(),
});
export type StoredCart = z.input<typeof storedCart>;

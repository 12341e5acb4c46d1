// What a shared-product or auto-add link does on the menu (spec §4 entry routing rule 3): the pure rules the
// product link machine decides with, kept apart so they are tested without an actor.
import type { Product } from '../../domain/catalog';
import { ProductState } from '../../domain/enums';
import { hasChoices } from '../../domain/product-choices';

/** share_product_id shows the product; auto_add_product_id puts one in the cart. */
export type LinkIntent = 'show' | 'add';

export interface ProductLinkRequest {
  productId: number;
  intent: LinkIntent;
}

/**
 * What the menu does with the linked product: ignore it (the shop does not list it), add one unit, open
 * its choice sheet, or open its page (what a tap on a product without choices does on the menu).
 */
export type LinkAction = 'ignore' | 'add' | 'choose' | 'page';

/** The menu lists sold-out and out-of-hours products (greyed); offline and deleted ones it does not. */
export const isListed = (state: number) =>
  state === ProductState.normal || state === ProductState.soldOut || state === ProductState.outOfSaleTime;

/**
 * The link the menu's query carries, if any. Both parameters at once is a link a shop would not make;
 * auto-add wins, since adding also shows the product (a product with choices opens its sheet).
 */
export function linkOf(query: {
  productId?: number | undefined;
  autoAdd?: number | undefined;
}): ProductLinkRequest | null {
  if (query.autoAdd !== undefined) return { productId: query.autoAdd, intent: 'add' };
  if (query.productId !== undefined) return { productId: query.productId, intent: 'show' };
  return null;
}

/** The product among the pages the menu has loaded, which saves reading it again. */
export function findLoaded(
  chunks: Readonly<Record<number, { products: readonly Product[] }>>,
  productId: number,
): Product | null {
  for (const chunk of Object.values(chunks)) {
    const found = chunk.products.find((p) => p.id === productId);
    if (found) return found;
  }
  return null;
}

/**
 * A product of another shop or none (null), one the shop has taken off the menu, or one in a category the
 * menu does not show is ignored. Adding needs no choice only without choices; otherwise the customer
 * chooses in the sheet, as "Choose" on the menu does.
 */
export function linkAction(
  product: Product | null,
  intent: LinkIntent,
  typeIds: readonly number[],
): LinkAction {
  if (!product || !isListed(product.state) || !typeIds.includes(product.typeId)) return 'ignore';
  if (hasChoices(product)) return 'choose';
  return intent === 'add' ? 'add' : 'page';
}

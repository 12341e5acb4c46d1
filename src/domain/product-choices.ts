// Whether a product needs the customer's choices before it can be added: one small module, so the menu's
// card and the product link rules share it without either carrying the other's code.
import type { Product } from './catalog';

/** Specs, tastes or a meal set: the customer chooses before the product can be added. */
export const hasChoices = (product: Pick<Product, 'specs' | 'tastes' | 'mealGroups'>) =>
  product.specs.length > 0 || product.tastes.length > 0 || product.mealGroups.length > 0;

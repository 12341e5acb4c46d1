// The cart's counts the menu shows on its first screen (a product's badge and stepper, a category's badge in
// the rail). Type imports only: the menu reads them without loading the cart's rules and pricing engine.
import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from './cart.machine';

type S = SnapshotFrom<typeof cartMachine>;

/** Units of one product over all its lines (the product list's badge). */
export const selectProductCount = (productId: number) => (s: S) =>
  s.context.lines.filter((l) => l.id === productId).reduce((n, l) => n + l.quantity, 0);

/** Units of the products of one category (the category rail's badge). */
export const selectTypeCount = (typeId: number) => (s: S) =>
  s.context.lines.filter((l) => l.typeid === typeId).reduce((n, l) => n + l.quantity, 0);

// One shop's cart (with the pricing engine); input `saved` is `storage.getCart(shopId)`, so a reload
// restores it. cart-state.tsx loads this module once the customer is in a shop, not with the first page.
import { fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.machine';
import { storage } from '../../services/storage';

export const cartFlow = cartMachine.provide({
  actors: { saveCart: fromPromise(async ({ input }) => storage.setCart(input)) },
});

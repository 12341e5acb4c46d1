import { fromPromise } from 'xstate';
import { multiConfirmMachine } from '../../machines/checkout/multi-confirm.machine';
import { orderApi, rejectionOf } from '../../services/api/order';
import { storage } from '../../services/storage';
import { forgetShopOffers } from '../shop-activities';

/** Carts of several shops of the chain; input `carts` from `storage.listCarts()`. */
export const multiConfirmFlow = multiConfirmMachine.provide({
  actors: {
    submitOrders: fromPromise(async ({ input }) => {
      try {
        const placed = await orderApi.multiConfirm(input, { toast: false });
        // The orders' units count against capped offers from now on.
        forgetShopOffers();
        return { placed };
      } catch (error) {
        const rejection = rejectionOf(error);
        if (rejection) return { rejection };
        throw error;
      }
    }),
    clearCarts: fromPromise(async ({ input }) => input.shopIds.forEach((id) => storage.clearCart(id))),
  },
});

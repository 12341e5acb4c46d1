// Order confirm: taxes and the stock check before the confirm page.
import { fromPromise } from 'xstate';
import { orderConfirmMachine } from '../../machines/order-confirm.machine';
import { storeApi } from '../../services/api/store';

export const orderConfirmFlow = orderConfirmMachine.provide({
  actors: {
    loadTaxes: fromPromise(() => storeApi.productTaxes({})),
    // The stock dialog names the product itself: no toast for the shortfall.
    checkStock: fromPromise(({ input }) => storeApi.checkStock(input, { toast: false })),
  },
});

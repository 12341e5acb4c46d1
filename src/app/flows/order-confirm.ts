// Order confirm: taxes and the stock check before the confirm page.
import { fromPromise } from 'xstate';
import { orderConfirmMachine } from '../../machines/checkout/order-confirm.machine';
import { storeApi } from '../../services/api/store';

export const orderConfirmFlow = orderConfirmMachine.provide({
  actors: {
    // A failed request opens the menu's check-failed dialog (retry or dismiss), and the stock dialog names
    // the product itself: a toast on top would say the same thing twice.
    loadTaxes: fromPromise(() => storeApi.productTaxes({}, { toast: false })),
    checkStock: fromPromise(({ input }) => storeApi.checkStock(input, { toast: false })),
  },
});

// Checkout: pay options, delivery distance, the table and the idempotent submit.
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine';
import { deliveryApi } from '../../services/api/delivery';
import { orderApi, rejectionOf } from '../../services/api/order';
import { storeApi } from '../../services/api/store';
import { tableApi } from '../../services/api/table';

export const checkoutFlow = checkoutMachine.provide({
  actors: {
    loadPayOptions: fromPromise(
      async ({ input }) => (await storeApi.paySetting({ orderType: input.orderType })).payTypes,
    ),
    // Field errors are shown on the field, so business toasts are off for the form's calls.
    measureDistance: fromPromise(({ input }) =>
      deliveryApi.getDistance({ addressId: input.addressId }, { toast: false }),
    ),
    loadTable: fromPromise(({ input }) =>
      tableApi.getTableInfo({ tableId: input.tableId }, { toast: false }),
    ),
    submitOrder: fromPromise(async ({ input }) => {
      try {
        return { placed: await orderApi.confirm(input, { toast: false }) };
      } catch (error) {
        const rejection = rejectionOf(error);
        if (rejection) return { rejection };
        throw error;
      }
    }),
  },
});

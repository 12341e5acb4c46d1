// Checkout: pay options, the default address, delivery distance, the table and the idempotent submit.
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { addressApi } from '../../services/api/address';
import { appointmentRejectionOf } from '../../services/api/beauty';
import { deliveryApi } from '../../services/api/delivery';
import { orderApi, rejectionOf } from '../../services/api/order';
import { forgetShopOffers, freshShopOffers, priceActivities } from '../shop-activities';
import { storeApi } from '../../services/api/store';
import { tableApi } from '../../services/api/table';

// What the confirm page keeps of the form comes with the flow, which the page loads after its own code.
export { draftOf } from '../../machines/checkout/checkout.machine';

export const checkoutFlow = checkoutMachine.provide({
  actors: {
    loadPayOptions: fromPromise(
      async ({ input }) => (await storeApi.paySetting({ orderType: input.orderType })).payTypes,
    ),
    // The default address is a convenience: if it cannot be read the customer picks one, without a toast.
    loadDefaultAddress: fromPromise(async () => {
      const addresses = await addressApi.list({}, { toast: false });
      return addresses.find((a) => a.isDefault) ?? null;
    }),
    // Field errors are shown on the field, so business toasts are off for the form's calls.
    measureDistance: fromPromise(({ input }) =>
      deliveryApi.getDistance({ addressId: input.addressId }, { toast: false }),
    ),
    loadTable: fromPromise(({ input }) =>
      tableApi.getTableInfo({ tableId: input.tableId }, { toast: false }),
    ),
    submitOrder: fromPromise(async ({ input }) => {
      try {
        const placed = await orderApi.confirm(input, { toast: false });
        forgetShopOffers();
        return { placed };
      } catch (error) {
        const rejection = rejectionOf(error);
        if (!rejection) {
          // An appointment's time or hold refused: the appointment flow offers other times.
          const appointmentRejection = appointmentRejectionOf(error);
          if (appointmentRejection) return { appointmentRejection };
          throw error;
        }
        if (rejection.reason !== 'activityUnitsTaken') return { rejection };
        // A capped offer ran out between the price shown and the submit: the page shows the new price.
        const offers = await freshShopOffers().catch(() => null);
        return offers
          ? {
              rejection,
              offers: { activities: priceActivities(offers.activities), purchased: offers.purchased },
            }
          : { rejection };
      }
    }),
  },
});

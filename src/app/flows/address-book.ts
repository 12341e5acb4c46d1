import { fromPromise } from 'xstate';
import { addressBookMachine } from '../../machines/address/address-book.machine';
import { addressApi } from '../../services/api/address';

/** The customer's saved addresses: list, delete, make default. */
export const addressBookFlow = addressBookMachine.provide({
  actors: {
    loadAddresses: fromPromise(() => addressApi.list({})),
    deleteAddress: fromPromise(({ input }) => addressApi.delete(input)),
    updateAddress: fromPromise(({ input }) => addressApi.update(input)),
  },
});

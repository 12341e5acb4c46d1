// What /pages/user/address/list reads from the address book actor.
import type { SnapshotFrom } from 'xstate';
import type { addressBookMachine } from './address-book.machine';

type S = SnapshotFrom<typeof addressBookMachine>;

export const selectAddresses = (s: S) => s.context.addresses;
export const selectChosenId = (s: S) => s.context.chosenId;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectLoadFailed = (s: S) => s.matches('failed');
/** Request-layer text of the last failure, or null. */
export const selectError = (s: S) => s.context.error;

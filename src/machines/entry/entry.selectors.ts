// What the entry page reads from the entry actor.
import type { SnapshotFrom } from 'xstate';
import type { entryMachine } from './entry.machine';

type S = SnapshotFrom<typeof entryMachine>;

export const selectIsLoading = (s: S) => s.hasTag('busy') || s.matches('parsing') || s.matches('routing');
export const selectEntryError = (s: S) => s.context.error;
/** A bad link cannot be retried; a failed call can. */
export const selectCanRetry = (s: S) => s.matches('failed');
export const selectIsInvalid = (s: S) => s.matches('invalid');
export const selectParams = (s: S) => s.context.params;
export const selectShop = (s: S) => s.context.shop;
export const selectTarget = (s: S) => s.context.target;
export const selectOrderType = (s: S) => s.context.orderType;

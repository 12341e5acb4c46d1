// What the address form and its map step read from the map picker actor.
import type { SnapshotFrom } from 'xstate';
import type { mapPickerMachine } from './map-picker.machine';

type S = SnapshotFrom<typeof mapPickerMachine>;

/** A browser map key is configured: the form offers "pick on the map". */
export const selectMapOffered = (s: S) => !s.matches('checking') && !s.matches('unavailable');
export const selectIsLoading = (s: S) => s.matches('loading');
/** The map step is on screen (its container is wanted). */
export const selectIsOpen = (s: S) => s.matches('loading') || s.matches('open');
export const selectWantsContainer = (s: S) => s.matches({ open: 'attaching' });
export const selectIsNaming = (s: S) => s.hasTag('naming');
export const selectCanConfirm = (s: S) => s.matches({ open: { showing: 'named' } });
export const selectPlace = (s: S) => s.context.place;
export const selectCenter = (s: S) => s.context.center;
/** Text key `address.mapFailed`, or null. */
export const selectError = (s: S) => s.context.error;

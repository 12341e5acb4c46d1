// What /pages/user/address/add, update and poi read from the address editor actor.
import type { SnapshotFrom } from 'xstate';
import type { addressEditorMachine } from './address-editor.machine';

type S = SnapshotFrom<typeof addressEditorMachine>;

export const selectDraft = (s: S) => s.context.draft;
export const selectIsNew = (s: S) => s.context.id === null;
export const selectPois = (s: S) => s.context.pois;
/** The field to focus and its text key `address.error.<reason>`, or null. */
export const selectFieldError = (s: S) => s.context.fieldError;
/** A locating failure (key `address.error.<reason>`) or request-layer text, or null. */
export const selectError = (s: S) => s.context.error;
export const selectHasGps = (s: S) => s.context.draft.gps !== null;
export const selectIsLocating = (s: S) => s.matches({ editing: { position: 'locating' } });
export const selectIsSearching = (s: S) => s.matches({ editing: { search: 'searching' } });
/** The save is under way: sent, or tapped while locating and waiting for the position. The form is locked. */
export const selectIsSaving = (s: S) =>
  s.matches('saving') || s.matches({ editing: { position: { locating: 'saveWhenLocated' } } });
export const selectIsSaved = (s: S) => s.matches('saved');

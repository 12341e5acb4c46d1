// What the views read from the session actor.
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

type S = SnapshotFrom<typeof sessionMachine>;

export const selectOrderType = (s: S) => s.context.orderType;
export const selectClientTypeCode = (s: S) => s.context.clientTypeCode;
export const selectLanguage = (s: S) => s.context.language;
export const selectUser = (s: S) => s.context.user;
export const selectMember = (s: S) => s.context.user?.member ?? null;
export const selectIsLoggedIn = (s: S) => s.context.user !== null;
export const selectHasPhone = (s: S) => Boolean(s.context.user?.customer.phone);
export const selectIsOverseas = (s: S) => s.context.isOverseas;
export const selectIsKiosk = (s: S) => s.context.isKiosk;
export const selectFromOld = (s: S) => s.context.fromOld;
export const selectIsBusy = (s: S) => s.hasTag('busy');
/** Launch, show and any user read or sign-out are done. */
export const selectIsReady = (s: S) => s.matches({ user: 'idle' });

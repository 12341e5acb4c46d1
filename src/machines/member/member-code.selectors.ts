// What the member code page reads from the memberCode actor.
import type { SnapshotFrom } from 'xstate';
import type { memberCodeMachine } from './member-code.machine';

type S = SnapshotFrom<typeof memberCodeMachine>;

export const selectCode = (s: S) => s.context.code;
export const selectSecondsLeft = (s: S) => s.context.secondsLeft;
/** The first code is on its way (a later refresh keeps the old one on screen meanwhile). */
export const selectIsFirstLoad = (s: S) => s.matches('generating') && s.context.code === null;
export const selectIsRefreshing = (s: S) => s.matches('generating') && s.context.code !== null;
export const selectFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;

// What a page reads from a resource actor; the page names the type its load returns.
import type { SnapshotFrom } from 'xstate';
import type { resourceMachine } from './resource.machine';

type S = SnapshotFrom<typeof resourceMachine>;

export const selectData = <TData>(s: S) => s.context.data as TData | null;
export const selectIsLoading = (s: S) => s.hasTag('busy') || s.matches('starting');
export const selectIsReady = (s: S) => s.matches('ready');
export const selectFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;

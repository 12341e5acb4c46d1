// What the pull-to-refresh view reads.
import type { SnapshotFrom } from 'xstate';
import type { pullToRefreshMachine } from './pull-to-refresh.machine';

type S = SnapshotFrom<typeof pullToRefreshMachine>;

export type PullState = 'idle' | 'pulling' | 'reached' | 'aborting' | 'refreshing' | 'restoring';

export const selectPullState = (s: S) => s.value as PullState;
/** How far the content is pulled down, in px. */
export const selectDistance = (s: S) => s.context.distance;
/** 0..1 of the way to the threshold (for the indicator). */
export const selectProgress = (s: S) => Math.min(1, s.context.distance / s.context.threshold);
export const selectIsRefreshing = (s: S) => s.matches('refreshing');
export const selectRefreshFailed = (s: S) => s.context.failed;

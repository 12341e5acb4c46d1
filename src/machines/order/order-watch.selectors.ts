// What a page may show about the live status: live, reconnecting, or updating by polling.
import type { SnapshotFrom } from 'xstate';
import type { orderWatchMachine } from './order-watch.machine';

type S = SnapshotFrom<typeof orderWatchMachine>;

export type WatchMode = 'connecting' | 'live' | 'polling';

export const selectWatchMode = (s: S): WatchMode =>
  s.hasTag('live') ? 'live' : s.hasTag('polling') ? 'polling' : 'connecting';
export const selectIsLive = (s: S) => s.hasTag('live');

// What the countdown view reads: mm:ss of the time left (whole seconds, rounded up, so 00:00 shows only
// at the deadline) and whether the order has run out of time.
import type { SnapshotFrom } from 'xstate';
import type { unpaidCountdownMachine } from './unpaid-countdown.machine';

type S = SnapshotFrom<typeof unpaidCountdownMachine>;

export function formatMinutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const mm = Math.floor(seconds / 60);
  const ss = seconds % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

export const selectRemainingMs = (s: S) => s.context.remainingMs;
export const selectClockText = (s: S) => formatMinutesSeconds(s.context.remainingMs);
export const selectIsExpired = (s: S) => s.matches('expired');
export const selectIsPaused = (s: S) => s.matches('paused');

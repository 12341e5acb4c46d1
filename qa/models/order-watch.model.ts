// The live order status as the order's page shows it, one source for two walks:
// tests/model/order/order-watch.model.test.ts drives the real order-watch machine with it, and
// `npm run qa:replay -- order-watch` (qa/flows/order-watch.ts) the order's page in Chromium.
import { setup } from 'xstate';

export type WatchModelEvent =
  | { type: 'CONNECTED' }
  | { type: 'MERCHANT_ACTS' }
  | { type: 'CONNECTION_DROPS' }
  | { type: 'STREAM_REFUSED' }
  | { type: 'NO_ANSWER' }
  | { type: 'POLL_PERIOD' }
  | { type: 'RETRY_TIME' };

/** The page's view of the live status: connecting, live, reconnecting, or polling until the next try. */
export const watchModel = setup({ types: { events: {} as WatchModelEvent } }).createMachine({
  id: 'watchModel',
  initial: 'connecting',
  states: {
    connecting: {
      on: { CONNECTED: 'live', STREAM_REFUSED: 'polling', NO_ANSWER: 'polling', MERCHANT_ACTS: 'connecting' },
    },
    live: {
      on: { MERCHANT_ACTS: 'live', CONNECTION_DROPS: 'reconnecting', STREAM_REFUSED: 'polling' },
    },
    reconnecting: {
      on: { CONNECTED: 'live', NO_ANSWER: 'polling', STREAM_REFUSED: 'polling' },
    },
    polling: {
      on: { POLL_PERIOD: 'polling', RETRY_TIME: 'connecting' },
    },
  },
});

export const WATCH_EVENTS: WatchModelEvent[] = [
  { type: 'CONNECTED' },
  { type: 'MERCHANT_ACTS' },
  { type: 'CONNECTION_DROPS' },
  { type: 'STREAM_REFUSED' },
  { type: 'NO_ANSWER' },
  { type: 'POLL_PERIOD' },
  { type: 'RETRY_TIME' },
];

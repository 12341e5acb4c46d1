// Live order status (issue "the order's life": the customer sees each change of spec §4 as the merchant
// acts). The stream of server-sent events is the first choice; when it cannot be had, the flow falls back
// to polling (the pages re-read the order or the list every few seconds) and tries the stream again
// later, waiting longer after each failure. The pages hear `watch.changed` for one order's new status and
// `watch.stale` when they should re-read everything (polling ticks, or the stream is back after a gap).
import { assign, emit, fromCallback, setup } from 'xstate';
import type { OrderChangeEvent } from '../../domain/api/order-life';

/** Polling period while the stream is down. */
export const POLL_INTERVAL_MS = 5_000;
/** How long a connection attempt may take before the flow polls instead. */
export const CONNECT_TIMEOUT_MS = 8_000;
/** First wait before trying the stream again; doubles per failure up to the cap. */
export const RETRY_BASE_MS = 10_000;
export const RETRY_MAX_MS = 120_000;

export const retryDelay = (failures: number) =>
  Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(failures, 16) - 1));

export type StreamEvent =
  | { type: 'stream.open' }
  | { type: 'stream.change'; change: OrderChangeEvent }
  | { type: 'stream.lost' }
  | { type: 'stream.failed' };

export type OrderWatchEmitted = { type: 'watch.changed'; change: OrderChangeEvent } | { type: 'watch.stale' };

export interface OrderWatchContext {
  /** Failed attempts since the stream last worked. */
  failures: number;
}

export const orderWatchMachine = setup({
  types: {
    context: {} as OrderWatchContext,
    events: {} as StreamEvent,
    emitted: {} as OrderWatchEmitted,
  },
  actors: {
    /** Opens the stream and reports to the flow with stream.* events until stopped. */
    stream: fromCallback<StreamEvent>(() => {
      throw new Error('stream not provided');
    }),
  },
  delays: {
    connectTimeout: CONNECT_TIMEOUT_MS,
    pollInterval: POLL_INTERVAL_MS,
    retryLive: ({ context }) => retryDelay(context.failures),
  },
  guards: {
    hadGap: ({ context }) => context.failures > 0,
  },
  actions: {
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    resetFailures: assign({ failures: 0 }),
    announceChange: emit((_, params: { change: OrderChangeEvent }) => ({
      type: 'watch.changed' as const,
      change: params.change,
    })),
    announceStale: emit({ type: 'watch.stale' as const }),
  },
}).createMachine({
  id: 'orderWatch',
  context: { failures: 0 },
  initial: 'streaming',
  states: {
    streaming: {
      invoke: { src: 'stream' },
      initial: 'connecting',
      on: {
        'stream.change': {
          actions: { type: 'announceChange', params: ({ event }) => ({ change: event.change }) },
        },
        'stream.failed': { target: 'polling', actions: 'countFailure' },
      },
      states: {
        connecting: {
          tags: 'connecting',
          on: {
            // Back after polling: whatever changed in between is read once.
            'stream.open': [
              { guard: 'hadGap', target: 'live', actions: 'announceStale' },
              { target: 'live' },
            ],
          },
          after: { connectTimeout: { target: '#orderWatch.polling', actions: 'countFailure' } },
        },
        live: {
          tags: 'live',
          entry: 'resetFailures',
          on: { 'stream.lost': 'reconnecting' },
        },
        // The browser reconnects with the last event id; a connection on a fresh ticket starts without
        // it, so the pages read once more when the stream is back.
        reconnecting: {
          tags: 'connecting',
          on: { 'stream.open': { target: 'live', actions: 'announceStale' } },
          after: { connectTimeout: { target: '#orderWatch.polling', actions: 'countFailure' } },
        },
      },
    },
    polling: {
      tags: 'polling',
      entry: 'announceStale',
      initial: 'waiting',
      states: {
        waiting: {
          after: { pollInterval: { target: 'waiting', reenter: true, actions: 'announceStale' } },
        },
      },
      after: { retryLive: 'streaming' },
    },
  },
});

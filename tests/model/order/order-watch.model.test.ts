import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { WATCH_EVENTS, watchModel } from '../../../qa/models/order-watch.model';
import type { OrderChangeEvent } from '../../../src/domain/api/order-life';
import {
  CONNECT_TIMEOUT_MS,
  POLL_INTERVAL_MS,
  RETRY_MAX_MS,
  orderWatchMachine,
  retryDelay,
  type StreamEvent,
} from '../../../src/machines/order/order-watch.machine';
import * as select from '../../../src/machines/order/order-watch.selectors';
import { coveragePaths } from '../support';

const CHANGE: OrderChangeEvent = {
  orderId: 7,
  orderNo: 'N7',
  status: 'confirmed',
  at: '2026-11-19T10:00:00Z',
};

function start() {
  const streams: { send(e: StreamEvent): void; open: boolean }[] = [];
  const actor = createActor(
    orderWatchMachine.provide({
      actors: {
        stream: fromCallback<StreamEvent>(({ sendBack }) => {
          const stream = { send: sendBack, open: true };
          streams.push(stream);
          return () => {
            stream.open = false;
          };
        }),
      },
    }),
  );
  const heard = { changed: [] as OrderChangeEvent[], stale: 0 };
  actor.on('watch.changed', (e) => heard.changed.push(e.change));
  actor.on('watch.stale', () => (heard.stale += 1));
  actor.start();
  return { actor, streams, heard, current: () => streams.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('orderWatch (model-based)', () => {
  for (const path of coveragePaths(watchModel, WATCH_EVENTS)) {
    it(path.description, async () => {
      const { actor, streams, heard, current } = start();
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          connecting: () => {
            expect(select.selectWatchMode(snap())).toBe('connecting');
            expect(current().open).toBe(true);
          },
          live: () => {
            expect(select.selectWatchMode(snap())).toBe('live');
            expect(select.selectIsLive(snap())).toBe(true);
            expect(snap().context.failures).toBe(0);
          },
          reconnecting: () => {
            expect(select.selectWatchMode(snap())).toBe('connecting');
            expect(current().open).toBe(true);
          },
          polling: () => {
            expect(select.selectWatchMode(snap())).toBe('polling');
            // No stream is held open while polling; the page has been told to read again.
            expect(streams.every((s) => !s.open)).toBe(true);
            expect(heard.stale).toBeGreaterThan(0);
            expect(snap().context.failures).toBeGreaterThan(0);
          },
        },
        events: {
          CONNECTED: () => {
            const before = heard.stale;
            const gap = snap().context.failures > 0 || snap().matches({ streaming: 'reconnecting' });
            current().send({ type: 'stream.open' });
            // Back after a gap, the page reads once; a first connection needs no extra read.
            expect(heard.stale - before).toBe(gap ? 1 : 0);
          },
          MERCHANT_ACTS: () => {
            const before = heard.changed.length;
            current().send({ type: 'stream.change', change: CHANGE });
            expect(heard.changed.length - before).toBe(1);
            expect(heard.changed.at(-1)).toEqual(CHANGE);
          },
          CONNECTION_DROPS: () => current().send({ type: 'stream.lost' }),
          STREAM_REFUSED: () => current().send({ type: 'stream.failed' }),
          NO_ANSWER: async () => {
            await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
          },
          POLL_PERIOD: async () => {
            const before = heard.stale;
            await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
            expect(heard.stale - before).toBe(1);
          },
          RETRY_TIME: async () => {
            const streamsBefore = streams.length;
            // Whatever of the wait the poll periods used up, the rest of it.
            for (let i = 0; i < 200 && streams.length === streamsBefore; i++)
              await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
            expect(streams.length).toBe(streamsBefore + 1);
          },
        },
      });
      actor.stop();
    });
  }
});

describe('orderWatch', () => {
  it('waits longer after each failure, up to a cap', () => {
    expect(retryDelay(1)).toBeLessThan(retryDelay(2));
    expect(retryDelay(2)).toBeLessThan(retryDelay(3));
    expect(retryDelay(50)).toBe(RETRY_MAX_MS);
  });

  it('tries the stream again after the backoff of its failures', async () => {
    const { actor, streams, current } = start();
    current().send({ type: 'stream.failed' });
    await vi.advanceTimersByTimeAsync(retryDelay(1) - 1);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    current().send({ type: 'stream.failed' });
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    // The second failure waits twice as long.
    expect(streams).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(retryDelay(2) - retryDelay(1));
    expect(streams).toHaveLength(3);
    actor.stop();
  });
});

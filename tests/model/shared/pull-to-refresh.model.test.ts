import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { PULL_RESISTANCE, pullToRefreshMachine } from '../../../src/machines/shared/pull-to-refresh.machine';
import * as select from '../../../src/machines/shared/pull-to-refresh.selectors';
import { coveragePaths } from '../support';

const THRESHOLD = 60;
const START_Y = 100;
/** Finger positions: short of the threshold, and past it. */
const NEAR_Y = START_Y + (THRESHOLD / PULL_RESISTANCE) * 0.5;
const FAR_Y = START_Y + (THRESHOLD / PULL_RESISTANCE) * 1.5;

type ModelEvent =
  | { type: 'TOUCH' }
  | { type: 'PULL_A_LITTLE' }
  | { type: 'PULL_FAR' }
  | { type: 'RELEASE' }
  | { type: 'TRIGGER' }
  | { type: 'REFRESH_DONE' }
  | { type: 'REFRESH_FAILS' }
  | { type: 'ANIMATION_ENDS' }
  | { type: 'ANIMATION_TIMES_OUT' };

/** The customer's view of the gesture, with whether the content moved and whether the last refresh failed. */
const model = setup({
  types: { context: {} as { moved: boolean; failed: boolean }, events: {} as ModelEvent },
  guards: { moved: ({ context }) => context.moved },
  actions: {
    move: assign({ moved: true }),
    still: assign({ moved: false }),
    ok: assign({ failed: false }),
    fail: assign({ failed: true }),
  },
}).createMachine({
  id: 'pullModel',
  context: { moved: false, failed: false },
  initial: 'idle',
  states: {
    idle: { entry: 'still', on: { TOUCH: 'pulling', TRIGGER: 'refreshing' } },
    pulling: {
      on: {
        PULL_A_LITTLE: { actions: 'move' },
        PULL_FAR: { target: 'reached', actions: 'move' },
        RELEASE: [{ guard: 'moved', target: 'aborting' }, { target: 'idle' }],
      },
    },
    reached: { on: { PULL_A_LITTLE: 'pulling', PULL_FAR: 'reached', RELEASE: 'refreshing' } },
    aborting: { on: { ANIMATION_ENDS: 'idle', ANIMATION_TIMES_OUT: 'idle' } },
    refreshing: {
      on: {
        REFRESH_DONE: { target: 'restoring', actions: 'ok' },
        REFRESH_FAILS: { target: 'restoring', actions: 'fail' },
      },
    },
    restoring: { on: { ANIMATION_ENDS: 'idle', ANIMATION_TIMES_OUT: 'idle' } },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'TOUCH' },
  { type: 'PULL_A_LITTLE' },
  { type: 'PULL_FAR' },
  { type: 'RELEASE' },
  { type: 'TRIGGER' },
  { type: 'REFRESH_DONE' },
  { type: 'REFRESH_FAILS' },
  { type: 'ANIMATION_ENDS' },
  { type: 'ANIMATION_TIMES_OUT' },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pullToRefresh (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const pending: { resolve(): void; reject(e: Error): void }[] = [];
      let refreshes = 0;
      const actor = createActor(
        pullToRefreshMachine.provide({
          actors: {
            refresh: fromPromise<void, void>(
              () =>
                new Promise<void>((resolve, reject) => {
                  refreshes += 1;
                  pending.push({ resolve, reject });
                }),
            ),
          },
        }),
        { input: { threshold: THRESHOLD } },
      ).start();
      const snap = () => actor.getSnapshot();
      const expectState = (state: string) => expect(select.selectPullState(snap())).toBe(state);
      await path.run({
        states: {
          idle: ({ context }) => {
            expectState('idle');
            expect(select.selectDistance(snap())).toBe(0);
            expect(select.selectRefreshFailed(snap())).toBe(context.failed);
          },
          pulling: ({ context }) => {
            expectState('pulling');
            const distance = select.selectDistance(snap());
            expect(distance).toBeLessThan(THRESHOLD);
            expect(distance > 0).toBe(context.moved);
          },
          reached: () => {
            expectState('reached');
            expect(select.selectProgress(snap())).toBe(1);
          },
          aborting: () => expectState('aborting'),
          refreshing: () => {
            expectState('refreshing');
            expect(select.selectIsRefreshing(snap())).toBe(true);
            expect(select.selectDistance(snap())).toBe(THRESHOLD);
            expect(refreshes).toBe(pending.length);
          },
          restoring: ({ context }) => {
            expectState('restoring');
            expect(select.selectRefreshFailed(snap())).toBe(context.failed);
          },
        },
        events: {
          TOUCH: () => actor.send({ type: 'pull.start', y: START_Y }),
          PULL_A_LITTLE: () => actor.send({ type: 'pull.move', y: NEAR_Y }),
          PULL_FAR: () => actor.send({ type: 'pull.move', y: FAR_Y }),
          RELEASE: () => actor.send({ type: 'pull.end' }),
          TRIGGER: () => actor.send({ type: 'pull.trigger' }),
          REFRESH_DONE: async () => {
            pending.at(-1)!.resolve();
            await vi.advanceTimersByTimeAsync(0);
          },
          REFRESH_FAILS: async () => {
            pending.at(-1)!.reject(new Error('offline'));
            await vi.advanceTimersByTimeAsync(0);
          },
          ANIMATION_ENDS: () => actor.send({ type: 'pull.settled' }),
          ANIMATION_TIMES_OUT: async () => {
            await vi.advanceTimersByTimeAsync(299);
            expect(['aborting', 'restoring']).toContain(select.selectPullState(snap()));
            await vi.advanceTimersByTimeAsync(1);
          },
        },
      });
    });
  }
});

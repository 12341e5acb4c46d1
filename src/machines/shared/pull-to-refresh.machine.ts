// Pull-down refresh of spec §2 ("Pull-to-refresh states: pulling, reached, aborting, refreshing,
// restoring"), driven by the finger's vertical position. The view sends touch positions and the end of its
// settle animation; the refresh itself is whatever the page provides as the `refresh` actor.
import { assign, setup } from 'xstate';
import { notProvided } from './not-provided';

export const DEFAULT_PULL_THRESHOLD = 60;
/** The content follows the finger at half speed, so a pull feels like stretching. */
export const PULL_RESISTANCE = 0.5;

export interface PullContext {
  threshold: number;
  startY: number;
  distance: number;
  /** The last refresh failed (the page shows its own error; this lets it say so briefly). */
  failed: boolean;
}

export type PullEvent =
  | { type: 'pull.start'; y: number }
  | { type: 'pull.move'; y: number }
  | { type: 'pull.end' }
  | { type: 'pull.settled' }
  /** Start a refresh without a gesture (e.g. the page's own "refresh" call). */
  | { type: 'pull.trigger' };

const distanceAt = (context: PullContext, y: number) => Math.max(0, (y - context.startY) * PULL_RESISTANCE);

export const pullToRefreshMachine = setup({
  types: {
    context: {} as PullContext,
    events: {} as PullEvent,
    input: {} as { threshold?: number },
  },
  actors: {
    refresh: notProvided<void>('refresh'),
  },
  delays: {
    /** Longest the settle animation may take if the view never reports its end. */
    settle: 300,
  },
  guards: {
    reachesThreshold: ({ context }, params: { y: number }) =>
      distanceAt(context, params.y) >= context.threshold,
    hasMoved: ({ context }) => context.distance > 0,
  },
  actions: {
    begin: assign((_, params: { y: number }) => ({ startY: params.y, distance: 0 })),
    follow: assign(({ context }, params: { y: number }) => ({ distance: distanceAt(context, params.y) })),
    holdAtThreshold: assign(({ context }) => ({ distance: context.threshold })),
    reset: assign({ distance: 0 }),
    markFailed: assign({ failed: true }),
    markSucceeded: assign({ failed: false }),
  },
}).createMachine({
  id: 'pullToRefresh',
  context: ({ input }) => ({
    threshold: input.threshold ?? DEFAULT_PULL_THRESHOLD,
    startY: 0,
    distance: 0,
    failed: false,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pull.start': {
          target: 'pulling',
          actions: { type: 'begin', params: ({ event }) => ({ y: event.y }) },
        },
        'pull.trigger': { target: 'refreshing' },
      },
    },
    pulling: {
      on: {
        'pull.move': [
          {
            guard: { type: 'reachesThreshold', params: ({ event }) => ({ y: event.y }) },
            target: 'reached',
            actions: { type: 'follow', params: ({ event }) => ({ y: event.y }) },
          },
          { actions: { type: 'follow', params: ({ event }) => ({ y: event.y }) } },
        ],
        'pull.end': [{ guard: 'hasMoved', target: 'aborting' }, { target: 'idle' }],
      },
    },
    reached: {
      on: {
        'pull.move': [
          {
            guard: { type: 'reachesThreshold', params: ({ event }) => ({ y: event.y }) },
            actions: { type: 'follow', params: ({ event }) => ({ y: event.y }) },
          },
          { target: 'pulling', actions: { type: 'follow', params: ({ event }) => ({ y: event.y }) } },
        ],
        'pull.end': { target: 'refreshing' },
      },
    },
    aborting: {
      on: { 'pull.settled': { target: 'idle', actions: 'reset' } },
      after: { settle: { target: 'idle', actions: 'reset' } },
    },
    refreshing: {
      tags: 'busy',
      entry: 'holdAtThreshold',
      invoke: {
        src: 'refresh',
        onDone: { target: 'restoring', actions: 'markSucceeded' },
        onError: { target: 'restoring', actions: 'markFailed' },
      },
    },
    restoring: {
      on: { 'pull.settled': { target: 'idle', actions: 'reset' } },
      after: { settle: { target: 'idle', actions: 'reset' } },
    },
  },
});

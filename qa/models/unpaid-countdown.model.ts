// The unpaid order's countdown as the customer sees it, one source for two walks:
// tests/model/order/unpaid-countdown.model.test.ts drives the real countdown machine with it, and
// `npm run qa:replay -- unpaid-countdown` (qa/flows/unpaid-countdown.ts) the order's page in Chromium.
import { assign, setup } from 'xstate';

/** The seconds a path starts with: enough to see the count move, few enough to keep the paths short. */
export const COUNTDOWN_WINDOW_S = 3;

export type CountdownModelEvent =
  { type: 'SECOND_PASSES' } | { type: 'HIDE' } | { type: 'SHOW' } | { type: 'DEADLINE_MOVES' };

/**
 * The seconds left on screen while the page shows, a hidden page that keeps no time, the order running
 * out of time, and the order read again with time left (`DEADLINE_MOVES`: the server is a moment behind,
 * or its deadline moved). `left` is the true time left: it runs on while the page is hidden.
 */
export const countdownModel = setup({
  types: { context: {} as { left: number }, events: {} as CountdownModelEvent },
  guards: {
    lastSecond: ({ context }) => context.left <= 1,
    timeLeft: ({ context }) => context.left > 0,
  },
  actions: {
    passSecond: assign(({ context }) => ({ left: Math.max(0, context.left - 1) })),
    renew: assign({ left: COUNTDOWN_WINDOW_S }),
  },
}).createMachine({
  id: 'countdownModel',
  context: { left: COUNTDOWN_WINDOW_S },
  initial: 'counting',
  states: {
    counting: {
      on: {
        SECOND_PASSES: [
          { guard: 'lastSecond', target: 'expired', actions: 'passSecond' },
          { actions: 'passSecond' },
        ],
        HIDE: 'hidden',
        DEADLINE_MOVES: { actions: 'renew' },
      },
    },
    hidden: {
      on: {
        SECOND_PASSES: { actions: 'passSecond' },
        SHOW: [{ guard: 'timeLeft', target: 'counting' }, { target: 'expired' }],
        DEADLINE_MOVES: { actions: 'renew' },
      },
    },
    expired: {
      on: { DEADLINE_MOVES: { target: 'counting', actions: 'renew' } },
    },
  },
});

export const COUNTDOWN_EVENTS: CountdownModelEvent[] = [
  { type: 'SECOND_PASSES' },
  { type: 'HIDE' },
  { type: 'SHOW' },
  { type: 'DEADLINE_MOVES' },
];

// The expandable red bag as its owner and a friend live it on /product/expand-red-bag, one source for two
// walks: tests/model/coupon/expand-red-bag-journey.model.test.ts drives the real expandRedBag machine with
// it, and `npm run qa:replay -- expandRedBag` (qa/flows/expand-red-bag.ts) the page in Chromium against the
// demo shop's real red bag.
import { assign, setup } from 'xstate';

export interface ExpandRedBagJourneyContext {
  /** The browser's session holds a proved phone. */
  loggedIn: boolean;
}

export type ExpandRedBagJourneyEvent =
  | { type: 'DETAIL_OK' }
  | { type: 'DETAIL_FAIL' }
  | { type: 'RETRY' }
  | { type: 'LOG_IN' }
  | { type: 'GET_BAG' }
  | { type: 'SHARE' }
  | { type: 'CLOSE_SHARE' }
  | { type: 'REFRESH' }
  | { type: 'FRIEND_OPENS' }
  | { type: 'HELP' };

/**
 * A guest meets the shop's red bag (its read can fail and be retried), logs in and comes back to it, gets
 * their own bag, shares it and reads it again; a friend opens the shared link, logs in, helps it grow and,
 * reading it again, sees they have helped.
 */
export const expandRedBagJourneyModel = setup({
  types: { context: {} as ExpandRedBagJourneyContext, events: {} as ExpandRedBagJourneyEvent },
  guards: {
    isLoggedIn: ({ context }) => context.loggedIn,
  },
  actions: {
    logIn: assign({ loggedIn: true }),
  },
}).createMachine({
  id: 'expandRedBagJourney',
  context: { loggedIn: false },
  initial: 'loading',
  states: {
    loading: {
      on: {
        DETAIL_OK: [{ guard: 'isLoggedIn', target: 'receive' }, { target: 'loginRequired' }],
        DETAIL_FAIL: 'failed',
      },
    },
    failed: { on: { RETRY: 'loading' } },
    loginRequired: { on: { LOG_IN: { target: 'loading', actions: 'logIn' } } },
    receive: { on: { GET_BAG: 'own' } },
    own: {
      initial: 'idle',
      states: {
        idle: { on: { SHARE: 'sharing', REFRESH: 'idle' } },
        sharing: { on: { CLOSE_SHARE: 'idle' } },
      },
      on: { FRIEND_OPENS: 'help' },
    },
    help: { on: { HELP: 'thanked' } },
    thanked: { on: { REFRESH: 'helped' } },
    helped: { type: 'final' },
  },
});

export const EXPAND_RED_BAG_EVENTS: ExpandRedBagJourneyEvent[] = [
  { type: 'DETAIL_OK' },
  { type: 'DETAIL_FAIL' },
  { type: 'RETRY' },
  { type: 'LOG_IN' },
  { type: 'GET_BAG' },
  { type: 'SHARE' },
  { type: 'CLOSE_SHARE' },
  { type: 'REFRESH' },
  { type: 'FRIEND_OPENS' },
  { type: 'HELP' },
];

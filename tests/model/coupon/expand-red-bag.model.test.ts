// The red bag page as its viewer lives it (spec §1 red bags, §2 /product/expand-red-bag, §7
// activity/receiveExpandCoupon), walked over every state and transition against the real expandRedBag
// machine with a fake server whose answers each model event picks.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, SimulatedClock } from 'xstate';
import type { CustomerCoupon, ExpandRedBag } from '../../../src/domain/api/activity';
import {
  expandRedBagMachine,
  RED_BAG_WAIT_MS,
  type ExpandClaimResult,
  type ExpandDetail,
  type ExpandRedBagEmitted,
  type ForwardClaimResult,
} from '../../../src/machines/coupon/expand-red-bag.machine';
import * as select from '../../../src/machines/coupon/expand-red-bag.selectors';
import { coveragePaths, settle } from '../support';

type Arrival = 'own' | 'help' | 'helped' | 'closed' | 'loginRequired' | 'noBag' | 'notExpand' | 'forward';
type Link = 'plain' | 'forward';

type ModelEvent =
  | { type: 'OPEN'; link: Link; loggedIn: boolean }
  | { type: 'ARRIVE'; as: Arrival }
  | { type: 'GONE' }
  | { type: 'FAIL' }
  | { type: 'WAIT_TOO_LONG' }
  | { type: 'RETRY' }
  | { type: 'CLAIM' }
  | { type: 'GRANTED' }
  | { type: 'ANSWERED_WITHOUT_HELP' }
  | { type: 'REFUSED' }
  | { type: 'LOGIN_REFUSED' }
  | { type: 'LOGIN' }
  | { type: 'SHARE' }
  | { type: 'CLOSE_SHARE' }
  | { type: 'REFRESH' }
  | { type: 'LOGGED_IN' };

interface ModelContext {
  link: Link;
  loggedIn: boolean;
  /** The last claim was refused (said over the bag as it is read again). */
  refused: boolean;
  /** The last load or claim got no answer. */
  failed: boolean;
}

const arrivesAs = (as: Arrival) => ({
  guard: ({ context, event }: { context: ModelContext; event: ModelEvent }) =>
    event.type === 'ARRIVE' &&
    event.as === as &&
    (context.link === 'forward') === (as === 'forward') &&
    (as !== 'noBag' || context.loggedIn),
  target: as === 'forward' ? 'forwarded' : as === 'noBag' ? 'receive' : as === 'notExpand' ? 'missing' : as,
  actions: 'answered' as const,
});

/** The page as the viewer sees it: the screens, the claim under way, the share sheet. */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    isGuest: ({ context }) => !context.loggedIn,
    guestWithoutBag: ({ context, event }) =>
      event.type === 'ARRIVE' && event.as === 'noBag' && context.link === 'plain' && !context.loggedIn,
  },
  actions: {
    open: assign(({ event }) =>
      event.type === 'OPEN' ? { link: event.link, loggedIn: event.loggedIn } : {},
    ),
    answered: assign({ failed: false }),
    fail: assign({ failed: true }),
    clearNotes: assign({ failed: false, refused: false }),
    refuse: assign({ refused: true, failed: false }),
    logIn: assign({ loggedIn: true }),
  },
}).createMachine({
  id: 'expandRedBagModel',
  context: { link: 'plain', loggedIn: true, refused: false, failed: false },
  initial: 'start',
  // The session's user arrives at any time; before the page opened it is part of OPEN.
  on: { LOGGED_IN: { guard: 'isGuest', actions: 'logIn' } },
  states: {
    start: { on: { OPEN: { target: 'loading', actions: 'open' } } },
    loading: {
      on: {
        ARRIVE: [
          arrivesAs('own'),
          arrivesAs('help'),
          arrivesAs('helped'),
          arrivesAs('closed'),
          arrivesAs('loginRequired'),
          arrivesAs('noBag'),
          arrivesAs('notExpand'),
          arrivesAs('forward'),
          { guard: 'guestWithoutBag', target: 'loginRequired', actions: 'answered' },
        ],
        GONE: 'missing',
        FAIL: { target: 'failed', actions: 'fail' },
        WAIT_TOO_LONG: { target: 'failed', actions: 'fail' },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: 'clearNotes' } } },
    missing: {},
    receive: { on: { CLAIM: { target: 'receiving', actions: 'clearNotes' } } },
    receiving: {
      on: {
        GRANTED: { target: 'own', actions: 'clearNotes' },
        REFUSED: { target: 'loading', actions: 'refuse' },
        LOGIN_REFUSED: 'loginRequired',
        FAIL: { target: 'receive', actions: 'fail' },
        WAIT_TOO_LONG: { target: 'receive', actions: 'fail' },
      },
    },
    own: {
      initial: 'idle',
      on: { REFRESH: 'loading' },
      states: {
        idle: { on: { SHARE: 'sharing' } },
        sharing: { on: { CLOSE_SHARE: 'idle' } },
      },
    },
    help: { on: { CLAIM: { target: 'helping', actions: 'clearNotes' } } },
    helping: {
      on: {
        GRANTED: { target: 'thanked', actions: 'clearNotes' },
        ANSWERED_WITHOUT_HELP: 'loading',
        REFUSED: { target: 'loading', actions: 'refuse' },
        LOGIN_REFUSED: 'loginRequired',
        FAIL: { target: 'help', actions: 'fail' },
        WAIT_TOO_LONG: { target: 'help', actions: 'fail' },
      },
    },
    thanked: { on: { REFRESH: 'loading' } },
    helped: { on: { REFRESH: 'loading' } },
    closed: { on: { REFRESH: 'loading' } },
    loginRequired: { on: { LOGIN: {}, LOGGED_IN: { target: 'loading', actions: 'logIn' } } },
    forwarded: {
      on: {
        CLAIM: [{ guard: 'loggedIn', target: 'claimingForwarded', actions: 'clearNotes' }, {}],
      },
    },
    claimingForwarded: {
      on: {
        GRANTED: { target: 'forwardClaimed', actions: 'clearNotes' },
        REFUSED: { target: 'forwardRefused', actions: 'refuse' },
        LOGIN_REFUSED: 'forwarded',
        FAIL: { target: 'forwarded', actions: 'fail' },
        WAIT_TOO_LONG: { target: 'forwarded', actions: 'fail' },
      },
    },
    forwardClaimed: {},
    forwardRefused: {},
  },
});

const ARRIVALS: Arrival[] = [
  'own',
  'help',
  'helped',
  'closed',
  'loginRequired',
  'noBag',
  'notExpand',
  'forward',
];
const EVENTS: ModelEvent[] = [
  { type: 'OPEN', link: 'plain', loggedIn: true },
  { type: 'OPEN', link: 'plain', loggedIn: false },
  { type: 'OPEN', link: 'forward', loggedIn: true },
  { type: 'OPEN', link: 'forward', loggedIn: false },
  ...ARRIVALS.map((as) => ({ type: 'ARRIVE' as const, as })),
  { type: 'GONE' },
  { type: 'FAIL' },
  { type: 'WAIT_TOO_LONG' },
  { type: 'RETRY' },
  { type: 'CLAIM' },
  { type: 'GRANTED' },
  { type: 'ANSWERED_WITHOUT_HELP' },
  { type: 'REFUSED' },
  { type: 'LOGIN_REFUSED' },
  { type: 'LOGIN' },
  { type: 'SHARE' },
  { type: 'CLOSE_SHARE' },
  { type: 'REFRESH' },
  { type: 'LOGGED_IN' },
];

const RULES = {
  baseAmount: 300,
  levelOneReward: 100,
  levelTwoReward: 50,
  maxAmount: 1000,
  minSpend: 3000,
  texts: ['a', 'b', 'c', 'd'],
};

const bagOf = (viewer: ExpandRedBag['viewer'], id = 70, value = 400): ExpandRedBag => ({
  id,
  activityId: 9,
  owner: '8123****99',
  mine: viewer === 'own',
  value,
  maxAmount: 1000,
  state: viewer === 'closed' ? 'used' : 'usable',
  helps: [],
  viewer,
  viewerBagId: viewer === 'helped' ? 71 : null,
});

const detailOf = (as: Arrival): ExpandDetail => ({
  name: 'Grow your red bag',
  coupons: [],
  expand:
    as === 'notExpand' || as === 'forward'
      ? null
      : { rules: RULES, bag: as === 'noBag' ? null : bagOf(as as ExpandRedBag['viewer']) },
});

const coupon = { id: 70, name: 'S$3 off' } as CustomerCoupon;

const businessRefusal = () =>
  Object.assign(new Error('No such activity'), {
    name: 'HttpError',
    kind: 'business',
    info: { reason: 'activityNotFound' },
  });

type Pending<T> = { resolve(v: T): void; reject(e: Error): void; input: unknown };

describe('expandRedBag (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const clock = new SimulatedClock();
      const loads: Pending<ExpandDetail>[] = [];
      const claims: Pending<ExpandClaimResult>[] = [];
      const forwards: Pending<ForwardClaimResult>[] = [];
      const emitted: ExpandRedBagEmitted[] = [];
      let actor: ReturnType<typeof start> | null = null;
      const pending = <T, I>(list: Pending<T>[]) =>
        fromPromise<T, I>(
          ({ input }) => new Promise<T>((resolve, reject) => list.push({ resolve, reject, input })),
        );
      function start(link: Link, loggedIn: boolean) {
        const created = createActor(
          expandRedBagMachine.provide({
            actors: {
              loadDetail: pending<ExpandDetail, { id: number; fromRedBagID: number | null }>(loads),
              receiveBag: pending<
                ExpandClaimResult,
                { id: number; fromRedBagID: number | null; key: string }
              >(claims),
              claimForwarded: pending<ForwardClaimResult, { id: number; key: string }>(forwards),
            },
          }),
          {
            clock,
            input: {
              activityId: 9,
              fromId: 70,
              forwardKey: link === 'forward' ? 'k'.repeat(24) : null,
              loggedIn,
              makeKey: () => 'key-0001',
            },
          },
        );
        for (const type of ['bag.loginRequired', 'bag.seen', 'bag.owned'] as const)
          created.on(type, (event) => emitted.push(event));
        return created.start();
      }
      const snap = () => actor!.getSnapshot();
      const ctx = (s: { context: unknown }) => s.context as ModelContext;
      const notes = (s: { context: unknown }) => {
        expect(select.selectRefusal(snap())).toBe(ctx(s).refused ? 'limitReached' : null);
        expect(select.selectError(snap())).toEqual(ctx(s).failed ? expect.any(String) : null);
      };
      const lastClaim = () => claims.at(-1)!;
      await path.run({
        states: {
          start: () => expect(actor).toBeNull(),
          loading: () => {
            expect(select.selectScreen(snap())).toBe('loading');
            expect(select.selectShowsSkeleton(snap()) || select.selectIsRefreshing(snap())).toBe(true);
            expect(loads.at(-1)!.input).toEqual({ id: 9, fromRedBagID: snap().context.fromId });
          },
          failed: (s) => {
            expect(select.selectScreen(snap())).toBe('failed');
            notes(s);
          },
          missing: () => expect(select.selectScreen(snap())).toBe('missing'),
          receive: (s) => {
            expect(select.selectScreen(snap())).toBe('receive');
            expect(select.selectIsClaiming(snap())).toBe(false);
            expect(select.selectRules(snap())).toEqual(RULES);
            notes(s);
          },
          receiving: () => {
            expect(select.selectIsClaiming(snap())).toBe(true);
            expect(lastClaim().input).toEqual({ id: 9, fromRedBagID: null, key: 'key-0001' });
          },
          own: (s) => {
            expect(select.selectScreen(snap())).toBe('own');
            expect(select.selectBag(snap())?.viewer).toBe('own');
            expect(select.selectShareQuery(snap())).toEqual({ id: 9, from: select.selectBag(snap())!.id });
            expect(select.selectIsSharing(snap())).toBe(s.matches({ own: 'sharing' }));
            notes(s);
          },
          help: (s) => {
            expect(select.selectScreen(snap())).toBe('help');
            expect(select.selectIsClaiming(snap())).toBe(false);
            notes(s);
          },
          helping: () => {
            expect(select.selectIsClaiming(snap())).toBe(true);
            // The same key on every try: a retried help never counts twice.
            expect(lastClaim().input).toEqual({ id: 9, fromRedBagID: 70, key: 'key-0001' });
          },
          thanked: () => {
            expect(select.selectScreen(snap())).toBe('thanked');
            expect(select.selectBag(snap())?.value).toBe(500);
            expect(select.selectOwnBag(snap())?.id).toBe(71);
            expect(select.selectViewerBagQuery(snap())).toEqual({ id: 9, from: 71 });
          },
          helped: () => {
            expect(select.selectScreen(snap())).toBe('helped');
            expect(select.selectViewerBagQuery(snap())).toEqual({ id: 9, from: 71 });
          },
          closed: () => expect(select.selectScreen(snap())).toBe('closed'),
          loginRequired: () => expect(select.selectScreen(snap())).toBe('loginRequired'),
          forwarded: (s) => {
            expect(select.selectScreen(snap())).toBe('forwarded');
            expect(select.selectIsClaiming(snap())).toBe(false);
            notes(s);
          },
          claimingForwarded: () => {
            expect(select.selectIsClaiming(snap())).toBe(true);
            expect(forwards.at(-1)!.input).toEqual({ id: 70, key: 'k'.repeat(24) });
          },
          forwardClaimed: () => {
            expect(select.selectScreen(snap())).toBe('forwardClaimed');
            expect(select.selectClaimedCoupon(snap())).toBe(coupon);
          },
          forwardRefused: (s) => {
            expect(select.selectScreen(snap())).toBe('forwardRefused');
            notes(s);
          },
        },
        events: {
          OPEN: async ({ link, loggedIn }) => {
            actor = start(link, loggedIn);
            await settle();
          },
          ARRIVE: async ({ as }) => {
            const before = emitted.filter((e) => e.type === 'bag.seen').length;
            loads.at(-1)!.resolve(detailOf(as));
            await settle();
            const seen = emitted.filter((e) => e.type === 'bag.seen').length - before;
            // An expand red bag on screen counts as seen for entry routing rule 1.
            expect(seen).toBe(as === 'notExpand' || as === 'forward' ? 0 : 1);
          },
          GONE: async () => {
            loads.at(-1)!.reject(businessRefusal());
            await settle();
          },
          FAIL: async () => {
            const list = snap().matches('loading')
              ? loads
              : snap().matches('claimingForwarded')
                ? forwards
                : claims;
            (list.at(-1) as Pending<unknown>).reject(new Error('offline'));
            await settle();
          },
          WAIT_TOO_LONG: async () => {
            clock.increment(RED_BAG_WAIT_MS);
            await settle();
          },
          RETRY: () => actor!.send({ type: 'bag.retry' }),
          CLAIM: async () => {
            const asked = emitted.filter((e) => e.type === 'bag.loginRequired').length;
            actor!.send({ type: 'bag.claim' });
            await settle();
            const guestForward = snap().matches('forwarded') && !snap().context.loggedIn;
            expect(emitted.filter((e) => e.type === 'bag.loginRequired').length - asked).toBe(
              guestForward ? 1 : 0,
            );
          },
          GRANTED: async () => {
            if (snap().matches('claimingForwarded')) forwards.at(-1)!.resolve({ coupon });
            else if (snap().matches('receiving'))
              lastClaim().resolve({ bag: bagOf('own', 72, 300), helped: null });
            else lastClaim().resolve({ bag: bagOf('own', 71, 300), helped: bagOf('helped', 70, 500) });
            await settle();
            if (snap().matches('own'))
              expect(emitted.at(-1)).toEqual({ type: 'bag.owned', activityId: 9, bagId: 72 });
          },
          ANSWERED_WITHOUT_HELP: async () => {
            lastClaim().resolve({ bag: bagOf('own', 71, 300), helped: null });
            await settle();
          },
          REFUSED: async () => {
            const list = snap().matches('claimingForwarded') ? forwards : claims;
            (list.at(-1) as Pending<unknown>).resolve({ refusal: 'limitReached' });
            await settle();
          },
          LOGIN_REFUSED: async () => {
            const list = snap().matches('claimingForwarded') ? forwards : claims;
            (list.at(-1) as Pending<unknown>).resolve({ refusal: 'loginRequired' });
            await settle();
          },
          LOGIN: () => {
            actor!.send({ type: 'bag.login' });
            expect(emitted.at(-1)).toEqual({ type: 'bag.loginRequired' });
          },
          SHARE: () => actor!.send({ type: 'bag.share' }),
          CLOSE_SHARE: () => actor!.send({ type: 'bag.closeShare' }),
          REFRESH: () => actor!.send({ type: 'bag.refresh' }),
          LOGGED_IN: async () => {
            actor!.send({ type: 'bag.loggedIn' });
            await settle();
            expect(snap().context.loggedIn).toBe(true);
          },
        },
      });
      (actor as ReturnType<typeof start> | null)?.stop();
    });
  }
});

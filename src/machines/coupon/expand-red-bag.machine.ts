// /product/expand-red-bag?id={activityId}&from={couponId} (spec §1 red bags, §2 product pages, §7
// activity/detail and activity/receiveExpandCoupon, §9 red bag texts): the red bag a link names and what its
// viewer may do with it. The owner watches it grow and shares it; a friend helps it grow and gets a bag of
// their own; a guest logs in first and comes back to the same link; a used or ended bag only shows. With a
// forwarding key (`&key=`) the link hands over one coupon instead, which the friend claims as their own.
import { assign, emit, setup } from 'xstate';
import type {
  ClaimRefusal,
  CouponOffer,
  CustomerCoupon,
  ExpandRedBag,
  ExpandRules,
} from '../../domain/api/activity';
import { errorMessage, notProvided, refusalReason } from '../shared/not-provided';

/** What activity/detail tells this page: the activity and, for an expand activity, its rules and bag. */
export interface ExpandDetail {
  name: string;
  /** The coupon templates the activity hands out (a forwarded coupon is shown by its template's rules). */
  coupons: readonly CouponOffer[];
  /** Absent when the activity is not an expand activity. */
  expand: { rules: ExpandRules; bag: ExpandRedBag | null } | null;
}

/** What receiveExpandCoupon answers: the viewer's own bag and the bag the help went to; or a refusal. */
export type ExpandClaimResult =
  { bag: ExpandRedBag; helped: ExpandRedBag | null } | { refusal: ClaimRefusal };

/** What claimForwarded answers: the coupon, now the viewer's; or a refusal (the key was used, ...). */
export type ForwardClaimResult = { coupon: CustomerCoupon } | { refusal: ClaimRefusal };

export interface ExpandRedBagInput {
  activityId: number;
  /** The bag (customer coupon) the link came from; null: the viewer's own bag of the activity. */
  fromId: number | null;
  /** A forwarding key: the link hands over the coupon `fromId`. */
  forwardKey: string | null;
  /** The session holds a proved phone. */
  loggedIn: boolean;
  makeKey: () => string;
}

export interface ExpandRedBagContext extends Omit<ExpandRedBagInput, 'makeKey'> {
  /** One idempotency key per visit: a retried claim after a lost answer never helps twice. */
  key: string;
  detail: ExpandDetail | null;
  /** The bag on screen: the link's, or the viewer's own once they received one. */
  bag: ExpandRedBag | null;
  /** After a help: the viewer's own new bag (the helped one is `bag`, as it is now). */
  ownBag: ExpandRedBag | null;
  claimed: CustomerCoupon | null;
  refusal: ClaimRefusal | null;
  /** Why the last load or claim got no answer (request-layer key or server text). */
  error: string | null;
}

export type ExpandRedBagEvent =
  | { type: 'bag.retry' }
  | { type: 'bag.refresh' }
  | { type: 'bag.claim' }
  | { type: 'bag.login' }
  | { type: 'bag.share' }
  | { type: 'bag.closeShare' }
  /** The session now holds a proved phone (the login came back before the session had read it). */
  | { type: 'bag.loggedIn' };

export type ExpandRedBagEmitted =
  /** The customer must log in; the app comes back to this link afterwards. */
  | { type: 'bag.loginRequired' }
  /** The activity's bag was on screen: entry routing rule 1 need not show it again. */
  | { type: 'bag.seen'; activityId: number }
  /** The viewer received their own bag: the link now names it, so a reload or a share shows it. */
  | { type: 'bag.owned'; activityId: number; bagId: number };

/** The page gives up waiting before the request layer's 60 s (spec §9) and offers a retry instead. */
export const RED_BAG_WAIT_MS = 15_000;
const TIMEOUT = 'http.serverError';

const isRefusal = <T extends object>(
  result: T | { refusal: ClaimRefusal },
): result is { refusal: ClaimRefusal } => 'refusal' in result;

export const expandRedBagMachine = setup({
  types: {
    input: {} as ExpandRedBagInput,
    context: {} as ExpandRedBagContext,
    events: {} as ExpandRedBagEvent,
    emitted: {} as ExpandRedBagEmitted,
  },
  actors: {
    /** activity/detail { id, fromRedBagID } */
    loadDetail: notProvided<ExpandDetail, { id: number; fromRedBagID: number | null }>('loadDetail'),
    /** activity/receiveExpandCoupon { id, fromRedBagID, idempotencyKey }; refusals answer, not reject. */
    receiveBag: notProvided<ExpandClaimResult, { id: number; fromRedBagID: number | null; key: string }>(
      'receiveBag',
    ),
    /** activity/claimForwarded { id, key } */
    claimForwarded: notProvided<ForwardClaimResult, { id: number; key: string }>('claimForwarded'),
  },
  delays: { redBagWait: RED_BAG_WAIT_MS },
  guards: {
    isLoggedIn: ({ context }) => context.loggedIn,
    // The server names no such activity or bag: no retry can bring it.
    isGone: (_, params: { error: unknown }) => refusalReason(params.error) !== null,
    isForwarded: ({ context }) => context.forwardKey !== null,
    isNotExpand: ({ context }) => context.detail?.expand == null,
    hasNoBag: ({ context }) => context.bag === null,
    viewerIs: ({ context }, params: { viewer: ExpandRedBag['viewer'] }) =>
      context.bag?.viewer === params.viewer,
    isLoginRefusal: (_, params: { result: object }) =>
      isRefusal(params.result) && params.result.refusal === 'loginRequired',
    isRefused: (_, params: { result: object }) => isRefusal(params.result),
    helpedSomeone: (_, params: { result: ExpandClaimResult }) =>
      !isRefusal(params.result) && params.result.helped !== null,
  },
  actions: {
    storeDetail: assign((_, params: { detail: ExpandDetail }) => ({
      detail: params.detail,
      bag: params.detail.expand?.bag ?? null,
      error: null,
    })),
    storeHelp: assign((_, params: { result: ExpandClaimResult }) =>
      isRefusal(params.result)
        ? {}
        : { bag: params.result.helped, ownBag: params.result.bag, refusal: null, error: null },
    ),
    storeOwnBag: assign((_, params: { result: ExpandClaimResult }) =>
      isRefusal(params.result)
        ? {}
        : { bag: params.result.bag, fromId: params.result.bag.id, refusal: null, error: null },
    ),
    storeClaimed: assign((_, params: { result: ForwardClaimResult }) =>
      isRefusal(params.result) ? {} : { claimed: params.result.coupon, refusal: null, error: null },
    ),
    storeRefusal: assign((_, params: { result: object }) =>
      isRefusal(params.result) ? { refusal: params.result.refusal, error: null } : {},
    ),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    clearNotes: assign({ error: null, refusal: null }),
    markLoggedIn: assign({ loggedIn: true }),
    askLogin: emit({ type: 'bag.loginRequired' as const }),
    announceSeen: emit(({ context }) => ({ type: 'bag.seen' as const, activityId: context.activityId })),
    announceOwned: emit(({ context }) => ({
      type: 'bag.owned' as const,
      activityId: context.activityId,
      bagId: context.bag!.id,
    })),
  },
}).createMachine({
  id: 'expandRedBag',
  context: ({ input }) => ({
    activityId: input.activityId,
    fromId: input.fromId,
    forwardKey: input.forwardKey,
    loggedIn: input.loggedIn,
    key: input.makeKey(),
    detail: null,
    bag: null,
    ownBag: null,
    claimed: null,
    refusal: null,
    error: null,
  }),
  initial: 'loading',
  on: { 'bag.loggedIn': { actions: 'markLoggedIn' } },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadDetail',
        input: ({ context }) => ({ id: context.activityId, fromRedBagID: context.fromId }),
        onDone: {
          target: 'deciding',
          actions: { type: 'storeDetail', params: ({ event }) => ({ detail: event.output }) },
        },
        onError: [
          { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'missing' },
          {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
          },
        ],
      },
      after: { redBagWait: { target: 'failed', actions: { type: 'fail', params: { message: TIMEOUT } } } },
    },
    failed: {
      tags: 'error',
      on: { 'bag.retry': { target: 'loading', actions: 'clearNotes' } },
    },
    /** No such activity or bag, or an activity that is no red bag: the page offers the menu. */
    missing: {},
    deciding: {
      always: [
        { guard: 'isForwarded', target: 'forwarded' },
        { guard: 'isNotExpand', target: 'missing' },
        { guard: 'hasNoBag', target: 'noBagYet', actions: 'announceSeen' },
        { guard: { type: 'viewerIs', params: { viewer: 'own' } }, target: 'own', actions: 'announceSeen' },
        { guard: { type: 'viewerIs', params: { viewer: 'help' } }, target: 'help', actions: 'announceSeen' },
        {
          guard: { type: 'viewerIs', params: { viewer: 'helped' } },
          target: 'helped',
          actions: 'announceSeen',
        },
        {
          guard: { type: 'viewerIs', params: { viewer: 'loginRequired' } },
          target: 'loginRequired',
          actions: 'announceSeen',
        },
        { target: 'closed', actions: 'announceSeen' },
      ],
    },
    noBagYet: {
      always: [{ guard: 'isLoggedIn', target: 'receive' }, { target: 'loginRequired' }],
    },
    /** The shop's red bag, not yet received: one tap gives the viewer their own. */
    receive: {
      on: { 'bag.claim': { target: 'receiving', actions: 'clearNotes' } },
    },
    receiving: {
      tags: 'busy',
      invoke: {
        src: 'receiveBag',
        input: ({ context }) => ({ id: context.activityId, fromRedBagID: null, key: context.key }),
        onDone: [
          {
            guard: { type: 'isLoginRefusal', params: ({ event }) => ({ result: event.output }) },
            target: 'loginRequired',
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'loading',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'own',
            actions: [
              { type: 'storeOwnBag', params: ({ event }) => ({ result: event.output }) },
              'announceOwned',
            ],
          },
        ],
        // No answer: the same key makes the next tap safe.
        onError: {
          target: 'receive',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
      after: { redBagWait: { target: 'receive', actions: { type: 'fail', params: { message: TIMEOUT } } } },
    },
    own: {
      initial: 'idle',
      on: { 'bag.refresh': 'loading' },
      states: {
        idle: { on: { 'bag.share': 'sharing' } },
        sharing: { on: { 'bag.closeShare': 'idle' } },
      },
    },
    /** A friend's bag the viewer has not helped yet. */
    help: {
      on: { 'bag.claim': { target: 'helping', actions: 'clearNotes' } },
    },
    helping: {
      tags: 'busy',
      invoke: {
        src: 'receiveBag',
        input: ({ context }) => ({ id: context.activityId, fromRedBagID: context.bag!.id, key: context.key }),
        onDone: [
          {
            guard: { type: 'isLoginRefusal', params: ({ event }) => ({ result: event.output }) },
            target: 'loginRequired',
          },
          {
            // Helped already, used meanwhile, the activity ended: the bag is read again as it is now.
            guard: { type: 'isRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'loading',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'helpedSomeone', params: ({ event }) => ({ result: event.output }) },
            target: 'thanked',
            actions: { type: 'storeHelp', params: ({ event }) => ({ result: event.output }) },
          },
          // Answered without a help (the friend had helped on another device): the bag again, as it is.
          { target: 'loading' },
        ],
        onError: {
          target: 'help',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
      after: { redBagWait: { target: 'help', actions: { type: 'fail', params: { message: TIMEOUT } } } },
    },
    /** The help went in: the friend's bag as it grew, and the viewer's own new bag. */
    thanked: { on: { 'bag.refresh': 'loading' } },
    helped: { on: { 'bag.refresh': 'loading' } },
    closed: { on: { 'bag.refresh': 'loading' } },
    loginRequired: {
      on: {
        'bag.login': { actions: 'askLogin' },
        // Logged in now: the bag is read again as this viewer sees it.
        'bag.loggedIn': { target: 'loading', actions: 'markLoggedIn' },
      },
    },
    /** A forwarded coupon: its rules and a Claim (login first). */
    forwarded: {
      on: {
        'bag.claim': [
          { guard: 'isLoggedIn', target: 'claimingForwarded', actions: 'clearNotes' },
          { actions: 'askLogin' },
        ],
      },
    },
    claimingForwarded: {
      tags: 'busy',
      invoke: {
        src: 'claimForwarded',
        input: ({ context }) => ({ id: context.fromId ?? 0, key: context.forwardKey ?? '' }),
        onDone: [
          {
            guard: { type: 'isLoginRefusal', params: ({ event }) => ({ result: event.output }) },
            target: 'forwarded',
            actions: 'askLogin',
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'forwardRefused',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'forwardClaimed',
            actions: { type: 'storeClaimed', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: {
          target: 'forwarded',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
      after: {
        redBagWait: { target: 'forwarded', actions: { type: 'fail', params: { message: TIMEOUT } } },
      },
    },
    forwardClaimed: {},
    /** The key was used or the coupon is gone: nothing to try again. */
    forwardRefused: {},
  },
});

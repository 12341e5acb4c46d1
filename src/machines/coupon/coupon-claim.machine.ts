// Claiming one coupon offer (the activity list's Claim, a shared coupon link, a promotion code): one
// idempotency key per offer on this page, so a double tap or a lost reply never claims twice; a refusal
// (sold out, limit reached, not for you...) is kept to be said in words; "log in first" leads to the login
// and back (spec §8 coupon messages; claims are the storefront's additions to §7 "Activity").
import { assign, emit, setup } from 'xstate';
import type { ClaimRefusal, CustomerCoupon } from '../../domain/api/activity';
import { errorMessage, notProvided } from '../shared/not-provided';

export interface CouponClaimInput {
  /** The customer holds a proved phone; without one a claim goes to the login first. */
  loggedIn: boolean;
  /** The offer's own refusal as listed (sold out, limit reached...): nothing to try. */
  refusal?: ClaimRefusal | null;
  makeKey: () => string;
}

export interface CouponClaimContext {
  loggedIn: boolean;
  key: string;
  coupon: CustomerCoupon | null;
  refusal: ClaimRefusal | null;
  error: string | null;
}

/** What the claim actor answers: the coupon, or the server's refusal. */
export type ClaimResult = { coupon: CustomerCoupon } | { refusal: ClaimRefusal };

export type CouponClaimEvent = { type: 'claim.start' } | { type: 'claim.dismissError' };

export type CouponClaimEmitted =
  { type: 'claim.loginRequired' } | { type: 'claim.claimed'; coupon: CustomerCoupon };

export const couponClaimMachine = setup({
  types: {
    input: {} as CouponClaimInput,
    context: {} as CouponClaimContext,
    events: {} as CouponClaimEvent,
    emitted: {} as CouponClaimEmitted,
  },
  actors: {
    /** receiveCoupon, getCouponByLink or claimByCode, with the key; rejects only when no answer came. */
    claim: notProvided<ClaimResult, { key: string }>('claim'),
  },
  guards: {
    isLoggedIn: ({ context }) => context.loggedIn,
    isRefusedAtStart: ({ context }) => context.refusal !== null && context.refusal !== 'loginRequired',
    isRefusal: (_, params: ClaimResult) => 'refusal' in params,
    isLoginRefusal: (_, params: ClaimResult) => 'refusal' in params && params.refusal === 'loginRequired',
  },
  actions: {
    storeCoupon: assign((_, params: { coupon: CustomerCoupon }) => ({ coupon: params.coupon, error: null })),
    storeRefusal: assign((_, params: { refusal: ClaimRefusal }) => ({
      refusal: params.refusal,
      error: null,
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    dismissError: assign({ error: null }),
    askLogin: emit({ type: 'claim.loginRequired' as const }),
    announceClaimed: emit(({ context }) => ({ type: 'claim.claimed' as const, coupon: context.coupon! })),
  },
}).createMachine({
  id: 'couponClaim',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    key: input.makeKey(),
    coupon: null,
    refusal: input.refusal ?? null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isRefusedAtStart', target: 'refused' }, { target: 'ready' }] },
    ready: {
      on: {
        'claim.start': [
          { guard: 'isLoggedIn', target: 'claiming', actions: 'dismissError' },
          { actions: 'askLogin' },
        ],
        'claim.dismissError': { actions: 'dismissError' },
      },
    },
    claiming: {
      tags: 'busy',
      invoke: {
        src: 'claim',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          {
            guard: { type: 'isLoginRefusal', params: ({ event }) => event.output },
            target: 'ready',
            actions: 'askLogin',
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => event.output },
            target: 'refused',
            actions: {
              type: 'storeRefusal',
              params: ({ event }) => ({ refusal: (event.output as { refusal: ClaimRefusal }).refusal }),
            },
          },
          {
            target: 'claimed',
            actions: [
              {
                type: 'storeCoupon',
                params: ({ event }) => ({ coupon: (event.output as { coupon: CustomerCoupon }).coupon }),
              },
              'announceClaimed',
            ],
          },
        ],
        // No answer: the same key makes the retry safe.
        onError: {
          target: 'ready',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    claimed: { type: 'final' },
    refused: { type: 'final' },
  },
});

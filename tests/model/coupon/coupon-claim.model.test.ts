import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { ClaimRefusal, CustomerCoupon } from '../../../src/domain/api/activity';
import {
  couponClaimMachine,
  type ClaimResult,
  type CouponClaimEmitted,
} from '../../../src/machines/coupon/coupon-claim.machine';
import * as select from '../../../src/machines/coupon/coupon-claim.selectors';
import { coveragePaths, settle } from '../support';

const COUPON = { id: 9, name: 'S$5 off over S$30' } as CustomerCoupon;

interface ModelContext {
  loggedIn: boolean;
  failed: boolean;
}
type ModelEvent =
  | { type: 'CLAIM' }
  | { type: 'LOG_IN' }
  | { type: 'ANSWER_OK' }
  | { type: 'ANSWER_REFUSED' }
  | { type: 'ANSWER_LOGIN' }
  | { type: 'NO_ANSWER' };

const claimModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    loggedIn: ({ context }) => context.loggedIn,
    guest: ({ context }) => !context.loggedIn,
  },
}).createMachine({
  id: 'couponClaimModel',
  context: { loggedIn: false, failed: false },
  initial: 'ready',
  states: {
    ready: {
      on: {
        // Without a phone the tap asks for the login; the page comes back logged in (a new page, here the
        // same actor told so by its input for the next one).
        CLAIM: [{ guard: 'loggedIn', target: 'claiming', actions: assign({ failed: false }) }, {}],
        LOG_IN: { guard: 'guest', actions: assign({ loggedIn: true }) },
      },
    },
    claiming: {
      on: {
        ANSWER_OK: 'claimed',
        ANSWER_REFUSED: 'refused',
        ANSWER_LOGIN: 'ready',
        NO_ANSWER: { target: 'ready', actions: assign({ failed: true }) },
      },
    },
    claimed: {},
    refused: {},
  },
});

describe('couponClaim (model-based)', () => {
  for (const path of coveragePaths(claimModel, [
    { type: 'CLAIM' },
    { type: 'LOG_IN' },
    { type: 'ANSWER_OK' },
    { type: 'ANSWER_REFUSED' },
    { type: 'ANSWER_LOGIN' },
    { type: 'NO_ANSWER' },
  ])) {
    it(path.description, async () => {
      const keys: string[] = [];
      const calls: { resolve(r: ClaimResult): void; reject(e: Error): void }[] = [];
      const emitted: CouponClaimEmitted[] = [];
      let loggedIn = false;
      let made = 0;
      const start = () => {
        const actor = createActor(
          couponClaimMachine.provide({
            actors: {
              claim: fromPromise(({ input }) => {
                keys.push(input.key);
                return new Promise<ClaimResult>((resolve, reject) => calls.push({ resolve, reject }));
              }),
            },
          }),
          { input: { loggedIn, makeKey: () => `key-${++made}` } },
        );
        actor.on('*', (e) => emitted.push(e as CouponClaimEmitted));
        actor.start();
        return actor;
      };
      let actor = start();
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          ready: (state) => {
            const m = state.context as ModelContext;
            expect(snap().matches('ready')).toBe(true);
            expect(select.selectClaimError(snap())).toBe(m.failed ? 'offline' : null);
          },
          claiming: () => expect(select.selectIsClaiming(snap())).toBe(true),
          claimed: () => {
            expect(select.selectIsClaimed(snap())).toBe(true);
            expect(select.selectClaimedCoupon(snap())).toEqual(COUPON);
            expect(emitted.at(-1)).toEqual({ type: 'claim.claimed', coupon: COUPON });
          },
          refused: () => expect(select.selectRefusal(snap())).toBe('soldOut'),
        },
        events: {
          CLAIM: () => {
            const before = emitted.length;
            actor.send({ type: 'claim.start' });
            if (!loggedIn) expect(emitted.slice(before)).toEqual([{ type: 'claim.loginRequired' }]);
          },
          LOG_IN: () => {
            loggedIn = true;
            actor.stop();
            actor = start();
          },
          ANSWER_OK: async () => {
            calls.at(-1)!.resolve({ coupon: COUPON });
            await settle();
          },
          ANSWER_REFUSED: async () => {
            calls.at(-1)!.resolve({ refusal: 'soldOut' });
            await settle();
          },
          ANSWER_LOGIN: async () => {
            calls.at(-1)!.resolve({ refusal: 'loginRequired' });
            await settle();
            expect(emitted.at(-1)).toEqual({ type: 'claim.loginRequired' });
          },
          NO_ANSWER: async () => {
            calls.at(-1)!.reject(new Error('offline'));
            await settle();
          },
        },
      });
      // Every try of one offer on one page carries the same key: a lost reply never claims twice.
      expect(new Set(keys).size).toBeLessThanOrEqual(1);
      actor.stop();
    });
  }

  it('an offer listed as sold out or over the limit offers nothing to tap', () => {
    for (const refusal of ['soldOut', 'limitReached', 'notForYou'] as ClaimRefusal[]) {
      const actor = createActor(couponClaimMachine, {
        input: { loggedIn: true, refusal, makeKey: () => 'k' },
      }).start();
      expect(select.selectRefusal(actor.getSnapshot())).toBe(refusal);
      actor.stop();
    }
    const guest = createActor(couponClaimMachine, {
      input: { loggedIn: false, refusal: 'loginRequired', makeKey: () => 'k' },
    }).start();
    expect(guest.getSnapshot().matches('ready')).toBe(true);
    guest.stop();
  });
});

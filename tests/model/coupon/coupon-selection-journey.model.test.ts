// The customer-level coupon journey QA replays in Chromium (qa/models/coupon-selection.model.ts), walked
// here against the real couponSelection machine: a page visit is an actor, a reload a new one.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { COUPON_JOURNEY_EVENTS, couponJourneyModel } from '../../../qa/models/coupon-selection.model';
import type { CustomerCoupon } from '../../../src/domain/api/activity';
import type { CouponEvaluation } from '../../../src/domain/pricing';
import { couponSelectionMachine } from '../../../src/machines/coupon/coupon-selection.machine';
import * as select from '../../../src/machines/coupon/coupon-selection.selectors';
import { coveragePaths, settle } from '../support';

// S$5 off over S$30, which the S$34.80 cart reaches, and S$8 off over S$50, which it does not.
const held = (id: number, name: string, reductionAmount: number, minAmount: number): CustomerCoupon => ({
  id,
  templateId: id,
  name,
  kind: 4,
  state: 'usable',
  source: 'activity',
  claimedAt: '2026-11-19T10:00:00+08:00',
  orderId: null,
  usedAt: null,
  rules: { value: name, threshold: '', validity: '', scope: '', conditions: [] },
  pricing: { id, name, type: 4, reductionAmount, minAmount } as CustomerCoupon['pricing'],
});
const COUPONS = [held(1, 'S$5 off over S$30', 500, 3000), held(3, 'S$8 off over S$50', 800, 5000)];
const EVALUATIONS: CouponEvaluation[] = [
  {
    id: 1,
    name: COUPONS[0]!.name,
    type: 4,
    reductionAmount: 500,
    usable: true,
    reasons: [],
    amount: 500,
    base: 3480,
  },
  {
    id: 3,
    name: COUPONS[1]!.name,
    type: 4,
    reductionAmount: 800,
    usable: false,
    reasons: ['amount'],
    amount: 0,
    base: 3480,
  },
];

describe('coupon journey on the confirm page (model-based)', () => {
  for (const path of coveragePaths(couponJourneyModel, COUPON_JOURNEY_EVENTS)) {
    it(path.description, async () => {
      let listFails = false;
      const visit = () => {
        const actor = createActor(
          couponSelectionMachine.provide({
            actors: {
              loadCoupons: fromPromise(async () => {
                if (listFails) throw new Error('network');
                return COUPONS;
              }),
            },
          }),
          { input: { loggedIn: true, kept: null } },
        );
        // The confirm page prices the cart with the coupons the selection announces, then passes it back.
        actor.on('coupons.changed', () =>
          queueMicrotask(() =>
            actor.send({
              type: 'coupons.priced',
              evaluations: EVALUATIONS,
              lineFlags: ['a', 'b'],
              payType: 'Cash',
            }),
          ),
        );
        actor.start();
        return actor;
      };
      let actor: Actor<typeof couponSelectionMachine> = visit();
      await settle();
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          chosen: () => {
            expect(select.selectChosen(snap())).toEqual({ id: 1, name: COUPONS[0]!.name, amount: 500 });
            expect(select.selectUsableCount(snap())).toBe(1);
          },
          none: () => {
            expect(select.selectChosen(snap())).toBeNull();
            expect(select.selectIsCleared(snap())).toBe(true);
            expect(select.selectUsableCount(snap())).toBe(1);
          },
          failed: () => {
            expect(select.selectLoadFailed(snap())).toBe(true);
            expect(select.selectChosen(snap())).toBeNull();
          },
        },
        events: {
          CLEAR: async () => {
            actor.send({ type: 'coupons.clear' });
            await settle();
          },
          CHOOSE: async () => {
            actor.send({ type: 'coupons.choose', id: 1 });
            await settle();
          },
          RELOAD_FAILS: async () => {
            actor.stop();
            listFails = true;
            actor = visit();
            await settle();
          },
          RETRY: async () => {
            listFails = false;
            actor.send({ type: 'coupons.retry' });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }
});

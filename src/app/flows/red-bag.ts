// The red bag pages' calls plugged into their flows: the expand red bag page (activity/detail,
// receiveExpandCoupon, claimForwarded), a coupon's forwarding link (forwardCoupon), the order red bags
// (getTimesRedBag) and taking one's reward (checkTimesRedBag).
import { fromPromise } from 'xstate';
import type { ClaimRefusal } from '../../domain/api/activity';
import {
  expandRedBagMachine,
  type ExpandClaimResult,
  type ExpandDetail,
  type ForwardClaimResult,
} from '../../machines/coupon/expand-red-bag.machine';
import { refusalReason } from '../../machines/shared/not-provided';
import { resourceMachine } from '../../machines/shared/resource.machine';
import { activityApi, claimRefusalOf } from '../../services/api/activity';
import { redBagApi } from '../../services/api/red-bag';

// The red bag refusals of the server (decision C97) said in the page's words for the nearest claim refusal.
const RED_BAG_REFUSALS: Record<string, ClaimRefusal> = {
  bagNotFound: 'activityNotFound',
  couponNotFound: 'codeNotFound',
  couponNotAvailable: 'codeNotFound',
  wrongKey: 'codeNotFound',
  notForwardable: 'codeNotFound',
  ownCoupon: 'notForYou',
  alreadyHolding: 'limitReached',
};

/** A refusal is an answer the page words itself; only a missing answer rejects. */
async function orRefusal<T>(call: () => Promise<T>): Promise<T | { refusal: ClaimRefusal }> {
  try {
    return await call();
  } catch (error) {
    const reason = refusalReason(error);
    const refusal = claimRefusalOf(error) ?? (reason ? (RED_BAG_REFUSALS[reason] ?? null) : null);
    if (refusal) return { refusal };
    throw error;
  }
}

const optionalId = (id: number | null) => (id === null ? {} : { fromRedBagID: id });

export const expandRedBagFlow = expandRedBagMachine.provide({
  actors: {
    loadDetail: fromPromise<ExpandDetail, { id: number; fromRedBagID: number | null }>(async ({ input }) => {
      const detail = await activityApi.detail(
        { id: input.id, ...optionalId(input.fromRedBagID) },
        { toast: false },
      );
      return { name: detail.name, coupons: detail.coupons, expand: detail.expand ?? null };
    }),
    receiveBag: fromPromise<ExpandClaimResult, { id: number; fromRedBagID: number | null; key: string }>(
      ({ input }) =>
        orRefusal(() =>
          redBagApi.receiveExpandCoupon(
            { id: input.id, ...optionalId(input.fromRedBagID), idempotencyKey: input.key },
            { toast: false },
          ),
        ),
    ),
    claimForwarded: fromPromise<ForwardClaimResult, { id: number; key: string }>(({ input }) =>
      orRefusal(() => redBagApi.claimForwarded({ id: input.id, key: input.key }, { toast: false })),
    ),
  },
});

/** activity/forwardCoupon: params { id } (the coupon); data { path, key }. */
export const forwardCouponFlow = resourceMachine.provide({
  actors: { load: fromPromise(({ input }) => redBagApi.forwardCoupon(input as { id: number })) },
});

/** activity/getTimesRedBag: the customer's order red bags. */
export const timesRedBagsFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown>(async () => (await redBagApi.getTimesRedBag({})).bags) },
});

/** activity/checkTimesRedBag: params { id }; data { coupons, bag }. */
export const takeTimesRewardFlow = resourceMachine.provide({
  actors: {
    load: fromPromise(({ input }) => redBagApi.checkTimesRedBag(input as { id: number }, { toast: false })),
  },
});

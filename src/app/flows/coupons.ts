// The coupon pages' loads and claims: the customer's coupons, one coupon, the shop's activities, a
// promotion code's activity, and the three ways to claim (activity list, shared link, promotion code).
import { fromPromise } from 'xstate';
import type { ClaimRefusal, CustomerCoupon } from '../../domain/api/activity';
import { couponClaimMachine, type ClaimResult } from '../../machines/coupon/coupon-claim.machine';
import { resourceMachine } from '../../machines/shared/resource.machine';
import { activityApi, claimRefusalOf, memberOffersApi } from '../../services/api/activity';

/** activity/couponList { isAll: true }: every coupon the customer has held. */
export const walletFlow = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown>(async () => (await activityApi.couponList({ isAll: true })).coupons),
  },
});

/** activity/couponDetail: params { id }. */
export const couponDetailFlow = resourceMachine.provide({
  actors: { load: fromPromise(({ input }) => activityApi.couponDetail(input as { id: number })) },
});

/** activity/list: the shop's running activities. */
export const activitiesFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown>(async () => (await activityApi.list({})).activities) },
});

/** vip/activities: `{ activities, reason }` (reason loginRequired or notMember with no activities). */
export const memberOffersFlow = resourceMachine.provide({
  actors: { load: fromPromise<unknown>(() => memberOffersApi.activities({})) },
});

/** activity/getActivityByCode: params { code }; the page says "no offer has this code" itself. */
export const codeActivityFlow = resourceMachine.provide({
  actors: {
    load: fromPromise(({ input }) =>
      activityApi.getActivityByCode(input as { code: string }, { toast: false }),
    ),
  },
});

/** A refusal is an answer: the claim flow says it in words, so business toasts are off. */
async function claimWith(call: () => Promise<{ coupon: CustomerCoupon }>): Promise<ClaimResult> {
  try {
    return { coupon: (await call()).coupon };
  } catch (error) {
    const refusal: ClaimRefusal | null = claimRefusalOf(error);
    if (refusal) return { refusal };
    throw error;
  }
}

export const offerClaimFlow = (templateId: number) =>
  couponClaimMachine.provide({
    actors: {
      claim: fromPromise(({ input }) =>
        claimWith(() =>
          activityApi.receiveCoupon({ id: templateId, idempotencyKey: input.key }, { toast: false }),
        ),
      ),
    },
  });

export const linkClaimFlow = (templateId: number) =>
  couponClaimMachine.provide({
    actors: {
      claim: fromPromise(async () => {
        const result = await claimWith(async () => {
          const { coupon } = await activityApi.getCouponByLink({ id: templateId }, { toast: false });
          if (!coupon) throw new Error('no coupon');
          return { coupon };
        });
        return result;
      }),
    },
  });

export const codeClaimFlow = (code: string) =>
  couponClaimMachine.provide({
    actors: {
      claim: fromPromise(() => claimWith(() => activityApi.claimByCode({ code }, { toast: false }))),
    },
  });

// The order's coupon: the customer's usable coupons from activity/couponList.
import { fromPromise } from 'xstate';
import { couponSelectionMachine } from '../../machines/coupon/coupon-selection.machine';
import { activityApi } from '../../services/api/activity';

export const couponSelectionFlow = couponSelectionMachine.provide({
  actors: {
    // The row says the list could not be read and offers a retry: no toast on top of it.
    loadCoupons: fromPromise(
      async () => (await activityApi.couponList({ isAll: false }, { toast: false })).coupons,
    ),
  },
});

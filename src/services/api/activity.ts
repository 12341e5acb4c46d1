// The coupon and activity calls of spec §7 "Activity" (activity/list, detail, couponList, getCouponByLink,
// getCouponByEntry, getActivityByCode, checkOverSendCoupon) and the two claims the storefront adds
// (receiveCoupon, claimByCode), typed by the contract in src/domain/api/activity.ts. A refused claim
// rejects with an HttpError whose info names the refusal (`{ reason }`); claimRefusalOf reads it.
import type { activityContract, ClaimRefusal, memberOffersContract } from '../../domain/api/activity';
import { isHttpError } from '../http';
import { contractCalls } from './call';

const call = contractCalls<typeof activityContract>('activity');

export const activityApi = {
  list: call('list'),
  detail: call('detail'),
  receiveCoupon: call('receiveCoupon'),
  couponList: call('couponList'),
  couponDetail: call('couponDetail'),
  getCouponByLink: call('getCouponByLink'),
  getCouponByEntry: call('getCouponByEntry'),
  getActivityByCode: call('getActivityByCode'),
  claimByCode: call('claimByCode'),
  checkOverSendCoupon: call('checkOverSendCoupon'),
};

/** vip/activities: the member-only activities, or the reason the session has none. */
export const memberOffersApi = {
  activities: contractCalls<typeof memberOffersContract>('vip')('activities'),
};

// The contract's list, held by type rather than imported: its module brings zod into the browser's code.
const REFUSALS: Record<ClaimRefusal, true> = {
  activityNotFound: true,
  activityEnded: true,
  soldOut: true,
  limitReached: true,
  loginRequired: true,
  notForYou: true,
  codeNotFound: true,
  notEarned: true,
};

/** Why the server refused a claim or a code, or null when the failure was no such refusal. */
export function claimRefusalOf(error: unknown): ClaimRefusal | null {
  if (!isHttpError(error)) return null;
  // A claim needs a customer: an expired or missing login is the same "log in first" to the customer.
  if (error.kind === 'unauthorized') return 'loginRequired';
  if (error.kind !== 'business') return null;
  const info = error.info as { reason?: unknown } | null | undefined;
  const reason = typeof info === 'object' && info !== null ? info.reason : undefined;
  return typeof reason === 'string' && Object.hasOwn(REFUSALS, reason) ? (reason as ClaimRefusal) : null;
}

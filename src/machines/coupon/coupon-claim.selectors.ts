// What an offer's Claim button reads from its claim actor.
import type { SnapshotFrom } from 'xstate';
import type { couponClaimMachine } from './coupon-claim.machine';

type S = SnapshotFrom<typeof couponClaimMachine>;

export const selectIsClaiming = (s: S) => s.matches('claiming');
export const selectIsClaimed = (s: S) => s.matches('claimed');
export const selectRefusal = (s: S) => (s.matches('refused') ? s.context.refusal : null);
export const selectClaimError = (s: S) => s.context.error;
export const selectClaimedCoupon = (s: S) => s.context.coupon;

// The coupon of an order as the customer sees it on /order/confirm, one source for two walks:
// tests/model/coupon/coupon-selection-journey.model.test.ts drives the real couponSelection machine with it, and
// `npm run qa:replay -- coupon-selection` (qa/flows/coupon-selection.ts) the confirm page in Chromium.
import { setup } from 'xstate';

export type CouponJourneyEvent =
  { type: 'CLEAR' } | { type: 'CHOOSE' } | { type: 'RELOAD_FAILS' } | { type: 'RETRY' };

/**
 * The customer holds two coupons: one the cart reaches (chosen for them by the default pick of spec §5)
 * and one it does not. They clear the choice ("Don't use a coupon") and choose it again. A reload of the
 * page whose coupon list cannot be read says so; its retry reads the list, and a new visit of the page
 * gets the default pick again.
 */
export const couponJourneyModel = setup({
  types: { events: {} as CouponJourneyEvent },
}).createMachine({
  id: 'couponJourney',
  initial: 'chosen',
  states: {
    chosen: { on: { CLEAR: 'none', RELOAD_FAILS: 'failed' } },
    none: { on: { CHOOSE: 'chosen', RELOAD_FAILS: 'failed' } },
    failed: { on: { RETRY: 'chosen' } },
  },
});

export const COUPON_JOURNEY_EVENTS: CouponJourneyEvent[] = [
  { type: 'CLEAR' },
  { type: 'CHOOSE' },
  { type: 'RELOAD_FAILS' },
  { type: 'RETRY' },
];

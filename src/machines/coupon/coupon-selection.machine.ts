// The coupon of an order (spec §5: "Only one coupon may be selected", product coupon rules, the default
// pick; §4: a coupon change re-prices, and every recalculation trigger may change what a coupon is worth).
// The customer's coupons come from activity/couponList; whether each applies comes from the pricing
// engine's evaluations of the cart, which the confirm page passes in after every recalculation.
import { assign, emit, setup } from 'xstate';
import type { CustomerCoupon } from '../../domain/api/activity';
import { CouponKind } from '../../domain/coupon-kinds';
import type { PayType } from '../../domain/enums';
import type { Coupon, CouponEvaluation, CouponRejection } from '../../domain/pricing';
import { defaultCoupon } from '../../pricing/engine';
import { errorMessage, notProvided } from '../shared/not-provided';

export interface CouponSelectionInput {
  /** The customer proved a phone (coupons belong to it); without, the page asks for a login. */
  loggedIn: boolean;
  /** The choice kept from an earlier visit of the page (the address book starts the page again). */
  kept?: KeptCouponChoice | null;
}

/** What the visit keeps of the choice. */
export interface KeptCouponChoice {
  chosenId: number | null;
  lineFlag: string | null;
  /** The customer chose "no coupon": no default is picked for them again. */
  cleared: boolean;
}

/** Why the choice changed without the customer asking, for the page to say. */
export type CouponNotice =
  /** A member-card-only coupon, once the pay type is no longer the member card. */
  | { kind: 'payTypeDropped'; name: string }
  /** The chosen coupon no longer applies to the cart (its reasons say why). */
  | { kind: 'dropped'; name: string; reasons: CouponRejection[] }
  /** The product coupon's item left the cart (spec §5: quantity below 1 clears it). */
  | { kind: 'productCleared'; name: string }
  /** The server refused the order's coupon (order/confirm couponUnusable). */
  | { kind: 'refused'; reasons: string[] };

/** What the cart's pricing says, passed in after every recalculation. */
export interface CouponPricing {
  evaluations: CouponEvaluation[];
  /** Flags of the lines priced (quantity 1 or more). */
  lineFlags: string[];
  payType: PayType | null;
}

export interface CouponSelectionContext extends KeptCouponChoice {
  loggedIn: boolean;
  /** The customer's usable coupons. */
  coupons: CustomerCoupon[];
  evaluations: CouponEvaluation[];
  lineFlags: string[];
  payType: PayType | null;
  notice: CouponNotice | null;
  error: string | null;
}

export type CouponSelectionEvent =
  | { type: 'coupons.login' }
  | ({ type: 'coupons.priced' } & CouponPricing)
  | { type: 'coupons.choose'; id: number; lineFlag?: string | null }
  | { type: 'coupons.clear' }
  | { type: 'coupons.refused'; reasons: string[] }
  | { type: 'coupons.reload' }
  | { type: 'coupons.retry' }
  | { type: 'coupons.dismissNotice' };

/** The cart's pricing input takes these: the coupons the engine evaluates and the chosen one. */
export interface CouponChange {
  type: 'coupons.changed';
  coupons: Coupon[];
  couponId: number | null;
  couponLineFlag: string | null;
}

export type CouponSelectionEmitted = CouponChange;

const pricingCoupons = (coupons: readonly CustomerCoupon[]): Coupon[] => coupons.map((c) => c.pricing);

const evaluationOf = (context: CouponSelectionContext, id: number | null) =>
  id === null ? undefined : context.evaluations.find((e) => e.id === id);

/**
 * The choice after a recalculation: a product coupon whose item left the cart is cleared; any other chosen
 * coupon that no longer applies is dropped (with the reason); then the spec's default pick, unless the
 * customer chose "no coupon".
 */
export function settleChoice(context: CouponSelectionContext): Partial<CouponSelectionContext> {
  const chosen = evaluationOf(context, context.chosenId);
  let { chosenId, lineFlag } = context;
  let notice = context.notice;
  if (chosenId !== null && !chosen) {
    // No longer held (used on another order, expired): nothing to tell beyond the list itself.
    chosenId = null;
    lineFlag = null;
  } else if (chosen && chosen.type === CouponKind.product) {
    const itemGone =
      (lineFlag !== null && !context.lineFlags.includes(lineFlag)) || chosen.reasons.includes('product');
    if (itemGone) {
      notice = { kind: 'productCleared', name: chosen.name };
      chosenId = null;
      lineFlag = null;
    }
  } else if (chosen && !chosen.usable) {
    notice = chosen.reasons.includes('payType')
      ? { kind: 'payTypeDropped', name: chosen.name }
      : { kind: 'dropped', name: chosen.name, reasons: chosen.reasons };
    chosenId = null;
    lineFlag = null;
  }
  const picked = defaultCoupon(context.evaluations, { chosenId, cleared: context.cleared });
  if (picked !== chosenId) lineFlag = null;
  return { chosenId: picked, lineFlag, notice };
}

export const couponSelectionMachine = setup({
  types: {
    input: {} as CouponSelectionInput,
    context: {} as CouponSelectionContext,
    events: {} as CouponSelectionEvent,
    emitted: {} as CouponSelectionEmitted,
  },
  actors: {
    /** activity/couponList { isAll: false }: the coupons the customer holds and may still use. */
    loadCoupons: notProvided<CustomerCoupon[]>('loadCoupons'),
  },
  guards: {
    isLoggedIn: ({ context }) => context.loggedIn,
    /** Only a coupon that applies to this cart; a product coupon pointed at a line, one in the cart. */
    isChoosable: ({ context }, params: { id: number; lineFlag?: string | null }) =>
      evaluationOf(context, params.id)?.usable === true &&
      (params.lineFlag == null || context.lineFlags.includes(params.lineFlag)),
    /** The new pricing changes the choice (so the cart must be priced again with it). */
    movesChoice: ({ context }, params: CouponPricing) => {
      const next = settleChoice({ ...context, ...params });
      return next.chosenId !== context.chosenId || next.lineFlag !== context.lineFlag;
    },
  },
  actions: {
    markLoggedIn: assign({ loggedIn: true }),
    storeCoupons: assign((_, params: { coupons: CustomerCoupon[] }) => ({
      coupons: params.coupons.filter((c) => c.state === 'usable'),
      error: null,
    })),
    storePricing: assign((_, params: CouponPricing) => ({
      evaluations: params.evaluations,
      lineFlags: params.lineFlags,
      payType: params.payType,
    })),
    settle: assign(({ context }) => settleChoice(context)),
    choose: assign((_, params: { id: number; lineFlag?: string | null }) => ({
      chosenId: params.id,
      lineFlag: params.lineFlag ?? null,
      cleared: false,
      notice: null,
    })),
    clear: assign({ chosenId: null, lineFlag: null, cleared: true, notice: null }),
    /** The server's word wins: the choice goes and the list is read again. */
    dropRefused: assign((_, params: { reasons: string[] }) => ({
      chosenId: null,
      lineFlag: null,
      cleared: true,
      notice: { kind: 'refused', reasons: params.reasons } as CouponNotice,
    })),
    dismissNotice: assign({ notice: null }),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    announce: emit(({ context }) => ({
      type: 'coupons.changed' as const,
      coupons: pricingCoupons(context.coupons),
      couponId: context.chosenId,
      couponLineFlag: context.lineFlag,
    })),
  },
}).createMachine({
  id: 'couponSelection',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    chosenId: input.kept?.chosenId ?? null,
    lineFlag: input.kept?.lineFlag ?? null,
    cleared: input.kept?.cleared ?? false,
    coupons: [],
    evaluations: [],
    lineFlags: [],
    payType: null,
    notice: null,
    error: null,
  }),
  // The latest pricing is kept in every state, so the list that arrives later is settled against it.
  on: {
    'coupons.priced': { actions: { type: 'storePricing', params: ({ event }) => event } },
    'coupons.dismissNotice': { actions: 'dismissNotice' },
  },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isLoggedIn', target: 'loading' }, { target: 'guest' }] },
    guest: {
      on: { 'coupons.login': { target: 'loading', actions: 'markLoggedIn' } },
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadCoupons',
        onDone: {
          target: 'ready',
          // The engine evaluates the new list on the next recalculation, which the change starts.
          actions: [{ type: 'storeCoupons', params: ({ event }) => ({ coupons: event.output }) }, 'announce'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    failed: { tags: 'error', on: { 'coupons.retry': 'loading' } },
    ready: {
      on: {
        'coupons.priced': [
          {
            guard: { type: 'movesChoice', params: ({ event }) => event },
            actions: [{ type: 'storePricing', params: ({ event }) => event }, 'settle', 'announce'],
          },
          { actions: { type: 'storePricing', params: ({ event }) => event } },
        ],
        'coupons.choose': {
          guard: { type: 'isChoosable', params: ({ event }) => event },
          actions: [{ type: 'choose', params: ({ event }) => event }, 'announce'],
        },
        'coupons.clear': { actions: ['clear', 'announce'] },
        'coupons.refused': {
          target: 'loading',
          actions: [{ type: 'dropRefused', params: ({ event }) => event }, 'announce'],
        },
        'coupons.reload': 'loading',
      },
    },
  },
});

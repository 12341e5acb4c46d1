// The recharge model, one source for two walks: tests/model/member/recharge.model.test.ts drives the real
// recharge machine with it, and a QA replay can walk /member/recharge in Chromium with the same paths.
import { assign, setup } from 'xstate';

export interface RechargeModelContext {
  /** What the customer picked: a tier, or an amount of their own (valid or not). */
  choice: 'tier' | 'free' | 'freeInvalid';
  /** Why the customer is back at the tiers. */
  notice: 'cancel' | 'fail' | 'refused' | null;
}

export type RechargeModelEvent =
  | { type: 'RULES_OK' }
  | { type: 'RULES_CLOSED' }
  | { type: 'RULES_FAIL' }
  | { type: 'RELOAD' }
  | { type: 'CHOOSE_TIER' }
  | { type: 'TYPE_AMOUNT' }
  | { type: 'TYPE_BAD_AMOUNT' }
  | { type: 'SUBMIT' }
  | { type: 'SUBMIT_REFUSED' }
  | { type: 'RETURN_PAID' }
  | { type: 'RETURN_DECLINED' }
  | { type: 'RETURN_CANCELLED' }
  | { type: 'RETURN_PENDING' }
  | { type: 'CALLBACK_ARRIVES' }
  | { type: 'WAIT_OUT' }
  | { type: 'CHECK_AGAIN' }
  | { type: 'BACK' };

/**
 * The customer's view of topping up: the tiers load (or top-ups are closed, or the load fails), a tier or an
 * amount of their own is chosen, the gateway's page is paid, cancelled or declined, and the top-up is
 * credited, or not confirmed in time (check again, or back to the tiers).
 */
export const rechargeModel = setup({
  types: { context: {} as RechargeModelContext, events: {} as RechargeModelEvent },
  guards: {
    choiceValid: ({ context }) => context.choice !== 'freeInvalid',
  },
  actions: {
    choose: assign((_, choice: RechargeModelContext['choice']) => ({ choice, notice: null })),
    note: assign((_, notice: RechargeModelContext['notice']) => ({ notice })),
    /** Back from the gateway the page starts afresh: its first tier is chosen again. */
    comeBack: assign((_, notice: RechargeModelContext['notice']) => ({ choice: 'tier' as const, notice })),
  },
}).createMachine({
  id: 'rechargeModel',
  context: { choice: 'tier', notice: null },
  initial: 'loading',
  states: {
    loading: { on: { RULES_OK: 'choosing', RULES_CLOSED: 'closed', RULES_FAIL: 'loadFailed' } },
    loadFailed: { on: { RELOAD: 'loading' } },
    closed: {},
    choosing: {
      on: {
        CHOOSE_TIER: { actions: { type: 'choose', params: 'tier' } },
        TYPE_AMOUNT: { actions: { type: 'choose', params: 'free' } },
        TYPE_BAD_AMOUNT: { actions: { type: 'choose', params: 'freeInvalid' } },
        SUBMIT: { guard: 'choiceValid', target: 'gateway', actions: { type: 'note', params: null } },
        SUBMIT_REFUSED: { guard: 'choiceValid', actions: { type: 'note', params: 'refused' } },
      },
    },
    /** On the gateway's hosted page. */
    gateway: {
      on: {
        RETURN_PAID: 'credited',
        RETURN_DECLINED: { target: 'choosing', actions: { type: 'comeBack', params: 'fail' } },
        RETURN_CANCELLED: { target: 'choosing', actions: { type: 'comeBack', params: 'cancel' } },
        RETURN_PENDING: { target: 'processing', actions: { type: 'comeBack', params: null } },
      },
    },
    processing: { on: { CALLBACK_ARRIVES: 'credited', WAIT_OUT: 'notCompleted' } },
    notCompleted: {
      on: {
        CHECK_AGAIN: 'processing',
        BACK: 'choosing',
      },
    },
    credited: { type: 'final' },
  },
});

export const RECHARGE_EVENTS: RechargeModelEvent[] = [
  { type: 'RULES_OK' },
  { type: 'RULES_CLOSED' },
  { type: 'RULES_FAIL' },
  { type: 'RELOAD' },
  { type: 'CHOOSE_TIER' },
  { type: 'TYPE_AMOUNT' },
  { type: 'TYPE_BAD_AMOUNT' },
  { type: 'SUBMIT' },
  { type: 'SUBMIT_REFUSED' },
  { type: 'RETURN_PAID' },
  { type: 'RETURN_DECLINED' },
  { type: 'RETURN_CANCELLED' },
  { type: 'RETURN_PENDING' },
  { type: 'CALLBACK_ARRIVES' },
  { type: 'WAIT_OUT' },
  { type: 'CHECK_AGAIN' },
  { type: 'BACK' },
];

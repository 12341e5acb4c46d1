// The payment model, one source for two walks: tests/model/payment/payment.model.test.ts drives the real payment
// machine with it, and `npm run qa:replay -- payment` (qa/flows/payment.ts) the running shop in Chromium.
import { assign, setup } from 'xstate';
import type { OrderPayRejectionInfo } from '../../src/domain/api/order-life';

export type PaymentModelPayType = 'Card' | 'Cash' | 'VIP';
export interface PaymentModelContext {
  payType: PaymentModelPayType;
  refusal: OrderPayRejectionInfo['reason'] | null;
}
export type PaymentModelEvent =
  | { type: 'OPTIONS_OK' }
  | { type: 'OPTIONS_FAIL' }
  | { type: 'RELOAD' }
  | { type: 'CHOOSE'; payType: PaymentModelPayType }
  | { type: 'SUBMIT' }
  | { type: 'SUBMIT_GATEWAY_DOWN' }
  | { type: 'SUBMIT_EXPIRED' }
  | { type: 'PASSWORD_RIGHT' }
  | { type: 'PASSWORD_WRONG' }
  | { type: 'PASSWORD_SHORT' }
  | { type: 'PASSWORD_LOCKED' }
  | { type: 'BACK' }
  | { type: 'RETURN_PAID' }
  | { type: 'RETURN_DECLINED' }
  | { type: 'RETURN_CANCELLED' }
  | { type: 'RETURN_PENDING' }
  | { type: 'CALLBACK_ARRIVES' }
  | { type: 'WAIT_OUT' }
  | { type: 'CHECK_AGAIN' }
  | { type: 'GIVE_UP' }
  | { type: 'RETRY_PAYMENT' }
  | { type: 'CHANGE_TYPE' };

/**
 * The customer's view of paying: choose how, give the pay password for the member card, go to the
 * gateway's page and come back (paid, declined, cancelled, or not known yet), retry or pay another way.
 */
export const paymentModel = setup({
  types: { context: {} as PaymentModelContext, events: {} as PaymentModelEvent },
  guards: {
    is: ({ context }, payType: PaymentModelPayType) => context.payType === payType,
    isNot: ({ context }, payType: PaymentModelPayType) => context.payType !== payType,
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'CHOOSE' ? { payType: event.payType, refusal: null } : {})),
    refuse: assign((_, reason: OrderPayRejectionInfo['reason']) => ({ refusal: reason })),
    clear: assign({ refusal: null }),
  },
}).createMachine({
  id: 'paymentModel',
  context: { payType: 'Card', refusal: null },
  initial: 'loading',
  states: {
    loading: { on: { OPTIONS_OK: 'choosing', OPTIONS_FAIL: 'loadFailed' } },
    loadFailed: { on: { RELOAD: 'loading' } },
    choosing: {
      on: {
        CHOOSE: { actions: 'choose' },
        SUBMIT: [
          { guard: { type: 'is', params: 'VIP' }, target: 'password', actions: 'clear' },
          { guard: { type: 'is', params: 'Card' }, target: 'redirecting', actions: 'clear' },
          { target: 'success', actions: 'clear' },
        ],
        SUBMIT_GATEWAY_DOWN: {
          guard: { type: 'is', params: 'Card' },
          actions: { type: 'refuse', params: 'gatewayUnavailable' },
        },
        SUBMIT_EXPIRED: {
          guard: { type: 'isNot', params: 'VIP' },
          target: 'closed',
          actions: { type: 'refuse', params: 'expired' },
        },
      },
    },
    password: {
      on: {
        PASSWORD_RIGHT: { target: 'success', actions: 'clear' },
        PASSWORD_WRONG: { actions: { type: 'refuse', params: 'payPasswordWrong' } },
        PASSWORD_SHORT: { target: 'choosing', actions: { type: 'refuse', params: 'balanceShort' } },
        PASSWORD_LOCKED: { target: 'choosing', actions: { type: 'refuse', params: 'payPasswordLocked' } },
        BACK: { target: 'choosing', actions: 'clear' },
      },
    },
    redirecting: {
      on: {
        RETURN_PAID: 'success',
        RETURN_DECLINED: 'fail',
        RETURN_CANCELLED: 'cancel',
        RETURN_PENDING: 'processing',
      },
    },
    processing: { on: { CALLBACK_ARRIVES: 'success', WAIT_OUT: 'notCompleted' } },
    notCompleted: { on: { CHECK_AGAIN: 'processing', GIVE_UP: 'cancel' } },
    fail: { on: { RETRY_PAYMENT: 'redirecting', CHANGE_TYPE: 'choosing' } },
    cancel: { on: { RETRY_PAYMENT: 'redirecting', CHANGE_TYPE: 'choosing' } },
    success: {},
    closed: {},
  },
});

export const PAYMENT_EVENTS: PaymentModelEvent[] = [
  { type: 'OPTIONS_OK' },
  { type: 'OPTIONS_FAIL' },
  { type: 'RELOAD' },
  { type: 'CHOOSE', payType: 'Card' },
  { type: 'CHOOSE', payType: 'Cash' },
  { type: 'CHOOSE', payType: 'VIP' },
  { type: 'SUBMIT' },
  { type: 'SUBMIT_GATEWAY_DOWN' },
  { type: 'SUBMIT_EXPIRED' },
  { type: 'PASSWORD_RIGHT' },
  { type: 'PASSWORD_WRONG' },
  { type: 'PASSWORD_SHORT' },
  { type: 'PASSWORD_LOCKED' },
  { type: 'BACK' },
  { type: 'RETURN_PAID' },
  { type: 'RETURN_DECLINED' },
  { type: 'RETURN_CANCELLED' },
  { type: 'RETURN_PENDING' },
  { type: 'CALLBACK_ARRIVES' },
  { type: 'WAIT_OUT' },
  { type: 'CHECK_AGAIN' },
  { type: 'GIVE_UP' },
  { type: 'RETRY_PAYMENT' },
  { type: 'CHANGE_TYPE' },
];

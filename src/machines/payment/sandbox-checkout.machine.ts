// The sandbox gateway's hosted page (/order/stripe-pay for cards, /order/allin-pay for a wallet), the
// built-in stand-in for a provider's checkout in the online payment round trip (spec §3 payment methods and
// results): read the session by trade number, take the card number, send the customer's choice to the
// gateway, then follow the gateway's return address back into the shop. Test cards decide the outcome on
// the gateway; this flow only checks that a card number looks like one before asking.
import { assign, emit, setup } from 'xstate';
import type { SandboxCompleteInfo, SandboxOutcome, SandboxSession } from '../../domain/api/order-life';
import { errorMessage, notProvided } from '../shared/not-provided';

/** 12 to 19 digits once the spaces between groups are gone. */
const CARD_DIGITS = /^\d{12,19}$/;
/** 19 digits with a space after every group of four. */
export const CARD_INPUT_MAX = 23;

/** What the customer typed, kept to digits and spaces and to the length of the longest grouped number. */
export const cardInputOf = (value: string) => value.replace(/[^\d ]/g, '').slice(0, CARD_INPUT_MAX);
const digitsOf = (cardNumber: string) => cardNumber.replace(/\s+/g, '');

/** The customer's two buttons: pay with what was typed, or give up on this attempt. */
export type SandboxChoice = 'pay' | 'cancel';

export interface SandboxCompleteRequest {
  tradeNo: string;
  outcome: SandboxOutcome;
  cardNumber?: string;
}

export interface SandboxCheckoutContext {
  tradeNo: string | null;
  session: SandboxSession | null;
  cardNumber: string;
  /** The typed number is no card number (shown on the field). */
  cardError: boolean;
  /** The button last pressed: which one shows as working while the gateway answers. */
  choice: SandboxChoice | null;
  /** A failed load or completion, as text from the request layer. */
  error: string | null;
}

export type SandboxCheckoutEvent =
  { type: 'gateway.cardNumber'; value: string } | { type: 'gateway.pay' } | { type: 'gateway.cancel' };

/** The gateway took the choice: the browser goes to its return address (the shop's payment callback). */
export type SandboxCheckoutEmitted = { type: 'gateway.leave'; url: string };

export const sandboxCheckoutMachine = setup({
  types: {
    input: {} as { tradeNo: string | null },
    context: {} as SandboxCheckoutContext,
    events: {} as SandboxCheckoutEvent,
    emitted: {} as SandboxCheckoutEmitted,
  },
  actors: {
    /** sandboxGateway/session. */
    loadSession: notProvided<SandboxSession, { tradeNo: string }>('loadSession'),
    /** sandboxGateway/complete: the gateway records the outcome and notifies the shop's server. */
    complete: notProvided<SandboxCompleteInfo, SandboxCompleteRequest>('complete'),
  },
  guards: {
    hasTradeNo: ({ context }) => context.tradeNo !== null && context.tradeNo.trim() !== '',
    isOpen: ({ context }) => context.session?.state === 'processing',
    /** Only the card page asks for a number; a wallet pays without one. */
    isCardInvalid: ({ context }) =>
      context.session?.style === 'card' && !CARD_DIGITS.test(digitsOf(context.cardNumber)),
  },
  actions: {
    storeSession: assign((_, params: { session: SandboxSession }) => ({ session: params.session })),
    setCardNumber: assign((_, params: { value: string }) => ({
      cardNumber: cardInputOf(params.value),
      cardError: false,
    })),
    rejectCard: assign({ cardError: true, error: null }),
    choose: assign((_, params: { choice: SandboxChoice }) => ({
      choice: params.choice,
      cardError: false,
      error: null,
    })),
    fail: assign((_, params: { message: string }) => ({ choice: null, error: params.message })),
    announceLeave: emit((_, params: { url: string }) => ({
      type: 'gateway.leave' as const,
      url: params.url,
    })),
  },
}).createMachine({
  id: 'sandboxCheckout',
  context: ({ input }) => ({
    tradeNo: input.tradeNo,
    session: null,
    cardNumber: '',
    cardError: false,
    choice: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasTradeNo', target: 'loading' }, { target: 'notFound' }],
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadSession',
        input: ({ context }) => ({ tradeNo: context.tradeNo!.trim() }),
        onDone: {
          target: 'routing',
          actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
        },
        // The page has nothing to show without its session: an unknown or unreadable trade alike.
        onError: {
          target: 'notFound',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    routing: {
      always: [{ guard: 'isOpen', target: 'open' }, { target: 'finished' }],
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'gateway.cardNumber': {
              actions: { type: 'setCardNumber', params: ({ event }) => event },
            },
            'gateway.pay': [
              { guard: 'isCardInvalid', actions: 'rejectCard' },
              { target: 'submitting', actions: { type: 'choose', params: { choice: 'pay' } } },
            ],
            'gateway.cancel': {
              target: 'submitting',
              actions: { type: 'choose', params: { choice: 'cancel' } },
            },
          },
        },
        // No events here: a second tap while the gateway answers sends nothing.
        submitting: {
          tags: ['busy', 'submitting'],
          invoke: {
            src: 'complete',
            input: ({ context }) => {
              const session = context.session!;
              if (context.choice === 'cancel') return { tradeNo: session.tradeNo, outcome: 'cancel' };
              return {
                tradeNo: session.tradeNo,
                outcome: 'succeed',
                ...(session.style === 'card' ? { cardNumber: digitsOf(context.cardNumber) } : {}),
              };
            },
            onDone: {
              target: '#sandboxCheckout.leaving',
              actions: { type: 'announceLeave', params: ({ event }) => ({ url: event.output.returnUrl }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
      },
    },
    /** The session is no longer open (paid, declined or cancelled already): nothing to choose. */
    finished: { type: 'final' },
    /** No trade number, or the gateway has no session under it. */
    notFound: { type: 'final', tags: 'error' },
    /** The browser is on its way back to the shop; the pressed button stays working until it has gone. */
    leaving: { type: 'final', tags: ['busy', 'submitting'] },
  },
});

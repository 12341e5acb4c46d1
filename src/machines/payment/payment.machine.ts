// Paying for a placed order (spec §3 payment methods and results, §8 payment messages, §9 pay password):
// the pay type (it may change until the order is paid), the member card's 6-digit pay password, counter and
// delivery settlement, and the online gateway's round trip: redirect to the hosted page, come back with the
// trade number, then read the order until its payment leaves processing (0) for success (1), fail (2) or
// cancel (3). The server decides every outcome; this flow only asks and reads back.
import { and, assign, emit, enqueueActions, setup } from 'xstate';
import type { OrderDetail, OrderPayment } from '../../domain/api/order';
import type { OrderPayInfo, OrderPayInput, OrderPayRejectionInfo } from '../../domain/api/order-life';
import { PAY_PASSWORD_PATTERN } from '../../domain/api/order-life-rules';
import type { PayOption } from '../../domain/api/store';
import type { PayType } from '../../domain/enums';
import { errorMessage, notProvided } from '../shared/not-provided';

/** How long the flow reads the order back after a gateway return before it says "not completed". */
export const POLL_INTERVAL_MS = 1500;
export const MAX_POLLS = 12;

/** Refusals after which the order cannot be paid at all (nothing to retry). */
const CLOSING_REFUSALS = ['notPayable', 'expired', 'orderNotFound'] as const;

export interface PaymentInput {
  order: OrderDetail;
  /** Back from a gateway's hosted page with the attempt's trade number (/order/allin-pay-callback). */
  returned?: { tradeNo: string } | null;
  /** The customer has a member card here (a card payment without one is refused before asking). */
  hasMember: boolean;
}

/** What order/pay answered: the order and attempt, or the server's refusal (nothing was charged). */
export type PayResult = { paid: OrderPayInfo } | { rejection: OrderPayRejectionInfo };

export interface PaymentContext {
  order: OrderDetail;
  options: PayOption[];
  payType: PayType | null;
  /** After `payTypeLocked`: the only pay type the order's price allows. */
  lockedTo: PayType | null;
  hasMember: boolean;
  returned: { tradeNo: string } | null;
  refusal: OrderPayRejectionInfo | null;
  /** A failure that is no refusal (network, load), as text from the request layer. */
  error: string | null;
  redirectUrl: string | null;
  polls: number;
  /**
   * An attempt was made in this flow (or the customer came back from one): only then is reaching success,
   * fail or cancel news the app acts on. Opening an order that was settled long ago is not.
   */
  attempted: boolean;
}

export type PaymentEvent =
  | { type: 'pay.choose'; payType: PayType }
  | { type: 'pay.submit' }
  | { type: 'pay.password'; password: string }
  | { type: 'pay.back' }
  | { type: 'pay.retry' }
  | { type: 'pay.changeType' }
  | { type: 'pay.giveUp' }
  | { type: 'pay.dismiss' };

export type PaymentEmitted =
  /** Online: the app sends the browser to the gateway's hosted page. */
  | { type: 'payment.redirect'; url: string }
  /** The order went to the merchant: paid, or to be paid at the counter or on delivery. */
  | { type: 'payment.settled'; order: OrderDetail }
  /** The gateway attempt ended without money taken. */
  | { type: 'payment.ended'; order: OrderDetail; state: 'fail' | 'cancel' };

const latest = (order: OrderDetail): OrderPayment | null => order.payment;

/** Options for the order's type, the member card only while the order's price requires it. */
export const offeredOptions = (context: Pick<PaymentContext, 'options' | 'order' | 'lockedTo'>) =>
  context.options.filter(
    (o) =>
      o.orderTypes.includes(context.order.orderType) && (!context.lockedTo || o.payType === context.lockedTo),
  );

const optionOf = (context: PaymentContext, payType: PayType | null) =>
  offeredOptions(context).find((o) => o.payType === payType) ?? null;

/** The order's own pay type when still offered; else the first, or the member card for a member. */
function defaultPayType(context: PaymentContext): PayType | null {
  const offered = offeredOptions(context);
  if (offered.some((o) => o.payType === context.order.payType)) return context.order.payType;
  if (context.hasMember && offered.some((o) => o.payType === 'VIP')) return 'VIP';
  return offered[0]?.payType ?? null;
}

/** The order reached the merchant: paid, or settled at the counter or on delivery. */
export const isOrderSettled = (order: OrderDetail) =>
  order.status !== 'nopay' && order.status !== 'nopay_cancel' && order.status !== 'need_pay';

/** The refusal an order/pay outcome carries (its guards have already told it is one). */
const refusalOf = ({ event }: { event: { output: unknown } }) => ({
  rejection: (event.output as { rejection: OrderPayRejectionInfo }).rejection,
});

/** A failed or cancelled attempt: tell the page, then try again (the same pay type) or choose another. */
const ENDED = {
  entry: 'announceEnded',
  on: {
    'pay.retry': [
      { guard: 'needsPassword', target: 'password' },
      { guard: 'hasPayType', target: 'paying' },
      { target: 'choosing' },
    ],
    'pay.changeType': 'choosing',
  },
} as const;

export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    emitted: {} as PaymentEmitted,
  },
  actors: {
    /** store/paySetting for the order's type. */
    loadPayOptions: notProvided<PayOption[], { orderType: OrderDetail['orderType'] }>('loadPayOptions'),
    /** order/pay: the attempt, or the refusal; rejects only when the outcome is unknown. */
    payOrder: notProvided<PayResult, OrderPayInput>('payOrder'),
    /** order/updateTradeNo: the server asks the gateway about the returned trade. */
    confirmReturn: notProvided<OrderDetail, { id: number; tradeNo: string }>('confirmReturn'),
    /** order/detail. */
    loadOrder: notProvided<OrderDetail, { id: number }>('loadOrder'),
    /** order/payErrorCallback: the customer gave up on the open attempt; the gateway has the last word. */
    cancelAttempt: notProvided<OrderDetail, { id: number; paymentId: number }>('cancelAttempt'),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
  },
  guards: {
    hasReturned: ({ context }) => context.returned !== null,
    isSettled: ({ context }) => isOrderSettled(context.order),
    isProcessing: ({ context }) => latest(context.order)?.state === 'processing',
    canPollAgain: ({ context }) => context.polls < MAX_POLLS,
    isUnpayable: ({ context }) => !context.order.actions.pay,
    lastFailed: ({ context }) => latest(context.order)?.state === 'fail',
    lastCancelled: ({ context }) => latest(context.order)?.state === 'cancel',
    isOffered: ({ context }, params: { payType: PayType }) => optionOf(context, params.payType) !== null,
    hasPayType: ({ context }) => optionOf(context, context.payType) !== null,
    needsMemberFirst: ({ context }) =>
      optionOf(context, context.payType)?.needsMember === true && !context.hasMember,
    needsPassword: ({ context }) => optionOf(context, context.payType)?.needsMember === true,
    isPasswordWellFormed: (_, params: { password: string }) => PAY_PASSWORD_PATTERN.test(params.password),
    isRefusal: (_, params: PayResult) => 'rejection' in params,
    isWrongPassword: (_, params: PayResult) =>
      'rejection' in params && params.rejection.reason === 'payPasswordWrong',
    isClosingRefusal: (_, params: PayResult) =>
      'rejection' in params && (CLOSING_REFUSALS as readonly string[]).includes(params.rejection.reason),
    isAnotherInProgress: (_, params: PayResult) =>
      'rejection' in params && params.rejection.reason === 'paymentInProgress',
    isRedirect: (_, params: PayResult) => 'paid' in params && params.paid.redirectUrl !== null,
  },
  actions: {
    storeOptions: assign(({ context }, params: { options: PayOption[] }) => {
      const next = { ...context, options: params.options };
      const keep = optionOf(next, context.payType) ? context.payType : null;
      return { options: params.options, payType: keep ?? defaultPayType(next) };
    }),
    choose: assign((_, params: { payType: PayType }) => ({
      payType: params.payType,
      refusal: null,
      error: null,
    })),
    refuseWithoutMember: assign({
      refusal: { reason: 'memberRequired' } as OrderPayRejectionInfo,
    }),
    storeRefusal: assign(({ context }, params: { rejection: OrderPayRejectionInfo }) => ({
      refusal: params.rejection,
      // The order's price needs the member card: only that option stays.
      lockedTo: params.rejection.reason === 'payTypeLocked' ? ('VIP' as PayType) : context.lockedTo,
      payType: params.rejection.reason === 'payTypeLocked' ? ('VIP' as PayType) : context.payType,
    })),
    storePaid: assign((_, params: { info: OrderPayInfo }) => ({
      order: params.info.order,
      redirectUrl: params.info.redirectUrl,
      refusal: null,
      error: null,
      polls: 0,
    })),
    storeOrder: assign((_, params: { order: OrderDetail }) => ({ order: params.order })),
    forgetReturn: assign({ returned: null }),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    resetPolls: assign({ polls: 0 }),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    dismiss: assign({ refusal: null, error: null }),
    announceRedirect: emit(({ context }) => ({
      type: 'payment.redirect' as const,
      url: context.redirectUrl!,
    })),
    markAttempted: assign({ attempted: true }),
    announceSettled: enqueueActions(({ context, enqueue }) => {
      if (context.attempted) enqueue.emit({ type: 'payment.settled', order: context.order });
    }),
    announceEnded: enqueueActions(({ context, enqueue }) => {
      if (!context.attempted) return;
      const state = latest(context.order)?.state === 'cancel' ? 'cancel' : 'fail';
      enqueue.emit({ type: 'payment.ended', order: context.order, state });
    }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    order: input.order,
    options: [],
    payType: null,
    lockedTo: null,
    hasMember: input.hasMember,
    returned: input.returned ?? null,
    refusal: null,
    error: null,
    redirectUrl: null,
    polls: 0,
    attempted: Boolean(input.returned),
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadPayOptions',
        input: ({ context }) => ({ orderType: context.order.orderType }),
        onDone: {
          target: 'routing',
          actions: { type: 'storeOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'error',
      on: { 'pay.retry': { target: 'loading', actions: 'dismiss' } },
    },
    /** Where the order stands decides what the customer sees. */
    routing: {
      always: [
        { guard: 'hasReturned', target: 'processing.confirming' },
        { guard: 'isSettled', target: 'success' },
        { guard: and(['isProcessing', 'canPollAgain']), target: 'processing.waiting' },
        { guard: 'isProcessing', target: 'processing.notCompleted' },
        { guard: 'isUnpayable', target: 'closed' },
        { guard: 'lastFailed', target: 'fail' },
        { guard: 'lastCancelled', target: 'cancel' },
        { target: 'choosing' },
      ],
    },
    choosing: {
      on: {
        'pay.choose': {
          guard: { type: 'isOffered', params: ({ event }) => event },
          actions: { type: 'choose', params: ({ event }) => event },
        },
        'pay.submit': [
          { guard: 'needsMemberFirst', actions: 'refuseWithoutMember' },
          { guard: 'needsPassword', target: 'password', actions: 'dismiss' },
          { guard: 'hasPayType', target: 'paying', actions: 'dismiss' },
        ],
        'pay.dismiss': { actions: 'dismiss' },
      },
    },
    password: {
      on: {
        'pay.password': {
          guard: { type: 'isPasswordWellFormed', params: ({ event }) => event },
          target: 'paying',
          actions: 'dismiss',
        },
        'pay.back': { target: 'choosing', actions: 'dismiss' },
      },
    },
    paying: {
      tags: 'busy',
      entry: 'markAttempted',
      invoke: {
        src: 'payOrder',
        input: ({ context, event }) => ({
          id: context.order.id,
          payTypeId: optionOf(context, context.payType)!.id,
          payPassword: event.type === 'pay.password' ? event.password : undefined,
        }),
        onDone: [
          {
            guard: { type: 'isWrongPassword', params: ({ event }) => event.output },
            target: 'password',
            actions: {
              type: 'storeRefusal',
              params: refusalOf,
            },
          },
          {
            guard: { type: 'isClosingRefusal', params: ({ event }) => event.output },
            target: 'reloading',
            actions: {
              type: 'storeRefusal',
              params: refusalOf,
            },
          },
          {
            guard: { type: 'isAnotherInProgress', params: ({ event }) => event.output },
            target: 'processing.checking',
            actions: 'resetPolls',
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => event.output },
            target: 'choosing',
            actions: {
              type: 'storeRefusal',
              params: refusalOf,
            },
          },
          {
            guard: { type: 'isRedirect', params: ({ event }) => event.output },
            target: 'redirecting',
            actions: {
              type: 'storePaid',
              params: ({ event }) => ({ info: (event.output as { paid: OrderPayInfo }).paid }),
            },
          },
          {
            target: 'routing',
            actions: {
              type: 'storePaid',
              params: ({ event }) => ({ info: (event.output as { paid: OrderPayInfo }).paid }),
            },
          },
        ],
        // No answer: the payment may or may not have happened, so the order is read back first.
        onError: {
          target: 'reloading',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    reloading: {
      tags: 'busy',
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => ({ id: context.order.id }),
        onDone: {
          target: 'routing',
          actions: { type: 'storeOrder', params: ({ event }) => ({ order: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    redirecting: {
      tags: ['busy', 'processing'],
      entry: 'announceRedirect',
    },
    /** Payment result 0: the gateway has not answered yet. */
    processing: {
      tags: 'processing',
      initial: 'waiting',
      states: {
        confirming: {
          tags: 'busy',
          invoke: {
            src: 'confirmReturn',
            input: ({ context }) => ({ id: context.order.id, tradeNo: context.returned!.tradeNo }),
            onDone: {
              target: '#payment.routing',
              actions: [
                'forgetReturn',
                { type: 'storeOrder', params: ({ event }) => ({ order: event.output }) },
              ],
            },
            // The trade could not be confirmed now: the order is read until the gateway's callback lands.
            onError: { target: 'waiting', actions: 'forgetReturn' },
          },
        },
        waiting: {
          tags: 'busy',
          after: { pollInterval: 'checking' },
        },
        checking: {
          tags: 'busy',
          // Watching an open attempt end is news, as much as making one.
          entry: ['countPoll', 'markAttempted'],
          invoke: {
            src: 'loadOrder',
            input: ({ context }) => ({ id: context.order.id }),
            onDone: {
              target: '#payment.routing',
              actions: { type: 'storeOrder', params: ({ event }) => ({ order: event.output }) },
            },
            // A lost read counts as a look: the limit still ends the wait.
            onError: [{ guard: 'canPollAgain', target: 'waiting' }, { target: 'notCompleted' }],
          },
        },
        /** "Payment not completed": look again, or give up on this attempt and pay another way. */
        notCompleted: {
          on: {
            'pay.retry': { target: 'checking', actions: 'resetPolls' },
            'pay.giveUp': 'cancelling',
          },
        },
        cancelling: {
          tags: 'busy',
          invoke: {
            src: 'cancelAttempt',
            input: ({ context }) => ({ id: context.order.id, paymentId: context.order.payment!.id }),
            onDone: {
              target: '#payment.routing',
              actions: { type: 'storeOrder', params: ({ event }) => ({ order: event.output }) },
            },
            onError: {
              target: 'notCompleted',
              actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
      },
    },
    /** Payment result 1, or settled at the counter or on delivery. */
    success: {
      type: 'final',
      entry: 'announceSettled',
    },
    /** Payment result 2. */
    fail: ENDED,
    /** Payment result 3. */
    cancel: ENDED,
    /** The order can no longer be paid (expired, closed, or paid elsewhere). */
    closed: {
      type: 'final',
    },
  },
});

// Exchanging points for one item of the points mall (spec §2 /member/point-store/*, §7
// activity/pointExchangeProduct): choose a quantity within what the item still allows, confirm it in a
// sheet that shows the points it takes and what is left, exchange, and either hand the exchange to the
// success page or stay on the item with the server's reason in the customer's language (not enough points,
// sold out, limit reached, not on sale, not a member). The server decides every outcome; one request key
// per confirmed attempt makes a repeated request after a lost answer the same exchange.
import { assign, emit, setup } from 'xstate';
import type { PointExchangeView, PointStoreItem, PointStoreRefusal } from '../../domain/api/point-store';
import { errorMessage, notProvided } from '../shared/not-provided';

/** The server's refusal of an exchange, with its message in the customer's language. */
export interface ExchangeRejection {
  reason: PointStoreRefusal;
  message: string;
}

/** What activity/pointExchangeProduct answered: the exchange, or the server's refusal (nothing moved). */
export type ExchangeResult = { exchanged: PointExchangeView } | { rejection: ExchangeRejection };

export interface PointExchangeInput {
  item: PointStoreItem;
  /** The member's points when the item was read. */
  points: number;
}

export interface PointExchangeContext {
  item: PointStoreItem;
  points: number;
  quantity: number;
  rejection: ExchangeRejection | null;
  /** A failure that is no refusal (network), as text from the request layer. */
  error: string | null;
  exchange: PointExchangeView | null;
}

export type PointExchangeEvent =
  | { type: 'exchange.open' }
  | { type: 'exchange.increase' }
  | { type: 'exchange.decrease' }
  | { type: 'exchange.confirm' }
  | { type: 'exchange.cancel' }
  | { type: 'exchange.dismiss' };

/** The app opens the success page with the exchange. */
export type PointExchangeEmitted = { type: 'exchange.done'; exchange: PointExchangeView };

/** The points the chosen quantity takes. */
export const costOf = (context: Pick<PointExchangeContext, 'item' | 'quantity'>) =>
  context.item.points * context.quantity;

export const pointExchangeMachine = setup({
  types: {
    input: {} as PointExchangeInput,
    context: {} as PointExchangeContext,
    events: {} as PointExchangeEvent,
    emitted: {} as PointExchangeEmitted,
  },
  actors: {
    /** activity/pointExchangeProduct: the exchange or the refusal; rejects only when the outcome is unknown. */
    exchange: notProvided<ExchangeResult, { activityId: number; quantity: number }>('exchange'),
  },
  guards: {
    canExchange: ({ context }) => context.item.blocked === null && context.item.canExchange > 0,
    canIncrease: ({ context }) => context.quantity < context.item.canExchange,
    canDecrease: ({ context }) => context.quantity > 1,
    isRefusal: (_, params: ExchangeResult) => 'rejection' in params,
  },
  actions: {
    increase: assign(({ context }) => ({ quantity: context.quantity + 1 })),
    decrease: assign(({ context }) => ({ quantity: context.quantity - 1 })),
    storeRefusal: assign((_, params: { rejection: ExchangeRejection }) => ({
      rejection: params.rejection,
      error: null,
    })),
    storeExchange: assign((_, params: { exchange: PointExchangeView }) => ({ exchange: params.exchange })),
    fail: assign((_, params: { message: string }) => ({ error: params.message, rejection: null })),
    dismiss: assign({ rejection: null, error: null }),
    announceDone: emit(({ context }) => ({ type: 'exchange.done' as const, exchange: context.exchange! })),
  },
}).createMachine({
  id: 'pointExchange',
  context: ({ input }) => ({
    item: input.item,
    points: input.points,
    quantity: 1,
    rejection: null,
    error: null,
    exchange: null,
  }),
  initial: 'viewing',
  states: {
    /** The item with its price; exchanging starts only while it is not blocked. */
    viewing: {
      on: {
        'exchange.open': { guard: 'canExchange', target: 'choosing', actions: 'dismiss' },
        'exchange.dismiss': { actions: 'dismiss' },
      },
    },
    /** The confirm sheet: the quantity, the points it takes and the points left after it. */
    choosing: {
      on: {
        'exchange.increase': { guard: 'canIncrease', actions: 'increase' },
        'exchange.decrease': { guard: 'canDecrease', actions: 'decrease' },
        'exchange.confirm': { target: 'exchanging', actions: 'dismiss' },
        'exchange.cancel': { target: 'viewing' },
      },
    },
    exchanging: {
      tags: 'busy',
      invoke: {
        src: 'exchange',
        input: ({ context }) => ({ activityId: context.item.id, quantity: context.quantity }),
        onDone: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => event.output },
            target: 'refused',
            actions: {
              type: 'storeRefusal',
              params: ({ event }) => ({
                rejection: (event.output as { rejection: ExchangeRejection }).rejection,
              }),
            },
          },
          {
            target: 'done',
            actions: {
              type: 'storeExchange',
              params: ({ event }) => ({
                exchange: (event.output as { exchanged: PointExchangeView }).exchanged,
              }),
            },
          },
        ],
        // No answer: the sheet stays open with the message; confirming again repeats the same request key.
        onError: {
          target: 'choosing',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    /** The server said no, with its reason: back to the item, which the page reads again. */
    refused: {
      tags: 'refused',
      on: {
        'exchange.dismiss': { target: 'viewing', actions: 'dismiss' },
        'exchange.open': { guard: 'canExchange', target: 'choosing', actions: 'dismiss' },
      },
    },
    done: { type: 'final', entry: 'announceDone' },
  },
});

// The points exchange model, one source for two walks: tests/model/member/point-exchange.model.test.ts drives
// the real pointExchange machine with it, and `npm run qa:replay -- pointExchange` (qa/flows/point-exchange.ts)
// walks an item's page of the points mall in Chromium with the same paths.
import { assign, setup } from 'xstate';

export type PointExchangeRefusalReason =
  'notEnoughPoints' | 'soldOut' | 'limitReached' | 'notOnSale' | 'memberRequired';

export interface PointExchangeModelContext {
  quantity: number;
  /** The server's refusal of the last attempt, shown until the customer opens the sheet again. */
  refusal: PointExchangeRefusalReason | null;
  /** The last attempt got no answer. */
  failed: boolean;
}

export type PointExchangeModelEvent =
  | { type: 'OPEN' }
  | { type: 'MORE' }
  | { type: 'FEWER' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'EXCHANGED' }
  | { type: 'REFUSED'; reason: PointExchangeRefusalReason }
  | { type: 'NO_ANSWER' };

/** The item allows two units (its stock, limit and the member's points together). */
export const ALLOWED = 2;

/**
 * What the customer sees of one item: the confirm sheet opens, its quantity never goes above what the item
 * allows, the exchange is under way, and it succeeds, is refused with the server's reason (kept on the item
 * until the sheet opens again) or gets no answer (the sheet stays with the failure; a reopened sheet keeps
 * its quantity). The machine's `exchange.dismiss` is not here: no page has a control that sends it.
 */
export const pointExchangeModel = setup({
  types: { context: {} as PointExchangeModelContext, events: {} as PointExchangeModelEvent },
  guards: {
    canMore: ({ context }) => context.quantity < ALLOWED,
    canFewer: ({ context }) => context.quantity > 1,
  },
  actions: {
    more: assign(({ context }) => ({ quantity: context.quantity + 1 })),
    fewer: assign(({ context }) => ({ quantity: context.quantity - 1 })),
    refuse: assign((_, params: { reason: PointExchangeRefusalReason }) => ({
      refusal: params.reason,
      failed: false,
    })),
    fail: assign({ failed: true, refusal: null }),
    clear: assign({ refusal: null, failed: false }),
  },
}).createMachine({
  id: 'pointExchangeModel',
  context: { quantity: 1, refusal: null, failed: false },
  initial: 'viewing',
  states: {
    viewing: { on: { OPEN: { target: 'choosing', actions: 'clear' } } },
    choosing: {
      on: {
        MORE: { guard: 'canMore', target: 'choosing', actions: 'more' },
        FEWER: { guard: 'canFewer', target: 'choosing', actions: 'fewer' },
        CONFIRM: { target: 'exchanging', actions: 'clear' },
        CANCEL: 'viewing',
      },
    },
    exchanging: {
      on: {
        EXCHANGED: 'done',
        REFUSED: { target: 'refused', actions: { type: 'refuse', params: ({ event }) => event } },
        NO_ANSWER: { target: 'choosing', actions: 'fail' },
      },
    },
    refused: {
      on: { OPEN: { target: 'choosing', actions: 'clear' } },
    },
    done: { type: 'final' },
  },
});

export const POINT_EXCHANGE_EVENTS: PointExchangeModelEvent[] = [
  { type: 'OPEN' },
  { type: 'MORE' },
  { type: 'FEWER' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'EXCHANGED' },
  { type: 'REFUSED', reason: 'notEnoughPoints' },
  { type: 'REFUSED', reason: 'soldOut' },
  { type: 'REFUSED', reason: 'limitReached' },
  { type: 'REFUSED', reason: 'notOnSale' },
  { type: 'REFUSED', reason: 'memberRequired' },
  { type: 'NO_ANSWER' },
];

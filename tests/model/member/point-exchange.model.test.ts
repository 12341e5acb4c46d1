// The pointExchange flow walked over every state and transition of a model of what the customer sees: the
// item, the confirm sheet with its quantity (never above what the item allows), the exchange under way, the
// success handed to the app, and each refusal the server can give kept with its message, or no answer.
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type Actor } from 'xstate';
import type { PointExchangeView, PointStoreItem } from '../../../src/domain/api/point-store';
import {
  pointExchangeMachine,
  type ExchangeResult,
  type PointExchangeEmitted,
} from '../../../src/machines/member/point-exchange.machine';
import { coveragePaths, settle } from '../support';

interface ModelContext {
  quantity: number;
  refusal: string | null;
  failed: boolean;
}
type ModelEvent =
  | { type: 'OPEN' }
  | { type: 'MORE' }
  | { type: 'FEWER' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'EXCHANGED' }
  | {
      type: 'REFUSED';
      reason: 'notEnoughPoints' | 'soldOut' | 'limitReached' | 'notOnSale' | 'memberRequired';
    }
  | { type: 'NO_ANSWER' }
  | { type: 'DISMISS' };

/** The item allows two units (its stock, limit and the member's points together). */
const ALLOWED = 2;

const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    canMore: ({ context }) => context.quantity < ALLOWED,
    canFewer: ({ context }) => context.quantity > 1,
  },
  actions: {
    more: assign(({ context }) => ({ quantity: context.quantity + 1 })),
    fewer: assign(({ context }) => ({ quantity: context.quantity - 1 })),
    refuse: assign((_, params: { reason: string }) => ({ refusal: params.reason, failed: false })),
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
      on: {
        DISMISS: { target: 'viewing', actions: 'clear' },
        OPEN: { target: 'choosing', actions: 'clear' },
      },
    },
    done: { type: 'final' },
  },
});

const EVENTS: ModelEvent[] = [
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
  { type: 'DISMISS' },
];

const ITEM: PointStoreItem = {
  id: 7,
  kind: 'coupon',
  name: 'S$3 off',
  description: '',
  image: '',
  points: 300,
  stockLeft: 5,
  perMember: ALLOWED,
  canExchange: ALLOWED,
  blocked: null,
  endDate: null,
};

const exchangeOf = (quantity: number): PointExchangeView => ({
  id: 41,
  itemId: ITEM.id,
  kind: 'coupon',
  name: ITEM.name,
  image: '',
  quantity,
  points: ITEM.points * quantity,
  pointsAfter: 1000 - ITEM.points * quantity,
  coupons: Array.from({ length: quantity }, (_, n) => ({ id: 90 + n, name: 'Points mall S$3 off' })),
  collectCode: null,
  collected: false,
  createdAt: '2026-11-19T10:00:00.000Z',
});

interface Pending {
  input: { activityId: number; quantity: number };
  resolve: (r: ExchangeResult) => void;
  reject: (e: Error) => void;
}

describe('pointExchange (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const calls: Pending[] = [];
      const emitted: PointExchangeEmitted[] = [];
      const actor: Actor<typeof pointExchangeMachine> = createActor(
        pointExchangeMachine.provide({
          actors: {
            exchange: fromPromise<ExchangeResult, { activityId: number; quantity: number }>(
              ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
            ),
          },
        }),
        { input: { item: ITEM, points: 1000 } },
      );
      actor.on('*', (e) => emitted.push(e as PointExchangeEmitted));
      actor.start();
      const real = () => actor.getSnapshot();
      const noticeIs = (context: ModelContext) => {
        expect(real().context.rejection?.reason ?? null).toBe(context.refusal);
        expect(real().context.error !== null).toBe(context.failed);
      };

      await path.run({
        states: {
          viewing: (state) => {
            expect(real().value).toBe('viewing');
            noticeIs(state.context as ModelContext);
          },
          choosing: (state) => {
            expect(real().value).toBe('choosing');
            expect(real().context.quantity).toBe((state.context as ModelContext).quantity);
            noticeIs(state.context as ModelContext);
          },
          exchanging: (state) => {
            expect(real().hasTag('busy')).toBe(true);
            expect(calls.at(-1)!.input).toEqual({
              activityId: ITEM.id,
              quantity: (state.context as ModelContext).quantity,
            });
          },
          refused: (state) => {
            expect(real().hasTag('refused')).toBe(true);
            expect(real().context.rejection?.message).toBe(
              `refused: ${(state.context as ModelContext).refusal}`,
            );
          },
          done: (state) => {
            expect(real().status).toBe('done');
            expect(emitted).toEqual([
              { type: 'exchange.done', exchange: exchangeOf((state.context as ModelContext).quantity) },
            ]);
          },
        },
        events: {
          OPEN: () => void actor.send({ type: 'exchange.open' }),
          MORE: () => void actor.send({ type: 'exchange.increase' }),
          FEWER: () => void actor.send({ type: 'exchange.decrease' }),
          CONFIRM: () => void actor.send({ type: 'exchange.confirm' }),
          CANCEL: () => void actor.send({ type: 'exchange.cancel' }),
          DISMISS: () => void actor.send({ type: 'exchange.dismiss' }),
          EXCHANGED: async () => {
            const call = calls.at(-1)!;
            call.resolve({ exchanged: exchangeOf(call.input.quantity) });
            await settle();
          },
          REFUSED: async (event) => {
            calls
              .at(-1)!
              .resolve({ rejection: { reason: event.reason, message: `refused: ${event.reason}` } });
            await settle();
          },
          NO_ANSWER: async () => {
            calls.at(-1)!.reject(new Error('network'));
            await settle();
          },
        },
      });
    });
  }

  it('never opens the sheet for a blocked item, and never goes above what the item allows', () => {
    const blocked = createActor(pointExchangeMachine, {
      input: { item: { ...ITEM, blocked: 'notEnoughPoints', canExchange: 0 }, points: 10 },
    }).start();
    blocked.send({ type: 'exchange.open' });
    expect(blocked.getSnapshot().value).toBe('viewing');
    const open = createActor(pointExchangeMachine, { input: { item: ITEM, points: 1000 } }).start();
    open.send({ type: 'exchange.open' });
    for (let i = 0; i < 5; i++) open.send({ type: 'exchange.increase' });
    expect(open.getSnapshot().context.quantity).toBe(ALLOWED);
  });
});

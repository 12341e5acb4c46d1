// The pointExchange flow walked over every state and transition of a model of what the customer sees: the
// item, the confirm sheet with its quantity (never above what the item allows), the exchange under way, the
// success handed to the app, and each refusal the server can give kept with its message, or no answer.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import type { PointExchangeView, PointStoreItem } from '../../../src/domain/api/point-store';
import {
  pointExchangeMachine,
  type ExchangeResult,
  type PointExchangeEmitted,
} from '../../../src/machines/member/point-exchange.machine';
import {
  ALLOWED,
  POINT_EXCHANGE_EVENTS as EVENTS,
  pointExchangeModel as model,
  type PointExchangeModelContext as ModelContext,
} from '../../../qa/models/point-exchange.model';
import { coveragePaths, settle } from '../support';

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

  // No page sends exchange.dismiss, so the model (what the customer can do) leaves it out; the machine
  // still clears a refusal with it and goes back to the item.
  it('dismisses a refusal back to the item with nothing left of it', async () => {
    const actor = createActor(
      pointExchangeMachine.provide({
        actors: {
          exchange: fromPromise<ExchangeResult, { activityId: number; quantity: number }>(async () => ({
            rejection: { reason: 'soldOut', message: 'refused: soldOut' },
          })),
        },
      }),
      { input: { item: ITEM, points: 1000 } },
    ).start();
    actor.send({ type: 'exchange.open' });
    actor.send({ type: 'exchange.confirm' });
    await settle();
    expect(actor.getSnapshot().hasTag('refused')).toBe(true);
    actor.send({ type: 'exchange.dismiss' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.rejection).toBeNull();
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

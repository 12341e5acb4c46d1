import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { OrderDetail } from '../../../src/domain/api/order';
import { orderDetailMachine, type OrderDetailRead } from '../../../src/machines/order/order-detail.machine';
import * as select from '../../../src/machines/order/order-detail.selectors';
import { coveragePaths, settle } from '../support';

type Kind = 'unpaid' | 'delivering' | 'cancelled' | 'received';

const orderOf = (kind: Kind): OrderDetail =>
  ({
    id: 5,
    orderNo: 'N5',
    orderType: 'takeaway',
    status: { unpaid: 'nopay', delivering: 'delivered', cancelled: 'nopay_cancel', received: 'successed' }[
      kind
    ],
    actions: { pay: kind === 'unpaid', close: kind === 'unpaid', confirmDelivered: kind === 'delivering' },
  }) as unknown as OrderDetail;

type ModelEvent =
  | { type: 'ARRIVE'; kind: 'unpaid' | 'delivering' }
  | { type: 'ARRIVE_AGAIN' }
  | { type: 'FAIL' }
  | { type: 'RETRY' }
  | { type: 'CHANGED' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM_RECEIVED' }
  | { type: 'YES' }
  | { type: 'NO' }
  | { type: 'SERVER_AGREES' }
  | { type: 'SERVER_REFUSES' }
  | { type: 'PAY' }
  | { type: 'PAY_DONE' };

interface ModelContext {
  /** What the server holds and, after a read, what the page shows. */
  kind: Kind | null;
  queued: boolean;
  refused: boolean;
}

/** The detail page as the customer sees it: the order, the confirm dialogs, the actions under way. */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    unpaid: ({ context }) => context.kind === 'unpaid',
    delivering: ({ context }) => context.kind === 'delivering',
    queued: ({ context }) => context.queued,
  },
  actions: {
    arrive: assign(({ event }) => (event.type === 'ARRIVE' ? { kind: event.kind } : {})),
    queue: assign({ queued: true }),
    unqueue: assign({ queued: false }),
    cancelled: assign({ kind: 'cancelled' as Kind, refused: false }),
    received: assign({ kind: 'received' as Kind, refused: false }),
    refused: assign({ refused: true }),
    clearRefusal: assign({ refused: false }),
  },
}).createMachine({
  id: 'orderDetailModel',
  context: { kind: null, queued: false, refused: false },
  initial: 'loading',
  states: {
    loading: { on: { ARRIVE: { target: 'idle', actions: 'arrive' }, FAIL: 'failed' } },
    failed: { on: { RETRY: 'loading', CHANGED: 'loading' } },
    idle: {
      always: { guard: 'queued', target: 'refreshing' },
      on: {
        CHANGED: 'refreshing',
        CANCEL: { guard: 'unpaid', target: 'confirmingClose', actions: 'clearRefusal' },
        CONFIRM_RECEIVED: { guard: 'delivering', target: 'confirmingReceipt', actions: 'clearRefusal' },
        PAY: { guard: 'unpaid', target: 'paying', actions: 'clearRefusal' },
      },
    },
    refreshing: {
      entry: 'unqueue',
      on: { ARRIVE_AGAIN: 'idle', FAIL: 'idle', CHANGED: { actions: 'queue' } },
    },
    confirmingClose: { on: { YES: 'closing', NO: 'idle', CHANGED: { actions: 'queue' } } },
    closing: {
      on: {
        SERVER_AGREES: { target: 'idle', actions: 'cancelled' },
        SERVER_REFUSES: { target: 'refreshing', actions: 'refused' },
        CHANGED: { actions: 'queue' },
      },
    },
    confirmingReceipt: { on: { YES: 'confirmingDelivered', NO: 'idle', CHANGED: { actions: 'queue' } } },
    confirmingDelivered: {
      on: {
        SERVER_AGREES: { target: 'refreshing', actions: 'received' },
        SERVER_REFUSES: { target: 'refreshing', actions: 'refused' },
        CHANGED: { actions: 'queue' },
      },
    },
    paying: { on: { PAY_DONE: 'refreshing', CHANGED: { actions: 'queue' } } },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'ARRIVE', kind: 'unpaid' },
  { type: 'ARRIVE', kind: 'delivering' },
  { type: 'ARRIVE_AGAIN' },
  { type: 'FAIL' },
  { type: 'RETRY' },
  { type: 'CHANGED' },
  { type: 'CANCEL' },
  { type: 'CONFIRM_RECEIVED' },
  { type: 'YES' },
  { type: 'NO' },
  { type: 'SERVER_AGREES' },
  { type: 'SERVER_REFUSES' },
  { type: 'PAY' },
  { type: 'PAY_DONE' },
];

type Pending<T> = { resolve(v: T): void; reject(e: Error): void };

describe('orderDetail (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      let server: Kind = 'unpaid';
      const loads: Pending<OrderDetailRead>[] = [];
      const actions: (Pending<OrderDetail> & { name: string })[] = [];
      const actor = createActor(
        orderDetailMachine.provide({
          actors: {
            load: fromPromise(
              () => new Promise<OrderDetailRead>((resolve, reject) => loads.push({ resolve, reject })),
            ),
            close: fromPromise(
              () =>
                new Promise<OrderDetail>((resolve, reject) =>
                  actions.push({ name: 'close', resolve, reject }),
                ),
            ),
            confirmDelivered: fromPromise(
              () =>
                new Promise<OrderDetail>((resolve, reject) =>
                  actions.push({ name: 'confirmDelivered', resolve, reject }),
                ),
            ),
          },
        }),
        { input: { id: 5 } },
      ).start();
      const snap = () => actor.getSnapshot();
      const ctx = (s: { context: unknown }) => s.context as ModelContext;
      const shows = (kind: Kind | null) => {
        expect(select.selectOrder(snap())?.status).toBe(kind && orderOf(kind).status);
        // Once read, deadlines count on the server's clock as the read reported it.
        expect(select.selectClockOffset(snap())).toBe(kind ? 90_000 : 0);
      };
      await path.run({
        states: {
          loading: () => expect(select.selectIsLoading(snap())).toBe(true),
          failed: () => {
            expect(select.selectFailed(snap())).toBe(true);
            expect(select.selectError(snap())).toBe('offline');
          },
          idle: (s) => {
            shows(ctx(s).kind);
            expect(select.selectConfirming(snap())).toBeNull();
            expect(select.selectIsPaying(snap())).toBe(false);
            expect(select.selectIsBusy(snap())).toBe(false);
            expect(select.selectCanClose(snap())).toBe(ctx(s).kind === 'unpaid');
            expect(select.selectCanPay(snap())).toBe(ctx(s).kind === 'unpaid');
            expect(select.selectCanConfirmDelivered(snap())).toBe(ctx(s).kind === 'delivering');
            expect(select.selectActionError(snap())).toBe(ctx(s).refused ? 'refused' : null);
          },
          refreshing: (s) => expect(select.selectActionError(snap())).toBe(ctx(s).refused ? 'refused' : null),
          confirmingClose: () => expect(select.selectConfirming(snap())).toBe('close'),
          confirmingReceipt: () => expect(select.selectConfirming(snap())).toBe('confirmDelivered'),
          closing: () => {
            expect(select.selectIsWorking(snap())).toBe(true);
            expect(actions.at(-1)!.name).toBe('close');
          },
          confirmingDelivered: () => {
            expect(select.selectIsWorking(snap())).toBe(true);
            expect(actions.at(-1)!.name).toBe('confirmDelivered');
          },
          paying: () => expect(select.selectIsPaying(snap())).toBe(true),
        },
        events: {
          ARRIVE: async ({ kind }) => {
            server = kind;
            loads.at(-1)!.resolve({ order: orderOf(kind), delivery: null, clockOffsetMs: 90_000 });
            await settle();
          },
          ARRIVE_AGAIN: async () => {
            loads.at(-1)!.resolve({ order: orderOf(server), delivery: null, clockOffsetMs: 90_000 });
            await settle();
          },
          FAIL: async () => {
            loads.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          RETRY: () => actor.send({ type: 'detail.retry' }),
          CHANGED: () => actor.send({ type: 'detail.refresh' }),
          CANCEL: () => actor.send({ type: 'detail.close' }),
          CONFIRM_RECEIVED: () => actor.send({ type: 'detail.confirmDelivered' }),
          YES: () => actor.send({ type: 'detail.confirm' }),
          NO: () => actor.send({ type: 'detail.dismiss' }),
          SERVER_AGREES: async () => {
            const action = actions.at(-1)!;
            server = action.name === 'close' ? 'cancelled' : 'received';
            action.resolve(orderOf(server));
            await settle();
          },
          SERVER_REFUSES: async () => {
            actions.at(-1)!.reject(new Error('refused'));
            await settle();
          },
          PAY: () => actor.send({ type: 'detail.pay' }),
          PAY_DONE: () => actor.send({ type: 'pay.finished' }),
        },
      });
      actor.stop();
    });
  }

  it('a tap the server does not allow does nothing', async () => {
    const actor = createActor(
      orderDetailMachine.provide({
        actors: {
          load: fromPromise<OrderDetailRead, { id: number; orderNo: string | null }>(async () => ({
            order: orderOf('received'),
            delivery: null,
            clockOffsetMs: 0,
          })),
        },
      }),
      { input: { id: 5 } },
    ).start();
    await settle();
    for (const type of ['detail.close', 'detail.confirmDelivered', 'detail.pay'] as const) {
      actor.send({ type });
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    }
    actor.stop();
  });
});

describe('how an order is paid, as the detail page says it', () => {
  it('names cash and cash on delivery by where the money is paid once the order went to the shop', () => {
    expect(select.paymentMethodOf({ payType: 'Cash', status: 'pending' })).toBe('counter');
    expect(select.paymentMethodOf({ payType: 'COD', status: 'delivered' })).toBe('onDelivery');
    // Not yet sent to the shop (or cancelled unpaid): the pay type the customer picked.
    expect(select.paymentMethodOf({ payType: 'Cash', status: 'nopay' })).toBe('Cash');
    expect(select.paymentMethodOf({ payType: 'COD', status: 'nopay_cancel' })).toBe('COD');
    expect(select.paymentMethodOf({ payType: 'VIP', status: 'successed' })).toBe('VIP');
  });
});

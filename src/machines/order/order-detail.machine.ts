// /pages/user/order/detail (spec §2, §4 statuses, §7 order/detail, close, confirmDelivered, deliveryInfo):
// one order read from the server and read again whenever it may have changed (a live status event, the
// countdown reaching zero, a payment). The customer cancels an unpaid order or confirms a delivered one,
// each after a confirmation; the server decides whether it may (order.actions mirrors its rules).
import { assign, setup } from 'xstate';
import type { OrderDetail } from '../../domain/api/order';
import type { DeliveryInfo } from '../../domain/api/order-life';
import { errorMessage, notProvided } from '../shared/not-provided';

/** What one read brings: the order and, for a delivered order, the rider and the status history. */
export interface OrderDetailRead {
  order: OrderDetail;
  delivery: DeliveryInfo | null;
  /** Server clock minus browser clock when the order was read, so deadlines count on the server's time. */
  clockOffsetMs: number;
}

export type CustomerAction = 'close' | 'confirmDelivered';

export interface OrderDetailContext {
  id: number;
  order: OrderDetail | null;
  delivery: DeliveryInfo | null;
  clockOffsetMs: number;
  error: string | null;
  /** Why the last cancel or confirm failed (server text); cleared by the next attempt. */
  actionError: string | null;
  refreshQueued: boolean;
}

export type OrderDetailEvent =
  | { type: 'detail.retry' }
  | { type: 'detail.refresh' }
  | { type: 'detail.close' }
  | { type: 'detail.confirmDelivered' }
  | { type: 'detail.confirm' }
  | { type: 'detail.dismiss' }
  | { type: 'detail.pay' }
  /** The pay panel is done (paid, or the customer left it): the order is read again. */
  | { type: 'pay.finished' };

export const orderDetailMachine = setup({
  types: {
    context: {} as OrderDetailContext,
    events: {} as OrderDetailEvent,
    input: {} as { id: number },
  },
  actors: {
    load: notProvided<OrderDetailRead, { id: number; orderNo: string | null }>('load'),
    close: notProvided<OrderDetail, { id: number }>('close'),
    confirmDelivered: notProvided<OrderDetail, { id: number }>('confirmDelivered'),
  },
  guards: {
    canClose: ({ context }) => context.order?.actions.close === true,
    canConfirmDelivered: ({ context }) => context.order?.actions.confirmDelivered === true,
    canPay: ({ context }) => context.order?.actions.pay === true,
    isRefreshQueued: ({ context }) => context.refreshQueued,
  },
  actions: {
    store: assign((_, params: { read: OrderDetailRead }) => ({
      order: params.read.order,
      delivery: params.read.delivery,
      clockOffsetMs: params.read.clockOffsetMs,
      error: null,
    })),
    storeOrder: assign((_, params: { order: OrderDetail }) => ({ order: params.order, actionError: null })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    failAction: assign((_, params: { message: string }) => ({ actionError: params.message })),
    clearActionError: assign({ actionError: null }),
    queueRefresh: assign({ refreshQueued: true }),
    clearQueue: assign({ refreshQueued: false }),
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({
    id: input.id,
    order: null,
    delivery: null,
    clockOffsetMs: 0,
    error: null,
    actionError: null,
    refreshQueued: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ id: context.id, orderNo: null }),
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => ({ read: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    failed: {
      tags: 'error',
      on: { 'detail.retry': 'loading', 'detail.refresh': 'loading' },
    },
    ready: {
      initial: 'idle',
      // Outside idle a change waits for the current step; idle reads it then.
      on: { 'detail.refresh': { actions: 'queueRefresh' } },
      states: {
        idle: {
          always: { guard: 'isRefreshQueued', target: 'refreshing' },
          on: {
            'detail.refresh': 'refreshing',
            'detail.close': { guard: 'canClose', target: 'confirmingClose', actions: 'clearActionError' },
            'detail.confirmDelivered': {
              guard: 'canConfirmDelivered',
              target: 'confirmingReceipt',
              actions: 'clearActionError',
            },
            'detail.pay': { guard: 'canPay', target: 'paying', actions: 'clearActionError' },
          },
        },
        refreshing: {
          tags: 'refreshing',
          entry: 'clearQueue',
          // A background read keeps the order on screen, so its buttons still answer a tap; the read
          // is dropped and done again once the customer is back in idle.
          on: {
            'detail.close': {
              guard: 'canClose',
              target: 'confirmingClose',
              actions: ['clearActionError', 'queueRefresh'],
            },
            'detail.confirmDelivered': {
              guard: 'canConfirmDelivered',
              target: 'confirmingReceipt',
              actions: ['clearActionError', 'queueRefresh'],
            },
            'detail.pay': {
              guard: 'canPay',
              target: 'paying',
              actions: ['clearActionError', 'queueRefresh'],
            },
          },
          invoke: {
            src: 'load',
            input: ({ context }) => ({ id: context.id, orderNo: context.order?.orderNo ?? null }),
            onDone: {
              target: 'idle',
              actions: { type: 'store', params: ({ event }) => ({ read: event.output }) },
            },
            // What is on screen stays; the next change reads again.
            onError: { target: 'idle' },
          },
        },
        confirmingClose: {
          on: { 'detail.confirm': 'closing', 'detail.dismiss': 'idle' },
        },
        closing: {
          tags: 'busy',
          invoke: {
            src: 'close',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'idle',
              actions: { type: 'storeOrder', params: ({ event }) => ({ order: event.output }) },
            },
            onError: {
              target: 'refreshing',
              actions: {
                type: 'failAction',
                params: ({ event }) => ({ message: errorMessage(event.error) }),
              },
            },
          },
        },
        confirmingReceipt: {
          on: { 'detail.confirm': 'confirmingDelivered', 'detail.dismiss': 'idle' },
        },
        confirmingDelivered: {
          tags: 'busy',
          invoke: {
            src: 'confirmDelivered',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'refreshing',
              actions: { type: 'storeOrder', params: ({ event }) => ({ order: event.output }) },
            },
            onError: {
              target: 'refreshing',
              actions: {
                type: 'failAction',
                params: ({ event }) => ({ message: errorMessage(event.error) }),
              },
            },
          },
        },
        // The pay panel (the payment flow) owns this step; its end reads the order again.
        paying: {
          tags: 'paying',
          on: { 'pay.finished': 'refreshing' },
        },
      },
    },
  },
});

// The orders tab (spec §2 tab 2, /pages/user/order/list): the customer's orders newest first, a status
// filter, the next page when the customer reaches the bottom, pull-to-refresh, and a quiet re-read
// whenever the live status flow says something changed (the list on screen is kept, not blanked).
import { and, assign, setup } from 'xstate';
import type { OrderListInfo, OrderListInput, OrderSummary } from '../../domain/api/order';
import type { OrderStatus } from '../../domain/enums';
import { MAX_PAGE_LIMIT } from '../../domain/api/store-limits';
import { errorMessage, notProvided } from '../shared/not-provided';

export const ORDER_FILTERS = ['all', 'unpaid', 'active', 'completed', 'closed'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The statuses behind each filter chip; "all" asks for every status. */
export const FILTER_STATUSES: Record<OrderFilter, OrderStatus[] | undefined> = {
  all: undefined,
  unpaid: ['nopay', 'need_pay'],
  active: [
    'pending',
    'confirmed',
    'confirmed_new',
    'wait_rider_pending',
    'rider_confirmed',
    'rider_picked_up',
    'rider_delivery_exception',
    'delivered',
  ],
  completed: ['successed'],
  closed: ['nopay_cancel', 'refunding', 'refund', 'refund_fail', 'refused', 'closed'],
};

export const PAGE_LIMIT = 10;

export interface OrderListContext {
  filter: OrderFilter;
  orders: OrderSummary[];
  /** Pages loaded so far. */
  page: number;
  hasMore: boolean;
  error: string | null;
  /** The next page failed; reaching the bottom again retries it. */
  moreFailed: boolean;
  /** A change arrived while a read was under way: read again when it is done. */
  refreshQueued: boolean;
  /** The customer reached the bottom (or tapped "more") during a refresh: load the next page after it. */
  moreQueued: boolean;
}

export type OrderListEvent =
  | { type: 'list.filter'; filter: OrderFilter }
  | { type: 'list.more' }
  | { type: 'list.refresh' }
  | { type: 'list.retry' };

const input = (filter: OrderFilter, page: number, pageLimit: number): OrderListInput => {
  const status = FILTER_STATUSES[filter];
  return { page, pageLimit, thisShopOnly: false, ...(status ? { status } : {}) };
};

/** Appends a page, skipping orders already shown (a new order shifts the pages by one). */
const merge = (shown: OrderSummary[], next: OrderSummary[]) => {
  const ids = new Set(shown.map((o) => o.id));
  return [...shown, ...next.filter((o) => !ids.has(o.id))];
};

/** A refresh reads every page shown so far in one call, up to the largest page the server serves. */
const refreshPages = (context: OrderListContext) =>
  Math.max(1, Math.min(context.page, Math.floor(MAX_PAGE_LIMIT / PAGE_LIMIT)));

export const orderListMachine = setup({
  types: {
    context: {} as OrderListContext,
    events: {} as OrderListEvent,
    input: {} as { filter?: OrderFilter } | undefined,
  },
  actors: {
    loadPage: notProvided<OrderListInfo, OrderListInput>('loadPage'),
  },
  guards: {
    canLoadMore: ({ context }) => context.hasMore,
    isRefreshQueued: ({ context }) => context.refreshQueued,
    isMoreQueued: ({ context }) => context.moreQueued,
  },
  actions: {
    setFilter: assign((_, params: { filter: OrderFilter }) => ({
      filter: params.filter,
      orders: [],
      page: 0,
      hasMore: false,
      error: null,
      moreFailed: false,
      refreshQueued: false,
      moreQueued: false,
    })),
    storeFirst: assign((_, params: { info: OrderListInfo }) => ({
      orders: params.info.list,
      page: 1,
      hasMore: params.info.hasMore,
      error: null,
    })),
    storeMore: assign(({ context }, params: { info: OrderListInfo }) => ({
      orders: merge(context.orders, params.info.list),
      page: context.page + 1,
      hasMore: params.info.hasMore,
      moreFailed: false,
    })),
    storeRefreshed: assign(({ context }, params: { info: OrderListInfo }) => ({
      orders: params.info.list,
      page: refreshPages(context),
      hasMore: params.info.hasMore,
      error: null,
    })),
    markMoreFailed: assign({ moreFailed: true }),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    queueRefresh: assign({ refreshQueued: true }),
    clearQueue: assign({ refreshQueued: false }),
    queueMore: assign({ moreQueued: true }),
    clearMoreQueue: assign({ moreQueued: false }),
  },
}).createMachine({
  id: 'orderList',
  context: ({ input: given }) => ({
    filter: given?.filter ?? 'all',
    orders: [],
    page: 0,
    hasMore: false,
    error: null,
    moreFailed: false,
    refreshQueued: false,
    moreQueued: false,
  }),
  initial: 'loading',
  on: {
    'list.filter': {
      target: '.loading',
      actions: { type: 'setFilter', params: ({ event }) => ({ filter: event.filter }) },
    },
  },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => input(context.filter, 1, PAGE_LIMIT),
        onDone: {
          target: 'ready',
          actions: { type: 'storeFirst', params: ({ event }) => ({ info: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
      on: { 'list.refresh': { actions: 'queueRefresh' } },
    },
    failed: {
      tags: 'error',
      on: { 'list.retry': 'loading', 'list.refresh': 'loading' },
    },
    ready: {
      // A queued refresh goes first, so a queued "more" asks for the page after the fresh list.
      always: [
        { guard: 'isRefreshQueued', target: 'refreshing' },
        { guard: and(['isMoreQueued', 'canLoadMore']), target: 'loadingMore' },
        // The fresh list has no next page: the list end answers the ask.
        { guard: 'isMoreQueued', actions: 'clearMoreQueue' },
      ],
      on: {
        'list.more': { guard: 'canLoadMore', target: 'loadingMore' },
        'list.refresh': 'refreshing',
      },
    },
    loadingMore: {
      tags: 'loadingMore',
      entry: 'clearMoreQueue',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => input(context.filter, context.page + 1, PAGE_LIMIT),
        onDone: {
          target: 'ready',
          actions: { type: 'storeMore', params: ({ event }) => ({ info: event.output }) },
        },
        onError: { target: 'ready', actions: 'markMoreFailed' },
      },
      on: { 'list.refresh': { actions: 'queueRefresh' } },
    },
    refreshing: {
      tags: 'refreshing',
      entry: 'clearQueue',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => input(context.filter, 1, refreshPages(context) * PAGE_LIMIT),
        onDone: {
          target: 'ready',
          actions: { type: 'storeRefreshed', params: ({ event }) => ({ info: event.output }) },
        },
        // The list on screen stays; the next change or pull tries again.
        onError: { target: 'ready' },
      },
      // The list stays on screen while it is read again, so its bottom can be reached meanwhile.
      on: { 'list.refresh': { actions: 'queueRefresh' }, 'list.more': { actions: 'queueMore' } },
    },
  },
});

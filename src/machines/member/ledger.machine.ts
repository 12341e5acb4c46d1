// The member's balance and points documents (spec §2 /member/doc with pull-down refresh, and
// /member/point-consume-list; §7 vip/doc, vip/pointDoc): rows newest first, the next page when the customer
// reaches the bottom, a pull that reads the first page again. One machine for both lists: the rows are
// opaque here, and the typed selectors in ledger.selectors.ts give them their types at the edge.
import { and, assign, setup } from 'xstate';
import { errorMessage, notProvided } from '../shared/not-provided';

/** One page as vip/doc and vip/pointDoc answer it (their other fields ride along in `page`). */
export interface LedgerPage {
  list: ReadonlyArray<{ id: number }>;
  hasMore: boolean;
}

export interface LedgerContext {
  rows: ReadonlyArray<{ id: number }>;
  /** The latest page read (its currency, points and the like). */
  last: LedgerPage | null;
  page: number;
  hasMore: boolean;
  error: string | null;
  moreFailed: boolean;
  moreQueued: boolean;
}

export type LedgerEvent = { type: 'ledger.more' } | { type: 'ledger.refresh' } | { type: 'ledger.retry' };

/** Appends a page, skipping rows already shown (a new row shifts the pages by one). */
const merge = (shown: LedgerContext['rows'], next: LedgerContext['rows']) => {
  const ids = new Set(shown.map((r) => r.id));
  return [...shown, ...next.filter((r) => !ids.has(r.id))];
};

export const ledgerMachine = setup({
  types: {
    context: {} as LedgerContext,
    events: {} as LedgerEvent,
  },
  actors: {
    loadPage: notProvided<LedgerPage, { page: number }>('loadPage'),
  },
  guards: {
    canLoadMore: ({ context }) => context.hasMore,
    isMoreQueued: ({ context }) => context.moreQueued,
  },
  actions: {
    storeFirst: assign((_, params: { page: LedgerPage }) => ({
      rows: params.page.list,
      last: params.page,
      page: 1,
      hasMore: params.page.hasMore,
      error: null,
      moreFailed: false,
    })),
    storeMore: assign(({ context }, params: { page: LedgerPage }) => ({
      rows: merge(context.rows, params.page.list),
      last: params.page,
      page: context.page + 1,
      hasMore: params.page.hasMore,
      moreFailed: false,
    })),
    markMoreFailed: assign({ moreFailed: true }),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    queueMore: assign({ moreQueued: true }),
    clearMoreQueue: assign({ moreQueued: false }),
  },
}).createMachine({
  id: 'ledger',
  context: {
    rows: [],
    last: null,
    page: 0,
    hasMore: false,
    error: null,
    moreFailed: false,
    moreQueued: false,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadPage',
        input: { page: 1 },
        onDone: {
          target: 'ready',
          actions: { type: 'storeFirst', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    failed: {
      tags: 'error',
      on: { 'ledger.retry': 'loading', 'ledger.refresh': 'loading' },
    },
    ready: {
      always: [
        { guard: and(['isMoreQueued', 'canLoadMore']), target: 'loadingMore' },
        { guard: 'isMoreQueued', actions: 'clearMoreQueue' },
      ],
      on: {
        'ledger.more': { guard: 'canLoadMore', target: 'loadingMore' },
        'ledger.refresh': 'refreshing',
      },
    },
    loadingMore: {
      tags: 'loadingMore',
      entry: 'clearMoreQueue',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page + 1 }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeMore', params: ({ event }) => ({ page: event.output }) },
        },
        onError: { target: 'ready', actions: 'markMoreFailed' },
      },
    },
    refreshing: {
      tags: 'refreshing',
      invoke: {
        src: 'loadPage',
        input: { page: 1 },
        onDone: {
          target: 'ready',
          actions: { type: 'storeFirst', params: ({ event }) => ({ page: event.output }) },
        },
        // The rows on screen stay; the next pull tries again.
        onError: { target: 'ready' },
      },
      // The rows stay on screen while the first page is read again, so the bottom can be reached meanwhile.
      on: { 'ledger.more': { actions: 'queueMore' } },
    },
  },
});

import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { OrderListInfo, OrderListInput, OrderSummary } from '../../../src/domain/api/order';
import {
  orderListMachine,
  PAGE_LIMIT,
  type OrderFilter,
} from '../../../src/machines/order/order-list.machine';
import * as select from '../../../src/machines/order/order-list.selectors';
import { coveragePaths, settle } from '../support';

/** The customer's orders on the server: 14 in all (two pages), 3 of them unpaid (one page). */
const SERVER: OrderSummary[] = Array.from(
  { length: 14 },
  (_, i) =>
    ({
      id: 100 - i,
      orderNo: `N${100 - i}`,
      status: i < 3 ? 'nopay' : 'successed',
    }) as unknown as OrderSummary,
);
const matching = (input: OrderListInput) =>
  SERVER.filter((o) => !input.status || (input.status as string[]).includes(o.status));
const reply = (input: OrderListInput): OrderListInfo => {
  const all = matching(input);
  const page = input.page ?? 1;
  const limit = input.pageLimit ?? PAGE_LIMIT;
  const list = all.slice((page - 1) * limit, page * limit);
  return { list, page, pageLimit: limit, total: all.length, hasMore: page * limit < all.length };
};

type ModelEvent =
  | { type: 'ARRIVE' }
  | { type: 'FAIL' }
  | { type: 'RETRY' }
  | { type: 'REACH_BOTTOM' }
  | { type: 'REFRESH' }
  | { type: 'FILTER'; filter: 'all' | 'unpaid' };

interface ModelContext {
  filter: 'all' | 'unpaid';
  pages: number;
  moreFailed: boolean;
  queued: boolean;
  /** The bottom was reached during a refresh. */
  moreQueued: boolean;
}

const totalOf = (filter: 'all' | 'unpaid') => (filter === 'all' ? 14 : 3);

/** The tab as the customer sees it: loading, the list (pages shown), the next page coming, refreshing. */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    more: ({ context }) => context.pages * PAGE_LIMIT < totalOf(context.filter),
    queued: ({ context }) => context.queued,
    moreQueued: ({ context }) => context.moreQueued,
    moreQueuedAndMore: ({ context }) =>
      context.moreQueued && context.pages * PAGE_LIMIT < totalOf(context.filter),
  },
  actions: {
    choose: assign(({ event }) =>
      event.type === 'FILTER'
        ? { filter: event.filter, pages: 0, moreFailed: false, queued: false, moreQueued: false }
        : {},
    ),
    firstPage: assign({ pages: 1 }),
    nextPage: assign(({ context }) => ({ pages: context.pages + 1, moreFailed: false })),
    moreFailed: assign({ moreFailed: true }),
    queue: assign({ queued: true }),
    unqueue: assign({ queued: false }),
    queueMore: assign({ moreQueued: true }),
    unqueueMore: assign({ moreQueued: false }),
  },
}).createMachine({
  id: 'orderListModel',
  context: { filter: 'all', pages: 0, moreFailed: false, queued: false, moreQueued: false },
  initial: 'loading',
  on: { FILTER: { target: '.loading', actions: 'choose' } },
  states: {
    loading: {
      on: {
        ARRIVE: { target: 'ready', actions: 'firstPage' },
        FAIL: 'failed',
        REFRESH: { actions: 'queue' },
      },
    },
    failed: { on: { RETRY: 'loading', REFRESH: 'loading' } },
    ready: {
      // Reaching the bottom during a refresh is not lost: the next page comes after the fresh list.
      always: [
        { guard: 'queued', target: 'refreshing' },
        { guard: 'moreQueuedAndMore', target: 'loadingMore' },
        { guard: 'moreQueued', actions: 'unqueueMore' },
      ],
      on: { REACH_BOTTOM: { guard: 'more', target: 'loadingMore' }, REFRESH: 'refreshing' },
    },
    loadingMore: {
      entry: 'unqueueMore',
      on: {
        ARRIVE: { target: 'ready', actions: 'nextPage' },
        FAIL: { target: 'ready', actions: 'moreFailed' },
        REFRESH: { actions: 'queue' },
      },
    },
    refreshing: {
      entry: 'unqueue',
      on: {
        ARRIVE: 'ready',
        FAIL: 'ready',
        REFRESH: { actions: 'queue' },
        REACH_BOTTOM: { actions: 'queueMore' },
      },
    },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'ARRIVE' },
  { type: 'FAIL' },
  { type: 'RETRY' },
  { type: 'REACH_BOTTOM' },
  { type: 'REFRESH' },
  { type: 'FILTER', filter: 'all' },
  { type: 'FILTER', filter: 'unpaid' },
];

describe('orderList (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const calls: { input: OrderListInput; resolve(i: OrderListInfo): void; reject(e: Error): void }[] = [];
      const actor = createActor(
        orderListMachine.provide({
          actors: {
            loadPage: fromPromise<OrderListInfo, OrderListInput>(
              ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
            ),
          },
        }),
        { input: {} },
      ).start();
      const snap = () => actor.getSnapshot();
      const ctx = (s: { context: unknown }) => s.context as ModelContext;
      const shown = (c: ModelContext) => Math.min(totalOf(c.filter), c.pages * PAGE_LIMIT);
      await path.run({
        states: {
          loading: (s) => {
            expect(select.selectIsLoading(snap())).toBe(true);
            expect(select.selectFilter(snap())).toBe(ctx(s).filter as OrderFilter);
            expect(calls.at(-1)!.input).toMatchObject({ page: 1, thisShopOnly: false });
            expect(calls.at(-1)!.input.status === undefined).toBe(ctx(s).filter === 'all');
          },
          failed: () => {
            expect(select.selectFailed(snap())).toBe(true);
            expect(select.selectOrders(snap())).toEqual([]);
          },
          ready: (s) => {
            const c = ctx(s);
            expect(select.selectOrders(snap())).toHaveLength(shown(c));
            expect(select.selectHasMore(snap())).toBe(shown(c) < totalOf(c.filter));
            expect(select.selectMoreFailed(snap())).toBe(c.moreFailed);
            expect(select.selectIsEmpty(snap())).toBe(false);
            expect(new Set(select.selectOrders(snap()).map((o) => o.id)).size).toBe(shown(c));
            // An ask made during a refresh that found no next page is answered, not kept for later.
            expect(snap().context.moreQueued).toBe(false);
          },
          loadingMore: (s) => {
            expect(select.selectIsLoadingMore(snap())).toBe(true);
            expect(calls.at(-1)!.input.page).toBe(ctx(s).pages + 1);
            expect(select.selectOrders(snap())).toHaveLength(shown(ctx(s)));
          },
          refreshing: (s) => {
            expect(select.selectIsRefreshing(snap())).toBe(true);
            // Every page shown is read again in one call, and the list stays on screen meanwhile.
            expect(calls.at(-1)!.input).toMatchObject({
              page: 1,
              pageLimit: Math.max(1, ctx(s).pages) * PAGE_LIMIT,
            });
            expect(select.selectOrders(snap())).toHaveLength(shown(ctx(s)));
          },
        },
        events: {
          ARRIVE: async () => {
            const call = calls.at(-1)!;
            call.resolve(reply(call.input));
            await settle();
          },
          FAIL: async () => {
            calls.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          RETRY: () => actor.send({ type: 'list.retry' }),
          REACH_BOTTOM: () => actor.send({ type: 'list.more' }),
          REFRESH: () => actor.send({ type: 'list.refresh' }),
          FILTER: ({ filter }) => actor.send({ type: 'list.filter', filter }),
        },
      });
      actor.stop();
    });
  }
});

describe('orderList', () => {
  it('a new order on top does not show an order twice when the next page comes', async () => {
    let server = SERVER.slice();
    const actor = createActor(
      orderListMachine.provide({
        actors: {
          loadPage: fromPromise<OrderListInfo, OrderListInput>(async ({ input }) => {
            const list = server.slice((input.page! - 1) * input.pageLimit!, input.page! * input.pageLimit!);
            return {
              list,
              page: input.page!,
              pageLimit: input.pageLimit!,
              total: server.length,
              hasMore: input.page! * input.pageLimit! < server.length,
            };
          }),
        },
      }),
      { input: {} },
    ).start();
    await settle();
    server = [{ id: 101, orderNo: 'N101', status: 'nopay' } as unknown as OrderSummary, ...server];
    actor.send({ type: 'list.more' });
    await settle();
    const ids = select.selectOrders(actor.getSnapshot()).map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(14);
    actor.stop();
  });

  it('labels statuses as spec §4 says', () => {
    const now = new Date('2026-11-19T10:05:00Z');
    const base = { orderType: 'takeaway', createdAt: '2026-11-19T10:00:00Z', payment: null } as const;
    expect(select.statusView({ ...base, status: 'delivered' }, now).label).toBe('inDelivery');
    expect(select.statusView({ ...base, status: 'confirmed', orderType: 'dine' }, now).label).toBe(
      'accepted',
    );
    expect(select.statusView({ ...base, status: 'refund' }, now).label).toBe('refund');
    expect(select.statusView({ ...base, status: 'nopay' }, now).label).toBe('nopay');
    expect(
      select.statusView({ ...base, status: 'nopay', createdAt: '2026-11-19T10:04:30Z' }, now).label,
    ).toBe('toBeConfirmed');
    const processing = { state: 'processing' } as unknown as OrderSummary['payment'];
    expect(select.statusView({ ...base, status: 'nopay', payment: processing }, now).label).toBe(
      'toBeConfirmed',
    );
    expect(select.statusView({ ...base, status: 'nopay_cancel' }, now).label).toBe('nopay_cancel');
  });
});

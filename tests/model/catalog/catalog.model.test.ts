import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { ProductsChunkInfo, ProductTypesInfo } from '../../../src/domain/api/store';
import type { Product } from '../../../src/domain/catalog';
import { catalogMachine, type ChunkRequest } from '../../../src/machines/catalog/catalog.machine';
import * as select from '../../../src/machines/catalog/catalog.selectors';
import { makeProduct } from '../fixtures/product';
import { coveragePaths, settle } from '../support';

/** Category A has three products (two pages of two), B one, C none. */
const PAGE_LIMIT = 2;
const A = 1;
const B = 2;
const C = 3;
const PRODUCTS: Record<number, Product[]> = {
  [A]: [1, 2, 3].map((id) => makeProduct({ id, typeId: A })),
  [B]: [makeProduct({ id: 4, typeId: B })],
};
const TYPES: ProductTypesInfo = {
  version: 'v1',
  changed: false,
  list: [
    { id: B, name: 'Drinks', sort: 2, isMustPick: false, productCount: 1 },
    { id: A, name: 'Noodles', sort: 1, isMustPick: false, productCount: 3 },
    { id: C, name: 'Seasonal', sort: 3, isMustPick: false, productCount: 0 },
  ],
};
const PAGES = { A: 2, B: 1 } as const;

type Cat = 'A' | 'B';
const ID: Record<Cat, number> = { A, B };
interface ModelContext {
  pages: Record<Cat, number>;
  failed: Record<Cat, boolean>;
  queue: Cat[];
  loading: Cat | null;
  updated: boolean;
}
type ModelEvent =
  | { type: 'TYPES_ARRIVE' }
  | { type: 'TYPES_FAIL' }
  | { type: 'RETRY' }
  | { type: 'SHOW'; cat: Cat }
  | { type: 'MORE'; cat: Cat }
  | { type: 'RETRY_CHUNK'; cat: Cat }
  | { type: 'CHUNK_ARRIVES'; changed: boolean }
  | { type: 'CHUNK_FAILS' }
  | { type: 'RELOAD' };

const START: ModelContext = {
  pages: { A: 0, B: 0 },
  failed: { A: false, B: false },
  queue: [],
  loading: null,
  updated: false,
};

/** Starts the next queued page when nothing is loading (pages load one at a time). */
const next = (c: ModelContext): ModelContext =>
  c.loading === null && c.queue.length > 0 ? { ...c, loading: c.queue[0]!, queue: c.queue.slice(1) } : c;
const pending = (c: ModelContext, cat: Cat) => c.loading === cat || c.queue.includes(cat);
const idle = (c: ModelContext, cat: Cat) => !pending(c, cat) && !c.failed[cat] && c.pages[cat] < PAGES[cat];

/** The customer's view: which pages of which category are on screen, pending, or failed. */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    canShow: ({ context, event }) =>
      event.type === 'SHOW' && idle(context, event.cat) && context.pages[event.cat] === 0,
    canMore: ({ context, event }) => event.type === 'MORE' && idle(context, event.cat),
    canRetryChunk: ({ context, event }) => event.type === 'RETRY_CHUNK' && context.failed[event.cat],
    isLoading: ({ context }) => context.loading !== null,
  },
  actions: {
    start: assign(() => next({ ...START, queue: ['A'] })),
    reset: assign(() => START),
    showFirst: assign(({ context, event }) =>
      event.type === 'SHOW' ? next({ ...context, queue: [event.cat, ...context.queue] }) : {},
    ),
    queueLast: assign(({ context, event }) =>
      event.type === 'MORE' || event.type === 'RETRY_CHUNK'
        ? next({
            ...context,
            queue: [...context.queue, event.cat],
            failed: { ...context.failed, [event.cat]: false },
          })
        : {},
    ),
    arrive: assign(({ context, event }) =>
      event.type === 'CHUNK_ARRIVES'
        ? next({
            ...context,
            pages: { ...context.pages, [context.loading!]: context.pages[context.loading!] + 1 },
            loading: null,
            updated: context.updated || event.changed,
          })
        : {},
    ),
    failChunk: assign(({ context }) =>
      next({ ...context, failed: { ...context.failed, [context.loading!]: true }, loading: null }),
    ),
  },
}).createMachine({
  id: 'catalogModel',
  context: START,
  initial: 'loadingTypes',
  states: {
    loadingTypes: { on: { TYPES_ARRIVE: { target: 'browsing', actions: 'start' }, TYPES_FAIL: 'failed' } },
    failed: { on: { RETRY: 'loadingTypes' } },
    browsing: {
      on: {
        SHOW: { guard: 'canShow', actions: 'showFirst' },
        MORE: { guard: 'canMore', actions: 'queueLast' },
        RETRY_CHUNK: { guard: 'canRetryChunk', actions: 'queueLast' },
        CHUNK_ARRIVES: { guard: 'isLoading', actions: 'arrive' },
        CHUNK_FAILS: { guard: 'isLoading', actions: 'failChunk' },
        RELOAD: { target: 'loadingTypes', actions: 'reset' },
      },
    },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'TYPES_ARRIVE' },
  { type: 'TYPES_FAIL' },
  { type: 'RETRY' },
  { type: 'SHOW', cat: 'A' },
  { type: 'SHOW', cat: 'B' },
  { type: 'MORE', cat: 'A' },
  { type: 'MORE', cat: 'B' },
  { type: 'RETRY_CHUNK', cat: 'A' },
  { type: 'RETRY_CHUNK', cat: 'B' },
  { type: 'CHUNK_ARRIVES', changed: false },
  { type: 'CHUNK_ARRIVES', changed: true },
  { type: 'CHUNK_FAILS' },
  { type: 'RELOAD' },
];

interface Deferred<T, I> {
  input: I;
  resolve(value: T): void;
  reject(error: Error): void;
}

function start() {
  const typeCalls: Deferred<ProductTypesInfo, { version: string | null; pageLimit: number }>[] = [];
  const chunkCalls: Deferred<ProductsChunkInfo, ChunkRequest>[] = [];
  const actor = createActor(
    catalogMachine.provide({
      actors: {
        loadTypes: fromPromise(
          ({ input }) =>
            new Promise<ProductTypesInfo>((resolve, reject) => typeCalls.push({ input, resolve, reject })),
        ),
        loadChunk: fromPromise(
          ({ input }) =>
            new Promise<ProductsChunkInfo>((resolve, reject) => chunkCalls.push({ input, resolve, reject })),
        ),
      },
    }),
    { input: { pageLimit: PAGE_LIMIT } },
  ).start();
  return { actor, typeCalls, chunkCalls };
}

describe('catalog (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const { actor, typeCalls, chunkCalls } = start();
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          loadingTypes: () => {
            expect(select.selectIsLoading(snap())).toBe(true);
            expect(select.selectTypes(snap())).toEqual([]);
          },
          failed: () => expect(select.selectLoadFailed(snap())).toBe(true),
          browsing: (state) => {
            const context = state.context as ModelContext;
            const s = snap();
            expect(select.selectTypes(s).map((t) => t.id)).toEqual([A, B, C]);
            expect(select.selectChunkStatus(C)(s)).toBe('done');
            expect(select.selectMenuUpdated(s)).toBe(context.updated);
            for (const cat of ['A', 'B'] as const) {
              const all = PRODUCTS[ID[cat]]!;
              const shown = Math.min(context.pages[cat] * PAGE_LIMIT, all.length);
              expect(select.selectProductsOf(ID[cat])(s)).toEqual(all.slice(0, shown));
              const status = context.failed[cat]
                ? 'error'
                : context.loading === cat
                  ? 'loading'
                  : context.queue.includes(cat)
                    ? 'queued'
                    : context.pages[cat] === PAGES[cat]
                      ? 'done'
                      : 'idle';
              expect(select.selectChunkStatus(ID[cat])(s)).toBe(status);
            }
            expect(select.selectIsLoadingChunk(s)).toBe(context.loading !== null);
            if (context.loading !== null) {
              expect(chunkCalls.at(-1)!.input).toEqual({
                typeId: ID[context.loading],
                page: context.pages[context.loading] + 1,
                pageLimit: PAGE_LIMIT,
                version: 'v1',
              });
            }
          },
        },
        events: {
          TYPES_ARRIVE: async () => {
            typeCalls.at(-1)!.resolve(TYPES);
            await settle();
          },
          TYPES_FAIL: async () => {
            typeCalls.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          RETRY: async () => {
            actor.send({ type: 'catalog.retry' });
            await settle();
          },
          SHOW: async ({ cat }) => {
            actor.send({ type: 'catalog.showType', typeId: ID[cat] });
            expect(select.selectActiveTypeId(snap())).toBe(ID[cat]);
            await settle();
          },
          MORE: async ({ cat }) => {
            actor.send({ type: 'catalog.loadMore', typeId: ID[cat] });
            await settle();
          },
          RETRY_CHUNK: async ({ cat }) => {
            actor.send({ type: 'catalog.retryChunk', typeId: ID[cat] });
            await settle();
          },
          CHUNK_ARRIVES: async ({ changed }) => {
            const call = chunkCalls.at(-1)!;
            const { typeId, page, pageLimit } = call.input;
            const all = PRODUCTS[typeId]!;
            call.resolve({
              version: changed ? 'v2' : 'v1',
              changed,
              list: all.slice((page - 1) * pageLimit, page * pageLimit),
              page,
              pageLimit,
              total: all.length,
              hasMore: page * pageLimit < all.length,
            });
            await settle();
          },
          CHUNK_FAILS: async () => {
            chunkCalls.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          RELOAD: async () => {
            actor.send({ type: 'catalog.reload' });
            await settle();
          },
        },
      });
    });
  }
});

describe('catalog: the first pages that come with the categories (decision K51)', () => {
  const page = (typeId: number, limit: number) => {
    const all = PRODUCTS[typeId]!;
    return {
      typeId,
      version: 'v1',
      changed: false,
      list: all.slice(0, limit),
      page: 1,
      pageLimit: limit,
      total: all.length,
      hasMore: all.length > limit,
    };
  };

  it('asks for the categories with its page size and shows their pages without asking for them again', async () => {
    const { actor, typeCalls, chunkCalls } = start();
    expect(typeCalls[0]!.input).toEqual({ version: null, pageLimit: PAGE_LIMIT });
    typeCalls[0]!.resolve({ ...TYPES, firstPages: [page(A, PAGE_LIMIT), page(B, PAGE_LIMIT)] });
    await settle();
    const s = actor.getSnapshot();
    expect(select.selectProductsOf(A)(s)).toEqual(PRODUCTS[A]!.slice(0, PAGE_LIMIT));
    expect(select.selectChunkStatus(A)(s)).toBe('idle');
    expect(select.selectChunkStatus(B)(s)).toBe('done');
    expect(chunkCalls).toHaveLength(0);
    // The rest of the first category is one page further on.
    actor.send({ type: 'catalog.loadMore', typeId: A });
    await settle();
    expect(chunkCalls.map((c) => [c.input.typeId, c.input.page])).toEqual([[A, 2]]);
  });

  it('asks for the first category itself when the reply has no page of it', async () => {
    const { typeCalls, chunkCalls } = start();
    typeCalls[0]!.resolve({ ...TYPES, firstPages: [] });
    await settle();
    expect(chunkCalls.map((c) => [c.input.typeId, c.input.page])).toEqual([[A, 1]]);
  });
});

// The product index (spec §2 /product/index, §7 store/productTypes and store/productsChunk): categories
// first, then each category's products a page at a time as the customer scrolls to it or taps it on the
// rail. Pages load one after another from a queue (the tapped category jumps the queue); a reply saying the
// menu changed since the held version raises the "a new menu was updated" notice (spec §8). The categories'
// reply brings the first pages of the top categories with it (decision K51): the first screen is one call
// and one render.
import { assign, setup } from 'xstate';
import type { ProductsChunkInfo, ProductTypesInfo } from '../../domain/api/store';
import { DEFAULT_PAGE_LIMIT } from '../../domain/api/store-limits';
import type { Product } from '../../domain/catalog';
import { errorMessage, notProvided } from '../shared/not-provided';

export type CatalogType = ProductTypesInfo['list'][number];

export interface Chunk {
  products: Product[];
  /** Next page to ask for (1-based). */
  nextPage: number;
  hasMore: boolean;
  status: 'idle' | 'queued' | 'loading' | 'error';
}

export interface CatalogContext {
  pageLimit: number;
  version: string | null;
  types: CatalogType[];
  chunks: Record<number, Chunk>;
  /** Category ids whose next page is wanted, first is loaded next. */
  queue: number[];
  /** The category whose page is being loaded. */
  loadingTypeId: number | null;
  activeTypeId: number | null;
  menuUpdated: boolean;
  error: string | null;
}

export interface ChunkRequest {
  typeId: number;
  page: number;
  pageLimit: number;
  version: string | null;
}

export type CatalogEvent =
  | { type: 'catalog.showType'; typeId: number }
  | { type: 'catalog.loadMore'; typeId: number }
  | { type: 'catalog.retryChunk'; typeId: number }
  | { type: 'catalog.retry' }
  | { type: 'catalog.reload' };

const emptyChunk = (type: CatalogType): Chunk => ({
  products: [],
  nextPage: 1,
  hasMore: type.productCount > 0,
  status: 'idle',
});

const withChunk = (context: CatalogContext, typeId: number, change: Partial<Chunk>) => ({
  ...context.chunks,
  [typeId]: { ...context.chunks[typeId]!, ...change },
});

export const catalogMachine = setup({
  types: {
    context: {} as CatalogContext,
    events: {} as CatalogEvent,
    input: {} as { pageLimit?: number; version?: string | null },
  },
  actors: {
    /** store/productTypes, with page 1 of the top categories until they hold `pageLimit` products */
    loadTypes: notProvided<ProductTypesInfo, { version: string | null; pageLimit: number }>('loadTypes'),
    /** store/productsChunk with type 'category' */
    loadChunk: notProvided<ProductsChunkInfo, ChunkRequest>('loadChunk'),
  },
  guards: {
    hasQueue: ({ context }) => context.queue.length > 0,
    /** A known category with a page still to load that is neither queued nor loading nor failed. */
    canQueue: ({ context }, params: { typeId: number }) => {
      const chunk = context.chunks[params.typeId];
      return chunk !== undefined && chunk.hasMore && chunk.status === 'idle';
    },
    /** Showing a category only fetches its first page; later pages come with loadMore. */
    needsFirstPage: ({ context }, params: { typeId: number }) => {
      const chunk = context.chunks[params.typeId];
      return chunk !== undefined && chunk.nextPage === 1 && chunk.hasMore && chunk.status === 'idle';
    },
    chunkFailed: ({ context }, params: { typeId: number }) =>
      context.chunks[params.typeId]?.status === 'error',
  },
  actions: {
    storeTypes: assign(({ context }, params: { info: ProductTypesInfo }) => {
      const types = [...params.info.list].sort((a, b) => a.sort - b.sort);
      const first = types.find((t) => t.productCount > 0) ?? types[0] ?? null;
      const chunks: Record<number, Chunk> = Object.fromEntries(types.map((t) => [t.id, emptyChunk(t)]));
      for (const page of params.info.firstPages ?? []) {
        if (!chunks[page.typeId]) continue;
        chunks[page.typeId] = {
          products: page.list,
          nextPage: page.page + 1,
          hasMore: page.hasMore,
          status: 'idle',
        };
      }
      // The first category still to load is asked for at once (a reply without its page, or another one).
      const queueFirst = first !== null && first.productCount > 0 && chunks[first.id]!.nextPage === 1;
      if (queueFirst) chunks[first.id] = { ...chunks[first.id]!, status: 'queued' };
      return {
        types,
        version: params.info.version,
        menuUpdated: false,
        error: null,
        chunks,
        queue: queueFirst ? [first.id] : [],
        activeTypeId:
          context.activeTypeId !== null && types.some((t) => t.id === context.activeTypeId)
            ? context.activeTypeId
            : (first?.id ?? null),
      };
    }),
    setActive: assign((_, params: { typeId: number }) => ({ activeTypeId: params.typeId })),
    enqueueFirst: assign(({ context }, params: { typeId: number }) => ({
      queue: [params.typeId, ...context.queue.filter((id) => id !== params.typeId)],
      chunks: withChunk(context, params.typeId, { status: 'queued' }),
    })),
    enqueue: assign(({ context }, params: { typeId: number }) => ({
      queue: [...context.queue, params.typeId],
      chunks: withChunk(context, params.typeId, { status: 'queued' }),
    })),
    takeNext: assign(({ context }) => ({
      loadingTypeId: context.queue[0]!,
      queue: context.queue.slice(1),
      chunks: withChunk(context, context.queue[0]!, { status: 'loading' }),
    })),
    storeChunk: assign(({ context }, params: { info: ProductsChunkInfo }) => {
      const typeId = context.loadingTypeId!;
      const chunk = context.chunks[typeId]!;
      const known = new Set(chunk.products.map((p) => p.id));
      return {
        loadingTypeId: null,
        chunks: withChunk(context, typeId, {
          products: [...chunk.products, ...params.info.list.filter((p) => !known.has(p.id))],
          nextPage: params.info.page + 1,
          hasMore: params.info.hasMore,
          status: 'idle',
        }),
        menuUpdated: context.menuUpdated || params.info.changed,
      };
    }),
    markChunkFailed: assign(({ context }) => ({
      loadingTypeId: null,
      chunks: withChunk(context, context.loadingTypeId!, { status: 'error' }),
    })),
    requeueFailed: assign(({ context }, params: { typeId: number }) => ({
      queue: [...context.queue, params.typeId],
      chunks: withChunk(context, params.typeId, { status: 'queued' }),
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    forgetMenu: assign({
      types: [],
      chunks: {},
      queue: [],
      loadingTypeId: null,
      version: null,
      menuUpdated: false,
      error: null,
    }),
  },
}).createMachine({
  id: 'catalog',
  context: ({ input }) => ({
    pageLimit: input.pageLimit ?? DEFAULT_PAGE_LIMIT,
    version: input.version ?? null,
    types: [],
    chunks: {},
    queue: [],
    loadingTypeId: null,
    activeTypeId: null,
    menuUpdated: false,
    error: null,
  }),
  initial: 'loadingTypes',
  states: {
    loadingTypes: {
      tags: 'busy',
      invoke: {
        src: 'loadTypes',
        input: ({ context }) => ({ version: context.version, pageLimit: context.pageLimit }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeTypes', params: ({ event }) => ({ info: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
    failed: {
      tags: 'error',
      on: { 'catalog.retry': 'loadingTypes' },
    },
    ready: {
      on: {
        'catalog.showType': [
          {
            guard: { type: 'needsFirstPage', params: ({ event }) => ({ typeId: event.typeId }) },
            actions: [
              { type: 'setActive', params: ({ event }) => ({ typeId: event.typeId }) },
              { type: 'enqueueFirst', params: ({ event }) => ({ typeId: event.typeId }) },
            ],
          },
          { actions: { type: 'setActive', params: ({ event }) => ({ typeId: event.typeId }) } },
        ],
        'catalog.loadMore': {
          guard: { type: 'canQueue', params: ({ event }) => ({ typeId: event.typeId }) },
          actions: { type: 'enqueue', params: ({ event }) => ({ typeId: event.typeId }) },
        },
        'catalog.retryChunk': {
          guard: { type: 'chunkFailed', params: ({ event }) => ({ typeId: event.typeId }) },
          actions: { type: 'requeueFailed', params: ({ event }) => ({ typeId: event.typeId }) },
        },
        'catalog.reload': { target: 'loadingTypes', actions: 'forgetMenu' },
      },
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasQueue', target: 'loadingChunk' },
        },
        loadingChunk: {
          entry: 'takeNext',
          invoke: {
            src: 'loadChunk',
            input: ({ context }) => ({
              typeId: context.loadingTypeId!,
              page: context.chunks[context.loadingTypeId!]!.nextPage,
              pageLimit: context.pageLimit,
              version: context.version,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'storeChunk', params: ({ event }) => ({ info: event.output }) },
            },
            onError: { target: 'idle', actions: 'markChunkFailed' },
          },
        },
      },
    },
  },
});

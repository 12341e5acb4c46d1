// Product search (spec §2 /product/search, §7 store/productSearch): the query is sent once typing pauses
// (named delay `debounce`), so each keystroke does not cost a request; a newer query cancels an older one.
import { assign, setup } from 'xstate';
import type { ProductSearchInfo } from '../../domain/api/store';
import { MAX_SEARCH_LENGTH } from '../../domain/api/store-limits';
import type { Product } from '../../domain/catalog';
import { errorMessage, notProvided } from '../shared/not-provided';

export interface ProductSearchContext {
  text: string;
  /** The query the shown results answer. */
  searchedText: string;
  results: Product[];
  version: string | null;
  error: string | null;
}

export type ProductSearchEvent =
  { type: 'search.type'; text: string } | { type: 'search.clear' } | { type: 'search.retry' };

const clean = (text: string) => text.slice(0, MAX_SEARCH_LENGTH);

export const productSearchMachine = setup({
  types: {
    context: {} as ProductSearchContext,
    events: {} as ProductSearchEvent,
    input: {} as { text?: string; version?: string | null },
  },
  actors: {
    search: notProvided<ProductSearchInfo, { searchText: string; version: string | null }>('search'),
  },
  delays: {
    debounce: 300,
  },
  guards: {
    isBlank: (_, params: { text: string }) => params.text.trim() === '',
    hasResults: (_, params: { info: ProductSearchInfo }) => params.info.list.length > 0,
    startsWithText: ({ context }) => context.text.trim() !== '',
  },
  actions: {
    setText: assign((_, params: { text: string }) => ({ text: clean(params.text) })),
    clear: assign({ text: '', searchedText: '', results: [], error: null }),
    clearResults: assign({ searchedText: '', results: [], error: null }),
    storeResults: assign(({ context }, params: { info: ProductSearchInfo }) => ({
      results: params.info.list,
      searchedText: context.text.trim(),
      version: params.info.version,
      error: null,
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
  },
}).createMachine({
  id: 'productSearch',
  context: ({ input }) => ({
    text: clean(input.text ?? ''),
    searchedText: '',
    results: [],
    version: input.version ?? null,
    error: null,
  }),
  on: {
    'search.type': [
      {
        guard: { type: 'isBlank', params: ({ event }) => ({ text: event.text }) },
        target: '.empty',
        actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) },
      },
      {
        target: '.debouncing',
        reenter: true,
        actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) },
      },
    ],
    'search.clear': { target: '.empty', actions: 'clear' },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsWithText', target: 'searching' }, { target: 'empty' }],
    },
    empty: {
      entry: 'clearResults',
    },
    debouncing: {
      after: { debounce: 'searching' },
    },
    searching: {
      tags: 'busy',
      invoke: {
        src: 'search',
        input: ({ context }) => ({ searchText: context.text.trim(), version: context.version }),
        onDone: [
          {
            guard: { type: 'hasResults', params: ({ event }) => ({ info: event.output }) },
            target: 'results',
            actions: { type: 'storeResults', params: ({ event }) => ({ info: event.output }) },
          },
          {
            target: 'noResults',
            actions: { type: 'storeResults', params: ({ event }) => ({ info: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    results: {},
    noResults: {},
    failed: {
      tags: 'error',
      on: { 'search.retry': 'searching' },
    },
  },
});

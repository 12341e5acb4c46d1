import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { ProductSearchInfo } from '../../../src/domain/api/store';
import { productSearchMachine } from '../../../src/machines/catalog/product-search.machine';
import * as select from '../../../src/machines/catalog/product-search.selectors';
import { makeProduct } from '../fixtures/product';
import { coveragePaths } from '../support';

const QUERIES = { hit: 'noodle', miss: 'zzz', blank: '   ' } as const;
type Query = keyof typeof QUERIES;
const HITS = [makeProduct({ id: 1, name: 'Beef noodles' }), makeProduct({ id: 2, name: 'Cold noodles' })];

type ModelEvent =
  | { type: 'TYPE'; query: Query }
  | { type: 'PAUSE' }
  | { type: 'ANSWER' }
  | { type: 'FAIL' }
  | { type: 'RETRY' }
  | { type: 'CLEAR' };

/** The customer's view: typing, waiting for results, and what came back for the last query. */
const model = setup({
  types: { context: {} as { query: Query | null }, events: {} as ModelEvent },
  guards: {
    isBlank: ({ event }) => event.type === 'TYPE' && event.query === 'blank',
    isHit: ({ context }) => context.query === 'hit',
  },
  actions: {
    remember: assign(({ event }) => (event.type === 'TYPE' ? { query: event.query } : {})),
    forget: assign({ query: null }),
  },
}).createMachine({
  id: 'searchModel',
  context: { query: null },
  initial: 'empty',
  on: {
    TYPE: [
      { guard: 'isBlank', target: '.empty', actions: 'remember' },
      { target: '.typing', actions: 'remember' },
    ],
    CLEAR: { target: '.empty', actions: 'forget' },
  },
  states: {
    empty: {},
    typing: { on: { PAUSE: 'searching' } },
    searching: {
      on: {
        ANSWER: [{ guard: 'isHit', target: 'results' }, { target: 'noResults' }],
        FAIL: 'failed',
      },
    },
    results: {},
    noResults: {},
    failed: { on: { RETRY: 'searching' } },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'TYPE', query: 'hit' },
  { type: 'TYPE', query: 'miss' },
  { type: 'TYPE', query: 'blank' },
  { type: 'PAUSE' },
  { type: 'ANSWER' },
  { type: 'FAIL' },
  { type: 'RETRY' },
  { type: 'CLEAR' },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('productSearch (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const calls: { searchText: string; resolve(v: ProductSearchInfo): void; reject(e: Error): void }[] = [];
      const actor = createActor(
        productSearchMachine.provide({
          actors: {
            search: fromPromise(
              ({ input }) =>
                new Promise<ProductSearchInfo>((resolve, reject) =>
                  calls.push({ searchText: input.searchText, resolve, reject }),
                ),
            ),
          },
        }),
        { input: {} },
      ).start();
      const snap = () => actor.getSnapshot();
      const state = () => select.selectSearchState(snap());
      const queryOf = (s: { context: unknown }) => (s.context as { query: Query | null }).query;
      await path.run({
        states: {
          empty: () => {
            expect(state()).toBe('empty');
            expect(select.selectResults(snap())).toEqual([]);
          },
          typing: (s) => {
            expect(state()).toBe('typing');
            expect(select.selectText(snap())).toBe(QUERIES[queryOf(s)!]);
          },
          searching: (s) => {
            expect(state()).toBe('searching');
            expect(calls.at(-1)!.searchText).toBe(QUERIES[queryOf(s)!].trim());
          },
          results: () => {
            expect(state()).toBe('results');
            expect(select.selectResults(snap())).toEqual(HITS);
            expect(select.selectSearchedText(snap())).toBe(QUERIES.hit);
          },
          noResults: () => {
            expect(state()).toBe('noResults');
            expect(select.selectResults(snap())).toEqual([]);
          },
          failed: () => {
            expect(state()).toBe('failed');
            expect(select.selectSearchError(snap())).toBe('offline');
          },
        },
        events: {
          TYPE: async ({ query }) => {
            const before = calls.length;
            actor.send({ type: 'search.type', text: QUERIES[query] });
            // Typing alone never sends a request: only a pause does.
            await vi.advanceTimersByTimeAsync(299);
            expect(calls.length).toBe(before);
          },
          PAUSE: async () => {
            await vi.advanceTimersByTimeAsync(1);
          },
          ANSWER: async () => {
            const call = calls.at(-1)!;
            call.resolve({
              version: 'v1',
              changed: false,
              list: call.searchText === QUERIES.hit ? HITS : [],
            });
            await vi.advanceTimersByTimeAsync(0);
          },
          FAIL: async () => {
            calls.at(-1)!.reject(new Error('offline'));
            await vi.advanceTimersByTimeAsync(0);
          },
          RETRY: async () => {
            actor.send({ type: 'search.retry' });
            await vi.advanceTimersByTimeAsync(0);
          },
          CLEAR: async () => {
            actor.send({ type: 'search.clear' });
            expect(select.selectText(snap())).toBe('');
            await vi.advanceTimersByTimeAsync(0);
          },
        },
      });
    });
  }
});

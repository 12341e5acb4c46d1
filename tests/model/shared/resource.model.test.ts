import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { resourceMachine } from '../../../src/machines/shared/resource.machine';
import * as select from '../../../src/machines/shared/resource.selectors';
import { coveragePaths, settle } from '../support';

type Shop = { id: number; name: string };
const SHOPS: Record<number, Shop> = { 1: { id: 1, name: 'Noodle Bar' }, 2: { id: 2, name: 'Tea House' } };

type ModelEvent =
  | { type: 'LOAD'; shopId: 1 | 2 }
  | { type: 'ARRIVE' }
  | { type: 'FAIL' }
  | { type: 'RETRY' }
  | { type: 'RELOAD' };

/** The page's view: nothing asked yet, waiting, showing a shop, or the load error with its retry. */
const model = setup({
  types: { context: {} as { shopId: 1 | 2 | null; shown: 1 | 2 | null }, events: {} as ModelEvent },
  actions: {
    ask: assign(({ event }) => (event.type === 'LOAD' ? { shopId: event.shopId } : {})),
    show: assign(({ context }) => ({ shown: context.shopId })),
  },
}).createMachine({
  id: 'resourceModel',
  context: { shopId: null, shown: null },
  initial: 'idle',
  on: { LOAD: { target: '.loading', actions: 'ask' } },
  states: {
    idle: {},
    loading: { on: { ARRIVE: { target: 'ready', actions: 'show' }, FAIL: 'failed' } },
    ready: { on: { RELOAD: 'loading' } },
    failed: { on: { RETRY: 'loading' } },
  },
});

describe('resource (model-based)', () => {
  const events: ModelEvent[] = [
    { type: 'LOAD', shopId: 1 },
    { type: 'LOAD', shopId: 2 },
    { type: 'ARRIVE' },
    { type: 'FAIL' },
    { type: 'RETRY' },
    { type: 'RELOAD' },
  ];
  for (const path of coveragePaths(model, events)) {
    it(path.description, async () => {
      const calls: { shopId: number; resolve(s: Shop): void; reject(e: Error): void }[] = [];
      const actor = createActor(
        resourceMachine.provide({
          actors: {
            load: fromPromise(
              ({ input }) =>
                new Promise<unknown>((resolve, reject) =>
                  calls.push({ shopId: input as number, resolve, reject }),
                ),
            ),
          },
        }),
        { input: {} },
      ).start();
      const snap = () => actor.getSnapshot();
      const ctx = (s: { context: unknown }) => s.context as { shopId: 1 | 2 | null; shown: 1 | 2 | null };
      await path.run({
        states: {
          idle: () => {
            expect(select.selectIsLoading(snap())).toBe(false);
            expect(calls).toHaveLength(0);
          },
          loading: (s) => {
            expect(select.selectIsLoading(snap())).toBe(true);
            expect(calls.at(-1)!.shopId).toBe(ctx(s).shopId);
          },
          ready: (s) => {
            expect(select.selectIsReady(snap())).toBe(true);
            expect(select.selectData<Shop>(snap())).toEqual(SHOPS[ctx(s).shown!]);
          },
          failed: () => {
            expect(select.selectFailed(snap())).toBe(true);
            expect(select.selectError(snap())).toBe('offline');
          },
        },
        events: {
          LOAD: async ({ shopId }) => {
            actor.send({ type: 'resource.load', params: shopId });
            await settle(1);
          },
          ARRIVE: async () => {
            const call = calls.at(-1)!;
            call.resolve(SHOPS[call.shopId]!);
            await settle();
          },
          FAIL: async () => {
            calls.at(-1)!.reject(new Error('offline'));
            await settle();
          },
          RETRY: async () => {
            actor.send({ type: 'resource.retry' });
            await settle(1);
          },
          RELOAD: async () => {
            actor.send({ type: 'resource.reload' });
            await settle(1);
          },
        },
      });
    });
  }

  it('starts loading at once when created with params', () => {
    const actor = createActor(
      resourceMachine.provide({ actors: { load: fromPromise(() => new Promise<unknown>(() => undefined)) } }),
      { input: { params: 1 } },
    ).start();
    expect(select.selectIsLoading(actor.getSnapshot())).toBe(true);
  });
});

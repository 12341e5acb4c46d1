import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type Actor } from 'xstate';
import type { Product } from '../../../src/domain/catalog';
import { ProductState } from '../../../src/domain/enums';
import {
  productLinkMachine,
  type ProductLinkEmitted,
} from '../../../src/machines/catalog/product-link.machine';
import type { LinkIntent } from '../../../src/machines/catalog/product-link.rules';
import * as select from '../../../src/machines/catalog/product-link.selectors';
import { makeProduct } from '../fixtures/product';
import { coveragePaths, settle } from '../support';

/** The menu shows categories 1 (mains) and 2 (drinks); category 9 exists on the server only. */
const MENU_TYPES = [1, 2];
const taste = {
  id: 1,
  name: 'Spice',
  optionType: 4,
  required: true,
  maxChoose: 1,
  options: [{ id: 11, name: 'Mild', price: 0, state: 0 }],
};

/** The products a link may name, by what the customer is shown. */
const PRODUCTS = {
  water: makeProduct({ id: 10, typeId: 2, name: 'Water' }),
  noodles: makeProduct({ id: 11, typeId: 1, name: 'Noodles', tastes: [taste] }),
  soldOut: makeProduct({ id: 12, typeId: 2, name: 'Milkshake', state: ProductState.soldOut }),
  offline: makeProduct({ id: 13, typeId: 1, name: 'Wagyu', state: ProductState.offline }),
  hiddenType: makeProduct({ id: 14, typeId: 9, name: 'Staff meal' }),
  foreign: makeProduct({ id: 15, typeId: 1, name: 'Another shop’s dish' }),
} satisfies Record<string, Product>;
type Named = keyof typeof PRODUCTS;

/** On the menu's loaded pages: listed products of shown categories only. */
const ON_MENU: readonly Named[] = ['water', 'noodles', 'soldOut'];
/** What the customer sees for each link (the answer the menu acts on). */
const OUTCOME: Record<LinkIntent, Record<Named, 'pageOpen' | 'choosing' | 'added' | 'unavailable'>> = {
  show: {
    water: 'pageOpen',
    noodles: 'choosing',
    soldOut: 'pageOpen',
    offline: 'unavailable',
    hiddenType: 'unavailable',
    foreign: 'unavailable',
  },
  add: {
    water: 'added',
    noodles: 'choosing',
    // The cart's one-tap guard refuses it and says why, as for a tap on "+".
    soldOut: 'added',
    offline: 'unavailable',
    hiddenType: 'unavailable',
    foreign: 'unavailable',
  },
};

interface ModelContext {
  intent: LinkIntent;
  product: Named;
}
type ModelEvent =
  | { type: 'OPEN'; intent: LinkIntent; product: Named }
  | { type: 'MENU_READY'; loaded: boolean }
  | { type: 'ANSWER' }
  | { type: 'REFUSE' }
  | { type: 'NO_ANSWER' };

const outcomeIs =
  (outcome: string) =>
  ({ context }: { context: ModelContext }) =>
    OUTCOME[context.intent][context.product] === outcome;

/** The customer's view: a link opened, the menu ready, the product looked up, and what the menu did. */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    isOnMenu: ({ context, event }) =>
      event.type === 'MENU_READY' && event.loaded && ON_MENU.includes(context.product),
    notLoaded: ({ event }) => event.type === 'MENU_READY' && !event.loaded,
    serverHasIt: ({ context }) => context.product !== 'foreign',
    serverRefuses: ({ context }) => context.product === 'foreign',
    pageOpens: outcomeIs('pageOpen'),
    sheetOpens: outcomeIs('choosing'),
    addsOne: outcomeIs('added'),
  },
  actions: {
    open: assign(({ event }) =>
      event.type === 'OPEN' ? { intent: event.intent, product: event.product } : {},
    ),
  },
}).createMachine({
  id: 'productLinkModel',
  context: { intent: 'show', product: 'water' },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: { target: 'waiting', actions: 'open' } } },
    waiting: {
      on: {
        MENU_READY: [
          { guard: 'notLoaded', target: 'looking' },
          { guard: 'isOnMenu', target: 'answered' },
        ],
      },
    },
    looking: {
      on: {
        ANSWER: { guard: 'serverHasIt', target: 'answered' },
        REFUSE: { guard: 'serverRefuses', target: 'unavailable' },
        NO_ANSWER: 'dropped',
      },
    },
    answered: {
      always: [
        { guard: 'pageOpens', target: 'pageOpen' },
        { guard: 'sheetOpens', target: 'choosing' },
        { guard: 'addsOne', target: 'added' },
        { target: 'unavailable' },
      ],
    },
    pageOpen: {},
    choosing: {},
    added: {},
    unavailable: {},
    dropped: {},
  },
});

const refusal = () => Object.assign(new Error('这个商品不存在'), { name: 'HttpError', kind: 'business' });
const noAnswer = () => Object.assign(new Error('timeout'), { name: 'HttpError', kind: 'timeout' });

describe('product link (model-based)', () => {
  const events: ModelEvent[] = [
    ...(['show', 'add'] as const).flatMap((intent) =>
      (Object.keys(PRODUCTS) as Named[]).map((product) => ({ type: 'OPEN' as const, intent, product })),
    ),
    { type: 'MENU_READY', loaded: true },
    { type: 'MENU_READY', loaded: false },
    { type: 'ANSWER' },
    { type: 'REFUSE' },
    { type: 'NO_ANSWER' },
  ];

  for (const path of coveragePaths(model, events)) {
    it(path.description, async () => {
      const calls: { id: number; resolve(p: Product): void; reject(e: Error): void }[] = [];
      const emitted: ProductLinkEmitted[] = [];
      let actor: Actor<typeof productLinkMachine> | null = null;
      const opened = { product: 'water' as Named };
      const only = () => {
        expect(select.selectIsWaitingForMenu(actor!.getSnapshot())).toBe(false);
        expect(select.selectIsLookingUp(actor!.getSnapshot())).toBe(false);
        expect(emitted).toHaveLength(1);
        return emitted[0]!;
      };
      await path.run({
        states: {
          closed: () => expect(actor).toBeNull(),
          waiting: () => {
            expect(select.selectIsWaitingForMenu(actor!.getSnapshot())).toBe(true);
            expect(calls).toHaveLength(0);
            expect(emitted).toEqual([]);
          },
          looking: () => {
            expect(select.selectIsLookingUp(actor!.getSnapshot())).toBe(true);
            expect(calls.map((c) => c.id)).toEqual([PRODUCTS[opened.product].id]);
            expect(emitted).toEqual([]);
          },
          pageOpen: () => expect(only()).toEqual({ type: 'link.page', product: PRODUCTS[opened.product] }),
          choosing: () => expect(only()).toEqual({ type: 'link.choose', product: PRODUCTS[opened.product] }),
          added: () => expect(only()).toEqual({ type: 'link.add', product: PRODUCTS[opened.product] }),
          unavailable: () =>
            expect(only()).toEqual({ type: 'link.unavailable', productId: PRODUCTS[opened.product].id }),
          dropped: () => expect(only()).toEqual({ type: 'link.failed' }),
        },
        events: {
          OPEN: ({ intent, product }) => {
            opened.product = product;
            actor = createActor(
              productLinkMachine.provide({
                actors: {
                  loadProduct: fromPromise(
                    ({ input }) =>
                      new Promise<Product>((resolve, reject) =>
                        calls.push({ id: input.id, resolve, reject }),
                      ),
                  ),
                },
              }),
              { input: { productId: PRODUCTS[product].id, intent } },
            );
            for (const type of [
              'link.unavailable',
              'link.add',
              'link.choose',
              'link.page',
              'link.failed',
            ] as const)
              actor.on(type, (event) => emitted.push(event));
            actor.start();
          },
          MENU_READY: async ({ loaded }) => {
            actor!.send({
              type: 'link.menuReady',
              typeIds: MENU_TYPES,
              loaded: loaded ? PRODUCTS[opened.product] : null,
            });
            await settle(1);
          },
          ANSWER: async () => {
            calls.at(-1)!.resolve(PRODUCTS[opened.product]);
            await settle();
          },
          REFUSE: async () => {
            calls.at(-1)!.reject(refusal());
            await settle();
          },
          NO_ANSWER: async () => {
            calls.at(-1)!.reject(noAnswer());
            await settle();
          },
        },
      });
    });
  }

  it('acts once: the outcome ends the flow, so a menu that loads again is not acted on twice', () => {
    const actor = createActor(productLinkMachine, { input: { productId: 10, intent: 'add' } });
    const emitted: ProductLinkEmitted[] = [];
    actor.on('link.add', (event) => emitted.push(event));
    actor.start();
    const ready = { type: 'link.menuReady', typeIds: MENU_TYPES, loaded: PRODUCTS.water } as const;
    actor.send(ready);
    expect(emitted).toHaveLength(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(select.selectIsWaitingForMenu(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can(ready)).toBe(false);
  });
});

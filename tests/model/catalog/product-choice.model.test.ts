import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { Product } from '../../../src/domain/catalog';
import {
  productChoiceMachine,
  type ProductChoiceEmitted,
} from '../../../src/machines/catalog/product-choice.machine';
import * as select from '../../../src/machines/catalog/product-choice.selectors';
import { makeProduct } from '../fixtures/product';
import { coveragePaths, settle } from '../support';

const SHOP = { currency: 'CNY', numberDecimals: 2 };

/**
 * A milk tea: sizes S and L, Hot or Iced (both Iced specs are sold out, L/Hot has one left); sugar is a
 * required single choice; up to two toppings, one of them sold out; at most two cups per order.
 */
const TEA: Product = makeProduct({
  id: 10,
  typeId: 2,
  name: 'Milk tea',
  price: 1500,
  maxBuy: 2,
  specDimensions: [
    { name: 'Size', values: ['S', 'L'] },
    { name: 'Temperature', values: ['Hot', 'Iced'] },
  ],
  specs: [
    { id: 11, values: ['S', 'Hot'], name: 'S/Hot', price: 1500, memberPrice: null, stock: null, state: 0 },
    { id: 12, values: ['S', 'Iced'], name: 'S/Iced', price: 1600, memberPrice: null, stock: 0, state: 0 },
    { id: 13, values: ['L', 'Hot'], name: 'L/Hot', price: 1900, memberPrice: 1700, stock: 1, state: 0 },
    { id: 14, values: ['L', 'Iced'], name: 'L/Iced', price: 2000, memberPrice: null, stock: null, state: 1 },
  ],
  tastes: [
    {
      id: 21,
      name: 'Sugar',
      optionType: 4,
      required: true,
      maxChoose: 1,
      options: [
        { id: 211, name: 'Less', price: 0, state: 0 },
        { id: 212, name: 'Normal', price: 0, state: 0 },
      ],
    },
    {
      id: 22,
      name: 'Toppings',
      optionType: 0,
      required: false,
      maxChoose: 2,
      options: [
        { id: 221, name: 'Pearl', price: 300, state: 0 },
        { id: 222, name: 'Jelly', price: 200, state: 0 },
        { id: 223, name: 'Pudding', price: 400, state: 0 },
        { id: 224, name: 'Taro', price: 500, state: 1 },
      ],
    },
  ],
});

const SIZE_PRICE = { S: 1500, L: 1900 } as const;
const SIZE_SPEC = { S: 11, L: 13 } as const;
const SUGAR_ID = { less: 211, normal: 212 } as const;
const TOPPING = {
  pearl: { id: 221, price: 300 },
  jelly: { id: 222, price: 200 },
  pudding: { id: 223, price: 400 },
} as const;
type Size = keyof typeof SIZE_PRICE;
type Sugar = keyof typeof SUGAR_ID;
type Topping = keyof typeof TOPPING;

interface TeaContext {
  size: Size;
  sugar: Sugar | null;
  toppings: Topping[];
  quantity: number;
}
type TeaEvent =
  | { type: 'LOAD_OK' }
  | { type: 'LOAD_FAILS' }
  | { type: 'RETRY' }
  | { type: 'SIZE'; size: Size }
  | { type: 'ICED' }
  | { type: 'SUGAR'; sugar: Sugar }
  | { type: 'TOPPING'; topping: Topping }
  | { type: 'SOLD_OUT_TOPPING' }
  | { type: 'MORE' }
  | { type: 'FEWER' }
  | { type: 'CONFIRM' };

const maxCups = (size: Size) => (size === 'L' ? 1 : 2);

/** The customer's view of the tea: what is chosen; refused choices change nothing. */
const teaModel = setup({
  types: { context: {} as TeaContext, events: {} as TeaEvent },
  actions: {
    size: assign(({ context, event }) =>
      event.type === 'SIZE'
        ? { size: event.size, quantity: Math.min(context.quantity, maxCups(event.size)) }
        : {},
    ),
    sugar: assign(({ context, event }) =>
      event.type === 'SUGAR' ? { sugar: context.sugar === event.sugar ? null : event.sugar } : {},
    ),
    topping: assign(({ context, event }) => {
      if (event.type !== 'TOPPING') return {};
      if (context.toppings.includes(event.topping))
        return { toppings: context.toppings.filter((t) => t !== event.topping) };
      if (context.toppings.length >= 2) return {};
      return { toppings: [...context.toppings, event.topping] };
    }),
    more: assign(({ context }) => ({ quantity: Math.min(context.quantity + 1, maxCups(context.size)) })),
    fewer: assign(({ context }) => ({ quantity: Math.max(context.quantity - 1, 1) })),
  },
}).createMachine({
  id: 'teaModel',
  context: { size: 'S', sugar: null, toppings: [], quantity: 1 },
  initial: 'loading',
  states: {
    loading: { on: { LOAD_OK: 'choosing', LOAD_FAILS: 'failed' } },
    failed: { on: { RETRY: 'loading' } },
    choosing: {
      on: {
        SIZE: { actions: 'size' },
        ICED: {},
        SUGAR: { actions: 'sugar' },
        TOPPING: { actions: 'topping' },
        SOLD_OUT_TOPPING: {},
        MORE: { actions: 'more' },
        FEWER: { actions: 'fewer' },
        CONFIRM: {},
      },
    },
  },
});

const TEA_EVENTS: TeaEvent[] = [
  { type: 'LOAD_OK' },
  { type: 'LOAD_FAILS' },
  { type: 'RETRY' },
  { type: 'SIZE', size: 'S' },
  { type: 'SIZE', size: 'L' },
  { type: 'ICED' },
  { type: 'SUGAR', sugar: 'less' },
  { type: 'SUGAR', sugar: 'normal' },
  { type: 'TOPPING', topping: 'pearl' },
  { type: 'TOPPING', topping: 'jelly' },
  { type: 'TOPPING', topping: 'pudding' },
  { type: 'SOLD_OUT_TOPPING' },
  { type: 'MORE' },
  { type: 'FEWER' },
  { type: 'CONFIRM' },
];

function startChoice(product: Product | null, load?: () => Promise<Product>) {
  const emitted: ProductChoiceEmitted[] = [];
  const loads: { resolve(p: Product): void; reject(e: Error): void }[] = [];
  const actor = createActor(
    productChoiceMachine.provide({
      actors: {
        loadProduct: fromPromise(
          () => load?.() ?? new Promise<Product>((resolve, reject) => loads.push({ resolve, reject })),
        ),
      },
    }),
    { input: { productId: product?.id ?? TEA.id, product, ...SHOP } },
  );
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, emitted, loads };
}

describe('productChoice of a spec product with tastes (model-based)', () => {
  for (const path of coveragePaths(teaModel, TEA_EVENTS)) {
    it(path.description, async () => {
      const { actor, emitted, loads } = startChoice(null);
      const snap = () => actor.getSnapshot();
      /** Refused choices must leave the snapshot's choice as it was. */
      const unchanged = (send: () => void) => {
        const before = snap().context.choice;
        send();
        expect(snap().context.choice).toEqual(before);
      };
      await path.run({
        states: {
          loading: () => expect(select.selectIsLoading(snap())).toBe(true),
          failed: () => {
            expect(select.selectLoadFailed(snap())).toBe(true);
            expect(select.selectLoadError(snap())).toBe('not found');
          },
          choosing: (state) => {
            const m = state.context as TeaContext;
            const s = snap();
            expect(select.selectSelectedSpec(s)?.id).toBe(SIZE_SPEC[m.size]);
            expect(select.selectQuantity(s)).toBe(m.quantity);
            const unit = SIZE_PRICE[m.size] + m.toppings.reduce((sum, t) => sum + TOPPING[t].price, 0);
            expect(select.selectUnitPrice(s)).toBe(unit);
            expect(select.selectTotalPrice(s)).toBe(unit * m.quantity);
            // Only the large tea has a member price (17.00), toppings on top.
            expect(select.selectMemberUnitPrice(s)).toBe(m.size === 'L' ? unit - SIZE_PRICE.L + 1700 : null);
            expect(select.selectFirstUnmet(s)).toEqual(
              m.sugar ? null : { kind: 'taste', groupId: 21, name: 'Sugar' },
            );
            expect(select.selectCanAdd(s)).toBe(m.sugar !== null);
            expect(select.selectCanIncrement(s)).toBe(m.quantity < maxCups(m.size));
            expect(select.selectCanDecrement(s)).toBe(m.quantity > 1);
            const [size, temperature] = select.selectSpecValueStates(s);
            expect(size!.values.map((v) => v.state)).toEqual(
              m.size === 'S' ? ['selected', 'available'] : ['available', 'selected'],
            );
            expect(temperature!.values.map((v) => v.state)).toEqual(['selected', 'soldOut']);
            const toppings = select.selectTasteStates(s)[1]!;
            expect(toppings.options.map((o) => o.state)).toEqual([
              ...(['pearl', 'jelly', 'pudding'] as const).map((t) =>
                m.toppings.includes(t) ? 'selected' : m.toppings.length >= 2 ? 'full' : 'available',
              ),
              'soldOut',
            ]);
          },
        },
        events: {
          LOAD_OK: async () => {
            loads.at(-1)!.resolve(TEA);
            await settle();
          },
          LOAD_FAILS: async () => {
            loads.at(-1)!.reject(new Error('not found'));
            await settle();
          },
          RETRY: async () => {
            actor.send({ type: 'choice.retry' });
            await settle();
          },
          SIZE: ({ size }) => actor.send({ type: 'choice.selectSpec', dimension: 0, value: size }),
          ICED: () => unchanged(() => actor.send({ type: 'choice.selectSpec', dimension: 1, value: 'Iced' })),
          SUGAR: ({ sugar }) =>
            actor.send({ type: 'choice.toggleTaste', groupId: 21, optionId: SUGAR_ID[sugar] }),
          TOPPING: ({ topping }) =>
            actor.send({ type: 'choice.toggleTaste', groupId: 22, optionId: TOPPING[topping].id }),
          SOLD_OUT_TOPPING: () =>
            unchanged(() => actor.send({ type: 'choice.toggleTaste', groupId: 22, optionId: 224 })),
          MORE: () => actor.send({ type: 'choice.increment' }),
          FEWER: () => actor.send({ type: 'choice.decrement' }),
          CONFIRM: () => {
            const complete = select.selectCanAdd(snap());
            const before = emitted.length;
            actor.send({ type: 'choice.confirm' });
            const fresh = emitted.slice(before);
            if (!complete) {
              expect(fresh).toEqual([]);
              return;
            }
            expect(fresh).toHaveLength(1);
            const { line } = fresh[0]!;
            const spec = select.selectSelectedSpec(snap())!;
            expect(line).toMatchObject({
              id: TEA.id,
              specId: spec.id,
              specName: spec.name,
              typeid: TEA.typeId,
              quantity: select.selectQuantity(snap()),
              price: spec.price,
              memberPrice: spec.memberPrice,
            });
            const chosen = snap().context.choice;
            expect(line.tastes!.map((t) => t.id).sort()).toEqual(
              [...chosen.tastes[21]!, ...(chosen.tastes[22] ?? [])].sort(),
            );
          },
        },
      });
    });
  }
});

/** A meal set: one main of two (the wrap costs 1.50 more), two sides of three (soup is sold out). */
const MEAL: Product = makeProduct({
  id: 30,
  name: 'Lunch set',
  price: 3000,
  mealGroups: [
    {
      id: 31,
      name: 'Main',
      chooseCount: 1,
      items: [
        { productId: 301, name: 'Burger', image: '', price: 0, quantity: 1, state: 0 },
        { productId: 302, name: 'Wrap', image: '', price: 150, quantity: 1, state: 0 },
      ],
    },
    {
      id: 32,
      name: 'Sides',
      chooseCount: 2,
      items: [
        { productId: 303, name: 'Fries', image: '', price: 0, quantity: 1, state: 0 },
        { productId: 304, name: 'Salad', image: '', price: 100, quantity: 1, state: 0 },
        { productId: 305, name: 'Soup', image: '', price: 0, quantity: 1, state: 1 },
      ],
    },
  ],
});
const MAIN = { burger: { id: 301, price: 0 }, wrap: { id: 302, price: 150 } } as const;
const SIDE = { fries: { id: 303, price: 0 }, salad: { id: 304, price: 100 } } as const;
type Main = keyof typeof MAIN;
type Side = keyof typeof SIDE;
type MealEvent =
  { type: 'MAIN'; main: Main } | { type: 'SIDE'; side: Side } | { type: 'SOUP' } | { type: 'CONFIRM' };

const mealModel = setup({
  types: { context: {} as { main: Main | null; sides: Side[] }, events: {} as MealEvent },
  actions: {
    main: assign(({ context, event }) =>
      event.type === 'MAIN' ? { main: context.main === event.main ? null : event.main } : {},
    ),
    side: assign(({ context, event }) =>
      event.type === 'SIDE'
        ? {
            sides: context.sides.includes(event.side)
              ? context.sides.filter((x) => x !== event.side)
              : [...context.sides, event.side],
          }
        : {},
    ),
  },
}).createMachine({
  id: 'mealModel',
  context: { main: null, sides: [] },
  initial: 'choosing',
  states: {
    choosing: { on: { MAIN: { actions: 'main' }, SIDE: { actions: 'side' }, SOUP: {}, CONFIRM: {} } },
  },
});

describe('productChoice of a meal set (model-based)', () => {
  const events: MealEvent[] = [
    { type: 'MAIN', main: 'burger' },
    { type: 'MAIN', main: 'wrap' },
    { type: 'SIDE', side: 'fries' },
    { type: 'SIDE', side: 'salad' },
    { type: 'SOUP' },
    { type: 'CONFIRM' },
  ];
  for (const path of coveragePaths(mealModel, events)) {
    it(path.description, async () => {
      const { actor, emitted } = startChoice(MEAL);
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          choosing: (state) => {
            const m = state.context as { main: Main | null; sides: Side[] };
            const s = snap();
            const unit =
              3000 + (m.main ? MAIN[m.main].price : 0) + m.sides.reduce((sum, x) => sum + SIDE[x].price, 0);
            expect(select.selectUnitPrice(s)).toBe(unit);
            const unmet = !m.main
              ? { kind: 'meal', groupId: 31, name: 'Main', missing: 1 }
              : m.sides.length < 2
                ? { kind: 'meal', groupId: 32, name: 'Sides', missing: 2 - m.sides.length }
                : null;
            expect(select.selectFirstUnmet(s)).toEqual(unmet);
            const sides = select.selectMealStates(s)[1]!;
            expect(sides.items.map((i) => i.state)).toEqual([
              m.sides.includes('fries') ? 'selected' : 'available',
              m.sides.includes('salad') ? 'selected' : 'available',
              'soldOut',
            ]);
          },
        },
        events: {
          MAIN: ({ main }) =>
            actor.send({ type: 'choice.toggleMealItem', groupId: 31, productId: MAIN[main].id }),
          SIDE: ({ side }) =>
            actor.send({ type: 'choice.toggleMealItem', groupId: 32, productId: SIDE[side].id }),
          SOUP: () => {
            const before = snap().context.choice;
            actor.send({ type: 'choice.toggleMealItem', groupId: 32, productId: 305 });
            expect(snap().context.choice).toEqual(before);
          },
          CONFIRM: () => {
            const complete = select.selectCanAdd(snap());
            const before = emitted.length;
            actor.send({ type: 'choice.confirm' });
            const fresh = emitted.slice(before);
            expect(fresh).toHaveLength(complete ? 1 : 0);
            if (complete) {
              const line = fresh[0]!.line;
              expect(line.mealset!.map((i) => i.productId).sort()).toEqual(
                [...snap().context.choice.meals[31]!, ...snap().context.choice.meals[32]!].sort(),
              );
              expect(line.flag).toMatch(/^30-0-/);
            }
          },
        },
      });
    });
  }

  it('gives the same configuration the same cart flag whatever order it was chosen in', () => {
    const lines = [
      [301, 303, 304],
      [301, 304, 303],
    ].map(([main, a, b]) => {
      const { actor, emitted } = startChoice(MEAL);
      actor.send({ type: 'choice.toggleMealItem', groupId: 31, productId: main! });
      actor.send({ type: 'choice.toggleMealItem', groupId: 32, productId: a! });
      actor.send({ type: 'choice.toggleMealItem', groupId: 32, productId: b! });
      actor.send({ type: 'choice.confirm' });
      return emitted[0]!.line;
    });
    expect(lines[0]!.flag).toBe(lines[1]!.flag);
  });

  it('keeps a typed quantity within the minimum purchase and the purchase limit', () => {
    const { actor } = startChoice(makeProduct({ id: 40, minBuy: 2, maxBuy: 5 }));
    expect(select.selectQuantity(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'choice.setQuantity', quantity: 99 });
    expect(select.selectQuantity(actor.getSnapshot())).toBe(5);
    actor.send({ type: 'choice.setQuantity', quantity: 0 });
    expect(select.selectQuantity(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'choice.setQuantity', quantity: Number.NaN });
    expect(select.selectQuantity(actor.getSnapshot())).toBe(2);
  });

  it('says why a sold-out product cannot be added', () => {
    const { actor } = startChoice(makeProduct({ id: 41, state: 1 }));
    expect(select.selectFirstUnmet(actor.getSnapshot())).toEqual({ kind: 'unavailable', state: 1 });
    expect(select.selectCanAdd(actor.getSnapshot())).toBe(false);
  });
});

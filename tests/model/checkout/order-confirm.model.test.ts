import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { CheckStockInfo, StockLine } from '../../../src/domain/api/store';
import type { CartProductFacts } from '../../../src/domain/cart';
import type { ProductTax } from '../../../src/domain/catalog';
import type { CartLine } from '../../../src/domain/pricing';
import type { ShopInfo } from '../../../src/domain/shop';
import {
  orderConfirmMachine,
  stockLines,
  type OrderConfirmEmitted,
} from '../../../src/machines/checkout/order-confirm.machine';
import * as select from '../../../src/machines/checkout/order-confirm.selectors';
import { makeShop } from '../fixtures/shop';
import { coveragePaths, settle } from '../support';

const NOON = new Date('2026-03-02T04:00:00Z');
const SHOPS: Record<'ok' | 'expired' | 'stopped' | 'closed', ShopInfo> = {
  ok: makeShop(),
  expired: makeShop({ realShopStatus: 0 }),
  stopped: makeShop({ realShopStatus: -1 }),
  closed: makeShop({ openShop: false, selfCollection: false }),
};

/** A spec tea and a meal set of two items (one of them twice). */
const LINES: CartLine[] = [
  { flag: 'tea', id: 10, specId: 13, name: 'Milk tea', typeid: 2, quantity: 2, price: 1900 },
  {
    flag: 'meal',
    id: 20,
    name: 'Lunch set',
    typeid: 3,
    quantity: 3,
    price: 3000,
    mealset: [
      { productId: 21, name: 'Rice', price: 0, quantity: 1 },
      { productId: 22, name: 'Egg', price: 0, quantity: 2 },
    ],
  },
];
const PRODUCTS: CartProductFacts[] = [
  { id: 10, name: 'Milk tea', minBuy: 1, maxBuy: null, stock: 5, taxIds: [] },
  { id: 20, name: 'Lunch set', minBuy: 1, maxBuy: null, stock: null, taxIds: [7] },
];
const TAXES: ProductTax[] = [{ id: 7, name: 'VAT', mode: 1, value: 6 }];
const SIDES = { typeId: 9, name: 'Sides' };
const SHORT: CheckStockInfo = { id: 22, name: 'Egg', remaining: 4, reason: 'insufficient' };
const ENOUGH: CheckStockInfo = { id: null, name: null, remaining: null, reason: null };

type ShopKind = keyof typeof SHOPS;
interface ConfirmContext {
  shop: ShopKind;
  navigated: boolean;
  /** The menu was asked to scroll to the must-pick category. */
  shown: boolean;
}
type ConfirmEvent =
  | { type: 'SHOP'; shop: ShopKind }
  | { type: 'CONFIRM' }
  | { type: 'CONFIRM_EMPTY' }
  | { type: 'CONFIRM_NO_SIDES' }
  | { type: 'SHOW_SIDES' }
  | { type: 'TAXES_OK' }
  | { type: 'TAXES_FAIL' }
  | { type: 'STOCK_OK' }
  | { type: 'STOCK_SHORT' }
  | { type: 'STOCK_FAIL' }
  | { type: 'ACKNOWLEDGE' }
  | { type: 'DISMISS' }
  | { type: 'RETRY' };

/** Spec §4 order confirm as the customer sees it. */
const confirmModel = setup({
  types: { context: {} as ConfirmContext, events: {} as ConfirmEvent },
  guards: {
    expired: ({ context }) => context.shop === 'expired' || context.shop === 'stopped',
    closed: ({ context }) => context.shop === 'closed',
  },
}).createMachine({
  id: 'orderConfirmModel',
  context: { shop: 'ok', navigated: false, shown: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SHOP: { actions: assign(({ event }) => ({ shop: event.shop })) },
        CONFIRM: [
          { guard: 'expired', target: 'notice' },
          { guard: 'closed', target: 'notice' },
          { target: 'loadingTaxes' },
        ],
        CONFIRM_NO_SIDES: [
          { guard: 'expired', target: 'notice' },
          { guard: 'closed', target: 'notice' },
          { target: 'mustPickMissing' },
        ],
        CONFIRM_EMPTY: {},
      },
    },
    notice: { on: { DISMISS: 'idle' } },
    // Spec §5: the cart names the must-pick category before the confirm page; one tap shows it.
    mustPickMissing: {
      on: {
        SHOW_SIDES: { target: 'idle', actions: assign({ shown: true }) },
        DISMISS: 'idle',
        CONFIRM: [
          { guard: 'expired', target: 'notice' },
          { guard: 'closed', target: 'notice' },
          { target: 'loadingTaxes' },
        ],
        CONFIRM_EMPTY: {},
      },
    },
    loadingTaxes: { on: { TAXES_OK: 'checkingStock', TAXES_FAIL: 'failed' } },
    checkingStock: {
      on: {
        STOCK_OK: { target: 'idle', actions: assign({ navigated: true }) },
        STOCK_SHORT: 'shortfall',
        STOCK_FAIL: 'failed',
      },
    },
    shortfall: { on: { ACKNOWLEDGE: 'idle' } },
    // The failure dialog retries or dismisses; the checkout button starts again as from idle.
    failed: {
      on: {
        RETRY: 'loadingTaxes',
        DISMISS: 'idle',
        SHOP: { actions: assign(({ event }) => ({ shop: event.shop })) },
        CONFIRM: [
          { guard: 'expired', target: 'notice' },
          { guard: 'closed', target: 'notice' },
          { target: 'loadingTaxes' },
        ],
        CONFIRM_NO_SIDES: [
          { guard: 'expired', target: 'notice' },
          { guard: 'closed', target: 'notice' },
          { target: 'mustPickMissing' },
        ],
        CONFIRM_EMPTY: {},
      },
    },
  },
});

const EVENTS: ConfirmEvent[] = [
  { type: 'SHOP', shop: 'ok' },
  { type: 'SHOP', shop: 'expired' },
  { type: 'SHOP', shop: 'stopped' },
  { type: 'SHOP', shop: 'closed' },
  { type: 'CONFIRM' },
  { type: 'CONFIRM_EMPTY' },
  { type: 'CONFIRM_NO_SIDES' },
  { type: 'SHOW_SIDES' },
  { type: 'TAXES_OK' },
  { type: 'TAXES_FAIL' },
  { type: 'STOCK_OK' },
  { type: 'STOCK_SHORT' },
  { type: 'STOCK_FAIL' },
  { type: 'ACKNOWLEDGE' },
  { type: 'DISMISS' },
  { type: 'RETRY' },
];

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

function startConfirm(shop: ShopInfo, fromOld = false) {
  const taxes: Deferred<ProductTax[]>[] = [];
  const stock: (Deferred<CheckStockInfo> & { products: StockLine[] })[] = [];
  const emitted: OrderConfirmEmitted[] = [];
  const actor = createActor(
    orderConfirmMachine.provide({
      actors: {
        loadTaxes: fromPromise(
          () => new Promise<ProductTax[]>((resolve, reject) => taxes.push({ resolve, reject })),
        ),
        checkStock: fromPromise(
          ({ input }) =>
            new Promise<CheckStockInfo>((resolve, reject) =>
              stock.push({ resolve, reject, products: input.products }),
            ),
        ),
      },
    }),
    { input: { shop, orderType: 'takeaway', fromOld, clock: () => NOON } },
  );
  actor.on('*', (e) => emitted.push(e as OrderConfirmEmitted));
  actor.start();
  return { actor, taxes, stock, emitted };
}

describe('orderConfirm (model-based)', () => {
  for (const path of coveragePaths(confirmModel, EVENTS)) {
    it(path.description, async () => {
      const { actor, taxes, stock, emitted } = startConfirm(SHOPS.ok);
      const snap = () => actor.getSnapshot();
      const navigations = () => emitted.filter((e) => e.type === 'navigate');
      await path.run({
        states: {
          idle: (state) => {
            const m = state.context as ConfirmContext;
            expect(snap().value).toBe('idle');
            expect(select.selectIsBusy(snap())).toBe(false);
            expect(select.selectError(snap())).toBeNull();
            // One navigation per confirmed visit; the page leaves after the first.
            expect(navigations().length > 0).toBe(m.navigated);
            expect(select.selectMustPickMissing(snap())).toBeNull();
            const shown = emitted.filter((e) => e.type === 'mustPick.show');
            expect(shown.length > 0).toBe(m.shown);
            for (const e of shown) expect(e).toEqual({ type: 'mustPick.show', typeId: 9 });
            for (const e of navigations())
              expect(e).toEqual({
                type: 'navigate',
                to: { route: '/order/confirm', query: {} },
                replace: false,
              });
          },
          notice: (state) => {
            const m = state.context as ConfirmContext;
            expect(select.selectNotice(snap())).toBe(m.shop);
            expect(select.selectIsBusy(snap())).toBe(false);
          },
          mustPickMissing: (state) => {
            const m = state.context as ConfirmContext;
            expect(select.selectMustPickMissing(snap())).toEqual(SIDES);
            expect(select.selectIsBusy(snap())).toBe(false);
            // The confirm page did not open for this checkout.
            expect(navigations().length > 0).toBe(m.navigated);
          },
          loadingTaxes: () => {
            expect(select.selectIsBusy(snap())).toBe(true);
            expect(snap().value).toBe('loadingTaxes');
          },
          checkingStock: () => {
            expect(select.selectIsBusy(snap())).toBe(true);
            // Spec §5: by product id and quantity, the spec line by its spec, meal items per set.
            expect(stock.at(-1)!.products).toEqual([
              { id: 10, specId: 13, quantity: 2 },
              { id: 20, quantity: 3 },
              { id: 21, quantity: 3 },
              { id: 22, quantity: 6 },
            ]);
            expect(emitted.filter((e) => e.type === 'taxes.loaded').at(-1)).toEqual({
              type: 'taxes.loaded',
              taxes: TAXES,
            });
          },
          shortfall: (state) => {
            const m = state.context as ConfirmContext;
            expect(select.selectShortfall(snap())).toEqual({
              productId: 22,
              name: 'Egg',
              remaining: 4,
              reason: 'insufficient',
            });
            expect(navigations().length > 0).toBe(m.navigated);
          },
          failed: () => {
            expect(snap().value).toBe('failed');
            expect(select.selectError(snap())).toBe('timeout');
            expect(select.selectIsBusy(snap())).toBe(false);
          },
        },
        events: {
          SHOP: ({ shop }) =>
            actor.send({ type: 'confirm.setShop', shop: SHOPS[shop], orderType: 'takeaway', fromOld: false }),
          // The cart holds a tea, so a must-pick tea category is satisfied.
          CONFIRM: () =>
            actor.send({
              type: 'confirm.start',
              lines: LINES,
              products: PRODUCTS,
              hasProductCoupon: false,
              mustPick: { typeId: 2, name: 'Tea' },
            }),
          CONFIRM_NO_SIDES: () =>
            actor.send({
              type: 'confirm.start',
              lines: LINES,
              products: PRODUCTS,
              hasProductCoupon: false,
              mustPick: SIDES,
            }),
          SHOW_SIDES: () => actor.send({ type: 'confirm.showMustPick' }),
          CONFIRM_EMPTY: () => {
            const before = snap().value;
            actor.send({
              type: 'confirm.start',
              lines: [{ ...LINES[0]!, quantity: 0 }],
              products: PRODUCTS,
              hasProductCoupon: false,
            });
            expect(snap().value).toBe(before);
          },
          TAXES_OK: async () => {
            taxes.at(-1)!.resolve(TAXES);
            await settle();
          },
          TAXES_FAIL: async () => {
            taxes.at(-1)!.reject(new Error('timeout'));
            await settle();
          },
          STOCK_OK: async () => {
            stock.at(-1)!.resolve(ENOUGH);
            await settle();
          },
          STOCK_SHORT: async () => {
            stock.at(-1)!.resolve(SHORT);
            await settle();
          },
          STOCK_FAIL: async () => {
            stock.at(-1)!.reject(new Error('timeout'));
            await settle();
          },
          ACKNOWLEDGE: () => actor.send({ type: 'confirm.acknowledge' }),
          DISMISS: () => actor.send({ type: 'confirm.dismiss' }),
          RETRY: () => actor.send({ type: 'confirm.retry' }),
        },
      });
      actor.stop();
    });
  }
});

describe('orderConfirm edges', () => {
  it('an expired shop opened from the old entry goes on to the stock check', () => {
    const { actor, taxes } = startConfirm(SHOPS.expired, true);
    actor.send({ type: 'confirm.start', lines: LINES, products: PRODUCTS, hasProductCoupon: false });
    expect(actor.getSnapshot().value).toBe('loadingTaxes');
    expect(taxes).toHaveLength(1);
    actor.stop();
  });

  it('an empty cart with a product coupon is confirmed without a stock check', async () => {
    const { actor, taxes, stock, emitted } = startConfirm(SHOPS.ok);
    actor.send({ type: 'confirm.start', lines: [], products: [], hasProductCoupon: true });
    taxes[0]!.resolve([]);
    await settle();
    expect(stock).toHaveLength(0);
    expect(emitted.filter((e) => e.type === 'navigate')).toHaveLength(1);
    actor.stop();
  });

  it('stock lines skip empty lines', () => {
    expect(stockLines([{ ...LINES[0]!, quantity: 0 }])).toEqual([]);
  });
});

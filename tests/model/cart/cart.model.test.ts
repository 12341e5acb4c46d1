import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, type Actor } from 'xstate';
import type { PayOption } from '../../../src/domain/api/store';
import type { Product } from '../../../src/domain/catalog';
import type { CartLine } from '../../../src/domain/pricing';
import type { ShopInfo } from '../../../src/domain/shop';
import { cartMachine, type CartEmitted } from '../../../src/machines/cart/cart.machine';
import * as select from '../../../src/machines/cart/cart.selectors';
import { lineFlag } from '../../../src/pricing';
import { createStorage, memoryKeyValue } from '../../../src/services/storage';
import { makeProduct } from '../fixtures/product';
import { makeShop } from '../fixtures/shop';
import { coveragePaths, settle } from '../support';

// 12:00 in Shanghai: inside the fixture shop's 09:00-21:00 hours.
const NOON = new Date('2026-03-02T04:00:00Z');
const clock = () => NOON;

/** Noodles: at most 3 per order. Dumplings: at least 2. Soup: sold out. Starting price 30.00. */
const NOODLES = makeProduct({
  id: 1,
  typeId: 10,
  name: 'Beef noodles',
  price: 2800,
  memberPrice: 2500,
  maxBuy: 3,
});
const DUMPLINGS = makeProduct({ id: 2, typeId: 20, name: 'Dumplings', price: 1200, minBuy: 2 });
const SOUP = makeProduct({ id: 3, name: 'Soup', price: 900, state: 1 });
const OPEN = makeShop({ minSellStartAmount: 3000, showVipPrice: true });
const CLOSED = { ...OPEN, openShop: false, selfCollection: false };

const lineOf = (product: Product, quantity: number): CartLine => ({
  flag: lineFlag({ id: product.id, specId: null, tastes: [], mealset: [] }),
  id: product.id,
  name: product.name,
  typeid: product.typeId,
  quantity,
  price: product.price,
  memberPrice: product.memberPrice,
  joinDiscount: true,
});
const FLAG = { noodles: lineOf(NOODLES, 1).flag, dumplings: lineOf(DUMPLINGS, 1).flag };

function startCart(
  storage: ReturnType<typeof createStorage>,
  shop: ShopInfo,
  options: Partial<{ payOptions: PayOption[] }> = {},
) {
  const emitted: CartEmitted[] = [];
  const actor = createActor(
    cartMachine.provide({
      actors: { saveCart: fromPromise(async ({ input }) => storage.setCart(input)) },
    }),
    {
      input: {
        shop,
        orderType: 'takeaway',
        clientTypeCode: 4,
        saved: storage.getCart(shop.id),
        memberSetting: { isOpenDiscount: true, discountMode: 1, isOnlyCardPayForDiscount: false },
        clock,
      },
    },
  );
  actor.on('*', (e) => emitted.push(e as CartEmitted));
  actor.start();
  if (options.payOptions) actor.send({ type: 'cart.setPayOptions', options: options.payOptions });
  return { actor, emitted };
}

// ---- lines: adds, limits, refusals, persistence ----------------------------------------------------

type Notice = 'shopClosed' | 'aboveMaxBuy' | 'soldOut' | null;
interface LinesContext {
  noodles: number;
  dumplings: number;
  closed: boolean;
  notice: Notice;
}
type LinesEvent =
  | { type: 'ADD_NOODLES' }
  | { type: 'ADD_DUMPLINGS' }
  | { type: 'ADD_SOLD_OUT' }
  | { type: 'MORE_DUMPLINGS' }
  | { type: 'FEWER_DUMPLINGS' }
  | { type: 'REMOVE_NOODLES' }
  | { type: 'TAP_NOODLES' }
  | { type: 'TAP_DUMPLINGS' }
  | { type: 'UNTAP_DUMPLINGS' }
  | { type: 'CLOSE_SHOP' }
  | { type: 'OPEN_SHOP' }
  | { type: 'DISMISS' }
  | { type: 'RELOAD' };

/** The customer's view: what the cart holds and the notice shown; refused adds change no line. */
const linesModel = setup({
  types: { context: {} as LinesContext, events: {} as LinesEvent },
  guards: {
    closed: ({ context }) => context.closed,
    noodlesFull: ({ context }) => context.noodles >= 3,
    noDumplings: ({ context }) => context.dumplings === 0,
    fewDumplings: ({ context }) => context.dumplings > 0 && context.dumplings < 3,
    hasDumplings: ({ context }) => context.dumplings > 0,
    hasNoodles: ({ context }) => context.noodles > 0,
  },
  actions: {
    refuse: assign((_, params: { notice: Notice }) => ({ notice: params.notice })),
    addNoodles: assign(({ context }) => ({ noodles: context.noodles + 1, notice: null })),
    addDumplings: assign(({ context }) => ({ dumplings: context.dumplings + 2, notice: null })),
    moreDumplings: assign(({ context }) => ({ dumplings: context.dumplings + 1, notice: null })),
    // Below the minimum of 2 the line cannot stand: it goes.
    fewerDumplings: assign(({ context }) => ({
      dumplings: context.dumplings - 1 < 2 ? 0 : context.dumplings - 1,
      notice: null,
    })),
    removeNoodles: assign({ noodles: 0, notice: null }),
  },
}).createMachine({
  id: 'cartLines',
  context: { noodles: 0, dumplings: 0, closed: false, notice: null },
  initial: 'shopping',
  states: {
    shopping: {
      on: {
        ADD_NOODLES: [
          { guard: 'closed', actions: { type: 'refuse', params: { notice: 'shopClosed' } } },
          { guard: 'noodlesFull', actions: { type: 'refuse', params: { notice: 'aboveMaxBuy' } } },
          { actions: 'addNoodles' },
        ],
        ADD_DUMPLINGS: [
          { guard: 'closed', actions: { type: 'refuse', params: { notice: 'shopClosed' } } },
          { guard: 'noDumplings', actions: 'addDumplings' },
        ],
        ADD_SOLD_OUT: [
          { guard: 'closed', actions: { type: 'refuse', params: { notice: 'shopClosed' } } },
          { actions: { type: 'refuse', params: { notice: 'soldOut' } } },
        ],
        // The list's one-tap "+" of a product without choices adds as the product page would.
        TAP_NOODLES: [
          { guard: 'closed', actions: { type: 'refuse', params: { notice: 'shopClosed' } } },
          { guard: 'noodlesFull', actions: { type: 'refuse', params: { notice: 'aboveMaxBuy' } } },
          { actions: 'addNoodles' },
        ],
        // The first tap adds the minimum purchase (2), each further tap one more.
        TAP_DUMPLINGS: [
          { guard: 'closed', actions: { type: 'refuse', params: { notice: 'shopClosed' } } },
          { guard: 'noDumplings', actions: 'addDumplings' },
          { guard: 'fewDumplings', actions: 'moreDumplings' },
        ],
        UNTAP_DUMPLINGS: { guard: 'hasDumplings', actions: 'fewerDumplings' },
        MORE_DUMPLINGS: { guard: 'fewDumplings', actions: 'moreDumplings' },
        FEWER_DUMPLINGS: { guard: 'hasDumplings', actions: 'fewerDumplings' },
        REMOVE_NOODLES: { guard: 'hasNoodles', actions: 'removeNoodles' },
        CLOSE_SHOP: { actions: assign({ closed: true }) },
        OPEN_SHOP: { actions: assign({ closed: false }) },
        DISMISS: { actions: assign({ notice: null }) },
        // A reload restores the lines; a notice does not survive it.
        RELOAD: { actions: assign({ notice: null }) },
      },
    },
  },
});

const LINES_EVENTS: LinesEvent[] = [
  { type: 'ADD_NOODLES' },
  { type: 'ADD_DUMPLINGS' },
  { type: 'ADD_SOLD_OUT' },
  { type: 'MORE_DUMPLINGS' },
  { type: 'FEWER_DUMPLINGS' },
  { type: 'REMOVE_NOODLES' },
  { type: 'TAP_NOODLES' },
  { type: 'TAP_DUMPLINGS' },
  { type: 'UNTAP_DUMPLINGS' },
  { type: 'CLOSE_SHOP' },
  { type: 'OPEN_SHOP' },
  { type: 'DISMISS' },
  { type: 'RELOAD' },
];

let running: Actor<typeof cartMachine> | null = null;
afterEach(() => running?.stop());

describe('cart lines of one shop (model-based)', () => {
  for (const path of coveragePaths(linesModel, LINES_EVENTS)) {
    it(path.description, async () => {
      const storage = createStorage({ backend: memoryKeyValue() });
      let shop = OPEN;
      let cart = startCart(storage, shop);
      running = cart.actor;
      const snap = () => cart.actor.getSnapshot();
      const send = async (event: Parameters<typeof cart.actor.send>[0]) => {
        cart.actor.send(event);
        await settle();
      };
      await path.run({
        states: {
          shopping: (state) => {
            const m = state.context as LinesContext;
            const s = snap();
            const quantities = Object.fromEntries(select.selectLines(s).map((l) => [l.id, l.quantity]));
            const expected = {
              ...(m.noodles ? { [NOODLES.id]: m.noodles } : {}),
              ...(m.dumplings ? { [DUMPLINGS.id]: m.dumplings } : {}),
            };
            expect(quantities).toEqual(expected);
            expect(select.selectCount(s)).toBe(m.noodles + m.dumplings);
            expect(select.selectProductCount(NOODLES.id)(s)).toBe(m.noodles);
            expect(select.selectProductCount(DUMPLINGS.id)(s)).toBe(m.dumplings);
            expect(select.selectTypeCount(NOODLES.typeId)(s)).toBe(m.noodles);
            expect(select.selectTypeCount(DUMPLINGS.typeId)(s)).toBe(m.dumplings);
            const goods = m.noodles * 2800 + m.dumplings * 1200;
            expect(select.selectTotal(s)).toBe(goods);
            expect(select.selectPricing(s) === null).toBe(goods === 0);
            const short = goods > 0 && goods < 3000 ? 3000 - goods : 0;
            expect(select.selectShortfall(s)).toBe(short);
            expect(select.selectCanConfirm(s)).toBe(goods > 0 && short === 0 && !m.closed);
            expect(select.selectShopRefusal(s)).toBe(m.closed ? 'shopClosed' : null);
            expect(select.selectNotice(s)?.reason ?? null).toBe(m.notice);
            if (m.notice === 'aboveMaxBuy')
              expect(select.selectNotice(s)).toMatchObject({ productName: 'Beef noodles', limit: 3 });
            if (m.notice === 'soldOut') expect(select.selectNotice(s)?.productName).toBe('Soup');
            // What a reload would restore: the same lines, or no entry for an empty cart.
            const stored = storage.getCart(OPEN.id);
            if (goods === 0) expect(stored).toBeNull();
            else expect(Object.fromEntries(stored!.lines.map((l) => [l.id, l.quantity]))).toEqual(expected);
            expect(storage.listCarts().map((c) => c.shopId)).toEqual(goods === 0 ? [] : [OPEN.id]);
          },
        },
        events: {
          ADD_NOODLES: async () => {
            const before = cart.emitted.length;
            await send({ type: 'cart.add', line: lineOf(NOODLES, 1), product: NOODLES });
            const refused = cart.emitted.slice(before).filter((e) => e.type === 'cart.refused');
            expect(refused.length).toBe(select.selectNotice(snap()) ? 1 : 0);
          },
          ADD_DUMPLINGS: () => send({ type: 'cart.add', line: lineOf(DUMPLINGS, 2), product: DUMPLINGS }),
          ADD_SOLD_OUT: () => send({ type: 'cart.add', line: lineOf(SOUP, 1), product: SOUP }),
          TAP_NOODLES: () => send({ type: 'cart.addOne', product: NOODLES }),
          TAP_DUMPLINGS: () => send({ type: 'cart.addOne', product: DUMPLINGS }),
          UNTAP_DUMPLINGS: () => send({ type: 'cart.removeOne', productId: DUMPLINGS.id }),
          MORE_DUMPLINGS: () => send({ type: 'cart.increment', flag: FLAG.dumplings }),
          FEWER_DUMPLINGS: () => send({ type: 'cart.decrement', flag: FLAG.dumplings }),
          REMOVE_NOODLES: () => send({ type: 'cart.setQuantity', flag: FLAG.noodles, quantity: 0 }),
          CLOSE_SHOP: () => {
            shop = CLOSED;
            return send({ type: 'cart.setShop', shop });
          },
          OPEN_SHOP: () => {
            shop = OPEN;
            return send({ type: 'cart.setShop', shop });
          },
          DISMISS: () => send({ type: 'cart.dismissNotice' }),
          RELOAD: async () => {
            cart.actor.stop();
            cart = startCart(storage, shop);
            running = cart.actor;
            await settle();
          },
        },
      });
    });
  }
});

// ---- pay type, member and order type ----------------------------------------------------------------

const PAY_OPTIONS: PayOption[] = [
  {
    id: 1,
    payType: 'COD',
    name: 'Cash on delivery',
    orderTypes: ['takeaway'],
    needsMember: false,
    online: false,
  },
  {
    id: 2,
    payType: 'Cash',
    name: 'Cash',
    orderTypes: ['takeaway', 'dine'],
    needsMember: false,
    online: false,
  },
  {
    id: 3,
    payType: 'VIP',
    name: 'Member card',
    orderTypes: ['takeaway', 'dine'],
    needsMember: true,
    online: false,
  },
];

interface PayContext {
  member: boolean;
  dine: boolean;
  /** The pay type the customer picked, while it is still offered. */
  chosen: 'COD' | 'Cash' | 'VIP' | null;
}
type PayEvent =
  | { type: 'MEMBER_ON' }
  | { type: 'MEMBER_OFF' }
  | { type: 'DINE' }
  | { type: 'TAKEAWAY' }
  | { type: 'CHOOSE'; payType: 'COD' | 'Cash' | 'VIP' };

const offered = (c: PayContext) =>
  PAY_OPTIONS.filter(
    (o) => o.orderTypes.includes(c.dine ? 'dine' : 'takeaway') && (!o.needsMember || c.member),
  ).map((o) => o.payType);
const stillOffered = (c: PayContext): PayContext => ({
  ...c,
  chosen: c.chosen && offered(c).includes(c.chosen) ? c.chosen : null,
});
/** Spec §4: the member card for a member, else the first option; a choice still offered stays. */
const expectedPayType = (c: PayContext) => c.chosen ?? (c.member ? 'VIP' : offered(c)[0]);

const payModel = setup({
  types: { context: {} as PayContext, events: {} as PayEvent },
}).createMachine({
  id: 'cartPay',
  context: { member: false, dine: false, chosen: null },
  initial: 'pricing',
  states: {
    pricing: {
      on: {
        MEMBER_ON: { actions: assign(({ context }) => stillOffered({ ...context, member: true })) },
        MEMBER_OFF: { actions: assign(({ context }) => stillOffered({ ...context, member: false })) },
        DINE: { actions: assign(({ context }) => stillOffered({ ...context, dine: true })) },
        TAKEAWAY: { actions: assign(({ context }) => stillOffered({ ...context, dine: false })) },
        CHOOSE: {
          actions: assign(({ context, event }) =>
            offered(context).includes(event.payType) ? { chosen: event.payType } : {},
          ),
        },
      },
    },
  },
});

describe('cart pay type, member and order type (model-based)', () => {
  for (const path of coveragePaths(payModel, [
    { type: 'MEMBER_ON' },
    { type: 'MEMBER_OFF' },
    { type: 'DINE' },
    { type: 'TAKEAWAY' },
    { type: 'CHOOSE', payType: 'COD' },
    { type: 'CHOOSE', payType: 'Cash' },
    { type: 'CHOOSE', payType: 'VIP' },
  ])) {
    it(path.description, async () => {
      const storage = createStorage({ backend: memoryKeyValue() });
      const { actor } = startCart(storage, OPEN, { payOptions: PAY_OPTIONS });
      running = actor;
      actor.send({ type: 'cart.add', line: lineOf(NOODLES, 2), product: NOODLES });
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          pricing: (state) => {
            const m = state.context as PayContext;
            const s = snap();
            expect(select.selectPayOptions(s).map((o) => o.payType)).toEqual(offered(m));
            expect(select.selectPayType(s)).toBe(expectedPayType(m));
            expect(select.selectOrderType(s)).toBe(m.dine ? 'dine' : 'takeaway');
            // Member price 25.00 for a member (the shop prices members by member price).
            expect(select.selectTotal(s)).toBe(2 * (m.member ? 2500 : 2800));
            expect(select.selectPricing(s)!.lines[0]!.segments[0]!.rule).toBe(
              m.member ? 'memberPrice' : 'list',
            );
          },
        },
        events: {
          MEMBER_ON: () => actor.send({ type: 'cart.setMember', member: { id: 9, level: 1 } }),
          MEMBER_OFF: () => actor.send({ type: 'cart.setMember', member: null }),
          DINE: () => actor.send({ type: 'cart.setOrderType', orderType: 'dine', clientTypeCode: 103 }),
          TAKEAWAY: () => actor.send({ type: 'cart.setOrderType', orderType: 'takeaway', clientTypeCode: 4 }),
          CHOOSE: ({ payType }) => actor.send({ type: 'cart.setPayType', payType }),
        },
      });
    });
  }
});

describe('cart recalculation triggers', () => {
  it('an address change re-prices the delivery fee by distance', () => {
    const shop = makeShop({ deliverAmount: [{ distance: 3000, amount: 500 }], deliverAmount1: 200 });
    const storage = createStorage({ backend: memoryKeyValue() });
    const { actor } = startCart(storage, shop);
    actor.send({ type: 'cart.add', line: lineOf(NOODLES, 1), product: NOODLES });
    expect(actor.getSnapshot().context.pricing!.issues).toContain('noAddress');
    actor.send({ type: 'cart.setDistance', distance: 1200 });
    const pricing = actor.getSnapshot().context.pricing!;
    expect(pricing.fees.delivery.distance).toBe(1200);
    expect(pricing.fees.delivery.amount).toBe(500);
    expect(pricing.totals.total).toBe(2800 + 500);
    actor.stop();
  });

  it('the picker pack flag adds the packing fee for a pickup order', () => {
    const shop = makeShop({ packFee: 150 });
    const storage = createStorage({ backend: memoryKeyValue() });
    const { actor } = startCart(storage, shop);
    actor.send({ type: 'cart.setOrderType', orderType: 'selfPickup', clientTypeCode: 54 });
    actor.send({ type: 'cart.add', line: lineOf(NOODLES, 1), product: NOODLES });
    const before = actor.getSnapshot().context.pricing!.totals.total;
    actor.send({ type: 'cart.setPickerPack', isPickerPack: true });
    expect(select.selectIsPickerPack(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.pricing!.fees.packing.applies).toBe(true);
    expect(actor.getSnapshot().context.pricing!.totals.total).toBe(before + 150);
    actor.stop();
  });

  it('dine adds are refused outside the scan-order hours with the outside-hours notice', () => {
    const storage = createStorage({ backend: memoryKeyValue() });
    const shop = makeShop({
      scanOrderBusinessHours: {
        businessMode: 'routine',
        businessScanOrderHours: [{ start: '17:00', end: '21:00' }],
        businessDailyHours: [],
      },
    });
    const { actor, emitted } = startCart(storage, shop);
    actor.send({ type: 'cart.setOrderType', orderType: 'dine', clientTypeCode: 103 });
    actor.send({ type: 'cart.add', line: lineOf(NOODLES, 1), product: NOODLES });
    expect(select.selectLines(actor.getSnapshot())).toEqual([]);
    expect(emitted).toContainEqual({
      type: 'cart.refused',
      notice: { reason: 'outsideHours', productName: null, limit: null },
    });
    actor.stop();
  });
});

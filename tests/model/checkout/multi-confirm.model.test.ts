import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { OrderDetail, OrderMultiConfirmInput } from '../../../src/domain/api/order';
import type { StoredCart } from '../../../src/domain/cart';
import {
  multiConfirmMachine,
  type MultiConfirmEmitted,
  type MultiSubmitResult,
} from '../../../src/machines/checkout/multi-confirm.machine';
import * as select from '../../../src/machines/checkout/multi-confirm.selectors';
import { coveragePaths, settle } from '../support';

const cart = (shopId: number, productId: number, quantity: number): StoredCart => ({
  shopId,
  lines: [
    { flag: `p${productId}`, id: productId, name: `Product ${productId}`, typeid: 1, quantity, price: 1000 },
  ],
  products: [],
  savedAt: 0,
});
const CARTS = [cart(1, 11, 2), cart(2, 21, 1)];
// 10:00 in Shanghai. Shop 1 takes pickup appointments within its hours; shop 2 keeps shorter hours and
// takes none, so only shop 1 needs a pickup time.
const NOW = new Date('2026-11-19T02:00:00Z');
const SHOPS = [
  {
    id: 1,
    name: 'Noodle Bar North',
    allowPickupAppointment: true,
    businessTimeRange: [{ start: '09:00', end: '21:00' }],
    businessHours: '09:00-21:00',
    timezone: 'Asia/Shanghai',
  },
  {
    id: 2,
    name: 'Noodle Bar South',
    allowPickupAppointment: false,
    businessTimeRange: [{ start: '10:00', end: '18:00' }],
    businessHours: '10:00-18:00',
    timezone: 'Asia/Shanghai',
  },
];
const VALID_PICKUP = { date: '2026-11-19', time: '12:30' };
// After shop 1 closes.
const CLOSED_PICKUP = { date: '2026-11-19', time: '21:30' };
const order = (id: number, shopId: number) => ({ id, shopId }) as OrderDetail;
/** The customer's one coupon (a customer coupon id): it can go with one order only. */
const COUPON = 501;

interface MultiContext {
  selected: number[];
  picker: boolean;
  pickup: 'none' | 'valid' | 'closed';
  error:
    | 'emptyCart'
    | 'pickerRequired'
    | 'pickupTimeRequired'
    | 'pickupTimeInvalid'
    | 'stockInsufficient'
    | 'couponUnusable'
    | 'network'
    | null;
  keys: number;
  renew: boolean;
  /** The shop whose cart carries the coupon. */
  couponAt: 1 | 2 | null;
  /** The shop whose coupon the server refused last. */
  refusedAt: 1 | 2 | null;
}
type MultiEvent =
  | { type: 'TOGGLE'; shopId: 1 | 2 }
  | { type: 'PICKER' }
  | { type: 'PICKUP'; slot: 'valid' | 'closed' }
  | { type: 'SUBMIT' }
  | { type: 'NETWORK_FAIL' }
  | { type: 'REFUSED' }
  | { type: 'PLACED' }
  | { type: 'COUPON'; shopId: 1 | 2 }
  | { type: 'CLEAR_COUPON'; shopId: 1 }
  | { type: 'COUPON_REFUSED' };

const multiModel = setup({
  types: { context: {} as MultiContext, events: {} as MultiEvent },
  guards: {
    none: ({ context }) => context.selected.length === 0,
    noPicker: ({ context }) => !context.picker,
    noPickup: ({ context }) => context.selected.includes(1) && context.pickup === 'none',
    closedPickup: ({ context }) => context.selected.includes(1) && context.pickup === 'closed',
    canRefuse: ({ context }) => context.keys < 2,
    // The coupon goes to an included cart when no other included cart carries it.
    couponFree: ({ context, event }) =>
      event.type === 'COUPON' &&
      context.selected.includes(event.shopId) &&
      (context.couponAt === null || context.couponAt === event.shopId),
    holdsCoupon: ({ context, event }) => event.type === 'CLEAR_COUPON' && context.couponAt === event.shopId,
    canRefuseCoupon: ({ context }) => context.keys < 2 && context.couponAt !== null,
  },
}).createMachine({
  id: 'multiConfirmModel',
  context: {
    selected: [1, 2],
    picker: false,
    pickup: 'none',
    error: null,
    keys: 0,
    renew: true,
    couponAt: null,
    refusedAt: null,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        TOGGLE: {
          actions: assign(({ context, event }) => ({
            selected: context.selected.includes(event.shopId)
              ? context.selected.filter((id) => id !== event.shopId)
              : [1, 2].filter((id) => id === event.shopId || context.selected.includes(id)),
            // A cart left out gives its coupon back.
            couponAt: context.couponAt === event.shopId ? null : context.couponAt,
            error: null,
          })),
        },
        COUPON: [
          {
            guard: 'couponFree',
            actions: assign(({ event }) => ({ couponAt: (event as { shopId: 1 | 2 }).shopId, error: null })),
          },
          // Another cart carries it (or the cart is left out): the choice is refused, nothing changes.
          {},
        ],
        CLEAR_COUPON: [{ guard: 'holdsCoupon', actions: assign({ couponAt: null, error: null }) }, {}],
        PICKER: { actions: assign({ picker: true, error: null }) },
        PICKUP: { actions: assign(({ event }) => ({ pickup: event.slot, error: null })) },
        SUBMIT: [
          { guard: 'none', actions: assign({ error: 'emptyCart' as const }) },
          { guard: 'noPicker', actions: assign({ error: 'pickerRequired' as const }) },
          { guard: 'noPickup', actions: assign({ error: 'pickupTimeRequired' as const }) },
          { guard: 'closedPickup', actions: assign({ error: 'pickupTimeInvalid' as const }) },
          {
            target: 'submitting',
            actions: assign(({ context }) => ({
              error: null,
              keys: context.renew ? context.keys + 1 : context.keys,
              renew: false,
            })),
          },
        ],
      },
    },
    submitting: {
      on: {
        NETWORK_FAIL: { target: 'editing', actions: assign({ error: 'network' as const }) },
        REFUSED: {
          guard: 'canRefuse',
          target: 'editing',
          actions: assign({ error: 'stockInsufficient' as const, renew: true }),
        },
        PLACED: 'placed',
        COUPON_REFUSED: {
          guard: 'canRefuseCoupon',
          target: 'editing',
          actions: assign(({ context }) => ({
            error: 'couponUnusable' as const,
            renew: true,
            refusedAt: context.couponAt,
            couponAt: null,
          })),
        },
      },
    },
    placed: { type: 'final' },
  },
});

describe('multiConfirm (model-based)', () => {
  for (const path of coveragePaths(multiModel, [
    { type: 'TOGGLE', shopId: 1 },
    { type: 'TOGGLE', shopId: 2 },
    { type: 'PICKER' },
    { type: 'PICKUP', slot: 'valid' },
    { type: 'PICKUP', slot: 'closed' },
    { type: 'SUBMIT' },
    { type: 'NETWORK_FAIL' },
    { type: 'REFUSED' },
    { type: 'PLACED' },
    { type: 'COUPON', shopId: 1 },
    { type: 'COUPON', shopId: 2 },
    { type: 'CLEAR_COUPON', shopId: 1 },
    { type: 'COUPON_REFUSED' },
  ])) {
    it(path.description, async () => {
      const submits: {
        resolve(r: MultiSubmitResult): void;
        reject(e: Error): void;
        payload: OrderMultiConfirmInput;
      }[] = [];
      const cleared: number[][] = [];
      const emitted: MultiConfirmEmitted[] = [];
      let keys = 0;
      const actor = createActor(
        multiConfirmMachine.provide({
          actors: {
            submitOrders: fromPromise(
              ({ input }) =>
                new Promise<MultiSubmitResult>((resolve, reject) =>
                  submits.push({ resolve, reject, payload: input }),
                ),
            ),
            clearCarts: fromPromise(async ({ input }) => void cleared.push(input.shopIds)),
          },
        }),
        {
          input: {
            orderType: 'selfPickup',
            carts: [...CARTS, cart(3, 31, 0)],
            shops: SHOPS,
            payType: 'Cash',
            contact: { name: '', phone: '' },
            address: null,
            makeKey: () => `multi-key-${++keys}`,
            clock: () => NOW,
          },
        },
      );
      actor.on('*', (e) => emitted.push(e as MultiConfirmEmitted));
      actor.start();
      const snap = () => actor.getSnapshot();
      let placedShops: number[] = [];
      await path.run({
        states: {
          editing: (state) => {
            const m = state.context as MultiContext;
            const s = snap();
            expect(select.selectIsLocked(s)).toBe(false);
            // The empty cart of shop 3 is not offered.
            expect(select.selectCarts(s).map((c) => [c.shopId, c.name, c.selected])).toEqual([
              [1, 'Noodle Bar North', m.selected.includes(1)],
              [2, 'Noodle Bar South', m.selected.includes(2)],
            ]);
            if (m.error === 'network') expect(select.selectError(s)).toBe('timeout');
            else expect(select.selectFieldError(s)?.reason ?? null).toBe(m.error);
            if (m.error === 'stockInsufficient') expect(select.selectFieldError(s)?.shopId).toBe(2);
            // One coupon, one cart; a refused one is gone from its cart and its selection is told.
            expect(select.selectCartCoupons(s)).toEqual(
              m.couponAt === null ? {} : { [m.couponAt]: { couponId: COUPON, couponLineFlag: null } },
            );
            if (m.error === 'couponUnusable') {
              expect(select.selectFieldError(s)).toMatchObject({
                reason: 'couponUnusable',
                shopId: m.refusedAt,
              });
              expect(emitted.filter((e) => e.type === 'coupon.refused').at(-1)).toEqual({
                type: 'coupon.refused',
                shopId: m.refusedAt,
                reasons: ['amount'],
              });
            }
            if (m.error === 'pickupTimeRequired' || m.error === 'pickupTimeInvalid')
              expect(select.selectFieldError(s)).toMatchObject({ field: 'pickupTime', shopId: 1 });
            // Only a selected shop that takes appointments asks for a pickup time, from its own hours.
            const choices = select.selectPickupChoices(s);
            expect(choices.map((c) => c.shopId)).toEqual(m.selected.includes(1) ? [1] : []);
            for (const choice of choices) {
              expect(choice.slots[0]).toEqual({ date: '2026-11-19', time: '10:00' });
              expect(choice.slots).toContainEqual(VALID_PICKUP);
              expect(choice.slots).not.toContainEqual(CLOSED_PICKUP);
              expect(choice.pickupTime).toEqual(
                { none: null, valid: VALID_PICKUP, closed: CLOSED_PICKUP }[m.pickup],
              );
            }
          },
          submitting: (state) => {
            const m = state.context as MultiContext;
            // The machine drops edits now: the page disables the carts, the form and the pay types.
            expect(select.selectIsLocked(snap())).toBe(true);
            expect(snap().can({ type: 'multi.toggleShop', shopId: 1 })).toBe(false);
            expect(snap().can({ type: 'multi.setPicker', name: 'Li' })).toBe(false);
            const { payload } = submits.at(-1)!;
            expect(payload.idempotencyKey).toBe(`multi-key-${m.keys}`);
            expect(keys).toBe(m.keys);
            expect(payload.carts.map((c) => c.shopId)).toEqual(m.selected);
            // The pickup time goes with the order of the shop it was chosen for.
            expect(payload.carts.find((c) => c.shopId === 1)?.pickupTime).toEqual(
              m.selected.includes(1) ? VALID_PICKUP : undefined,
            );
            expect(payload.carts.find((c) => c.shopId === 2)?.pickupTime).toBeUndefined();
            // The coupon goes with the order of the cart it was chosen for, and with no other.
            expect(payload.carts.map((c) => [c.shopId, c.couponId ?? null])).toEqual(
              m.selected.map((id) => [id, id === m.couponAt ? COUPON : null]),
            );
            expect(payload.carts[0]).toMatchObject({
              type: 'selfPickup',
              payType: 'Cash',
              pickerName: 'Wang',
              pickerPhone: '13700137000',
            });
            placedShops = m.selected;
          },
          placed: () => {
            expect(snap().status).toBe('done');
            expect(select.selectIsLocked(snap())).toBe(true);
            expect(cleared).toEqual([placedShops]);
            expect(emitted.at(-1)).toEqual({
              type: 'navigate',
              to: {
                route: '/order/multi-success',
                query: { ids: placedShops.map((id) => 100 + id).join(',') },
              },
              replace: true,
            });
          },
        },
        events: {
          TOGGLE: ({ shopId }) => actor.send({ type: 'multi.toggleShop', shopId }),
          PICKER: () => actor.send({ type: 'multi.setPicker', name: 'Wang', phone: '13700137000' }),
          PICKUP: ({ slot }) =>
            actor.send({
              type: 'multi.setPickupTime',
              shopId: 1,
              pickupTime: slot === 'valid' ? VALID_PICKUP : CLOSED_PICKUP,
            }),
          SUBMIT: async () => {
            actor.send({ type: 'order.submit' });
            await settle();
          },
          NETWORK_FAIL: async () => {
            submits.at(-1)!.reject(new Error('timeout'));
            await settle();
          },
          REFUSED: async () => {
            submits.at(-1)!.resolve({
              rejection: { reason: 'stockInsufficient', shopId: 2, productId: 21, remaining: 0 },
            });
            await settle();
          },
          COUPON: ({ shopId }) =>
            actor.send({ type: 'multi.setCoupon', shopId, couponId: COUPON, couponLineFlag: null }),
          CLEAR_COUPON: ({ shopId }) =>
            actor.send({ type: 'multi.setCoupon', shopId, couponId: null, couponLineFlag: null }),
          COUPON_REFUSED: async () => {
            const payload = submits.at(-1)!.payload;
            const shopId = payload.carts.find((c) => c.couponId === COUPON)!.shopId;
            submits.at(-1)!.resolve({
              rejection: { reason: 'couponUnusable', shopId, couponReasons: ['amount'] },
            });
            await settle();
          },
          PLACED: async () => {
            const shops = submits.at(-1)!.payload.carts.map((c) => c.shopId);
            submits
              .at(-1)!
              .resolve({ placed: { orders: shops.map((id) => order(100 + id, id)), replayed: false } });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }
});

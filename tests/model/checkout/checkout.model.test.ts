import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import type { Address } from '../../../src/domain/api/address';
import type { GetDistanceInfo } from '../../../src/domain/api/delivery';
import type { OrderConfirmInput, OrderDetail, OrderRejectionInfo } from '../../../src/domain/api/order';
import type { PayOption } from '../../../src/domain/api/store';
import type { TableInfo } from '../../../src/domain/api/table';
import type { CartLine, PricingLimitCard } from '../../../src/domain/pricing';
import { NO_MEMBER_SETTING, type PricingParts } from '../../../src/machines/cart/cart.rules';
import {
  checkoutMachine,
  draftOf,
  type CheckoutEmitted,
  type CheckoutInput,
  type SubmitResult,
} from '../../../src/machines/checkout/checkout.machine';
import { asapSlot, deliverySlots, pickupSlots } from '../../../src/machines/checkout/checkout.rules';
import * as select from '../../../src/machines/checkout/checkout.selectors';
import { makeShop } from '../fixtures/shop';
import { coveragePaths, settle } from '../support';

// 12:00 in Shanghai on 2 March 2026.
const NOON = new Date('2026-03-02T04:00:00Z');
const SLOT = { date: '2026-03-02', time: '12:30' };

const SHOP = makeShop({
  deliverAmount: [{ distance: 3000, amount: 500 }],
  deliverAmount1: 100,
  deliveryDistance: 5000,
  packFee: 150,
  allowPickupAppointment: true,
});
const LINES: CartLine[] = [
  { flag: 'noodles', id: 1, name: 'Beef noodles', typeid: 1, quantity: 2, price: 2800 },
  {
    flag: 'tea',
    id: 10,
    specId: 13,
    specName: 'L/Hot',
    name: 'Milk tea',
    typeid: 2,
    quantity: 1,
    price: 1900,
    tastes: [{ id: 211, name: 'Less', typeId: 21, optionType: 4, price: 0, quantity: 1 }],
  },
];
const GOODS = 2 * 2800 + 1900;
const PAY: PayOption[] = [
  {
    id: 5,
    payType: 'Cash',
    name: 'Cash',
    orderTypes: ['takeaway', 'selfPickup', 'dine'],
    needsMember: false,
    online: false,
  },
];
const PARTS: PricingParts = {
  shop: SHOP,
  memberSetting: NO_MEMBER_SETTING,
  orderType: 'takeaway',
  clientTypeCode: 4,
  member: null,
  payType: null,
  activities: [],
  coupons: [],
  couponId: null,
  purchased: [],
  distance: null,
  isPickerPack: false,
  taxes: [],
  today: '2026-03-02',
};

const address = (id: number, gps: Address['gps']): Address => ({
  id,
  contactName: 'Li Lei',
  phone: '13800138000',
  address: `${id} Garden Road`,
  houseNumber: '3F',
  gps,
  isDefault: false,
  tag: '',
  updatedAt: '2026-03-01T00:00:00Z',
});
const ADDRESSES = {
  near: address(31, { lat: 31.231, lng: 121.471 }),
  far: address(32, { lat: 31.4, lng: 121.7 }),
  noGps: address(33, null),
};
const DISTANCES: Record<'near' | 'far', GetDistanceInfo> = {
  near: { distance: 1200, maxDistance: 5000, withinRange: true, fee: 500, freeDeliveryMinAmount: null },
  far: { distance: 28000, maxDistance: 5000, withinRange: false, fee: null, freeDeliveryMinAmount: null },
};

const orderOf = (id: number, total: number, type: OrderDetail['orderType']): OrderDetail =>
  ({ id, orderType: type, amounts: { total } }) as OrderDetail;

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

function startCheckout(overrides: Partial<CheckoutInput>) {
  const pay: Deferred<PayOption[]>[] = [];
  const distances: (Deferred<GetDistanceInfo> & { addressId: number })[] = [];
  const tables: (Deferred<TableInfo> & { tableId: unknown })[] = [];
  const submits: (Deferred<SubmitResult> & { payload: OrderConfirmInput })[] = [];
  const addressLookups: Deferred<Address | null>[] = [];
  const emitted: CheckoutEmitted[] = [];
  let keys = 0;
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        loadPayOptions: fromPromise(
          () => new Promise<PayOption[]>((resolve, reject) => pay.push({ resolve, reject })),
        ),
        measureDistance: fromPromise(
          ({ input }) =>
            new Promise<GetDistanceInfo>((resolve, reject) =>
              distances.push({ resolve, reject, addressId: input.addressId }),
            ),
        ),
        loadTable: fromPromise(
          ({ input }) =>
            new Promise<TableInfo>((resolve, reject) =>
              tables.push({ resolve, reject, tableId: input.tableId }),
            ),
        ),
        submitOrder: fromPromise(
          ({ input }) =>
            new Promise<SubmitResult>((resolve, reject) => submits.push({ resolve, reject, payload: input })),
        ),
        loadDefaultAddress: fromPromise(
          () => new Promise<Address | null>((resolve, reject) => addressLookups.push({ resolve, reject })),
        ),
      },
    }),
    {
      input: {
        orderType: 'takeaway',
        lines: LINES,
        products: [],
        parts: PARTS,
        contact: { name: 'Han Meimei', phone: '13900139000' },
        address: null,
        table: null,
        makeKey: () => `key-${++keys}-abcdef`,
        clock: () => NOON,
        ...overrides,
      },
    },
  );
  actor.on('*', (e) => emitted.push(e as CheckoutEmitted));
  actor.start();
  return { actor, pay, distances, tables, submits, addressLookups, emitted, keysMade: () => keys };
}

// ---- takeaway: address, range, slot, submit and its retries ------------------------------------------

type AddressKind = 'none' | 'near' | 'far' | 'noGps';
type TakeawayError =
  | 'addressRequired'
  | 'addressNoGps'
  | 'outOfRange'
  | 'deliveryTimeRequired'
  | 'stockInsufficient'
  | 'network'
  | null;
interface TakeawayContext {
  address: AddressKind;
  slot: boolean;
  error: TakeawayError;
  /** Keys made so far; a refusal makes the next submit take a new one. */
  keys: number;
  renew: boolean;
}
type TakeawayEvent =
  | { type: 'PAY_OK' }
  | { type: 'PAY_FAIL' }
  | { type: 'RETRY' }
  | { type: 'CHOOSE'; address: Exclude<AddressKind, 'none'> }
  | { type: 'MEASURED' }
  | { type: 'PICK_SLOT' }
  | { type: 'SUBMIT' }
  | { type: 'DOUBLE_TAP' }
  | { type: 'NETWORK_FAIL' }
  | { type: 'REFUSED' }
  | { type: 'PLACED' };

const firstError = (c: TakeawayContext): TakeawayError => {
  if (c.address === 'none') return 'addressRequired';
  if (c.address === 'noGps') return 'addressNoGps';
  if (c.address === 'far') return 'outOfRange';
  if (!c.slot) return 'deliveryTimeRequired';
  return null;
};

const takeawayModel = setup({
  types: { context: {} as TakeawayContext, events: {} as TakeawayEvent },
  guards: {
    hasGps: ({ event }) => event.type === 'CHOOSE' && event.address !== 'noGps',
    isInvalid: ({ context }) => firstError(context) !== null,
    canRefuse: ({ context }) => context.keys < 2,
  },
}).createMachine({
  id: 'takeawayCheckout',
  context: { address: 'none', slot: false, error: null, keys: 0, renew: true },
  initial: 'loading',
  states: {
    loading: { on: { PAY_OK: 'editing', PAY_FAIL: 'loadFailed' } },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        CHOOSE: [
          {
            guard: 'hasGps',
            target: 'measuring',
            actions: assign(({ event }) => ({ address: event.address, error: null })),
          },
          { actions: assign(({ event }) => ({ address: event.address, error: null })) },
        ],
        PICK_SLOT: { actions: assign({ slot: true, error: null }) },
        SUBMIT: [
          { guard: 'isInvalid', actions: assign(({ context }) => ({ error: firstError(context) })) },
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
    measuring: { on: { MEASURED: 'editing' } },
    submitting: {
      on: {
        DOUBLE_TAP: {},
        NETWORK_FAIL: { target: 'editing', actions: assign({ error: 'network' }) },
        REFUSED: {
          guard: 'canRefuse',
          target: 'editing',
          actions: assign({ error: 'stockInsufficient', renew: true }),
        },
        PLACED: 'placed',
      },
    },
    placed: { type: 'final' },
  },
});

const TAKEAWAY_EVENTS: TakeawayEvent[] = [
  { type: 'PAY_OK' },
  { type: 'PAY_FAIL' },
  { type: 'RETRY' },
  { type: 'CHOOSE', address: 'near' },
  { type: 'CHOOSE', address: 'far' },
  { type: 'CHOOSE', address: 'noGps' },
  { type: 'MEASURED' },
  { type: 'PICK_SLOT' },
  { type: 'SUBMIT' },
  { type: 'DOUBLE_TAP' },
  { type: 'NETWORK_FAIL' },
  { type: 'REFUSED' },
  { type: 'PLACED' },
];

const STOCK_REFUSAL: OrderRejectionInfo = {
  reason: 'stockInsufficient',
  productId: 10,
  name: 'Milk tea',
  remaining: 0,
};
const FIELD: Record<Exclude<TakeawayError, 'network' | null>, string> = {
  addressRequired: 'address',
  addressNoGps: 'address',
  outOfRange: 'address',
  deliveryTimeRequired: 'deliveryTime',
  stockInsufficient: 'cart',
};

describe('checkout of a takeaway order (model-based)', () => {
  for (const path of coveragePaths(takeawayModel, TAKEAWAY_EVENTS)) {
    it(path.description, async () => {
      const run = startCheckout({});
      const { actor } = run;
      const snap = () => actor.getSnapshot();
      let chosen: AddressKind = 'none';
      await path.run({
        states: {
          loading: () => {
            expect(select.selectIsLoading(snap())).toBe(true);
            expect(select.selectIsLocked(snap())).toBe(false);
          },
          loadFailed: () => {
            expect(select.selectLoadFailed(snap())).toBe(true);
            expect(select.selectError(snap())).toBe('timeout');
            expect(select.selectIsLocked(snap())).toBe(false);
          },
          measuring: () => {
            expect(select.selectIsBusy(snap())).toBe(true);
            expect(select.selectIsLocked(snap())).toBe(false);
            expect(run.distances.at(-1)!.addressId).toBe(ADDRESSES[chosen as 'near' | 'far'].id);
          },
          editing: (state) => {
            const m = state.context as TakeawayContext;
            const s = snap();
            expect(select.selectCanSubmit(s)).toBe(true);
            expect(select.selectIsLocked(s)).toBe(false);
            expect(select.selectPayOptions(s).map((o) => o.payType)).toEqual(['Cash']);
            expect(select.selectForm(s).payType).toBe('Cash');
            expect(select.selectForm(s).address?.id ?? null).toBe(
              m.address === 'none' ? null : ADDRESSES[m.address].id,
            );
            expect(select.selectForm(s).deliveryTime).toEqual(m.slot ? SLOT : null);
            // The contact comes from the chosen address.
            if (m.address !== 'none') expect(select.selectForm(s).contactName).toBe('Li Lei');
            if (m.error === 'network') {
              expect(select.selectError(s)).toBe('timeout');
              expect(select.selectFieldError(s)).toBeNull();
            } else {
              expect(select.selectFieldError(s)?.reason ?? null).toBe(m.error);
              if (m.error) expect(select.selectFieldError(s)!.field).toBe(FIELD[m.error]);
              if (m.error === 'stockInsufficient')
                expect(select.selectFieldError(s)!.values).toMatchObject({ name: 'Milk tea', remaining: 0 });
            }
            const pricing = select.selectPricing(s)!;
            // Takeaway is always packed (1.50); delivery 5.00 within the first tier once measured.
            const fee = m.address === 'near' ? 500 : 0;
            expect(pricing.totals.total).toBe(GOODS + 150 + fee);
            const rows = select.selectBreakdown(s);
            expect(rows.at(-1)).toEqual({ key: 'total', amount: GOODS + 150 + fee, values: {} });
            expect(rows.find((r) => r.key === 'packing')?.amount).toBe(150);
            expect(rows.find((r) => r.key === 'delivery')?.amount ?? 0).toBe(fee);
            expect(rows.slice(0, -1).reduce((sum, r) => sum + r.amount, 0)).toBe(pricing.totals.total);
            if (m.keys === 0) expect(run.submits).toHaveLength(0);
          },
          submitting: (state) => {
            const m = state.context as TakeawayContext;
            expect(select.selectIsSubmitting(snap())).toBe(true);
            // The machine drops edits now, so the page disables the fields, the pay types, the note
            // and the order type (a new type would stop this submission).
            expect(select.selectIsLocked(snap())).toBe(true);
            expect(snap().can({ type: 'checkout.setNote', note: 'later' })).toBe(false);
            expect(snap().can({ type: 'checkout.setPayType', payType: 'Cash' })).toBe(false);
            expect(snap().can({ type: 'checkout.setDeliveryTime', deliveryTime: SLOT })).toBe(false);
            const { payload } = run.submits.at(-1)!;
            // Every retry of the same submission carries the same key; a refusal ends it.
            expect(payload.idempotencyKey).toBe(`key-${m.keys}-abcdef`);
            expect(run.keysMade()).toBe(m.keys);
            expect(payload).toMatchObject({
              type: 'takeaway',
              payType: 'Cash',
              payTypeId: 5,
              addressId: ADDRESSES.near.id,
              contact_name: 'Li Lei',
              contact_phone: '13800138000',
              deliveryTime: SLOT,
              isPickerPack: false,
              note: '',
            });
            expect(payload.products).toEqual([
              { id: 1, specId: null, quantity: 2, tastes: [], mealset: [] },
              {
                id: 10,
                specId: 13,
                quantity: 1,
                tastes: [{ id: 211, typeId: 21, quantity: 1 }],
                mealset: [],
              },
            ]);
          },
          placed: () => {
            const s = snap();
            expect(s.status).toBe('done');
            expect(select.selectIsLocked(s)).toBe(true);
            // The server's total (it priced again) is what the customer sees.
            expect(select.selectOrder(s)!.amounts.total).toBe(8000);
            expect(run.emitted.filter((e) => e.type !== 'navigate')).toEqual([
              { type: 'order.placed', order: orderOf(77, 8000, 'takeaway') },
            ]);
            expect(run.emitted.filter((e) => e.type === 'navigate')).toEqual([
              { type: 'navigate', to: { route: '/order/success', query: { id: 77 } }, replace: true },
            ]);
          },
        },
        events: {
          PAY_OK: async () => {
            run.pay.at(-1)!.resolve(PAY);
            await settle();
          },
          PAY_FAIL: async () => {
            run.pay.at(-1)!.reject(new Error('timeout'));
            await settle();
          },
          RETRY: () => actor.send({ type: 'checkout.retry' }),
          CHOOSE: ({ address: kind }) => {
            chosen = kind;
            actor.send({ type: 'checkout.chooseAddress', address: ADDRESSES[kind] });
          },
          MEASURED: async () => {
            run.distances.at(-1)!.resolve(DISTANCES[chosen as 'near' | 'far']);
            await settle();
          },
          PICK_SLOT: () => actor.send({ type: 'checkout.setDeliveryTime', deliveryTime: SLOT }),
          SUBMIT: async () => {
            actor.send({ type: 'order.submit' });
            await settle();
          },
          DOUBLE_TAP: () => {
            const before = run.submits.length;
            actor.send({ type: 'order.submit' });
            expect(run.submits.length).toBe(before);
          },
          NETWORK_FAIL: async () => {
            run.submits.at(-1)!.reject(new Error('timeout'));
            await settle();
          },
          REFUSED: async () => {
            run.submits.at(-1)!.resolve({ rejection: STOCK_REFUSAL });
            await settle();
          },
          PLACED: async () => {
            run.submits
              .at(-1)!
              .resolve({ placed: { order: orderOf(77, 8000, 'takeaway'), replayed: false } });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }
});

// ---- dine: the table from the entry or a scan, the headcount ------------------------------------------

const TABLE: TableInfo = {
  id: 4,
  fEachFee: 0,
  nAreaID: 1,
  nFeeType: 0,
  nMaxPerson: 4,
  nStatus: 0,
  sName: 'A4',
  areaName: 'Hall',
  shopId: SHOP.id,
  myTabId: null,
  isCounter: false,
};

interface DineContext {
  code: 'entry' | 'scanned';
  table: 'found' | 'missing';
  person: 2 | 9 | null;
  error: 'tableNotFound' | 'headcountInvalid' | null;
}
type DineEvent =
  | { type: 'PAY_OK' }
  | { type: 'TABLE_FOUND' }
  | { type: 'TABLE_MISSING' }
  | { type: 'SCAN' }
  | { type: 'PERSON'; person: 2 | 9 }
  | { type: 'SUBMIT' }
  | { type: 'PLACED' };

const dineModel = setup({
  types: { context: {} as DineContext, events: {} as DineEvent },
  guards: {
    missing: ({ context }) => context.table === 'missing',
    badHeadcount: ({ context }) => context.person === null || context.person > 4,
  },
}).createMachine({
  id: 'dineCheckout',
  context: { code: 'entry', table: 'missing', person: null, error: null },
  initial: 'loading',
  states: {
    loading: { on: { PAY_OK: 'resolvingTable' } },
    resolvingTable: {
      on: {
        TABLE_FOUND: { target: 'editing', actions: assign({ table: 'found', error: null }) },
        TABLE_MISSING: { target: 'editing', actions: assign({ table: 'missing', error: 'tableNotFound' }) },
      },
    },
    editing: {
      on: {
        SCAN: { target: 'resolvingTable', actions: assign({ code: 'scanned', error: null }) },
        PERSON: { actions: assign(({ event }) => ({ person: event.person, error: null })) },
        SUBMIT: [
          { guard: 'missing', actions: assign({ error: 'tableNotFound' }) },
          { guard: 'badHeadcount', actions: assign({ error: 'headcountInvalid' }) },
          { target: 'submitting' },
        ],
      },
    },
    submitting: { on: { PLACED: 'placed' } },
    placed: { type: 'final' },
  },
});

const CODES = { entry: 'TBLcodeA4', scanned: 'TBLcodeB7' } as const;

describe('checkout of a dine order (model-based)', () => {
  for (const path of coveragePaths(dineModel, [
    { type: 'PAY_OK' },
    { type: 'TABLE_FOUND' },
    { type: 'TABLE_MISSING' },
    { type: 'SCAN' },
    { type: 'PERSON', person: 2 },
    { type: 'PERSON', person: 9 },
    { type: 'SUBMIT' },
    { type: 'PLACED' },
  ])) {
    it(path.description, async () => {
      const run = startCheckout({
        orderType: 'dine',
        table: CODES.entry,
        parts: { ...PARTS, orderType: 'dine', clientTypeCode: 103 },
      });
      const { actor } = run;
      const snap = () => actor.getSnapshot();
      await path.run({
        states: {
          loading: () => expect(select.selectIsLoading(snap())).toBe(true),
          resolvingTable: (state) => {
            const m = state.context as DineContext;
            expect(select.selectIsBusy(snap())).toBe(true);
            expect(run.tables.at(-1)!.tableId).toBe(CODES[m.code]);
          },
          editing: (state) => {
            const m = state.context as DineContext;
            const s = snap();
            expect(select.selectTable(s)).toEqual(m.table === 'found' ? TABLE : null);
            expect(select.selectMaxPerson(s)).toBe(m.table === 'found' ? 4 : null);
            expect(select.selectForm(s).table).toBe(CODES[m.code]);
            expect(select.selectForm(s).person).toBe(m.person);
            expect(select.selectFieldError(s)?.reason ?? null).toBe(m.error);
            if (m.error === 'headcountInvalid')
              expect(select.selectFieldError(s)).toMatchObject({ field: 'person', values: { max: 4 } });
            if (m.error === 'tableNotFound') expect(select.selectFieldError(s)!.field).toBe('table');
          },
          submitting: (state) => {
            const m = state.context as DineContext;
            expect(run.submits.at(-1)!.payload).toMatchObject({
              type: 'dine',
              table: CODES[m.code],
              person: 2,
            });
            expect(run.submits.at(-1)!.payload).not.toHaveProperty('addressId');
          },
          placed: () => {
            expect(snap().status).toBe('done');
            expect(run.emitted.filter((e) => e.type === 'navigate')).toEqual([
              { type: 'navigate', to: { route: '/order/success', query: { id: 78 } }, replace: true },
            ]);
          },
        },
        events: {
          PAY_OK: async () => {
            run.pay.at(-1)!.resolve(PAY);
            await settle();
          },
          TABLE_FOUND: async () => {
            run.tables.at(-1)!.resolve(TABLE);
            await settle();
          },
          TABLE_MISSING: async () => {
            run.tables.at(-1)!.reject(new Error('table number not found'));
            await settle();
          },
          SCAN: () => actor.send({ type: 'checkout.setTable', table: CODES.scanned }),
          PERSON: ({ person }) => actor.send({ type: 'checkout.setPerson', person }),
          SUBMIT: async () => {
            actor.send({ type: 'order.submit' });
            await settle();
          },
          PLACED: async () => {
            run.submits.at(-1)!.resolve({ placed: { order: orderOf(78, 7500, 'dine'), replayed: false } });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }
});

describe("the table page's headcount and note", () => {
  it('start the dine-in form and stay through a failed load and its retry', async () => {
    const run = startCheckout({
      orderType: 'dine',
      table: CODES.entry,
      parts: { ...PARTS, orderType: 'dine', clientTypeCode: 103 },
      person: 3,
      note: 'By the window',
    });
    const { actor } = run;
    const form = () => select.selectForm(actor.getSnapshot());
    expect(form()).toMatchObject({ person: 3, note: 'By the window' });
    run.pay[0]!.reject(new Error('timeout'));
    await settle();
    expect(select.selectLoadFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'checkout.retry' });
    run.pay[1]!.resolve(PAY);
    await settle();
    run.tables[0]!.resolve(TABLE);
    await settle();
    expect(select.selectCanSubmit(actor.getSnapshot())).toBe(true);
    expect(form()).toMatchObject({ person: 3, note: 'By the window' });
    actor.send({ type: 'order.submit' });
    await settle();
    expect(run.submits[0]!.payload).toMatchObject({ type: 'dine', person: 3, note: 'By the window' });
    actor.stop();
  });
});

// ---- self pickup -----------------------------------------------------------------------------------

describe('checkout of a self-pickup order', () => {
  async function ready() {
    const run = startCheckout({
      orderType: 'selfPickup',
      parts: { ...PARTS, orderType: 'selfPickup', clientTypeCode: 54 },
    });
    run.pay[0]!.resolve(PAY);
    await settle();
    return run;
  }

  it('asks for the picker, a valid phone and a pickup time, then sends them with the pack flag', async () => {
    const { actor, submits } = await ready();
    const error = () => select.selectFieldError(actor.getSnapshot());
    actor.send({ type: 'checkout.setPicker', name: '  ' });
    actor.send({ type: 'order.submit' });
    expect(error()).toEqual({ field: 'pickerName', reason: 'pickerRequired', values: {} });
    actor.send({ type: 'checkout.setPicker', name: 'Wang', phone: '12345' });
    actor.send({ type: 'order.submit' });
    expect(error()).toEqual({ field: 'pickerPhone', reason: 'phoneInvalid', values: {} });
    actor.send({ type: 'checkout.setPicker', phone: '13700137000' });
    actor.send({ type: 'order.submit' });
    expect(error()?.field).toBe('pickupTime');
    actor.send({ type: 'checkout.setPickupTime', pickupTime: { date: '2026-03-02', time: '08:00' } });
    actor.send({ type: 'order.submit' });
    expect(error()).toMatchObject({ field: 'pickupTime', reason: 'pickupTimeInvalid' });
    actor.send({ type: 'checkout.setPickupTime', pickupTime: { date: '2026-03-03', time: '09:15' } });
    actor.send({ type: 'checkout.setPickerPack', isPickerPack: true });
    expect(select.selectPricing(actor.getSnapshot())!.totals.total).toBe(GOODS + 150);
    actor.send({ type: 'order.submit' });
    await settle();
    expect(submits[0]!.payload).toMatchObject({
      type: 'selfPickup',
      pickerName: 'Wang',
      pickerPhone: '13700137000',
      pickupTime: { date: '2026-03-03', time: '09:15' },
      isPickerPack: true,
    });
    actor.stop();
  });

  it('a note over 200 characters is refused on the note field', async () => {
    const { actor, submits } = await ready();
    actor.send({ type: 'checkout.setPickupTime', pickupTime: { date: '2026-03-03', time: '10:00' } });
    actor.send({ type: 'checkout.setNote', note: 'x'.repeat(201) });
    actor.send({ type: 'order.submit' });
    expect(select.selectFieldError(actor.getSnapshot())).toEqual({
      field: 'note',
      reason: 'noteTooLong',
      values: { max: 200 },
    });
    expect(submits).toHaveLength(0);
    actor.stop();
  });
});

describe('checkout time slots', () => {
  it('delivery slots start at the next step not yet past and run to the end of the range, today and tomorrow', () => {
    const slots = deliverySlots(
      { ...SHOP, deliveryTimeRange: { start: '10:00', end: '13:00', stepMinutes: 30 } },
      NOON,
    );
    expect(slots).toEqual([
      { date: '2026-03-02', time: '12:00' },
      { date: '2026-03-02', time: '12:30' },
      { date: '2026-03-02', time: '13:00' },
      ...['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00'].map((time) => ({
        date: '2026-03-03',
        time,
      })),
    ]);
  });

  it('pickup slots lie within the business hours', () => {
    const slots = pickupSlots({ ...SHOP, businessTimeRange: [{ start: '09:00', end: '10:00' }] }, NOON);
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual([
      '2026-03-03 09:00',
      '2026-03-03 09:15',
      '2026-03-03 09:30',
      '2026-03-03 09:45',
    ]);
  });
});

// ---- tableware: "no cutlery" and the sets where the shop charges per set ---------------------------------

const SET_FEE = 120;
const TABLEWARE_SHOP = { ...SHOP, dishwareAmount: SET_FEE };

interface TablewareContext {
  sets: number;
  /** The customer set the count; until then it follows the headcount. */
  chosen: boolean;
  person: number;
}
type TablewareEvent =
  | { type: 'PAY_OK' }
  | { type: 'TABLE_FOUND' }
  | { type: 'NO_CUTLERY' }
  | { type: 'MORE' }
  | { type: 'FEWER' }
  | { type: 'PERSON'; person: 3 }
  | { type: 'SUBMIT' };

const tablewareModel = setup({
  types: { context: {} as TablewareContext, events: {} as TablewareEvent },
  guards: {
    hasSets: ({ context }) => context.sets > 0,
    hasFewSets: ({ context }) => context.sets < 4,
  },
}).createMachine({
  id: 'tableware',
  // The table page's headcount of 2 starts the sets.
  context: { sets: 2, chosen: false, person: 2 },
  initial: 'loading',
  states: {
    loading: { on: { PAY_OK: 'resolvingTable' } },
    resolvingTable: { on: { TABLE_FOUND: 'editing' } },
    editing: {
      on: {
        NO_CUTLERY: { actions: assign({ sets: 0, chosen: true }) },
        MORE: {
          guard: 'hasFewSets',
          actions: assign(({ context }) => ({ sets: context.sets + 1, chosen: true })),
        },
        FEWER: {
          guard: 'hasSets',
          actions: assign(({ context }) => ({ sets: context.sets - 1, chosen: true })),
        },
        PERSON: {
          actions: assign(({ context, event }) => ({
            person: event.person,
            sets: context.chosen ? context.sets : event.person,
          })),
        },
        SUBMIT: 'submitting',
      },
    },
    submitting: { type: 'final' },
  },
});

describe('tableware of a dine order (model-based)', () => {
  for (const path of coveragePaths(tablewareModel, [
    { type: 'PAY_OK' },
    { type: 'TABLE_FOUND' },
    { type: 'NO_CUTLERY' },
    { type: 'MORE' },
    { type: 'FEWER' },
    { type: 'PERSON', person: 3 },
    { type: 'SUBMIT' },
  ])) {
    it(path.description, async () => {
      const run = startCheckout({
        orderType: 'dine',
        table: CODES.entry,
        person: 2,
        parts: { ...PARTS, shop: TABLEWARE_SHOP, orderType: 'dine', clientTypeCode: 103 },
      });
      const { actor } = run;
      const snap = () => actor.getSnapshot();
      const sets = () => select.selectTableware(snap())!.sets;
      await path.run({
        states: {
          loading: () =>
            expect(select.selectTableware(snap())).toEqual({ sets: 2, fee: SET_FEE, restore: 2 }),
          resolvingTable: () => expect(select.selectIsBusy(snap())).toBe(true),
          editing: (state) => {
            const m = state.context as TablewareContext;
            expect(sets()).toBe(m.sets);
            expect(select.selectForm(snap()).person).toBe(m.person);
            // The fee follows the sets: none at all for "no cutlery".
            const pricing = select.selectPricing(snap())!;
            expect(pricing.fees.dishware).toEqual({ units: m.sets, amount: m.sets * SET_FEE });
            expect(pricing.totals.total).toBe(GOODS + m.sets * SET_FEE);
            const row = select.selectBreakdown(snap()).find((r) => r.key === 'dishware');
            expect(row?.amount ?? 0).toBe(m.sets * SET_FEE);
          },
          submitting: (state) => {
            const m = state.context as TablewareContext;
            expect(run.submits.at(-1)!.payload).toMatchObject({
              type: 'dine',
              tableware: m.sets,
              person: m.person,
            });
          },
        },
        events: {
          PAY_OK: async () => {
            run.pay.at(-1)!.resolve(PAY);
            await settle();
          },
          TABLE_FOUND: async () => {
            run.tables.at(-1)!.resolve(TABLE);
            await settle();
          },
          NO_CUTLERY: () => actor.send({ type: 'checkout.setTableware', tableware: 0 }),
          MORE: () => actor.send({ type: 'checkout.setTableware', tableware: sets() + 1 }),
          FEWER: () => actor.send({ type: 'checkout.setTableware', tableware: sets() - 1 }),
          PERSON: ({ person }) => actor.send({ type: 'checkout.setPerson', person }),
          SUBMIT: async () => {
            actor.send({ type: 'order.submit' });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }

  it('refuses a count that is no count, and offers no choice where the shop does not charge', async () => {
    const run = startCheckout({
      orderType: 'selfPickup',
      parts: { ...PARTS, shop: TABLEWARE_SHOP, orderType: 'selfPickup', clientTypeCode: 54 },
    });
    run.pay[0]!.resolve(PAY);
    await settle();
    const s = () => run.actor.getSnapshot();
    expect(select.selectTableware(s())).toEqual({ sets: 1, fee: SET_FEE, restore: 1 });
    for (const tableware of [-1, 1.5, 100])
      expect(s().can({ type: 'checkout.setTableware', tableware })).toBe(false);
    run.actor.stop();

    const plain = startCheckout({});
    expect(select.selectTableware(plain.actor.getSnapshot())).toBeNull();
    plain.actor.stop();
  });
});

// ---- "as soon as possible", the default address and the customer known late ------------------------------

describe('checkout comfort', () => {
  it('a form started again from its draft keeps the time, note and sets the customer chose', async () => {
    const parts = { ...PARTS, shop: TABLEWARE_SHOP };
    const first = startCheckout({ address: ADDRESSES.near, parts });
    first.pay[0]!.resolve(PAY);
    await settle();
    first.actor.send({ type: 'checkout.setDeliveryTime', deliveryTime: SLOT });
    first.actor.send({ type: 'checkout.setNote', note: 'Ring twice' });
    first.actor.send({ type: 'checkout.setTableware', tableware: 0 });
    const draft = draftOf(select.selectForm(first.actor.getSnapshot()));
    first.actor.stop();

    // Back from the address book with another address: only the address changes.
    const again = startCheckout({ address: ADDRESSES.far, parts, draft });
    expect(select.selectForm(again.actor.getSnapshot())).toMatchObject({
      address: ADDRESSES.far,
      deliveryTime: SLOT,
      asap: false,
      note: 'Ring twice',
      tableware: 0,
      tablewareChosen: true,
    });
    again.actor.stop();

    // A shop that no longer charges for tableware offers no choice, whatever the draft says.
    const plain = startCheckout({ address: ADDRESSES.near, draft });
    expect(select.selectForm(plain.actor.getSnapshot())).toMatchObject({
      tableware: null,
      tablewareChosen: false,
      note: 'Ring twice',
    });
    plain.actor.stop();
  });

  it('"as soon as possible" is the first slot a step ahead, worked out when the order is sent', async () => {
    const shop = { ...SHOP, deliveryTimeRange: { start: '09:00', end: '21:00', stepMinutes: 15 } };
    expect(asapSlot(deliverySlots(shop, NOON), NOON, shop.timezone, 15)).toEqual({
      date: '2026-03-02',
      time: '12:15',
    });
    // Past today's last slot there is no "as soon as possible": tomorrow morning is not soon.
    const late = new Date('2026-03-02T12:55:00Z');
    expect(asapSlot(deliverySlots(shop, late), late, shop.timezone, 15)).toBeNull();

    let now = NOON;
    const run = startCheckout({ address: ADDRESSES.near, parts: { ...PARTS, shop }, clock: () => now });
    run.pay[0]!.resolve(PAY);
    await settle();
    run.distances[0]!.resolve(DISTANCES.near);
    await settle();
    const s = () => run.actor.getSnapshot();
    expect(select.selectAsapSlot(s())).toEqual({ date: '2026-03-02', time: '12:15' });
    run.actor.send({ type: 'checkout.chooseAsap' });
    expect(select.selectForm(s()).asap).toBe(true);
    // The page stayed open for twenty minutes: the order carries the slot of the moment it is sent.
    now = new Date('2026-03-02T04:20:00Z');
    run.actor.send({ type: 'order.submit' });
    await settle();
    expect(run.submits[0]!.payload.deliveryTime).toEqual({ date: '2026-03-02', time: '12:45' });
    run.actor.stop();
  });

  it('a chosen time replaces "as soon as possible"', async () => {
    const run = startCheckout({ address: ADDRESSES.near });
    run.pay[0]!.resolve(PAY);
    await settle();
    run.actor.send({ type: 'checkout.chooseAsap' });
    run.actor.send({ type: 'checkout.setDeliveryTime', deliveryTime: SLOT });
    expect(select.selectForm(run.actor.getSnapshot())).toMatchObject({ asap: false, deliveryTime: SLOT });
    run.actor.stop();
  });

  it("preselects the customer's default address, measures it and tells the visit", async () => {
    const run = startCheckout({ canLoadAddresses: true });
    run.pay[0]!.resolve(PAY);
    await settle();
    expect(run.addressLookups).toHaveLength(1);
    expect(select.selectIsBusy(run.actor.getSnapshot())).toBe(true);
    run.addressLookups[0]!.resolve(ADDRESSES.near);
    await settle();
    expect(select.selectForm(run.actor.getSnapshot()).address).toEqual(ADDRESSES.near);
    expect(run.distances.at(-1)!.addressId).toBe(ADDRESSES.near.id);
    expect(run.emitted).toContainEqual({ type: 'address.preselected', address: ADDRESSES.near });
    run.actor.stop();
  });

  it('keeps a chosen address and looks nothing up; without a default the form just asks', async () => {
    const chosen = startCheckout({ canLoadAddresses: true, address: ADDRESSES.far });
    chosen.pay[0]!.resolve(PAY);
    await settle();
    expect(chosen.addressLookups).toHaveLength(0);
    expect(select.selectForm(chosen.actor.getSnapshot()).address).toEqual(ADDRESSES.far);
    chosen.actor.stop();

    const none = startCheckout({ canLoadAddresses: true });
    none.pay[0]!.resolve(PAY);
    await settle();
    none.addressLookups[0]!.reject(new Error('timeout'));
    await settle();
    expect(select.selectCanSubmit(none.actor.getSnapshot())).toBe(true);
    expect(select.selectError(none.actor.getSnapshot())).toBeNull();
    none.actor.send({ type: 'order.submit' });
    expect(select.selectFieldError(none.actor.getSnapshot())?.reason).toBe('addressRequired');
    none.actor.stop();
  });

  it('a login on the page fills the empty picker fields and takes the default address', async () => {
    const pickup = startCheckout({
      orderType: 'selfPickup',
      contact: { name: '', phone: '' },
      parts: { ...PARTS, orderType: 'selfPickup', clientTypeCode: 54 },
    });
    pickup.pay[0]!.resolve(PAY);
    await settle();
    pickup.actor.send({ type: 'checkout.setPicker', name: 'Typed name' });
    pickup.actor.send({
      type: 'checkout.setCustomer',
      name: 'Wang Fang',
      phone: '13800008888',
      canLoadAddresses: true,
    });
    expect(select.selectForm(pickup.actor.getSnapshot())).toMatchObject({
      pickerName: 'Typed name',
      pickerPhone: '13800008888',
    });
    expect(pickup.addressLookups).toHaveLength(0);
    pickup.actor.stop();

    const takeaway = startCheckout({ contact: { name: '', phone: '' } });
    // Known while the pay options load: the lookup waits for the form.
    takeaway.actor.send({
      type: 'checkout.setCustomer',
      name: 'Wang Fang',
      phone: '13800008888',
      canLoadAddresses: true,
    });
    takeaway.pay[0]!.resolve(PAY);
    await settle();
    expect(takeaway.addressLookups).toHaveLength(1);
    takeaway.addressLookups[0]!.resolve(null);
    await settle();
    expect(select.selectForm(takeaway.actor.getSnapshot())).toMatchObject({
      address: null,
      contactName: 'Wang Fang',
      contactPhone: '13800008888',
    });
    // Once looked up, a second sign of the customer does not look again.
    takeaway.actor.send({
      type: 'checkout.setCustomer',
      name: 'Wang Fang',
      phone: '13800008888',
      canLoadAddresses: true,
    });
    expect(takeaway.addressLookups).toHaveLength(1);
    takeaway.actor.stop();
  });

  it('says the delivery fee waits for an address instead of showing a fee of 0.0 km', async () => {
    const run = startCheckout({});
    run.pay[0]!.resolve(PAY);
    await settle();
    expect(select.selectDeliveryFeePending(run.actor.getSnapshot())).toBe(true);
    expect(select.selectBreakdown(run.actor.getSnapshot()).some((r) => r.key === 'delivery')).toBe(false);
    run.actor.send({ type: 'checkout.chooseAddress', address: ADDRESSES.near });
    run.distances[0]!.resolve(DISTANCES.near);
    await settle();
    expect(select.selectDeliveryFeePending(run.actor.getSnapshot())).toBe(false);
    expect(select.selectBreakdown(run.actor.getSnapshot()).find((r) => r.key === 'delivery')?.amount).toBe(
      500,
    );
    run.actor.stop();
  });
});

// ---- a limit card paying covered units ---------------------------------------------------------------

type CardChoice = 'none' | 'part' | 'all' | 'uncovering';
interface CardModelContext {
  card: CardChoice;
  refused: boolean;
  refusals: number;
}
type CardModelEvent =
  | { type: 'CHOOSE'; card: Exclude<CardChoice, 'none'> }
  | { type: 'CLEAR' }
  | { type: 'SUBMIT' }
  | { type: 'REFUSED' }
  | { type: 'PLACED' };

/** One use left on the noodles; five on noodles and tea (the whole cart); a card of another product. */
const CARDS = {
  part: { id: 601, productIds: [1], remaining: 1 },
  all: { id: 602, productIds: [1, 10], remaining: 5 },
  uncovering: { id: 603, productIds: [99], remaining: 3 },
} satisfies Record<Exclude<CardChoice, 'none'>, PricingLimitCard>;

const limitCardModel = setup({
  types: { context: {} as CardModelContext, events: {} as CardModelEvent },
  // One refusal per path keeps the model finite.
  guards: {
    covers: ({ context }) => (context.card === 'part' || context.card === 'all') && context.refusals === 0,
  },
}).createMachine({
  id: 'limitCardCheckout',
  context: { card: 'none', refused: false, refusals: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHOOSE: { actions: assign(({ event }) => ({ card: event.card, refused: false })) },
        CLEAR: { actions: assign({ card: 'none', refused: false }) },
        SUBMIT: 'submitting',
      },
    },
    submitting: {
      on: {
        REFUSED: {
          guard: 'covers',
          target: 'editing',
          actions: assign(({ context }) => ({
            card: 'none' as const,
            refused: true,
            refusals: context.refusals + 1,
          })),
        },
        PLACED: 'placed',
      },
    },
    placed: { type: 'final' },
  },
});

describe('checkout paying covered units with a limit card (model-based)', () => {
  for (const path of coveragePaths(limitCardModel, [
    { type: 'CHOOSE', card: 'part' },
    { type: 'CHOOSE', card: 'all' },
    { type: 'CHOOSE', card: 'uncovering' },
    { type: 'CLEAR' },
    { type: 'SUBMIT' },
    { type: 'REFUSED' },
    { type: 'PLACED' },
  ])) {
    it(path.description, async () => {
      const run = startCheckout({
        orderType: 'selfPickup',
        parts: { ...PARTS, orderType: 'selfPickup', clientTypeCode: 54 },
      });
      const { actor } = run;
      const snap = () => actor.getSnapshot();
      run.pay[0]!.resolve(PAY);
      await settle();
      actor.send({ type: 'checkout.setPickupTime', pickupTime: { date: '2026-03-03', time: '09:15' } });
      let sent: CardChoice = 'none';
      await path.run({
        states: {
          editing: (state) => {
            const m = state.context as CardModelContext;
            const pricing = select.selectPricing(snap())!;
            const uses = { none: null, part: 1, all: 3, uncovering: 0 }[m.card];
            expect(pricing.limitCard?.uses ?? null).toBe(uses);
            // The card's units are charged 0: one noodles, or the whole cart.
            const total = { none: GOODS, part: GOODS - 2800, all: 0, uncovering: GOODS }[m.card];
            expect(pricing.totals.total).toBe(total);
            expect(select.selectCanSubmit(snap())).toBe(true);
            expect(select.selectFieldError(snap())?.reason ?? null).toBe(
              m.refused ? 'limitCardUnusable' : null,
            );
            expect(run.emitted.filter((e) => e.type === 'limitCard.refused')).toHaveLength(m.refusals);
          },
          submitting: (state) => {
            const m = state.context as CardModelContext;
            const payload = run.submits.at(-1)!.payload;
            if (m.card === 'part' || m.card === 'all') expect(payload.limitCardId).toBe(CARDS[m.card].id);
            // A card that pays for nothing here is not sent: the server would refuse the order for it.
            else expect(payload).not.toHaveProperty('limitCardId');
            sent = m.card;
          },
          placed: () => {
            expect(snap().status).toBe('done');
            expect(run.emitted.filter((e) => e.type === 'navigate')).toEqual([
              { type: 'navigate', to: { route: '/order/success', query: { id: 91 } }, replace: true },
            ]);
          },
        },
        events: {
          CHOOSE: ({ card }) => actor.send({ type: 'checkout.setLimitCard', card: CARDS[card] }),
          CLEAR: () => actor.send({ type: 'checkout.setLimitCard', card: null }),
          SUBMIT: async () => {
            actor.send({ type: 'order.submit' });
            await settle();
          },
          REFUSED: async () => {
            run.submits.at(-1)!.resolve({
              rejection: { reason: 'limitCardUnusable', limitCardReason: 'cardTaken' },
            });
            await settle();
          },
          PLACED: async () => {
            const total = sent === 'all' ? 0 : GOODS;
            run.submits
              .at(-1)!
              .resolve({ placed: { order: orderOf(91, total, 'selfPickup'), replayed: false } });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }
});

// ---- a capped special price that runs out between the price shown and the submit ----------------------

type OfferState = 'special' | 'soldOut';
interface OfferModelContext {
  offer: OfferState;
  /** The last submit was refused because the offer ran out. */
  refused: boolean;
  /** The refusal came with the offers as they are now (activity/list answered). */
  offersRead: boolean;
}
type OfferModelEvent = { type: 'SUBMIT' } | { type: 'RUN_OUT'; offersRead: boolean } | { type: 'PLACED' };

/** Noodles at 20.00 instead of 28.00: two left of the activity's units. */
const SPECIAL_NOODLES = {
  id: 77,
  name: 'Noodle days',
  type: 3,
  limit: 2,
  productList: [{ id: 1, discountPrice: 2000, quantity: 2 }],
};
const SOLD_OUT_NOODLES = {
  ...SPECIAL_NOODLES,
  productList: [{ id: 1, discountPrice: 2000, quantity: 2, purchasedQuantity: 2 }],
};

const offerModel = setup({
  types: { context: {} as OfferModelContext, events: {} as OfferModelEvent },
  // One refusal per path keeps the model finite.
  guards: { onSale: ({ context }) => context.offer === 'special' },
}).createMachine({
  id: 'offerRunOut',
  context: { offer: 'special', refused: false, offersRead: false },
  initial: 'editing',
  states: {
    editing: { on: { SUBMIT: 'submitting' } },
    submitting: {
      on: {
        RUN_OUT: {
          guard: 'onSale',
          target: 'editing',
          actions: assign(({ event }) => ({
            offer: event.offersRead ? ('soldOut' as const) : ('special' as const),
            refused: true,
            offersRead: event.offersRead,
          })),
        },
        PLACED: 'placed',
      },
    },
    placed: { type: 'final' },
  },
});

describe('checkout when a capped special price runs out (model-based)', () => {
  for (const path of coveragePaths(offerModel, [
    { type: 'SUBMIT' },
    { type: 'RUN_OUT', offersRead: true },
    { type: 'RUN_OUT', offersRead: false },
    { type: 'PLACED' },
  ])) {
    it(path.description, async () => {
      const run = startCheckout({
        orderType: 'selfPickup',
        parts: { ...PARTS, orderType: 'selfPickup', clientTypeCode: 54, activities: [SPECIAL_NOODLES] },
      });
      const { actor } = run;
      const snap = () => actor.getSnapshot();
      run.pay[0]!.resolve(PAY);
      await settle();
      actor.send({ type: 'checkout.setPickupTime', pickupTime: { date: '2026-03-02', time: '12:30' } });
      let sentKeys = 0;
      await path.run({
        states: {
          editing: (state) => {
            const m = state.context as OfferModelContext;
            // Two noodles at the special price, or at the list price once the page read the sold-out offer.
            const noodles = m.offer === 'special' ? 2 * 2000 : 2 * 2800;
            expect(select.selectPricing(snap())!.totals.total).toBe(noodles + 1900);
            expect(select.selectFieldError(snap())?.reason ?? null).toBe(
              m.refused ? 'activityUnitsTaken' : null,
            );
            expect(select.selectCanSubmit(snap())).toBe(true);
          },
          submitting: () => {
            // A refused submit is over: the next one is a new attempt with its own key.
            const keys = new Set(run.submits.map((s) => s.payload.idempotencyKey));
            expect(keys.size).toBe(run.submits.length);
            sentKeys = keys.size;
          },
          placed: () => {
            expect(snap().status).toBe('done');
            expect(sentKeys).toBeGreaterThan(0);
          },
        },
        events: {
          SUBMIT: async () => {
            actor.send({ type: 'order.submit' });
            await settle();
          },
          RUN_OUT: async ({ offersRead }) => {
            const rejection: OrderRejectionInfo = { reason: 'activityUnitsTaken', name: 'Noodle days' };
            run.submits
              .at(-1)!
              .resolve(
                offersRead
                  ? { rejection, offers: { activities: [SOLD_OUT_NOODLES], purchased: [] } }
                  : { rejection },
              );
            await settle();
          },
          PLACED: async () => {
            run.submits.at(-1)!.resolve({ placed: { order: orderOf(92, 1, 'selfPickup'), replayed: false } });
            await settle();
          },
        },
      });
      actor.stop();
    });
  }
});

// The customer-level checkout model that QA replays in Chromium (qa/models/checkout.model.ts), walked here
// against the real checkout machine: every state and every transition of the model, with the server's
// answers given at once (the unit models of checkout.model.test.ts hold them back one by one).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import type { Address } from '../../../src/domain/api/address';
import type { GetDistanceInfo } from '../../../src/domain/api/delivery';
import type { OrderConfirmInput, OrderDetail } from '../../../src/domain/api/order';
import type { PayOption } from '../../../src/domain/api/store';
import type { TableInfo } from '../../../src/domain/api/table';
import type { CartLine } from '../../../src/domain/pricing';
import { NO_MEMBER_SETTING, type PricingParts } from '../../../src/machines/cart/cart.rules';
import {
  checkoutMachine,
  draftOf,
  type CheckoutDraft,
  type CheckoutEmitted,
  type CheckoutInput,
  type SubmitResult,
} from '../../../src/machines/checkout/checkout.machine';
import { deliverySlots, pickupSlots } from '../../../src/machines/checkout/checkout.rules';
import * as select from '../../../src/machines/checkout/checkout.selectors';
import {
  CHECKOUT_JOURNEY_EVENTS,
  checkoutJourneyModel,
  type CheckoutJourneyContext,
  type JourneyOrderType,
} from '../../../qa/models/checkout.model';
import { makeShop } from '../fixtures/shop';
import { coveragePaths, settle } from '../support';

// 12:00 in Shanghai on 2 March 2026.
const NOON = new Date('2026-03-02T04:00:00Z');
const SHOP = makeShop({
  deliverAmount: [{ distance: 3000, amount: 500 }],
  deliveryDistance: 5000,
  allowPickupAppointment: true,
});
const LINES: CartLine[] = [
  { flag: 'noodles', id: 1, name: 'Beef noodles', typeid: 1, quantity: 2, price: 2800 },
];
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
const CLIENT_TYPE: Record<JourneyOrderType, number> = { selfPickup: 54, takeaway: 4, dine: 103 };
const partsFor = (orderType: JourneyOrderType): PricingParts => ({
  shop: SHOP,
  memberSetting: NO_MEMBER_SETTING,
  orderType,
  clientTypeCode: CLIENT_TYPE[orderType],
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
});
const ADDRESS: Address = {
  id: 31,
  contactName: 'Li Lei',
  phone: '13800138000',
  address: '31 Garden Road',
  houseNumber: '3F',
  gps: { lat: 31.231, lng: 121.471 },
  isDefault: false,
  tag: '',
  updatedAt: '2026-03-01T00:00:00Z',
};
const NEAR: GetDistanceInfo = {
  distance: 1200,
  maxDistance: 5000,
  withinRange: true,
  fee: 500,
  freeDeliveryMinAmount: null,
};
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
const PICKUP_SLOT = pickupSlots(SHOP, NOON)[0]!;
const DELIVERY_SLOT = deliverySlots(SHOP, NOON)[0]!;
const PLACED = { id: 79, orderType: 'selfPickup', amounts: { total: 5600 } } as OrderDetail;

/** The confirm page's machine for an order type, its server answering at once. */
function openCheckout(
  orderType: JourneyOrderType,
  { address = null, draft = null }: { address?: Address | null; draft?: CheckoutDraft | null } = {},
) {
  const submits: OrderConfirmInput[] = [];
  const emitted: CheckoutEmitted[] = [];
  const input: CheckoutInput = {
    orderType,
    lines: LINES,
    products: [],
    parts: partsFor(orderType),
    contact: { name: '', phone: '' },
    address,
    draft,
    table: orderType === 'dine' ? 'TBLcodeA4' : null,
    makeKey: () => 'key-journey-1',
    clock: () => NOON,
  };
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        loadPayOptions: fromPromise(async () => PAY),
        measureDistance: fromPromise(async () => NEAR),
        loadTable: fromPromise(async () => TABLE),
        loadDefaultAddress: fromPromise(async (): Promise<Address | null> => null),
        submitOrder: fromPromise(async ({ input: payload }): Promise<SubmitResult> => {
          submits.push(payload);
          return { placed: { order: PLACED, replayed: false } };
        }),
      },
    }),
    { input },
  );
  actor.on('*', (event) => emitted.push(event as CheckoutEmitted));
  actor.start();
  return { actor, submits, emitted };
}

const FIELD_OF_ERROR: Record<JourneyOrderType, Record<string, string>> = {
  selfPickup: { contact: 'pickerName', time: 'pickupTime' },
  takeaway: { contact: 'address', time: 'deliveryTime' },
  dine: { person: 'person' },
};

describe('checking out as a customer (model-based, the model QA replays)', () => {
  for (const path of coveragePaths(checkoutJourneyModel, CHECKOUT_JOURNEY_EVENTS)) {
    it(path.description, async () => {
      let run: ReturnType<typeof openCheckout> | null = null;
      const actor = (): Actor<typeof checkoutMachine> => run!.actor;
      await path.run({
        states: {
          start: () => expect(run).toBeNull(),
          editing: (state) => {
            const model = state.context as CheckoutJourneyContext;
            const s = actor().getSnapshot();
            expect(select.selectCanSubmit(s)).toBe(true);
            expect(select.selectOrderType(s)).toBe(model.orderType);
            const form = select.selectForm(s);
            if (model.orderType === 'selfPickup') {
              expect(form.pickerName).toBe(model.contact ? 'Wang Xiaoming' : '');
              expect(form.pickupTime).toEqual(model.time ? PICKUP_SLOT : null);
            } else if (model.orderType === 'takeaway') {
              expect(form.address?.id ?? null).toBe(model.contact ? ADDRESS.id : null);
              expect(form.deliveryTime).toEqual(model.time ? DELIVERY_SLOT : null);
            } else {
              expect(select.selectTable(s)?.sName).toBe('A4');
              expect(form.person).toBe(model.person ? 3 : null);
            }
            const field = model.error ? FIELD_OF_ERROR[model.orderType!][model.error] : null;
            expect(select.selectFieldError(s)?.field ?? null).toBe(field);
            expect(run!.submits).toHaveLength(0);
          },
          placed: () => {
            const s = actor().getSnapshot();
            expect(s.status).toBe('done');
            expect(run!.submits).toHaveLength(1);
            expect(run!.emitted).toContainEqual({ type: 'order.placed', order: PLACED });
          },
        },
        events: {
          OPEN: async ({ orderType }) => {
            run = openCheckout(orderType);
            await settle();
          },
          FILL_CONTACT: async () => {
            if (select.selectOrderType(actor().getSnapshot()) === 'takeaway') {
              // The address book is a page of its own: the confirm page opens again with the chosen address
              // and the draft of what was filled before.
              const draft = draftOf(select.selectForm(actor().getSnapshot()));
              actor().stop();
              run = openCheckout('takeaway', { address: ADDRESS, draft });
            } else {
              actor().send({ type: 'checkout.setPicker', name: 'Wang Xiaoming', phone: '13800138000' });
            }
            await settle();
          },
          PICK_TIME: () => {
            if (select.selectOrderType(actor().getSnapshot()) === 'takeaway') {
              actor().send({ type: 'checkout.setDeliveryTime', deliveryTime: DELIVERY_SLOT });
            } else {
              actor().send({ type: 'checkout.setPickupTime', pickupTime: PICKUP_SLOT });
            }
          },
          SET_PERSON: () => actor().send({ type: 'checkout.setPerson', person: 3 }),
          SUBMIT: async () => {
            actor().send({ type: 'order.submit' });
            await settle();
          },
        },
      });
      (run as ReturnType<typeof openCheckout> | null)?.actor.stop();
    });
  }
});

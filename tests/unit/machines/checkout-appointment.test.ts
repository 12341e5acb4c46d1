import { describe, expect, it } from 'vitest';
import {
  appointmentFieldError,
  orderPayload,
  validateCheckout,
  type CheckoutFacts,
  type CheckoutForm,
} from '../../../src/machines/checkout/checkout.rules';
import { makeShop } from '../../model/fixtures/shop';

const SHOP = makeShop({ id: 5, industry: 4, orderTypes: ['appointment'] });
const FACTS: CheckoutFacts = {
  shop: SHOP,
  orderType: 'appointment',
  lines: [{ flag: 'cut', id: 5102, name: 'Women’s Cut', typeid: 5001, quantity: 1, price: 26800 }],
  hasMember: false,
  payOptions: [
    {
      id: 9,
      payType: 'Cash',
      name: 'Pay at the counter',
      orderTypes: ['appointment'],
      needsMember: false,
      online: false,
    },
  ],
  distance: null,
  tableInfo: null,
  pricing: null,
  now: new Date('2026-11-19T10:00:00Z'),
};
const HELD = {
  holdId: 901,
  start: { date: '2026-11-21', time: '11:00' },
  serviceUser: { id: 5601, jobNo: 'S01', userName: 'Coco', tagName: 'Stylist', headImage: '' },
  duration: 75,
};
const form = (changes: Partial<CheckoutForm> = {}): CheckoutForm => ({
  address: null,
  deliveryTime: null,
  asap: false,
  contactName: '',
  contactPhone: '',
  pickerName: '',
  pickerPhone: '',
  pickupTime: null,
  isPickerPack: false,
  table: null,
  person: null,
  tableware: null,
  tablewareChosen: false,
  note: '',
  payType: 'Cash',
  payTypeId: 9,
  appointment: HELD,
  forSomeoneElse: false,
  beautyUserName: '',
  beautyUserPhone: '',
  ...changes,
});

describe('an appointment at checkout', () => {
  it('needs a time held (spec §5 "an appointment time is required for a beauty order")', () => {
    expect(validateCheckout(form({ appointment: null }), FACTS)).toEqual({
      field: 'appointment',
      reason: 'appointmentTimeRequired',
      values: {},
    });
    expect(validateCheckout(form(), FACTS)).toBeNull();
  });

  it('asks for the name and a correct phone of the person coming, when it is someone else', () => {
    const someoneElse = (name: string, phone: string) =>
      validateCheckout(form({ forSomeoneElse: true, beautyUserName: name, beautyUserPhone: phone }), FACTS);
    expect(someoneElse('', '13800138001')).toMatchObject({
      field: 'beautyUserName',
      reason: 'beautyUserIncomplete',
    });
    expect(someoneElse('Wang Fang', ' ')).toMatchObject({
      field: 'beautyUserPhone',
      reason: 'beautyUserIncomplete',
    });
    expect(someoneElse('Wang Fang', '1380')).toMatchObject({
      field: 'beautyUserPhone',
      reason: 'beautyUserPhoneInvalid',
    });
    expect(someoneElse('x'.repeat(33), '13800138001')).toMatchObject({ reason: 'beautyUserNameTooLong' });
    expect(someoneElse('Wang Fang', '13800138001')).toBeNull();
    // The fields typed and then unticked do not stop the order.
    expect(validateCheckout(form({ beautyUserName: '', beautyUserPhone: '1' }), FACTS)).toBeNull();
  });

  it('sends the hold, the start, the technician and the minutes, and the person coming only when asked', () => {
    expect(orderPayload(form(), FACTS)).toEqual({
      type: 'appointment',
      payType: 'Cash',
      payTypeId: 9,
      products: [{ id: 5102, specId: null, quantity: 1, tastes: [], mealset: [] }],
      note: '',
      isPickerPack: false,
      holdId: 901,
      serviceStartTimeInfo: { date: '2026-11-21', time: '11:00' },
      serviceUser: HELD.serviceUser,
      serviceDuration: 75,
    });
    expect(
      orderPayload(
        form({ forSomeoneElse: true, beautyUserName: ' Wang Fang ', beautyUserPhone: '13800138001 ' }),
        FACTS,
      ),
    ).toMatchObject({ beautyUserName: 'Wang Fang', beautyUserPhone: '13800138001' });
    expect(orderPayload(form({ beautyUserName: 'Wang Fang' }), FACTS)).not.toHaveProperty('beautyUserName');
  });

  it('takes the person coming back to the form; a refusal of the time belongs to the appointment flow', () => {
    expect(appointmentFieldError('beautyUserPhoneInvalid')).toMatchObject({ field: 'beautyUserPhone' });
    expect(appointmentFieldError('beautyUserIncomplete')).toMatchObject({ field: 'beautyUserName' });
    expect(appointmentFieldError('slotTaken')).toBeNull();
    expect(appointmentFieldError('holdNotFound')).toBeNull();
  });

  it('shows too many pay-at-counter appointments at the way to pay, with the cap, keeping the time', () => {
    expect(appointmentFieldError('counterAppointmentsLimit', { limit: 2 })).toEqual({
      field: 'payType',
      reason: 'counterAppointmentsLimit',
      values: { limit: 2 },
    });
  });
});

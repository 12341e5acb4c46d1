// The customer's view of checking out: how the order is opened (self-pickup or takeaway from the shop's
// menu, dine-in from a table's QR code), what is filled on the confirm page, and each tap on "Place order"
// either stopping at the first missing field or placing the order. tests/model/checkout/checkout-journey.model.test.ts
// walks it against the real checkout machine and `npm run qa:replay -- checkout` against the running shop.
import { assign, setup } from 'xstate';

export type JourneyOrderType = 'selfPickup' | 'takeaway' | 'dine';
/** The field the page stops at: the picker or the delivery address, the time, or the headcount. */
export type JourneyError = 'contact' | 'time' | 'person';

export interface CheckoutJourneyContext {
  orderType: JourneyOrderType | null;
  /** Self-pickup: the picker's name and phone; takeaway: a delivery address within range. */
  contact: boolean;
  /** Self-pickup: the pickup time; takeaway: the delivery time. */
  time: boolean;
  /** Dine-in: the headcount. */
  person: boolean;
  error: JourneyError | null;
}

export type CheckoutJourneyEvent =
  | { type: 'OPEN'; orderType: JourneyOrderType }
  | { type: 'FILL_CONTACT' }
  | { type: 'PICK_TIME' }
  | { type: 'SET_PERSON' }
  | { type: 'SUBMIT' };

/** The first field a submit stops at, in the order the confirm page shows them; null: nothing missing. */
export function journeyError(context: CheckoutJourneyContext): JourneyError | null {
  if (context.orderType === 'dine') return context.person ? null : 'person';
  if (!context.contact) return 'contact';
  return context.time ? null : 'time';
}

export const checkoutJourneyModel = setup({
  types: { context: {} as CheckoutJourneyContext, events: {} as CheckoutJourneyEvent },
  guards: {
    // Filling a field that is already filled changes nothing the customer sees: no transition, so the
    // paths stay few.
    canFillContact: ({ context }) => context.orderType !== 'dine' && !context.contact,
    canPickTime: ({ context }) => context.orderType !== 'dine' && !context.time,
    canSetPerson: ({ context }) => context.orderType === 'dine' && !context.person,
    isIncomplete: ({ context }) => journeyError(context) !== null,
  },
}).createMachine({
  id: 'checkoutJourney',
  context: { orderType: null, contact: false, time: false, person: false, error: null },
  initial: 'start',
  states: {
    start: {
      on: {
        OPEN: { target: 'editing', actions: assign(({ event }) => ({ orderType: event.orderType })) },
      },
    },
    editing: {
      on: {
        // A takeaway address is chosen in the address book, a page of its own: the confirm page starts
        // again from the visit's draft, so what was filled stays.
        FILL_CONTACT: { guard: 'canFillContact', actions: assign({ contact: true, error: null }) },
        PICK_TIME: { guard: 'canPickTime', actions: assign({ time: true, error: null }) },
        SET_PERSON: { guard: 'canSetPerson', actions: assign({ person: true, error: null }) },
        SUBMIT: [
          { guard: 'isIncomplete', actions: assign(({ context }) => ({ error: journeyError(context) })) },
          { target: 'placed', actions: assign({ error: null }) },
        ],
      },
    },
    placed: { type: 'final' },
  },
});

export const CHECKOUT_JOURNEY_EVENTS: CheckoutJourneyEvent[] = [
  { type: 'OPEN', orderType: 'selfPickup' },
  { type: 'OPEN', orderType: 'takeaway' },
  { type: 'OPEN', orderType: 'dine' },
  { type: 'FILL_CONTACT' },
  { type: 'PICK_TIME' },
  { type: 'SET_PERSON' },
  { type: 'SUBMIT' },
];

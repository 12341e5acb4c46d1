// /order/confirm (spec §2; §3 "Order submit payload"; §5 validation; §7 order/confirm): the order type's
// form (takeaway address within range and delivery slot, pickup picker and time, dine table and
// headcount), the pay type, the note and the pack flag, checked field by field before order/confirm.
// One idempotency key covers every retry of a submission, so a double tap or a lost reply never places
// two orders. The cart stays until the order's payment settles (spec §4 cart behaviour: the payment-final
// callback clears it), so an order left unpaid can still be ordered again from the same cart. An
// appointment is checked out the same way: its one service line, the time the appointment flow holds
// (spec §5 "An appointment time is required") and the person coming when it is someone else; a refusal about
// the time goes back to the appointment flow, which offers other times.
import { assign, emit, setup } from 'xstate';
import type { Address } from '../../domain/api/address';
import type { AppointmentRejectionInfo } from '../../domain/api/beauty';
import type { GetDistanceInfo } from '../../domain/api/delivery';
import type {
  LocalDateTime,
  OrderConfirmInfo,
  OrderConfirmInput,
  OrderDetail,
  OrderRejectionInfo,
  SubmitOrderType,
} from '../../domain/api/order';
import type { PayOption } from '../../domain/api/store';
import type { TableInfo, TableRef } from '../../domain/api/table';
import type { CartProductFacts } from '../../domain/cart';
import type { PayType } from '../../domain/enums';
import type {
  Activity,
  CartLine,
  Coupon,
  PricingLimitCard,
  PricingResult,
  PurchasedSpecial,
} from '../../domain/pricing';
import { defaultPayType, priceCart, type PricingParts } from '../cart/cart.rules';
import {
  appointmentFieldError,
  defaultTableware,
  isTablewareCount,
  offeredPayOptions,
  offersTableware,
  orderPayload,
  rejectionError,
  validateCheckout,
  type AppointmentChoice,
  type CheckoutFacts,
  type CheckoutForm,
  type FieldError,
} from './checkout.rules';
import type { NavigateEvent } from '../shared/navigation';
import { errorMessage, notProvided } from '../shared/not-provided';

export interface CheckoutInput {
  orderType: SubmitOrderType;
  lines: CartLine[];
  products: CartProductFacts[];
  /** The cart's pricing parts (shop, member, coupons, activities, taxes, pay type...). */
  parts: PricingParts;
  /** The customer's own name and phone, to fill the contact and picker fields. */
  contact: { name: string; phone: string };
  /** Takeaway: the address the customer chose in the address book (null: their default is looked up). */
  address: Address | null;
  /** The customer has an address book (a proved phone); without one no default is looked up. */
  canLoadAddresses?: boolean;
  /** Dine: the table of the entry (`table`) or of a scan. */
  table: TableRef | null;
  /** Dine: the headcount and note given on /product/table (tableEntry's `table.chosen`). */
  person?: number | null;
  note?: string;
  /**
   * What the customer filled in on an earlier visit of this page for the same order (a trip to the
   * address book starts the page again): it wins over the defaults above.
   */
  draft?: CheckoutDraft | null;
  /** Makes an idempotency key (a UUID in the browser). */
  makeKey: () => string;
  clock: () => Date;
}

/** The fields of the form the customer fills in by hand, kept across an address book round trip. */
export type CheckoutDraft = Pick<
  CheckoutForm,
  | 'deliveryTime'
  | 'asap'
  | 'pickupTime'
  | 'pickerName'
  | 'pickerPhone'
  | 'isPickerPack'
  | 'tableware'
  | 'tablewareChosen'
  | 'note'
>;

/** The draft of a form: what checkout.input's `draft` takes back. */
export const draftOf = (form: CheckoutForm): CheckoutDraft => ({
  deliveryTime: form.deliveryTime,
  asap: form.asap,
  pickupTime: form.pickupTime,
  pickerName: form.pickerName,
  pickerPhone: form.pickerPhone,
  isPickerPack: form.isPickerPack,
  tableware: form.tableware,
  tablewareChosen: form.tablewareChosen,
  note: form.note,
});

type Outcome = 'refused' | 'unknown';

/** What order/confirm answered: the order, or a refusal (no order was created). */
/**
 * What a submit answered. A refusal because a capped offer ran out comes with the shop's offers as they are
 * now (`offers`), so the page shows the price the customer would pay without a reload.
 */
export type SubmitResult =
  | { placed: OrderConfirmInfo }
  | { rejection: OrderRejectionInfo; offers?: ShopOffers }
  /** An appointment refused for its time, its hold or the person coming (APPOINTMENT_REJECTIONS). */
  | { appointmentRejection: AppointmentRejectionInfo };

/** The shop's running price activities and the customer's earlier special-price units (activity/list). */
export interface ShopOffers {
  activities: Activity[];
  purchased: PurchasedSpecial[];
}

export interface CheckoutContext {
  orderType: SubmitOrderType;
  lines: CartLine[];
  products: CartProductFacts[];
  parts: PricingParts;
  form: CheckoutForm;
  payOptions: PayOption[];
  distance: GetDistanceInfo | null;
  tableInfo: TableInfo | null;
  pricing: PricingResult | null;
  fieldError: FieldError | null;
  /** A failure that is no field's fault (network, load), as text from the request layer. */
  error: string | null;
  /** The submission in flight or last sent, with how it ended. */
  attempt: { key: string; payload: OrderConfirmInput; outcome: Outcome | null } | null;
  order: OrderDetail | null;
  canLoadAddresses: boolean;
  /** The default address was looked up once already (found or not). */
  addressLookedUp: boolean;
  makeKey: () => string;
  clock: () => Date;
}

/** Who the customer is, when it becomes known after the page opened (a login, the session's first read). */
export interface CheckoutCustomer {
  name: string;
  phone: string;
  canLoadAddresses: boolean;
}

export type CheckoutEvent =
  | { type: 'checkout.chooseAddress'; address: Address }
  | { type: 'checkout.setDeliveryTime'; deliveryTime: LocalDateTime }
  /** "As soon as possible" for the order type's time (delivery or pickup). */
  | { type: 'checkout.chooseAsap' }
  | { type: 'checkout.setTableware'; tableware: number }
  | ({ type: 'checkout.setCustomer' } & CheckoutCustomer)
  | { type: 'checkout.setContact'; name?: string; phone?: string }
  | { type: 'checkout.setPicker'; name?: string; phone?: string }
  | { type: 'checkout.setPickupTime'; pickupTime: LocalDateTime }
  | { type: 'checkout.setPickerPack'; isPickerPack: boolean }
  | { type: 'checkout.setTable'; table: TableRef }
  | { type: 'checkout.setPerson'; person: number | null }
  | { type: 'checkout.setNote'; note: string }
  | { type: 'checkout.setPayType'; payType: PayType }
  /** Appointment: the time the appointment flow holds now, or null while it holds none. */
  | { type: 'checkout.setAppointment'; appointment: AppointmentChoice | null }
  /** Appointment: booking for someone else, and who. */
  | { type: 'checkout.setBeautyUser'; forSomeoneElse?: boolean; name?: string; phone?: string }
  /** The shop's running price activities (activity/list), read after the form opened. */
  | { type: 'checkout.setActivities'; activities: Activity[]; purchased?: PurchasedSpecial[] }
  /** The coupon selection's change: the coupons the engine evaluates and the chosen one. */
  | { type: 'checkout.setCoupons'; coupons: Coupon[]; couponId: number | null; couponLineFlag: string | null }
  /** The limit card selection's change: the member's card to pay covered units with, or none. */
  | { type: 'checkout.setLimitCard'; card: PricingLimitCard | null }
  | { type: 'checkout.retry' }
  | { type: 'checkout.dismissError' }
  | { type: 'order.submit' };

export type CheckoutEmitted =
  | NavigateEvent
  /** The order was placed (unpaid): the app goes on to pay for it. */
  | { type: 'order.placed'; order: OrderDetail }
  /** The customer's default address was chosen for them: the visit keeps it like one picked by hand. */
  | { type: 'address.preselected'; address: Address }
  /** The server refused the order's coupon: the coupon selection drops it and reads the list again. */
  | { type: 'coupon.refused'; reasons: string[] }
  /** The server refused the order's limit card: the card selection drops it and reads the cards again. */
  | { type: 'limitCard.refused'; reason: string }
  /** The server refused the appointment's time or hold: the appointment flow offers other times. */
  | { type: 'appointment.refused'; rejection: AppointmentRejectionInfo };

const facts = (context: CheckoutContext): CheckoutFacts => ({
  shop: context.parts.shop,
  orderType: context.orderType,
  lines: context.lines,
  hasMember: context.parts.member !== null,
  payOptions: context.payOptions,
  distance: context.distance,
  tableInfo: context.tableInfo,
  pricing: context.pricing,
  now: context.clock(),
});

const repriced = (context: CheckoutContext, changes: Partial<CheckoutContext>) => {
  const next = { ...context, ...changes };
  const parts: PricingParts = {
    ...next.parts,
    distance: next.orderType === 'takeaway' ? (next.distance?.distance ?? null) : null,
    isPickerPack: next.form.isPickerPack,
    payType: next.form.payType,
    tableware: next.form.tableware,
  };
  return { ...changes, pricing: priceCart(next.lines, next.products, parts) };
};

/** The order's coupon as order/confirm takes it (nothing when none is chosen). */
const couponFields = (parts: PricingParts) =>
  parts.couponId != null
    ? { couponId: parts.couponId, ...(parts.couponLineFlag ? { couponLineFlag: parts.couponLineFlag } : {}) }
    : {};

/**
 * The order's limit card as order/confirm takes it: only when the engine found units it pays, as the server
 * would refuse a card that covers nothing in the cart.
 */
const limitCardFields = (context: CheckoutContext) =>
  context.parts.limitCard && (context.pricing?.limitCard?.uses ?? 0) > 0
    ? { limitCardId: context.parts.limitCard.id }
    : {};

const withForm = (context: CheckoutContext, changes: Partial<CheckoutForm>) =>
  repriced(context, { form: { ...context.form, ...changes }, fieldError: null });

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    /** store/paySetting for the order type. */
    loadPayOptions: notProvided<PayOption[], { orderType: SubmitOrderType }>('loadPayOptions'),
    /** delivery/getDistance for a saved address. */
    measureDistance: notProvided<GetDistanceInfo, { addressId: number }>('measureDistance'),
    /** table/getTableInfo; rejects with "table number not found" for a bad code. */
    loadTable: notProvided<TableInfo, { tableId: TableRef }>('loadTable'),
    /** address/list: the customer's default address, or null when none is marked. */
    loadDefaultAddress: notProvided<Address | null>('loadDefaultAddress'),
    /** order/confirm: the placed order, or the server's refusal; rejects only when the outcome is unknown. */
    submitOrder: notProvided<SubmitResult, OrderConfirmInput>('submitOrder'),
  },
  guards: {
    needsDistance: ({ context }) =>
      context.orderType === 'takeaway' && context.form.address?.gps != null && context.distance === null,
    needsDefaultAddress: ({ context }) =>
      context.orderType === 'takeaway' &&
      context.form.address === null &&
      context.canLoadAddresses &&
      !context.addressLookedUp,
    /** A customer just known (a login on this page) has an address book to take the default from. */
    opensAddressBook: ({ context }, params: CheckoutCustomer) =>
      context.orderType === 'takeaway' &&
      context.form.address === null &&
      params.canLoadAddresses &&
      !context.addressLookedUp,
    hasAddress: (_, params: { address: Address | null }) => params.address !== null,
    isTablewareCount: (_, params: { tableware: number }) => isTablewareCount(params.tableware),
    needsTable: ({ context }) =>
      context.orderType === 'dine' && context.form.table !== null && context.tableInfo === null,
    isPayTypeOffered: ({ context }, params: { payType: PayType }) =>
      offeredPayOptions(facts(context)).some((o) => o.payType === params.payType),
    isFormInvalid: ({ context }) => validateCheckout(context.form, facts(context)) !== null,
    isRefusal: (_, params: SubmitResult) => 'rejection' in params,
    isAppointmentRefusal: (_, params: SubmitResult) => 'appointmentRejection' in params,
    /** The refusal is about the person coming or the way to pay, which the form fixes; any other is about the time. */
    isAppointmentFormRefusal: (_, params: SubmitResult) =>
      'appointmentRejection' in params && appointmentFieldError(params.appointmentRejection.reason) !== null,
    isCouponRefusal: (_, params: SubmitResult) =>
      'rejection' in params && params.rejection.reason === 'couponUnusable',
    isLimitCardRefusal: (_, params: SubmitResult) =>
      'rejection' in params && params.rejection.reason === 'limitCardUnusable',
    isOfferRunOut: (_, params: SubmitResult) =>
      'rejection' in params &&
      params.rejection.reason === 'activityUnitsTaken' &&
      params.offers !== undefined,
  },
  actions: {
    storePayOptions: assign(({ context }, params: { options: PayOption[] }) => {
      const next = { ...context, payOptions: params.options };
      const offered = offeredPayOptions(facts(next));
      const keep = offered.find((o) => o.payType === context.form.payType);
      const payType = keep?.payType ?? defaultPayType(offered, context.parts.member !== null);
      const payTypeId = offered.find((o) => o.payType === payType)?.id ?? null;
      return repriced(next, { payOptions: params.options, form: { ...context.form, payType, payTypeId } });
    }),
    chooseAddress: assign(({ context }, params: { address: Address }) =>
      repriced(context, {
        form: {
          ...context.form,
          address: params.address,
          contactName: params.address.contactName,
          contactPhone: params.address.phone,
        },
        distance: null,
        fieldError: null,
      }),
    ),
    storeDistance: assign(({ context }, params: { distance: GetDistanceInfo }) =>
      repriced(context, { distance: params.distance }),
    ),
    setForm: assign(({ context }, params: Partial<CheckoutForm>) => withForm(context, params)),
    setTableware: assign(({ context }, params: { tableware: number }) =>
      withForm(context, { tableware: params.tableware, tablewareChosen: true }),
    ),
    /** Until the customer sets the sets, a table's tableware follows its headcount. */
    setPerson: assign(({ context }, params: { person: number | null }) =>
      withForm(context, {
        person: params.person,
        ...(context.form.tableware !== null && !context.form.tablewareChosen
          ? { tableware: defaultTableware(context.orderType, params.person) }
          : {}),
      }),
    ),
    /** Empty contact and picker fields take the customer's name and phone; typed ones stay. */
    fillCustomer: assign(({ context }, params: CheckoutCustomer) => {
      const { form } = context;
      return {
        canLoadAddresses: params.canLoadAddresses,
        form: {
          ...form,
          contactName: form.contactName || params.name,
          contactPhone: form.contactPhone || params.phone,
          pickerName: form.pickerName || params.name,
          pickerPhone: form.pickerPhone || params.phone,
        },
      };
    }),
    markAddressLookedUp: assign({ addressLookedUp: true }),
    announcePreselected: emit((_, params: { address: Address }) => ({
      type: 'address.preselected' as const,
      address: params.address,
    })),
    setTable: assign(({ context }, params: { table: TableRef }) => ({
      form: { ...context.form, table: params.table },
      tableInfo: null,
      fieldError: null,
    })),
    storeTable: assign((_, params: { table: TableInfo }) => ({ tableInfo: params.table })),
    tableNotFound: assign({
      fieldError: { field: 'table', reason: 'tableNotFound', values: {} } as FieldError,
    }),
    setPayType: assign(({ context }, params: { payType: PayType }) =>
      withForm(context, {
        payType: params.payType,
        payTypeId: context.payOptions.find((o) => o.payType === params.payType)?.id ?? null,
      }),
    ),
    setCoupons: assign(
      ({ context }, params: { coupons: Coupon[]; couponId: number | null; couponLineFlag: string | null }) =>
        repriced(context, { parts: { ...context.parts, ...params } }),
    ),
    /** A card chosen afresh answers the refusal of the one before. */
    setLimitCard: assign(({ context }, params: { card: PricingLimitCard | null }) =>
      repriced(context, { parts: { ...context.parts, limitCard: params.card }, fieldError: null }),
    ),
    dropLimitCard: assign(({ context }) =>
      repriced(context, { parts: { ...context.parts, limitCard: null } }),
    ),
    announceLimitCardRefused: emit((_, params: { reason: string }) => ({
      type: 'limitCard.refused' as const,
      reason: params.reason,
    })),
    setActivities: assign(({ context }, params: { activities: Activity[]; purchased?: PurchasedSpecial[] }) =>
      repriced(context, {
        parts: {
          ...context.parts,
          activities: params.activities,
          purchased: params.purchased ?? context.parts.purchased,
        },
      }),
    ),
    announceCouponRefused: emit((_, params: { reasons: string[] }) => ({
      type: 'coupon.refused' as const,
      reasons: params.reasons,
    })),
    showFieldError: assign(({ context }) => ({ fieldError: validateCheckout(context.form, facts(context)) })),
    /** The same key while the outcome of the last attempt is unknown; a new one after a refusal. */
    startAttempt: assign(({ context }) => {
      const keepKey = context.attempt !== null && context.attempt.outcome !== 'refused';
      const key = keepKey ? context.attempt!.key : context.makeKey();
      const payload = {
        ...orderPayload(context.form, facts(context)),
        ...couponFields(context.parts),
        ...limitCardFields(context),
        idempotencyKey: key,
      };
      return { attempt: { key, payload, outcome: null }, fieldError: null, error: null };
    }),
    noteRefusal: assign(({ context }, params: { rejection: OrderRejectionInfo }) => ({
      // A key that already placed another cart's order stays, so no retry can place a second one.
      attempt: {
        ...context.attempt!,
        outcome: (params.rejection.reason === 'idempotencyConflict' ? 'unknown' : 'refused') as Outcome,
      },
      fieldError: rejectionError(params.rejection, context.orderType),
    })),
    noteAppointmentRefusal: assign(({ context }, params: { rejection: AppointmentRejectionInfo }) => ({
      attempt: { ...context.attempt!, outcome: 'refused' as Outcome },
      fieldError: appointmentFieldError(params.rejection.reason, params.rejection),
    })),
    /** The held time goes with the refusal: the appointment flow holds another one and sends it back. */
    dropAppointment: assign(({ context }) => ({ form: { ...context.form, appointment: null } })),
    announceAppointmentRefused: emit((_, params: { rejection: AppointmentRejectionInfo }) => ({
      type: 'appointment.refused' as const,
      rejection: params.rejection,
    })),
    noteUnknownOutcome: assign(({ context }, params: { message: string }) => ({
      attempt: { ...context.attempt!, outcome: 'unknown' as Outcome },
      error: params.message,
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    dismissError: assign({ error: null, fieldError: null }),
    storeOrder: assign((_, params: { order: OrderDetail }) => ({ order: params.order })),
    announcePlaced: emit(({ context }) => ({ type: 'order.placed' as const, order: context.order! })),
    navigateToOrder: emit(({ context }) => ({
      type: 'navigate' as const,
      to: { route: '/order/success' as const, query: { id: context.order!.id } },
      replace: true,
    })),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const tableware =
      input.orderType !== 'appointment' && offersTableware(input.parts.shop, input.lines)
        ? defaultTableware(input.orderType, input.person ?? null)
        : null;
    const draft = input.draft ?? null;
    const base: CheckoutContext = {
      orderType: input.orderType,
      lines: input.lines.filter((l) => l.quantity > 0),
      products: input.products,
      parts: input.parts,
      form: {
        address: input.address,
        deliveryTime: draft?.deliveryTime ?? null,
        asap: draft?.asap ?? false,
        contactName: input.address?.contactName ?? input.contact.name,
        contactPhone: input.address?.phone ?? input.contact.phone,
        pickerName: draft?.pickerName ?? input.contact.name,
        pickerPhone: draft?.pickerPhone ?? input.contact.phone,
        pickupTime: draft?.pickupTime ?? null,
        isPickerPack: draft?.isPickerPack ?? input.parts.isPickerPack,
        table: input.table,
        person: input.person ?? null,
        // A shop that stopped offering tableware since the draft was kept offers no choice now.
        tableware: tableware !== null && draft?.tableware != null ? draft.tableware : tableware,
        tablewareChosen: tableware !== null && (draft?.tablewareChosen ?? false),
        note: draft?.note ?? input.note ?? '',
        payType: input.parts.payType,
        payTypeId: null,
        appointment: null,
        forSomeoneElse: false,
        beautyUserName: '',
        beautyUserPhone: '',
      },
      payOptions: [],
      distance: null,
      tableInfo: null,
      pricing: null,
      fieldError: null,
      error: null,
      attempt: null,
      order: null,
      canLoadAddresses: input.canLoadAddresses ?? false,
      addressLookedUp: false,
      makeKey: input.makeKey,
      clock: input.clock,
    };
    return { ...base, ...repriced(base, {}) };
  },
  // The coupons and activities load beside the pay options, so they are taken whatever the form is doing; a
  // submission in flight keeps the payload it was sent with.
  on: {
    'checkout.setCoupons': { actions: { type: 'setCoupons', params: ({ event }) => event } },
    'checkout.setActivities': { actions: { type: 'setActivities', params: ({ event }) => event } },
    'checkout.setLimitCard': { actions: { type: 'setLimitCard', params: ({ event }) => event } },
    // The hold arrives while the pay options load, and changes whenever the appointment flow holds anew.
    'checkout.setAppointment': {
      actions: { type: 'setForm', params: ({ event }) => ({ appointment: event.appointment }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      // A customer known before the form opens is kept for it: the default address is looked up then.
      on: { 'checkout.setCustomer': { actions: { type: 'fillCustomer', params: ({ event }) => event } } },
      invoke: {
        src: 'loadPayOptions',
        input: ({ context }) => ({ orderType: context.orderType }),
        onDone: {
          target: 'form',
          actions: { type: 'storePayOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'error',
      on: {
        'checkout.retry': { target: 'loading', actions: 'dismissError' },
        'checkout.setCustomer': { actions: { type: 'fillCustomer', params: ({ event }) => event } },
      },
    },
    form: {
      on: {
        'checkout.chooseAddress': {
          target: '.preparing',
          actions: { type: 'chooseAddress', params: ({ event }) => event },
        },
        'checkout.setDeliveryTime': {
          actions: {
            type: 'setForm',
            params: ({ event }) => ({ deliveryTime: event.deliveryTime, asap: false }),
          },
        },
        'checkout.chooseAsap': { actions: { type: 'setForm', params: { asap: true } } },
        'checkout.setTableware': {
          guard: { type: 'isTablewareCount', params: ({ event }) => event },
          actions: { type: 'setTableware', params: ({ event }) => event },
        },
        'checkout.setCustomer': [
          {
            guard: { type: 'opensAddressBook', params: ({ event }) => event },
            target: '.findingAddress',
            actions: { type: 'fillCustomer', params: ({ event }) => event },
          },
          { actions: { type: 'fillCustomer', params: ({ event }) => event } },
        ],
        'checkout.setContact': {
          actions: {
            type: 'setForm',
            params: ({ context, event }) => ({
              contactName: event.name ?? context.form.contactName,
              contactPhone: event.phone ?? context.form.contactPhone,
            }),
          },
        },
        'checkout.setPicker': {
          actions: {
            type: 'setForm',
            params: ({ context, event }) => ({
              pickerName: event.name ?? context.form.pickerName,
              pickerPhone: event.phone ?? context.form.pickerPhone,
            }),
          },
        },
        'checkout.setPickupTime': {
          actions: {
            type: 'setForm',
            params: ({ event }) => ({ pickupTime: event.pickupTime, asap: false }),
          },
        },
        'checkout.setPickerPack': {
          actions: { type: 'setForm', params: ({ event }) => ({ isPickerPack: event.isPickerPack }) },
        },
        'checkout.setTable': {
          target: '.resolvingTable',
          actions: { type: 'setTable', params: ({ event }) => event },
        },
        'checkout.setPerson': {
          actions: { type: 'setPerson', params: ({ event }) => ({ person: event.person }) },
        },
        'checkout.setNote': { actions: { type: 'setForm', params: ({ event }) => ({ note: event.note }) } },
        'checkout.setBeautyUser': {
          actions: {
            type: 'setForm',
            params: ({ context, event }) => ({
              forSomeoneElse: event.forSomeoneElse ?? context.form.forSomeoneElse,
              beautyUserName: event.name ?? context.form.beautyUserName,
              beautyUserPhone: event.phone ?? context.form.beautyUserPhone,
            }),
          },
        },
        'checkout.setPayType': {
          guard: { type: 'isPayTypeOffered', params: ({ event }) => event },
          actions: { type: 'setPayType', params: ({ event }) => event },
        },
        'checkout.dismissError': { actions: 'dismissError' },
      },
      initial: 'preparing',
      states: {
        preparing: {
          always: [
            { guard: 'needsDefaultAddress', target: 'findingAddress' },
            { guard: 'needsDistance', target: 'measuring' },
            { guard: 'needsTable', target: 'resolvingTable' },
            { target: 'editing' },
          ],
        },
        editing: {
          on: {
            'order.submit': [
              { guard: 'isFormInvalid', actions: 'showFieldError' },
              { target: '#checkout.submitting', actions: 'startAttempt' },
            ],
          },
        },
        findingAddress: {
          tags: 'busy',
          invoke: {
            src: 'loadDefaultAddress',
            onDone: [
              {
                guard: { type: 'hasAddress', params: ({ event }) => ({ address: event.output }) },
                target: 'preparing',
                actions: [
                  'markAddressLookedUp',
                  { type: 'chooseAddress', params: ({ event }) => ({ address: event.output! }) },
                  { type: 'announcePreselected', params: ({ event }) => ({ address: event.output! }) },
                ],
              },
              { target: 'editing', actions: 'markAddressLookedUp' },
            ],
            // Without the default the customer still picks one by hand: no message for a convenience.
            onError: { target: 'editing', actions: 'markAddressLookedUp' },
          },
        },
        measuring: {
          tags: 'busy',
          invoke: {
            src: 'measureDistance',
            input: ({ context }) => ({ addressId: context.form.address!.id }),
            onDone: {
              target: 'editing',
              actions: { type: 'storeDistance', params: ({ event }) => ({ distance: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            },
          },
        },
        resolvingTable: {
          tags: 'busy',
          invoke: {
            src: 'loadTable',
            input: ({ context }) => ({ tableId: context.form.table! }),
            onDone: {
              target: 'editing',
              actions: { type: 'storeTable', params: ({ event }) => ({ table: event.output }) },
            },
            onError: { target: 'editing', actions: 'tableNotFound' },
          },
        },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        src: 'submitOrder',
        input: ({ context }) => context.attempt!.payload,
        onDone: [
          {
            guard: { type: 'isCouponRefusal', params: ({ event }) => event.output },
            target: 'form.editing',
            actions: [
              {
                type: 'noteRefusal',
                params: ({ event }) => ({
                  rejection: (event.output as { rejection: OrderRejectionInfo }).rejection,
                }),
              },
              {
                type: 'announceCouponRefused',
                params: ({ event }) => ({
                  reasons: (event.output as { rejection: OrderRejectionInfo }).rejection.couponReasons ?? [],
                }),
              },
            ],
          },
          {
            guard: { type: 'isLimitCardRefusal', params: ({ event }) => event.output },
            target: 'form.editing',
            actions: [
              {
                type: 'noteRefusal',
                params: ({ event }) => ({
                  rejection: (event.output as { rejection: OrderRejectionInfo }).rejection,
                }),
              },
              'dropLimitCard',
              {
                type: 'announceLimitCardRefused',
                params: ({ event }) => ({
                  reason: (event.output as { rejection: OrderRejectionInfo }).rejection.limitCardReason ?? '',
                }),
              },
            ],
          },
          {
            // The new price shows at once: the page reprices with the offers as they are now.
            guard: { type: 'isOfferRunOut', params: ({ event }) => event.output },
            target: 'form.editing',
            actions: [
              {
                type: 'noteRefusal',
                params: ({ event }) => ({
                  rejection: (event.output as { rejection: OrderRejectionInfo }).rejection,
                }),
              },
              {
                type: 'setActivities',
                params: ({ event }) => (event.output as { offers: ShopOffers }).offers,
              },
            ],
          },
          {
            guard: { type: 'isAppointmentFormRefusal', params: ({ event }) => event.output },
            target: 'form.editing',
            actions: {
              type: 'noteAppointmentRefusal',
              params: ({ event }) => ({
                rejection: (event.output as { appointmentRejection: AppointmentRejectionInfo })
                  .appointmentRejection,
              }),
            },
          },
          {
            guard: { type: 'isAppointmentRefusal', params: ({ event }) => event.output },
            target: 'form.editing',
            actions: [
              {
                type: 'noteAppointmentRefusal',
                params: ({ event }) => ({
                  rejection: (event.output as { appointmentRejection: AppointmentRejectionInfo })
                    .appointmentRejection,
                }),
              },
              'dropAppointment',
              {
                type: 'announceAppointmentRefused',
                params: ({ event }) => ({
                  rejection: (event.output as { appointmentRejection: AppointmentRejectionInfo })
                    .appointmentRejection,
                }),
              },
            ],
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => event.output },
            target: 'form.editing',
            actions: {
              type: 'noteRefusal',
              params: ({ event }) => ({
                rejection: (event.output as { rejection: OrderRejectionInfo }).rejection,
              }),
            },
          },
          {
            target: 'placed',
            actions: {
              type: 'storeOrder',
              params: ({ event }) => ({ order: (event.output as { placed: OrderConfirmInfo }).placed.order }),
            },
          },
        ],
        // No answer (network, time-out): the order may or may not exist, so the key is kept for the retry.
        onError: {
          target: 'form.editing',
          actions: {
            type: 'noteUnknownOutcome',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
    placed: {
      type: 'final',
      entry: ['announcePlaced', 'navigateToOrder'],
    },
  },
});

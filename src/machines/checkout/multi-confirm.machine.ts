// /order/multi-confirm (spec §2 order pages): the carts the customer holds in several shops of the
// session's chain, confirmed together with one form, one order per shop (order/multiConfirm: all orders or
// none). Each shop that takes pickup appointments gets its own pickup time from its own hours (the
// shops of a chain keep different hours), checked here as the single-shop checkout checks it; the other
// rules per shop are the server's, and a refusal names the shop it concerns. Each cart may carry one of the
// customer's coupons, never one another cart carries; the server prices each again (decision C30).
import { assign, emit, setup } from 'xstate';
import type { Address } from '../../domain/api/address';
import type {
  LocalDateTime,
  OrderDetail,
  OrderMultiConfirmInfo,
  OrderMultiConfirmInput,
  OrderRejectionInfo,
} from '../../domain/api/order';
import { MAX_MULTI_SHOPS, MAX_NOTE_LENGTH } from '../../domain/api/order-rules';
import { normalizePhone } from '../../domain/api/user-rules';
import type { StoredCart } from '../../domain/cart';
import type { PayType } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import { orderProducts, pickupSlots, rejectionError, type FieldError } from './checkout.rules';
import type { NavigateEvent } from '../shared/navigation';
import { errorMessage, notProvided } from '../shared/not-provided';

export type MultiOrderType = 'takeaway' | 'selfPickup';

/** A shop of the chain with what its pickup times are read from (store/detail). */
export type MultiShop = Pick<
  ShopInfo,
  'id' | 'name' | 'allowPickupAppointment' | 'businessTimeRange' | 'businessHours' | 'timezone'
>;

export interface MultiConfirmInput {
  orderType: MultiOrderType;
  /** The stored carts of the chain's shops (storage.listCarts() of the chain). */
  carts: StoredCart[];
  shops: MultiShop[];
  payType: PayType | null;
  contact: { name: string; phone: string };
  address: Address | null;
  makeKey: () => string;
  /** The clock the shops' days and hours are read from. */
  clock: () => Date;
}

export interface MultiConfirmContext {
  orderType: MultiOrderType;
  carts: StoredCart[];
  shops: MultiShop[];
  /** Shops whose carts are included, in cart order. */
  selected: number[];
  payType: PayType | null;
  pickerName: string;
  pickerPhone: string;
  address: Address | null;
  deliveryTime: LocalDateTime | null;
  /** Self-pickup: the chosen pickup time per shop id. */
  pickupTimes: Record<number, LocalDateTime>;
  /** The coupon chosen for each shop's cart (by shop id); a coupon is in one cart at most. */
  coupons: Record<number, CartCoupon>;
  note: string;
  /** The field in error, and the shop a server refusal concerns. */
  fieldError: (FieldError & { shopId: number | null }) | null;
  error: string | null;
  attempt: { key: string; payload: OrderMultiConfirmInput; outcome: 'refused' | 'unknown' | null } | null;
  orders: OrderDetail[];
  makeKey: () => string;
  clock: () => Date;
}

/** A cart's coupon: the customer coupon and, for a product coupon, the line it covers. */
export interface CartCoupon {
  couponId: number;
  couponLineFlag: string | null;
}

export type MultiSubmitResult = { placed: OrderMultiConfirmInfo } | { rejection: OrderRejectionInfo };

export type MultiConfirmEvent =
  | { type: 'multi.toggleShop'; shopId: number }
  | { type: 'multi.setPayType'; payType: PayType }
  | { type: 'multi.setPicker'; name?: string; phone?: string }
  | { type: 'multi.chooseAddress'; address: Address }
  | { type: 'multi.setDeliveryTime'; deliveryTime: LocalDateTime }
  | { type: 'multi.setPickupTime'; shopId: number; pickupTime: LocalDateTime }
  | { type: 'multi.setNote'; note: string }
  /** A cart's coupon choice (couponId null: no coupon), from that cart's coupon selection. */
  | { type: 'multi.setCoupon'; shopId: number; couponId: number | null; couponLineFlag: string | null }
  | { type: 'multi.dismissError' }
  | { type: 'order.submit' };

export type MultiConfirmEmitted =
  | NavigateEvent
  | { type: 'orders.placed'; orders: OrderDetail[] }
  /** The server refused a cart's coupon: that cart's coupon selection drops it and reads its list again. */
  | { type: 'coupon.refused'; shopId: number; reasons: string[] };

const err = (
  field: FieldError['field'],
  reason: FieldError['reason'],
  shopId: number | null = null,
  values: FieldError['values'] = {},
) => ({ field, reason, values, shopId });

/** The shop whose cart carries this coupon, other than `shopId`; null when no other cart does. */
export function couponHolder(
  context: Pick<MultiConfirmContext, 'coupons' | 'selected'>,
  couponId: number,
  shopId: number | null = null,
): number | null {
  for (const id of context.selected)
    if (id !== shopId && context.coupons[id]?.couponId === couponId) return id;
  return null;
}

const withoutShop = (coupons: Record<number, CartCoupon>, shopId: number) =>
  Object.fromEntries(Object.entries(coupons).filter(([id]) => Number(id) !== shopId));

const sameSlot = (a: LocalDateTime, b: LocalDateTime) => a.date === b.date && a.time === b.time;

/** Selected shops that take pickup appointments, in cart order: each needs its own pickup time. */
export function appointmentShops(context: MultiConfirmContext): MultiShop[] {
  if (context.orderType !== 'selfPickup') return [];
  return context.selected.flatMap((id) => {
    const shop = context.shops.find((s) => s.id === id);
    return shop?.allowPickupAppointment ? [shop] : [];
  });
}

/** The first selected shop whose pickup time is missing or outside its offered slots. */
function pickupTimeError(context: MultiConfirmContext): MultiConfirmContext['fieldError'] {
  const now = context.clock();
  for (const shop of appointmentShops(context)) {
    const chosen = context.pickupTimes[shop.id];
    if (!chosen) return err('pickupTime', 'pickupTimeRequired', shop.id);
    if (!pickupSlots(shop, now).some((slot) => sameSlot(slot, chosen)))
      return err('pickupTime', 'pickupTimeInvalid', shop.id, { hours: shop.businessHours });
  }
  return null;
}

/** The first problem of the shared form, or null (the server checks each shop's own rules). */
export function multiFormError(context: MultiConfirmContext): MultiConfirmContext['fieldError'] {
  if (context.selected.length === 0) return err('cart', 'emptyCart');
  if (context.orderType === 'takeaway') {
    if (!context.address) return err('address', 'addressRequired');
    if (!context.address.gps) return err('address', 'addressNoGps');
    if (!context.deliveryTime) return err('deliveryTime', 'deliveryTimeRequired');
  } else {
    if (!context.pickerName.trim()) return err('pickerName', 'pickerRequired');
    if (!context.pickerPhone.trim()) return err('pickerPhone', 'pickerRequired');
    if (!normalizePhone(context.pickerPhone)) return err('pickerPhone', 'phoneInvalid');
    const pickupError = pickupTimeError(context);
    if (pickupError) return pickupError;
  }
  if (context.note.length > MAX_NOTE_LENGTH) return err('note', 'noteTooLong');
  if (!context.payType) return err('payType', 'payTypeInvalid');
  return null;
}

export function multiPayload(context: MultiConfirmContext): Omit<OrderMultiConfirmInput, 'idempotencyKey'> {
  const carts = context.carts
    .filter((c) => context.selected.includes(c.shopId))
    .map((c) => ({
      shopId: c.shopId,
      ...(context.coupons[c.shopId] ?? {}),
      type: context.orderType,
      payType: context.payType!,
      products: orderProducts(c.lines),
      note: context.note.trim(),
      ...(context.orderType === 'takeaway'
        ? { addressId: context.address!.id, deliveryTime: context.deliveryTime! }
        : {
            pickerName: context.pickerName.trim(),
            pickerPhone: context.pickerPhone.trim(),
            ...(context.pickupTimes[c.shopId] ? { pickupTime: context.pickupTimes[c.shopId] } : {}),
          }),
    }));
  return { carts };
}

export const multiConfirmMachine = setup({
  types: {
    input: {} as MultiConfirmInput,
    context: {} as MultiConfirmContext,
    events: {} as MultiConfirmEvent,
    emitted: {} as MultiConfirmEmitted,
  },
  actors: {
    /** order/multiConfirm: the orders, or the refusal; rejects only when the outcome is unknown. */
    submitOrders: notProvided<MultiSubmitResult, OrderMultiConfirmInput>('submitOrders'),
    /** Removes the stored carts of these shops. */
    clearCarts: notProvided<void, { shopIds: number[] }>('clearCarts'),
  },
  guards: {
    isInvalid: ({ context }) => multiFormError(context) !== null,
    isRefusal: (_, params: MultiSubmitResult) => 'rejection' in params,
    canSelect: ({ context }, params: { shopId: number }) =>
      context.selected.includes(params.shopId) || context.selected.length < MAX_MULTI_SHOPS,
    /**
     * A cart takes a coupon no other included cart holds (one coupon, one order), or gives back the one it
     * holds; "no coupon" where there was none changes nothing, so the message of the last submit stays.
     */
    isCouponChange: ({ context }, params: { shopId: number; couponId: number | null }) =>
      context.selected.includes(params.shopId) &&
      (params.couponId === null
        ? context.coupons[params.shopId] !== undefined
        : couponHolder(context, params.couponId, params.shopId) === null),
    isCouponRefusal: (_, params: MultiSubmitResult) =>
      'rejection' in params &&
      params.rejection.reason === 'couponUnusable' &&
      typeof params.rejection.shopId === 'number',
  },
  actions: {
    // A cart left out gives its coupon back, so another cart may take it.
    toggleShop: assign(({ context }, params: { shopId: number }) => ({
      selected: context.selected.includes(params.shopId)
        ? context.selected.filter((id) => id !== params.shopId)
        : context.carts
            .map((c) => c.shopId)
            .filter((id) => id === params.shopId || context.selected.includes(id)),
      coupons: withoutShop(context.coupons, params.shopId),
      fieldError: null,
    })),
    setCoupon: assign(
      ({ context }, params: { shopId: number; couponId: number | null; couponLineFlag: string | null }) => ({
        coupons:
          params.couponId === null
            ? withoutShop(context.coupons, params.shopId)
            : {
                ...context.coupons,
                [params.shopId]: { couponId: params.couponId, couponLineFlag: params.couponLineFlag },
              },
        fieldError: null,
      }),
    ),
    dropCoupon: assign(({ context }, params: { shopId: number }) => ({
      coupons: withoutShop(context.coupons, params.shopId),
    })),
    announceCouponRefused: emit((_, params: { shopId: number; reasons: string[] }) => ({
      type: 'coupon.refused' as const,
      shopId: params.shopId,
      reasons: params.reasons,
    })),
    update: assign((_, params: Partial<MultiConfirmContext>) => ({ ...params, fieldError: null })),
    showFieldError: assign(({ context }) => ({ fieldError: multiFormError(context) })),
    startAttempt: assign(({ context }) => {
      const keep = context.attempt !== null && context.attempt.outcome !== 'refused';
      const key = keep ? context.attempt!.key : context.makeKey();
      return {
        attempt: { key, payload: { ...multiPayload(context), idempotencyKey: key }, outcome: null },
        error: null,
        fieldError: null,
      };
    }),
    noteRefusal: assign(({ context }, params: { rejection: OrderRejectionInfo }) => ({
      attempt: {
        ...context.attempt!,
        outcome:
          params.rejection.reason === 'idempotencyConflict' ? ('unknown' as const) : ('refused' as const),
      },
      fieldError: {
        ...rejectionError(params.rejection, context.orderType),
        shopId: params.rejection.shopId ?? null,
      },
    })),
    noteUnknownOutcome: assign(({ context }, params: { message: string }) => ({
      attempt: { ...context.attempt!, outcome: 'unknown' as const },
      error: params.message,
    })),
    dismissError: assign({ error: null, fieldError: null }),
    storeOrders: assign((_, params: { orders: OrderDetail[] }) => ({ orders: params.orders })),
    announcePlaced: emit(({ context }) => ({ type: 'orders.placed' as const, orders: context.orders })),
    navigateToSuccess: emit(({ context }) => ({
      type: 'navigate' as const,
      to: {
        route: '/order/multi-success' as const,
        query: { ids: context.orders.map((o) => o.id).join(',') },
      },
      replace: true,
    })),
  },
}).createMachine({
  id: 'multiConfirm',
  context: ({ input }) => {
    const carts = input.carts.filter((c) => c.lines.some((l) => l.quantity > 0));
    return {
      orderType: input.orderType,
      carts,
      shops: input.shops,
      selected: carts.slice(0, MAX_MULTI_SHOPS).map((c) => c.shopId),
      payType: input.payType,
      pickerName: input.contact.name,
      pickerPhone: input.contact.phone,
      address: input.address,
      deliveryTime: null,
      pickupTimes: {},
      coupons: {},
      note: '',
      fieldError: null,
      error: null,
      attempt: null,
      orders: [],
      makeKey: input.makeKey,
      clock: input.clock,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'multi.toggleShop': {
          guard: { type: 'canSelect', params: ({ event }) => event },
          actions: { type: 'toggleShop', params: ({ event }) => event },
        },
        'multi.setPayType': {
          actions: { type: 'update', params: ({ event }) => ({ payType: event.payType }) },
        },
        'multi.setPicker': {
          actions: {
            type: 'update',
            params: ({ context, event }) => ({
              pickerName: event.name ?? context.pickerName,
              pickerPhone: event.phone ?? context.pickerPhone,
            }),
          },
        },
        'multi.chooseAddress': {
          actions: { type: 'update', params: ({ event }) => ({ address: event.address }) },
        },
        'multi.setDeliveryTime': {
          actions: { type: 'update', params: ({ event }) => ({ deliveryTime: event.deliveryTime }) },
        },
        'multi.setPickupTime': {
          actions: {
            type: 'update',
            params: ({ context, event }) => ({
              pickupTimes: { ...context.pickupTimes, [event.shopId]: event.pickupTime },
            }),
          },
        },
        'multi.setNote': { actions: { type: 'update', params: ({ event }) => ({ note: event.note }) } },
        'multi.setCoupon': {
          guard: { type: 'isCouponChange', params: ({ event }) => event },
          actions: { type: 'setCoupon', params: ({ event }) => event },
        },
        'multi.dismissError': { actions: 'dismissError' },
        'order.submit': [
          { guard: 'isInvalid', actions: 'showFieldError' },
          { target: 'submitting', actions: 'startAttempt' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        src: 'submitOrders',
        input: ({ context }) => context.attempt!.payload,
        onDone: [
          {
            // The cart's coupon goes (its selection says why and reads the list again); the rest stays.
            guard: { type: 'isCouponRefusal', params: ({ event }) => event.output },
            target: 'editing',
            actions: [
              {
                type: 'noteRefusal',
                params: ({ event }) => ({
                  rejection: (event.output as { rejection: OrderRejectionInfo }).rejection,
                }),
              },
              {
                type: 'dropCoupon',
                params: ({ event }) => ({
                  shopId: (event.output as { rejection: OrderRejectionInfo }).rejection.shopId!,
                }),
              },
              {
                type: 'announceCouponRefused',
                params: ({ event }) => {
                  const { rejection } = event.output as { rejection: OrderRejectionInfo };
                  return { shopId: rejection.shopId!, reasons: rejection.couponReasons ?? [] };
                },
              },
            ],
          },
          {
            guard: { type: 'isRefusal', params: ({ event }) => event.output },
            target: 'editing',
            actions: {
              type: 'noteRefusal',
              params: ({ event }) => ({
                rejection: (event.output as { rejection: OrderRejectionInfo }).rejection,
              }),
            },
          },
          {
            target: 'clearing',
            actions: {
              type: 'storeOrders',
              params: ({ event }) => ({
                orders: (event.output as { placed: OrderMultiConfirmInfo }).placed.orders,
              }),
            },
          },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'noteUnknownOutcome',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
    clearing: {
      tags: 'busy',
      invoke: {
        src: 'clearCarts',
        input: ({ context }) => ({ shopIds: context.orders.map((o) => o.shopId) }),
        onDone: 'placed',
        onError: 'placed',
      },
    },
    placed: { type: 'final', entry: ['announcePlaced', 'navigateToSuccess'] },
  },
});

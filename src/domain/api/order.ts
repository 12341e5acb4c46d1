// Contract of the order calls of spec §7: order/confirm (the order submit payload of spec §3),
// order/multiConfirm (carts of several shops of one chain), order/list, order/detail, order/last and
// order/daySeq. The server validates every rule of spec §5 it can check, prices the cart again from its
// own catalogue with src/pricing (every price the client sends is ignored), reserves stock and creates the
// order in one transaction, status `nopay`, payable until payDeadlineAt.
//
// Idempotency: every submit carries an idempotencyKey the browser makes once per confirm page visit. The
// same customer sending the same key again (a retry, a double tap, a lost reply) gets the first order
// back with `replayed: true`, never a second order; the same key with a different cart is refused.
import { z } from 'zod';
import { ORDER_SOURCES, ORDER_STATUSES, ORDER_TYPES, PAY_TYPES } from '../enums';
import type { PricingResult } from '../pricing';
import { gpsPoint } from '../shop';
import { entityId, MAX_LINE_QUANTITY, MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT } from './store';
import {
  MAX_HEADCOUNT,
  MAX_MULTI_SHOPS,
  MAX_NOTE_LENGTH,
  MAX_ORDER_LINES,
  ORDER_REJECTIONS,
  SUBMIT_ORDER_TYPES,
} from './order-rules';
import { tableRef } from './table';
import { localDateTime } from './local-date-time';
import { appointmentInfo } from './beauty';
import { MAX_BEAUTY_USER_NAME, MAX_SERVICE_MINUTES } from './beauty-rules';
import { GATEWAYS, PAYMENT_FAIL_REASONS, PAYMENT_STATES, SETTLEMENTS } from './order-life-rules';

// The rules live in ./order-rules (zod-free, for the browser); they stay exported from here too.
export {
  CONFIRM_ORDER_TYPES,
  MAX_HEADCOUNT,
  MAX_MULTI_SHOPS,
  MAX_NOTE_LENGTH,
  MAX_ORDER_LINES,
  MAX_TABLEWARE_SETS,
  ORDER_REJECTIONS,
  PAY_WINDOW_MINUTES,
  SUBMIT_ORDER_TYPES,
  type ConfirmOrderType,
  type OrderRejection,
  type SubmitOrderType,
} from './order-rules';

/** Opaque, made once per confirm attempt by the client (a UUID fits). */
export const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

export { localDateTime, type LocalDateTime } from './local-date-time';

/**
 * One cart line (spec §3 cart item). The browser may send its whole cart item; only these fields are read.
 * `price`, `memberPrice`, `name` and every other client figure are dropped: the server prices from its
 * own rows. Lines with quantity 0 are skipped; at least one line must be above 0.
 */
export const orderProduct = z.object({
  /** Product id. */
  id: entityId,
  /** The chosen spec of a spec product. */
  specId: entityId.nullable().optional(),
  quantity: z.number().int().nonnegative().max(MAX_LINE_QUANTITY),
  /** Chosen taste options: option id and its group (typeId). */
  tastes: z
    .array(
      z.object({
        id: z.number().int(),
        typeId: z.number().int(),
        quantity: z.number().int().positive().max(99).default(1),
      }),
    )
    .max(50)
    .default([]),
  /** Chosen meal items; groupId is optional (an item listed in one group only is found by product id). */
  mealset: z
    .array(z.object({ productId: entityId, groupId: z.number().int().optional() }))
    .max(50)
    .default([]),
});
export type OrderProduct = z.input<typeof orderProduct>;

const contactText = (max: number) => z.string().trim().max(max);

/**
 * The appointment fields of the submit payload (spec §3 order submit payload appointment, serviceUser,
 * serviceStartTimeInfo, serviceDuration; cart orderInfo beautyUserName, beautyUserPhone), read when `type`
 * is `appointment`: the order is one service (one line, quantity 1) and its booking is written with it.
 */
export const appointmentOrderFields = z.object({
  /** The hold taken on the confirm page (beauty/hold): the booking takes it over. */
  holdId: entityId.nullable().optional(),
  /**
   * Spec serviceUser: the chosen technician. The browser may send its whole serviceUser; only `id` is read.
   * Omitted or `id: null` = any technician (the hold's, when a hold is sent).
   */
  serviceUser: z.looseObject({ id: entityId.nullable() }).nullable().optional(),
  /** Spec serviceStartTimeInfo: the start, shop-local. Required for an appointment ("appointmentTimeRequired"). */
  serviceStartTimeInfo: localDateTime.nullable().optional(),
  /** Spec appointment: the same start under the name older clients send; when both are sent they must agree. */
  appointment: localDateTime.nullable().optional(),
  /**
   * Spec serviceDuration: the minutes the page showed. The server books its own duration; when this is sent
   * and differs, the order is refused with `serviceDurationChanged` and the current duration. For any
   * technician, only a technician taking these minutes is booked.
   */
  serviceDuration: z.number().int().positive().max(MAX_SERVICE_MINUTES).nullable().optional(),
  /** Booking for someone else: who comes. Both or neither; the phone as user/sendSmsCode accepts it. */
  beautyUserName: contactText(MAX_BEAUTY_USER_NAME).optional(),
  beautyUserPhone: contactText(24).optional(),
});
export type AppointmentOrderFields = z.input<typeof appointmentOrderFields>;

/** The part of the submit payload that describes one shop's order. */
export const orderCartFields = z.object({
  /** Spec "type". */
  type: z.enum(SUBMIT_ORDER_TYPES),
  /** Spec payType / payTypeId: one of the shop's pay types for this order type (store/paySetting). */
  payType: z.enum(PAY_TYPES),
  payTypeId: z.number().int().optional(),
  /** Accepted for compatibility; the member is always the session's. */
  vipId: z.number().int().nullable().optional(),
  products: z.array(orderProduct).min(1).max(MAX_ORDER_LINES),
  note: contactText(MAX_NOTE_LENGTH).default(''),
  /** Dine or pickup: pack the order to take away (packing fee when the shop charges it). */
  isPickerPack: z.boolean().default(false),
  // Takeaway: a saved address (preferred) or the address typed on the confirm page.
  addressId: entityId.optional(),
  contact_address: contactText(200).optional(),
  contact_address_gps: gpsPoint.nullable().optional(),
  contact_name: contactText(32).optional(),
  contact_phone: contactText(24).optional(),
  /** Takeaway: the chosen slot of shop.deliveryTimeRange. */
  deliveryTime: localDateTime.optional(),
  // Self pickup.
  pickerName: contactText(32).optional(),
  pickerPhone: contactText(24).optional(),
  /** Required when shop.allowPickupAppointment: a time within the business hours, today or tomorrow. */
  pickupTime: localDateTime.optional(),
  // Dine.
  /** Table id or table code (the `table` entry parameter). */
  table: tableRef.optional(),
  /** Headcount, 1 … the table's nMaxPerson. */
  person: z.number().int().positive().max(MAX_HEADCOUNT).optional(),
  /**
   * Tableware sets, 0 (no cutlery) … MAX_TABLEWARE_SETS, each charged the shop's dishwareAmount; omitted =
   * one set per unit that takes dishware. Any number passes here so that a count out of range is refused
   * as `tablewareInvalid`, with words the customer understands, rather than as a malformed request.
   */
  tableware: z.number().optional(),
  /**
   * One coupon of the customer's (activity/couponList id); the server evaluates it again with the same
   * engine and refuses the order with `couponUnusable` and the engine's reasons when it no longer applies.
   */
  couponId: entityId.nullable().optional(),
  /** For a product coupon: the flag of the line it covers; omitted = the dearest covered unit. */
  couponLineFlag: z.string().max(200).nullable().optional(),
  /**
   * One limit card of the member's (store/limitCardList id): each use pays one unit of a product it lists.
   * The server applies it with the same engine and refuses the order with `limitCardUnusable` and
   * `limitCardReason` when it cannot be used.
   */
  limitCardId: entityId.nullable().optional(),
  ...appointmentOrderFields.shape,
});
export type OrderCartFields = z.input<typeof orderCartFields>;

export const orderConfirmInput = orderCartFields.extend({ idempotencyKey });
export type OrderConfirmInput = z.input<typeof orderConfirmInput>;

/** Carts of several shops of the session's chain, confirmed together: all orders are created or none. */
export const orderMultiConfirmInput = z.object({
  idempotencyKey,
  carts: z
    .array(orderCartFields.extend({ shopId: entityId }))
    .min(1)
    .max(MAX_MULTI_SHOPS)
    .refine((carts) => new Set(carts.map((c) => c.shopId)).size === carts.length, {
      message: 'one cart per shop',
    }),
});
export type OrderMultiConfirmInput = z.input<typeof orderMultiConfirmInput>;

export const orderListInput = z.object({
  page: z.number().int().positive().max(100_000).default(1),
  pageLimit: z.number().int().positive().max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
  /** Only orders in these statuses; omitted = all. */
  status: z.array(z.enum(ORDER_STATUSES)).min(1).max(ORDER_STATUSES.length).optional(),
  /** Only orders of the session's shop; default false = every shop the customer ordered from. */
  thisShopOnly: z.boolean().default(false),
});
export type OrderListInput = z.input<typeof orderListInput>;

export const orderIdInput = z.object({ id: entityId });
export type OrderIdInput = z.input<typeof orderIdInput>;
export const orderLastInput = z.object({});

// ---- replies --------------------------------------------------------------------------------------

export const orderLine = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  specId: z.number().int().nullable(),
  /** Names as they were when the order was placed, in the request's catalogue language. */
  name: z.string(),
  specName: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** Configured unit price (spec, tastes, meal surcharges), minor units. */
  unitPrice: z.number().int().nonnegative(),
  /** What the goods of this line cost after every discount (pricing `net`). */
  amount: z.number().int().nonnegative(),
  tastes: z.array(z.object({ id: z.number().int(), name: z.string(), quantity: z.number().int() })),
  mealset: z.array(z.object({ productId: z.number().int(), name: z.string(), quantity: z.number().int() })),
});
export type OrderLine = z.infer<typeof orderLine>;

/** Money of an order, all minor units, from the server's pricing (docs/pricing.md "Reading the result"). */
export const orderAmounts = z.object({
  list: z.number().int(),
  productDiscount: z.number().int(),
  goods: z.number().int(),
  activityDiscount: z.number().int(),
  couponDiscount: z.number().int(),
  goodsNet: z.number().int(),
  deliveryFee: z.number().int(),
  packingFee: z.number().int(),
  dishwareFee: z.number().int(),
  serviceCharge: z.number().int(),
  fees: z.number().int(),
  taxAdded: z.number().int(),
  taxIncluded: z.number().int(),
  rounding: z.number().int(),
  total: z.number().int(),
});
export type OrderAmounts = z.infer<typeof orderAmounts>;

export const orderContact = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  houseNumber: z.string(),
  gps: gpsPoint.nullable(),
});

/** One payment attempt of an order, as the customer may see it. */
export const orderPayment = z.object({
  id: z.number().int(),
  /** Spec payment result: 0 processing, 1 success, 2 fail, 3 cancel. */
  result: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  state: z.enum(PAYMENT_STATES),
  payType: z.enum(PAY_TYPES),
  settlement: z.enum(SETTLEMENTS),
  gateway: z.enum(GATEWAYS).nullable(),
  /** The gateway's reference (online) or the ledger reference (member card). */
  tradeNo: z.string().nullable(),
  amount: z.number().int(),
  /** Member card: what came from the stored balance and from the gift balance. */
  fromBalance: z.number().int(),
  fromGift: z.number().int(),
  /** Why an attempt failed or was cancelled, a code the browser words: PAYMENT_FAIL_REASONS. */
  failReason: z.enum(PAYMENT_FAIL_REASONS).nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

export const orderSummary = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  /** An order placed by order/confirm, or the one that pays a table's tab or a share of it (`openTable`). */
  orderType: z.enum(ORDER_TYPES),
  source: z.enum(ORDER_SOURCES),
  clientTypeCode: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payType: z.enum(PAY_TYPES),
  payTypeId: z.number().int().nullable(),
  /** The shop's number for this order, 1, 2, … per local business day (what the counter calls out). */
  daySeq: z.number().int().positive(),
  /** The shop-local day daySeq counts in, YYYY-MM-DD. */
  businessDate: z.string(),
  currency: z.string(),
  numberDecimals: z.number().int(),
  amounts: orderAmounts,
  note: z.string(),
  /** Takeaway: who and where to deliver to; self pickup: the picker (address empty). */
  contact: orderContact.nullable(),
  /** Takeaway: metres from the shop. */
  distance: z.number().int().nullable(),
  table: z.object({ id: z.number().int(), name: z.string(), areaName: z.string() }).nullable(),
  person: z.number().int().nullable(),
  /** Shop-local "YYYY-MM-DD HH:mm". */
  deliveryTime: z.string().nullable(),
  pickupTime: z.string().nullable(),
  isPickerPack: z.boolean(),
  lines: z.array(orderLine),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601: an unpaid order is cancelled after this instant. */
  payDeadlineAt: z.string(),
  /** The latest payment attempt, or null before the customer chose how to pay. */
  payment: orderPayment.nullable(),
  /** Money received: online or member card, or the merchant collected cash / cash on delivery. */
  paid: z.boolean(),
  /** ISO 8601 of the last status change. */
  statusChangedAt: z.string(),
  rider: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** Minor units given back (refund, refused after payment). */
  refundAmount: z.number().int(),
  /** Why the merchant refused, refunded or reported a delivery problem; '' otherwise. */
  merchantReason: z.string(),
  /** What the customer may do now (src/domain/order-life.ts `customerActions`). */
  actions: z.object({ pay: z.boolean(), close: z.boolean(), confirmDelivered: z.boolean() }),
  /** An appointment order's booking (docs/api.md "Appointments"); null for other order types. */
  appointment: appointmentInfo.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** order/detail and confirm replies: the summary and the full pricing explanation the total came from. */
export const orderDetail = orderSummary.extend({
  pricing: z.custom<PricingResult>(),
  /** The server's clock when this was read (ISO 8601): the browser measures the pay deadline against it. */
  readAt: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderConfirmInfo = z.object({
  order: orderDetail,
  /** true when the idempotency key had already placed this order. */
  replayed: z.boolean(),
});
export type OrderConfirmInfo = z.infer<typeof orderConfirmInfo>;

export const orderMultiConfirmInfo = z.object({
  /** One order per cart, in the carts' order. */
  orders: z.array(orderDetail),
  replayed: z.boolean(),
});
export type OrderMultiConfirmInfo = z.infer<typeof orderMultiConfirmInfo>;

export const orderListInfo = z.object({
  list: z.array(orderSummary),
  page: z.number().int().positive(),
  pageLimit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type OrderListInfo = z.infer<typeof orderListInfo>;

/** order/last: the customer's newest order in the session's shop, or null. */
export const orderLastInfo = orderSummary.nullable();
export const orderDaySeqInfo = z.object({
  id: z.number().int(),
  daySeq: z.number().int().positive(),
  businessDate: z.string(),
});
export type OrderDaySeqInfo = z.infer<typeof orderDaySeqInfo>;

/** The info of a refused submit: the reason (ORDER_REJECTIONS) and the fields that reason names. */
export const orderRejectionInfo = z.object({
  reason: z.enum(ORDER_REJECTIONS),
  productId: z.number().int().optional(),
  specId: z.number().int().nullable().optional(),
  name: z.string().optional(),
  remaining: z.number().int().optional(),
  short: z.number().int().optional(),
  distance: z.number().int().optional(),
  maxDistance: z.number().int().optional(),
  shopId: z.number().int().optional(),
  /** couponUnusable: the engine's reasons (order amount, quantity, order type, pay type, user type, ...). */
  couponReasons: z.array(z.string()).optional(),
  /** limitCardUnusable: why (LIMIT_CARD_REFUSALS). */
  limitCardReason: z.string().optional(),
});
export type OrderRejectionInfo = z.infer<typeof orderRejectionInfo>;

export const orderContract = {
  confirm: { input: orderConfirmInput, info: orderConfirmInfo },
  multiConfirm: { input: orderMultiConfirmInput, info: orderMultiConfirmInfo },
  list: { input: orderListInput, info: orderListInfo },
  detail: { input: orderIdInput, info: orderDetail },
  last: { input: orderLastInput, info: orderLastInfo },
  daySeq: { input: orderIdInput, info: orderDaySeqInfo },
} as const;
export type OrderAction = keyof typeof orderContract;

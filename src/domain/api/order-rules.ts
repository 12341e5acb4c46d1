// The order rules of spec §5 and §7 as plain values: the order types order/confirm takes, the limits of a
// submit and the reasons a refusal names. src/domain/api/order.ts builds its zod contract on them; the
// browser reads them from here, so the confirm page and its forms do not ship the contract's schemas.

/** Order types of the cart checkout (/order/confirm page); open-table orders are written by table/confirm. */
export const CONFIRM_ORDER_TYPES = ['takeaway', 'selfPickup', 'dine'] as const;
export type ConfirmOrderType = (typeof CONFIRM_ORDER_TYPES)[number];

/**
 * Order types order/confirm takes: the cart checkout's, and an appointment with its booking (its own page
 * and fields, docs/api.md "Appointments").
 */
export const SUBMIT_ORDER_TYPES = [...CONFIRM_ORDER_TYPES, 'appointment'] as const;
export type SubmitOrderType = (typeof SUBMIT_ORDER_TYPES)[number];

/** Minutes an unpaid order stays payable unless its shop sets another (shops.pay_window_minutes). */
export const PAY_WINDOW_MINUTES = 15;
export const MAX_ORDER_LINES = 100;
export const MAX_MULTI_SHOPS = 10;
export const MAX_HEADCOUNT = 99;
/** Tableware sets one order may ask for (0 = no cutlery). */
export const MAX_TABLEWARE_SETS = 99;
export const MAX_NOTE_LENGTH = 200;

/**
 * Why a submit was refused, in `info.reason` of the failure reply (the message says it in words). Each
 * comes with the fields named: productId/name/remaining for stock and product reasons, short for
 * belowStartingPrice, distance/maxDistance for outOfRange.
 */
export const ORDER_REJECTIONS = [
  'emptyCart',
  'orderTypeUnavailable',
  'shopClosed',
  'shopExpired',
  'productUnavailable',
  'specRequired',
  'tasteRequired',
  'tasteInvalid',
  'mealIncomplete',
  'mealInvalid',
  'belowMinBuy',
  'aboveMaxBuy',
  'mustPickMissing',
  'stockInsufficient',
  'addressRequired',
  'addressNoGps',
  'outOfRange',
  'shopAddressInvalid',
  'deliveryTimeRequired',
  'deliveryTimeInvalid',
  'contactRequired',
  'phoneInvalid',
  'pickerRequired',
  'pickupTimeRequired',
  'pickupTimeInvalid',
  'tableRequired',
  'tableNotFound',
  'headcountInvalid',
  'tablewareInvalid',
  'belowStartingPrice',
  'couponUnusable',
  'limitCardUnusable',
  'activityUnitsTaken',
  'payTypeInvalid',
  'memberRequired',
  'nothingToPay',
  'idempotencyConflict',
  'notChainShop',
] as const;
export type OrderRejection = (typeof ORDER_REJECTIONS)[number];

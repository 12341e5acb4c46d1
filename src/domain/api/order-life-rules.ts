// The plain values of paying and of an order's life (spec §3 payment methods and results, §4 order
// statuses): how an order is settled, why a payment was refused, the rider states and the merchant's
// actions. src/domain/api/order-life.ts builds its zod contract on them; the browser reads them from here.

/**
 * How an order is settled once the customer chose a pay type:
 * - online: a gateway payment (Card, AllinPay), asynchronous, confirmed by the gateway's signed callback;
 * - memberCard: debited from the member's stored balance, then gift balance, with the pay password;
 * - counter: Cash, paid at the counter; the order goes to the merchant unpaid;
 * - onDelivery: COD, paid to the rider; the order goes to the merchant unpaid.
 */
export const SETTLEMENTS = ['online', 'memberCard', 'counter', 'onDelivery'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/** State of one payment attempt, as the spec's payment result codes name them (0, 1, 2, 3). */
export const PAYMENT_STATES = ['processing', 'success', 'fail', 'cancel'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Why a payment attempt ended without money taken. */
export const PAYMENT_FAIL_REASONS = [
  /** The card or account was declined at the gateway. */
  'declined',
  /** The customer cancelled on the gateway page or left it. */
  'cancelled',
  /** The gateway session ran out (the order's pay deadline passed). */
  'expired',
  /** The order was closed or changed pay type while this attempt was open. */
  'superseded',
  /** The gateway reported an error. */
  'gatewayError',
] as const;
export type PaymentFailReason = (typeof PAYMENT_FAIL_REASONS)[number];

/** Why order/pay refused, in `info.reason` of the failure reply. */
export const PAY_REJECTIONS = [
  'orderNotFound',
  /** The order is no longer unpaid (paid, cancelled, expired). */
  'notPayable',
  /** The deadline passed; the order is (now) nopay_cancel. */
  'expired',
  'payTypeInvalid',
  /** The order was priced with a member-card-only discount: only the member card may pay it. */
  'payTypeLocked',
  /** Member card without a member record: "register first". */
  'memberRequired',
  'payPasswordNotSet',
  'payPasswordWrong',
  /** Too many wrong pay passwords: locked for a while (info.retryAfter seconds). */
  'payPasswordLocked',
  /** Stored + gift balance below the total: "balance needs charge" (info.short minor units). */
  'balanceShort',
  /** Another payment of this order is still processing at the gateway. */
  'paymentInProgress',
  /** The gateway could not be reached or refused to start: "payment is wrong, contact merchant". */
  'gatewayUnavailable',
] as const;
export type PayRejection = (typeof PAY_REJECTIONS)[number];

/** Rider states of order/deliveryInfo, in the order they happen. */
export const RIDER_STATES = ['waiting', 'confirmed', 'pickedUp', 'delivered', 'exception'] as const;
export type RiderState = (typeof RIDER_STATES)[number];

/** What a merchant can do to an order; each is allowed from some statuses only (src/domain/order-life.ts). */
export const MERCHANT_ACTIONS = [
  'accept',
  'refuse',
  'assignRider',
  'riderConfirm',
  'startDelivery',
  'deliveryException',
  'complete',
  'refund',
] as const;
export type MerchantAction = (typeof MERCHANT_ACTIONS)[number];

/** What caused a status change in an order's history: a merchant action or one of these. */
export type StatusAction =
  | MerchantAction
  | 'create'
  | 'pay'
  | 'settle'
  | 'close'
  | 'expire'
  | 'confirmDelivered'
  | 'refundDone'
  | 'refundFailed'
  /** The shop marked an appointment's customer as not having come (server/modules/appointments). */
  | 'noShow';

/** Gateways behind the online pay types. `sandbox` runs offline; `stripe` needs its keys. */
export const GATEWAYS = ['sandbox', 'stripe'] as const;
export type GatewayName = (typeof GATEWAYS)[number];

export const PAY_PASSWORD_PATTERN = /^\d{6}$/;

// Contract of paying and of the order's life after order/confirm (spec §7 order calls, §4 statuses):
// order/pay, order/close, order/confirmDelivered, order/deliveryInfo, order/payErrorCallback,
// order/updateTradeNo and order/eventsTicket (the ticket of the live status stream), plus the sandbox
// gateway's own calls and the merchant API. The order read model (orderSummary) is in ./order.
//
// The server decides every status change (src/domain/order-life.ts holds the transition table); the
// browser only asks. A payment is confirmed by the member-card debit in the server's transaction or by
// the gateway's signed callback, never by what the browser reports: payErrorCallback and updateTradeNo
// only make the server look again.
import { z } from 'zod';
import { entityId } from './store';
import { orderDetail, orderPayment, orderSummary } from './order';
import {
  MERCHANT_ACTIONS,
  PAY_PASSWORD_PATTERN,
  PAY_REJECTIONS,
  PAYMENT_STATES,
  RIDER_STATES,
} from './order-life-rules';
import { ORDER_STATUSES } from '../enums';

export * from './order-life-rules';

// ---- order/pay and friends --------------------------------------------------------------------------

export const payPassword = z.string().regex(PAY_PASSWORD_PATTERN);

export const orderPayInput = z.object({
  id: entityId,
  /** One of store/paySetting's options for the order's type; may differ from the one chosen at confirm. */
  payTypeId: z.number().int().nonnegative(),
  /** Member card only. */
  payPassword: payPassword.optional(),
});
export type OrderPayInput = z.input<typeof orderPayInput>;

export const orderPayInfo = z.object({
  order: orderDetail,
  payment: orderPayment,
  /** Online: where the browser goes to pay (the gateway's hosted page). Null otherwise. */
  redirectUrl: z.string().nullable(),
});
export type OrderPayInfo = z.infer<typeof orderPayInfo>;

export const orderPayRejectionInfo = z.object({
  reason: z.enum(PAY_REJECTIONS),
  short: z.number().int().optional(),
  attemptsLeft: z.number().int().optional(),
  retryAfter: z.number().int().optional(),
});
export type OrderPayRejectionInfo = z.infer<typeof orderPayRejectionInfo>;

export const orderNoInput = z.object({ orderNo: z.string().trim().min(1).max(40) });
export type OrderNoInput = z.input<typeof orderNoInput>;

export const payErrorCallbackInput = z.object({
  id: entityId,
  paymentId: entityId,
  /** What the browser saw: the customer cancelled, or the gateway page reported a failure. */
  state: z.enum(['fail', 'cancel']),
  reason: z.string().trim().max(200).optional(),
});
export type PayErrorCallbackInput = z.input<typeof payErrorCallbackInput>;

export const updateTradeNoInput = z.object({
  id: entityId,
  tradeNo: z.string().trim().min(1).max(100),
});
export type UpdateTradeNoInput = z.input<typeof updateTradeNoInput>;

export const deliveryInfo = z.object({
  orderNo: z.string(),
  state: z.enum(RIDER_STATES).nullable(),
  rider: z.object({ name: z.string(), phone: z.string() }).nullable(),
  /** The order's status history, oldest first. */
  events: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string() })),
});
export type DeliveryInfo = z.infer<typeof deliveryInfo>;

export const eventsTicketInfo = z.object({
  /** Opaque; `GET /new/consumer/order/events?ticket=…` streams this session's order changes. */
  ticket: z.string(),
  expiresAt: z.string(),
});
export type EventsTicketInfo = z.infer<typeof eventsTicketInfo>;

/** `event: order` of the stream; `id:` is the event's cursor (send it back as Last-Event-ID). */
export const orderChangeEvent = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
});
export type OrderChangeEvent = z.infer<typeof orderChangeEvent>;

export const orderLifeContract = {
  pay: { input: orderPayInput, info: orderPayInfo },
  close: { input: z.object({ id: entityId }), info: orderDetail },
  confirmDelivered: { input: z.object({ id: entityId }), info: orderDetail },
  deliveryInfo: { input: orderNoInput, info: deliveryInfo },
  payErrorCallback: { input: payErrorCallbackInput, info: orderDetail },
  updateTradeNo: { input: updateTradeNoInput, info: orderDetail },
  eventsTicket: { input: z.object({}), info: eventsTicketInfo },
} as const;

// ---- the sandbox gateway's own calls (area `sandboxGateway`) ------------------------------------------

export const SANDBOX_OUTCOMES = ['succeed', 'decline', 'cancel'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

export const sandboxSessionInput = z.object({ tradeNo: z.string().trim().min(1).max(100) });
export const sandboxSession = z.object({
  tradeNo: z.string(),
  /** Which hosted page shows it: a card form (/order/stripe-pay) or a bank/wallet page (/order/allin-pay). */
  style: z.enum(['card', 'wallet']),
  merchantName: z.string(),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  numberDecimals: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  expiresAt: z.string(),
});
export type SandboxSession = z.infer<typeof sandboxSession>;
export const sandboxCompleteInput = z.object({
  tradeNo: z.string().trim().min(1).max(100),
  outcome: z.enum(SANDBOX_OUTCOMES),
  /** Card style: the card number typed (test numbers decide the outcome; never stored). */
  cardNumber: z
    .string()
    .regex(/^[\d ]{12,23}$/)
    .optional(),
});
export const sandboxCompleteInfo = z.object({
  /** Where the hosted page sends the customer back (the app's /order/allin-pay-callback). */
  returnUrl: z.string(),
  state: z.enum(PAYMENT_STATES),
});
export type SandboxCompleteInfo = z.infer<typeof sandboxCompleteInfo>;

export const sandboxGatewayContract = {
  session: { input: sandboxSessionInput, info: sandboxSession },
  complete: { input: sandboxCompleteInput, info: sandboxCompleteInfo },
} as const;

// ---- merchant API: POST /merchant/api/<action>, header `Authorization: Bearer <merchant key>` ------------

export const merchantOrdersInput = z.object({
  status: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
  page: z.number().int().positive().default(1),
  pageLimit: z.number().int().positive().max(100).default(20),
});
export const merchantActionInput = z.object({
  orderNo: z.string().trim().min(1).max(40),
  /** refuse, deliveryException, refund: why, shown to the customer. */
  reason: z.string().trim().max(200).optional(),
  /** assignRider. */
  rider: z
    .object({
      name: z.string().trim().min(1).max(40),
      phone: z
        .string()
        .trim()
        .regex(/^\+?\d{5,20}$/),
    })
    .optional(),
});
export type MerchantActionInput = z.input<typeof merchantActionInput>;
export const merchantOrdersInfo = z.object({
  list: z.array(orderSummary),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export const MERCHANT_API_BASE = '/merchant/api';
export { MERCHANT_ACTIONS };

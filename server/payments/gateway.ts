// The one interface every online gateway implements (the built-in sandbox, Stripe). The payment module
// never talks to a provider any other way, and never inside a database transaction: PGlite runs one
// query at a time, and a slow provider must not hold row locks.
//
// Trust: what a browser reports is never taken as a payment. Money counts as received only when the
// gateway says so, by a notification whose signature verifyNotification checked, or by retrieve, and only
// for the amount and currency the payment asked for (server/modules/payments/payments.ts applyGatewayState).
import type { GatewayName, PaymentFailReason, PaymentState } from '../../src/domain/api/order-life-rules';

/** Placeholder in returnUrl that the gateway replaces with its trade number. */
export const TRADE_NO_PLACEHOLDER = '{TRADE_NO}';

export interface CreateSessionRequest {
  /** Our reference of the attempt (the payments row id), shown to the gateway as the merchant reference. */
  paymentId: number;
  /** Minor units at `numberDecimals`. */
  amount: number;
  currency: string;
  numberDecimals: number;
  merchantName: string;
  description: string;
  /** card: a card form; wallet: a bank/wallet page (AllinPay). */
  style: 'card' | 'wallet';
  /** Where the gateway's page sends the customer back; contains TRADE_NO_PLACEHOLDER. */
  returnUrl: string;
  /** Where the gateway posts its signed notification. */
  notifyUrl: string;
  /** The order's pay deadline: after it, a payment is late and is refunded. */
  expiresAt: Date;
  now: Date;
}

export interface CreatedSession {
  tradeNo: string;
  /** The hosted page the browser goes to. */
  redirectUrl: string;
}

/** What the gateway says about one trade. */
export interface GatewayState {
  state: PaymentState;
  failReason: PaymentFailReason | null;
  /**
   * What the trade is for, in the gateway's own unit (`gatewayAmount`): always given with a success, and
   * with any other state when the gateway says it.
   */
  amount?: number;
  /** ISO 4217 code, any case; given with `amount`. */
  currency?: string;
}

/** A verified notification; `eventId` makes it idempotent (payment_notifications). */
export interface GatewayNotification extends GatewayState {
  eventId: string;
  tradeNo: string;
}

/**
 * Why a notification was refused: malformed (400), bad signature (401), too old (401), or signed but
 * contradicted by the gateway's own record of the trade (409).
 */
export type NotificationProblem = 'invalid' | 'unsigned' | 'stale' | 'mismatch';

export class NotificationRejected extends Error {
  constructor(
    readonly problem: NotificationProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'NotificationRejected';
  }
}

/** A provider call that failed (network, provider error): the caller keeps the attempt as it was. */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /**
   * The amount this gateway reports for a payment of `amount` minor units at `numberDecimals`: the unit
   * its reports (GatewayState.amount) are compared in.
   */
  gatewayAmount(amount: number, currency: string, numberDecimals: number): number;
  createSession(request: CreateSessionRequest): Promise<CreatedSession>;
  retrieve(tradeNo: string, now: Date): Promise<GatewayState>;
  /**
   * Gives `amount` minor units of a successful trade back. Idempotent: a trade is refunded once, and
   * asking again (the same `idempotencyKey`, or a trade already refunded) is answered as done, so a retry
   * after a lost answer or a crash never pays back twice. Throws GatewayError when the refund was refused
   * or the provider could not be reached.
   */
  refund(tradeNo: string, amount: number, now: Date, idempotencyKey: string): Promise<void>;
  /** Closes an unpaid trade so its page can no longer take money; a paid trade is left alone. */
  cancel(tradeNo: string, now: Date): Promise<void>;
  /** Checks signature and age of a raw notification body; throws NotificationRejected. */
  verifyNotification(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): Promise<GatewayNotification | null>;
}

/** Signed notifications older than this are refused (replays of captured requests). */
export const NOTIFICATION_TOLERANCE_SECONDS = 300;

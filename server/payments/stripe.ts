// The Stripe adapter (official `stripe` package): one Checkout Session per payment attempt, the hosted
// Stripe page as the redirect, webhooks verified with stripe.webhooks.constructEvent. Used when
// PAYMENT_GATEWAY=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
//
// Stripe's Checkout Sessions live at least 30 minutes, longer than a shop's pay window may be; a payment
// that completes after the order's deadline reaches an order that is no longer payable and is refunded
// (server/modules/payments/payments.ts), so the shorter window still holds.
import Stripe from 'stripe';
import type { PaymentFailReason, PaymentState } from '../../src/domain/api/order-life-rules';
import {
  GatewayError,
  NOTIFICATION_TOLERANCE_SECONDS,
  NotificationRejected,
  TRADE_NO_PLACEHOLDER,
  type CreateSessionRequest,
  type GatewayNotification,
  type GatewayState,
  type PaymentGateway,
} from './gateway';

/** The part of the Stripe client the adapter uses; tests pass a fake with the same shape. */
export interface StripeClient {
  checkout: {
    sessions: {
      create(params: Stripe.Checkout.SessionCreateParams): Promise<Stripe.Checkout.Session>;
      retrieve(id: string): Promise<Stripe.Checkout.Session>;
      expire(id: string): Promise<Stripe.Checkout.Session>;
    };
  };
  refunds: {
    create(params: Stripe.RefundCreateParams, options?: Stripe.RequestOptions): Promise<Stripe.Refund>;
  };
}

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Default: the real client made from secretKey. */
  client?: StripeClient;
}

/** Stripe's minimum Checkout Session lifetime. */
const MIN_SESSION_SECONDS = 30 * 60;
/** Currencies Stripe counts in whole units (https://docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** Our minor units (at the shop's numberDecimals) in Stripe's smallest unit of the currency. */
export function toStripeAmount(amount: number, currency: string, numberDecimals: number): number {
  const exponent = ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
  const shift = exponent - numberDecimals;
  return shift >= 0 ? amount * 10 ** shift : Math.round(amount / 10 ** -shift);
}

/** The session's total and currency, where Stripe gives them. */
function amountOf(session: Stripe.Checkout.Session): Pick<GatewayState, 'amount' | 'currency'> {
  return {
    ...(typeof session.amount_total === 'number' ? { amount: session.amount_total } : {}),
    ...(typeof session.currency === 'string' ? { currency: session.currency } : {}),
  };
}

/** What a Checkout Session says about the payment. */
export function sessionState(session: Stripe.Checkout.Session): GatewayState {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required')
    return { state: 'success', failReason: null, ...amountOf(session) };
  if (session.status === 'expired') return { state: 'cancel', failReason: 'expired' };
  // open, or complete with an asynchronous payment method still settling.
  return { state: 'processing', failReason: null };
}

/** The webhook events that move a payment, and the state each one means. */
function eventState(event: Stripe.Event): (GatewayState & { tradeNo: string }) | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const state = sessionState(session);
      return state.state === 'success' ? { ...state, tradeNo: session.id } : null;
    }
    case 'checkout.session.async_payment_failed':
      return {
        state: 'fail',
        failReason: 'declined',
        tradeNo: event.data.object.id,
        ...amountOf(event.data.object),
      };
    case 'checkout.session.expired':
      return {
        state: 'cancel',
        failReason: 'expired',
        tradeNo: event.data.object.id,
        ...amountOf(event.data.object),
      };
    default:
      return null;
  }
}

/** The `code` of an error the Stripe client threw (StripeError), if any. */
function stripeErrorCode(error: unknown): string | undefined {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

const wrap = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw new GatewayError(`stripe: ${what} failed`, { cause: error });
  }
};

/**
 * How long one request to Stripe may wait for an answer, and how often the client repeats one that failed
 * on the network or with a 409/5xx (stripe-node sends the same idempotency key with each repeat, so a
 * repeated POST never acts twice). Stripe's defaults (80 s, 2 repeats) let one call hang for four
 * minutes, holding a customer's order/pay, a merchant's refund, or the sweep (which never overlaps
 * itself, so expiry would wait too). With 8 s a call that gets no answer gives up after 3 × 8 s plus under
 * 2 s of backoff, and a refund (retrieve, then create) after about 52 s, inside REFUND_GRACE_MS (60 s,
 * server/modules/orders/order-life.ts), so the sweep seldom takes over a refund whose request is still waiting.
 */
export const STRIPE_CLIENT_CONFIG = { timeout: 8_000, maxNetworkRetries: 2 } as const;

/** The real Stripe client, with the bounds above. */
export const createStripeClient = (secretKey: string): Stripe => new Stripe(secretKey, STRIPE_CLIENT_CONFIG);

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const client: StripeClient =
    options.client ?? (createStripeClient(options.secretKey) as unknown as StripeClient);

  return {
    name: 'stripe',

    gatewayAmount: toStripeAmount,

    async createSession(request: CreateSessionRequest) {
      const expiresAt = Math.max(
        Math.floor(request.expiresAt.getTime() / 1000),
        Math.floor(request.now.getTime() / 1000) + MIN_SESSION_SECONDS + 60,
      );
      const back = request.returnUrl.replace(TRADE_NO_PLACEHOLDER, '{CHECKOUT_SESSION_ID}');
      const session = await wrap('create session', () =>
        client.checkout.sessions.create({
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: toStripeAmount(request.amount, request.currency, request.numberDecimals),
                product_data: { name: `${request.merchantName} · ${request.description}` },
              },
            },
          ],
          client_reference_id: String(request.paymentId),
          metadata: { paymentId: String(request.paymentId) },
          success_url: back,
          cancel_url: back,
          expires_at: expiresAt,
        }),
      );
      if (!session.url) throw new GatewayError('stripe: session has no url');
      return { tradeNo: session.id, redirectUrl: session.url };
    },

    async retrieve(tradeNo) {
      const session = await wrap('retrieve session', () => client.checkout.sessions.retrieve(tradeNo));
      return sessionState(session);
    },

    async refund(tradeNo, amount, _now, idempotencyKey) {
      const session = await wrap('retrieve session', () => client.checkout.sessions.retrieve(tradeNo));
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent || sessionState(session).state !== 'success')
        throw new GatewayError(`stripe: session ${tradeNo} was not paid`);
      const total = session.amount_total ?? amount;
      try {
        // Stripe answers a repeated key with the first refund instead of making a second one.
        await client.refunds.create(
          { payment_intent: intent, amount: Math.min(amount, total) },
          { idempotencyKey },
        );
      } catch (error) {
        // Stripe forgets keys after 24 hours; a later retry finds the charge refunded already, which is done.
        if (stripeErrorCode(error) === 'charge_already_refunded') return;
        throw new GatewayError('stripe: refund failed', { cause: error });
      }
    },

    async cancel(tradeNo) {
      const session = await wrap('retrieve session', () => client.checkout.sessions.retrieve(tradeNo));
      if (session.status === 'open')
        await wrap('expire session', () => client.checkout.sessions.expire(tradeNo));
    },

    async verifyNotification(rawBody, headers, now): Promise<GatewayNotification | null> {
      const raw = headers['stripe-signature'];
      const signature = Array.isArray(raw) ? raw[0] : raw;
      if (!signature) throw new NotificationRejected('unsigned', 'Stripe-Signature missing');
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          NOTIFICATION_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/tolerance/i.test(message)) throw new NotificationRejected('stale', message);
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new NotificationRejected('unsigned', message);
        throw new NotificationRejected('invalid', message);
      }
      const moved = eventState(event);
      if (!moved) return null;
      const result: GatewayNotification = {
        eventId: event.id,
        tradeNo: moved.tradeNo,
        state: moved.state as PaymentState,
        failReason: moved.failReason as PaymentFailReason | null,
      };
      if (moved.amount !== undefined) result.amount = moved.amount;
      if (moved.currency !== undefined) result.currency = moved.currency;
      return result;
    },
  };
}

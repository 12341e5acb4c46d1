// A Stripe stand-in for the adapter's tests (no network): Checkout Sessions kept in memory with the
// fields the adapter reads, refunds recorded (a repeated idempotency key answers with the first refund,
// and a fully refunded payment refuses another with charge_already_refunded, as Stripe does), and
// webhook events signed the way Stripe signs them (stripe.webhooks.generateTestHeaderString).
import Stripe from 'stripe';
import type { StripeClient } from '../../../server/payments/stripe';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_fixture_secret';

/** The test app's payments on the Stripe adapter, with this stand-in as its client. */
export const stripePayments = (client: StripeClient) => ({
  gateway: 'stripe' as const,
  publicUrl: 'https://shop.example',
  stripe: { secretKey: 'sk_test_fixture', webhookSecret: STRIPE_WEBHOOK_SECRET, client },
});

export interface FakeStripe extends StripeClient {
  sessions: Map<string, Stripe.Checkout.Session>;
  created: Stripe.Checkout.SessionCreateParams[];
  /** Refunds Stripe made (a replayed idempotency key adds none). */
  refunded: Stripe.RefundCreateParams[];
  /** The idempotency key of every refund request, replays included. */
  refundKeys: (string | undefined)[];
  /** The customer paid on Stripe's page. */
  pay(id: string): Stripe.Checkout.Session;
  /** Makes the next call fail as if Stripe were unreachable. */
  failNext(): void;
}

export function createFakeStripe(): FakeStripe {
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const created: Stripe.Checkout.SessionCreateParams[] = [];
  const refunded: Stripe.RefundCreateParams[] = [];
  const refundKeys: (string | undefined)[] = [];
  const byKey = new Map<string, Stripe.Refund>();
  let serial = 0;
  let failing = false;
  const guard = () => {
    if (failing) {
      failing = false;
      throw new Error('connect ECONNREFUSED api.stripe.com');
    }
  };
  const get = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout.session: ${id}`);
    return session;
  };
  return {
    sessions,
    created,
    refunded,
    refundKeys,
    failNext: () => {
      failing = true;
    },
    pay(id) {
      const session = get(id);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${id.slice(3)}`,
      });
      return session;
    },
    checkout: {
      sessions: {
        async create(params) {
          guard();
          created.push(params);
          const id = `cs_test_${++serial}`;
          const line = params.line_items![0]!;
          const session = {
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${id}`,
            status: 'open',
            payment_status: 'unpaid',
            amount_total: line.price_data!.unit_amount!,
            currency: line.price_data!.currency,
            payment_intent: null,
            client_reference_id: params.client_reference_id ?? null,
            metadata: params.metadata ?? {},
          } as unknown as Stripe.Checkout.Session;
          sessions.set(id, session);
          return session;
        },
        async retrieve(id) {
          guard();
          return { ...get(id) };
        },
        async expire(id) {
          guard();
          const session = get(id);
          if (session.status !== 'open') throw new Error('Only open sessions can be expired');
          session.status = 'expired';
          return session;
        },
      },
    },
    refunds: {
      async create(params, options) {
        guard();
        const key = options?.idempotencyKey;
        refundKeys.push(key);
        const replay = key ? byKey.get(key) : undefined;
        if (replay) return replay;
        const paid = [...sessions.values()].find((s) => s.payment_intent === params.payment_intent);
        const before = refunded
          .filter((r) => r.payment_intent === params.payment_intent)
          .reduce((sum, r) => sum + (r.amount ?? 0), 0);
        if (paid && before + (params.amount ?? 0) > (paid.amount_total ?? 0))
          throw Object.assign(new Error(`Charge for ${params.payment_intent} has already been refunded.`), {
            type: 'StripeInvalidRequestError',
            code: 'charge_already_refunded',
          });
        refunded.push(params);
        const refund = {
          id: `re_${refunded.length}`,
          object: 'refund',
          ...params,
        } as unknown as Stripe.Refund;
        if (key) byKey.set(key, refund);
        return refund;
      },
    },
  };
}

/** A webhook event as Stripe posts it, around a Checkout Session. */
export function checkoutEvent(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired',
  session: Stripe.Checkout.Session,
  id = `evt_${Math.random().toString(36).slice(2, 14)}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: 1_772_424_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
}

/** The Stripe-Signature header of `payload` signed at `timestamp` (unix seconds). */
export const signStripe = (payload: string, timestamp: number, secret = STRIPE_WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

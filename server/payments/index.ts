// Which online gateway the app uses, from configuration, as the `payments` decoration of the Fastify app.
// One gateway takes new payments (PAYMENT_GATEWAY); an attempt keeps the gateway it was made with, so a
// payment is only ever retrieved, refunded or notified through that gateway.
import type { FastifyBaseLogger } from 'fastify';
import { GATEWAYS, type GatewayName } from '../../src/domain/api/order-life-rules';
import type { Database } from '../db/client';
import type { PaymentGateway } from './gateway';
import {
  createSandboxGateway,
  DEMO_SANDBOX_SECRET,
  type SandboxDeliver,
  type SandboxGateway,
} from './sandbox';
import { createStripeGateway, type StripeClient } from './stripe';

export interface PaymentsOptions {
  /** Default sandbox. */
  gateway?: GatewayName;
  /** HMAC key of sandbox notifications; default DEMO_SANDBOX_SECRET (demo only). */
  sandboxSecret?: string;
  /** How the sandbox delivers its notifications; default an HTTP POST (tests hold or drop them). */
  sandboxDeliver?: SandboxDeliver;
  stripe?: { secretKey: string; webhookSecret: string; client?: StripeClient };
  /** The app's public origin for return and notify URLs; default from the request's Host. */
  publicUrl?: string | null;
}

export interface PaymentsRuntime {
  /** The gateway new online payments go to. */
  active: PaymentGateway;
  /** The sandbox, when it is the active gateway (its hosted pages and notify endpoint answer only then). */
  sandbox: SandboxGateway | null;
  gateway(name: GatewayName | null): PaymentGateway | null;
  publicUrl: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsRuntime;
  }
}

export function createPayments(
  db: Database,
  options: PaymentsOptions = {},
  log?: FastifyBaseLogger,
): PaymentsRuntime {
  const name = options.gateway ?? 'sandbox';
  let active: PaymentGateway;
  let sandbox: SandboxGateway | null = null;
  if (name === 'stripe') {
    if (!options.stripe?.secretKey || !options.stripe.webhookSecret)
      throw new Error('The stripe gateway needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    active = createStripeGateway(options.stripe);
  } else {
    sandbox = createSandboxGateway({
      db,
      secret: options.sandboxSecret || DEMO_SANDBOX_SECRET,
      ...(options.sandboxDeliver ? { deliver: options.sandboxDeliver } : {}),
      onDeliveryError: (error, tradeNo) =>
        log?.warn({ err: error, tradeNo }, 'sandbox notification was not delivered'),
    });
    active = sandbox;
  }
  const publicUrl = options.publicUrl?.trim().replace(/\/+$/, '') || null;
  return {
    active,
    sandbox,
    gateway: (gatewayName) => (gatewayName === active.name ? active : null),
    publicUrl,
  };
}

/** PAYMENT_GATEWAY, SANDBOX_GATEWAY_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PUBLIC_URL. */
export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv): PaymentsOptions {
  const gateway = (env.PAYMENT_GATEWAY?.trim() || 'sandbox') as GatewayName;
  if (!GATEWAYS.includes(gateway))
    throw new Error(`PAYMENT_GATEWAY must be one of ${GATEWAYS.join(', ')}, got "${env.PAYMENT_GATEWAY}"`);
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  if (gateway === 'stripe' && (!secretKey || !webhookSecret))
    throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an http(s) origin, got "${publicUrl}"`);
  return {
    gateway,
    sandboxSecret: env.SANDBOX_GATEWAY_SECRET?.trim() || DEMO_SANDBOX_SECRET,
    ...(gateway === 'stripe' ? { stripe: { secretKey, webhookSecret } } : {}),
    publicUrl,
  };
}

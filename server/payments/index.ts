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
  /** The app's public origin for return and notify URLs (PUBLIC_URL). */
  publicUrl?: string | null;
  /**
   * Without publicUrl: the origin the server listens on, as configured (HOST or localhost, PORT); a
   * function when the port is only known once listening. Default DEFAULT_LISTEN_ORIGIN.
   */
  listenOrigin?: string | (() => string);
  /**
   * Without publicUrl: build the addresses from the request's Host and X-Forwarded-Host/Proto, which a
   * trusted proxy sets. buildApp sets it from its own trustProxy (TRUST_PROXY), which also makes Fastify
   * read the forwarded headers. Default false.
   */
  trustProxy?: boolean;
}

/** `npm start`'s address with no HOST or PORT set. */
export const DEFAULT_LISTEN_ORIGIN = 'http://localhost:8080';

export interface PaymentsRuntime {
  /** The gateway new online payments go to. */
  active: PaymentGateway;
  /** The sandbox, when it is the active gateway (its hosted pages and notify endpoint answer only then). */
  sandbox: SandboxGateway | null;
  gateway(name: GatewayName | null): PaymentGateway | null;
  publicUrl: string | null;
  listenOrigin: () => string;
  trustProxy: boolean;
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
  const listen = options.listenOrigin ?? DEFAULT_LISTEN_ORIGIN;
  return {
    active,
    sandbox,
    gateway: (gatewayName) => (gatewayName === active.name ? active : null),
    publicUrl,
    listenOrigin: typeof listen === 'function' ? listen : () => listen,
    trustProxy: options.trustProxy ?? false,
  };
}

/** The origin of a server listening on `host`:`port` as a browser on that machine reaches it. */
export function listenOriginOf(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

/**
 * Refuses, with one line saying what to set, to run the sandbox gateway on its public demo secret
 * outside demo mode: anyone could sign a notification with it.
 */
export function refuseDemoSecret(options: PaymentsOptions, demoMode: boolean): void {
  if (demoMode || (options.gateway ?? 'sandbox') !== 'sandbox') return;
  if (!options.sandboxSecret || options.sandboxSecret === DEMO_SANDBOX_SECRET)
    throw new Error(
      'DEMO_MODE is off but the sandbox gateway would sign with its public demo secret: set SANDBOX_GATEWAY_SECRET to a long random value (or PAYMENT_GATEWAY=stripe), or turn DEMO_MODE on',
    );
}

/**
 * PAYMENT_GATEWAY, SANDBOX_GATEWAY_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, PUBLIC_URL; with
 * `demoMode` false (DEMO_MODE off) the sandbox's demo secret is refused (refuseDemoSecret). The listen
 * origin and TRUST_PROXY are the caller's (server/main.ts).
 */
export function paymentsConfigFromEnv(
  env: NodeJS.ProcessEnv,
  { demoMode }: { demoMode: boolean },
): PaymentsOptions {
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
  const options: PaymentsOptions = {
    gateway,
    sandboxSecret: env.SANDBOX_GATEWAY_SECRET?.trim() || DEMO_SANDBOX_SECRET,
    ...(gateway === 'stripe' ? { stripe: { secretKey, webhookSecret } } : {}),
    publicUrl,
  };
  refuseDemoSecret(options, demoMode);
  return options;
}

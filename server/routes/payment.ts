// Paying: order/pay, order/payErrorCallback, order/updateTradeNo; the sandbox gateway's hosted-page calls
// (sandboxGateway/session, sandboxGateway/complete); and the gateways' signed notifications at
// POST /new/consumer/pay/notify/<gateway>, which need the raw body their signature covers, so that
// sub-plugin alone parses bodies as bytes. Contract: src/domain/api/order-life.ts; docs/api.md "Paying".
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  orderPayInput,
  payErrorCallbackInput,
  sandboxCompleteInput,
  sandboxSessionInput,
  updateTradeNoInput,
  type OrderPayInfo,
  type SandboxCompleteInfo,
  type SandboxSession,
} from '../../src/domain/api/order-life';
import { GATEWAYS, type GatewayName } from '../../src/domain/api/order-life-rules';
import {
  actionRoutes,
  BusinessError,
  defineAction,
  envelope,
  HttpError,
  requestLocale,
  sendFailure,
  type AnyAction,
} from '../http/action';
import { translate } from '../i18n';
import { expireDue } from '../modules/orders/order-life-gateway';
import { applyGatewayState, payErrorCallback, payOrder, updateTradeNo } from '../modules/payments/payments';
import { paymentMessages } from '../modules/payments/payments-messages';
import { NotificationRejected } from '../payments/gateway';
import type { SandboxGateway } from '../payments/sandbox';

/** Base path of the gateways' notifications; `/<gateway name>` follows. */
export const NOTIFY_PATH = '/new/consumer/pay/notify';

/**
 * The origin of the gateway's return and notify addresses: PUBLIC_URL, else the origin the server was
 * configured to listen on. The request's Host and X-Forwarded-* are anyone's to write, so they count only
 * when TRUST_PROXY says a proxy in front sets them; otherwise a forged Host could send the customer, and
 * the gateway's notification, to another site.
 */
const originOf = (app: FastifyInstance, request: FastifyRequest) =>
  app.payments.publicUrl ??
  (app.payments.trustProxy ? `${request.protocol}://${request.host}` : app.payments.listenOrigin());

function sandboxOf(app: FastifyInstance): SandboxGateway {
  if (!app.payments.sandbox)
    throw new BusinessError(paymentMessages.gatewayNotConfigured, undefined, null, 404);
  return app.payments.sandbox;
}

/** The reason of an order/pay refusal (OrderPayRejectionInfo), or null for any other error. */
const refusalReason = (error: unknown): string | null =>
  error instanceof BusinessError && error.info !== null && typeof error.info === 'object'
    ? String((error.info as { reason?: unknown }).reason ?? '') || null
    : null;

const actions: AnyAction[] = [
  defineAction({
    area: 'order',
    action: 'pay',
    input: orderPayInput,
    auth: 'session',
    handler: async ({ input, ctx, app, request }): Promise<OrderPayInfo> => {
      try {
        return await payOrder({ app, ctx, input, origin: originOf(app, request) });
      } catch (error) {
        // An order past its deadline is expired now rather than at the next sweep, so it reads as
        // cancelled at once; a payment that goes through waits on no expiry.
        if (refusalReason(error) === 'expired')
          await expireDue(app, ctx.now, { customerId: ctx.session.customerId });
        throw error;
      }
    },
  }),

  defineAction({
    area: 'order',
    action: 'payErrorCallback',
    input: payErrorCallbackInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => payErrorCallback(app, ctx, input),
  }),

  defineAction({
    area: 'order',
    action: 'updateTradeNo',
    input: updateTradeNoInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => updateTradeNo(app, ctx, input),
  }),

  // The sandbox's hosted pages: no session (a real provider's page does not know the shop's customers);
  // the unguessable trade number is the key.
  defineAction({
    area: 'sandboxGateway',
    action: 'session',
    input: sandboxSessionInput,
    auth: 'none',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }): Promise<SandboxSession> => {
      const session = await sandboxOf(app).session(input.tradeNo, ctx.now);
      if (!session) throw new BusinessError(paymentMessages.sandboxSessionNotFound, undefined, null, 404);
      return session;
    },
  }),

  defineAction({
    area: 'sandboxGateway',
    action: 'complete',
    input: sandboxCompleteInput,
    auth: 'none',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }): Promise<SandboxCompleteInfo> =>
      sandboxOf(app).complete({
        tradeNo: input.tradeNo,
        outcome: input.outcome,
        ...(input.cardNumber ? { cardNumber: input.cardNumber } : {}),
        now: ctx.now,
      }),
  }),
];

const REJECTION_STATUS = { invalid: 400, unsigned: 401, stale: 401, mismatch: 409 } as const;
const REJECTION_MESSAGE = {
  invalid: paymentMessages.notificationInvalid,
  unsigned: paymentMessages.notificationUnsigned,
  stale: paymentMessages.notificationStale,
  mismatch: paymentMessages.notificationMismatch,
} as const;

async function handleNotification(
  app: FastifyInstance,
  name: GatewayName,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const gateway = app.payments.gateway(name);
  if (!gateway) return sendFailure(request, reply, new HttpError(404, paymentMessages.gatewayNotConfigured));
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const now = app.now();
  let notification;
  try {
    notification = await gateway.verifyNotification(raw, request.headers, now);
  } catch (error) {
    if (!(error instanceof NotificationRejected)) throw error;
    // A signed notification the gateway's own records contradict means a leaked key or a forgery.
    const level = error.problem === 'mismatch' ? 'error' : 'warn';
    request.log[level]({ gateway: name, problem: error.problem }, 'payment notification refused');
    return sendFailure(
      request,
      reply,
      new HttpError(REJECTION_STATUS[error.problem], REJECTION_MESSAGE[error.problem]),
    );
  }
  // A verified event that does not move a payment (another Stripe event type) is acknowledged.
  if (!notification) return envelope(true, { outcome: 'ignored' }, '');
  const outcome = await applyGatewayState(app, name, notification, {
    eventId: notification.eventId,
    now,
  });
  // Logged by applyGatewayState with the order and payment ids.
  if (outcome === 'mismatch')
    return sendFailure(request, reply, new HttpError(409, paymentMessages.notificationMismatch));
  const { locale } = requestLocale(request);
  // A replay is acknowledged (so the gateway stops re-sending) and changes nothing.
  const message =
    outcome === 'duplicate'
      ? translate(locale, paymentMessages.notificationDuplicate)
      : outcome === 'unknownPayment'
        ? translate(locale, paymentMessages.notificationUnknownPayment)
        : '';
  return envelope(true, { outcome }, message);
}

/** The notify endpoints: bodies stay raw bytes here (and only here) so signatures can be checked. */
async function notifyRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  for (const name of GATEWAYS) {
    app.post(`${NOTIFY_PATH}/${name}`, (request, reply) => handleNotification(app, name, request, reply));
  }
}

export default async function paymentRoutes(app: FastifyInstance) {
  await app.register(actionRoutes(actions));
  await app.register(notifyRoutes);
}

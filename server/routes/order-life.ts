// The order's life calls of the customer: order/close, order/confirmDelivered, order/deliveryInfo,
// order/eventsTicket, and the live status stream GET /new/consumer/order/events?ticket=… (server-sent
// events). Contract: src/domain/api/order-life.ts; behaviour: docs/api.md "The order's life".
// order/pay, payErrorCallback and updateTradeNo are in ./payment.ts.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '../../src/domain/api/envelope';
import { orderLifeContract } from '../../src/domain/api/order-life';
import {
  actionRoutes,
  defineAction,
  envelope,
  findSession,
  HttpError,
  refuseForbiddenText,
  sendFailure,
  withMessage,
  type AnyAction,
  type RequestContext,
} from '../http/action';
import {
  closeOrder,
  confirmDelivered,
  createEventsTicket,
  deliveryInfo,
  ticketHolder,
} from '../modules/orders/order-life';
import type { AdjustableClock } from '../modules/orders/order-life-clock';
import { expireDue } from '../modules/orders/order-life-gateway';
import { orderLifeMessages } from '../modules/orders/order-life-messages';
import type { Listen } from '../db/notify';
import { OrderEventHub } from '../modules/orders/order-event-hub';
import {
  parseLastEventId,
  serveStream,
  streamOrderEvents,
  StreamSlots,
  type StreamRegistry,
} from '../modules/orders/order-stream';
import { orderDetail } from '../modules/orders/orders-store';

const view = (ctx: RequestContext) => ({ locale: ctx.catalogueLocale, now: ctx.now });

const actions: AnyAction[] = [
  defineAction({
    area: 'order',
    action: 'close',
    input: orderLifeContract.close.input,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => {
      const customerId = ctx.session.customerId;
      await expireDue(app, ctx.now, { customerId });
      await closeOrder(app.db, customerId, input.id, ctx.now);
      return withMessage(
        await orderDetail(app.db, customerId, input.id, view(ctx)),
        orderLifeMessages.closed,
      );
    },
  }),

  defineAction({
    area: 'order',
    action: 'confirmDelivered',
    input: orderLifeContract.confirmDelivered.input,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => {
      const customerId = ctx.session.customerId;
      await confirmDelivered(app.db, customerId, input.id, ctx.now);
      return withMessage(
        await orderDetail(app.db, customerId, input.id, view(ctx)),
        orderLifeMessages.received,
      );
    },
  }),

  defineAction({
    area: 'order',
    action: 'deliveryInfo',
    input: orderLifeContract.deliveryInfo.input,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => deliveryInfo(app.db, ctx.session.customerId, input.orderNo),
  }),

  defineAction({
    area: 'order',
    action: 'eventsTicket',
    input: orderLifeContract.eventsTicket.input,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ ctx, app }) => createEventsTicket(app.db, ctx.session, ctx.now),
  }),
];

export const ORDER_EVENTS_PATH = `${API_BASE}/order/events`;

const streamQuery = z.object({ ticket: z.string().min(1).max(200), lastEventId: z.string().optional() });

export interface OrderLifeRouteOptions {
  /** The database's LISTEN (OpenDatabase.listen); without it the streams learn of changes by sweeps. */
  listen?: Listen | null;
  /** How often open streams are swept while the listener is down (ms); DEFAULT_STREAM_SWEEP_MS. */
  streamSweepMs?: number;
  /** Adds POST /test/streams/end (TEST_CLOCK_CONTROL): end-to-end tests only, never production. */
  testControl?: boolean;
  /** The app's open streams, shared with the live tab streams so the test control ends those too. */
  registry?: StreamRegistry;
}

/** The live status stream; open streams end when the app closes, so shutdown never waits on them. */
const orderEventsRoute: FastifyPluginAsync<OrderLifeRouteOptions> = async (app: FastifyInstance, options) => {
  const registry: StreamRegistry = options.registry ?? new Map();
  const slots = new StreamSlots();
  // One listener for all of this app's streams (decision K30).
  const hub = new OrderEventHub({
    db: app.db,
    listen: options.listen ?? null,
    sweepMs: options.streamSweepMs,
    onError: (err, what) => app.log.warn({ err }, what),
  });
  app.addHook('preClose', async () => {
    for (const end of [...registry.keys()]) end();
  });
  if (options.testControl) await app.register(testStreamRoutes(registry));
  app.addHook('onClose', async () => hub.close());

  app.get(ORDER_EVENTS_PATH, async (request, reply) => {
    refuseForbiddenText(request.query, 400);
    const query = streamQuery.safeParse(request.query);
    const holder = query.success ? await ticketHolder(app.db, query.data.ticket, app.now()) : null;
    if (holder === null)
      return sendFailure(request, reply, new HttpError(401, orderLifeMessages.ticketInvalid));
    const { customerId } = holder;
    // EventSource sends Last-Event-ID on reconnect; a query parameter serves clients that cannot.
    const lastEventId = parseLastEventId(request.headers['last-event-id'] ?? query.data!.lastEventId);
    // A fresh stream starts where its ticket was issued: what changed while the page was connecting is
    // sent at once instead of being lost.
    const after = lastEventId ?? holder.afterEventId;
    return serveStream(request, reply, slots, customerId, () =>
      streamOrderEvents({
        db: app.db,
        customerId,
        after,
        request: request.raw,
        response: reply.raw,
        registry,
        hub,
        onError: (err) => request.log.warn({ err }, 'order stream ended by an error'),
      }),
    );
  });
};

export const TEST_STREAMS_END_PATH = '/test/streams/end';

/**
 * POST /test/streams/end with the customer's `token`: ends that customer's open streams in this process, as
 * a dropped connection or a restarting server would (end-to-end tests only). The browser reconnects.
 */
function testStreamRoutes(registry: StreamRegistry): FastifyPluginAsync {
  return async (app) => {
    app.post(TEST_STREAMS_END_PATH, async (request, reply) => {
      const token = request.headers.token;
      const session = typeof token === 'string' ? await findSession(app, token, app.now()) : null;
      if (!session) return sendFailure(request, reply, new HttpError(401, orderLifeMessages.ticketInvalid));
      const ends = [...registry].filter(([, customerId]) => customerId === session.customerId);
      for (const [end] of ends) end();
      return envelope(true, { ended: ends.length }, '');
    });
  };
}

export const TEST_CLOCK_PATH = '/test/clock';
const clockInput = z.object({
  advanceMs: z
    .number()
    .int()
    .positive()
    .max(366 * 24 * 3_600_000),
});

/** POST /test/clock {advanceMs}: moves the app clock forward (end-to-end tests only). */
export function testClockRoutes(clock: AdjustableClock): FastifyPluginAsync {
  return async (app) => {
    app.post(TEST_CLOCK_PATH, async (request, reply) => {
      const input = clockInput.safeParse(request.body ?? {});
      if (!input.success)
        return sendFailure(request, reply, new HttpError(400, orderLifeMessages.clockInvalid));
      return envelope(true, { now: clock.advance(input.data.advanceMs).toISOString() }, '');
    });
  };
}

const orderLifeRoutes: FastifyPluginAsync<OrderLifeRouteOptions> = async (app, options) => {
  await app.register(actionRoutes(actions));
  await app.register(orderEventsRoute, options);
};

export default orderLifeRoutes;

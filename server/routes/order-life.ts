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
  HttpError,
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
  ticketCustomer,
} from '../modules/order-life';
import type { AdjustableClock } from '../modules/order-life-clock';
import { expireDue } from '../modules/order-life-gateway';
import { orderLifeMessages } from '../modules/order-life-messages';
import { parseLastEventId, streamOrderEvents, type StreamRegistry } from '../modules/order-stream';
import { orderDetail } from '../modules/orders-store';

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

/** The live status stream; open streams end when the app closes, so shutdown never waits on them. */
const orderEventsRoute: FastifyPluginAsync = async (app: FastifyInstance) => {
  const registry: StreamRegistry = new Set();
  app.addHook('preClose', async () => {
    for (const end of [...registry]) end();
  });

  app.get(ORDER_EVENTS_PATH, async (request, reply) => {
    const query = streamQuery.safeParse(request.query);
    const customerId = query.success ? await ticketCustomer(app.db, query.data.ticket, app.now()) : null;
    if (customerId === null)
      return sendFailure(request, reply, new HttpError(401, orderLifeMessages.ticketInvalid));
    // EventSource sends Last-Event-ID on reconnect; a query parameter serves clients that cannot.
    const after = parseLastEventId(request.headers['last-event-id'] ?? query.data!.lastEventId);
    reply.hijack();
    await streamOrderEvents({
      db: app.db,
      customerId,
      after,
      request: request.raw,
      response: reply.raw,
      registry,
      onError: (err) => request.log.warn({ err }, 'order stream ended by an error'),
    });
  });
};

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

const orderLifeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(actionRoutes(actions));
  await app.register(orderEventsRoute);
};

export default orderLifeRoutes;

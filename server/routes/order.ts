// The order calls: order/confirm, order/multiConfirm, order/list, order/detail, order/last, order/daySeq.
// Contract: src/domain/api/order.ts; behaviour and errors: docs/api.md "Order".
import { and, eq } from 'drizzle-orm';
import {
  orderConfirmInput,
  orderIdInput,
  orderLastInput,
  orderListInput,
  orderMultiConfirmInput,
  type OrderConfirmInfo,
  type OrderDaySeqInfo,
  type OrderMultiConfirmInfo,
} from '../../src/domain/api/order';
import type { z } from 'zod';
import { orders, shops } from '../db/schema';
import {
  actionRoutes,
  BusinessError,
  defineAction,
  type AnyAction,
  type RequestContext,
} from '../http/action';
import { expireDue } from '../modules/orders/order-life-gateway';
import { loadOrderShop, prepareOrder, reject } from '../modules/orders/orders';
import { orderEnvOf } from '../modules/orders/order-env';
import { prepareAppointmentOrder, withNextFree } from '../modules/appointments/appointment-orders';
import { orderMessages } from '../modules/orders/orders-messages';
import {
  findSubmitted,
  lastOrder,
  listOrders,
  orderDetail,
  requestHash,
  submitOrders,
  submittedDetails,
  type OrderView,
  type SubmitResult,
} from '../modules/orders/orders-store';
import type { FastifyInstance } from 'fastify';

const envOf = orderEnvOf;

const view = (ctx: RequestContext): OrderView => ({ locale: ctx.catalogueLocale, now: ctx.now });

/** A refusal of one cart of several names its shop. */
function withShop(error: unknown, shopId: number): unknown {
  if (!(error instanceof BusinessError) || !error.info || typeof error.info !== 'object') return error;
  return new BusinessError(error.key, error.params, { ...error.info, shopId }, error.status);
}

/**
 * A submit runs once per idempotency key. A repeat is answered as the first one was: its key conflicts in
 * the submit's transaction, or, when a rule now refuses it (stock or hours moved since, or a concurrent
 * submit with the same key took the last item), the refusal gives way to the earlier submit's orders, so a
 * retry or a double tap never reads "sold out" about its own order. A new submit, the common case, so
 * spends no statement looking for an earlier one (decision K12).
 */
async function submitOnce(
  app: FastifyInstance,
  customerId: number,
  key: string,
  hash: string,
  submit: () => Promise<SubmitResult>,
): Promise<SubmitResult> {
  try {
    return await submit();
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    const won = await findSubmitted(app.db, customerId, key, hash);
    if (won) return { orderIds: won, replayed: true };
    throw error;
  }
}

/** order/multiConfirm's carts, each for a shop of the session's chain, prepared and placed together. */
async function submitMulti(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: z.output<typeof orderMultiConfirmInput>,
  hash: string,
): Promise<SubmitResult> {
  const chainId = ctx.session.chainId;
  const env = envOf(app, ctx);
  const prepared = [];
  for (const { shopId, ...cart } of input.carts) {
    const [shop] =
      chainId === null
        ? []
        : await app.db
            .select({ id: shops.id })
            .from(shops)
            .where(and(eq(shops.id, shopId), eq(shops.chainId, chainId)));
    if (!shop) throw reject('notChainShop', orderMessages.notChainShop, { id: shopId }, { shopId });
    // An appointment books a technician's time with its own page and checks: never one cart of several.
    if (cart.type === 'appointment')
      throw reject('orderTypeUnavailable', orderMessages.orderTypeUnavailable, undefined, { shopId });
    try {
      prepared.push(await prepareOrder(env, await loadOrderShop(env, shopId), cart));
    } catch (error) {
      throw withShop(error, shopId);
    }
  }
  return submitOrders(app.db, {
    customerId: ctx.session.customerId,
    key: input.idempotencyKey,
    hash,
    prepared,
    locale: ctx.catalogueLocale,
    now: ctx.now,
  });
}

const actions: AnyAction[] = [
  defineAction({
    area: 'order',
    action: 'confirm',
    input: orderConfirmInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<OrderConfirmInfo> => {
      const { idempotencyKey: key, ...cart } = input;
      const customerId = ctx.session.customerId;
      const hash = requestHash({ shopId: ctx.session.shopId, cart });
      const result = await submitOnce(app, customerId, key, hash, async () => {
        const env = envOf(app, ctx);
        // An appointment is checked and booked with its order (server/modules/appointments).
        const prepared =
          cart.type === 'appointment'
            ? await prepareAppointmentOrder(app, env, cart)
            : await prepareOrder(env, await loadOrderShop(env, ctx.session.shopId), cart);
        try {
          return await submitOrders(app.db, {
            customerId,
            key,
            hash,
            prepared: [prepared],
            locale: ctx.catalogueLocale,
            now: ctx.now,
          });
        } catch (error) {
          throw prepared.booking ? await withNextFree(env, cart, error) : error;
        }
      });
      const [order] = await submittedDetails(app.db, customerId, result, view(ctx));
      return { order: order!, replayed: result.replayed };
    },
  }),

  defineAction({
    area: 'order',
    action: 'multiConfirm',
    input: orderMultiConfirmInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<OrderMultiConfirmInfo> => {
      const customerId = ctx.session.customerId;
      const hash = requestHash({ shopId: ctx.session.shopId, carts: input.carts });
      const result = await submitOnce(app, customerId, input.idempotencyKey, hash, () =>
        submitMulti(app, ctx, input, hash),
      );
      return {
        orders: await submittedDetails(app.db, customerId, result, view(ctx)),
        replayed: result.replayed,
      };
    },
  }),

  defineAction({
    area: 'order',
    action: 'list',
    input: orderListInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => {
      // Unpaid orders past their deadline read as cancelled even when no sweeper ran since.
      await expireDue(app, ctx.now, { customerId: ctx.session.customerId });
      return listOrders(app.db, {
        customerId: ctx.session.customerId,
        shopId: input.thisShopOnly ? ctx.session.shopId : null,
        statuses: input.status,
        page: input.page,
        pageLimit: input.pageLimit,
        view: view(ctx),
      });
    },
  }),

  defineAction({
    area: 'order',
    action: 'detail',
    input: orderIdInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => {
      await expireDue(app, ctx.now, { customerId: ctx.session.customerId });
      return orderDetail(app.db, ctx.session.customerId, input.id, view(ctx));
    },
  }),

  defineAction({
    area: 'order',
    action: 'last',
    input: orderLastInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ ctx, app }) => {
      await expireDue(app, ctx.now, { customerId: ctx.session.customerId });
      return lastOrder(app.db, ctx.session.customerId, ctx.session.shopId, view(ctx));
    },
  }),

  defineAction({
    area: 'order',
    action: 'daySeq',
    input: orderIdInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }): Promise<OrderDaySeqInfo> => {
      const [row] = await app.db
        .select({ id: orders.id, daySeq: orders.daySeq, businessDate: orders.businessDate })
        .from(orders)
        .where(and(eq(orders.id, input.id), eq(orders.customerId, ctx.session.customerId)));
      if (!row)
        throw new BusinessError(orderMessages.orderNotFound, undefined, { reason: 'orderNotFound' }, 404);
      return row;
    },
  }),
];

export default actionRoutes(actions);

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
import { orders, shops } from '../db/schema';
import {
  actionRoutes,
  BusinessError,
  defineAction,
  type AnyAction,
  type RequestContext,
} from '../http/action';
import { expireDue } from '../modules/order-life-gateway';
import { loadOrderShop, prepareOrder, reject, type OrderEnv } from '../modules/orders';
import { orderMessages } from '../modules/orders-messages';
import {
  findSubmitted,
  lastOrder,
  listOrders,
  orderDetail,
  orderDetails,
  requestHash,
  submitOrders,
  type OrderView,
} from '../modules/orders-store';
import type { FastifyInstance } from 'fastify';

const envOf = (app: FastifyInstance, ctx: RequestContext<'session'>): OrderEnv => ({
  db: app.db,
  session: ctx.session,
  now: ctx.now,
  locale: ctx.locale,
  catalogueLocale: ctx.catalogueLocale,
  abroad: ctx.abroad,
  userAgentType: ctx.userAgentType,
});

const view = (ctx: RequestContext): OrderView => ({ locale: ctx.catalogueLocale, now: ctx.now });

/** A refusal of one cart of several names its shop. */
function withShop(error: unknown, shopId: number): unknown {
  if (!(error instanceof BusinessError) || !error.info || typeof error.info !== 'object') return error;
  return new BusinessError(error.key, error.params, { ...error.info, shopId }, error.status);
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
      // A repeat is answered before any rule is checked again: stock or hours may have moved since.
      const earlier = await findSubmitted(app.db, customerId, key, hash);
      if (earlier) {
        const [order] = await orderDetails(app.db, customerId, earlier, view(ctx));
        return { order: order!, replayed: true };
      }
      const env = envOf(app, ctx);
      const shop = await loadOrderShop(env, ctx.session.shopId);
      const prepared = await prepareOrder(env, shop, cart);
      const result = await submitOrders(app.db, {
        customerId,
        key,
        hash,
        prepared: [prepared],
        locale: ctx.catalogueLocale,
        now: ctx.now,
      });
      const [order] = await orderDetails(app.db, customerId, result.orderIds, view(ctx));
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
      const earlier = await findSubmitted(app.db, customerId, input.idempotencyKey, hash);
      if (earlier) {
        return {
          orders: await orderDetails(app.db, customerId, earlier, view(ctx)),
          replayed: true,
        };
      }
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
        try {
          prepared.push(await prepareOrder(env, await loadOrderShop(env, shopId), cart));
        } catch (error) {
          throw withShop(error, shopId);
        }
      }
      const result = await submitOrders(app.db, {
        customerId,
        key: input.idempotencyKey,
        hash,
        prepared,
        locale: ctx.catalogueLocale,
        now: ctx.now,
      });
      return {
        orders: await orderDetails(app.db, customerId, result.orderIds, view(ctx)),
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

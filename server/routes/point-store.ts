// The points store calls: activity/getPointExchangeStoreProducts, activity/pointStoreCouponDetail,
// activity/pointExchangeProduct (spec §7) and activity/pointExchangeDetail (an addition, for the
// exchange-success page). Contract: src/domain/api/point-store.ts; docs/api.md "Points store".
import type { FastifyInstance } from 'fastify';
import {
  pointExchangeDetailInput,
  pointExchangeInput,
  pointStoreCouponDetailInput,
  pointStoreItemsInput,
} from '../../src/domain/api/point-store';
import { actionRoutes, defineAction, type AnyAction } from '../http/action';
import { exchangeDetail, exchangePoints } from '../modules/point-store/exchange';
import { storeItemDetail, storeItems } from '../modules/point-store/items';

const actions: AnyAction[] = [
  defineAction({
    area: 'activity',
    action: 'getPointExchangeStoreProducts',
    input: pointStoreItemsInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => storeItems(app, ctx, input),
  }),
  defineAction({
    area: 'activity',
    action: 'pointStoreCouponDetail',
    input: pointStoreCouponDetailInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => storeItemDetail(app, ctx, input),
  }),
  defineAction({
    area: 'activity',
    action: 'pointExchangeProduct',
    input: pointExchangeInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => exchangePoints(app, ctx, input),
  }),
  defineAction({
    area: 'activity',
    action: 'pointExchangeDetail',
    input: pointExchangeDetailInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => exchangeDetail(app, ctx, input),
  }),
];

export default async function pointStoreRoutes(app: FastifyInstance) {
  await app.register(actionRoutes(actions));
}

// The limit card calls: store/limitCardList and store/limitCardUseList. Contract:
// src/domain/api/limit-card.ts; docs/api.md "Limit cards". An order pays with a card through order/confirm's
// limitCardId (server/modules/limit-cards/limit-card-orders.ts).
import type { FastifyInstance } from 'fastify';
import { limitCardListInput, limitCardUseListInput } from '../../src/domain/api/limit-card';
import { actionRoutes, defineAction, type AnyAction } from '../http/action';
import { limitCardList, limitCardUseList } from '../modules/limit-cards/limit-cards';

const actions: AnyAction[] = [
  defineAction({
    area: 'store',
    action: 'limitCardList',
    input: limitCardListInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => limitCardList(app, ctx, input),
  }),
  defineAction({
    area: 'store',
    action: 'limitCardUseList',
    input: limitCardUseListInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => limitCardUseList(app, ctx, input),
  }),
];

export default async function limitCardRoutes(app: FastifyInstance) {
  await app.register(actionRoutes(actions));
}

// The member-money calls: vip/payRules, vip/giftAmountRules, vip/charge, vip/chargeResult, vip/doc and
// vip/pointDoc. Contract: src/domain/api/member-money.ts; docs/api.md "Member money". A recharge is paid
// through the gateway notifications of server/routes/payment.ts (applyGatewayState hands it on).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  chargeInput,
  chargeResultInput,
  giftAmountRulesInput,
  memberDocInput,
  payRulesInput,
  pointDocInput,
} from '../../src/domain/api/member-money';
import { actionRoutes, defineAction, type AnyAction } from '../http/action';
import { memberDoc, pointDoc } from '../modules/member-money/docs';
import { rechargeResult, startRecharge } from '../modules/member-money/recharges';
import { giftAmountRules, payRules } from '../modules/member-money/rules';

/** The gateway's return and notify origin, by the same rule as order/pay (server/routes/payment.ts). */
const originOf = (app: FastifyInstance, request: FastifyRequest) =>
  app.payments.publicUrl ??
  (app.payments.trustProxy ? `${request.protocol}://${request.host}` : app.payments.listenOrigin());

const actions: AnyAction[] = [
  defineAction({
    area: 'vip',
    action: 'payRules',
    input: payRulesInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => payRules(app, ctx, input),
  }),
  defineAction({
    area: 'vip',
    action: 'giftAmountRules',
    input: giftAmountRulesInput,
    auth: 'session',
    handler: async ({ ctx, app }) => giftAmountRules(app, ctx),
  }),
  defineAction({
    area: 'vip',
    action: 'charge',
    input: chargeInput,
    auth: 'session',
    handler: async ({ input, ctx, app, request }) => startRecharge(app, ctx, input, originOf(app, request)),
  }),
  defineAction({
    area: 'vip',
    action: 'chargeResult',
    input: chargeResultInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => rechargeResult(app, ctx, input.id),
  }),
  defineAction({
    area: 'vip',
    action: 'doc',
    input: memberDocInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => memberDoc(app, ctx, input),
  }),
  defineAction({
    area: 'vip',
    action: 'pointDoc',
    input: pointDocInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }) => pointDoc(app, ctx, input),
  }),
];

export default async function memberMoneyRoutes(app: FastifyInstance) {
  await app.register(actionRoutes(actions));
}

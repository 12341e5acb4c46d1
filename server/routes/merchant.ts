// The merchant API: POST /merchant/api/orders and POST /merchant/api/<action> for every MERCHANT_ACTIONS
// entry, header `Authorization: Bearer <merchant key>`. Replies use the consumer API's envelope
// ({ result, info, message }) in the language of the `language` header; a missing or unknown key is 401,
// another shop's order 404, an action from the wrong status 409 with nothing changed. The open table's
// kitchen (table/<action>) and a beauty shop's appointments (appointment/<action>, appointment/day) follow
// the same rules. docs/api.md "Merchant API" and "Appointments"; the CLI is scripts/merchant.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MERCHANT_ACTIONS,
  MERCHANT_API_BASE,
  merchantActionInput,
  merchantOrdersInput,
  type MerchantAction,
} from '../../src/domain/api/order-life';
import { catalogueLocaleOf, type OrderStatus } from '../../src/domain/enums';
import {
  BusinessError,
  envelope,
  HttpError,
  refuseForbiddenText,
  requestLocale,
  sendFailure,
} from '../http/action';
import { describeIssues, translate, zodErrorMap } from '../i18n';
import {
  bearerKey,
  listMerchantOrders,
  merchantAct,
  merchantShopOf,
  type MerchantEnv,
} from '../modules/merchant/merchant';
import { isDemoMerchantKey } from '../modules/merchant/merchant-keys';
import { actionNames, merchantMessages, statusNames } from '../modules/merchant/merchant-messages';
import { expireDue } from '../modules/orders/order-life-gateway';
import { KITCHEN_ACTIONS } from '../../src/domain/api/open-table';
import { kitchenAct } from '../modules/open-table/kitchen';
import { shopTabs } from '../modules/open-table/shop-tabs';
import { openTableMessages } from '../modules/open-table/open-table-messages';
import {
  APPOINTMENT_MERCHANT_ACTIONS,
  merchantAppointmentInput,
  merchantDayInput,
} from '../../src/domain/api/beauty';
import {
  appointmentAct,
  technicianDay,
  type MerchantAppointmentEnv,
} from '../modules/appointments/merchant-appointments';
import { appointmentDoneMessages } from '../modules/appointments/appointment-messages';

/** A kitchen move names its round, line or tab; a return or rejection may say why. */
const kitchenInput = z
  .object({
    id: z.number().int().positive().max(2_147_483_647),
    reason: z.string().trim().max(100).optional(),
  })
  .strict();

async function parse<S extends z.ZodType>(request: FastifyRequest, schema: S): Promise<z.output<S>> {
  const { locale } = requestLocale(request);
  const body = request.body === undefined || request.body === null ? {} : request.body;
  refuseForbiddenText(body, 400);
  const parsed = schema.safeParse(body, { error: zodErrorMap(locale) });
  if (!parsed.success)
    throw new BusinessError('request.invalid', { detail: describeIssues(parsed.error.issues) }, null, 400);
  return parsed.data;
}

const merchantRoutes: FastifyPluginAsync = async (app) => {
  /** Runs a merchant call: key → shop, then the handler; failures become envelopes. */
  const handle =
    (run: (env: MerchantEnv, request: FastifyRequest) => Promise<{ info: unknown; message: string }>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const { authorization } = request.headers;
        const { demoMode } = app.settings;
        const shopId = await merchantShopOf(app.db, authorization, { demoKeys: demoMode });
        if (shopId === null) {
          const demoKey = !demoMode && isDemoMerchantKey(bearerKey(authorization) ?? '');
          throw new HttpError(401, demoKey ? merchantMessages.demoKeyRefused : merchantMessages.keyRequired);
        }
        const { locale } = requestLocale(request);
        const env: MerchantEnv = {
          app,
          db: app.db,
          shopId,
          now: app.now(),
          locale: catalogueLocaleOf(locale),
          names: {
            status: (status: OrderStatus) => statusNames[status][locale],
            action: (action: MerchantAction) => actionNames[action][locale],
          },
        };
        const { info, message } = await run(env, request);
        return envelope(true, info, message);
      } catch (error) {
        if (error instanceof BusinessError) return sendFailure(request, reply, error);
        throw error;
      }
    };

  app.post(
    `${MERCHANT_API_BASE}/orders`,
    handle(async (env, request) => {
      const input = await parse(request, merchantOrdersInput);
      // The shop's list shows unpaid orders past their deadline as cancelled, as the customer sees them.
      await expireDue(app, env.now, { shopId: env.shopId });
      const info = await listMerchantOrders(env.db, env.shopId, input, { locale: env.locale, now: env.now });
      return { info, message: '' };
    }),
  );

  // The open table: the shop's live tabs (server/modules/open-table/shop-tabs.ts), its kitchen and timer
  // (server/modules/open-table/kitchen.ts).
  app.post(
    `${MERCHANT_API_BASE}/table/tabs`,
    handle(async (env, request) => {
      await parse(request, z.object({}).strict());
      const { locale } = requestLocale(request);
      return { info: { tabs: await shopTabs(env.db, env.shopId, locale, env.locale) }, message: '' };
    }),
  );
  for (const action of KITCHEN_ACTIONS) {
    app.post(
      `${MERCHANT_API_BASE}/table/${action}`,
      handle(async (env, request) => {
        const input = await parse(request, kitchenInput);
        const { locale } = requestLocale(request);
        const info = await kitchenAct(env.db, env.shopId, action, input, env.now);
        return { info, message: translate(locale, openTableMessages.kitchenDone) };
      }),
    );
  }

  // Appointments (server/modules/appointments/merchant-appointments.ts): a technician's day and the moves.
  const appointmentEnv = (env: MerchantEnv, request: FastifyRequest): MerchantAppointmentEnv => ({
    app,
    db: env.db,
    shopId: env.shopId,
    now: env.now,
    locale: requestLocale(request).locale,
    catalogueLocale: env.locale,
  });
  app.post(
    `${MERCHANT_API_BASE}/appointment/day`,
    handle(async (env, request) => {
      const input = await parse(request, merchantDayInput);
      // Unpaid appointments past their deadline are not in the day.
      await expireDue(app, env.now, { shopId: env.shopId });
      return { info: await technicianDay(appointmentEnv(env, request), input), message: '' };
    }),
  );
  for (const action of APPOINTMENT_MERCHANT_ACTIONS) {
    app.post(
      `${MERCHANT_API_BASE}/appointment/${action}`,
      handle(async (env, request) => {
        const input = await parse(request, merchantAppointmentInput);
        const { locale } = requestLocale(request);
        await expireDue(app, env.now, { shopId: env.shopId });
        const appointment = await appointmentAct(appointmentEnv(env, request), action, input);
        return { info: { appointment }, message: translate(locale, appointmentDoneMessages.merchantDone) };
      }),
    );
  }

  for (const action of MERCHANT_ACTIONS) {
    app.post(
      `${MERCHANT_API_BASE}/${action}`,
      handle(async (env, request) => {
        const input = await parse(request, merchantActionInput);
        const { locale } = requestLocale(request);
        const outcome = await merchantAct(env, action, input);
        const params = {
          orderNo: outcome.order.orderNo,
          action: env.names.action(action),
          status: env.names.status(outcome.order.status),
        };
        if (outcome.refundFailed)
          throw new BusinessError(merchantMessages.refundFailed, params, { order: outcome.order }, 502);
        return { info: { order: outcome.order }, message: translate(locale, merchantMessages.done, params) };
      }),
    );
  }
};

export default merchantRoutes;

// The appointment calls (spec §7 beauty/users, beauty/alreadyAppointmentTimes; issue 16): technicians,
// the shop's booking settings, availability, holds for the confirm page and the customer's appointments.
// The booking itself is order/confirm with type appointment (server/routes/order.ts). Contract:
// src/domain/api/beauty.ts; docs/api.md "Appointments"; server/modules/appointments.
import {
  alreadyAppointmentTimesInput,
  beautyAppointmentIdInput,
  beautyAppointmentsInput,
  beautyAvailabilityInput,
  beautyCancelInput,
  beautyHoldIdInput,
  beautyHoldInput,
  beautyRescheduleInput,
  beautySettingsInput,
  beautyUsersInput,
  type AlreadyAppointmentTimesInfo,
  type AppointmentHold,
  type AppointmentInfo,
  type BeautyAppointmentsInfo,
  type BeautyAvailabilityInfo,
  type BeautyCancelInfo,
  type BeautyReleaseHoldInfo,
  type BeautySettingsInfo,
  type BeautyUsersInfo,
} from '../../src/domain/api/beauty';
import { actionRoutes, defineAction, withMessage, type AnyAction, type RequestContext } from '../http/action';
import {
  appointmentOfOrder,
  cancelByCustomer,
  listAppointments,
  ownBooking,
  rescheduleAppointment,
} from '../modules/appointments/appointment-changes';
import { appointmentDoneMessages } from '../modules/appointments/appointment-messages';
import {
  availabilityOf,
  bookableService,
  busyFor,
  expireShopDue,
  openBooking,
  serviceUsersOf,
  settingsOf,
  takenTimes,
  techniciansFor,
} from '../modules/appointments/appointments';
import { extendHold, releaseHold, takeHold } from '../modules/appointments/holds';
import { orderEnvOf } from '../modules/orders/order-env';
import { expireDue } from '../modules/orders/order-life-gateway';
import type { OrderView } from '../modules/orders/orders-store';

const envOf = orderEnvOf;
const view = (ctx: RequestContext): OrderView => ({ locale: ctx.catalogueLocale, now: ctx.now });

const actions: AnyAction[] = [
  defineAction({
    area: 'beauty',
    action: 'users',
    input: beautyUsersInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<BeautyUsersInfo> => {
      const open = await openBooking(envOf(app, ctx));
      return { list: serviceUsersOf(open, input, ctx.catalogueLocale) };
    },
  }),
  defineAction({
    area: 'beauty',
    action: 'settings',
    input: beautySettingsInput,
    auth: 'session',
    handler: async ({ ctx, app }): Promise<BeautySettingsInfo> =>
      settingsOf(await openBooking(envOf(app, ctx))),
  }),
  defineAction({
    area: 'beauty',
    action: 'availability',
    input: beautyAvailabilityInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<BeautyAvailabilityInfo> => {
      const env = envOf(app, ctx);
      const open = await openBooking(env);
      const service = bookableService(open, input.productId, input.specId, ctx.catalogueLocale);
      const techs = techniciansFor(open.ctx, service, input.serviceUserId, ctx.catalogueLocale);
      await expireShopDue(app, ctx.session.shopId, ctx.now);
      const busy = await busyFor(env, open.ctx, techs, service);
      return availabilityOf(open, {
        service,
        specId: input.specId ?? null,
        serviceUserId: input.serviceUserId ?? null,
        techs,
        busy,
        date: input.date,
        days: input.days,
        now: ctx.now,
        locale: ctx.catalogueLocale,
      });
    },
  }),
  defineAction({
    area: 'beauty',
    action: 'alreadyAppointmentTimes',
    input: alreadyAppointmentTimesInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<AlreadyAppointmentTimesInfo> => {
      const env = envOf(app, ctx);
      const open = await openBooking(env);
      await expireShopDue(app, ctx.session.shopId, ctx.now);
      return takenTimes(env, open.ctx, input.serviceUserId, input.date);
    },
  }),
  defineAction({
    area: 'beauty',
    action: 'hold',
    input: beautyHoldInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<AppointmentHold> => takeHold(app, envOf(app, ctx), input),
  }),
  defineAction({
    area: 'beauty',
    action: 'extendHold',
    input: beautyHoldIdInput,
    auth: 'session',
    handler: ({ input, ctx, app }): Promise<AppointmentHold> => extendHold(envOf(app, ctx), input.id),
  }),
  defineAction({
    area: 'beauty',
    action: 'releaseHold',
    input: beautyHoldIdInput,
    auth: 'session',
    // Leaving the page of a shop that has since stopped still lets its time go.
    allowStoppedShop: true,
    handler: ({ input, ctx, app }): Promise<BeautyReleaseHoldInfo> => releaseHold(envOf(app, ctx), input.id),
  }),
  defineAction({
    area: 'beauty',
    action: 'appointments',
    input: beautyAppointmentsInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }): Promise<BeautyAppointmentsInfo> => {
      // Unpaid appointments past their deadline read as cancelled even when no sweeper ran since.
      await expireDue(app, ctx.now, { customerId: ctx.session.customerId });
      return listAppointments(app.db, {
        customerId: ctx.session.customerId,
        shopId: input.thisShopOnly ? ctx.session.shopId : null,
        scope: input.scope,
        page: input.page,
        pageLimit: input.pageLimit,
        view: view(ctx),
      });
    },
  }),
  defineAction({
    area: 'beauty',
    action: 'appointmentDetail',
    input: beautyAppointmentIdInput,
    auth: 'session',
    allowStoppedShop: true,
    handler: async ({ input, ctx, app }): Promise<AppointmentInfo> => {
      await expireDue(app, ctx.now, { customerId: ctx.session.customerId });
      const { order } = await ownBooking(app.db, ctx.session.customerId, input.id);
      return appointmentOfOrder(app.db, ctx.session.customerId, order.id, view(ctx));
    },
  }),
  defineAction({
    area: 'beauty',
    action: 'reschedule',
    input: beautyRescheduleInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const moved = await rescheduleAppointment(app, envOf(app, ctx), input, view(ctx));
      return withMessage<AppointmentInfo>(moved, appointmentDoneMessages.rescheduled, {
        date: moved.date,
        time: moved.time,
      });
    },
  }),
  defineAction({
    area: 'beauty',
    action: 'cancel',
    input: beautyCancelInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) =>
      withMessage<BeautyCancelInfo>(
        await cancelByCustomer(app, envOf(app, ctx), input, view(ctx)),
        appointmentDoneMessages.cancelled,
      ),
  }),
];

export default actionRoutes(actions);

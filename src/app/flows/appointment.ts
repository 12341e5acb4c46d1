// Booking an appointment: the appointment machine with the real calls (beauty/*, the shop's categories and
// products). The pages say what went wrong next to what failed, so business toasts are off; a refusal comes
// back as the contract's reason (the next free times with it), and only a lost answer rejects.
import { fromCallback, fromPromise } from 'xstate';
import type { AppointmentRejectionInfo } from '../../domain/api/beauty';
import {
  appointmentMachine,
  type CatalogRead,
  type HoldResult,
  type KeeperEvent,
  type RescheduleResult,
} from '../../machines/appointment/appointment.machine';
import { appointmentRejectionOf, beautyApi } from '../../services/api/beauty';
import { storeApi } from '../../services/api/store';

const quiet = { toast: false } as const;

/** A call that a refusal answers as well as a success: the refusal's reason, or the call's own result. */
async function orRefusal<T>(call: Promise<T>): Promise<T | { rejection: AppointmentRejectionInfo }> {
  try {
    return await call;
  } catch (error) {
    const rejection = appointmentRejectionOf(error);
    if (!rejection) throw error;
    return { rejection };
  }
}

async function loadCatalog({ rescheduleId }: { rescheduleId: number | null }): Promise<CatalogRead> {
  const [settings, types, products, appointment] = await Promise.all([
    beautyApi.settings({}, quiet),
    storeApi.productTypes({}, quiet),
    storeApi.products({}, quiet),
    rescheduleId !== null ? beautyApi.appointmentDetail({ id: rescheduleId }, quiet) : Promise.resolve(null),
  ]);
  return {
    catalog: {
      settings,
      types: types.list.map((t) => ({ id: t.id, name: t.name })),
      // Asked without a version, the reply always carries the list.
      products: 'list' in products ? products.list : [],
    },
    appointment,
  };
}

export const appointmentFlow = appointmentMachine.provide({
  actors: {
    loadCatalog: fromPromise(({ input }) => loadCatalog(input)),
    loadTimes: fromPromise(async ({ input }) => {
      const [users, availability] = await Promise.all([
        beautyApi.users({ productId: input.productId }, quiet),
        beautyApi.availability({ productId: input.productId, specId: input.specId }, quiet),
      ]);
      return { technicians: users.list, availability };
    }),
    loadFreeTimes: fromPromise(({ input }) =>
      beautyApi.availability(
        {
          productId: input.productId,
          specId: input.specId,
          serviceUserId: input.serviceUserId,
          date: input.date,
          days: input.days,
        },
        quiet,
      ),
    ),
    takeHold: fromPromise(async ({ input }): Promise<HoldResult> =>
      orRefusal(beautyApi.hold(input, quiet).then((hold) => ({ hold }))),
    ),
    extendHold: fromPromise(async ({ input }): Promise<HoldResult> =>
      orRefusal(beautyApi.extendHold(input, quiet).then((hold) => ({ hold }))),
    ),
    // The time goes back as soon as the page leaves it; a release that does not arrive lapses by itself.
    keepHold: fromCallback<KeeperEvent, { id: number }>(({ input, receive }) => {
      let used = false;
      receive((event) => {
        if (event.type === 'hold.used') used = true;
      });
      return () => {
        if (!used) void beautyApi.releaseHold({ id: input.id }, quiet).catch(() => undefined);
      };
    }),
    reschedule: fromPromise(async ({ input }): Promise<RescheduleResult> =>
      orRefusal(beautyApi.reschedule(input, quiet).then((appointment) => ({ appointment }))),
    ),
  },
});

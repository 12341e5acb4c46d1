// Cancelling an appointment: the cancel machine with beauty/cancel. The card says why a cancel was refused,
// so business toasts are off; only a lost answer rejects.
import { fromPromise } from 'xstate';
import {
  appointmentCancelMachine,
  type CancelResult,
} from '../../machines/appointment/appointment-cancel.machine';
import { appointmentRejectionOf, beautyApi } from '../../services/api/beauty';

export const appointmentCancelFlow = appointmentCancelMachine.provide({
  actors: {
    cancelAppointment: fromPromise(async ({ input }): Promise<CancelResult> => {
      try {
        return { cancelled: await beautyApi.cancel({ id: input.id }, { toast: false }) };
      } catch (error) {
        const rejection = appointmentRejectionOf(error);
        if (!rejection) throw error;
        return { rejection };
      }
    }),
  },
});

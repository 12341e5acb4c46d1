// What an appointment's card reads from its cancel flow: the appointment as it stands, whether the
// confirmation is open, the result or the refusal.
import type { SnapshotFrom } from 'xstate';
import type { appointmentCancelMachine } from './appointment-cancel.machine';

type S = SnapshotFrom<typeof appointmentCancelMachine>;

export const selectAppointment = (s: S) => s.context.appointment;
export const selectIsConfirming = (s: S) => s.matches('confirming') || s.matches('cancelling');
export const selectIsCancelling = (s: S) => s.matches('cancelling');
export const selectCanCancel = (s: S) => s.can({ type: 'cancel.ask' });
export const selectRefusal = (s: S) => (s.matches('refused') ? s.context.refusal : null);
export const selectResult = (s: S) => s.context.result;
export const selectError = (s: S) => s.context.error;

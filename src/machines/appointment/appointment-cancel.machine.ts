// Cancelling an appointment from the orders tab or its order's page (issue 16: "cancel within the shop's
// window, and after that is told why not"; docs/api.md beauty/cancel): the customer asks, confirms after
// reading what happens to the time and the money, and the server cancels it (freeing the time, giving back
// what was paid) or says why not. The server decides; the appointment's `actions` only say beforehand.
import { assign, emit, setup } from 'xstate';
import type { AppointmentInfo, AppointmentRejectionInfo, BeautyCancelInfo } from '../../domain/api/beauty';
import { errorMessage, notProvided } from '../shared/not-provided';

/** What beauty/cancel answered: the cancelled appointment and its refund, or the refusal (nothing changed). */
export type CancelResult = { cancelled: BeautyCancelInfo } | { rejection: AppointmentRejectionInfo };

export interface AppointmentCancelContext {
  appointment: AppointmentInfo;
  result: BeautyCancelInfo | null;
  refusal: AppointmentRejectionInfo | null;
  /** No answer came (network), as text from the request layer. */
  error: string | null;
}

export type AppointmentCancelEvent =
  | { type: 'cancel.ask' }
  | { type: 'cancel.keep' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  /** The appointment was read again (the list or the order changed). */
  | { type: 'cancel.update'; appointment: AppointmentInfo };

export type AppointmentCancelEmitted = { type: 'appointment.cancelled'; result: BeautyCancelInfo };

/** After the window closed nothing can change: the appointment says so from now on. */
const blocked = (appointment: AppointmentInfo, rejection: AppointmentRejectionInfo): AppointmentInfo =>
  rejection.reason === 'changeWindowClosed' || rejection.reason === 'notChangeable'
    ? {
        ...appointment,
        actions: { ...appointment.actions, cancel: false, reschedule: false, blockedBy: rejection.reason },
      }
    : appointment;

export const appointmentCancelMachine = setup({
  types: {
    input: {} as { appointment: AppointmentInfo },
    context: {} as AppointmentCancelContext,
    events: {} as AppointmentCancelEvent,
    emitted: {} as AppointmentCancelEmitted,
  },
  actors: {
    /** beauty/cancel: the result, or the refusal; rejects only when no answer came. */
    cancelAppointment: notProvided<CancelResult, { id: number }>('cancelAppointment'),
  },
  guards: {
    canCancel: ({ context }) => context.appointment.actions.cancel,
    isRefusal: (_, params: CancelResult) => 'rejection' in params,
  },
  actions: {
    update: assign((_, params: { appointment: AppointmentInfo }) => ({ appointment: params.appointment })),
    clear: assign({ refusal: null, error: null }),
    storeRefusal: assign(({ context }, params: { rejection: AppointmentRejectionInfo }) => ({
      refusal: params.rejection,
      appointment: blocked(context.appointment, params.rejection),
    })),
    storeResult: assign((_, params: { result: BeautyCancelInfo }) => ({
      result: params.result,
      appointment: params.result.appointment,
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    announceCancelled: emit(({ context }) => ({
      type: 'appointment.cancelled' as const,
      result: context.result!,
    })),
  },
}).createMachine({
  id: 'appointmentCancel',
  context: ({ input }) => ({ appointment: input.appointment, result: null, refusal: null, error: null }),
  initial: 'idle',
  on: {
    'cancel.update': { actions: { type: 'update', params: ({ event }) => event } },
  },
  states: {
    idle: {
      on: { 'cancel.ask': { guard: 'canCancel', target: 'confirming', actions: 'clear' } },
    },
    confirming: {
      on: {
        'cancel.keep': { target: 'idle', actions: 'clear' },
        'cancel.confirm': { target: 'cancelling', actions: 'clear' },
      },
    },
    cancelling: {
      tags: 'busy',
      invoke: {
        src: 'cancelAppointment',
        input: ({ context }) => ({ id: context.appointment.id }),
        onDone: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => event.output },
            target: 'refused',
            actions: {
              type: 'storeRefusal',
              params: ({ event }) => ({
                rejection: (event.output as { rejection: AppointmentRejectionInfo }).rejection,
              }),
            },
          },
          {
            target: 'cancelled',
            actions: {
              type: 'storeResult',
              params: ({ event }) => ({
                result: (event.output as { cancelled: BeautyCancelInfo }).cancelled,
              }),
            },
          },
        ],
        // No answer: it may or may not have been cancelled; the dialog stays to try again.
        onError: {
          target: 'confirming',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    /** The server said why not (the window closed, the status allows no change): told, nothing changed. */
    refused: {
      on: { 'cancel.dismiss': { target: 'idle' } },
    },
    cancelled: { type: 'final', entry: 'announceCancelled' },
  },
});

// Cancelling an appointment as the customer sees it, one source for two walks: tests/model/appointment/
// appointment-cancel.model.test.ts drives the real machine with it, and qa/flows/appointment-cancel.ts the
// orders tab in Chromium.
import { assign, setup } from 'xstate';

export interface AppointmentCancelModelContext {
  /** The last cancel got no answer: the dialog says so. */
  failed: boolean;
}

export type AppointmentCancelModelEvent =
  | { type: 'ASK' }
  | { type: 'KEEP' }
  | { type: 'CONFIRM' }
  | { type: 'CONFIRM_LOST' }
  | { type: 'CONFIRM_TOO_LATE' }
  | { type: 'DISMISS' };

/**
 * The customer asks to cancel, keeps the appointment or confirms; the server cancels it, refuses (the window
 * has closed since the page was read: the card then says why and offers nothing), or no answer comes (the
 * dialog stays to try again).
 */
export const appointmentCancelModel = setup({
  types: { context: {} as AppointmentCancelModelContext, events: {} as AppointmentCancelModelEvent },
  actions: {
    noteFailure: assign({ failed: true }),
    clear: assign({ failed: false }),
  },
}).createMachine({
  id: 'appointmentCancelModel',
  context: { failed: false },
  initial: 'shown',
  states: {
    shown: { on: { ASK: { target: 'confirming', actions: 'clear' } } },
    confirming: {
      on: {
        KEEP: { target: 'shown', actions: 'clear' },
        CONFIRM: 'cancelled',
        CONFIRM_LOST: { actions: 'noteFailure' },
        CONFIRM_TOO_LATE: 'refused',
      },
    },
    refused: { on: { DISMISS: 'blocked' } },
    /** The window closed: no cancel is offered any more. */
    blocked: {},
    cancelled: { type: 'final' },
  },
});

export const APPOINTMENT_CANCEL_EVENTS: AppointmentCancelModelEvent[] = [
  { type: 'ASK' },
  { type: 'KEEP' },
  { type: 'CONFIRM' },
  { type: 'CONFIRM_LOST' },
  { type: 'CONFIRM_TOO_LATE' },
  { type: 'DISMISS' },
];

// Booking an appointment as the customer sees it, one source for two walks: tests/model/appointment/
// appointment.model.test.ts drives the real appointment machine (and the checkout it books through) with
// it, and `npm run qa:replay -- appointment` (qa/flows/appointment.ts) walks the beauty shop's pages in
// Chromium with the same paths.
import { assign, setup } from 'xstate';

export interface AppointmentModelContext {
  /** The technician chosen: anyone, one who is free, or one with no free time in the horizon. */
  who: 'any' | 'free' | 'busy';
  /** A start is chosen on the time grid. */
  start: boolean;
  /** Moving an appointment already booked, rather than booking one. */
  moving: boolean;
  /** What the page says above the times or the offers. */
  notice: 'taken' | 'expired' | 'lost' | null;
}

export type AppointmentModelEvent =
  | { type: 'LOAD_OK' }
  | { type: 'LOAD_FAIL' }
  | { type: 'RETRY' }
  | { type: 'CHOOSE_SERVICE' }
  | { type: 'OPEN_MOVE' }
  | { type: 'TIMES_OK' }
  | { type: 'TIMES_FAIL' }
  | { type: 'CHOOSE_TECHNICIAN' }
  | { type: 'CHOOSE_BUSY_TECHNICIAN' }
  | { type: 'CHOOSE_ANY' }
  | { type: 'CHOOSE_DATE' }
  | { type: 'CHOOSE_START' }
  | { type: 'CONTINUE' }
  | { type: 'MOVE_OK' }
  | { type: 'MOVE_TAKEN' }
  | { type: 'MOVE_CLOSED' }
  | { type: 'HOLD_OK' }
  | { type: 'HOLD_TAKEN' }
  | { type: 'HOLD_REFUSED' }
  | { type: 'HOLD_FAIL' }
  | { type: 'EXTEND' }
  | { type: 'EXPIRE' }
  | { type: 'SUBMIT' }
  | { type: 'SUBMIT_TAKEN' }
  | { type: 'SUBMIT_HOLD_GONE' }
  | { type: 'CHOOSE_FREE_TIME' }
  | { type: 'CHANGE_TIME' };

/**
 * The customer's view of booking: the services load (or fail), a service is chosen and its technicians and
 * times load, a technician (one who is free, one who is not, or anyone), a date and a start are chosen; the
 * confirm page holds the time (or is told it was just taken, or is refused, or gets no answer), keeps it
 * while the page stays, loses it when it lapses, and books it through the checkout, which may find it taken
 * or the hold gone. A taken or lost time offers the next free ones; the customer may always go back to the
 * times. Moving an appointment reuses the times and ends moved, refused for good, or with the time taken.
 */
export const appointmentModel = setup({
  types: { context: {} as AppointmentModelContext, events: {} as AppointmentModelEvent },
  guards: {
    hasFreeTechnician: ({ context }) => context.who !== 'busy',
    canBook: ({ context }) => context.start && !context.moving,
    canMove: ({ context }) => context.start && context.moving,
  },
  actions: {
    book: assign({ moving: false, who: 'any' as const, start: false, notice: null }),
    move: assign({ moving: true, who: 'free' as const, start: false, notice: null }),
    /** A radio already chosen changes nothing when tapped again (the notice stays). */
    choose: assign(({ context }, who: AppointmentModelContext['who']) =>
      who === context.who ? {} : { who, ...(who === 'busy' ? { start: false } : {}), notice: null },
    ),
    chooseDate: assign({ start: false }),
    chooseStart: assign({ start: true, notice: null }),
    note: assign((_, notice: AppointmentModelContext['notice']) => ({ notice })),
    /** Back on the times the page reads them again; the day stays, the time is chosen anew. */
    backToTimes: assign({ start: false, notice: null }),
    takenWhileMoving: assign({ start: false, notice: 'taken' as const }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'appointmentModel',
  context: { who: 'any', start: false, moving: false, notice: null },
  initial: 'loading',
  states: {
    loading: { on: { LOAD_OK: 'services', LOAD_FAIL: 'loadFailed' } },
    loadFailed: { on: { RETRY: 'loading' } },
    services: {
      on: {
        CHOOSE_SERVICE: { target: 'times', actions: 'book' },
        OPEN_MOVE: { target: 'times', actions: 'move' },
      },
    },
    times: {
      initial: 'loading',
      states: {
        loading: { on: { TIMES_OK: 'ready', TIMES_FAIL: 'failed' } },
        failed: { on: { RETRY: 'loading' } },
        ready: {
          on: {
            CHOOSE_TECHNICIAN: { actions: { type: 'choose', params: 'free' } },
            CHOOSE_BUSY_TECHNICIAN: { actions: { type: 'choose', params: 'busy' } },
            CHOOSE_ANY: { actions: { type: 'choose', params: 'any' } },
            CHOOSE_DATE: { guard: 'hasFreeTechnician', actions: 'chooseDate' },
            CHOOSE_START: { guard: 'hasFreeTechnician', actions: 'chooseStart' },
            CONTINUE: [
              { guard: 'canBook', target: '#appointmentModel.confirm' },
              { guard: 'canMove', target: '#appointmentModel.moving' },
            ],
          },
        },
      },
    },
    moving: {
      on: {
        MOVE_OK: 'moved',
        MOVE_TAKEN: { target: 'times.ready', actions: 'takenWhileMoving' },
        MOVE_CLOSED: 'moveBlocked',
      },
    },
    moved: { type: 'final' },
    moveBlocked: { type: 'final' },
    confirm: {
      initial: 'holding',
      on: { CHANGE_TIME: { target: 'times', actions: 'backToTimes' } },
      states: {
        holding: {
          on: {
            HOLD_OK: { target: 'held', actions: 'clearNotice' },
            HOLD_TAKEN: { target: 'taken', actions: { type: 'note', params: 'taken' } },
            HOLD_REFUSED: 'refused',
            HOLD_FAIL: 'holdFailed',
          },
        },
        held: {
          on: {
            EXTEND: {},
            EXPIRE: { target: 'lost', actions: { type: 'note', params: 'expired' } },
            SUBMIT: '#appointmentModel.booked',
            SUBMIT_TAKEN: { target: 'taken', actions: { type: 'note', params: 'taken' } },
            SUBMIT_HOLD_GONE: { target: 'lost', actions: { type: 'note', params: 'lost' } },
          },
        },
        taken: { on: { CHOOSE_FREE_TIME: 'holding' } },
        lost: { on: { CHOOSE_FREE_TIME: 'holding' } },
        refused: {},
        holdFailed: { on: { RETRY: 'holding' } },
      },
    },
    booked: { type: 'final' },
  },
});

export const APPOINTMENT_EVENTS: AppointmentModelEvent[] = [
  { type: 'LOAD_OK' },
  { type: 'LOAD_FAIL' },
  { type: 'RETRY' },
  { type: 'CHOOSE_SERVICE' },
  { type: 'OPEN_MOVE' },
  { type: 'TIMES_OK' },
  { type: 'TIMES_FAIL' },
  { type: 'CHOOSE_TECHNICIAN' },
  { type: 'CHOOSE_BUSY_TECHNICIAN' },
  { type: 'CHOOSE_ANY' },
  { type: 'CHOOSE_DATE' },
  { type: 'CHOOSE_START' },
  { type: 'CONTINUE' },
  { type: 'MOVE_OK' },
  { type: 'MOVE_TAKEN' },
  { type: 'MOVE_CLOSED' },
  { type: 'HOLD_OK' },
  { type: 'HOLD_TAKEN' },
  { type: 'HOLD_REFUSED' },
  { type: 'HOLD_FAIL' },
  { type: 'EXTEND' },
  { type: 'EXPIRE' },
  { type: 'SUBMIT' },
  { type: 'SUBMIT_TAKEN' },
  { type: 'SUBMIT_HOLD_GONE' },
  { type: 'CHOOSE_FREE_TIME' },
  { type: 'CHANGE_TIME' },
];

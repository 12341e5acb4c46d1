import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AppointmentInfo } from '../../../src/domain/api/beauty';
import {
  appointmentCancelMachine,
  type AppointmentCancelEmitted,
  type CancelResult,
} from '../../../src/machines/appointment/appointment-cancel.machine';
import * as select from '../../../src/machines/appointment/appointment-cancel.selectors';
import {
  APPOINTMENT_CANCEL_EVENTS as EVENTS,
  appointmentCancelModel as model,
  type AppointmentCancelModelContext,
} from '../../../qa/models/appointment-cancel.model';
import { coveragePaths, settle } from '../support';

const APPOINTMENT: AppointmentInfo = {
  id: 77,
  orderId: 4077,
  orderNo: 'A4077',
  orderStatus: 'pending',
  shopId: 5,
  shopName: 'Lumière',
  status: 'booked',
  service: { productId: 5102, specId: null, name: 'Women’s Cut', specName: null, image: '' },
  serviceUser: { id: 5601, jobNo: 'S01', userName: 'Coco', tagName: 'Stylist', headImage: '' },
  assigned: false,
  timeZone: 'Asia/Shanghai',
  date: '2026-11-21',
  time: '10:00',
  endTime: '11:15',
  startAt: '2026-11-21T10:00:00+08:00',
  endAt: '2026-11-21T11:15:00+08:00',
  duration: 75,
  beautyUserName: '',
  beautyUserPhone: '',
  changeDeadlineAt: '2026-11-20T10:00:00+08:00',
  freeChangeHours: 24,
  total: 22800,
  currency: 'CNY',
  numberDecimals: 2,
  paid: true,
  merchantReason: '',
  actions: { reschedule: true, cancel: true, pay: false, blockedBy: null },
  createdAt: '2026-11-19T09:00:00Z',
};
const CANCELLED: CancelResult = {
  cancelled: {
    appointment: {
      ...APPOINTMENT,
      status: 'cancelled',
      orderStatus: 'refund',
      actions: { reschedule: false, cancel: false, pay: false, blockedBy: 'notChangeable' },
    },
    refund: { amount: 22800, to: 'memberCard' },
  },
};

type Answer = 'cancelled' | 'lost' | 'tooLate';

function start() {
  let answer: Answer = 'cancelled';
  const calls: number[] = [];
  const emitted: AppointmentCancelEmitted[] = [];
  const actor = createActor(
    appointmentCancelMachine.provide({
      actors: {
        cancelAppointment: fromPromise(async ({ input }): Promise<CancelResult> => {
          calls.push(input.id);
          if (answer === 'lost') throw new Error('timeout');
          if (answer === 'tooLate')
            return {
              rejection: {
                reason: 'changeWindowClosed',
                changeDeadlineAt: APPOINTMENT.changeDeadlineAt,
                freeChangeHours: 24,
              },
            };
          return CANCELLED;
        }),
      },
    }),
    { input: { appointment: APPOINTMENT } },
  );
  actor.on('*', (e) => emitted.push(e as AppointmentCancelEmitted));
  actor.start();
  return {
    actor,
    calls,
    emitted,
    answer: (next: Answer) => {
      answer = next;
    },
  };
}

describe('appointment cancel (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const run = start();
      const snap = () => run.actor.getSnapshot();
      const confirm = async (answer: Answer) => {
        run.answer(answer);
        run.actor.send({ type: 'cancel.confirm' });
        expect(select.selectIsCancelling(snap())).toBe(true);
        await settle();
      };
      await path.run({
        states: {
          shown: () => {
            expect(select.selectCanCancel(snap())).toBe(true);
            expect(select.selectIsConfirming(snap())).toBe(false);
          },
          confirming: ({ context }) => {
            expect(select.selectIsConfirming(snap())).toBe(true);
            expect(select.selectError(snap())).toBe(
              (context as AppointmentCancelModelContext).failed ? 'timeout' : null,
            );
          },
          refused: () => {
            expect(select.selectRefusal(snap())?.reason).toBe('changeWindowClosed');
            expect(run.emitted).toEqual([]);
          },
          blocked: () => {
            expect(select.selectCanCancel(snap())).toBe(false);
            expect(select.selectAppointment(snap()).actions.blockedBy).toBe('changeWindowClosed');
            run.actor.send({ type: 'cancel.ask' });
            expect(select.selectIsConfirming(snap())).toBe(false);
          },
          cancelled: () => {
            expect(snap().status).toBe('done');
            expect(select.selectAppointment(snap()).status).toBe('cancelled');
            expect(run.emitted).toEqual([
              { type: 'appointment.cancelled', result: (CANCELLED as { cancelled: unknown }).cancelled },
            ]);
            expect(run.calls).toEqual(run.calls.map(() => 77));
          },
        },
        events: {
          ASK: () => run.actor.send({ type: 'cancel.ask' }),
          KEEP: () => run.actor.send({ type: 'cancel.keep' }),
          CONFIRM: () => confirm('cancelled'),
          CONFIRM_LOST: () => confirm('lost'),
          CONFIRM_TOO_LATE: () => confirm('tooLate'),
          DISMISS: () => run.actor.send({ type: 'cancel.dismiss' }),
        },
      });
      run.actor.stop();
    });
  }

  it('an appointment read again replaces the one the card started with', () => {
    const run = start();
    run.actor.send({
      type: 'cancel.update',
      appointment: { ...APPOINTMENT, actions: { ...APPOINTMENT.actions, cancel: false } },
    });
    run.actor.send({ type: 'cancel.ask' });
    expect(select.selectIsConfirming(run.actor.getSnapshot())).toBe(false);
  });
});

// Cancelling an appointment as QA replays it: a new customer of the beauty studio (demo shop 5) with a
// blow-dry booked days ahead through the API, on the orders tab. Each model event is a tap on the card or in
// its dialog; a cancel that gets no answer, and one refused because the shop's window has closed since the
// tab was read, are the server's answers given at the network, worded as the server words them
// (docs/decisions.md Q27). Once refused, the list reads the appointment as the server then would: no longer
// changeable.
import type { Route } from '@playwright/test';
import { expect } from '../expect';
import { App } from '../../tests/e2e/pages/app';
import { AppointmentsOnOrdersTab, bookThroughApi, STUDIO } from '../../tests/e2e/pages/appointment';
import {
  APPOINTMENT_CANCEL_EVENTS,
  appointmentCancelModel,
  type AppointmentCancelModelContext,
  type AppointmentCancelModelEvent,
} from '../models/appointment-cancel.model';
import { dropNextCall, refuseNextCall } from '../network-gate';
import type { QaFlow, Run } from '../flow';

const BLOW_DRY = 5101;
const LEO = 5602;
const TEXT = {
  cancel: '取消',
  keep: '保留预约',
  confirm: '取消预约',
  ok: '知道了',
  question: '将重新开放给其他顾客',
  noAnswer: '服务器错误，请重试。',
  tooLate: '预约只能在开始前 24 小时之前修改，请致电门店。',
  blocked: '开始前 24 小时之后无法在线修改，请致电门店。',
  cancelled: '预约已取消。',
  // The server's own words (server/modules/appointments/appointment-messages.ts).
  server: '预约开始前 24 小时内不能在线改期或取消，请致电门店。',
};

const idOf = (run: Run) => run.memory.get('appointmentId') as number;
const card = (run: Run) => new AppointmentsOnOrdersTab(run.page).appointment(idOf(run));
const dialog = (run: Run) => new AppointmentsOnOrdersTab(run.page).cancelDialog;

/** The orders tab's reads after the window closed: the appointment as the server then answers it. */
async function windowClosed(run: Run, route: Route) {
  if (!run.memory.get('closed')) return route.fallback();
  try {
    const response = await route.fetch();
    const body = (await response.json()) as {
      info?: { list: { id: number; actions: Record<string, unknown> }[] };
    };
    for (const a of body.info?.list ?? [])
      if (a.id === idOf(run))
        a.actions = { reschedule: false, cancel: false, pay: a.actions.pay, blockedBy: 'changeWindowClosed' };
    await route.fulfill({ response, json: body });
  } catch (error) {
    // A read still on its way when the replay ends and closes the page.
    if (run.page.isClosed() || /disposed|closed/i.test(String(error))) return;
    throw error;
  }
}

const actions: QaFlow<AppointmentCancelModelEvent>['actions'] = {
  ASK: (run) => card(run).getByRole('button', { name: TEXT.cancel, exact: true }).click(),
  KEEP: (run) => dialog(run).getByRole('button', { name: TEXT.keep }).click(),
  CONFIRM: (run) => dialog(run).getByRole('button', { name: TEXT.confirm }).click(),
  CONFIRM_LOST: async (run) => {
    await dropNextCall(run.page, 'beauty/cancel');
    await dialog(run).getByRole('button', { name: TEXT.confirm }).click();
  },
  CONFIRM_TOO_LATE: async (run) => {
    run.memory.set('closed', true);
    await refuseNextCall(
      run.page,
      'beauty/cancel',
      { reason: 'changeWindowClosed', changeDeadlineAt: new Date().toISOString(), freeChangeHours: 24 },
      TEXT.server,
    );
    await dialog(run).getByRole('button', { name: TEXT.confirm }).click();
  },
  DISMISS: (run) => dialog(run).getByRole('button', { name: TEXT.ok }).click(),
};

const checks: QaFlow['checks'] = {
  shown: async (run) => {
    await expect(card(run).getByRole('button', { name: TEXT.cancel, exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(dialog(run)).toHaveCount(0);
  },
  confirming: async (run, state) => {
    await expect(dialog(run)).toContainText(TEXT.question);
    if ((state.context as AppointmentCancelModelContext).failed)
      await expect(dialog(run).getByRole('alert')).toHaveText(TEXT.noAnswer);
  },
  refused: async (run) => {
    await expect(dialog(run).getByTestId('cancel-refused')).toHaveText(TEXT.tooLate);
  },
  blocked: async (run) => {
    await expect(dialog(run)).toHaveCount(0);
    await expect(card(run).getByTestId('appointment-blocked')).toHaveText(TEXT.blocked);
    await expect(card(run).getByRole('button', { name: TEXT.cancel, exact: true })).toHaveCount(0);
  },
  cancelled: async (run) => {
    await expect(run.page.getByText(TEXT.cancelled)).toBeVisible();
    await expect(card(run)).toHaveCount(0);
  },
};

export const appointmentCancelFlow: QaFlow<AppointmentCancelModelEvent> = {
  name: 'appointment-cancel',
  title: 'Appointment cancel: asked, kept or confirmed; refused after the window; no answer',
  startsWith:
    'A new customer of the beauty studio (shop 5) with a blow-dry with Leo booked through the API days ' +
    'ahead, paid at the counter, on the orders tab.',
  model: appointmentCancelModel,
  events: APPOINTMENT_CANCEL_EVENTS,
  begin: async (run) => {
    const { page } = run;
    const app = new App(page);
    await app.open('/', { id: STUDIO });
    await app.expectRoute('/pages/user/index-tab-1');
    const booked = await bookThroughApi(page, BLOW_DRY, LEO, '2026-11-25');
    run.memory.set('appointmentId', booked.id);
    await page.route('**/new/consumer/beauty/appointments', (route) => windowClosed(run, route));
    await app.open('/pages/user/order/list');
  },
  actions,
  checks,
};

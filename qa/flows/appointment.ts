// Booking an appointment as QA replays it: a new customer of the beauty studio (demo shop 5) books a wash and
// blow-dry. Each model event is a tap (a service, a technician, a day, a time, continue, change, a free time
// offered, book), a moved appointment (booked through the API first), or time passing on the page's clock;
// the loads and the hold are held at the network until the model says how they end. What the demo server
// cannot do on demand is its answer given at the network, worded as the server words it (docs/decisions.md
// Q27): a technician with no free time in the horizon (Leo's times are taken out of availability), a time
// someone else just took (the refusal names the next times the server really offers), a time no longer
// bookable, a hold gone by the time of the order, a move refused after the window closed, and extensions
// that get no answer while the hold runs out.
import type { Page, Route } from '@playwright/test';
import { expect } from '../expect';
import { App } from '../../tests/e2e/pages/app';
import { consumerCall } from '../../tests/e2e/pages/orders';
import {
  AppointmentConfirmPage,
  bookThroughApi,
  ServicesTab,
  STUDIO,
  TimesPage,
} from '../../tests/e2e/pages/appointment';
import {
  APPOINTMENT_EVENTS,
  appointmentModel,
  type AppointmentModelContext,
  type AppointmentModelEvent,
} from '../models/appointment.model';
import { NetworkGate, refuseNextCall } from '../network-gate';
import type { QaFlow, Run } from '../flow';

const BLOW_DRY = 5101;
const COCO = 5601;
const LEO = 5602;
const TEXT = {
  retry: '重试',
  servicesFailed: '服务项目加载失败。',
  timesFailed: '可约时间加载失败。',
  leoBusy: '利奥在未来 14 天内没有可约时间。',
  chooseFirst: '请选择时间',
  moveTitle: '修改预约时间',
  moving: '正在修改…',
  moveBlocked: '该预约已无法在线修改',
  holding: '正在为您保留这个时间…',
  slotTaken: '抱歉，这个时间刚刚被约走了。',
  expired: '这个时间已无法继续为您保留。',
  lost: '这个时间已不再为您保留。',
  refused: '这个时间已不能预约，请选择其他时间。',
  holdFailed: '无法保留这个时间。',
  change: '修改',
  payAtShop: '到店付款',
  // The server's own words (server/modules/appointments/appointment-messages.ts).
  server: {
    slotTaken: '该时间刚刚被预约，请选择其他时间。',
    appointmentTimeInvalid: '该时间不可预约，请选择页面上显示的时间。',
    holdNotFound: '为您保留的时间已过期，请重新选择时间。',
    changeWindowClosed: '预约开始前 24 小时内不能在线改期或取消，请致电门店。',
  },
};

type Gate = 'settings' | 'availability' | 'hold' | 'reschedule';
const gateOf = (run: Run, gate: Gate) => run.memory.get(gate) as NetworkGate;
const modelOf = (state: { context: unknown }) => state.context as AppointmentModelContext;

/** The query of the page the customer is on. */
const queryOf = (page: Page) => new URL(page.url().replace('#', '')).searchParams;

interface FreeTime {
  date: string;
  time: string;
  startAt: string;
  serviceUserIds: number[];
}

/** The next times the server really offers after the page's time, for a refusal that names them. */
async function nextFreeAfter(page: Page): Promise<FreeTime[]> {
  const q = queryOf(page);
  const serviceUserId = q.get('serviceUserId');
  const info = await consumerCall<{ dates: { date: string; starts: Omit<FreeTime, 'date'>[] }[] }>(
    page,
    'beauty/availability',
    {
      productId: BLOW_DRY,
      serviceUserId: serviceUserId ? Number(serviceUserId) : null,
      date: q.get('date'),
      days: 7,
    },
  );
  const after = `${q.get('date')} ${q.get('time')}`;
  return info.dates
    .flatMap((d) => d.starts.map((s) => ({ ...s, date: d.date })))
    .filter((t) => `${t.date} ${t.time}` > after)
    .slice(0, 3);
}

/** The studio's availability with Leo's times taken out: the technician with no free time of the model. */
async function leoFullyBooked(page: Page, route: Route) {
  try {
    const response = await route.fetch();
    const body = (await response.json()) as {
      result: boolean;
      info?: { dates: { starts: { serviceUserIds: number[] }[] }[] };
    };
    if (body.result && body.info)
      for (const d of body.info.dates)
        d.starts = d.starts
          .map((s) => ({ ...s, serviceUserIds: s.serviceUserIds.filter((id) => id !== LEO) }))
          .filter((s) => s.serviceUserIds.length > 0);
    await route.fulfill({ response, json: body });
  } catch (error) {
    // A read still on its way when the replay ends and closes the page.
    if (page.isClosed() || /disposed|closed/i.test(String(error))) return;
    throw error;
  }
}

const actions: QaFlow<AppointmentModelEvent>['actions'] = {
  LOAD_OK: (run) => gateOf(run, 'settings').release(),
  LOAD_FAIL: (run) => gateOf(run, 'settings').fail(),
  RETRY: async (run) => {
    gateOf(run, run.memory.get('retry') as Gate).arm();
    await run.page.getByRole('button', { name: TEXT.retry }).click();
  },
  CHOOSE_SERVICE: async (run) => {
    gateOf(run, 'availability').arm();
    await new ServicesTab(run.page).book('洗发吹造型').click();
  },
  OPEN_MOVE: async (run) => {
    const { id } = await bookThroughApi(run.page, BLOW_DRY, COCO, '2026-11-25');
    gateOf(run, 'availability').arm();
    await new App(run.page).open('/order/select-service-user', { reschedule: id });
  },
  TIMES_OK: (run) => gateOf(run, 'availability').release(),
  TIMES_FAIL: (run) => gateOf(run, 'availability').fail(),
  CHOOSE_TECHNICIAN: (run) => new TimesPage(run.page).technician(/^可可/).check(),
  CHOOSE_BUSY_TECHNICIAN: (run) => new TimesPage(run.page).technician(/^利奥/).check(),
  CHOOSE_ANY: (run) => new TimesPage(run.page).anyTechnician.check(),
  CHOOSE_DATE: async (run) => {
    // Another day with free times: the next one after the day shown (or the first, from the last).
    const days = run.page.locator('span[data-date]:not([class*="dateFull"])');
    const chosen = await run.page.locator('input[name="date"]:checked').getAttribute('id');
    const dates = await days.evaluateAll((spans) => spans.map((s) => (s as HTMLElement).dataset.date!));
    const next =
      dates.find((d) => `date-${d}` > (chosen ?? '')) ?? dates.find((d) => `date-${d}` !== chosen)!;
    await new TimesPage(run.page).date(next).check();
  },
  CHOOSE_START: async (run) => {
    await new TimesPage(run.page).chooseFirstTime();
  },
  CONTINUE: async (run, _event) => {
    const moving = (await run.page.getByRole('heading', { name: TEXT.moveTitle, level: 1 }).count()) > 0;
    gateOf(run, moving ? 'reschedule' : 'hold').arm();
    await new TimesPage(run.page).continue.click();
  },
  MOVE_OK: (run) => gateOf(run, 'reschedule').release(),
  MOVE_TAKEN: async (run) => {
    await gateOf(run, 'reschedule').refuse({ reason: 'slotTaken', nextFree: [] }, TEXT.server.slotTaken);
  },
  MOVE_CLOSED: (run) =>
    gateOf(run, 'reschedule').refuse(
      { reason: 'changeWindowClosed', changeDeadlineAt: new Date().toISOString(), freeChangeHours: 24 },
      TEXT.server.changeWindowClosed,
    ),
  HOLD_OK: (run) => gateOf(run, 'hold').release(),
  HOLD_TAKEN: async (run) => {
    const nextFree = await nextFreeAfter(run.page);
    await gateOf(run, 'hold').refuse({ reason: 'slotTaken', nextFree }, TEXT.server.slotTaken);
  },
  HOLD_REFUSED: (run) =>
    gateOf(run, 'hold').refuse({ reason: 'appointmentTimeInvalid' }, TEXT.server.appointmentTimeInvalid),
  HOLD_FAIL: (run) => gateOf(run, 'hold').fail(),
  EXTEND: async (run) => {
    // The customer stays four minutes: the page asks for more time, and keeps it.
    const extended = run.page.waitForResponse((r) => r.url().endsWith('/new/consumer/beauty/extendHold'));
    await run.page.clock.runFor(4 * 60_000);
    expect((await (await extended).json()).result).toBe(true);
  },
  EXPIRE: async (run) => {
    // No extension gets an answer while the customer stays: the hold runs out. Time runs on in short steps
    // only until the page says so, so the page's reads after it (the free times) are not timed out by it.
    run.memory.set('dropExtensions', true);
    const alert = new AppointmentConfirmPage(run.page).alert;
    await run.page.clock.runFor(4 * 60_000);
    for (let i = 0; i < 20 && !(await alert.isVisible()); i++) await run.page.clock.runFor(10_000);
    run.memory.set('dropExtensions', false);
  },
  SUBMIT: async (run) => {
    const confirm = new AppointmentConfirmPage(run.page);
    await confirm.payType(TEXT.payAtShop).check();
    await confirm.submit.click();
  },
  SUBMIT_TAKEN: async (run) => {
    const nextFree = await nextFreeAfter(run.page);
    await refuseNextCall(run.page, 'order/confirm', { reason: 'slotTaken', nextFree }, TEXT.server.slotTaken);
    await new AppointmentConfirmPage(run.page).submit.click();
  },
  SUBMIT_HOLD_GONE: async (run) => {
    await refuseNextCall(run.page, 'order/confirm', { reason: 'holdNotFound' }, TEXT.server.holdNotFound);
    await new AppointmentConfirmPage(run.page).submit.click();
  },
  CHOOSE_FREE_TIME: async (run) => {
    gateOf(run, 'hold').arm();
    await new AppointmentConfirmPage(run.page).offers.first().click();
  },
  CHANGE_TIME: async (run) => {
    gateOf(run, 'availability').arm();
    await run.page.getByTestId('booking-card').getByRole('button', { name: TEXT.change }).click();
  },
};

const busy = (page: Page) => page.locator('[role="status"][aria-busy="true"]').first();

const checks: QaFlow['checks'] = {
  loading: async (run) => {
    await expect(busy(run.page)).toBeVisible();
    await expect(new ServicesTab(run.page).services).toHaveCount(0);
  },
  loadFailed: async (run) => {
    run.memory.set('retry', 'settings');
    await expect(run.page.getByText(TEXT.servicesFailed)).toBeVisible();
    await expect(run.page.getByRole('button', { name: TEXT.retry })).toBeVisible();
  },
  services: async (run) => {
    const app = new App(run.page);
    await expect(new ServicesTab(run.page).service(BLOW_DRY)).toBeVisible({ timeout: 15_000 });
    await expect(app.tab('预约')).toHaveAttribute('aria-current', 'page');
  },
  'times.loading': async (run) => {
    await new App(run.page).expectRoute('/order/select-service-user');
    await expect(busy(run.page)).toBeVisible();
    await expect(new TimesPage(run.page).times).toHaveCount(0);
  },
  'times.failed': async (run) => {
    run.memory.set('retry', 'availability');
    await expect(run.page.getByText(TEXT.timesFailed)).toBeVisible();
  },
  'times.ready': async (run, state) => {
    const model = modelOf(state);
    const times = new TimesPage(run.page);
    // Read again (after a refusal): the times are ready once the grid is no longer busy.
    await expect(run.page.locator('section[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    const technician = {
      any: times.anyTechnician,
      free: times.technician(/^可可/),
      busy: times.technician(/^利奥/),
    }[model.who];
    await expect(technician).toBeChecked({ timeout: 15_000 });
    if (model.who === 'busy') await expect(run.page.getByTestId('no-times')).toContainText(TEXT.leoBusy);
    else await expect(times.times.first()).toBeVisible();
    if (model.start) await expect(times.continue).toBeEnabled();
    else await expect(times.summary).toHaveText(TEXT.chooseFirst);
    await expect(run.page.getByRole('heading', { name: TEXT.moveTitle, level: 1 })).toHaveCount(
      model.moving ? 1 : 0,
    );
    if (model.notice === 'taken')
      await expect(run.page.getByTestId('appointment-alert')).toContainText(TEXT.slotTaken);
    else await expect(run.page.getByTestId('appointment-alert')).toHaveCount(0);
  },
  moving: async (run) => {
    await expect(run.page.getByRole('button', { name: TEXT.moving })).toBeDisabled();
  },
  moved: async (run) => {
    await new App(run.page).expectRoute('/pages/user/order/detail');
    await expect(run.page.getByTestId('appointment-section')).toBeVisible();
  },
  moveBlocked: async (run) => {
    await expect(run.page.getByText(TEXT.moveBlocked)).toBeVisible();
  },
  'confirm.holding': async (run) => {
    await new App(run.page).expectRoute('/order/confirm');
    await expect(run.page.getByTestId('holding')).toHaveText(TEXT.holding);
    await expect(new AppointmentConfirmPage(run.page).submit).toBeDisabled();
  },
  'confirm.held': async (run) => {
    const confirm = new AppointmentConfirmPage(run.page);
    await expect(confirm.countdown).toHaveText(/^\d{2}:\d{2}$/);
    await expect(confirm.submit).toBeEnabled();
  },
  'confirm.taken': async (run) => {
    const confirm = new AppointmentConfirmPage(run.page);
    await expect(confirm.alert).toContainText(TEXT.slotTaken);
    await expect(confirm.offers.first()).toBeVisible();
    await expect(confirm.submit).toBeDisabled();
  },
  'confirm.lost': async (run, state) => {
    const confirm = new AppointmentConfirmPage(run.page);
    await expect(confirm.alert).toContainText(modelOf(state).notice === 'expired' ? TEXT.expired : TEXT.lost);
    await expect(confirm.offers.first()).toBeVisible();
    await expect(confirm.submit).toBeDisabled();
  },
  'confirm.refused': async (run) => {
    await expect(new AppointmentConfirmPage(run.page).alert).toContainText(TEXT.refused);
  },
  'confirm.holdFailed': async (run) => {
    run.memory.set('retry', 'hold');
    await expect(new AppointmentConfirmPage(run.page).alert).toContainText(TEXT.holdFailed);
  },
  booked: async (run) => {
    await new App(run.page).expectRoute('/order/success');
    await expect(run.page.getByTestId('booked-appointment')).toBeVisible();
  },
};

export const appointmentFlow: QaFlow<AppointmentModelEvent> = {
  name: 'appointment',
  title:
    'Appointment: the studio’s services, technicians and times, the held time (taken, refused, lost, extended), booking it, moving one',
  startsWith:
    'A new customer of the beauty studio (shop 5), whose entry lands on tab 1, with beauty/settings held until ' +
    'the model says how it answers; the model books a wash and blow-dry.',
  model: appointmentModel,
  events: APPOINTMENT_EVENTS,
  // The paths take the studio's first free times (Coco's next time after the one just booked, any
  // technician's first time of the day): two at once would take each other's time, and the one refused
  // would show "just taken" where its model expects the time moved or held.
  serial: true,
  begin: async (run) => {
    const { page } = run;
    // Registered before the gates, so a held call reaches them once a gate lets it through.
    await page.route('**/new/consumer/beauty/availability', (route) => leoFullyBooked(page, route));
    await page.route('**/new/consumer/beauty/extendHold', (route) =>
      run.memory.get('dropExtensions') ? route.abort('connectionreset') : route.fallback(),
    );
    for (const gate of ['settings', 'availability', 'hold', 'reschedule'] as const)
      run.memory.set(gate, await NetworkGate.on(page, `beauty/${gate}`));
    gateOf(run, 'settings').arm();
    const app = new App(page);
    await app.open('/', { id: STUDIO });
    await app.expectRoute('/pages/user/index-tab-1');
  },
  actions,
  checks,
};

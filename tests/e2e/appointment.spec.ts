// Booking at the beauty studio (demo shop 5) as a new customer would (issue 16): the shop opens on its
// services, a service and a technician lead to their free times, the chosen time is held on the confirm page
// and paid; it shows on the orders tab; a second browser cannot take the same time, and cancelling frees it.
// In English: "any technician", a day without times, booking for someone else, moving the appointment. And a
// shop that is closed now still books later times. The scenarios book different days, technicians and
// services, so they can run side by side on the shared server.
import { expect, SHOPS_OPEN, test } from './fixtures';
import {
  AppointmentConfirmPage,
  AppointmentsOnOrdersTab,
  appointmentOf,
  ServicesTab,
  STUDIO,
  TimesPage,
} from './pages/appointment';
import { OrderDetailPage } from './pages/orders';
import { PayPanel, SandboxGateway } from './pages/payment';

// A whole booking (services, times, confirm, gateway, orders tab) with accessibility checks on the way.
test.describe.configure({ timeout: 90_000 });

const WOMENS_CUT = 5102;
/** Saturday 21 November 2026, two days after the suite's Thursday: changes are still free then. */
const SATURDAY = '2026-11-21';

test('a new customer books a women’s cut with Coco, pays online and sees it on the orders tab; another browser cannot take the time, and cancelling frees it', async ({
  app,
  page,
  browser,
}) => {
  const services = new ServicesTab(page);
  const times = new TimesPage(page);
  const confirm = new AppointmentConfirmPage(page);

  // The studio opens on its services: tab 1 is "预约", with no cart anywhere.
  await app.open('/', { id: STUDIO });
  await app.expectRoute('/pages/user/index-tab-1');
  await expect(app.heading('光屿美发美容工作室')).toBeVisible();
  await expect(app.tab('预约')).toHaveAttribute('aria-current', 'page');
  await expect(services.service(WOMENS_CUT)).toContainText('60 分钟');
  await expect(services.service(WOMENS_CUT)).toContainText('¥268.00');
  await expect(page.getByTestId('cart-bar')).toHaveCount(0);
  await app.expectAccessible();

  await services.book('女士精剪造型').click();
  await app.expectRoute('/order/select-service-user');
  await expect(times.anyTechnician).toBeChecked();
  await times.technician(/^可可/).check();
  await times.date(SATURDAY).check();
  const time = await times.chooseFirstTime();
  // Coco takes 75 minutes for a cut (her consultation), and the bar says so.
  await expect(times.summary).toContainText(`${time}`);
  await expect(times.summary).toContainText('技师 可可 · 75 分钟');
  await app.expectAccessible();
  await times.continue.click();

  await app.expectRoute('/order/confirm');
  await expect(confirm.held).toContainText('已为您保留这个时间');
  await expect(confirm.countdown).toHaveText(/^\d{2}:\d{2}$/);
  await expect(confirm.technician).toContainText('可可');
  await expect(confirm.when).toContainText(`11月21日星期六 ${time}`);
  await app.expectAccessible();

  // Meanwhile another customer, in another browser, wants the same cut with Coco that Saturday.
  const other = await browser.newContext({ ...test.info().project.use, locale: 'zh-CN' });
  const page2 = await other.newPage();
  await page2.clock.setFixedTime(new Date('2026-11-19T10:00:00Z'));
  const times2 = new TimesPage(page2);
  await page2.goto(`/#/?id=${STUDIO}`);
  await new ServicesTab(page2).expectRoute('/pages/user/index-tab-1');
  await page2.goto(
    `/#/order/select-service-user?productId=${WOMENS_CUT}&serviceUserId=5601&date=${SATURDAY}`,
  );
  await expect(times2.times.first()).toBeVisible();
  // The held time is not offered to anyone else.
  await expect(times2.time(time)).toHaveCount(0);
  // Even asked for directly, it is refused, with the next free times instead.
  const confirm2 = new AppointmentConfirmPage(page2);
  await page2.goto(
    `/#/order/confirm?productId=${WOMENS_CUT}&serviceUserId=5601&date=${SATURDAY}&time=${encodeURIComponent(time)}`,
  );
  await expect(confirm2.alert).toContainText('抱歉，这个时间刚刚被约走了。');
  await expect(confirm2.offers.first()).toBeVisible();
  await expect(confirm2.submit).toBeDisabled();

  // The first customer books and pays online.
  await confirm.payType('在线支付').check();
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  const pay = new PayPanel(page);
  await expect(pay.method('在线支付')).toBeChecked();
  await pay.action(/^支付 /).click();
  await new SandboxGateway(page).expectOpen();
  await new SandboxGateway(page).payWithCard('4242 4242 4242 4242');
  await app.expectRoute('/order/success');
  await expect(pay.result).toContainText('支付成功');
  await expect(page.getByTestId('booked-appointment')).toContainText(`11月21日星期六 · ${time}`);
  await expect(page.getByTestId('booked-appointment')).toContainText('可可');
  await app.expectAccessible();
  const orderId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
  const booked = await appointmentOf(page, orderId);

  // The orders tab shows it among the upcoming appointments, paid, with its time and technician.
  await page.getByRole('button', { name: '查看订单' }).click();
  await app.expectRoute('/pages/user/order/detail');
  await expect(page.getByTestId('appointment-section')).toContainText(`11月21日星期六 · ${time}`);
  await app.open('/pages/user/order/list');
  const orders = new AppointmentsOnOrdersTab(page);
  const card = orders.appointment(booked.id);
  await expect(card).toContainText(`11月21日周六 · ${time}`);
  await expect(card.getByTestId('appointment-status')).toHaveText('已预约');
  await expect(page.locator(`a[data-order-id="${orderId}"]`)).toContainText(`预约 · 11/21 ${time} · 可可`);
  await app.expectAccessible();

  // Cancelling (inside the 24 hours' window) says what happens, and gives the time back.
  await card.getByRole('button', { name: '取消' }).click();
  await expect(orders.cancelDialog).toContainText('将重新开放给其他顾客');
  await expect(orders.cancelDialog).toContainText('已付的 ¥268.00 将退还给您。');
  await app.expectAccessible();
  await orders.cancelDialog.getByRole('button', { name: '取消预约' }).click();
  await expect(page.getByText('预约已取消。 ¥268.00 正在原路退回。')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The other customer now finds the time free.
  await page2.goto(
    `/#/order/select-service-user?productId=${WOMENS_CUT}&serviceUserId=5601&date=${SATURDAY}`,
  );
  await expect(times2.time(time)).toBeVisible();
  await other.close();
});

test('in English, a customer books any technician for a men’s cut for a friend, then moves it', async ({
  app,
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('user-language', 'en'));
  const services = new ServicesTab(page);
  const times = new TimesPage(page);
  const confirm = new AppointmentConfirmPage(page);

  await app.open('/', { id: STUDIO });
  await app.expectRoute('/pages/user/index-tab-1');
  await expect(app.heading('Lumière Hair & Beauty Studio')).toBeVisible();
  await expect(app.tab('Book')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Book up to 14 days ahead', { exact: true })).toBeVisible();
  await services.book('Men’s Cut').click();

  // Only Leo cuts men's hair, and he is off on Sundays: that day says so and leads to the next one.
  await expect(times.anyTechnician).toBeChecked();
  await times.date('2026-11-22').check();
  await expect(page.getByText('No free times on this day.')).toBeVisible();
  await page.getByRole('button', { name: 'See Mon, Nov 23' }).click();
  await expect(times.date('2026-11-23')).toBeChecked();
  const time = await times.chooseFirstTime();
  await expect(times.summary).toContainText('Any technician · 30 min');
  await app.expectAccessible();
  await times.continue.click();

  // The shop chose Leo; the customer books for a friend, whose details are checked.
  await app.expectRoute('/order/confirm');
  await expect(confirm.held).toContainText('This time is held for you');
  await expect(confirm.technician).toContainText('Leo · Chosen for you');
  await confirm.field('I am booking for someone else').check();
  await confirm.submit.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please enter the name and phone of the person coming.' }),
  ).toBeVisible();
  await expect(confirm.field('Their name')).toBeFocused();
  await confirm.field('Their name').fill('Wang Fang');
  await confirm.field('Their phone').fill('1380');
  await confirm.submit.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please enter a correct phone number for the person coming.' }),
  ).toBeVisible();
  await confirm.field('Their phone').fill('13800138001');
  await confirm.payType('Pay at the counter').check();
  await app.expectAccessible();
  await confirm.submit.click();

  await app.expectRoute('/order/success');
  const pay = new PayPanel(page);
  await pay.action(/^Confirm/).click();
  await expect(pay.result).toBeVisible();
  await expect(page.getByTestId('booked-appointment')).toContainText(`Monday, November 23 · ${time}`);
  const orderId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));

  // Its page shows who comes, and moves it to another time that day.
  const detail = new OrderDetailPage(page);
  await detail.goto(orderId);
  const section = page.getByTestId('appointment-section');
  await expect(section).toContainText('Coming: Wang Fang 13800138001');
  await app.expectAccessible();
  await section.getByRole('link', { name: 'Reschedule' }).click();
  await app.expectRoute('/order/select-service-user');
  await expect(app.heading('Change the time')).toBeVisible();
  await expect(page.getByTestId('moving-from')).toContainText(`Booked now: Mon, Nov 23 ${time}`);
  await expect(times.date('2026-11-23')).toBeChecked();
  const later = (await times.times.nth(1).getAttribute('aria-label')) ?? '';
  await times.time(later).check();
  await times.continue.click();
  await app.expectRoute('/pages/user/order/detail');
  await expect(section).toContainText(`Monday, November 23 · ${later}`);
});

test('in the evening, when the studio is closed, a customer still books a later time', async ({
  app,
  page,
}) => {
  // 22:30 in Shanghai: the studio closed at 21:00.
  await page.clock.setFixedTime(new Date('2026-11-19T14:30:00Z'));
  const services = new ServicesTab(page);
  await app.open('/', { id: STUDIO });
  await app.expectRoute('/pages/user/index-tab-1');
  await expect(services.shopState).toHaveText('现在休息 · 仍可预约之后的时间');
  await expect(app.shopNotice).toHaveCount(0);
  await services.book('洗发吹造型').click();
  const times = new TimesPage(page);
  await expect(times.times.first()).toBeVisible();
  await expect(page.getByText(/营业时间外/)).toHaveCount(0);
});

test.describe('a customer who stays on the confirm page', () => {
  // The page's clock runs (and is moved on) instead of standing still at the suite's time.
  test.use({ fixedClock: false });

  test('keeps the held time: the page extends the hold before it lapses, and the booking goes through', async ({
    app,
    page,
  }) => {
    await page.clock.install({ time: SHOPS_OPEN });
    const services = new ServicesTab(page);
    const times = new TimesPage(page);
    const confirm = new AppointmentConfirmPage(page);
    await app.open('/', { id: STUDIO });
    await app.expectRoute('/pages/user/index-tab-1');
    await services.book('洗发吹造型').click();
    await times.technician(/^可可/).check();
    // Sunday: no other scenario books Coco that day (Leo, whom the men's cut needs, is off).
    await times.date('2026-11-22').check();
    await times.chooseFirstTime();
    await times.continue.click();
    await app.expectRoute('/order/confirm');
    await expect(confirm.held).toContainText('已为您保留这个时间');

    // Four minutes on, a minute before the hold would lapse, the page asks for more time and keeps it.
    const extended = page.waitForResponse((r) => r.url().endsWith('/new/consumer/beauty/extendHold'));
    await page.clock.runFor(4 * 60_000);
    expect((await (await extended).json()).result).toBe(true);
    await expect(confirm.held).toContainText('已为您保留这个时间');
    await expect(confirm.countdown).toHaveText(/^\d{2}:\d{2}$/);
    await expect(confirm.alert).toHaveCount(0);

    await confirm.payType('到店付款').check();
    await confirm.submit.click();
    await app.expectRoute('/order/success');
    await expect(page.getByTestId('booked-appointment')).toContainText('11月22日');
  });
});

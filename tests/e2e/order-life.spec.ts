// The order's life as a customer sees it: the orders tab (tab 2) with its pages, filters and
// pull-to-refresh, the order detail following the merchant's actions live, and an unpaid order counting
// down to its deadline and being cancelled. Orders are placed through the API for the visitor in the
// browser; the ordering screens have scenarios of their own (order.spec.ts).
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, SHOPS_OPEN, test } from './fixtures';
import {
  advanceServerClock,
  merchant,
  OrderDetailPage,
  OrdersTab,
  placeDeliveryOrder,
  placeOrder,
  SHOP,
} from './pages/orders';

test.describe.configure({ timeout: 60_000 });

/** Screens at the suite's phone size (390 × 844), kept with the test's output. */
async function screen(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: join(process.env.E2E_SCREENS ?? info.outputPath(), `${name}.png`) });
}

async function enterShop(page: Page) {
  await page.goto(`/#/?id=${SHOP}`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  // The entry page routes on once the shop is read; a page opened before that would be replaced by it.
  await expect.poll(() => new URL(page.url()).hash.replace(/^#/, '').split('?')[0]).not.toMatch(/^\/?$/);
}

test('the merchant accepts an order and the detail page shows it without a reload', async ({
  page,
  app,
  baseURL,
}, info) => {
  const detail = new OrderDetailPage(page);
  await enterShop(page);
  const order = await placeOrder(page);

  // The customer chooses to pay at the counter from the order's page: the order goes to the shop.
  await detail.goto(order.id);
  await expect(app.heading('订单详情')).toBeVisible();
  await detail.button('立即支付').click();
  await page
    .getByRole('dialog', { name: '立即支付' })
    .getByRole('button', { name: '确认：到店付款' })
    .click();
  await expect(page.getByRole('dialog', { name: '立即支付' })).toBeHidden();
  await expect(detail.status).toHaveText('待商家接单');
  await expect(detail.orderNo).toHaveText(order.orderNo);
  await expect(page.getByTestId('pay-type')).toHaveText('到店付款');
  await expect(detail.liveMark).toHaveAttribute('data-mode', 'live');
  await app.expectAccessible();
  await screen(page, info, 'order-detail-pending');

  // Whatever the page holds now must still be there afterwards: the change arrives without a reload.
  await page.evaluate(() => ((window as unknown as { sameVisit: boolean }).sameVisit = true));
  const accepted = await merchant(baseURL!, ['accept', order.orderNo]);
  expect(accepted.code, accepted.output).toBe(0);
  await expect(detail.status).toHaveText('商家已接单');
  await expect(page.getByText('商家正在为您准备。')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameVisit?: boolean }).sameVisit)).toBe(true);

  // The merchant cannot accept it twice: the CLI says why and nothing changes.
  const again = await merchant(baseURL!, ['accept', order.orderNo]);
  expect(again.code).not.toBe(0);
  await expect(detail.status).toHaveText('商家已接单');

  const completed = await merchant(baseURL!, ['complete', order.orderNo]);
  expect(completed.code, completed.output).toBe(0);
  await expect(detail.status).toHaveText('已完成');
  await screen(page, info, 'order-detail-completed');
});

test('a delivery order follows the rider, and the customer confirms receiving it', async ({
  page,
  app,
  baseURL,
}, info) => {
  const detail = new OrderDetailPage(page);
  await enterShop(page);
  const order = await placeDeliveryOrder(page);
  await detail.goto(order.id);
  await expect(detail.status).toHaveText('待商家接单');
  await expect(page.getByTestId('pay-type')).toHaveText('货到付款');

  const steps: string[][] = [
    ['accept', order.orderNo],
    ['assign-rider', order.orderNo, '--rider-name', '赵六', '--rider-phone', '13700003333'],
    ['rider-confirm', order.orderNo],
    ['start-delivery', order.orderNo],
  ];
  const shown = ['待配送', '等待骑手接单', '骑手已接单', '配送中'];
  for (const [i, args] of steps.entries()) {
    const run = await merchant(baseURL!, args);
    expect(run.code, run.output).toBe(0);
    await expect(detail.status).toHaveText(shown[i]!);
  }
  await expect(page.getByTestId('rider-name')).toHaveText('赵六');
  await expect(page.getByRole('link', { name: '致电 赵六' })).toHaveAttribute('href', 'tel:13700003333');
  await expect(page.getByTestId('timeline').getByRole('listitem')).toHaveCount(6);
  await app.expectAccessible();
  await screen(page, info, 'order-detail-delivery');

  await detail.button('确认收货').click();
  const confirm = page.getByRole('dialog', { name: '确认已收到订单？' });
  await confirm.getByRole('button', { name: '确认收货' }).click();
  await expect(detail.status).toHaveText('已完成');
  await expect(detail.button('确认收货')).toBeHidden();
});

test('the orders tab lists orders page by page, filters them and refreshes on a pull', async ({
  page,
  app,
}, info) => {
  const tab = new OrdersTab(page);
  await enterShop(page);
  const placed = [];
  for (let i = 0; i < 11; i++) placed.push(await placeOrder(page, { payAtCounter: i % 2 === 0 }));

  await app.tab('订单').click();
  await app.expectRoute('/pages/user/order/list');
  await expect(app.heading('我的订单')).toBeVisible();
  // Newest first, ten to a page; the rest arrive at the bottom.
  await expect(tab.cards).toHaveCount(10);
  await expect(tab.cards.first()).toHaveAttribute('data-order-no', placed.at(-1)!.orderNo);
  await expect(tab.statusOf(placed.at(-1)!.orderNo)).toHaveText('待商家接单');
  await expect(tab.statusOf(placed.at(-2)!.orderNo)).toHaveText('待确认');
  await app.expectAccessible();
  await screen(page, info, 'orders-tab');
  await tab.cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect(tab.cards).toHaveCount(11);
  await expect(tab.end).toBeVisible();

  await tab.filter('待付款').click();
  await expect(tab.filter('待付款')).toHaveAttribute('aria-pressed', 'true');
  await expect(tab.cards).toHaveCount(5);
  await tab.filter('进行中').click();
  await expect(tab.cards).toHaveCount(6);
  await tab.filter('已完成').click();
  await expect(page.getByText('这里没有订单')).toBeVisible();
  await tab.filter('全部').click();
  await expect(tab.cards).toHaveCount(10);

  // Another order, placed elsewhere: a pull from the top reads the list again.
  const newest = await placeOrder(page, { payAtCounter: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  const reread = page.waitForRequest((r) => r.url().endsWith('/new/consumer/order/list'));
  await tab.pullDown();
  await reread;
  await expect(tab.cards.first()).toHaveAttribute('data-order-no', newest.orderNo);

  // A card opens the order.
  await tab.card(newest.orderNo).click();
  await app.expectRoute('/pages/user/order/detail');
  await expect(page.getByTestId('order-no')).toHaveText(newest.orderNo);
});

test('a customer opens the pay panel of an unpaid order, then cancels the order instead', async ({
  page,
  app,
}, info) => {
  const detail = new OrderDetailPage(page);
  await enterShop(page);
  const order = await placeOrder(page);
  await detail.goto(order.id);
  await expect(detail.countdown).toBeVisible();

  await detail.button('立即支付').click();
  const sheet = page.getByRole('dialog', { name: '立即支付' });
  await expect(sheet).toBeVisible();
  // The pay panel (its code arrives with the tap) asks for the order's total.
  await expect(sheet.getByText('¥24.00').first()).toBeVisible();
  await screen(page, info, 'order-detail-pay-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await detail.button('取消订单').click();
  const confirm = page.getByRole('dialog', { name: '确定取消订单吗？' });
  await expect(confirm).toBeVisible();
  await app.expectAccessible();
  // Changing one's mind keeps the order.
  await confirm.getByRole('button', { name: '暂不取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.button('取消订单')).toBeVisible();

  await detail.button('取消订单').click();
  await confirm.getByRole('button', { name: '取消订单' }).click();
  await expect(detail.status).toHaveText('未支付已取消');
  await expect(detail.button('取消订单')).toBeHidden();
  await expect(detail.button('立即支付')).toBeHidden();
  await expect(detail.countdown).toBeHidden();
});

test('a new visitor without orders sees an empty orders tab', async ({ page, app }, info) => {
  await enterShop(page);
  await app.open('/pages/user/order/list');
  await expect(page.getByText('暂无订单')).toBeVisible();
  await expect(app.tab('订单')).toHaveAttribute('aria-current', 'page');
  await app.expectAccessible();
  await screen(page, info, 'orders-tab-empty');
});

test('the orders tab and an order read in English for a visitor who chose English', async ({
  page,
  app,
}, info) => {
  const tab = new OrdersTab(page);
  await page.addInitScript(() => localStorage.setItem('user-language', 'en'));
  await enterShop(page);
  const order = await placeOrder(page, { payAtCounter: true });
  await placeOrder(page);
  await tab.goto();
  await expect(app.heading('My orders')).toBeVisible();
  await expect(tab.statusOf(order.orderNo)).toHaveText('Awaiting acceptance');
  await expect(tab.filter('Refunds & cancelled')).toBeVisible();
  await screen(page, info, 'orders-tab-en');
  await tab.card(order.orderNo).click();
  await expect(app.heading('Order details')).toBeVisible();
  await expect(page.getByTestId('pay-type')).toHaveText('Pay at the counter');
  await screen(page, info, 'order-detail-en');
});

test.describe('an unpaid order', () => {
  test.use({ fixedClock: false });

  test('counts down in minutes and seconds and is cancelled when the time is up @clock', async ({
    page,
    app,
  }, info) => {
    const detail = new OrderDetailPage(page);
    const tab = new OrdersTab(page);
    await page.clock.install({ time: SHOPS_OPEN });
    await enterShop(page);
    const order = await placeOrder(page);
    // This phone's clock is ten minutes slow: the countdown still counts on the server's time.
    const serverNow = await advanceServerClock(page, 1);
    await page.clock.setSystemTime(new Date(serverNow.getTime() - 10 * 60_000));

    await detail.goto(order.id);
    await expect(detail.status).toHaveText('待确认');
    await expect(detail.countdown).toHaveText(/^1[45]:\d{2}$/);
    const first = await detail.secondsLeft();
    await page.clock.runFor(3_000);
    await expect.poll(() => detail.secondsLeft()).toBeLessThanOrEqual(first - 3);
    await expect(detail.button('立即支付')).toBeVisible();
    await expect(detail.button('取消订单')).toBeVisible();
    await app.expectAccessible();
    await screen(page, info, 'order-detail-unpaid');

    // Fifteen minutes later on both clocks: the page reads the order again and the server has cancelled it.
    await advanceServerClock(page, 15 * 60_000);
    await page.clock.runFor(15 * 60_000);
    await expect(detail.status).toHaveText('未支付已取消');
    await expect(detail.countdown).toBeHidden();
    await expect(detail.button('立即支付')).toBeHidden();
    await screen(page, info, 'order-detail-expired');

    // In the app, not a reload: the browser's clock stays where the scenario moved it.
    await page.evaluate(() => (location.hash = '#/pages/user/order/list'));
    await tab.filter('退款/取消').click();
    await expect(tab.statusOf(order.orderNo)).toHaveText('未支付已取消');
  });
});

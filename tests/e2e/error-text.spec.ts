// A failure with no answer from the server is told in the customer's language, never as the request
// layer's own words ("status 500"): on a confirm page whose pay types fail to load, and on a submission
// that fails. Each failure is made with page.route on the one call it concerns; the retry then goes to
// the real server.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { MenuPage } from './pages/app';
import { AddToCart, CartBar, ConfirmPage } from './pages/order';

test.describe.configure({ timeout: 60_000 });

const SERVER_ERROR = '服务器错误，请重试。';

/** The next call of a consumer API action answers 500, once. */
const failOnce = (page: Page, action: string) =>
  page.route(`**/new/consumer/${action}`, (route) => route.fulfill({ status: 500, body: '' }), { times: 1 });

/** A pickup cart at the burger counter above its starting price. */
async function pickupCart(page: Page, menu: MenuPage) {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  await menu.waitForProducts();
  await cart.orderType('自取');
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await expect(cart.count).toHaveText('3');
  await expect(cart.checkout).toHaveText('去结算');
  return cart;
}

test('a confirm page whose pay types fail to load says so in Chinese, and its retry loads it', async ({
  app,
  menu,
  page,
}) => {
  await app.open('/', { id: 1 });
  const cart = await pickupCart(page, menu);

  await failOnce(page, 'store/paySetting');
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  const failure = page.getByRole('alert').filter({ has: page.getByRole('button', { name: '重试' }) });
  await expect(failure).toContainText(SERVER_ERROR);
  await expect(failure).not.toContainText('status');
  await app.expectAccessible();

  await failure.getByRole('button', { name: '重试' }).click();
  await expect(app.heading('确认订单')).toBeVisible();
  await expect(page.getByTestId('confirm-line')).toHaveCount(3);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a submission that fails says so in Chinese above the form, and a second tap places the order', async ({
  app,
  menu,
  page,
}) => {
  const confirm = new ConfirmPage(page);
  await app.open('/', { id: 1 });
  const cart = await pickupCart(page, menu);
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await confirm.field('取餐人').fill('王小明');
  await confirm.field('取餐人电话').fill('13800138000');
  await confirm.slotAnHourAhead('自取时间');

  await failOnce(page, 'order/confirm');
  await confirm.submit.click();
  const banner = page.getByRole('alert').filter({ hasText: SERVER_ERROR });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'status' })).toHaveCount(0);
  await expect(confirm.field('取餐人')).toHaveValue('王小明');

  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await expect(page.getByTestId('day-seq')).toHaveText(/^\d+$/);
});

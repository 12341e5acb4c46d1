// Getting to the order after something went wrong on the way: a price or stock check that fails once, a
// confirm page whose pay types fail to load, a submission in flight, and a success link naming no order.
// Each failure is made with page.route on the one call it concerns; everything else is the real server.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { MenuPage } from './pages/app';
import { AddToCart, CartBar, ConfirmPage } from './pages/order';

// Whole orders with accessibility checks on the way, as in order.spec.ts.
test.describe.configure({ timeout: 60_000 });

/** The cart bar with the dialog a failed check opens. */
class CheckingCart extends CartBar {
  get checkFailed(): Locator {
    return this.page.getByRole('dialog', { name: /暂时无法结算|Could not go to checkout/ });
  }

  /** Makes the next call of a consumer API action answer 500, once. */
  async failOnce(action: string) {
    await this.page.route(`**/new/consumer/${action}`, (route) => route.fulfill({ status: 500, body: '' }), {
      times: 1,
    });
  }
}

/** The confirm page's order type chips. */
const orderTypeChip = (page: Page, label: string) =>
  page
    .getByRole('group', { name: /点单方式|How would you like to order/ })
    .getByRole('button', { name: label });

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
}

test('a stock check that fails says so, and its retry opens the confirm page', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CheckingCart(page);
  await app.open('/', { id: 1 });
  await pickupCart(page, menu);

  const onMenu = app.route();
  await cart.failOnce('store/checkStock');
  await cart.checkout.click();
  await expect(cart.checkFailed).toBeVisible();
  await expect(cart.checkFailed).toContainText('未能核对购物车中商品的价格和库存，请重试。');
  expect(app.route()).toBe(onMenu);
  await app.expectAccessible();

  await cart.checkFailed.getByRole('button', { name: '重试' }).click();
  await app.expectRoute('/order/confirm');
  await expect(app.heading('确认订单')).toBeVisible();
  await expect(page.getByTestId('confirm-line')).toHaveCount(3);
});

test('after a failed price check is dismissed, the checkout button works again', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CheckingCart(page);
  await app.open('/', { id: 1 });
  await pickupCart(page, menu);

  const onMenu = app.route();
  await cart.failOnce('store/productTaxes');
  await cart.checkout.click();
  await expect(cart.checkFailed).toBeVisible();
  await cart.checkFailed.getByRole('button', { name: '取消' }).click();
  await expect(cart.checkFailed).toBeHidden();
  await expect(cart.checkout).toBeEnabled();
  expect(app.route()).toBe(onMenu);

  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(page.getByTestId('confirm-line')).toHaveCount(3);
});

test('while the order is placed the form and the order types are disabled, then the order opens', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const confirm = new ConfirmPage(page);
  await app.open('/', { id: 1 });
  await pickupCart(page, menu);
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await confirm.field('取餐人').fill('王小明');
  await confirm.field('取餐人电话').fill('13800138000');
  await confirm.slotAnHourAhead('自取时间');

  // order/confirm is held until the page has been looked at mid-submission.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/new/consumer/order/confirm',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await confirm.submit.click();
  const submitting = page.getByRole('button', { name: '正在提交…' });
  await expect(submitting).toBeDisabled();
  // A new order type would start a new form and stop this submission midway.
  await expect(orderTypeChip(page, '外卖')).toBeDisabled();
  await expect(orderTypeChip(page, '自取')).toBeDisabled();
  await expect(confirm.field('取餐人')).toBeDisabled();
  await expect(confirm.field('取餐人电话')).toBeDisabled();
  await expect(confirm.field('自取时间')).toBeDisabled();
  await expect(confirm.field('备注')).toBeDisabled();
  await expect(page.getByRole('radiogroup', { name: '支付方式' }).getByRole('radio').first()).toBeDisabled();
  await expect(confirm.field('取餐人')).toHaveValue('王小明');
  // Leaving now would let a second visit place the order again: back waits for the answer.
  await page.getByRole('button', { name: '返回' }).click();
  await page.goBack();
  await app.expectRoute('/order/confirm');
  await expect(submitting).toBeDisabled();

  release();
  await app.expectRoute('/order/success');
  await expect(page.getByTestId('day-seq')).toHaveText(/^\d+$/);
});

test('the table page’s headcount and note survive a confirm page that failed to load', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CheckingCart(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  await app.open('/', { id: 1, isDine: 1 });
  await menu.waitForProducts();
  await app.open('/product/table');
  await page.getByLabel('桌号').fill('1703');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B1');
  await page.getByLabel(/用餐人数/).fill('2');
  await page.getByLabel('备注').fill('靠窗');
  await page.getByRole('button', { name: '开始点餐' }).click();
  await app.expectRoute('/product/index');

  await menu.waitForProducts();
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));

  await cart.failOnce('store/paySetting');
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B1');
  await expect(confirm.field(/用餐人数/)).toHaveValue('2');
  await expect(confirm.field('备注')).toHaveValue('靠窗');
});

test('a multi-shop success link naming no order leads on to the orders or the menu', async ({
  app,
  menu,
  page,
}) => {
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  await app.open('/order/multi-success', { ids: 'none' });
  // The head does not claim an order was placed.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('没有可显示的订单');
  await expect(page.getByText('此链接没有指明订单，你的订单可在“订单”页查看。')).toBeVisible();
  // Nothing was loaded, so there is nothing to retry.
  await expect(page.getByRole('button', { name: '重试' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '返回菜单' })).toBeVisible();
  await app.expectAccessible();
  await page.getByRole('button', { name: '查看我的订单' }).click();
  await app.expectRoute('/pages/user/order/list');
});

// Paying as a new customer would: by member card with the pay password (the balance visibly lower), through
// the sandbox gateway's hosted page (cancelled first, then paid; a declined card, then a retry that
// succeeds), and at the counter for a dine-in order from a table's QR code.
import { MAX_POLLS, POLL_INTERVAL_MS } from '../../src/machines/payment/payment.machine';
import { expect, SHOPS_OPEN, test } from './fixtures';
import { AddToCart, CartBar, ConfirmPage, SuccessPage, minorUnits } from './pages/order';
import { PayPanel, SandboxGateway } from './pages/payment';
import type { Page } from '@playwright/test';
import type { App, MenuPage } from './pages/app';

// Whole orders from the menu to the paid result, with a gateway round trip and accessibility checks.
test.describe.configure({ timeout: 90_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/payment-${name}.png` });

/** A self-pickup cart of the burger counter, at the confirm page with the picker and time filled in. */
async function pickupOrder(page: Page, menu: MenuPage, query: Record<string, string | number> = {}) {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  await cart.open('/', { id: 1, ...query });
  await menu.waitForProducts();
  await cart.orderType('自取');
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await cart.checkout.click();
  await cart.expectRoute('/order/confirm');
  await confirm.field('取餐人').fill('王小明');
  await confirm.field('取餐人电话').fill('13800138000');
  await confirm.slotAnHourAhead('自取时间');
  return confirm;
}

test('a member orders takeaway and pays by member card with the pay password; the balance is lower', async ({
  app,
  menu,
  login,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  const pay = new PayPanel(page);
  const success = new SuccessPage(page);

  // Li Wei, a demo member of the burger counter's club, logs in with the demo SMS code.
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  await app.open('/pages/user/login');
  await login.withDemoCode('13800000001');

  await app.open('/product/index');
  await menu.waitForProducts();
  await cart.orderType('外卖');
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');

  // A delivery address near the counter (found by typing, no map key here).
  await page.getByRole('link', { name: '选择收货地址' }).click();
  await app.expectRoute('/pages/user/address/list');
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await app.expectRoute('/pages/user/address/add');
  await page.getByLabel('联系人').fill('李伟');
  await page.getByLabel('手机号').fill('13800000001');
  await page.getByLabel('街道或楼宇').fill('人民广场');
  await page.getByRole('list', { name: '搜索到的地点' }).getByRole('button').first().click();
  await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
  await page.getByLabel('门牌号').fill('801 室');
  await page.getByRole('button', { name: '保存' }).click();
  await app.expectRoute('/pages/user/address/list');
  await page.getByTestId('address').first().getByRole('button').first().click();
  await app.expectRoute('/order/confirm');
  // About 3.3 km from the counter: the second delivery tier.
  await expect(confirm.breakdown('delivery')).toHaveText('¥8.00');
  await confirm.slotAnHourAhead('送达时间');
  const total = await confirm.totalMinor();
  await confirm.submit.click();

  // The order is placed unpaid; the member card shows its balance.
  await app.expectRoute('/order/success');
  await expect(pay.panel).toBeVisible();
  expect(minorUnits((await pay.amount.textContent()) ?? '')).toBe(total);
  // A member's cart defaults to the member card (spec §4), and the order keeps it.
  await expect(pay.method(/焰堡会员卡/)).toBeChecked();
  const before = minorUnits((await pay.memberBalance.textContent()) ?? '');
  // 256.00 stored + 20.00 gift in the demo data.
  expect(before).toBe(27_600);
  await app.expectAccessible();
  await shot(page, 'choose');
  await pay.action(/^支付 /).click();

  // A wrong password is refused with the tries left; the right one pays.
  await expect(pay.password).toBeFocused();
  await pay.typePassword('135790');
  await expect(pay.refusal).toHaveText('支付密码错误，还可尝试 4 次。');
  await app.expectAccessible();
  await shot(page, 'password-wrong');
  await pay.typePassword('246810');

  await expect(pay.result).toContainText('支付成功');
  await expect(pay.result).toContainText('已通过会员卡支付');
  await expect
    .poll(async () => minorUnits((await pay.balanceAfter.textContent()) ?? '0'))
    .toBe(before - total);
  await expect(success.orderNo).not.toBeEmpty();
  await app.expectAccessible();
  await shot(page, 'paid-member');

  // The paid order's cart is gone.
  await app.open('/product/index');
  await menu.waitForProducts();
  await expect(cart.checkout).toHaveText('购物车是空的');
});

test('a self-pickup order is paid through the sandbox gateway: cancelled first, then paid', async ({
  app,
  menu,
  page,
}) => {
  const pay = new PayPanel(page);
  const gateway = new SandboxGateway(page);
  const confirm = await pickupOrder(page, menu);
  const total = await confirm.totalMinor();
  await confirm.submit.click();

  await app.expectRoute('/order/success');
  await expect(pay.method('在线支付')).toBeChecked();
  await pay.action(/^支付 /).click();

  // The hosted page is the gateway's, clearly a test page, for the order's amount.
  await gateway.expectOpen();
  await expect(gateway.badge).toBeVisible();
  await expect(gateway.merchant).toHaveText('焰堡汉堡');
  expect(minorUnits((await gateway.amount.textContent()) ?? '')).toBe(total);
  await app.expectAccessible();
  await shot(page, 'gateway-card');
  await gateway.cancel.click();

  // Back in the shop: the attempt was cancelled; paying again goes back to the gateway.
  await app.expectRoute('/order/fail');
  await expect(pay.panel.getByText('支付已取消', { exact: true })).toBeVisible();
  await app.expectAccessible();
  await shot(page, 'fail-cancelled');
  await pay.action('重新支付').click();

  await gateway.expectOpen();
  // A number too short to be a card is refused on the page.
  await gateway.payWithCard('4242');
  await expect(page.getByRole('alert').filter({ hasText: '请输入 12 至 19 位卡号。' })).toBeVisible();
  await gateway.payWithCard('4242 4242 4242 4242');

  await app.expectRoute('/order/success');
  await expect(pay.result).toContainText('支付成功');
  await expect(pay.result).toContainText('已通过银行卡支付');
  await shot(page, 'paid-online');
});

test('a declined card shows on /order/fail, and paying again with another card succeeds', async ({
  app,
  menu,
  page,
}) => {
  const pay = new PayPanel(page);
  const gateway = new SandboxGateway(page);
  const confirm = await pickupOrder(page, menu);
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await pay.action(/^支付 /).click();
  await gateway.expectOpen();
  await gateway.payWithCard('4000 0000 0000 0002');

  await app.expectRoute('/order/fail');
  await expect(pay.panel.getByText('支付失败', { exact: true })).toBeVisible();
  await expect(pay.failReason).toHaveText('银行卡被拒绝。');
  await expect(pay.action('更换支付方式')).toBeVisible();
  await app.expectAccessible();
  await pay.action('重新支付').click();

  await gateway.expectOpen();
  await gateway.payWithCard('4242 4242 4242 4242');
  await app.expectRoute('/order/success');
  await expect(pay.result).toContainText('支付成功');
});

test('a shop charging in yuan takes the AllinPay wallet page as well', async ({ app, menu, page }) => {
  const pay = new PayPanel(page);
  const gateway = new SandboxGateway(page);
  const confirm = await pickupOrder(page, menu);
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await pay.method(/银行卡\/钱包/).check();
  await pay.action(/^支付 /).click();

  // The wallet page, not the card form: no card number, pay or cancel.
  await gateway.expectOpen();
  expect(app.route()).toBe('/order/allin-pay');
  await expect(gateway.badge).toBeVisible();
  await expect(gateway.cardNumber).toHaveCount(0);
  await app.expectAccessible();
  await shot(page, 'gateway-wallet');
  await gateway.pay.click();

  await app.expectRoute('/order/success');
  await expect(pay.result).toContainText('支付成功');
});

test('a dine-in order from a table QR code on a kiosk is paid at the counter', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  const pay = new PayPanel(page);

  await app.open('/', { id: 1, table: 1705, kiosk: 1 });
  await app.expectRoute('/product/index');
  await menu.waitForProducts();
  await menu.chooseCategory('饮品');
  await adding.add(menu.productNamed('矿泉水'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B3');
  await confirm.field(/用餐人数/).fill('2');
  await page.getByRole('radio', { name: '到店付款' }).check();
  const total = await confirm.totalMinor();
  await confirm.submit.click();

  await app.expectRoute('/order/success');
  // A kiosk names the card brands under the card option (spec §6).
  await expect(pay.panel.getByTestId('card-brands')).toHaveText('Visa / Mastercard / 银联');
  await expect(pay.method('到店付款')).toBeChecked();
  await pay.action('确认：到店付款').click();

  await expect(pay.result).toContainText('到店付款');
  await expect(pay.result).toContainText('请到收银台支付');
  expect(minorUnits((await pay.result.getByText(/请到收银台支付/).textContent()) ?? '')).toBe(total);
  await expect(page.getByText('大厅 B3')).toBeVisible();
  await app.expectAccessible();
  await shot(page, 'counter');
});

test.describe('on a running page clock', () => {
  // The page's clock runs from SHOPS_OPEN and the wait for the payment's result is moved on it, not waited.
  test.use({ fixedClock: false });

  test('a customer leaves the gateway page midway, waits, then pays at the counter instead', async ({
    app,
    menu,
    page,
  }) => {
    await page.clock.install({ time: SHOPS_OPEN });
    await leaveMidwayThenPayAtCounter(app, menu, page);
  });
});

async function leaveMidwayThenPayAtCounter(app: App, menu: MenuPage, page: Page) {
  const pay = new PayPanel(page);
  const gateway = new SandboxGateway(page);
  const confirm = await pickupOrder(page, menu);
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await pay.action(/^支付 /).click();
  await gateway.expectOpen();

  // Back in the shop without paying: the attempt is still open at the gateway.
  await page.goBack();
  await app.expectRoute('/order/success');
  await expect(pay.panel.getByText('正在确认支付结果…')).toBeVisible();
  // Every poll of the order's state finds it unpaid, until the panel gives up asking.
  for (let poll = 0; poll <= MAX_POLLS; poll += 1) {
    if (await pay.panel.getByText('支付未完成', { exact: true }).isVisible()) break;
    const read = page
      .waitForResponse((response) => response.url().endsWith('/new/consumer/order/detail'), {
        timeout: 5_000,
      })
      .catch(() => null);
    await page.clock.runFor(POLL_INTERVAL_MS);
    await read;
  }
  await expect(pay.panel.getByText('支付未完成', { exact: true })).toBeVisible();
  await app.expectAccessible();
  await shot(page, 'not-completed');
  await pay.action('换一种方式支付').click();

  await app.expectRoute('/order/fail');
  await expect(pay.panel.getByText('支付已取消', { exact: true })).toBeVisible();
  await pay.action('更换支付方式').click();
  await pay.method('到店付款').check();
  await pay.action('确认：到店付款').click();
  await app.expectRoute('/order/success');
  await expect(pay.result).toContainText('到店付款');
}

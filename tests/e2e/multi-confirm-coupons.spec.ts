// Coupons on a chain's multi-shop order: a new customer of Jasmine Hill (Xintiandi, demo shop 6, and Lujiazui,
// shop 7) claims the Xintiandi "¥3 off over ¥15" coupon, fills a cart in each branch and, on
// /order/multi-confirm, picks the coupon for the Xintiandi cart; the Lujiazui cart's sheet shows it taken by
// the other order and why. The placed Xintiandi order is ¥3 less than its lines; Lujiazui's is not.
import { expect, test } from './fixtures';
import { CenterPage, LoginPage } from './pages/app';
import { AddToCart, CartBar, SuccessPage, minorUnits } from './pages/order';

test.describe.configure({ timeout: 120_000 });

const XINTIANDI = '茉岭茶事·新天地店';
const LUJIAZUI = '茉岭茶事·陆家嘴店';
const COUPON = '满15减3';

/** A mainland number no earlier run used (SMS codes are limited per phone). */
const freshPhone = () => `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;

test('a customer picks their coupon for one shop’s cart of a multi-shop order and sees the reduction', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const success = new SuccessPage(page);
  await new CenterPage(page).declineMemberInvitation();

  // Log in at Xintiandi and claim the coupon from its offers.
  await app.open('/', { id: 6 });
  await app.expectRoute('/pages/user/index-tab');
  await app.open('/pages/user/login');
  await new LoginPage(page).withDemoCode(freshPhone());
  await app.open('/pages/activity/list');
  await page.getByRole('button', { name: `领取${COUPON}` }).click();
  await expect(page.getByText('已领取')).toBeVisible();

  // A cart in each branch, pickup.
  await app.open('/', { id: 7 });
  await app.tab('点单').click();
  await menu.waitForProducts();
  await cart.orderType('自取');
  await adding.add(menu.products.first());
  await app.open('/', { id: 6 });
  await app.tab('点单').click();
  await menu.waitForProducts();
  await cart.orderType('自取');
  await adding.add(menu.products.first());
  await page.getByRole('link', { name: '多店一起结算（2 家）' }).click();
  await app.expectRoute('/order/multi-confirm');

  const section = (name: string) => page.getByTestId('multi-cart').filter({ hasText: name });
  const sheet = page.getByRole('dialog', { name: '选择优惠券' });
  const linesOf = async (name: string) => {
    const amounts = await section(name).getByRole('listitem').locator('span:last-child').allTextContents();
    return amounts.reduce((sum, text) => sum + minorUnits(text), 0);
  };
  await expect(page.getByTestId('multi-cart')).toHaveCount(2);
  const xintiandiLines = await linesOf(XINTIANDI);
  const lujiazuiLines = await linesOf(LUJIAZUI);

  // No coupon is picked for the customer: they choose which order it goes with.
  await expect(section(XINTIANDI).getByTestId('coupon-row-value')).toHaveText(/1张可用/);
  await section(XINTIANDI).getByTestId('coupon-row').getByRole('button').first().click();
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('coupon-option').filter({ hasText: COUPON }).click();
  await expect(sheet).toBeHidden();
  await expect(section(XINTIANDI).getByTestId('coupon-row-value')).toContainText(COUPON);
  await expect(section(XINTIANDI).getByTestId('multi-coupon-saving')).toHaveText(
    `${COUPON}为本店订单减¥3.00，预计实付¥${((xintiandiLines - 300) / 100).toFixed(2)}。`,
  );
  await page.screenshot({ path: 'test-results/multi-confirm-coupons-chosen.png' });

  // The other cart's sheet shows the coupon taken, and by which order.
  await section(LUJIAZUI).getByTestId('coupon-row').getByRole('button').first().click();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('coupon-option')).toHaveCount(0);
  await expect(sheet.getByTestId('coupon-unusable').filter({ hasText: COUPON })).toContainText(
    `已用于${XINTIANDI}：一张券只能用于一张订单。`,
  );
  await app.expectAccessible();
  await page.screenshot({ path: 'test-results/multi-confirm-coupons-taken.png' });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.getByLabel('取餐人', { exact: true }).fill('韩梅梅');
  await page.getByLabel('取餐人电话').fill('13600136000');
  await page.getByLabel(`${LUJIAZUI} 自取时间`).selectOption({ label: '今天 18:30' });
  await page.getByLabel(`${XINTIANDI} 自取时间`).selectOption({ label: '今天 19:30' });
  await page.getByRole('button', { name: '提交订单' }).click();
  await app.expectRoute('/order/multi-success');
  await expect(page.getByRole('heading', { level: 2, name: /^茉岭茶事·/ })).toHaveText([LUJIAZUI, XINTIANDI]);
  // The server priced the coupon into the Xintiandi order only. Each order's lines arrive after its heading,
  // so the totals are polled until both are on the page.
  await expect
    .poll(async () => (await success.total.allTextContents()).map(minorUnits))
    .toEqual([lujiazuiLines, xintiandiLines - 300]);
});

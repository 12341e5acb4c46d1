// Dine-in by the number printed on the table (entry parameter `table_no`, spec §2 entry routing rule 3):
// the link opens the shop in dine-in with that table, and a number that names no table says so (台号不存在).
import { expect, test } from './fixtures';
import { AddToCart, CartBar, ConfirmPage } from './pages/order';

test.describe.configure({ timeout: 60_000 });

test('a link with only the printed table number opens dine-in at that table', async ({ app, menu, page }) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);

  // Table B3 of the burger counter, typed in lower case as a hand-written link might have it.
  await app.open('/', { shop_id: 1, table_no: 'b3' });
  await app.expectRoute('/product/table');
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B3');
  await page.getByLabel(/用餐人数/).fill('3');
  await app.expectAccessible();
  await page.getByRole('button', { name: '开始点餐' }).click();
  await app.expectRoute('/product/index');

  await menu.waitForProducts();
  await expect(page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B3');
  await expect(confirm.field(/用餐人数/)).toHaveValue('3');
});

test('with the table id as well, the link goes straight to the menu for that table', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  await app.open('/', { shop_id: 1, table: 1703, table_no: 'B1' });
  await app.expectRoute('/product/index');
  await menu.waitForProducts();
  await expect(page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  // The burger counter's must-pick category is checked at checkout (decision U3).
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B1');
});

test('a printed number that names no table says "table number not found", and another can be typed', async ({
  app,
  page,
}) => {
  await app.open('/', { shop_id: 1, table_no: 'A12' });
  await app.expectRoute('/product/table');
  await expect(page.getByRole('alert')).toHaveText('台号不存在。');
  await expect(page.getByLabel('桌号')).toBeVisible();
  await app.expectAccessible();
  await page.screenshot({ path: 'test-results/table-number-not-found.png' });

  // The customer types the number printed on the table instead.
  await page.getByLabel('桌号').fill('A2');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('table-name')).toHaveText('桌台：窗边吧台 A2');
});

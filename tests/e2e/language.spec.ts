// The language switch on the "my" page: texts, prices and the currency symbol follow it (spec §1).
import { expect, test } from './fixtures';

test('a customer switches from Chinese to English and back; prices and the currency follow', async ({
  app,
  menu,
  center,
  page,
}) => {
  await app.open('/', { id: 1 });
  await app.expectRoute('/pages/user/index-tab-1');
  await menu.waitForProducts();
  await expect(menu.productNamed('经典牛肉堡').getByTestId('price')).toHaveText('¥28.00');

  await app.tab('我的').click();
  await app.expectRoute('/pages/user/center');
  await center.language('English').click();
  await expect(center.language('English')).toHaveAttribute('aria-checked', 'true');
  await expect(app.tab('Menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await app.expectAccessible();

  await app.tab('Menu').click();
  await menu.waitForProducts();
  const burger = menu.productNamed('Classic Beef Burger');
  await expect(burger.getByTestId('price')).toHaveText('28.00');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bun & Flame Burgers');

  await app.tab('Me').click();
  await center.language('简体中文').click();
  await expect(app.tab('点单')).toBeVisible();
  await app.tab('点单').click();
  await expect(menu.productNamed('经典牛肉堡').getByTestId('price')).toHaveText('¥28.00');
});

test('the chosen language is remembered when the customer comes back', async ({ app, center, page }) => {
  await center.goto();
  await center.language('Français').click();
  await expect(app.tab('Moi')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Français' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Langue')).toBeVisible();
  await app.expectAccessible();
});

test('a shop with its own currency symbol shows it in every language', async ({ app, menu, center }) => {
  await app.open('/', { id: 8 });
  await app.dismissShopNotice();
  await menu.waitForProducts();
  await expect(menu.products.first().getByTestId('price')).toContainText('€');
  await app.tab('我的').click();
  await center.language('English').click();
  await app.tab('Menu').click();
  await menu.waitForProducts();
  await expect(menu.products.first().getByTestId('price')).toContainText('€');
});

test('a logged-in customer switches language while the app is still reading who they are; it sticks', async ({
  app,
  center,
  login,
  page,
}) => {
  await app.open('/', { id: 1 });
  await app.expectRoute('/pages/user/index-tab-1');
  await app.open('/pages/user/login');
  const phone = `135${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const shown = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  await center.declineMemberInvitation();
  await login.withDemoCode(phone);
  await expect(page.getByTestId('user-name')).toHaveText(shown);

  // After a reload the stored token makes the app read the user again; that read is held until the
  // customer has tapped, so the tap surely lands while it is under way.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  let reads = 0;
  await page.route('**/store/userInfo', async (route) => {
    reads += 1;
    await held;
    await route.continue();
  });
  await page.reload();
  await expect.poll(() => reads).toBeGreaterThan(0);
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await center.language('English').click();
  await expect(center.language('English')).toHaveAttribute('aria-checked', 'true');
  await expect(app.tab('Me')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  answer();
  await expect(page.getByTestId('user-name')).toHaveText(shown);
  await expect(app.tab('Me')).toBeVisible();
  await page.unroute('**/store/userInfo');

  await page.reload();
  await expect(center.language('English')).toHaveAttribute('aria-checked', 'true');
  await expect(app.tab('Me')).toBeVisible();
  await expect(page.getByTestId('user-name')).toHaveText(shown);
  await app.expectAccessible();
});

// A phone that loses its connection (decisions K24-K27): the service worker serves the app's code and the
// app the menu it last read, under a notice that says so, instead of a blank page. The rest of the suite
// blocks service workers (playwright.config.ts); this file needs one.
import { expect, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

const OFFLINE = '当前处于离线状态：显示的是上次加载的菜单。下单和支付需要联网。';

test('offline, a reload still shows the menu last read, under the offline notice', async ({
  app,
  menu,
  page,
  context,
}) => {
  await app.open('/', { id: 1 });
  await app.expectRoute('/pages/user/index-tab-1');
  await menu.waitForProducts();
  await expect(menu.productNamed('经典牛肉堡')).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  // The worker has precached the app and controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE);
  await page.reload();
  await app.expectRoute('/pages/user/index-tab-1');
  await menu.waitForProducts();
  await expect(menu.productNamed('经典牛肉堡').getByTestId('price')).toHaveText('¥28.00');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await app.expectAccessible();

  // Back online, the next answer from the server ends the notice: a product's page reads it from the
  // server (the whole demo menu came with the categories, decision K51, so no category read is left).
  await context.setOffline(false);
  await menu.productNamed('经典牛肉堡').click();
  await app.expectRoute('/product/detail');
  await expect(page.getByRole('heading', { name: '经典牛肉堡', level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});

// The general pages: web view, error and empty pages always leave the customer a way on.
import { expect, test } from './fixtures';

test('the web view refuses an address that is not http or https and says why', async ({ app, page }) => {
  await app.open('/pages/index/web-view', { url: 'javascript:alert(1)' });
  await expect(page.getByText('无法打开该地址，只允许 http:// 和 https:// 链接。')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await app.expectAccessible();
});

test('the web view shows an allowed page with a way to open it outside', async ({ app, page }) => {
  // The test server's WEB_VIEW_ORIGINS (playwright.config.ts) allows this site; the page is served here.
  const url = 'https://help.storefront.test/agreement';
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<p>Agreement</p>' }));
  await app.open('/pages/index/web-view', { url, title: '用户协议' });
  await expect(page.locator('iframe[title="用户协议"]')).toHaveAttribute('src', url);
  await expect(page.getByRole('link', { name: '在新标签页中打开' })).toHaveAttribute('href', url);
});

test('the empty page offers the way home', async ({ app, page }) => {
  await app.open('/pages/index/empty');
  await expect(page.getByRole('heading', { name: '这里什么也没有', level: 1 })).toBeAttached();
  await expect(page.getByText('该页面暂无内容。')).toBeVisible();
  await page.getByRole('link', { name: '去首页' }).click();
  await app.expectRoute('/pages/store/list');
  await app.expectAccessible();
});

test('an unknown page says so and offers the way home', async ({ app, page }) => {
  await app.open('/pages/nowhere');
  await expect(page.getByRole('alert')).toContainText('页面不存在');
});

test('a back button on the first page in history goes home', async ({ app, page }) => {
  await app.open('/pages/user/login');
  await page.getByRole('button', { name: '返回' }).click();
  await app.expectRoute('/pages/store/list');
});

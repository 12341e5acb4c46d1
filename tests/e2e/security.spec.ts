// The Content-Security-Policy the server sends, as Chromium enforces it: the shop, the order confirm page
// and the sandbox gateway's hosted page run with no violation (none reported to the page, none in the
// console); the web-view page frames a site on the allow-list (WEB_VIEW_ORIGINS of playwright.config.ts)
// and, for any other site, says so and offers a link instead of a frame.
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { AddToCart, CartBar, ConfirmPage } from './pages/order';
import { PayPanel, SandboxGateway } from './pages/payment';

/** On the test server's allow-list. */
const ALLOWED = 'https://help.storefront.test';

/**
 * Collects every CSP violation: the `securitypolicyviolation` events of each document (an init script,
 * so every navigation is watched, reports them through the console), and any console error naming the
 * policy.
 */
function watchPolicy(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('csp-violation:') || /Content Security Policy/i.test(text)) violations.push(text);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`csp-violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return violations;
}

function expectPolicy(response: Response | null) {
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`frame-src ${ALLOWED}`);
}

test('the shop, the order confirm page and the sandbox gateway run under the policy', async ({
  app,
  menu,
  page,
}) => {
  test.setTimeout(90_000);
  const violations = watchPolicy(page);
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  const pay = new PayPanel(page);
  const gateway = new SandboxGateway(page);

  const [document] = await Promise.all([
    page.waitForResponse((response) => response.request().resourceType() === 'document'),
    cart.open('/', { id: 1 }),
  ]);
  expectPolicy(document);
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
  await confirm.submit.click();

  await app.expectRoute('/order/success');
  await pay.action(/^支付 /).click();
  await gateway.expectOpen();
  await gateway.payWithCard('4242 4242 4242 4242');
  await app.expectRoute('/order/success');
  await expect(pay.result).toContainText('支付成功');
  expect(violations).toEqual([]);
});

test('the web view frames a site on the allow-list', async ({ app, page }) => {
  const violations = watchPolicy(page);
  await page.route(`${ALLOWED}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Terms</title><p>Our terms</p>' }),
  );
  const url = `${ALLOWED}/terms`;
  await app.open('/pages/index/web-view', { url, title: '用户协议' });
  await expect(page.frameLocator('iframe[title="用户协议"]').getByText('Our terms')).toBeVisible();
  await expect(page.getByRole('link', { name: '在新标签页中打开' })).toHaveAttribute('href', url);
  expect(violations).toEqual([]);
});

test('the web view shows no frame for a site off the allow-list and offers a link', async ({ app, page }) => {
  const violations = watchPolicy(page);
  const url = 'https://elsewhere.example/offer?x=1';
  await app.open('/pages/index/web-view', { url });
  await expect(
    page.getByText('该网页无法在店铺内显示：https://elsewhere.example 不在允许的网站列表中。'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: '在新标签页中打开' })).toHaveAttribute('href', url);
  await expect(page.locator('iframe')).toHaveCount(0);
  await app.expectAccessible();
  expect(violations).toEqual([]);

  // The policy refuses the frame even if a page tried: the browser, not only the page, keeps to the list.
  const blocked = await page.evaluate(
    (src) =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), {
          once: true,
        });
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
      }),
    url,
  );
  expect(blocked).toBe('frame-src');
});

// Topping up the member card as a new member of the Tiong Bahru Claypot House (shop 2, S$, which takes
// top-ups online): S$100 through the sandbox gateway credits S$100 and the S$20 gift, shown on the result
// and as the top-up's row in the balance transactions, with an order then paid by the card as the row above
// it; a cancelled payment comes back to the tiers saying nothing was charged. Each scenario logs
// in a Singapore phone no other scenario uses and registers it as a member through the API, so no demo
// member's SMS codes are spent.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { App, LoginPage } from './pages/app';
import { ChargeSuccessPage, LedgerPage, payPickupByCard, RechargePage } from './pages/member-recharge';
import { SandboxGateway } from './pages/payment';

// A login, a registration and a gateway round trip each: room for a busy CI machine.
test.describe.configure({ timeout: 90_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/recharge-${name}.png` });

let phones = 0;
/** A Singapore mobile number no other scenario of this run used (SMS codes are limited per phone). */
const freshPhone = () =>
  `+659${String((Date.now() + 4_000_000 + phones++ * 7919) % 10_000_000).padStart(7, '0')}`;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('user-language')) localStorage.setItem('user-language', 'en');
  });
});

/** Logs a fresh phone in at shop 2 and makes it a member there through vip/register. */
async function newMember(page: Page, app: App, login: LoginPage, name: string) {
  await app.open('/', { id: 2 });
  await expect.poll(() => app.route()).not.toBe('/');
  await app.open('/pages/user/login');
  await login.withDemoCode(freshPhone());
  const reply = await page.evaluate(async (name) => {
    const token = (JSON.parse(localStorage.getItem('token') ?? 'null') as { value?: string } | null)?.value;
    const response = await fetch('/new/consumer/vip/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: token ?? '', language: 'en' },
      body: JSON.stringify({ name, agreeTerms: true }),
    });
    return (await response.json()) as { result: boolean; message: string };
  }, name);
  expect(reply, reply.message).toMatchObject({ result: true });
  // The app reads the customer (now a member) again when it starts.
  await page.reload();
}

test('a member tops up S$100 through the sandbox and sees the credit and its row in the transactions', async ({
  page,
  app,
  login,
}) => {
  await newMember(page, app, login, 'Ong Li Hua');
  const recharge = new RechargePage(page);
  await recharge.goto();
  await expect(recharge.stored).toHaveText('S$0.00');
  await recharge.tier(10_000).click();
  await expect(recharge.summary).toContainText('S$100.00 + S$20.00');
  await expect(recharge.pay).toHaveText('Top up S$100.00');
  await recharge.expectAccessible();
  await shot(recharge.page, 'tiers-en');
  await recharge.pay.click();

  const gateway = new SandboxGateway(page);
  await gateway.expectOpen();
  await gateway.payWithCard('4242 4242 4242 4242');

  const success = new ChargeSuccessPage(page);
  await success.expectRoute('/member/charge-success');
  await expect(success.result).toContainText('Top-up successful', { timeout: 20_000 });
  await expect(success.creditAmount).toHaveText('S$100.00');
  await expect(success.creditGift).toHaveText('S$20.00');
  await expect(success.amountAfter).toHaveText('S$100.00');
  await expect(success.giftAfter).toHaveText('S$20.00');
  await success.expectAccessible();
  await shot(page, 'success-en');

  await page.getByRole('link', { name: 'View transactions' }).click();
  const ledger = new LedgerPage(page);
  await ledger.expectRoute('/member/doc');
  const row = ledger.rowsOf('recharge');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Stored +S$100.00');
  await expect(row).toContainText('Gift +S$20.00');
  await expect(row).toContainText('After: stored S$100.00 · gift S$20.00');
  await ledger.expectAccessible();

  // The same page in Chinese.
  await page.evaluate(() => localStorage.setItem('user-language', 'zh-CN'));
  await page.reload();
  await expect(app.heading('余额明细')).toBeVisible();
  await expect(ledger.rowsOf('recharge')).toContainText('赠送 +S$20.00');
  await shot(page, 'doc-zh');
  // The tier's 100 points, in the points history.
  await app.open('/member/point-consume-list');
  await expect(page.getByTestId('points-now')).toHaveText('100');
  await expect(ledger.rows.first()).toContainText('+100');
  await shot(page, 'points-zh');

  // An order paid by the card takes it from the stored money first (decision L1): its row sits above the
  // top-up's, with what the card holds after it.
  const total = await payPickupByCard(page, '472913');
  expect(total).toBeLessThan(10_000);
  const dollars = (minor: number) => `S$${(minor / 100).toFixed(2)}`;
  await app.open('/member/doc');
  const paid = ledger.rowsOf('orderPay');
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(`变动后：储值 ${dollars(10_000 - total)} · 赠送 S$20.00`);
  await expect(ledger.rows.first()).toHaveAttribute('data-kind', 'orderPay');
  await expect(ledger.rowsOf('recharge')).toHaveCount(1);
});

test('a cancelled payment comes back to the tiers saying nothing was charged', async ({
  page,
  app,
  login,
}) => {
  await newMember(page, app, login, 'Goh Mei');
  await page.evaluate(() => localStorage.setItem('user-language', 'zh-CN'));
  await page.reload();
  const recharge = new RechargePage(page);
  await recharge.goto();
  await recharge.tier(5_000).click();
  await recharge.pay.click();

  const gateway = new SandboxGateway(page);
  await gateway.expectOpen();
  await gateway.cancel.click();

  await recharge.expectRoute('/member/recharge');
  await expect(recharge.notice).toHaveText(/充值已取消，未扣款。/, { timeout: 20_000 });
  await expect(recharge.tiers.first()).toBeVisible();
  await expect(recharge.stored).toHaveText('S$0.00');
  await recharge.expectAccessible();
  await shot(page, 'cancelled-zh');
});

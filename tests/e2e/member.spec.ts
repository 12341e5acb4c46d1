// The member area as a new customer meets it: logs in, becomes a member of the Tiong Bahru Claypot House
// (shop 2, which registers members online and sends codes to Singapore numbers), sets a pay password, sees
// the card and shows the member code; resets a forgotten pay password with an SMS code; and at a shop that
// registers members only at its counter, is told so. Each scenario logs in a phone no other scenario uses.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { App, LoginPage } from './pages/app';
import { MemberCardPage, MemberCodePage, PayPasswordPage, RegisterPage } from './pages/member';

test.describe.configure({ timeout: 60_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/member-${name}.png` });

let phones = 0;
/** A Singapore mobile number no other scenario of this run used (SMS codes are limited per phone). */
const freshPhone = () => `+659${String((Date.now() + phones++ * 7919) % 10_000_000).padStart(7, '0')}`;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('user-language')) localStorage.setItem('user-language', 'en');
  });
});

async function logInAt(app: App, login: LoginPage, shopId: number, phone: string) {
  await app.open('/', { id: shopId });
  await expect.poll(() => app.route()).not.toBe('/');
  await app.open('/pages/user/login');
  await login.withDemoCode(phone);
}

async function register(page: Page, card: MemberCardPage, name: string) {
  await card.goto();
  await card.register.click();
  await card.expectRoute('/member/register');
  const form = new RegisterPage(page);
  await form.fill(name);
  await form.submit.click();
  // The terms must be accepted: nothing is sent until they are.
  await expect(form.problem).toContainText('accept the member terms');
  await form.acceptTerms();
  await form.submit.click();
  await card.expectRoute('/member/index');
  await expect(card.memberName).toHaveText(name);
}

test('a new customer registers as a member, sets a pay password and shows the member code', async ({
  page,
  app,
  login,
}) => {
  await logInAt(app, login, 2, freshPhone());
  const card = new MemberCardPage(page);
  await register(page, card, 'Lim Wei');
  await expect(card.row('member-pay-password')).toContainText('Not set');
  await card.expectAccessible();
  await shot(page, 'card-en');

  await card.row('member-pay-password').click();
  const password = new PayPasswordPage(page);
  await expect(app.heading('Set a pay password')).toBeVisible();
  // 123456 is refused at once, and the field starts empty again.
  await password.type('123456', /Enter a new pay password/);
  await expect(password.error).toContainText('too easy to guess');
  await password.type('864209', /Enter a new pay password/);
  await password.type('864201', /Enter the new pay password again/);
  await expect(password.error).toContainText('not the same');
  await password.type('864209', /Enter a new pay password/);
  await password.type('864209', /Enter the new pay password again/);
  await expect(password.saved).toContainText('Your pay password is set.');
  await page.getByRole('link', { name: 'Back to my member card' }).click();
  await expect(card.row('member-pay-password')).toContainText('Set');

  await card.row('member-code').click();
  const code = new MemberCodePage(page);
  await expect(code.qr).toBeVisible();
  await expect(code.barcode).toBeVisible();
  // Drawn bars, not an empty frame.
  await expect(code.barcode.locator('rect').first()).toBeVisible();
  await expect(code.countdown).toContainText(/Refreshes in \d+s/);
  await code.expectAccessible();
  await shot(page, 'code-en');
});

test('a member who forgot the pay password resets it with an SMS code, in Chinese', async ({
  page,
  app,
  login,
}) => {
  await logInAt(app, login, 2, freshPhone());
  const card = new MemberCardPage(page);
  await register(page, card, 'Chen Jia');
  await page.evaluate(() => localStorage.setItem('user-language', 'zh-CN'));
  await app.open('/member/forgot-paypassword');
  // A hash change keeps the document: the reload starts the app again in the stored language.
  await page.reload();
  const password = new PayPasswordPage(page);
  await expect(app.heading('重置支付密码')).toBeVisible();
  await password.receiveCode();
  await password.type('246813', /请输入新的支付密码/);
  await password.type('246813', /请再次输入新的支付密码/);
  await expect(password.saved).toContainText('支付密码已重置。');
  await shot(page, 'forgot-zh');
  await app.open('/member/index');
  await expect(card.row('member-pay-password')).toContainText('已设置');
  await shot(page, 'card-zh');
});

test('a shop that registers members only at its counter says so', async ({ page, app, login }) => {
  // Le Petit Four registers members in store only (allowRegisterInWeb off) and sends no SMS codes itself:
  // the customer logs in at the claypot house and walks in with the same phone.
  await logInAt(app, login, 2, freshPhone());
  await app.open('/', { id: 8 });
  await expect.poll(() => app.route()).not.toBe('/');
  const card = new MemberCardPage(page);
  await card.goto();
  await expect(card.registerInStore).toHaveText('Please register as a member at the shop’s counter.');
  await expect(card.register).toHaveCount(0);
  await card.bind.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await card.expectAccessible();
  await shot(page, 'in-store-en');
});

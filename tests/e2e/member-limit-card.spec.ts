// Limit cards as the demo member meets them at the Tiong Bahru Claypot House (shop 2): her cards with the
// uses left, a used-up and an expired one; a Claypot Chicken Rice ordered and paid with the card (the pots
// charged nothing, the order placed already paid), the uses one fewer and the use in the history with the
// order's number; then the same pages in Chinese.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { restoreLogin, saveLogin, type App, type LoginPage, type SavedLogin } from './pages/app';
import { LimitCardHistoryPage, LimitCardRow, LimitCardsPage } from './pages/member-limit-card';
import { AddToCart, CartBar, ConfirmPage, SuccessPage } from './pages/order';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PHONE = '13800000003';
const RICE = '10 × Claypot Chicken Rice';
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/limit-card-${name}.png` });

let memberLogin: SavedLogin | null = null;

/** Logs in at the burger counter (its SMS sender takes mainland numbers), then walks into the claypot house. */
async function enterAs(app: App, login: LoginPage) {
  if (memberLogin) {
    await restoreLogin(app.page, memberLogin);
  } else {
    await app.open('/', { id: 1 });
    await expect.poll(() => app.route()).not.toBe('/');
    await app.open('/pages/user/login');
    await login.withDemoCode(PHONE);
    memberLogin = await saveLogin(app.page);
  }
  await app.open('/', { id: 2 });
  await expect.poll(() => app.route()).not.toBe('/');
}

/** The uses left on a card's face ("7 of 10 uses left"). */
const usesLeft = async (cards: LimitCardsPage, name: string) =>
  Number(((await cards.uses(name).textContent()) ?? '').match(/\d+/)?.[0]);

test('the demo member sees her cards, pays a claypot with one and finds the use in the history', async ({
  app,
  menu,
  login,
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('user-language', 'en'));
  const cards = new LimitCardsPage(page);
  const history = new LimitCardHistoryPage(page);
  const row = new LimitCardRow(page);
  const confirm = new ConfirmPage(page);
  await enterAs(app, login);

  await app.open('/member/index');
  await page.getByTestId('member-limit-cards').click();
  await app.expectRoute('/member/limit-card');
  await expect(cards.state(RICE)).toHaveText('Usable');
  await expect(cards.state('5 × Kopi')).toHaveText('Used up');
  await expect(cards.state('3 × Chendol')).toHaveText('Expired');
  await expect(cards.card(RICE)).toContainText('Pays for: Claypot Chicken Rice');
  const before = await usesLeft(cards, RICE);
  expect(before).toBeGreaterThan(1);
  await app.expectAccessible();
  await shot(page, 'cards-en');

  // Two pots for pick-up (over the S$20 pick-up minimum), paid with the card: nothing left to pay.
  await app.open('/product/index');
  await menu.waitForProducts();
  await new CartBar(page).orderType('Pick up');
  for (let i = 0; i < 2; i++) await new AddToCart(page).add(menu.productNamed('Claypot Chicken Rice'));
  await new CartBar(page).checkout.click();
  await app.expectRoute('/order/confirm');
  if (!(await confirm.field('Picked up by').inputValue()))
    await confirm.field('Picked up by').fill('Tan Mei Ling');
  if (!(await confirm.field('Pickup phone').inputValue())) await confirm.field('Pickup phone').fill(PHONE);
  await expect(row.value).toHaveText(/can pay for items here/);
  await row.choose(RICE);
  await expect(row.value).toHaveText(/10 × Claypot Chicken Rice · 2 uses, −S\$/);
  expect(await confirm.totalMinor()).toBe(0);
  await app.expectAccessible();
  await shot(page, 'confirm-en');
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  const orderNo = ((await new SuccessPage(page).orderNo.textContent()) ?? '').trim();

  // Two uses fewer, and the use is in the card's history with the order's number.
  await cards.goto();
  expect(await usesLeft(cards, RICE)).toBe(before - 2);
  await cards.openHistory(RICE);
  await expect(history.entry('orderUse').first()).toContainText('Claypot Chicken Rice × 2');
  if (orderNo) await expect(history.entry('orderUse').first()).toContainText(orderNo.replace(/^\D+/, ''));
  await expect(history.filter(RICE)).toHaveAttribute('aria-current', 'true');
  await app.expectAccessible();
  await shot(page, 'history-en');
});

test('the cards and their uses read in Chinese', async ({ app, login, page }) => {
  await page.addInitScript(() => localStorage.setItem('user-language', 'zh-CN'));
  const cards = new LimitCardsPage(page);
  const history = new LimitCardHistoryPage(page);
  await enterAs(app, login);
  await cards.goto();
  await expect(cards.state('瓦煲鸡饭 10 次卡')).toHaveText('可用');
  await expect(cards.state('咖啡 5 次卡')).toHaveText('已用完');
  await expect(cards.uses('瓦煲鸡饭 10 次卡')).toHaveText(/剩余 \d+\/10 次/);
  await shot(page, 'cards-zh');
  await app.open('/member/limit-card-history');
  await expect(history.entries.first()).toBeVisible();
  await history.filter(/^瓦煲鸡饭$/).click();
  await expect(history.entry('orderUse').first()).toContainText('使用 · 瓦煲鸡饭 10 次卡');
  await app.expectAccessible();
  await shot(page, 'history-zh');
});

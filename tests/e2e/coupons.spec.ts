// Coupons as a customer meets them: claimed from the shop's offers, seen in "My coupons", used on the confirm
// page with the reduction in the price breakdown, paid for and then shown as used; an unpaid order that is
// cancelled gives its coupon back; a member-card-only coupon leaves the order, with the reason, when the
// customer pays another way; a promotion code's coupon claimed; the offers and the coupon sheet in Chinese. The Tiong Bahru Claypot House (shop 2) runs
// the demo offers; Tan Mei Ling (13800000003) is a member there with money on her card.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  restoreLogin,
  saveLogin,
  type App,
  type LoginPage,
  type MenuPage,
  type SavedLogin,
} from './pages/app';
import { CouponRow, CouponsPage, OffersPage } from './pages/coupons';
import { AddToCart, CartBar, ConfirmPage, SuccessPage, minorUnits } from './pages/order';
import { OrderDetailPage } from './pages/orders';
import { PayPanel, SandboxGateway } from './pages/payment';

// The scenarios share one member's coupons, so they run one after the other, each a whole order.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const MEMBER = { phone: '13800000003' };

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/coupons-${name}.png` });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('user-language', 'en'));
});

/** The demo member's login, kept from the first scenario that made it (three SMS codes per ten minutes). */
let memberLogin: SavedLogin | null = null;

/**
 * Logs in at the burger counter (its SMS sender takes the demo member's mainland number), then walks into
 * the claypot house, where the same phone is a member. Later scenarios come back with the same login, as a
 * returning customer would.
 */
async function enterAs(app: App, login: LoginPage) {
  if (memberLogin) {
    await restoreLogin(app.page, memberLogin);
  } else {
    await app.open('/', { id: 1 });
    await expect.poll(() => app.route()).not.toBe('/');
    await app.open('/pages/user/login');
    await login.withDemoCode(MEMBER.phone);
    memberLogin = await saveLogin(app.page);
  }
  await app.open('/', { id: 2 });
  await expect.poll(() => app.route()).not.toBe('/');
}

/** A Singapore mobile number no earlier scenario used (the claypot house sends codes to Singapore numbers). */
const freshPhone = () => `+659${String(Date.now() % 10_000_000).padStart(7, '0')}`;

/**
 * A new customer of the claypot house: logs in there with a fresh number, so the demo member's codes (three
 * per ten minutes) are kept for the scenarios that need her card.
 */
async function enterAsNewCustomer(app: App, login: LoginPage) {
  await app.open('/', { id: 2 });
  await expect.poll(() => app.route()).not.toBe('/');
  await app.open('/pages/user/login');
  await login.withDemoCode(freshPhone());
  await app.open('/', { id: 2 });
  await expect.poll(() => app.route()).not.toBe('/');
}

/**
 * A pick-up order of `units` of a product (Salted Egg Prawns, S$26.00 each, unless named) and one of each
 * of `also`, at the confirm page with the form filled.
 */
async function pickupOrder(
  page: Page,
  app: App,
  menu: MenuPage,
  units: number,
  product = 'Salted Egg Prawns',
  also: string[] = [],
) {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  await app.open('/product/index');
  await menu.waitForProducts();
  await cart.orderType('Pick up');
  for (let i = 0; i < units; i++) await adding.add(menu.productNamed(product));
  for (const name of also) await adding.add(menu.productNamed(name));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(confirm.field('Picked up by')).toBeVisible();
  if (!(await confirm.field('Picked up by').inputValue()))
    await confirm.field('Picked up by').fill('Tan Mei Ling');
  if (!(await confirm.field('Pickup phone').inputValue()))
    await confirm.field('Pickup phone').fill('13800000003');
  return confirm;
}

test('a member claims a coupon from the offers, uses it on an order, pays, and sees it used', async ({
  app,
  menu,
  login,
  page,
}) => {
  const offers = new OffersPage(page);
  const coupons = new CouponsPage(page);
  const row = new CouponRow(page);
  const pay = new PayPanel(page);
  const gateway = new SandboxGateway(page);
  const success = new SuccessPage(page);
  await enterAs(app, login);

  await offers.goto();
  await expect(offers.offer('S$8 off over S$50')).toBeVisible();
  await app.expectAccessible();
  await shot(page, 'offers');
  await offers.claim('S$8 off over S$50');
  await offers.offer('S$8 off over S$50').getByRole('link', { name: 'View in my coupons' }).click();
  await app.expectRoute('/pages/user/coupon/list');
  await expect(coupons.tabNamed('Usable')).toHaveAttribute('aria-selected', 'true');
  await expect(coupons.card('S$8 off over S$50')).toBeVisible();
  await app.expectAccessible();
  await shot(page, 'list');

  // Three portions of prawns: S$78.00, S$68.64 at her Diamond 88 %, over the coupon's S$50; paid online.
  const confirm = await pickupOrder(page, app, menu, 3);
  await page.getByRole('radio', { name: 'Pay online' }).check();
  await expect(row.value).toHaveText(/S\$8 off over S\$50 −S\$8\.00/);
  await expect(confirm.breakdown('coupon')).toHaveText('−S$8.00');
  await row.openSheet();
  await expect(row.option('S$8 off over S$50')).toHaveAttribute('aria-pressed', 'true');
  await app.expectAccessible();
  await shot(page, 'sheet');
  await page.keyboard.press('Escape');
  const total = await confirm.totalMinor();
  await confirm.submit.click();

  // The server charged what the page showed, the coupon included.
  await app.expectRoute('/order/success');
  expect(minorUnits((await pay.amount.textContent()) ?? '')).toBe(total);
  await pay.action(/^Pay /).click();
  await gateway.expectOpen();
  await gateway.payWithCard('4242 4242 4242 4242');
  await app.expectRoute('/order/success');
  await expect(pay.result).toBeVisible();
  await expect(success.orderNo).not.toBeEmpty();

  await coupons.goto();
  await expect(coupons.card('S$8 off over S$50')).toHaveCount(0);
  await coupons.tabNamed('Used').click();
  await expect(coupons.card('S$8 off over S$50')).toContainText('Used');
});

test('a coupon held by an unpaid order is usable again once the order is cancelled', async ({
  app,
  menu,
  login,
  page,
}) => {
  const offers = new OffersPage(page);
  const coupons = new CouponsPage(page);
  const row = new CouponRow(page);
  const detail = new OrderDetailPage(page);
  await enterAs(app, login);
  await offers.goto();
  await offers.claim('S$5 off over S$30');

  const confirm = await pickupOrder(page, app, menu, 2);
  await expect(row.value).toHaveText(/S\$5 off over S\$30 −S\$5\.00/);
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  const orderId = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));

  await coupons.goto();
  await expect(coupons.card('S$5 off over S$30')).toContainText('Held by an unpaid order');

  await detail.goto(orderId);
  await detail.button('Cancel order').click();
  await page
    .getByRole('dialog', { name: 'Cancel this order?' })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(detail.button('Cancel order')).toBeHidden();

  await coupons.goto();
  await expect(coupons.card('S$5 off over S$30')).toBeVisible();
  await expect(coupons.card('S$5 off over S$30')).not.toContainText('Held by an unpaid order');
});

test('a customer claims the coupon of a promotion code, logging in on the way', async ({
  app,
  login,
  page,
}) => {
  const coupons = new CouponsPage(page);
  await app.open('/', { id: 2 });
  await expect.poll(() => app.route()).not.toBe('/');
  await app.open('/order/search-activity-by-code');
  await expect(app.heading('Promotion code')).toBeVisible();
  await page.getByLabel('Promotion code').fill('NOPE');
  await page.getByRole('button', { name: 'Find the offer' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Promotion code').fill('WELCOME5');
  await page.getByRole('button', { name: 'Find the offer' }).click();
  // A guest logs in first and comes back to the same code and offer.
  await page.getByRole('button', { name: 'Log in to claim' }).click();
  await app.expectRoute('/pages/user/login');
  await login.withDemoCode(freshPhone(), '/order/search-activity-by-code');
  await expect(page.getByLabel('Promotion code')).toHaveValue('WELCOME5');
  await page.getByRole('button', { name: 'Claim S$5 welcome coupon' }).click();
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible();
  await app.expectAccessible();
  await shot(page, 'promo-code');
  await coupons.goto();
  await expect(coupons.card('S$5 welcome coupon')).toBeVisible();
});

test('the offers, the activity tags, the coupons and the coupon sheet read in Chinese', async ({
  app,
  menu,
  login,
  page,
}) => {
  const offers = new OffersPage(page);
  const coupons = new CouponsPage(page);
  const row = new CouponRow(page);
  await page.addInitScript(() => localStorage.setItem('user-language', 'zh-CN'));
  await enterAsNewCustomer(app, login);

  await offers.goto();
  await offers.claim('满50减8', '领取');
  await coupons.goto();
  await expect(coupons.tabNamed(/^可使用/)).toHaveAttribute('aria-selected', 'true');
  await expect(coupons.card('满50减8')).toBeVisible();
  await shot(page, 'zh-list');

  await app.open('/product/index');
  await menu.waitForProducts();
  // The shop's price activity in its words on the header, and on the products it covers.
  await expect(page.getByTestId('offers-strip')).toBeVisible();
  await menu.chooseCategory(/瓦煲/);
  await expect(menu.productNamed('瓦煲鸡饭').getByTestId('activity-tag')).toBeVisible();
  await shot(page, 'zh-menu');

  // Two portions of prawns: S$52.00, over the coupon's S$50, which the page picks by itself.
  await pickupOrderZh(page, app, menu, 2);
  await expect(row.value).toHaveText(/满50减8 −S\$8\.00/);
  await row.openSheet();
  await expect(row.sheet.getByRole('heading', { name: '本单可用' })).toBeVisible();
  await expect(row.option('满50减8')).toHaveAttribute('aria-pressed', 'true');
  await app.expectAccessible();
  await shot(page, 'zh-sheet');
});

/** `units` portions of prawns for pick-up, on the Chinese menu. */
async function pickupOrderZh(page: Page, app: App, menu: MenuPage, units: number) {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  await app.open('/product/index');
  await menu.waitForProducts();
  await cart.orderType('自取');
  for (let i = 0; i < units; i++) await adding.add(menu.productNamed('咸蛋虾'));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
}

test('a member-card-only coupon leaves the order, with the reason, when the member pays another way', async ({
  app,
  menu,
  login,
  page,
}) => {
  const offers = new OffersPage(page);
  const row = new CouponRow(page);
  await enterAs(app, login);
  await offers.goto();
  await offers.claim('Top-up gift S$10');

  // S$52.00, S$45.76 at her Diamond 88 %, paid by her member card: the S$10 card gift (over S$40) can be chosen.
  const confirm = await pickupOrder(page, app, menu, 2);
  await page.getByRole('radio', { name: 'Claypot Friends card' }).check();
  await row.openSheet();
  await row.option('Top-up gift S$10').click();
  await expect(row.sheet).toBeHidden();
  await expect(row.value).toHaveText(/Top-up gift S\$10 −S\$10\.00/);
  await expect(confirm.breakdown('coupon')).toHaveText('−S$10.00');

  await page.getByRole('radio', { name: /counter/i }).check();
  await expect(row.notice).toHaveText('This coupon is for member-card payment; it was removed.');
  // The best coupon for the new way of paying takes its place.
  await expect(row.value).not.toContainText('Top-up gift');
  await row.openSheet();
  await expect(row.unusable('Top-up gift S$10')).toContainText('Member card payment only');
  await app.expectAccessible();
  await shot(page, 'member-card-only');
});

test('a new customer buys lime juice at the capped special price and the offer says what is left', async ({
  app,
  menu,
  login,
  page,
}) => {
  const offers = new OffersPage(page);
  const success = new SuccessPage(page);
  await enterAsNewCustomer(app, login);
  await offers.goto();
  const special = offers.activity('Lime juice at S$1');
  await expect(special).toContainText(/Special price S\$1\.00, at most 2 each, \d+ left/);
  const left = Number(/(\d+) left/.exec((await special.textContent()) ?? '')![1]);

  // Three glasses at S$3.50: two at the special price (S$2.50 off each), the third at the list price;
  // prawns (S$26.00) take the order over the pick-up minimum.
  const confirm = await pickupOrder(page, app, menu, 3, 'Lime Juice', ['Salted Egg Prawns']);
  await expect(confirm.breakdown('productDiscount')).toContainText('−S$5.00');
  await page.getByRole('radio', { name: /counter/i }).check();
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await expect(success.total).toContainText('S$31.50');
  // Settled at the counter: the cart is done with.
  const pay = new PayPanel(page);
  await pay.action(/counter/i).click();
  await expect(pay.result).toBeVisible();

  // The two glasses are counted: the offer has two fewer to sell, and this customer has had their two.
  await offers.goto();
  await expect(offers.activity('Lime juice at S$1')).toContainText(`, ${left - 2} left`);
  const again = await pickupOrder(page, app, menu, 1, 'Lime Juice', ['Salted Egg Prawns']);
  await expect(again.total).toContainText('S$29.50');
  await expect(again.breakdown('productDiscount')).toBeHidden();
  await shot(page, 'special-price-limit');
});

test('a coupon link opened in a browser that has never been in the shop enters it, and the coupon is claimed after a login', async ({
  app,
  login,
  page,
}) => {
  const offers = new OffersPage(page);
  const coupons = new CouponsPage(page);
  // The S$5 coupon's link as the shop hands it out: its template and the shop.
  await app.open('/pages/user/coupon/claim', { id: 1, shop: 2 });
  await expect(app.heading('A coupon for you')).toBeVisible();
  await expect(offers.offer('S$5 off over S$30')).toContainText('S$30.00');
  await app.expectAccessible();
  await shot(page, 'link');
  await offers.offer('S$5 off over S$30').getByRole('button', { name: 'Log in to claim' }).click();
  await app.expectRoute('/pages/user/login');
  await login.withDemoCode(freshPhone(), '/pages/user/coupon/claim');

  // Back on the link, logged in, in the same shop: one tap claims it.
  await offers.claim('S$5 off over S$30');
  await coupons.goto();
  await expect(coupons.card('S$5 off over S$30')).toBeVisible();
});

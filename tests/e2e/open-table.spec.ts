// Open table with two phones at one table (issue 15): Ana opens room R1 of the claypot house, Ben scans the
// same code and joins her tab; both send rounds from the menu; the kitchen (npm run merchant) accepts them,
// cooks one dish and returns another with a reason, and both screens follow within the stream's second; the
// room's fee ticks as the server's clock moves; the bill is split in two equal shares and each pays one at
// the counter, and both phones end on "paid". Tagged @clock: it moves the server's clock. A member who pays
// the whole bill alone uses a coupon of theirs, the best one chosen for them, and pays the price the split
// sheet showed (decisions T51, T52).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, SHOPS_OPEN, test } from './fixtures';
import { MenuPage } from './pages/app';
import { OffersPage } from './pages/coupons';
import { AddToCart, CartBar, minorUnits } from './pages/order';
import { advanceServerClock } from './pages/orders';
import { CLAYPOT, kitchen, OpenTablePages, tableCode } from './pages/open-table';
import { PayPanel } from './pages/payment';

test.describe.configure({ timeout: 120_000 });

/** A second phone: its own context (its own customer), the same phone settings and clock as the first. */
async function secondPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const use = test.info().project.use;
  const context = await browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    userAgent: use.userAgent,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
    timezoneId: use.timezoneId,
    serviceWorkers: use.serviceWorkers,
  });
  const other = await context.newPage();
  await other.clock.setFixedTime(SHOPS_OPEN);
  return { context, page: other };
}

async function sendRound(page: Page, dishes: { category: string; name: string }[]) {
  const tab = new OpenTablePages(page);
  const menu = new MenuPage(page);
  const adding = new AddToCart(page);
  const cart = new CartBar(page);
  await tab.button('加菜').click();
  await tab.expectRoute('/product/index');
  await menu.waitForProducts();
  for (const dish of dishes) {
    await menu.chooseCategory(dish.category);
    await adding.add(menu.productNamed(dish.name));
  }
  await cart.checkout.click();
  await tab.expectRoute('/order/order');
  // The cart went to the kitchen as one round and was emptied.
  await expect(page.getByTestId('round-sending')).toBeHidden();
}

test('two guests share a tab live, the kitchen moves it, the fee ticks and each pays half @clock', async ({
  page,
  browser,
  baseURL,
}) => {
  const ana = new OpenTablePages(page);
  const code = tableCode('R1');

  // Ana opens the idle room: at most its 10 seats.
  await ana.scan(code);
  await ana.expectRoute('/product/table');
  await expect(page.getByRole('heading', { name: '开台' })).toBeVisible();
  await expect(page.getByTestId('join-table')).toHaveText('R1 · 包间');
  await ana.person.fill('11');
  await expect(ana.submit).toBeDisabled();
  await ana.expectAccessible();
  await ana.join(3, 'Ana');
  const tabId = ana.tabId();
  await ana.expectLive();
  await expect(page.getByText('Ana (我)')).toBeVisible();
  // Nothing ordered yet, but the room's fee runs from opening (timer_on_open): the bill can be asked for.
  await expect(ana.fee).toHaveText('S$15.00');
  await ana.expectAccessible();

  // Ben scans the same code and joins Ana's tab (never a second one).
  const ben = await secondPhone(browser);
  const benTab = new OpenTablePages(ben.page);
  await benTab.scan(code);
  await benTab.expectRoute('/product/table');
  await expect(ben.page.getByRole('heading', { name: '加入本桌' })).toBeVisible();
  await benTab.join(null, 'Ben');
  expect(benTab.tabId()).toBe(tabId);
  await expect(page.getByText('Ben', { exact: true })).toBeVisible();

  // Both send a round from the menu; each phone sees both, waiting for the kitchen.
  await sendRound(page, [{ category: '饮料', name: '酸柑汁' }]);
  await sendRound(ben.page, [{ category: '甜品', name: '珍多冰' }]);
  for (const phone of [ana, benTab]) {
    await expect(phone.rounds).toHaveCount(2);
    await expect(phone.stateOf('酸柑汁')).toHaveText('等待厨房确认');
    await expect(phone.stateOf('珍多冰')).toHaveText('等待厨房确认');
  }
  // A round the kitchen has not answered keeps the bill closed, and says why.
  await expect(ana.button('买单')).toBeDisabled();
  await expect(page.getByTestId('bill-reason')).toHaveText('请等厨房确认所有轮次后再买单。');

  // The kitchen accepts both rounds, cooks Ana's lime juice and returns Ben's chendol.
  const [first, second] = await ana.roundIds();
  await kitchen(baseURL!, 'accept-round', first!);
  await kitchen(baseURL!, 'accept-round', second!);
  await kitchen(baseURL!, 'cook-line', await ana.lineId('酸柑汁'));
  await kitchen(baseURL!, 'return-line', await ana.lineId('珍多冰'), 'Out of coconut milk');
  for (const phone of [ana, benTab]) {
    await expect(phone.stateOf('酸柑汁')).toHaveText('制作中', { timeout: 3_000 });
    await expect(phone.stateOf('珍多冰')).toHaveText('已退菜', { timeout: 3_000 });
    await expect(phone.line('珍多冰').getByTestId('line-reason')).toHaveText('Out of coconut milk');
  }
  await expect(ana.button('买单')).toBeEnabled();

  // The room's timer ticks every second on the server's clock; 40 minutes on, the fee is an hour's.
  const before = await ana.timerSeconds();
  await expect.poll(() => ana.timerSeconds(), { timeout: 5_000 }).toBeGreaterThan(before);
  await advanceServerClock(page, 40 * 60_000);
  await kitchen(baseURL!, 'serve-line', await ana.lineId('酸柑汁'));
  for (const phone of [ana, benTab]) {
    await expect(phone.fee).toHaveText('S$30.00');
    await expect(phone.stateOf('酸柑汁')).toHaveText('已上菜');
  }
  expect(await ana.timerSeconds()).toBeGreaterThanOrEqual(40 * 60);

  // Ana asks for the bill, split in two equal shares; both phones move to the frozen bill.
  await ana.button('买单').click();
  const sheet = page.getByRole('dialog', { name: '怎么付款？' });
  await sheet.getByLabel('平均分摊').check();
  await expect(sheet.getByTestId('split-shares')).toHaveText('3');
  await sheet.getByRole('button', { name: '减少一份' }).click();
  await expect(sheet.getByTestId('split-shares')).toHaveText('2');
  await ana.expectAccessible();
  await sheet.getByTestId('split-confirm').click();
  await ana.expectRoute('/order/confirmed-order');
  await benTab.expectRoute('/order/confirmed-order');
  const total = (await ana.total.textContent())!;
  await expect(benTab.total).toHaveText(total);
  for (const phone of [ana, benTab]) {
    await expect(phone.parts).toHaveCount(2);
    await expect(phone.parts.filter({ hasText: '待认领' })).toHaveCount(2);
  }
  await ana.expectAccessible();

  // Each takes a share and pays it at the counter; the other phone sees it taken, then paid.
  const payShare = async (phone: OpenTablePages, index: number) => {
    await phone.parts
      .nth(index)
      .getByRole('button', { name: /付这一份/ })
      .click();
    const pay = new PayPanel(phone.page);
    await expect(pay.panel).toBeVisible();
    await pay.method('到店付款').check();
    await pay.action('确认：到店付款').click();
  };
  await payShare(ana, 0);
  await expect(benTab.parts.nth(0)).toHaveAttribute('data-state', /paying|paid/);
  await expect(ana.parts.nth(0)).toHaveAttribute('data-state', 'paid');
  await expect(ana.parts.nth(0)).toHaveAttribute('data-mine', 'true');
  // Half paid: the bill cannot be taken back any more.
  await expect(ana.button('取消买单')).toBeHidden();
  await payShare(benTab, 1);

  for (const phone of [ana, benTab]) {
    await expect(phone.page.getByTestId('tab-paid')).toBeVisible();
    await expect(phone.page.getByRole('heading', { name: '已付款，谢谢！' })).toBeVisible();
  }
  await ana.expectAccessible();

  // The room is free again: the next scan opens a new tab.
  await ana.scan(code);
  await ana.expectRoute('/product/table');
  await expect(page.getByRole('heading', { name: '开台' })).toBeVisible();
  await ben.context.close();
});

test('a member who pays the whole tab starts from his best coupon and pays the price the split sheet showed', async ({
  app,
  login,
  page,
  baseURL,
}) => {
  await page.addInitScript(() => localStorage.setItem('user-language', 'en'));
  const guest = new OpenTablePages(page);
  const menu = new MenuPage(page);
  const adding = new AddToCart(page);
  const cart = new CartBar(page);
  const pay = new PayPanel(page);

  // Li Wei is a Silver member of the claypot house: no level discount, and the house shows no member prices,
  // so his price for the bill differs from the table's only by his coupon. He logs in at the burger counter,
  // whose SMS sender takes his mainland number, and claims the house's S$5 off over S$30 (no other scenario
  // gives him claypot coupons).
  await app.open('/', { id: 1 });
  await expect.poll(() => app.route()).not.toBe('/');
  await app.open('/pages/user/login');
  await login.withDemoCode('13800000001');
  await app.open('/', { id: CLAYPOT });
  await expect.poll(() => app.route()).not.toBe('/');
  const offers = new OffersPage(page);
  await offers.goto();
  await offers.claim('S$5 off over S$30');

  // He opens table T4 of the main hall (no table fee, used by no other scenario) and sends three claypot
  // rice, well over the coupon's S$30 even with the second pot at half price.
  await guest.scan(tableCode('T4'));
  await guest.expectRoute('/product/table');
  await guest.join(2, 'Li Wei');
  await guest.button('Add dishes').click();
  await guest.expectRoute('/product/index');
  await menu.waitForProducts();
  await menu.chooseCategory('Claypots');
  for (let i = 0; i < 3; i++) await adding.add(menu.productNamed('Claypot Chicken Rice'));
  await cart.checkout.click();
  await guest.expectRoute('/order/order');
  await expect(guest.rounds).toHaveCount(1);
  await expect(page.getByTestId('round-sending')).toBeHidden();
  const [round] = await guest.roundIds();
  await kitchen(baseURL!, 'accept-round', round!);
  await expect(guest.button('Ask for the bill')).toBeEnabled();

  // "Pay all" is offered first, with his own price: his coupon is already chosen, the best (and only) one he
  // can use, and the price was read with it. S$5 off the dishes takes the service charge and GST on them
  // too: more than S$5 off the total.
  await guest.button('Ask for the bill').click();
  await expect(guest.splitSheet.getByLabel('One person pays everything')).toBeChecked();
  const price = guest.payAllPrice;
  const youPay = price.getByTestId('split-you-pay');
  const coupons = price.getByRole('group', { name: 'Coupon' });
  const couponLine = price.getByTestId('split-coupon-discount');
  const shown = async () => minorUnits((await youPay.textContent()) ?? '');
  await expect(coupons.getByRole('radio', { name: /S\$5 off over S\$30/ })).toBeChecked();
  await expect(couponLine).toBeVisible();
  const billTotal = minorUnits((await price.getByTestId('split-bill-total').textContent()) ?? '');
  expect(billTotal).toBe(minorUnits((await guest.total.textContent()) ?? ''));
  await expect.poll(shown).toBe(billTotal + minorUnits((await couponLine.textContent()) ?? ''));
  expect(-minorUnits((await couponLine.textContent()) ?? '')).toBeGreaterThan(500);
  await expect(price.getByTestId('split-member-discount')).toHaveCount(0);

  // Without it he would pay the bill as the table sees it: the price is read again without the coupon.
  await coupons.getByRole('radio', { name: 'No coupon' }).check();
  await expect(couponLine).toHaveCount(0);
  await expect.poll(shown).toBe(billTotal);

  // He chooses it again.
  await coupons.getByRole('radio', { name: /S\$5 off over S\$30/ }).check();
  await expect(couponLine).toBeVisible();
  await expect.poll(shown).toBe(billTotal + minorUnits((await couponLine.textContent()) ?? ''));
  await guest.expectAccessible();
  const quoted = minorUnits((await youPay.textContent()) ?? '');
  await guest.splitSheet.getByTestId('split-confirm').click();

  // He pays the whole bill at once: the bill and his payment come to the price he was shown.
  await guest.expectRoute('/order/confirmed-order');
  await expect(pay.panel).toBeVisible();
  await expect.poll(async () => minorUnits((await guest.total.textContent()) ?? '')).toBe(quoted);
  expect(minorUnits((await pay.amount.textContent()) ?? '')).toBe(quoted);
  await pay.method('Pay at the counter').check();
  await pay.action('Confirm: pay at the counter').click();
  await expect(page.getByTestId('tab-paid')).toBeVisible();
});

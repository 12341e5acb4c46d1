// The confirm page as the apps customers use every day have it (issue 11 "Confirm and after"), in Chinese
// and in English: the default address is there already, "as soon as possible" is the first time on offer,
// and declining cutlery takes the tableware fee off the confirm page and off the order the shop stores.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AddToCart, CartBar, ConfirmPage, minorUnits } from './pages/order';

// A whole order with a login, an address and the order detail: more than the default time on two cores.
test.describe.configure({ timeout: 90_000 });

interface Texts {
  delivery: string;
  sides: string;
  cutleryCategory: string;
  products: [string, string];
  noCutleryProduct: string;
  deliveryTime: string;
  asap: RegExp;
  noCutlery: string;
  sets: (n: number) => string;
  distance: RegExp;
  pending: string;
}

const zh: Texts = {
  delivery: '外卖',
  sides: '小食',
  cutleryCategory: '餐具',
  products: ['洋葱圈', '香甜玉米杯'],
  noCutleryProduct: '无需餐具',
  deliveryTime: '送达时间',
  // 18:00 in Shanghai, and the burger counter delivers every 15 minutes: about 18:15.
  asap: /^尽快送达（预计 18:15）$/,
  noCutlery: '无需餐具',
  sets: (n) => `${n} 份`,
  distance: /配送费（1\.\d 公里）/,
  pending: '添加地址后显示配送费',
};

const en: Texts = {
  delivery: 'Delivery',
  sides: 'Sides',
  cutleryCategory: 'Cutlery',
  products: ['Onion Rings', 'Sweet Corn Cup'],
  noCutleryProduct: 'No cutlery, thanks',
  deliveryTime: 'Delivery time',
  asap: /^As soon as possible \(about 18:15\)$/,
  noCutlery: 'No cutlery',
  sets: (n) => `${n} ${n === 1 ? 'set' : 'sets'}`,
  distance: /Delivery fee \(1\.\d km\)/,
  pending: 'Add an address to see the delivery fee',
};

/** A phone of its own, so the address book holds only this scenario's address. */
const freshPhone = (salt: number) => `139${String((Date.now() + salt) % 100_000_000).padStart(8, '0')}`;

/** The session token the app stored, for calls made on the customer's behalf. */
const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? 'null') as { value?: string } | null)?.value ?? '',
  );

/** Saves a default address about 1 km north of the burger counter, as the address book would. */
async function saveDefaultAddress(page: Page, phone: string, street: string) {
  const token = await tokenOf(page);
  const reply = await page.evaluate(
    async ({ token, phone, street }) => {
      const response = await fetch('/new/consumer/address/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({
          contactName: '李雷',
          phone,
          address: street,
          houseNumber: '8F',
          gps: { lat: 31.2242, lng: 121.4469 },
          isDefault: true,
        }),
      });
      return (await response.json()) as { result: boolean; message: string };
    },
    { token, phone, street },
  );
  expect(reply.result, reply.message).toBe(true);
}

/** The stored order, as order/detail answers it. */
async function storedOrder(page: Page, id: number) {
  const token = await tokenOf(page);
  return page.evaluate(
    async ({ token, id }) => {
      const response = await fetch('/new/consumer/order/detail', {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ id }),
      });
      return (await response.json()) as {
        result: boolean;
        info: { amounts: { dishwareFee: number; total: number }; deliveryTime: string };
      };
    },
    { token, id },
  );
}

for (const [language, t] of [
  ['Chinese', zh],
  ['English', en],
] as const) {
  test(`in ${language}, confirm starts from the default address, offers "as soon as possible" first, and "no cutlery" charges no tableware`, async ({
    app,
    menu,
    login,
    center,
    page,
  }) => {
    const cart = new CartBar(page);
    const adding = new AddToCart(page);
    const confirm = new ConfirmPage(page);

    await app.open('/', { id: 1 });
    await menu.waitForProducts();
    await app.open('/pages/user/login');
    await center.declineMemberInvitation();
    const phone = freshPhone(language === 'English' ? 1 : 0);
    await login.withDemoCode(phone);
    const street = language === 'English' ? '100 Comfort Road' : '舒心路 100 号';
    await saveDefaultAddress(page, phone, street);
    if (language === 'English') {
      await center.language('English').click();
      await expect(app.tab('Menu')).toBeVisible();
    }

    await app.open('/product/index');
    await menu.waitForProducts();
    await cart.orderType(t.delivery);
    for (const name of t.products) {
      await menu.chooseCategory(t.sides);
      await adding.add(menu.productNamed(name));
    }
    await menu.chooseCategory(t.cutleryCategory);
    await adding.add(menu.productNamed(t.noCutleryProduct));
    await cart.checkout.click();
    await app.expectRoute('/order/confirm');

    // The default address is chosen already, measured, and its fee shown with the distance.
    await expect(page.getByRole('link', { name: new RegExp(street) })).toBeVisible();
    await expect(confirm.breakdown('delivery')).toBeVisible();
    await expect(page.getByText(t.distance)).toBeVisible();
    await expect(page.getByText(t.pending)).toBeHidden();
    await expect(confirm.field(/联系人|Contact name/)).toHaveValue('李雷');

    // The time: a sheet, "as soon as possible" first with the time it means.
    await confirm.field(t.deliveryTime).click();
    await expect(confirm.timeSheet).toBeVisible();
    // The sheet's close button is named by aria-label; the choices by their text.
    const first = confirm.timeSheet.locator('button:not([aria-label])').first();
    await expect(first).toHaveText(t.asap);
    await app.expectAccessible();
    await page.keyboard.press('Escape');
    expect(await confirm.asap(t.deliveryTime)).toMatch(t.asap);
    await expect(confirm.field(t.deliveryTime)).toContainText('18:15');

    // One set by default for a delivery, then "no cutlery": the tableware row leaves the breakdown.
    await expect(page.getByTestId('tableware-sets')).toHaveText(t.sets(1));
    await expect(confirm.breakdown('dishware')).toBeVisible();
    const withCutlery = await confirm.totalMinor();
    const fee = minorUnits((await confirm.breakdown('dishware').textContent()) ?? '');
    await page.getByRole('button', { name: t.noCutlery, exact: true }).click();
    await expect(page.getByRole('button', { name: t.noCutlery, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('tableware-sets')).toHaveText(t.sets(0));
    await expect(confirm.breakdown('dishware')).toHaveCount(0);
    await expect.poll(() => confirm.totalMinor()).toBe(withCutlery - fee);
    await app.expectAccessible();

    // A trip to the address book and back keeps the time and "no cutlery" chosen here.
    await page.getByRole('link', { name: new RegExp(street) }).click();
    await app.expectRoute('/pages/user/address/list');
    await page
      .getByTestId('address')
      .getByRole('button', { name: new RegExp(`^${street}`) })
      .click();
    await app.expectRoute('/order/confirm');
    await expect(confirm.field(t.deliveryTime)).toContainText('18:15');
    await expect(page.getByRole('button', { name: t.noCutlery, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect.poll(() => confirm.totalMinor()).toBe(withCutlery - fee);

    const shown = await confirm.totalMinor();
    await confirm.submit.click();
    await app.expectRoute('/order/success');
    const id = Number(new URL(page.url().replace('#', '')).searchParams.get('id'));

    // The shop stored no tableware fee, and the slot "as soon as possible" stood for.
    const stored = await storedOrder(page, id);
    expect(stored.result).toBe(true);
    expect(stored.info.amounts.dishwareFee).toBe(0);
    expect(stored.info.amounts.total).toBe(shown);
    expect(stored.info.deliveryTime).toMatch(/ 18:15$/);

    // The order's own page says the same.
    await app.open('/pages/user/order/detail', { id });
    await expect(page.getByTestId('breakdown')).toBeVisible();
    await expect(page.getByTestId('breakdown-dishware')).toHaveCount(0);
    expect(minorUnits((await page.getByTestId('breakdown-total').textContent()) ?? '')).toBe(shown);
  });
}

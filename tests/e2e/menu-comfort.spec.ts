// The menu as the ordering apps customers know have it (issue 11 "Adding to the cart"), in Chinese and in
// English: one tap adds a product without choices and the badges count it, a set is chosen in a sheet over
// the menu, checkout names the missing must-pick category and one tap shows it, and the open cart sheet
// keeps the cart bar and its checkout button in reach.
import { expect, test } from './fixtures';
import { AddToCart, CartBar } from './pages/order';

interface Texts {
  sides: string;
  rings: string;
  combo: string;
  cutlery: string;
  noCutlery: string;
  oneMore: (name: string) => string;
  oneLess: (name: string) => string;
  chooseFor: (name: string) => RegExp;
  addToOrder: string;
  mustPick: string;
  showMe: string;
}

const zh: Texts = {
  sides: '小食',
  rings: '洋葱圈',
  combo: '经典套餐',
  cutlery: '餐具',
  noCutlery: '无需餐具',
  oneMore: (name) => `再加一份${name}`,
  oneLess: (name) => `减少一份${name}`,
  chooseFor: (name) => new RegExp(`^选规格 ${name}`),
  addToOrder: '加入购物车',
  mustPick: '请先选择「餐具」中的商品再结算。',
  showMe: '去选择',
};

const en: Texts = {
  sides: 'Sides',
  rings: 'Onion Rings',
  combo: 'Classic Combo',
  cutlery: 'Cutlery',
  noCutlery: 'No cutlery, thanks',
  oneMore: (name) => `One more ${name}`,
  oneLess: (name) => `One less ${name}`,
  chooseFor: (name) => new RegExp(`^Choose ${name}`),
  addToOrder: 'Add to order',
  mustPick: 'Add something from “Cutlery” to check out.',
  showMe: 'Show me',
};

for (const [language, t] of [
  ['Chinese', zh],
  ['English', en],
] as const) {
  test(`in ${language}, one tap adds, a set is chosen in a sheet, and checkout shows the must-pick category`, async ({
    app,
    menu,
    center,
    page,
  }) => {
    const cart = new CartBar(page);
    const adding = new AddToCart(page);
    const menuRoute = '/pages/user/index-tab-1';
    await app.open('/', { id: 1 });
    await menu.waitForProducts();
    if (language === 'English') {
      await app.tab('我的').click();
      await center.language('English').click();
      await app.tab('Menu').click();
      await menu.waitForProducts();
    }

    // One tap on "+" adds a product without choices; − and + step it; the rail counts its category.
    await menu.chooseCategory(t.sides);
    const rings = menu.productNamed(t.rings);
    await rings.getByRole('button', { name: t.oneMore(t.rings) }).click();
    await expect(rings.getByTestId('product-count')).toHaveText('1');
    await expect(cart.count).toHaveText('1');
    await rings.getByRole('button', { name: t.oneMore(t.rings) }).click();
    await expect(rings.getByTestId('product-count')).toHaveText('2');
    const sidesRail = menu.categories.filter({ hasText: t.sides });
    await expect(sidesRail.getByTestId('type-count')).toContainText('2');
    await rings.getByRole('button', { name: t.oneLess(t.rings) }).click();
    await expect(rings.getByTestId('product-count')).toHaveText('1');
    await expect(sidesRail.getByTestId('type-count')).toContainText('1');
    await app.expectRoute(menuRoute);

    // A set opens its choices in a sheet over the menu; "Add" closes it and the menu counts the set.
    await menu.chooseCategory(language === 'English' ? 'Combos' : '超值套餐');
    const combo = menu.productNamed(t.combo);
    await combo.getByRole('button', { name: t.chooseFor(t.combo) }).click();
    const sheet = page.getByRole('dialog', { name: t.combo });
    await expect(sheet).toBeVisible();
    await app.expectRoute(menuRoute);
    await adding.chooseRequired();
    await app.expectAccessible();
    await sheet.getByRole('button', { name: t.addToOrder }).click();
    await expect(sheet).toBeHidden();
    await app.expectRoute(menuRoute);
    await expect(combo.getByTestId('product-count')).toHaveText('1');
    await expect(cart.count).toHaveText('2');

    // Checkout without the must-pick category names it before the confirm page; one tap shows it.
    await cart.checkout.click();
    const notice = page.getByTestId('cart-notice');
    await expect(notice).toHaveText(new RegExp(t.mustPick.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await app.expectRoute(menuRoute);
    await notice.getByRole('button', { name: t.showMe }).click();
    await expect(notice).toBeHidden();
    await expect(menu.categories.filter({ hasText: t.cutlery })).toHaveAttribute('aria-current', 'true');
    await expect(menu.section(t.cutlery)).toBeInViewport();
    const none = menu.productNamed(t.noCutlery);
    await none.getByRole('button', { name: t.oneMore(t.noCutlery) }).click();
    await expect(cart.count).toHaveText('3');

    // The open cart sheet keeps the cart bar, and its checkout goes on to the confirm page.
    await cart.openSheet();
    await expect(cart.sheet).toBeVisible();
    const sheetCheckout = page.getByTestId('sheet-cart-confirm');
    await expect(sheetCheckout).toBeInViewport();
    await expect(cart.sheet.getByTestId('cart-line')).toHaveCount(3);
    await sheetCheckout.click();
    await app.expectRoute('/order/confirm');
  });
}

test('a refused one-tap add says why and adds nothing', async ({ app, menu, page }) => {
  const cart = new CartBar(page);
  // 03:00 in Shanghai: outside the burger counter's scan-order hours (06:00–23:00).
  await page.clock.setFixedTime(new Date('2026-11-19T19:00:00Z'));
  await app.open('/', { id: 1, isDine: 1 });
  await app.dismissShopNotice();
  await menu.waitForProducts();
  await menu.chooseCategory('小食');
  const rings = menu.productNamed('洋葱圈');
  await rings.getByRole('button', { name: '再加一份洋葱圈' }).click();
  const refusal = page.getByRole('dialog', { name: '无法加入' });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: '知道了' }).click();
  await expect(refusal).toBeHidden();
  await expect(rings.getByTestId('product-count')).toHaveCount(0);
  await expect(cart.count).toHaveCount(0);
});

test('a shared link opens its product over the menu and an auto-add link adds one, once', async ({
  app,
  menu,
  page,
}) => {
  // A burger with add-ons: its choices open over the menu, at its category, and the link leaves the address.
  await app.open('/', { shop_id: 1, share_product_id: 1101 });
  const sheet = page.getByRole('dialog', { name: '经典牛肉堡' });
  await expect(sheet).toBeVisible();
  await expect(menu.categories.filter({ hasText: '汉堡' }).first()).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => page.url()).not.toContain('productId');
  await sheet.getByRole('button', { name: '关闭' }).click();
  await expect(sheet).toBeHidden();

  // A corn cup has no choices: one goes into the cart, and a reload adds nothing more. Each link is a new
  // page load, as when it is opened from a chat.
  await page.goto('about:blank');
  await app.open('/', { shop_id: 1, auto_add_product_id: 1113 });
  const cart = new CartBar(page);
  await expect(cart.count).toHaveText('1');
  await expect.poll(() => page.url()).not.toContain('autoAdd');
  await page.reload();
  await menu.waitForProducts();
  await expect(menu.productNamed('香甜玉米杯').getByTestId('product-count')).toHaveText('1');
  await expect(cart.count).toHaveText('1');

  // A product the shop does not list: the menu says so and shows as usual.
  await page.goto('about:blank');
  await app.open('/', { shop_id: 1, share_product_id: 999999 });
  await expect(page.getByText('本店没有这个商品。')).toBeVisible();
  await menu.waitForProducts();
});

test('multi-shop checkout opened from a shop outside any chain says so and leads back to the menu', async ({
  app,
  menu,
  page,
}) => {
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  await app.open('/order/multi-confirm');
  await expect(page.getByText('本店不属于连锁门店')).toBeVisible();
  await expect(
    page.getByText('多店一起下单仅适用于同一连锁的门店。你在本店的购物车仍在菜单页。'),
  ).toBeVisible();
  await app.expectAccessible();
  await page.getByRole('button', { name: '返回菜单' }).click();
  await app.expectRoute('/product/index');
  await menu.waitForProducts();
});

test('the menu keeps the offers strip’s place while the offers load, so nothing moves when it arrives', async ({
  app,
  menu,
  page,
}) => {
  // The offers are held until the menu has painted, as on a slow connection.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/new/consumer/activity/list', async (route) => {
    await held;
    await route.continue();
  });
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  const first = menu.products.first();
  const before = await first.boundingBox();
  expect(before).not.toBeNull();
  release();
  await expect(page.getByTestId('offers-strip')).toBeVisible();
  expect(await first.boundingBox()).toEqual(before);
});

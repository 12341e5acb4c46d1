// Ordering as a new customer would: the cart bar and sheet on the menu, /order/confirm with the form of
// each order type, and the stored order on /order/success, whose total is the one the confirm page showed.
import { expect, test } from './fixtures';
import { AddToCart, CartBar, ConfirmPage, SuccessPage, minorUnits } from './pages/order';

// Each scenario walks a whole order (menu, product pages, confirm, success) with accessibility checks on
// the way: more steps than the suite's default time allows on a busy two-core machine.
test.describe.configure({ timeout: 60_000 });

test('a customer orders ahead for self-pickup with a pickup time', async ({ app, menu, page }) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  const success = new SuccessPage(page);

  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  await cart.orderType('自取');
  await expect(cart.checkout).toHaveText('购物车是空的');

  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await expect(cart.count).toHaveText('1');
  // ¥9.00 of goods and ¥1.00 of tableware.
  await expect(cart.total).toHaveText('¥10.00');
  // Spec §5: below the starting price the bar says how much is still short.
  await expect(cart.checkout).toHaveText('还差 ¥6.00 起送');
  await expect(cart.checkout).toBeDisabled();

  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await expect(cart.count).toHaveText('3');
  await expect(cart.checkout).toHaveText('去结算');

  await cart.openSheet();
  await expect(cart.sheet.getByTestId('cart-line')).toHaveCount(3);
  await cart.sheet.getByRole('button', { name: '再加一份香甜玉米杯' }).click();
  await expect(cart.count).toHaveText('4');
  await app.expectAccessible();
  await page.keyboard.press('Escape');

  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(app.heading('确认订单')).toBeVisible();
  await expect(confirm.breakdown('goods')).toHaveText('¥31.00');

  // Every check of spec §5 stops at its field, focused, with the reason.
  await confirm.submit.click();
  await expect(confirm.field('取餐人')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: '请填写取餐人姓名和电话。' })).toBeVisible();
  await confirm.field('取餐人').fill('王小明');
  await confirm.field('取餐人电话').fill('1380013');
  await confirm.submit.click();
  await expect(page.getByRole('alert').filter({ hasText: '请输入正确的手机号。' })).toBeVisible();
  await confirm.field('取餐人电话').fill('13800138000');
  await confirm.submit.click();
  await expect(confirm.field('自取时间')).toBeFocused();
  await confirm.slotAnHourAhead('自取时间');
  await app.expectAccessible();

  const shown = await confirm.totalMinor();
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await expect(success.daySeq).toHaveText(/^\d+$/);
  await expect(success.orderNo).not.toBeEmpty();
  expect(minorUnits((await success.total.textContent()) ?? '')).toBe(shown);
  await app.expectAccessible();

  // The stored order is the one the page shows (order/detail answers the same total).
  const stored = await page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('token') ?? 'null') as { value?: string } | null;
    const reply = await fetch('/new/consumer/order/detail', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: token?.value ?? '' },
      body: JSON.stringify({ id }),
    });
    return (await reply.json()) as {
      result: boolean;
      info: { amounts: { total: number }; pickupTime: string };
    };
  }, success.orderId());
  expect(stored.result).toBe(true);
  expect(stored.info.amounts.total).toBe(shown);
  expect(stored.info.pickupTime).not.toBeNull();
});

test('a customer scans a table code, orders dine-in for three and the order is for that table', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  const success = new SuccessPage(page);

  // The printed QR code opens the shop with its table (table B3 of the burger counter).
  await app.open('/', { id: 1, table: 1705 });
  await app.expectRoute('/product/index');
  await menu.waitForProducts();
  await expect(page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();

  await menu.chooseCategory('饮品');
  await adding.add(menu.productNamed('矿泉水'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await expect(cart.count).toHaveText('3');
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B3');

  // A code that names no table says so on the table field.
  await page.getByRole('button', { name: '更换桌号' }).click();
  await confirm.field('桌号').fill('nosuchtable');
  await confirm.field('桌号').blur();
  await expect(page.getByRole('alert').filter({ hasText: '台号不存在。' })).toBeVisible();
  await confirm.field('桌号').fill('1705');
  await confirm.field('桌号').blur();
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B3');

  await confirm.submit.click();
  await expect(confirm.field(/用餐人数/)).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: '请输入 1 到 6 之间的用餐人数。' })).toBeVisible();
  await confirm.field(/用餐人数/).fill('3');
  await app.expectAccessible();

  const shown = await confirm.totalMinor();
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await expect(page.getByText('大厅 B3')).toBeVisible();
  expect(minorUnits((await success.total.textContent()) ?? '')).toBe(shown);
});

test('a cart kept from an earlier visit holds more than is left: the stock dialog names the product', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);

  await app.open('/', { id: 4 });
  await menu.waitForProducts();
  await menu.chooseCategory('时令蔬菜');
  await adding.add(menu.productNamed('番茄'));
  await cart.openSheet();
  const more = cart.sheet.getByRole('button', { name: '再加一份番茄' });
  await more.click();
  await more.click();
  // Three bags are all there is: the stepper stops there.
  await expect(more).toBeDisabled();
  await page.keyboard.press('Escape');

  // The stored cart was saved when there was more stock.
  await page.evaluate(() => {
    const cartOf = JSON.parse(localStorage.getItem('cart-4')!) as {
      lines: { quantity: number }[];
      products: { stock: number | null }[];
    };
    cartOf.lines[0]!.quantity = 5;
    cartOf.products[0]!.stock = null;
    localStorage.setItem('cart-4', JSON.stringify(cartOf));
  });
  await page.reload();
  await menu.waitForProducts();
  await expect(cart.count).toHaveText('5');
  await cart.checkout.click();
  await expect(cart.stockDialog).toBeVisible();
  await expect(cart.stockDialog).toContainText('番茄 库存不足，仅剩 3 份');
  await app.expectAccessible();
  await cart.stockDialog.getByRole('button', { name: '知道了' }).click();
  await expect(cart.stockDialog).toBeHidden();
  expect(app.route()).not.toBe('/order/confirm');
});

test('at night the burger counter refuses dine-in additions with the closed-shop notice', async ({
  app,
  menu,
  page,
}) => {
  const adding = new AddToCart(page);
  const cart = new CartBar(page);
  // 03:00 in Shanghai: outside the scan-order hours (06:00–23:00).
  await page.clock.setFixedTime(new Date('2026-11-19T19:00:00Z'));
  await app.open('/', { id: 1, isDine: 1 });
  await app.dismissShopNotice();
  await menu.waitForProducts();
  await expect(cart.checkout).toHaveText('休息中');
  await menu.chooseCategory('饮品');
  await menu.productNamed('矿泉水').click();
  await app.expectRoute('/product/detail');
  await adding.addButton.click();
  await expect(adding.refusal).toBeVisible();
  await expect(adding.refusal).toContainText('当前不在营业时间内');
  await adding.refusal.getByRole('button', { name: '知道了' }).click();
  await expect(adding.refusal).toBeHidden();
  await app.expectRoute('/product/detail');
});

test('a new customer logs in, adds a delivery address and orders takeaway with the distance fee', async ({
  app,
  menu,
  login,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  const success = new SuccessPage(page);

  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  // Addresses belong to a phone: the customer logs in with the demo SMS code first.
  await app.open('/pages/user/login');
  // A phone of its own, so the address book starts empty however often the suite runs on one server.
  const phone = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await login.withDemoCode(phone);

  await app.open('/product/index');
  await menu.waitForProducts();
  await cart.orderType('外卖');
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');

  await confirm.submit.click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择收货地址。' })).toBeVisible();
  await page.getByRole('link', { name: '选择收货地址' }).click();
  await app.expectRoute('/pages/user/address/list');
  await expect(page.getByText('还没有收货地址。')).toBeVisible();
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await app.expectRoute('/pages/user/address/add');

  // Saving without a name stops at the name.
  await page.getByLabel('联系人').fill('');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByLabel('联系人')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: '请填写联系人。' })).toBeVisible();
  await page.getByLabel('联系人').fill('李雷');
  await page.getByLabel('手机号').fill(phone);
  // No map key here: the place is found by typing (address/searchPoi).
  await page.getByLabel('街道或楼宇').fill('人民广场');
  await page.getByRole('list', { name: '搜索到的地点' }).getByRole('button').first().click();
  await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
  await page.getByLabel('门牌号').fill('1203 室');
  await app.expectAccessible();
  await page.getByRole('button', { name: '保存' }).click();

  await app.expectRoute('/pages/user/address/list');
  await expect(page.getByTestId('address')).toHaveCount(1);
  await app.expectAccessible();
  await page
    .getByTestId('address')
    .getByRole('button', { name: /^人民广场/ })
    .click();
  await app.expectRoute('/order/confirm');

  // About 3.3 km from the counter: the second delivery tier (¥8.00 up to 5 km).
  await expect(confirm.breakdown('delivery')).toHaveText('¥8.00');
  await expect(page.getByText(/配送费（3\.\d 公里）/)).toBeVisible();
  await confirm.submit.click();
  await expect(confirm.field('送达时间')).toBeFocused();
  await confirm.slotAnHourAhead('送达时间');
  await expect(confirm.field('联系人')).toHaveValue('李雷');
  await app.expectAccessible();

  const shown = await confirm.totalMinor();
  await confirm.submit.click();
  await app.expectRoute('/order/success');
  await expect(page.getByText(/人民广场/)).toBeVisible();
  expect(minorUnits((await success.total.textContent()) ?? '')).toBe(shown);
});

test('on the table page a customer gives the table, the headcount and a note, and the order carries them', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const confirm = new ConfirmPage(page);
  await app.open('/', { id: 1, isDine: 1 });
  await menu.waitForProducts();
  await app.open('/product/table');
  await expect(app.heading('桌台点餐')).toBeVisible();
  await expect(page.getByRole('button', { name: '扫描桌台码' })).toBeVisible();

  // A table number is required, and one that names no table says so.
  await page.getByLabel('桌号').fill('nosuch12');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert')).toHaveText('台号不存在。');
  await expect(page.getByLabel('桌号')).toBeFocused();
  await page.getByLabel('桌号').fill('1703');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B1');

  await page.getByRole('button', { name: '开始点餐' }).click();
  await expect(page.getByRole('alert')).toHaveText('请输入 1 到 4 之间的用餐人数。');
  await page.getByLabel(/用餐人数/).fill('2');
  await page.getByLabel('备注').fill('靠窗');
  await app.expectAccessible();
  await page.getByRole('button', { name: '开始点餐' }).click();
  await app.expectRoute('/product/index');

  await menu.waitForProducts();
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('洋葱圈'));
  await menu.chooseCategory('小食');
  await adding.add(menu.productNamed('香甜玉米杯'));
  await menu.chooseCategory('餐具');
  await adding.add(menu.productNamed('无需餐具'));
  await cart.checkout.click();
  await app.expectRoute('/order/confirm');
  await expect(page.getByTestId('table-name')).toHaveText('桌台：大厅 B1');
  await expect(confirm.field(/用餐人数/)).toHaveValue('2');
  await expect(confirm.field('备注')).toHaveValue('靠窗');
});

test('a customer with carts in two shops of a chain chooses a pickup time for each and places one order per shop', async ({
  app,
  menu,
  page,
}) => {
  const cart = new CartBar(page);
  const adding = new AddToCart(page);
  const success = new SuccessPage(page);

  await app.open('/', { id: 7 });
  await menu.waitForProducts();
  await adding.add(menu.products.first());
  await expect(cart.count).toHaveText('1');

  await app.open('/', { id: 6 });
  await app.expectRoute('/pages/user/index-tab');
  await app.tab('点单').click();
  await menu.waitForProducts();
  await cart.orderType('自取');
  await adding.add(menu.products.first());
  await page.getByRole('link', { name: '多店一起结算（2 家）' }).click();
  await app.expectRoute('/order/multi-confirm');
  await expect(app.heading('多店合并下单')).toBeVisible();
  const carts = page.getByTestId('multi-cart');
  await expect(carts).toHaveCount(2);
  await expect(carts.getByRole('heading')).toHaveText(['茉岭茶事·陆家嘴店', '茉岭茶事·新天地店']);

  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByLabel('取餐人', { exact: true })).toBeFocused();
  await page.getByLabel('取餐人', { exact: true }).fill('韩梅梅');
  await page.getByLabel('取餐人电话').fill('13600136000');

  // Both shops take pickup appointments: each asks for its own time, from its own hours. At 18:00 in
  // Shanghai, Lujiazui (08:00–19:00 on weekdays) has no slot left at 19:00; Xintiandi (10:00–22:00) has.
  const lujiazui = page.getByLabel('茉岭茶事·陆家嘴店 自取时间');
  const xintiandi = page.getByLabel('茉岭茶事·新天地店 自取时间');
  await expect(lujiazui.getByRole('option', { name: '今天 18:45' })).toHaveCount(1);
  await expect(lujiazui.getByRole('option', { name: '今天 19:00' })).toHaveCount(0);
  await expect(xintiandi.getByRole('option', { name: '今天 21:45' })).toHaveCount(1);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(lujiazui).toBeFocused();
  await expect(lujiazui).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText('请选择自取时间。');
  await app.expectAccessible();

  await lujiazui.selectOption({ label: '今天 18:30' });
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(xintiandi).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText('请选择自取时间。');
  await xintiandi.selectOption({ label: '今天 19:30' });

  // What each shop's order comes to on this page: the sum of its lines.
  const shown: number[] = [];
  for (const section of await carts.all()) {
    const amounts = await section.getByRole('listitem').locator('span:last-child').allTextContents();
    shown.push(amounts.reduce((sum, text) => sum + minorUnits(text), 0));
  }
  await page.getByRole('button', { name: '提交订单' }).click();
  await app.expectRoute('/order/multi-success');
  await expect(page.getByRole('status').filter({ hasText: '已同时提交' })).toHaveText(
    '已同时提交 2 张订单。',
  );
  await expect(page.getByRole('heading', { level: 2, name: /^茉岭茶事·/ })).toHaveText([
    '茉岭茶事·陆家嘴店',
    '茉岭茶事·新天地店',
  ]);
  await expect(success.total).toHaveCount(2);
  expect((await success.total.allTextContents()).map(minorUnits)).toEqual(shown);
  await expect(page.getByText('2026-11-19 18:30')).toBeVisible();
  await expect(page.getByText('2026-11-19 19:30')).toBeVisible();
  await app.expectAccessible();
  // The placed carts are gone, the live one of the current shop too.
  expect(await page.evaluate(() => localStorage.getItem('cart-shops'))).toBeNull();
  await page.getByRole('button', { name: '返回菜单' }).click();
  await menu.waitForProducts();
  await expect(cart.checkout).toHaveText('购物车是空的');
});

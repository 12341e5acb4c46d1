// A new visitor finds the shops and lands in each one where its entry routing rules (spec §2) say.
import { expect, test } from './fixtures';

/** Demo shops and where entry routing rule 6 (or 4, beauty; 1, an unseen red bag) sends a visitor arriving by
 * the store list. */
const DEMO_SHOPS = [
  { id: 1, name: '焰堡汉堡', lands: '/pages/user/index-tab-1', why: 'its default page is the menu' },
  {
    id: 2,
    name: '中峇鲁瓦煲馆',
    lands: '/product/expand-red-bag',
    why: 'it runs an expand red bag the visitor has not seen',
  },
  { id: 3, name: '麻与织', lands: '/pages/user/index-tab', why: 'its default page is home' },
  { id: 4, name: '鲜巷生活超市', lands: '/pages/user/index-tab-1', why: 'its default page is the menu' },
  {
    id: 5,
    name: '光屿美发美容工作室',
    lands: '/pages/user/index-tab-1',
    why: 'beauty shops open the appointment tab',
  },
  { id: 6, name: '茉岭茶事·新天地店', lands: '/pages/user/index-tab', why: 'its default page is home' },
  { id: 7, name: '茉岭茶事·陆家嘴店', lands: '/pages/user/index-tab-1', why: 'its default page is the menu' },
  {
    id: 8,
    name: '小烤炉面包坊·巴黎（演示：服务已到期）',
    lands: '/pages/user/index-tab-1',
    why: 'its default page is the menu',
  },
  {
    id: 9,
    name: '奥伯坎普夫美发美甲工作室·巴黎',
    lands: '/pages/user/index-tab-1',
    why: 'beauty shops open the appointment tab',
  },
];

test('a new visitor opening the storefront without a shop sees the store list with every demo shop', async ({
  app,
  storeList,
  page,
}) => {
  await page.goto('/');
  await app.expectRoute('/pages/store/list');
  await expect(storeList.shopCards).toHaveCount(DEMO_SHOPS.length);
  for (const shop of DEMO_SHOPS)
    await expect(page.getByRole('heading', { name: shop.name, level: 2 })).toBeVisible();
  await app.expectAccessible();
});

for (const shop of DEMO_SHOPS) {
  test(`a visitor choosing ${shop.name} lands on ${shop.lands} because ${shop.why}`, async ({
    app,
    storeList,
  }) => {
    await storeList.goto();
    await storeList.openShop(shop.id);
    await app.expectRoute(shop.lands);
    if (shop.lands.startsWith('/pages/user/index-tab')) await expect(app.tabBar).toBeVisible();
  });
}

test('the shop page shows the hours, address, phone and order modes, and is accessible', async ({
  app,
  page,
}) => {
  await app.open('/pages/store/index', { id: 1 });
  await expect(page.getByText('上海市徐汇区淮海中路1208号')).toBeVisible();
  await expect(page.getByRole('link', { name: /拨打/ })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('button', { name: /堂食/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /外卖/ })).toBeVisible();
  await app.expectAccessible();
});

test('a customer on the home tab picks an order mode and gets the menu', async ({ app, menu, page }) => {
  await app.open('/', { id: 6 });
  await app.expectRoute('/pages/user/index-tab');
  await expect(page.getByText('一张会员卡，全门店通用')).toBeVisible();
  await app.expectAccessible();
  await page.getByRole('button', { name: /自取/ }).click();
  await app.expectRoute('/pages/user/index-tab-1');
  await menu.waitForProducts();
  await expect(page.getByRole('button', { name: '自取', pressed: true })).toBeVisible();
});

test('an expired fastfood shop tells the customer, who can still order at the table', async ({
  app,
  page,
}) => {
  await app.open('/', { id: 8 });
  await app.expectRoute('/pages/user/index-tab-1');
  await expect(app.shopNotice).toContainText('门店服务已到期');
  await app.expectAccessible();
  await app.shopNotice.getByRole('button', { name: '到店堂食点餐' }).click();
  await expect(app.shopNotice).toBeHidden();
  await expect(page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();
});

test('a customer scanning a dine-in code lands on the menu with dine-in chosen', async ({
  app,
  menu,
  page,
}) => {
  await app.open('/', { id: 1, isDine: 1 });
  await app.expectRoute('/product/index');
  await menu.waitForProducts();
  await expect(page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '返回' })).toBeVisible();
  await app.expectAccessible();
});

test('a second link opened while the first is still entering its shop enters the second one', async ({
  app,
  menu,
  page,
}) => {
  // The first link's session call hangs until the second link is open.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route('**/new/consumer/user/h5entry', async (route) => {
    if (++calls === 1) await held;
    await route.continue();
  });
  await app.open('/', { id: 3 });
  await expect(page.getByText('正在进入门店…')).toBeVisible();
  // In the same document, as a scanned code or an in-app link arrives: the app is not loaded again.
  await page.evaluate(() => ((window as { firstDocument?: boolean }).firstDocument = true));
  await app.open('/', { id: 1, isDine: 1 });
  release();
  await app.expectRoute('/product/index');
  await menu.waitForProducts();
  await expect(page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '焰堡汉堡', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { firstDocument?: boolean }).firstDocument)).toBe(true);
});

test('a shop link a messenger shared with its own parameters before the hash opens that shop', async ({
  app,
  menu,
  page,
}) => {
  await page.goto('/?from=singlemessage&isappinstalled=0#/?id=1&isDine=1');
  await app.expectRoute('/product/index');
  await menu.waitForProducts();
  await expect(page.getByRole('button', { name: '堂食', pressed: true })).toBeVisible();
  // The parameters now travel in the hash's query, the one the app's links keep.
  expect(new URL(page.url()).search).toBe('');
});

test('a link with a malformed shop id says which part is wrong and offers the store list', async ({
  app,
  page,
}) => {
  await app.open('/', { id: 'abc' });
  await expect(page.getByRole('alert')).toContainText('id');
  await page.getByRole('link', { name: '选择门店' }).click();
  await app.expectRoute('/pages/store/list');
});

// Typing an address as people do, one key at a time, while the place search (address/searchPoi) for the
// previous keys is still on its way: every key stays, a place from the list can be picked, and Save saves
// what is typed. The list's buttons wait while a delete is under way. Each search and the delete are held
// with page.route so they are surely in flight when the customer acts; everything else is the real server.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import type { LoginPage, MenuPage } from './pages/app';

test.describe.configure({ timeout: 60_000 });

const SEARCH = '**/new/consumer/address/searchPoi';
/** Longer than the pause between two keys, so each key lands while the search for the keys before runs. */
const SEARCH_TAKES_MS = 300;
const KEY_DELAY_MS = 80;

/** Holds every place search for SEARCH_TAKES_MS, or until `held` settles; lists their keywords. */
async function slowSearches(page: Page, held?: Promise<void>) {
  const searched: string[] = [];
  await page.route(SEARCH, async (route) => {
    searched.push((route.request().postDataJSON() as { keyword: string }).keyword);
    await (held ?? new Promise((resolve) => setTimeout(resolve, SEARCH_TAKES_MS)));
    await route.continue();
  });
  return searched;
}

/** Logs in with a phone of its own (an empty address book however often the suite runs) and opens the form. */
async function openNewAddress(page: Page, login: LoginPage, menu: MenuPage, prefix: string) {
  await login.open('/', { id: 1 });
  await menu.waitForProducts();
  await login.open('/pages/user/login');
  const phone = `${prefix}${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  await login.withDemoCode(phone);
  await login.open('/pages/user/address/list');
  await expect(page.getByText('还没有收货地址。')).toBeVisible();
  await page.getByRole('button', { name: '新增收货地址' }).click();
  await login.expectRoute('/pages/user/address/add');
  await page.getByLabel('联系人').fill('韩梅梅');
  await page.getByLabel('手机号').fill(phone);
}

test('typing the street key by key while places are searched keeps every key, and a picked place is saved', async ({
  app,
  login,
  menu,
  page,
}) => {
  await openNewAddress(page, login, menu, '135');
  const searched = await slowSearches(page);
  const street = page.getByLabel('街道或楼宇');

  await street.pressSequentially('Nanjing West Road', { delay: KEY_DELAY_MS });
  await expect(street).toHaveValue('Nanjing West Road');
  // A search went out for the keys so far as they were typed, the last one for the whole text.
  await expect.poll(() => searched.at(-1)).toBe('Nanjing West Road');
  expect(searched.length).toBeGreaterThan(5);

  // 1686 Nanjing West Road is Jing’an Temple (named in the keyword's script).
  const places = page.getByRole('list', { name: '搜索到的地点' });
  await places.getByRole('button', { name: /^Jing’an Temple/ }).click();
  await expect(street).toHaveValue('Jing’an Temple');
  await expect(page.getByTestId('gps-state')).toHaveText('已定位。');
  await page.getByLabel('门牌号').pressSequentially('8 楼', { delay: KEY_DELAY_MS });
  await expect(page.getByLabel('门牌号')).toHaveValue('8 楼');
  await app.expectAccessible();
  await page.getByRole('button', { name: '保存' }).click();

  await app.expectRoute('/pages/user/address/list');
  await expect(page.getByTestId('address')).toHaveCount(1);
  await expect(
    page.getByTestId('address').getByRole('button', { name: /^Jing’an Temple 8 楼/ }),
  ).toBeVisible();
});

test('Save tapped while the search for the last key is on its way saves the typed address', async ({
  app,
  login,
  menu,
  page,
}) => {
  await openNewAddress(page, login, menu, '136');
  // No search answers until the address is saved.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const searched = await slowSearches(page, held);
  const street = page.getByLabel('街道或楼宇');

  await street.pressSequentially('88 Garden Lane', { delay: KEY_DELAY_MS });
  await expect(street).toHaveValue('88 Garden Lane');
  await expect.poll(() => searched.at(-1)).toBe('88 Garden Lane');
  await page.getByRole('button', { name: '保存' }).click();

  await app.expectRoute('/pages/user/address/list');
  answer();
  const card = page.getByTestId('address');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('button', { name: /^88 Garden Lane/ })).toBeVisible();
  // Saved as typed, without a point on the map: the list says it cannot be delivered to yet.
  await expect(card.getByText(/^尚未定位/)).toBeVisible();
});

test("an address's buttons wait while it is being deleted", async ({ app, login, menu, page }) => {
  await openNewAddress(page, login, menu, '139');
  await page.getByLabel('街道或楼宇').fill('人民广场');
  await page.getByRole('list', { name: '搜索到的地点' }).getByRole('button').first().click();
  await page.getByRole('button', { name: '保存' }).click();
  await app.expectRoute('/pages/user/address/list');
  const card = page.getByTestId('address');
  await expect(card).toHaveCount(1);

  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/new/consumer/address/delete', async (route: Route) => {
    await held;
    await route.continue();
  });
  await card.getByRole('button', { name: /^删除/ }).click();
  // Until the server answers, no tap on the card can be lost.
  await expect(card.getByRole('button', { name: /^编辑/ })).toBeDisabled();
  await expect(card.getByRole('button', { name: /^删除/ })).toBeDisabled();
  await expect(card.getByRole('button', { name: /^人民广场/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: '新增收货地址' })).toBeEnabled();

  answer();
  await expect(page.getByText('还没有收货地址。')).toBeVisible();
  await expect(card).toHaveCount(0);
});

// Browsing the menu: categories on the rail, products loading as they come into view, search.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test('a customer browses the burger shop menu by category', async ({ app, menu }) => {
  await app.open('/', { id: 1 });
  await app.expectRoute('/pages/user/index-tab-1');
  await menu.waitForProducts();
  await expect(menu.categories).toHaveCount(6);
  await menu.chooseCategory('早餐');
  const breakfast = menu.section('早餐');
  await expect(breakfast.locator('article[data-product-id]').first()).toBeVisible();
  await expect(breakfast.getByRole('heading', { name: '早餐套餐' })).toBeVisible();
  await expect(menu.categories.filter({ hasText: '早餐' })).toHaveAttribute('aria-current', 'true');
  await app.expectAccessible();
});

test('member prices show where the shop shows them', async ({ app, menu }) => {
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  const burger = menu.productNamed('经典牛肉堡');
  await expect(burger.getByTestId('price')).toHaveText('¥28.00');
  await expect(burger.getByTestId('member-price')).toContainText('¥25.00');
});

test('a customer searches the menu and opens what they found', async ({ app, search, page }) => {
  await app.open('/', { id: 1 });
  await app.expectRoute('/pages/user/index-tab-1');
  await page.getByRole('link', { name: /搜索菜品或商品/ }).click();
  await app.expectRoute('/product/search');
  await search.box.fill('鸡');
  await expect(search.results.first()).toBeVisible();
  await expect(search.results.filter({ hasText: '香辣脆鸡堡' })).toHaveCount(1);
  await app.expectAccessible();
  await search.box.fill('zzzz');
  await expect(page.getByText('没有找到与“zzzz”相关的商品。')).toBeVisible();
});

test('a customer opens a set meal, picks its contents and sees the price follow', async ({
  app,
  menu,
  detail,
  page,
}) => {
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  await menu.productNamed('经典套餐').click();
  await app.expectRoute('/product/detail');
  await expect(page.getByRole('heading', { name: '经典套餐', level: 1 })).toBeVisible();
  await expect(detail.total).toHaveText('¥39.00');
  await expect(detail.unmet).toHaveText('请选择：汉堡');
  await app.expectAccessible();

  await detail.choose('汉堡', '双层芝士牛肉堡');
  await expect(detail.total).toHaveText('¥47.00');
  await expect(detail.unmet).toHaveText('请选择：小食');
  await detail.choose('小食', '薯条');
  await detail.choose('饮品', '可乐');
  await expect(detail.unmet).toBeHidden();
  await detail.increase.click();
  await expect(detail.total).toHaveText('¥94.00');
});

test('a sold-out product says so on the menu and on its page', async ({ app, menu, page }) => {
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  await menu.chooseCategory('汉堡');
  const soldOut = page.locator('article[data-product-id][data-availability="soldOut"]');
  await expect(soldOut.first()).toBeVisible();
  await expect(soldOut.first()).toContainText('已售罄');
  await soldOut.first().click();
  await app.expectRoute('/product/detail');
  await expect(page.getByRole('status').filter({ hasText: '已售罄' })).toBeVisible();
});

/** The consumer calls the page makes, in order (area/action). */
function consumerCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const match = /\/new\/consumer\/(.+)$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) calls.push(match[1]);
  });
  return calls;
}

test('a cold shop link reads its session, shop and first screen once each (decisions K50, K51)', async ({
  app,
  menu,
  page,
}) => {
  const calls = consumerCalls(page);
  await app.open('/', { id: 1 });
  await app.expectRoute('/pages/user/index-tab-1');
  await menu.waitForProducts();
  // The combos and the burgers below them came with the categories: no page of their own was asked for.
  await expect(menu.section('超值套餐').locator('article[data-product-id]')).toHaveCount(2);
  await expect(menu.section('汉堡').locator('article[data-product-id]').first()).toBeVisible();
  // The early script sent these before the app had loaded; the app took each reply instead of asking again.
  const count = (call: string) => calls.filter((c) => c === call).length;
  expect(count('user/h5entry')).toBe(1);
  expect(count('store/detail')).toBe(1);
  expect(count('store/productTypes')).toBe(1);
  expect(calls).not.toContain('store/productsChunk');
  await app.expectAccessible();
});

test('a reload with a session reads its customer and shop once each, and the menu tab is back', async ({
  app,
  menu,
  page,
}) => {
  await app.open('/', { id: 1 });
  await menu.waitForProducts();
  const calls = consumerCalls(page);
  await page.reload();
  await app.expectRoute('/pages/user/index-tab-1');
  await menu.waitForProducts();
  const count = (call: string) => calls.filter((c) => c === call).length;
  expect(count('store/userInfo')).toBe(1);
  expect(count('store/detail')).toBe(1);
  expect(count('store/productTypes')).toBe(1);
  expect(calls).not.toContain('user/h5entry');
});

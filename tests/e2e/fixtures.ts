// Every scenario runs on a Thursday at 18:00 in Shanghai (11:00 in Paris), when every demo shop that is
// switched on is inside its hours, so what the customer sees does not depend on when the suite runs.
import { test as base } from '@playwright/test';
import {
  App,
  CenterPage,
  LoginPage,
  MenuPage,
  ProductDetailPage,
  SearchPage,
  StoreListPage,
} from './pages/app';

export const SHOPS_OPEN = new Date('2026-11-19T10:00:00Z');

interface Options {
  /** false: the scenario runs the browser's clock itself (page.clock.install), e.g. to watch a countdown. */
  fixedClock: boolean;
}

interface Pages {
  app: App;
  storeList: StoreListPage;
  menu: MenuPage;
  detail: ProductDetailPage;
  search: SearchPage;
  center: CenterPage;
  login: LoginPage;
}

export const test = base.extend<Pages & Options>({
  fixedClock: [true, { option: true }],
  page: async ({ page, fixedClock }, use) => {
    if (fixedClock) await page.clock.setFixedTime(SHOPS_OPEN);
    await use(page);
  },
  app: async ({ page }, use) => use(new App(page)),
  storeList: async ({ page }, use) => use(new StoreListPage(page)),
  menu: async ({ page }, use) => use(new MenuPage(page)),
  detail: async ({ page }, use) => use(new ProductDetailPage(page)),
  search: async ({ page }, use) => use(new SearchPage(page)),
  center: async ({ page }, use) => use(new CenterPage(page)),
  login: async ({ page }, use) => use(new LoginPage(page)),
});

export { expect } from '@playwright/test';

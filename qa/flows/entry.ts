// Entry routing as QA replays it: each scenario of the entry model the demo shops reach is a link opened in
// a fresh tab (a shop's link, a table's, the member card's, a bad or foreign one), and each outcome is
// checked on the screen: the page it lands on, the refused link, or the failure and its retry. A stored
// session comes from a visit before the link. What the demo server cannot do on demand (a dropped
// connection, a token it no longer knows) is its answer given at the network, worded as the server words it
// (docs/decisions.md Q27, Q42).
import type { Page } from '@playwright/test';
import { expect } from '../expect';
import { App, MenuPage } from '../../tests/e2e/pages/app';
import {
  ENTRY_DEMO_EVENTS,
  entryModel,
  type DemoEntryScenario,
  type EntryDemoEvent,
  type EntryModelContext,
} from '../models/entry.model';
import { answerNextCallWithStatus, dropNextCall } from '../network-gate';
import type { QaFlow, Run } from '../flow';

const SHOP = { burgers: 1, claypot: 2, studio: 5, teaXintiandi: 6 } as const;
const SHOP_NAME: Record<number, string> = {
  1: '焰堡汉堡',
  2: '中峇鲁瓦煲馆',
  5: '光屿美发美容工作室',
  6: '茉岭茶事·新天地店',
};
const TEXT = {
  failed: '无法打开该门店。',
  badLink: (param: string) => `链接无效（${param}），请重新扫码或打开门店。`,
  /** A call that got no answer at all: spec §8 files it under the server error (src/services/http.ts). */
  noAnswer: '服务器错误，请重试。',
  shopMissing: '找不到该门店。',
  /** user/token's refusal of a token whose session has ended (server/modules/identity/identity.ts). */
  tokenEnded: '登录信息已失效，请重新进入店铺。',
  retry: '重试',
  storeList: '选择门店',
  addToCart: '加入购物车',
  close: '关闭',
};

type SessionCall = 'user/h5entry' | 'user/token';

interface Landing {
  route: string;
  /** Values the route's query must carry. */
  query?: Record<string, string>;
  /** What the page shows once there. */
  shows: (page: Page) => Promise<void>;
}

interface DemoLink {
  query: Record<string, string | number>;
  /** A visit to this shop first: the session it leaves in the browser is the one the link finds. */
  visitedShop?: number;
  /** The server's answer to a call of this visit, given at the network. */
  answer?: (page: Page) => Promise<void>;
  /** Where the link lands; for a failure, where its retry lands. */
  lands?: Landing;
  /** The session calls the entry makes, in order (none: the stored token as it is). */
  sessionCalls?: SessionCall[];
  /** The refusal or failure as the entry page words it. */
  says?: string;
}

const menuOf =
  (shopId: number, orderType?: string) =>
  async (page: Page): Promise<void> => {
    await expect(new App(page).heading(SHOP_NAME[shopId]!)).toBeVisible();
    await new MenuPage(page).waitForProducts();
    if (orderType) await expect(page.getByRole('button', { name: orderType, pressed: true })).toBeVisible();
  };

/** Rule 4: a beauty shop's tab 1 lists its services to book (the appointment tab), never a menu and a cart. */
const servicesOf =
  (shopId: number) =>
  async (page: Page): Promise<void> => {
    const app = new App(page);
    await expect(app.heading(SHOP_NAME[shopId]!)).toBeVisible();
    await expect(page.locator('li[data-service-id]').first()).toBeVisible();
    await expect(app.tab('预约')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('cart-bar')).toHaveCount(0);
  };

const tableOf =
  (name: string) =>
  async (page: Page): Promise<void> => {
    await expect(new App(page).heading('桌台点餐')).toBeVisible();
    await expect(page.getByTestId('table-name')).toHaveText(name);
  };

/** A link acts once: the menu drops its parameter from the address, so a reload does not act again. */
const dropsParameter = (page: Page, parameter: string) =>
  expect
    .poll(() => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').has(parameter), {
      message: `the menu's address without ${parameter}`,
    })
    .toBe(false);

const sheetOver =
  (shopId: number, product: string, category: string, parameter: string) =>
  async (page: Page): Promise<void> => {
    await menuOf(shopId)(page);
    const sheet = page.getByRole('dialog', { name: product });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: TEXT.addToCart })).toBeVisible();
    const menu = new MenuPage(page);
    await expect(menu.categories.filter({ hasText: category }).first()).toHaveAttribute(
      'aria-current',
      'true',
    );
    await dropsParameter(page, parameter);
    // Closing the sheet leaves the customer on the menu.
    await sheet.getByRole('button', { name: TEXT.close }).click();
    await expect(sheet).toBeHidden();
    await expect(menu.productNamed(product)).toBeVisible();
  };

const addedTo =
  (shopId: number, product: string, parameter: string) =>
  async (page: Page): Promise<void> => {
    await menuOf(shopId)(page);
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    const card = new MenuPage(page).productNamed(product);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('product-count')).toHaveText('1');
    await dropsParameter(page, parameter);
  };

const TAB1: Landing = { route: '/pages/user/index-tab-1', shows: menuOf(SHOP.burgers, '外卖') };
const CLAYPOT_T1: Landing = {
  route: '/product/table',
  query: { table: '2701', status: '0' },
  shows: tableOf('桌台：大厅 T1'),
};

/** The demo links of each scenario: burger counter (1), claypot with open table (2), studio (5), tea (6). */
const LINKS: Record<DemoEntryScenario, DemoLink> = {
  memberCentre: {
    query: { id: SHOP.burgers, to_vip_center: 1 },
    // The member card page, which asks a visitor who has not logged in to do so.
    lands: {
      route: '/member/index',
      shows: async (page) => expect(new App(page).heading('会员卡')).toBeVisible(),
    },
  },
  dine: {
    query: { shop_id: SHOP.burgers, isDine: 1, table: 1705, table_no: 'B3' },
    lands: {
      route: '/product/index',
      query: { table: '1705', tableNo: 'B3' },
      shows: menuOf(SHOP.burgers, '堂食'),
    },
  },
  dineByTableNo: {
    query: { shop_id: SHOP.burgers, table_no: 'B3' },
    lands: { route: '/product/table', query: { tableNo: 'B3' }, shows: tableOf('桌台：大厅 B3') },
  },
  // A burger with add-ons: its choice sheet opens over the menu at its category (decision U50).
  sharedProduct: {
    query: { shop_id: SHOP.burgers, share_product_id: 1101 },
    lands: { route: '/product/index', shows: sheetOver(SHOP.burgers, '经典牛肉堡', '汉堡', 'productId') },
  },
  // A product without choices: one unit goes into the cart.
  autoAdd: {
    query: { shop_id: SHOP.burgers, auto_add_product_id: 1113 },
    lands: { route: '/product/index', shows: addedTo(SHOP.burgers, '香甜玉米杯', 'autoAdd') },
  },
  beauty: {
    query: { shop_id: SHOP.studio },
    lands: {
      route: '/pages/user/index-tab-1',
      query: { orderType: 'appointment' },
      shows: servicesOf(SHOP.studio),
    },
  },
  tableIdle: {
    query: { shop_id: SHOP.claypot, source_type: 'openTable', table: 2701 },
    lands: CLAYPOT_T1,
  },
  tableIdleByNumber: {
    query: { shop_id: SHOP.claypot, source_type: 'openTable', table_no: 'T1' },
    lands: {
      route: '/product/table',
      query: { tableNo: 'T1', status: '0' },
      shows: tableOf('桌台：大厅 T1'),
    },
  },
  tableMissing: { query: { shop_id: SHOP.claypot, source_type: 'openTable' }, says: TEXT.badLink('table') },
  kiosk: {
    query: { shop_id: SHOP.burgers, kiosk: 1 },
    lands: { route: '/product/index', query: { mode: 'cart' }, shows: menuOf(SHOP.burgers, '外卖') },
  },
  homeDefault: {
    query: { shop_id: SHOP.teaXintiandi },
    lands: {
      route: '/pages/user/index-tab',
      shows: async (page) => expect(new App(page).heading(SHOP_NAME[SHOP.teaXintiandi]!)).toBeVisible(),
    },
  },
  plain: { query: { id: SHOP.burgers }, lands: TAB1, sessionCalls: ['user/h5entry'] },
  noShop: {
    query: {},
    lands: {
      route: '/pages/store/list',
      shows: async (page) => expect(page.locator('a[data-shop-id]').first()).toBeVisible(),
    },
    sessionCalls: [],
  },
  badShopId: { query: { shop_id: '12abc' }, says: TEXT.badLink('shop_id') },
  conflictingShopIds: { query: { id: SHOP.burgers, shop_id: SHOP.claypot }, says: TEXT.badLink('shop_id') },
  badTable: { query: { shop_id: SHOP.burgers, table: -4 }, says: TEXT.badLink('table') },
  badFlag: { query: { shop_id: SHOP.burgers, isDine: 'maybe' }, says: TEXT.badLink('isDine') },
  tokenSameShop: {
    visitedShop: SHOP.burgers,
    query: { shop_id: SHOP.burgers },
    lands: TAB1,
    sessionCalls: [],
  },
  tokenOtherShop: {
    visitedShop: SHOP.claypot,
    query: { shop_id: SHOP.burgers },
    lands: TAB1,
    sessionCalls: ['user/token'],
  },
  tokenRefused: {
    visitedShop: SHOP.claypot,
    query: { shop_id: SHOP.burgers },
    answer: (page) => answerNextCallWithStatus(page, 'user/token', 401, TEXT.tokenEnded),
    lands: TAB1,
    sessionCalls: ['user/token', 'user/h5entry'],
  },
  linkOpenid: {
    query: { shop_id: SHOP.burgers, openid: 'wx-abc' },
    lands: TAB1,
    sessionCalls: ['user/h5entry'],
  },
  sessionRefused: {
    query: { shop_id: SHOP.burgers },
    answer: (page) => dropNextCall(page, 'user/h5entry'),
    says: TEXT.noAnswer,
    lands: TAB1,
  },
  shopUnreachable: {
    query: { shop_id: SHOP.burgers },
    answer: (page) => dropNextCall(page, 'store/detail'),
    says: TEXT.noAnswer,
    lands: TAB1,
  },
  tableUnreachable: {
    query: { shop_id: SHOP.claypot, source_type: 'openTable', table: 2701 },
    answer: (page) => dropNextCall(page, 'table/getTableInfo'),
    says: TEXT.noAnswer,
    lands: CLAYPOT_T1,
  },
  unknownShop: { query: { shop_id: 999 }, says: TEXT.shopMissing },
};

interface ApiCall {
  action: string;
  body: Record<string, unknown>;
}

const callsOf = (run: Run) => run.memory.get('calls') as ApiCall[];
const linkOf = (state: { context: unknown }): DemoLink =>
  LINKS[(state.context as EntryModelContext).scenario as DemoEntryScenario];

/** Opens the entry page as a new page load, as a scanned or tapped link does. */
async function openLink(run: Run, query: DemoLink['query']) {
  await run.page.goto('about:blank');
  await new App(run.page).open('/', query);
}

async function expectLanded(run: Run, link: DemoLink, landing: Landing) {
  const app = new App(run.page);
  await expect
    .poll(() => app.route(), { message: 'the page the link lands on', timeout: 15_000 })
    .toBe(landing.route);
  const query = new URLSearchParams(new URL(run.page.url()).hash.split('?')[1] ?? '');
  for (const [key, value] of Object.entries(landing.query ?? {})) expect(query.get(key), key).toBe(value);
  await landing.shows(run.page);
  if (link.sessionCalls) {
    const made = callsOf(run)
      .map((call) => call.action)
      .filter((action) => action === 'user/h5entry' || action === 'user/token');
    expect(made, 'the session calls of the entry').toEqual(link.sessionCalls);
  }
  // The link's openid names nobody (decision S1): the session is the browser's own device id.
  if (link.query.openid) {
    const entry = callsOf(run).find((call) => call.action === 'user/h5entry');
    expect(entry?.body.openid).not.toBe(link.query.openid);
  }
}

async function expectFailure(run: Run, says: string, canRetry: boolean) {
  const alert = run.page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: TEXT.failed })).toBeVisible();
  await expect(alert).toContainText(says);
  await expect(alert.getByRole('link', { name: TEXT.storeList })).toBeVisible();
  await expect(alert.getByRole('button', { name: TEXT.retry })).toHaveCount(canRetry ? 1 : 0);
}

export const entryFlow: QaFlow<EntryDemoEvent> = {
  name: 'entry',
  title: 'Entry routing: shop, table, member-card and bad links, sessions, failures and retry',
  startsWith:
    'A fresh tab that opens one link per path: the burger counter (shop 1), the claypot with open table ' +
    '(shop 2), the beauty studio (shop 5), the tea house whose home is its home tab (shop 6), a shop id no ' +
    'shop has, or a link with a bad parameter; a stored session from a visit to a shop just before.',
  model: entryModel,
  events: ENTRY_DEMO_EVENTS,
  begin: async (run) => {
    const calls: ApiCall[] = [];
    run.memory.set('calls', calls);
    run.page.on('request', (request) => {
      const [, action] = request.url().split('/new/consumer/');
      if (!action) return;
      let body: Record<string, unknown> = {};
      try {
        body = (request.postDataJSON() as Record<string, unknown> | null) ?? {};
      } catch {
        // Not JSON: only the action matters then.
      }
      calls.push({ action, body });
    });
  },
  actions: {
    OPEN: async (run, { scenario }) => {
      const link = LINKS[scenario];
      if (link.visitedShop) {
        await openLink(run, { id: link.visitedShop });
        await expect.poll(() => new App(run.page).route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
      }
      callsOf(run).length = 0;
      await link.answer?.(run.page);
      await openLink(run, link.query);
    },
    RETRY: async (run) => {
      callsOf(run).length = 0;
      await run.page.getByRole('alert').getByRole('button', { name: TEXT.retry }).click();
    },
  },
  checks: {
    start: async (run) => {
      expect(run.page.url()).toBe('about:blank');
    },
    routed: (run, state) => {
      const link = linkOf(state);
      return expectLanded(run, link, link.lands!);
    },
    invalid: (run, state) => expectFailure(run, linkOf(state).says!, false),
    failed: (run, state) => expectFailure(run, linkOf(state).says!, true),
    retried: (run, state) => {
      const link = linkOf(state);
      return expectLanded(run, { ...link, sessionCalls: undefined }, link.lands!);
    },
  },
};

// The shop status notice as QA replays it: each scenario of the shop status model the demo shops show is a
// link opened in a fresh tab (the burger counter, the Paris bakery whose service has expired, the grocery
// without table ordering, the tea branch with pickup only), some from abroad (`abroad=1`, the page then in
// English) and some at night on the page's clock; the notice is read, confirmed or dismissed on the
// screen. The model is the one tests/model/entry/shop-status.model.test.ts walks against the real machine.
import type { Page } from '@playwright/test';
import { expect } from '../expect';
import { App } from '../../tests/e2e/pages/app';
import {
  SHOP_STATUS_DEMO_EVENTS,
  shopStatusModel,
  shopStatusScenario,
  type DemoShopStatusScenario,
  type ShopStatusDemoEvent,
  type ShopStatusModelContext,
} from '../models/shop-status.model';
import type { QaFlow, Run } from '../flow';

interface DemoShop {
  query: Record<string, string | number>;
  /** The page's clock for this visit, when the suite's (18:00 in Shanghai on a Thursday) will not do. */
  at?: Date;
  /** Where the link lands. */
  route: string;
}

/** The demo links of each scenario. */
const LINKS: Record<DemoShopStatusScenario, DemoShop> = {
  open: { query: { id: 1 }, route: '/pages/user/index-tab-1' },
  // The Paris bakery (shop 8): realShopStatus 0, fastfood, table ordering on.
  expiredFastfood: { query: { id: 8 }, route: '/pages/user/index-tab-1' },
  expiredOverseas: { query: { id: 8, abroad: 1 }, route: '/pages/user/index-tab-1' },
  expiredOpenTable: {
    query: { id: 8, source_type: 'openTable', table: 8701 },
    route: '/product/table',
  },
  // The grocery (shop 4) has no table ordering: its scan switch is off.
  dineScanOff: { query: { id: 4, isDine: 1 }, route: '/product/index' },
  // The Lujiazui tea branch (shop 7) delivers nothing: table W1's link, and its pickup.
  dineScanOn: { query: { id: 7, table: 7701 }, route: '/product/index' },
  takeawayPickupOnly: { query: { id: 7 }, route: '/pages/user/index-tab-1' },
  // 23:30 in Shanghai: the burger counter delivers 06:00–23:00.
  takeawayAfterHours: {
    query: { id: 1 },
    at: new Date('2026-11-19T15:30:00Z'),
    route: '/pages/user/index-tab-1',
  },
  // 03:00 in Shanghai: its table ordering keeps the same hours.
  dineOutsideScanHours: {
    query: { id: 1, isDine: 1 },
    at: new Date('2026-11-19T19:00:00Z'),
    route: '/product/index',
  },
  closedOverseas: { query: { id: 4, isDine: 1, abroad: 1 }, route: '/product/index' },
};

/** What each notice says; abroad the page is in English. */
const NOTICE = {
  expired: /门店服务已到期，暂时无法下单，请联系商家。|This shop’s service has expired\./,
  stopped: /门店已停止服务，暂时无法下单，请联系商家。|This shop has stopped its service\./,
  closed: /门店休息中，暂不接单。|The shop is closed right now/,
  outsideHours: /当前不在营业时间内。营业时间：06:00-23:00|Opening hours: 06:00-23:00/,
};
const OK = /^(知道了|OK)$/;
const ORDER_AT_TABLE = /^(到店堂食点餐|Order at the table)$/;

const modelOf = (state: { context: unknown }) => state.context as ShopStatusModelContext;
const notice = (run: Run) => new App(run.page).shopNotice;

/** The link has landed and everything it loads has arrived: a notice due now would be showing. */
async function settled(run: Run) {
  const link = run.memory.get('link') as DemoShop;
  await new App(run.page).expectRoute(link.route);
  await expect(run.page.getByRole('heading', { level: 1 })).toBeVisible();
  await run.page.waitForLoadState('networkidle');
}

/** No notice shows; a failure says which one does. */
async function expectNoNotice(run: Run) {
  const shown = notice(run);
  if (await shown.isVisible())
    throw new Error(
      `the shop notice says "${(await shown.innerText()).replace(/\s+/g, ' ')}" where the model expects none`,
    );
  await expect(shown).toBeHidden();
}

async function expectNotice(run: Run, text: RegExp, button: RegExp) {
  await expect(notice(run)).toBeVisible();
  await expect(notice(run)).toContainText(text);
  await expect(notice(run).getByRole('button')).toHaveText(button);
}

const dineChosen = (page: Page) => page.getByRole('button', { name: /^(堂食|Dine in)$/, pressed: true });

export const shopStatusFlow: QaFlow<ShopStatusDemoEvent> = {
  name: 'shop-status',
  title: 'Shop status: open, expired (order at the table), closed, outside the hours, abroad, open table',
  startsWith:
    'A fresh tab that opens one demo shop per path: the burger counter (shop 1), the Paris bakery whose ' +
    'service has expired (shop 8), the grocery without table ordering (shop 4) or the Lujiazui tea branch ' +
    '(shop 7); from abroad with abroad=1, at night on the page clock.',
  model: shopStatusModel,
  events: SHOP_STATUS_DEMO_EVENTS,
  begin: async () => {},
  actions: {
    OPEN: async (run, { scenario }) => {
      const link = LINKS[scenario];
      run.memory.set('link', link);
      // Only the page reads the hours (shop-status-gate.tsx sends Date.now()): the server's clock stays.
      if (link.at) await run.page.clock.setSystemTime(link.at);
      await new App(run.page).open('/', link.query);
    },
    CONFIRM: (run) => notice(run).getByRole('button').click(),
    DISMISS: (run) => notice(run).getByRole('button', { name: OK }).click(),
  },
  checks: {
    start: async (run) => {
      expect(run.page.url()).toBe('about:blank');
    },
    'shown.normal': async (run, state) => {
      await settled(run);
      await expectNoNotice(run);
      // Confirming the bakery's expiry moved the customer to ordering at the table, in old mode.
      if (modelOf(state).oldMode) await expect(dineChosen(run.page)).toBeVisible();
    },
    'shown.expired': async (run, state) => {
      const onConfirm = shopStatusScenario(modelOf(state).scenario!).onConfirm;
      await expectNotice(run, NOTICE.expired, onConfirm === 'acknowledged' ? OK : ORDER_AT_TABLE);
    },
    'shown.stopped': async (run, state) => {
      const onConfirm = shopStatusScenario(modelOf(state).scenario!).onConfirm;
      await expectNotice(run, NOTICE.stopped, onConfirm === 'acknowledged' ? OK : ORDER_AT_TABLE);
    },
    'shown.closed': (run) => expectNotice(run, NOTICE.closed, OK),
    'shown.outsideHours': (run) => expectNotice(run, NOTICE.outsideHours, OK),
    'shown.acknowledged': async (run) => {
      await expect(notice(run)).toBeHidden();
      await settled(run);
      await expectNoNotice(run);
    },
  },
};

// The expandable red bag as QA replays it: Tiong Bahru Claypot's real red bag (demo shop 2, entry routing
// rule 1 opens it for a first visit). A guest meets it with its activity/detail read held until the model
// says how the server answers (or the connection drops), logs in with a phone no other run used and comes
// back to the same link, gets their bag, shares it and reads it again; a friend then opens the shared link
// in the same browser emptied of the owner's session (a new device), logs in with another fresh phone and
// helps. The model is the one tests/model/coupon/expand-red-bag-journey.model.test.ts walks against the real
// expandRedBag machine.
import { expect } from '../expect';
import { App } from '../../tests/e2e/pages/app';
import { RedBagPage } from '../../tests/e2e/pages/red-bag';
import {
  EXPAND_RED_BAG_EVENTS,
  expandRedBagJourneyModel,
  type ExpandRedBagJourneyEvent,
} from '../models/expand-red-bag.model';
import { NetworkGate } from '../network-gate';
import type { QaFlow, Run } from '../flow';

const SHOP = 2;

let phones = 0;
/** A Singapore mobile number no other run of this process used (the shop sends codes to +65 only). */
const freshPhone = () => `+659${String((Date.now() + phones++ * 7919) % 10_000_000).padStart(7, '0')}`;

const bagPage = (run: Run) => new RedBagPage(run.page);
const gateOf = (run: Run) => run.memory.get('detail') as NetworkGate;

/** The link a friend opens: the one the share sheet offered, else the owner's page (it names the bag). */
function linkToShare(run: Run): string {
  const shared = run.memory.get('link') as string | undefined;
  if (shared) return shared;
  const url = run.page.url();
  return url.includes('shop=') ? url : `${url}&shop=${SHOP}`;
}

async function logInFromBag(run: Run) {
  const page = bagPage(run);
  await page.action(/^(登录后继续|Log in to continue)$/).click();
  await page.logInWithDemoCode(freshPhone());
}

const actions: QaFlow<ExpandRedBagJourneyEvent>['actions'] = {
  DETAIL_OK: (run) => gateOf(run).release(),
  DETAIL_FAIL: (run) => gateOf(run).fail(),
  RETRY: async (run) => {
    gateOf(run).arm();
    await run.page.getByRole('button', { name: '重试' }).click();
  },
  LOG_IN: async (run) => {
    // The page comes back to the link after the login and reads the bag again: held for the model.
    gateOf(run).arm();
    await logInFromBag(run);
  },
  GET_BAG: (run) => bagPage(run).action('领取我的红包').click(),
  SHARE: async (run) => {
    const page = bagPage(run);
    await page.action('分享让它膨胀').click();
    const sheet = run.page.getByRole('dialog', { name: '分享你的红包' });
    await expect(sheet).toBeVisible();
    run.memory.set('link', await sheet.getByLabel('分享链接').inputValue());
  },
  CLOSE_SHARE: (run) => run.page.keyboard.press('Escape'),
  REFRESH: (run) => run.page.getByRole('button', { name: '刷新' }).click(),
  FRIEND_OPENS: async (run) => {
    const link = linkToShare(run);
    run.memory.set('ownerValue', await bagPage(run).value.textContent());
    // Another customer's browser: no session, no shop, nothing seen before.
    await run.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await run.page.context().clearCookies();
    await run.page.goto('about:blank');
    await run.page.goto(link);
    await bagPage(run).expectScreen('loginRequired');
    await logInFromBag(run);
  },
  HELP: (run) => bagPage(run).action('帮TA膨胀').click(),
};

const checks: QaFlow['checks'] = {
  loading: async (run) => {
    await expect(run.page.locator('[role="status"][aria-busy="true"]').first()).toBeVisible();
    await expect(bagPage(run).envelope).toHaveCount(0);
  },
  failed: async (run) => {
    await expect(run.page.getByRole('button', { name: '重试' })).toBeVisible();
    await expect(bagPage(run).envelope).toHaveCount(0);
  },
  loginRequired: async (run) => {
    const page = bagPage(run);
    await page.expectScreen('loginRequired');
    await expect(page.action('登录后继续')).toBeVisible();
    await expect(page.rules.first()).toBeVisible();
  },
  receive: async (run) => {
    const page = bagPage(run);
    await page.expectScreen('receive');
    await expect(page.action('领取我的红包')).toBeEnabled();
  },
  'own.idle': async (run) => {
    const page = bagPage(run);
    await page.expectScreen('own');
    await expect(page.value).toHaveText('S$3.00');
    await expect(run.page.getByRole('dialog', { name: '分享你的红包' })).toHaveCount(0);
    // The link now names the customer's own bag (decision C110).
    expect(new App(run.page).route()).toBe('/product/expand-red-bag');
    expect(run.page.url()).toMatch(/[?&]from=\d+/);
  },
  'own.sharing': async (run) => {
    const sheet = run.page.getByRole('dialog', { name: '分享你的红包' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByLabel('分享链接')).toHaveValue(
      /#\/product\/expand-red-bag\?id=\d+&from=\d+&shop=2$/,
    );
    await expect(sheet.getByRole('img', { name: /二维码/ })).toBeVisible();
  },
  help: async (run) => {
    const page = bagPage(run);
    await page.expectScreen('help');
    await expect(page.value).toHaveText(run.memory.get('ownerValue') as string);
    await expect(page.action('帮TA膨胀')).toBeEnabled();
  },
  thanked: async (run) => {
    const page = bagPage(run);
    await page.expectScreen('thanked');
    // The friend's help added S$1.00 (level one) to the owner's S$3.00; the friend got a bag of their own.
    await expect(page.value).toHaveText('S$4.00');
    await expect(run.page.getByTestId('own-new-bag')).toHaveText('你自己的红包：S$3.00');
  },
  helped: async (run) => {
    const page = bagPage(run);
    await page.expectScreen('helped');
    await expect(page.value).toHaveText('S$4.00');
    await expect(page.helps).toHaveCount(1);
  },
};

export const expandRedBagFlow: QaFlow<ExpandRedBagJourneyEvent> = {
  name: 'expandRedBag',
  title: 'Expandable red bag: a guest logs in, gets and shares a bag; a friend opens the link and helps',
  startsWith:
    'A new browser entering Tiong Bahru Claypot (shop 2), sent to its red bag by entry routing rule 1, ' +
    'with activity/detail held until the model says how it answers; each login is a fresh +65 phone.',
  model: expandRedBagJourneyModel,
  events: EXPAND_RED_BAG_EVENTS,
  begin: async (run) => {
    const gate = await NetworkGate.on(run.page, 'activity/detail');
    run.memory.set('detail', gate);
    gate.arm();
    await new App(run.page).open('/', { id: SHOP });
    await new App(run.page).expectRoute('/product/expand-red-bag');
  },
  actions,
  checks,
};

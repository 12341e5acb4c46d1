// Exchanging points as QA replays it: a new member of the claypot house (Tiong Bahru Claypot, demo shop 2)
// who earned points with a paid order, on the page of its points mall's "S$3 off any order" coupon
// (/member/point-store/coupon-detail), where one exchange flow lives as long as the page, as the model's
// does. Each model event is a tap, or how the server answers the exchange: it really exchanges, or refuses
// with a reason worded as the server words it (server/modules/point-store/point-store-messages.ts), or the
// connection drops. Every path logs in a phone no other path used, so no path inherits another's points.
import { expect } from '../expect';
import { pointStoreMessages } from '../../server/modules/point-store/point-store-messages';
import zh from '../../src/i18n/zh-CN';
import zhPointStore from '../../src/i18n/zh-CN/pointStore';
import { App } from '../../tests/e2e/pages/app';
import {
  earnPointsByOrder,
  enterAsNewMember,
  ExchangeSuccessPage,
  MALL_ITEMS,
  mallItemId,
  PointStorePage,
} from '../../tests/e2e/pages/member-points';
import {
  ALLOWED,
  POINT_EXCHANGE_EVENTS,
  pointExchangeModel,
  type PointExchangeModelContext,
  type PointExchangeModelEvent,
  type PointExchangeRefusalReason,
} from '../models/point-exchange.model';
import { NetworkGate } from '../network-gate';
import type { QaFlow, Run } from '../flow';

const ITEM = MALL_ITEMS.threeOff;
/** Small Salted Egg Prawns ordered to earn the points: enough for two S$3 coupons, not three. */
const UNITS = 13;
const EXCHANGE = 'activity/pointExchangeProduct';

/** What the page says when the exchange gets no answer (errorMessage's key, translated). */
const NO_ANSWER_TEXT = zh.errors.server;

const gateOf = (run: Run) => run.memory.get('exchange') as NetworkGate;
const modelOf = (state: { context: unknown }) => state.context as PointExchangeModelContext;

/** The server's words for a refusal, in the page's language. */
function refusalText(reason: PointExchangeRefusalReason): string {
  const text = pointStoreMessages[reason]['zh-CN'];
  return text.replace('{need}', String(ITEM.points)).replace('{limit}', String(ALLOWED));
}

const detailOf = (run: Run) => run.page.getByTestId('detail-exchange');
/** The refusal or the failure under the item (the sheet keeps its own copy while it is open). */
const noticeOf = (run: Run) => run.page.getByTestId('exchange-refusal').first();

const actions: QaFlow<PointExchangeModelEvent>['actions'] = {
  OPEN: (run) => detailOf(run).click(),
  MORE: (run) => new PointStorePage(run.page).more.click(),
  FEWER: (run) => new PointStorePage(run.page).fewer.click(),
  CONFIRM: async (run) => {
    gateOf(run).arm();
    await new PointStorePage(run.page).confirm.click();
  },
  CANCEL: (run) => new PointStorePage(run.page).sheet.getByRole('button', { name: '关闭' }).click(),
  EXCHANGED: (run) => gateOf(run).release(),
  REFUSED: async (run, event) => {
    run.memory.set('refusal', event.reason);
    await gateOf(run).release();
  },
  NO_ANSWER: (run) => gateOf(run).fail(),
};

const checks: QaFlow['checks'] = {
  viewing: async (run, state) => {
    const model = modelOf(state);
    await expect(new PointStorePage(run.page).sheet).toBeHidden();
    await expect(detailOf(run)).toBeEnabled();
    // A failure stays under the item until the sheet opens again.
    if (model.failed) await expect(noticeOf(run)).toHaveText(NO_ANSWER_TEXT);
    else await expect(run.page.getByTestId('exchange-refusal')).toHaveCount(0);
  },
  choosing: async (run, state) => {
    const model = modelOf(state);
    const store = new PointStorePage(run.page);
    await expect(store.sheet).toBeVisible();
    await expect(store.quantity).toHaveText(String(model.quantity));
    await expect(store.cost).toHaveText(`${ITEM.points * model.quantity} 积分`);
    await (model.quantity >= ALLOWED ? expect(store.more).toBeDisabled() : expect(store.more).toBeEnabled());
    await (model.quantity <= 1 ? expect(store.fewer).toBeDisabled() : expect(store.fewer).toBeEnabled());
    const notice = store.sheet.getByTestId('exchange-refusal');
    if (model.failed) await expect(notice).toHaveText(NO_ANSWER_TEXT);
    else await expect(notice).toHaveCount(0);
  },
  exchanging: async (run) => {
    const confirm = new PointStorePage(run.page).confirm;
    await expect(confirm).toHaveText(zhPointStore.exchanging);
    await expect(confirm).toBeDisabled();
  },
  refused: async (run, state) => {
    const reason = modelOf(state).refusal!;
    await expect(new PointStorePage(run.page).sheet).toBeHidden();
    await expect(noticeOf(run)).toHaveText(refusalText(reason));
    await expect(detailOf(run)).toBeEnabled();
  },
  done: async (run) => {
    const success = new ExchangeSuccessPage(run.page);
    await success.expectRoute('/member/point-store/exchange-success');
    await expect(success.result).toContainText(zhPointStore.successTitle);
    const quantity = Number(run.memory.get('quantity'));
    await expect(success.coupons.getByRole('listitem')).toHaveCount(quantity);
    await expect(success.spent).toHaveText(String(ITEM.points * quantity));
  },
};

/**
 * The exchange call is held by a gate until the model says how the server answers; a refusal is answered
 * for the server (registered before the gate, so the gate's release reaches it) and nothing is exchanged.
 */
async function gateExchanges(run: Run) {
  await run.page.route(`**/new/consumer/${EXCHANGE}`, async (route) => {
    const body = route.request().postDataJSON() as { quantity: number };
    run.memory.set('quantity', body.quantity);
    const reason = run.memory.get('refusal') as PointExchangeRefusalReason | undefined;
    if (!reason) return route.fallback();
    run.memory.delete('refusal');
    await route.fulfill({ json: { result: false, info: { reason }, message: refusalText(reason) } });
  });
  run.memory.set('exchange', await NetworkGate.on(run.page, EXCHANGE));
}

export const pointExchangeFlow: QaFlow<PointExchangeModelEvent> = {
  name: 'pointExchange',
  title: 'Points exchange: quantity, confirm sheet, exchanged, each server refusal, no answer',
  startsWith:
    'A new member of the claypot house (shop 2): a fresh Singapore phone logged in with the demo SMS code, ' +
    'registered through vip/register, with the points of a paid pick-up order (enough for two S$3 coupons); ' +
    '/member/point-store/coupon-detail of "S$3 off any order", with activity/pointExchangeProduct held ' +
    'until the model says how it answers.',
  model: pointExchangeModel,
  events: POINT_EXCHANGE_EVENTS,
  begin: async (run) => {
    const { page } = run;
    await page.addInitScript(() => localStorage.setItem('user-language', 'zh-CN'));
    await enterAsNewMember(page, '陈积分');
    const earned = await earnPointsByOrder(page, UNITS);
    expect(Math.floor(earned / ITEM.points)).toBe(ALLOWED);
    const itemId = await mallItemId(page, ITEM.zh);
    await gateExchanges(run);
    const app = new App(page);
    await app.open('/member/point-store/coupon-detail', { id: itemId });
    await expect(detailOf(run)).toBeEnabled({ timeout: 15_000 });
  },
  actions,
  checks,
};

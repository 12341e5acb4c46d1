// The open-table tab as QA replays it: a new customer of the claypot house (demo shop 2) at the tea room's
// table C1 (charged by the started half hour from opening), in Chinese. The kitchen acts through the merchant
// CLI's own code; the other guest who pays the last share is a second phone; the clock passing a fee step
// moves the server's clock and the page's. A lost answer to a round is the server's answer dropped at the
// network after the server kept it; a failing stream is a server refusing the stream when the page reconnects.
import type { Page, Route } from '@playwright/test';
import { runMerchantCli } from '../../scripts/merchant';
import { App, MenuPage } from '../../tests/e2e/pages/app';
import { OpenTablePages, tableCode, CLAYPOT } from '../../tests/e2e/pages/open-table';
import { AddToCart, CartBar } from '../../tests/e2e/pages/order';
import { advanceServerClock, consumerCall } from '../../tests/e2e/pages/orders';
import { PayPanel } from '../../tests/e2e/pages/payment';
import { contextOptions, startClock } from '../browser';
import { expect } from '../expect';
import {
  OPEN_TABLE_EVENTS,
  openTableModel,
  type OpenTableModelContext,
  type OpenTableModelEvent,
} from '../models/open-table.model';
import type { QaFlow, Run } from '../flow';

const TABLE = 'C1';
const TEXT = {
  open: '开台',
  addDishes: '加菜',
  askBill: '买单',
  keepOrdering: '继续点菜',
  sendAgain: '重新发送',
  notNow: '暂不发送',
  split: '怎么付款？',
  all: '一人买单',
  equal: '平均分摊',
  fewer: '减少一份',
  take: /付这一份/,
  takeBack: '取消买单',
  counter: '到店付款',
  payAtCounter: '确认：到店付款',
  close: '关闭',
  retry: '重试',
  serverError: '服务器错误，请重试。',
  cooking: '制作中',
};

type TabRead = { id: number; rounds: { id: number; lines: { id: number; state: string }[] }[] };

const READS = '**/new/consumer/table/refreshOrder';
const pages = (run: Run) => new OpenTablePages(run.page);
const tabIdOf = (run: Run) => run.memory.get('tabId') as number;

async function kitchen(run: Run, action: string, id: number) {
  let output = '';
  const io = { out: (s: string) => (output += `${s}\n`), err: (s: string) => (output += `${s}\n`), fetch };
  const code = await runMerchantCli(
    ['table', action, String(id)],
    { MERCHANT_KEY: `demo-merchant-${CLAYPOT}`, MERCHANT_URL: run.baseURL },
    io,
  );
  if (code !== 0) throw new Error(`merchant table ${action} ${id}: ${output.trim()}`);
}

const readTab = (page: Page, tabId: number) =>
  consumerCall<TabRead>(page, 'table/refreshOrder', { orderId: tabId });

/** The table is free for this run: a tab left open by an earlier run is joined and closed by the kitchen. */
async function freeTable(run: Run, code: string) {
  const tab = await consumerCall<{ id: number; status: string }>(run.page, 'table/order', {
    tableId: code,
    person: 1,
  });
  await kitchen(run, 'close-tab', tab.id);
}

interface TabAfterRun {
  status: string;
  bill: {
    mode: string;
    parts: { index: number; state: string; mine: boolean; orderId: number | null }[];
  } | null;
}

/**
 * After a path: the run's tab is closed by the kitchen while it orders, or, once its bill was asked for,
 * its shares still open or unpaid are paid at the counter by this guest, so the table is free again.
 */
async function settleTab(run: Run) {
  const tabId = run.memory.get('tabId') as number | undefined;
  if (!tabId || run.page.isClosed()) return;
  // Whatever the path left failing at the network (reads, the stream) reaches the server again.
  await run.page.unrouteAll({ behavior: 'ignoreErrors' });
  const tab = await consumerCall<TabAfterRun>(run.page, 'table/refreshOrder', { orderId: tabId });
  if (tab.status === 'ordering') return kitchen(run, 'close-tab', tabId);
  if (tab.status !== 'paying' || !tab.bill) return;
  const setting = await consumerCall<{ payTypes: { id: number; payType: string }[] }>(
    run.page,
    'store/paySetting',
    { orderType: 'openTable' },
  );
  const cash = setting.payTypes.find((p) => p.payType === 'Cash')!;
  for (const part of tab.bill.parts) {
    let orderId = part.mine && part.state === 'paying' ? part.orderId : null;
    if (part.state === 'open' && tab.bill.mode !== 'items')
      orderId = (
        await consumerCall<{ orderId: number }>(run.page, 'table/payPart', {
          orderId: tabId,
          part: part.index,
          idempotencyKey: `qa-end-${tabId}-${part.index}`,
        })
      ).orderId;
    if (orderId !== null) await consumerCall(run.page, 'order/pay', { id: orderId, payTypeId: cash.id });
  }
}

/** The pages' stream is refused from now on (the next connection meets a server that will not stream). */
async function refuseStream(page: Page) {
  await page.route('**/new/consumer/table/events?*', (route: Route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'no stream' }),
  );
}

async function sendRound(run: Run) {
  const { page } = run;
  const tab = pages(run);
  const menu = new MenuPage(page);
  await tab.button(TEXT.addDishes).click();
  await tab.expectRoute('/product/index');
  await menu.waitForProducts();
  await menu.chooseCategory('饮料');
  await new AddToCart(page).add(menu.productNamed('中国茶'));
  await new CartBar(page).checkout.click();
}

async function expectRounds(run: Run, has: boolean) {
  if (has) await expect(pages(run).rounds.first()).toBeVisible();
  else await expect(run.page.getByText('还没有点菜')).toBeVisible();
}

/** Pays the share or bill whose pay panel is open, at the counter. */
async function payAtCounter(run: Run) {
  const pay = new PayPanel(run.page);
  await expect(pay.panel).toBeVisible();
  await pay.method(TEXT.counter).check();
  await pay.action(TEXT.payAtCounter).click();
}

const actions: QaFlow<OpenTableModelEvent>['actions'] = {
  AT_TABLE: async (run) => {
    // The table page of an idle table: the tab opened for the paths starting on its page is closed.
    await kitchen(run, 'close-tab', tabIdOf(run));
    await pages(run).scan(run.memory.get('code') as string);
    await pages(run).expectRoute('/product/table');
  },
  OPEN: async (run) => {
    await pages(run).join(2, 'Ana');
    run.memory.set('tabId', pages(run).tabId());
  },
  OPEN_TOO_MANY: async (run) => {
    // The tea room seats four.
    await pages(run).person.fill('5');
    await expect(pages(run).submit).toBeDisabled();
  },
  LOAD: async (run) => {
    await new App(run.page).open('/order/order', { id: tabIdOf(run) });
  },
  LOAD_FAIL: async (run) => {
    // No read of the tab gets an answer until the guest retries.
    await run.page.route(READS, (route) => route.abort('connectionreset'));
    await new App(run.page).open('/order/order', { id: tabIdOf(run) });
  },
  RETRY: async (run) => {
    await run.page.unroute(READS);
    await pages(run).button(TEXT.retry).click();
  },
  SEND_ROUND: async (run) => {
    const before = await pages(run).rounds.count();
    await sendRound(run);
    await expect(pages(run).rounds).toHaveCount(before + 1);
  },
  SEND_ROUND_LOST: async (run) => {
    // The server takes the round; its answer never reaches the phone.
    await run.page.route(
      '**/new/consumer/table/userAddProducts',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await sendRound(run);
  },
  RETRY_ROUND: (run) => pages(run).button(TEXT.sendAgain).click(),
  DROP_ROUND: (run) => pages(run).button(TEXT.notNow).click(),
  KITCHEN_MOVES: async (run) => {
    const tab = await readTab(run.page, tabIdOf(run));
    const round = tab.rounds[0]!;
    if (round.lines[0]!.state === 'submitting') await kitchen(run, 'accept-round', round.id);
    if (round.lines[0]!.state !== 'cooking') await kitchen(run, 'cook-line', round.lines[0]!.id);
    await expect(pages(run).line('中国茶').first().getByTestId('line-state')).toHaveText(TEXT.cooking);
  },
  STREAM_FAILS: async (run) => {
    await refuseStream(run.page);
    await run.page.reload();
    await expect(run.page.getByTestId('tab-live')).toHaveAttribute('data-mode', 'polling');
  },
  FEE_STEP: async (run) => {
    const fee = await pages(run).fee.textContent();
    await advanceServerClock(run.page, 31 * 60_000);
    await run.page.clock.runFor(31 * 60_000);
    await expect(pages(run).fee).not.toHaveText(fee ?? '');
  },
  ASK_BILL: async (run) => {
    // The kitchen answers every round first: a round it has not answered keeps the bill closed.
    const tab = await readTab(run.page, tabIdOf(run));
    for (const round of tab.rounds)
      if (round.lines.some((l) => l.state === 'submitting')) await kitchen(run, 'accept-round', round.id);
    await expect(pages(run).button(TEXT.askBill)).toBeEnabled({ timeout: 15_000 });
    await pages(run).button(TEXT.askBill).click();
  },
  CLOSE_BILL: (run) => run.page.getByRole('button', { name: TEXT.keepOrdering }).click(),
  CONFIRM_ALL: async (run) => {
    const sheet = run.page.getByRole('dialog', { name: TEXT.split });
    await sheet.getByLabel(TEXT.all).check();
    await sheet.getByTestId('split-confirm').click();
  },
  CONFIRM_EQUAL: async (run) => {
    const sheet = run.page.getByRole('dialog', { name: TEXT.split });
    await sheet.getByLabel(TEXT.equal).check();
    // The shares start at the headcount; two it is.
    const shares = sheet.getByTestId('split-shares');
    while (Number(await shares.textContent()) > 2)
      await sheet.getByRole('button', { name: TEXT.fewer }).click();
    await expect(shares).toHaveText('2');
    await sheet.getByTestId('split-confirm').click();
  },
  OPEN_PAY: (run) => run.page.getByTestId('bill-pay').click(),
  TAKE_PART: async (run) => {
    await run.page.getByRole('button', { name: TEXT.take }).first().click();
  },
  PAY: (run) => payAtCounter(run),
  PAY_CLOSE: (run) => run.page.getByRole('dialog').getByRole('button', { name: TEXT.close }).click(),
  OTHER_PAYS: async (run) => {
    // Ben, at the same table on his own phone, joins the tab and pays the share left at the counter.
    const browser = run.page.context().browser()!;
    const context = await browser.newContext(contextOptions(run.baseURL));
    try {
      const other = await context.newPage();
      await startClock(other);
      await new App(other).open('/', { id: CLAYPOT });
      await new App(other).expectRoute('/pages/user/index-tab-1').catch(() => undefined);
      await consumerCall(other, 'table/order', { tableId: run.memory.get('code'), person: 2 });
      const taken = await consumerCall<{ orderId: number }>(other, 'table/payPart', {
        orderId: tabIdOf(run),
        part: 1,
        idempotencyKey: `qa-${Date.now()}-ben`,
      });
      const setting = await consumerCall<{ payTypes: { id: number; payType: string }[] }>(
        other,
        'store/paySetting',
        { orderType: 'openTable' },
      );
      const cash = setting.payTypes.find((p) => p.payType === 'Cash');
      if (!cash) throw new Error('the claypot house takes no counter payment for open table');
      await consumerCall(other, 'order/pay', { id: taken.orderId, payTypeId: cash.id });
    } finally {
      await context.close();
    }
  },
  TAKE_BACK: (run) => pages(run).button(TEXT.takeBack).click(),
};

const checks: QaFlow['checks'] = {
  start: async () => undefined,
  joining: async (run) => {
    await expect(run.page.getByRole('heading', { name: TEXT.open })).toBeVisible();
    await expect(run.page.getByTestId('join-table')).toHaveText('C1 · 茶室');
  },
  failed: async (run) => {
    await expect(run.page.getByRole('alert')).toContainText(TEXT.serverError);
    await expect(pages(run).button(TEXT.retry)).toBeVisible();
  },
  ordering: async (run, state) => {
    await pages(run).expectRoute('/order/order');
    await expect(run.page.getByTestId('tab-table')).toHaveText('C1 · 茶室');
    await expect(pages(run).timer).toBeVisible();
    await expectRounds(run, (state.context as OpenTableModelContext).rounds > 0);
    await expect(run.page.getByTestId('round-failed')).toHaveCount(0);
  },
  roundFailed: async (run) => {
    await expect(run.page.getByTestId('round-failed')).toBeVisible();
    await expect(pages(run).button(TEXT.sendAgain)).toBeVisible();
  },
  choosingSplit: async (run) => {
    await expect(run.page.getByRole('dialog', { name: TEXT.split })).toBeVisible();
  },
  bill: async (run, state) => {
    const ctx = state.context as OpenTableModelContext;
    await pages(run).expectRoute('/order/confirmed-order');
    await expect(run.page.getByRole('dialog')).toHaveCount(0);
    if (ctx.split) {
      await expect(pages(run).parts).toHaveCount(2);
      await expect(run.page.locator('[data-testid="bill-part"][data-state="paid"]')).toHaveCount(
        ctx.partsPaid,
      );
    } else {
      await expect(run.page.getByTestId('bill-pay')).toBeVisible();
    }
    await expect(pages(run).button(TEXT.takeBack)).toHaveCount(ctx.partsPaid === 0 ? 1 : 0);
  },
  payment: async (run) => {
    await expect(new PayPanel(run.page).panel).toBeVisible();
  },
  paid: async (run) => {
    await expect(run.page.getByTestId('tab-paid')).toBeVisible();
  },
};

export const openTableFlow: QaFlow<OpenTableModelEvent> = {
  name: 'open-table',
  title: 'Open table: open or join, rounds to the kitchen, live moves, the fee, the bill whole or split',
  startsWith:
    'A new customer of the claypot house (shop 2) at the tea room table C1, freed first if an earlier run ' +
    'left its tab open; a tab of theirs is opened through the API for the paths that start on its page.',
  model: openTableModel,
  events: OPEN_TABLE_EVENTS,
  serverClockEvents: ['FEE_STEP'],
  // Every path sits at table C1: two at once would share its tab.
  serial: true,
  begin: async (run) => {
    const code = tableCode(TABLE);
    run.memory.set('code', code);
    await new App(run.page).open('/', { id: CLAYPOT });
    await expect.poll(() => new App(run.page).route(), { timeout: 15_000 }).not.toBe('/');
    await freeTable(run, code);
    // The paths that start on the tab's page: a tab of this customer, opened as the table page would.
    const tab = await consumerCall<{ id: number }>(run.page, 'table/order', { tableId: code, person: 2 });
    run.memory.set('tabId', tab.id);
  },
  actions,
  checks,
  end: (run) => settleTab(run),
};

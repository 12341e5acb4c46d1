// The unpaid order's countdown as QA replays it: a visitor of the burger counter (demo shop 1) with an
// unpaid dine-in order for table B3, on the order's page. The page's clock stands still and moves one second
// per SECOND_PASSES; the page is hidden and shown as a phone does when the customer switches apps. How much
// time the server says is left is answered at the network (docs/decisions.md Q51): the order's reads carry
// the server's time (`readAt`), which here runs with the page's clock from "3 s before the deadline", so a
// path needs no 15-minute wait and never depends on how fast the machine replays it.
import type { Page } from '@playwright/test';
import { expect } from '../expect';
import { App } from '../../tests/e2e/pages/app';
import { OrderDetailPage, placeOrder } from '../../tests/e2e/pages/orders';
import {
  COUNTDOWN_EVENTS,
  COUNTDOWN_WINDOW_S,
  countdownModel,
  type CountdownModelEvent,
} from '../models/unpaid-countdown.model';
import type { QaFlow, Run } from '../flow';

const SHOP = 1;

/** The server's time left at a moment of the page's clock: `leftMs` at `pageAt`, running down with it. */
interface ServerTime {
  pageAt: number;
  leftMs: number;
}

const pageNow = (page: Page) => page.evaluate(() => Date.now());

/** Sets what the server will say is left from now on the page's clock. */
async function serverSays(run: Run, leftMs: number) {
  run.memory.set('serverTime', { pageAt: await pageNow(run.page), leftMs } satisfies ServerTime);
}

/** Answers the page's order reads with the real reply, its `readAt` set by the flow's server time. */
async function answerOrderReads(run: Run, deadline: number) {
  await run.page.route('**/new/consumer/order/detail', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { result: boolean; info?: { readAt?: string } };
      const time = run.memory.get('serverTime') as ServerTime;
      if (body.result && body.info) {
        const left = time.leftMs - ((await pageNow(run.page)) - time.pageAt);
        body.info.readAt = new Date(deadline - left).toISOString();
      }
      await route.fulfill({ response, json: body });
    } catch (error) {
      // The read the time-up starts may still be on its way when the replay ends and closes the page.
      if (run.page.isClosed() || /disposed|closed/i.test(String(error))) return;
      throw error;
    }
  });
}

/** The page as a phone hides it when the customer switches apps, and shows it again. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  // A string, not a function: the runner's transform would name the getters with a helper the page lacks.
  await page.evaluate(`(() => {
    const visibility = ${JSON.stringify(state)};
    Object.defineProperty(document, 'visibilityState', { configurable: true, get() { return visibility; } });
    Object.defineProperty(document, 'hidden', { configurable: true, get() { return visibility === 'hidden'; } });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

const leftOf = (state: { context: unknown }) => (state.context as { left: number }).left;
const clockText = (seconds: number) => `00:${String(seconds).padStart(2, '0')}`;

const actions: QaFlow<CountdownModelEvent>['actions'] = {
  SECOND_PASSES: (run) => run.page.clock.runFor(1_000),
  HIDE: async (run) => {
    run.memory.set('shownWhenHidden', await new OrderDetailPage(run.page).countdown.textContent());
    await setVisibility(run.page, 'hidden');
  },
  SHOW: (run) => setVisibility(run.page, 'visible'),
  DEADLINE_MOVES: async (run) => {
    // The order is read again with time left: the customer opens the pay sheet and closes it, and the
    // page reads the order when the sheet closes.
    await serverSays(run, COUNTDOWN_WINDOW_S * 1_000);
    const detail = new OrderDetailPage(run.page);
    const read = run.page.waitForResponse((r) => r.url().endsWith('/new/consumer/order/detail'));
    await detail.button('立即支付').click();
    const sheet = run.page.getByRole('dialog', { name: '立即支付' });
    await sheet.getByRole('button', { name: '关闭' }).click();
    await expect(sheet).toBeHidden();
    await read;
  },
};

const checks: QaFlow['checks'] = {
  counting: async (run, state) => {
    const detail = new OrderDetailPage(run.page);
    await expect(detail.countdown).toHaveText(clockText(leftOf(state)));
    await expect(run.page.getByTestId('countdown-expired')).toHaveCount(0);
    await expect(detail.button('立即支付')).toBeVisible();
  },
  hidden: async (run) => {
    // A hidden page keeps no time: the clock shows what it showed when the page was hidden, whatever
    // has passed since.
    const detail = new OrderDetailPage(run.page);
    await expect(detail.countdown).toHaveText(run.memory.get('shownWhenHidden') as string);
    await expect(run.page.getByTestId('countdown-expired')).toHaveCount(0);
  },
  expired: async (run) => {
    await expect(run.page.getByTestId('countdown-expired')).toHaveText('支付时间已过。');
    await expect(new OrderDetailPage(run.page).countdown).toHaveCount(0);
  },
};

export const unpaidCountdownFlow: QaFlow<CountdownModelEvent> = {
  name: 'unpaid-countdown',
  title: 'Unpaid order countdown: seconds running down, a hidden page, time up, and time given back',
  startsWith:
    'A visitor of the burger counter (shop 1) with an unpaid dine-in order for table B3 placed through the ' +
    `API, on its page (/pages/user/order/detail) with the page's clock stopped and the server saying ` +
    `${COUNTDOWN_WINDOW_S} s are left (the order reads' readAt answered at the network).`,
  model: countdownModel,
  events: COUNTDOWN_EVENTS,
  begin: async (run) => {
    const app = new App(run.page);
    await app.open('/', { id: SHOP });
    await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
    const order = await placeOrder(run.page);
    await answerOrderReads(run, Date.parse(order.payDeadlineAt));
    // From here the page's time moves only when a step says so.
    await run.page.clock.pauseAt((await pageNow(run.page)) + 1_000);
    await serverSays(run, COUNTDOWN_WINDOW_S * 1_000);
    await new OrderDetailPage(run.page).goto(order.id);
  },
  actions,
  checks,
};

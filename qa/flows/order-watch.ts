// Live order status as QA replays it: a visitor of the burger counter (demo shop 1) whose dine-in order is
// paid at the counter and waits for the merchant, on the order's page. The merchant acts through the
// merchant CLI's own code (`npm run merchant`), the connection drops (the e2e server ends the customer's
// open streams), and the page's clock stands still except when time passes. Whether the live stream's
// connection is answered, refused or left unanswered is decided at the network for each try
// (docs/decisions.md Q52), so each model state stays on the screen until the check has seen it.
import type { Page, Route } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, POLL_INTERVAL_MS } from '../../src/machines/order/order-watch.machine';
import { runMerchantCli } from '../../scripts/merchant';
import { App } from '../../tests/e2e/pages/app';
import { OrderDetailPage, placeOrder } from '../../tests/e2e/pages/orders';
import { expect } from '../expect';
import { WATCH_EVENTS, watchModel, type WatchModelEvent } from '../models/order-watch.model';
import type { QaFlow, Run } from '../flow';

const SHOP = 1;
/** What the merchant does next to the order, and the status the customer then reads. */
const MERCHANT_STEPS = [
  { action: 'accept', status: '商家已接单' },
  { action: 'complete', status: '已完成' },
] as const;
const WAITING = '待商家接单';

type StreamAnswer = 'pass' | 'hold' | 'refuse';

/**
 * The live stream's connections (GET …/order/events): let through to the server, held unanswered, or
 * refused as a server that cannot stream now (503).
 */
class StreamGate {
  private answer: StreamAnswer = 'hold';
  private held: Route[] = [];
  private waiters: (() => void)[] = [];

  private constructor(private readonly page: Page) {}

  static async on(page: Page): Promise<StreamGate> {
    const gate = new StreamGate(page);
    await page.route('**/new/consumer/order/events?*', (route) => gate.arrive(route));
    return gate;
  }

  private async arrive(route: Route) {
    if (this.answer === 'pass') return route.fallback();
    if (this.answer === 'refuse') return refuse(route);
    this.held.push(route);
    this.waiters.splice(0).forEach((wake) => wake());
  }

  /** How the next connections are answered. */
  set(answer: StreamAnswer) {
    this.answer = answer;
  }

  /** Waits for a held connection (the page's next try). */
  async waitForHeld(timeoutMs = 15_000) {
    if (this.held.length > 0) return;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push(resolve)),
      this.page.waitForTimeout(timeoutMs).then(() => {
        throw new Error('the page did not try to connect its live status');
      }),
    ]);
  }

  /** Answers the held connections as `answer` and the later ones the same way. */
  async settle(answer: Exclude<StreamAnswer, 'hold'>) {
    this.answer = answer;
    for (const route of this.held.splice(0)) {
      if (answer === 'pass') await route.fallback();
      else await refuse(route);
    }
  }

  /** Drops held connections the page has given up on. */
  async dropHeld() {
    for (const route of this.held.splice(0)) await route.abort('connectionreset').catch(() => undefined);
  }
}

const refuse = (route: Route) =>
  route.fulfill({
    status: 503,
    headers: { 'retry-after': '30' },
    contentType: 'application/json',
    body: JSON.stringify({ result: false, info: null, message: '服务暂时不可用，请稍后再试。' }),
  });

const gateOf = (run: Run) => run.memory.get('gate') as StreamGate;
const detailOf = (run: Run) => new OrderDetailPage(run.page);

/** The status the server holds now, as the customer reads it. */
const serverStatus = (run: Run) => (run.memory.get('status') as string | undefined) ?? WAITING;

async function merchantActs(run: Run) {
  const done = (run.memory.get('merchantSteps') as number | undefined) ?? 0;
  const step = MERCHANT_STEPS[done];
  if (!step) throw new Error(`the order has no merchant step left after ${done}`);
  let output = '';
  const io = { out: (s: string) => (output += `${s}\n`), err: (s: string) => (output += `${s}\n`), fetch };
  const code = await runMerchantCli(
    [step.action, run.memory.get('orderNo') as string],
    { MERCHANT_KEY: `demo-merchant-${SHOP}`, MERCHANT_URL: run.baseURL },
    io,
  );
  if (code !== 0) throw new Error(`merchant ${step.action}: ${output.trim()}`);
  run.memory.set('merchantSteps', done + 1);
  run.memory.set('status', step.status);
}

type WatchModeOnScreen = 'connecting' | 'live' | 'polling';

/** What the live mark says; while connecting the page shows none. */
async function modeOnScreen(page: Page): Promise<WatchModeOnScreen> {
  const mark = new OrderDetailPage(page).liveMark;
  if ((await mark.count()) === 0) return 'connecting';
  return (await mark.getAttribute('data-mode')) as WatchModeOnScreen;
}

/**
 * The connection drops, as in a lift or when a server restarts: the server ends this customer's open
 * streams (the e2e server's test control) and the browser tries again by itself.
 */
async function connectionDrops(page: Page) {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? 'null') as { value?: string } | null)?.value ?? '',
  );
  const reply = await page.request.post('/test/streams/end', { headers: { token } });
  expect(reply.ok(), await reply.text()).toBe(true);
  await expect.poll(() => modeOnScreen(page)).not.toBe('live');
}

/** Passes one poll period on the page's clock; the page reads the order when it ends. */
async function pollPasses(run: Run) {
  const read = run.page.waitForResponse((r) => r.url().endsWith('/new/consumer/order/detail'), {
    timeout: 10_000,
  });
  await run.page.clock.runFor(POLL_INTERVAL_MS);
  await read;
}

const actions: QaFlow<WatchModelEvent>['actions'] = {
  CONNECTED: async (run) => {
    await gateOf(run).waitForHeld();
    await gateOf(run).settle('pass');
  },
  MERCHANT_ACTS: merchantActs,
  CONNECTION_DROPS: async (run) => {
    gateOf(run).set('hold');
    await connectionDrops(run.page);
  },
  STREAM_REFUSED: async (run) => {
    const gate = gateOf(run);
    const live = (await modeOnScreen(run.page)) === 'live';
    // A live page meets the refusal on its next try, after its connection drops.
    if (live) {
      gate.set('refuse');
      await connectionDrops(run.page);
    } else {
      await gate.waitForHeld();
      await gate.settle('refuse');
    }
  },
  NO_ANSWER: async (run) => {
    await gateOf(run).waitForHeld();
    await run.page.clock.runFor(CONNECT_TIMEOUT_MS);
    await expectMode(run, 'polling');
    await gateOf(run).dropHeld();
  },
  POLL_PERIOD: pollPasses,
  RETRY_TIME: async (run) => {
    const gate = gateOf(run);
    gate.set('hold');
    // The next try comes after a wait that grows with each failure; the polls go on meanwhile.
    for (let i = 0; i < 60; i++) {
      await run.page.clock.runFor(POLL_INTERVAL_MS);
      const tried = await gate.waitForHeld(300).then(
        () => true,
        () => false,
      );
      if (tried) return;
    }
    throw new Error('the page did not try its live status again');
  },
};

async function expectMode(run: Run, mode: WatchModeOnScreen) {
  await expect.poll(() => modeOnScreen(run.page)).toBe(mode);
}

const checks: QaFlow['checks'] = {
  connecting: (run) => expectMode(run, 'connecting'),
  live: async (run) => {
    await expectMode(run, 'live');
    // Live means caught up: whatever the merchant did, connected or not, is on the screen.
    await expect(detailOf(run).status).toHaveText(serverStatus(run));
  },
  reconnecting: (run) => expectMode(run, 'connecting'),
  polling: async (run) => {
    await expectMode(run, 'polling');
    await expect(detailOf(run).status).toHaveText(serverStatus(run));
  },
};

export const orderWatchFlow: QaFlow<WatchModelEvent> = {
  name: 'order-watch',
  title: 'Live order status: connecting, live, reconnecting after a drop, polling, merchant actions',
  startsWith:
    'A visitor of the burger counter (shop 1) with a dine-in order for table B3 placed through the API and ' +
    'paid at the counter (waiting for the merchant), on its page (/pages/user/order/detail) with the ' +
    "page's clock stopped and the live stream's first connection held until the model says how it is answered.",
  model: watchModel,
  events: WATCH_EVENTS,
  begin: async (run) => {
    const app = new App(run.page);
    await app.open('/', { id: SHOP });
    await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
    const order = await placeOrder(run.page, { payAtCounter: true });
    run.memory.set('orderNo', order.orderNo);
    run.memory.set('gate', await StreamGate.on(run.page));
    // From here the page's time moves only when a step says so: no try times out while a check runs.
    await run.page.clock.pauseAt((await run.page.evaluate(() => Date.now())) + 1_000);
    await detailOf(run).goto(order.id);
    await expect(detailOf(run).status).toHaveText(WAITING);
  },
  actions,
  checks,
};

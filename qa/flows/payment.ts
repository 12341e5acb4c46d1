// Paying as QA replays it: a member of the burger counter (Li Wei, demo shop 1) with an unpaid dine-in
// order for table B3, chosen to be paid online, on its pay panel (/order/success). Each model event is a tap
// or a typed password, a card on the sandbox gateway's page, the back button, a payment finished on the
// gateway meanwhile, or time passing on the page's clock. What the demo data cannot do again and again
// without lasting harm (a dropped connection, a gateway that is down, a wrong, locked or short member card)
// is the server's answer given at the network, worded as the server words it (docs/decisions.md Q27).
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { lock } from 'proper-lockfile';
import { expect } from '../expect';
import { MAX_POLLS, POLL_INTERVAL_MS } from '../../src/machines/payment/payment.machine';
import { App, LoginPage } from '../../tests/e2e/pages/app';
import { advanceServerClock, consumerCall } from '../../tests/e2e/pages/orders';
import { PayPanel, SandboxGateway } from '../../tests/e2e/pages/payment';
import {
  PAYMENT_EVENTS,
  paymentModel,
  type PaymentModelContext,
  type PaymentModelEvent,
  type PaymentModelPayType,
} from '../models/payment.model';
import { NetworkGate, refuseNextCall } from '../network-gate';
import { readJson, sessionsFile, writeJson } from '../output';
import type { QaFlow, Run } from '../flow';

const SHOP = 1;
const TABLE = 1705;
const MEMBER = { phone: '13800000001', payPassword: '246810' };
const CARDS = { paid: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };
/** The pay panel's names of the model's pay types (the shop's own names of its options). */
const METHOD: Record<PaymentModelPayType, RegExp> = { Card: /在线支付/, Cash: /到店付款/, VIP: /焰堡会员卡/ };
const REFUSAL_TEXT: Record<string, RegExp> = {
  gatewayUnavailable: /支付出错，请联系商家/,
  payPasswordWrong: /支付密码错误，还可尝试 \d 次/,
  balanceShort: /余额不足，请充值/,
  payPasswordLocked: /支付密码错误次数过多/,
  expired: /支付时间已过，订单已取消/,
};

/**
 * A phone gets three SMS codes in ten minutes: the member logs in once per server, and later runs, in this
 * process, another worker or the next process, start with the token that login stored
 * (qa-output/sessions.json).
 */
async function enterAsMember(run: Run) {
  const { page, baseURL } = run;
  const app = new App(page);
  const sessions = readJson<Record<string, string>>(sessionsFile()) ?? {};
  const saved = sessions[baseURL];
  if (saved)
    await page.addInitScript((token) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', token);
    }, saved);
  await app.open('/', { id: SHOP });
  await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
  // A token the server no longer knows is dropped by the app at its first 401.
  const member = await page.evaluate(() => localStorage.getItem('token'));
  if (saved && member === saved) return;
  // Replays in other workers may be here at the same moment: the first logs in, the others take its token.
  mkdirSync(dirname(sessionsFile()), { recursive: true });
  const release = await lock(sessionsFile(), {
    realpath: false,
    stale: 60_000,
    retries: { retries: 240, factor: 1, minTimeout: 250 },
  });
  try {
    const fresh = readJson<Record<string, string>>(sessionsFile())?.[baseURL];
    if (fresh && fresh !== saved) {
      await page.evaluate((token) => localStorage.setItem('token', token), fresh);
      await page.reload();
      await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
      return;
    }
    await app.open('/pages/user/login');
    await new LoginPage(page).withDemoCode(MEMBER.phone);
    writeJson(sessionsFile(), {
      ...readJson<Record<string, string>>(sessionsFile()),
      [baseURL]: (await page.evaluate(() => localStorage.getItem('token')))!,
    });
  } finally {
    await release();
  }
}

/** Places the dine-in order through the API, to be paid online (the model starts with the card chosen). */
async function placeOrder(page: Page): Promise<number> {
  const setting = await consumerCall<{ payTypes: { id: number; payType: string }[] }>(
    page,
    'store/paySetting',
    {
      orderType: 'dine',
    },
  );
  const card = setting.payTypes.find((p) => p.payType === 'Card');
  if (!card) throw new Error('shop 1 offers no online payment for dine-in');
  const { order } = await consumerCall<{ order: { id: number } }>(page, 'order/confirm', {
    type: 'dine',
    payType: 'Card',
    payTypeId: card.id,
    table: TABLE,
    person: 2,
    products: [
      { id: 1113, quantity: 1 },
      { id: 1151, quantity: 1 },
    ],
    idempotencyKey: `qa-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
  });
  return order.id;
}

const gateOf = (run: Run) => run.memory.get('paySetting') as NetworkGate;
const modelOf = (state: { context: unknown }) => state.context as PaymentModelContext;

/**
 * Time passes on the page's clock one poll at a time: each poll reads the order (order/detail) for real, and
 * the next one is only scheduled once that read has answered. A move that starts no read means the polls
 * are over.
 */
async function pollsPass(run: Run, polls: number) {
  for (let i = 0; i < polls; i++) {
    const read = run.page
      .waitForResponse((response) => response.url().endsWith('/new/consumer/order/detail'), {
        timeout: 5_000,
      })
      .catch(() => null);
    await run.page.clock.runFor(POLL_INTERVAL_MS);
    if (!(await read)) return;
  }
}

async function refusePay(run: Run, reason: string, extra: object, message: string) {
  await refuseNextCall(run.page, 'order/pay', { reason, ...extra }, message);
}

async function typePassword(run: Run, password: string) {
  await new PayPanel(run.page).typePassword(password);
}

async function expectStep(run: Run, step: string) {
  await expect(new PayPanel(run.page).panel).toHaveAttribute('data-step', step, { timeout: 15_000 });
}

async function expectRefusal(run: Run, reason: string | null) {
  const refusal = new PayPanel(run.page).refusal;
  if (reason) await expect(refusal).toHaveText(REFUSAL_TEXT[reason]!);
  else await expect(refusal).toHaveCount(0);
}

const actions: QaFlow<PaymentModelEvent>['actions'] = {
  OPTIONS_OK: (run) => gateOf(run).release(),
  OPTIONS_FAIL: (run) => gateOf(run).fail(),
  RELOAD: async (run) => {
    gateOf(run).arm();
    await new PayPanel(run.page).panel
      .or(run.page.locator('main'))
      .getByRole('button', { name: '重试' })
      .click();
  },
  CHOOSE: async (run, { payType }) => {
    const pay = new PayPanel(run.page);
    // Tapping the option already chosen changes nothing on a radio group: choosing it again is, for a
    // customer, another option and then this one.
    if (await pay.method(METHOD[payType]).isChecked()) {
      const other = (Object.keys(METHOD) as PaymentModelPayType[]).find((type) => type !== payType)!;
      await pay.method(METHOD[other]).check();
    }
    await pay.method(METHOD[payType]).check();
  },
  SUBMIT: (run) => new PayPanel(run.page).action(/^(支付 |确认：)/).click(),
  SUBMIT_GATEWAY_DOWN: async (run) => {
    await refusePay(run, 'gatewayUnavailable', {}, '支付出错，请联系商家。');
    await new PayPanel(run.page).action(/^支付 /).click();
  },
  SUBMIT_EXPIRED: async (run) => {
    // Past the order's pay window (15 minutes) on the server's clock; the page still offers to pay.
    await advanceServerClock(run.page, 16 * 60_000);
    await new PayPanel(run.page).action(/^(支付 |确认：)/).click();
  },
  PASSWORD_RIGHT: (run) => typePassword(run, MEMBER.payPassword),
  PASSWORD_WRONG: async (run) => {
    await refusePay(run, 'payPasswordWrong', { attemptsLeft: 4 }, '支付密码错误，还可尝试 4 次。');
    await typePassword(run, '135791');
  },
  PASSWORD_SHORT: async (run) => {
    await refusePay(run, 'balanceShort', { short: 500 }, '余额不足，请充值。');
    await typePassword(run, MEMBER.payPassword);
  },
  PASSWORD_LOCKED: async (run) => {
    await refusePay(
      run,
      'payPasswordLocked',
      { retryAfter: 900 },
      '支付密码错误次数过多，请 15 分钟后再试。',
    );
    await typePassword(run, MEMBER.payPassword);
  },
  BACK: (run) => new PayPanel(run.page).action('其他支付方式').click(),
  RETURN_PAID: (run) => new SandboxGateway(run.page).payWithCard(CARDS.paid),
  RETURN_DECLINED: (run) => new SandboxGateway(run.page).payWithCard(CARDS.declined),
  RETURN_CANCELLED: (run) => new SandboxGateway(run.page).cancel.click(),
  RETURN_PENDING: async (run) => {
    await run.page.goBack();
  },
  CALLBACK_ARRIVES: async (run) => {
    // The customer finished paying on the gateway's page in another tab.
    const reply = await run.page.request.post('/new/consumer/sandboxGateway/complete', {
      data: {
        tradeNo: run.memory.get('trade'),
        outcome: 'succeed',
        cardNumber: CARDS.paid.replace(/ /g, ''),
      },
    });
    expect(reply.ok()).toBe(true);
    await pollsPass(run, 2);
  },
  WAIT_OUT: (run) => pollsPass(run, MAX_POLLS + 1),
  CHECK_AGAIN: (run) => new PayPanel(run.page).action('再查一次').click(),
  GIVE_UP: (run) => new PayPanel(run.page).action('换一种方式支付').click(),
  RETRY_PAYMENT: (run) => new PayPanel(run.page).action('重新支付').click(),
  CHANGE_TYPE: (run) => new PayPanel(run.page).action('更换支付方式').click(),
};

const checks: QaFlow['checks'] = {
  loading: async (run) => {
    await expect(run.page.locator('[role="status"][aria-busy="true"]').first()).toBeVisible();
    await expect(new PayPanel(run.page).panel).toHaveCount(0);
  },
  loadFailed: async (run) => {
    await expect(run.page.getByRole('button', { name: '重试' })).toBeVisible();
    await expect(new PayPanel(run.page).panel.getByRole('radio')).toHaveCount(0);
  },
  choosing: async (run, state) => {
    const model = modelOf(state);
    const pay = new PayPanel(run.page);
    await expectStep(run, 'choosing');
    await expect(pay.method(METHOD[model.payType])).toBeChecked();
    for (const label of Object.values(METHOD)) await expect(pay.method(label)).toBeVisible();
    await expectRefusal(run, model.refusal);
  },
  password: async (run, state) => {
    await expectStep(run, 'password');
    await expect(new PayPanel(run.page).password).toBeVisible();
    await expectRefusal(run, modelOf(state).refusal);
  },
  redirecting: async (run) => {
    const gateway = new SandboxGateway(run.page);
    await gateway.expectOpen();
    run.memory.set('trade', new URL(run.page.url().replace('#', '')).searchParams.get('trade'));
  },
  processing: async (run) => {
    await expectStep(run, 'processing');
    await expect(new PayPanel(run.page).panel.getByText('正在确认支付结果…')).toBeVisible();
  },
  notCompleted: async (run) => {
    await expectStep(run, 'notCompleted');
    await expect(new PayPanel(run.page).panel.getByText('支付未完成', { exact: true })).toBeVisible();
  },
  success: async (run, state) => {
    const cash = modelOf(state).payType === 'Cash';
    await expect(new PayPanel(run.page).result).toContainText(cash ? '请到收银台支付' : '支付成功');
  },
  fail: async (run) => {
    const pay = new PayPanel(run.page);
    await new App(run.page).expectRoute('/order/fail');
    await expect(pay.panel.getByText('支付失败', { exact: true })).toBeVisible();
    await expect(pay.failReason).toHaveText('银行卡被拒绝。');
  },
  cancel: async (run) => {
    await new App(run.page).expectRoute('/order/fail');
    await expect(new PayPanel(run.page).panel.getByText('支付已取消', { exact: true })).toBeVisible();
  },
  closed: async (run) => {
    await expectStep(run, 'closed');
    await expect(new PayPanel(run.page).panel.getByText('该订单已无法支付')).toBeVisible();
    await expectRefusal(run, 'expired');
  },
};

export const paymentFlow: QaFlow<PaymentModelEvent> = {
  name: 'payment',
  title: 'Payment: member card, sandbox gateway (paid, declined, cancelled, pending), retry and other ways',
  startsWith:
    'Li Wei, a member of the burger counter (shop 1), logged in with the demo SMS code once per server; ' +
    'an unpaid dine-in order for table B3 placed through the API to be paid online; its pay panel on ' +
    '/order/success, with store/paySetting held until the model says how it answers.',
  model: paymentModel,
  events: PAYMENT_EVENTS,
  serverClockEvents: ['SUBMIT_EXPIRED'],
  begin: async (run) => {
    await enterAsMember(run);
    const orderId = await placeOrder(run.page);
    const gate = await NetworkGate.on(run.page, 'store/paySetting');
    run.memory.set('paySetting', gate);
    gate.arm();
    await new App(run.page).open('/order/success', { id: orderId });
  },
  actions,
  checks,
};

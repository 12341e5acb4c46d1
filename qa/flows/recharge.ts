// Topping up as QA replays it: a new member of the burger counter (Bun & Flame, demo shop 1, which takes
// tiers and a free amount from 50 to 5,000), on /member/recharge. Each model event is a tap or a typed
// amount, a card or the cancel button on the sandbox gateway's page, the gateway finishing meanwhile, or time
// passing on the page's clock. Top-ups closed and a refused start are the server's answers given at the
// network, worded as the server words them (docs/decisions.md Q27). Every path logs in a phone no other path
// used and registers it through the API, so no path inherits another's recharges.
import { expect } from '../expect';
import { MAX_POLLS, POLL_INTERVAL_MS } from '../../src/machines/member/recharge.machine';
import { App, LoginPage } from '../../tests/e2e/pages/app';
import { consumerCall } from '../../tests/e2e/pages/orders';
import { RechargePage } from '../../tests/e2e/pages/member-recharge';
import { SandboxGateway } from '../../tests/e2e/pages/payment';
import {
  RECHARGE_EVENTS,
  rechargeModel,
  type RechargeModelContext,
  type RechargeModelEvent,
} from '../models/recharge.model';
import { NetworkGate, refuseNextCall } from '../network-gate';
import type { QaFlow, Run } from '../flow';

const SHOP = 1;
const CARDS = { paid: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };
const NOTICE: Record<NonNullable<RechargeModelContext['notice']>, RegExp> = {
  cancel: /充值已取消，未扣款。/,
  fail: /支付未成功，未扣款，请重试。/,
  refused: /另一笔首充正在支付中/,
};

let phones = 0;
/** A mainland mobile number no other path of this process used (SMS codes are limited per phone). */
const freshPhone = () => `139${String((Date.now() + phones++ * 7919) % 100_000_000).padStart(8, '0')}`;

const gateOf = (run: Run) => run.memory.get('payRules') as NetworkGate;
const modelOf = (state: { context: unknown }) => state.context as RechargeModelContext;

/** Time passes one poll at a time: each poll reads vip/chargeResult for real; no read means the polls are over. */
async function pollsPass(run: Run, polls: number) {
  for (let i = 0; i < polls; i++) {
    const read = run.page
      .waitForResponse((response) => response.url().endsWith('/new/consumer/vip/chargeResult'), {
        timeout: 5_000,
      })
      .catch(() => null);
    await run.page.clock.runFor(POLL_INTERVAL_MS);
    if (!(await read)) return;
  }
}

/** Taps the pay button and keeps the recharge the server started, for a return that comes later. */
async function pay(run: Run) {
  const started = run.page.waitForResponse((r) => r.url().endsWith('/new/consumer/vip/charge'));
  await new RechargePage(run.page).pay.click();
  const reply = (await (await started).json()) as { result: boolean; info?: { recharge: { id: number } } };
  if (reply.result && reply.info) run.memory.set('rechargeId', reply.info.recharge.id);
}

/** Chooses an amount of one's own and types it afresh (the same text typed again is still a new choice). */
async function chooseFree(run: Run, amount: string) {
  await run.page.getByTestId('recharge-free').click();
  const field = run.page.getByLabel('充值金额');
  await field.fill('');
  await field.fill(amount);
}

const actions: QaFlow<RechargeModelEvent>['actions'] = {
  RULES_OK: (run) => gateOf(run).release(),
  RULES_CLOSED: async (run) => {
    run.memory.set('closed', true);
    await gateOf(run).release();
  },
  RULES_FAIL: (run) => gateOf(run).fail(),
  RELOAD: async (run) => {
    gateOf(run).arm();
    await run.page.getByRole('button', { name: '重试' }).click();
  },
  CHOOSE_TIER: async (run) => {
    const page = new RechargePage(run.page);
    // Tapping the tier already chosen changes nothing on a radio group: choosing it again is, for a
    // customer, another tier and then this one.
    if (await page.tiers.first().locator('input').isChecked()) await page.tiers.nth(1).click();
    await page.tiers.first().click();
  },
  TYPE_AMOUNT: (run) => chooseFree(run, '88.5'),
  TYPE_BAD_AMOUNT: async (run) => {
    await chooseFree(run, '1');
    // The pay button stays tappable for an amount of one's own, and the field then says what is wrong.
    await new RechargePage(run.page).pay.click();
  },
  SUBMIT: (run) => pay(run),
  SUBMIT_REFUSED: async (run) => {
    await refuseNextCall(
      run.page,
      'vip/charge',
      { reason: 'firstChargeInProgress' },
      '另一笔首充正在支付中，请先完成或取消。',
    );
    await new RechargePage(run.page).pay.click();
  },
  RETURN_PAID: (run) => new SandboxGateway(run.page).payWithCard(CARDS.paid),
  RETURN_DECLINED: (run) => new SandboxGateway(run.page).payWithCard(CARDS.declined),
  RETURN_CANCELLED: (run) => new SandboxGateway(run.page).cancel.click(),
  // The customer leaves the gateway's page unpaid and opens the recharge's result (as its return link does).
  RETURN_PENDING: (run) =>
    new App(run.page).open('/member/recharge', { rechargeId: run.memory.get('rechargeId') as number }),
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
  CHECK_AGAIN: (run) => run.page.getByRole('button', { name: '再次查询' }).click(),
  BACK: (run) => run.page.getByRole('button', { name: '返回充值' }).click(),
};

const checks: QaFlow['checks'] = {
  loading: async (run) => {
    await expect(run.page.locator('[role="status"][aria-busy="true"]').first()).toBeVisible();
    await expect(new RechargePage(run.page).tiers).toHaveCount(0);
  },
  loadFailed: async (run) => {
    await expect(run.page.getByRole('button', { name: '重试' })).toBeVisible();
    await expect(new RechargePage(run.page).tiers).toHaveCount(0);
  },
  closed: async (run) => {
    await expect(run.page.getByText('本店暂不支持线上充值')).toBeVisible();
    await expect(new RechargePage(run.page).pay).toHaveCount(0);
  },
  choosing: async (run, state) => {
    const model = modelOf(state);
    const page = new RechargePage(run.page);
    await expect(page.tiers.first()).toBeVisible({ timeout: 15_000 });
    if (model.choice === 'tier') {
      await expect(page.tiers.locator('input:checked')).toHaveCount(1);
      await expect(page.pay).toBeEnabled();
    } else if (model.choice === 'free') {
      await expect(run.page.getByLabel('充值金额')).toHaveValue('88.5');
      await expect(page.pay).toContainText('88.50');
    } else {
      await expect(page.pay).toHaveText('请选择充值金额');
      await expect(run.page.getByText(/请输入 .* 之间的金额/)).toBeVisible();
    }
    if (model.notice) await expect(page.notice).toHaveText(NOTICE[model.notice]);
    else await expect(page.notice).toHaveCount(0);
  },
  gateway: async (run) => {
    const gateway = new SandboxGateway(run.page);
    await gateway.expectOpen();
    run.memory.set('trade', new URL(run.page.url().replace('#', '')).searchParams.get('trade'));
  },
  processing: async (run) => {
    await expect(run.page.getByText('正在确认充值…')).toBeVisible();
  },
  notCompleted: async (run) => {
    await expect(run.page.getByText('充值未完成', { exact: true })).toBeVisible();
  },
  credited: async (run) => {
    await new App(run.page).expectRoute('/member/charge-success');
    await expect(run.page.getByTestId('recharge-success')).toContainText('充值成功');
  },
};

export const rechargeFlow: QaFlow<RechargeModelEvent> = {
  name: 'recharge',
  title: 'Recharge: tiers or a free amount, the sandbox gateway (paid, declined, cancelled, pending), closed',
  startsWith:
    'A new member of the burger counter (shop 1): a fresh phone logged in with the demo SMS code and ' +
    'registered through vip/register; /member/recharge, with vip/payRules held until the model says how ' +
    'it answers.',
  model: rechargeModel,
  events: RECHARGE_EVENTS,
  begin: async (run) => {
    const { page } = run;
    const app = new App(page);
    await app.open('/', { id: SHOP });
    await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
    await app.open('/pages/user/login');
    await new LoginPage(page).withDemoCode(freshPhone());
    await consumerCall(page, 'vip/register', { name: '王充值', agreeTerms: true });
    // Top-ups closed: the server's answer with the shop's switch off (registered before the gate, so the
    // gate's release reaches it).
    await page.route('**/new/consumer/vip/payRules', async (route) => {
      if (!run.memory.get('closed')) return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { info: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, info: { ...body.info, isAllowRecharge: false } } });
    });
    const gate = await NetworkGate.on(page, 'vip/payRules');
    run.memory.set('payRules', gate);
    // The app reads the customer (now a member) again when it starts.
    await page.reload();
    await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
    gate.arm();
    await app.open('/member/recharge');
  },
  actions,
  checks,
};

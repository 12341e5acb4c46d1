// A first pay password as QA replays it: a new customer of Tiong Bahru Claypot (demo shop 2, which registers
// members online and sends codes to Singapore numbers) logged in with a fresh number and registered as a
// member (vip/register), on /member/edit-paypassword in Chinese. Each model event is six digits typed into
// the PIN field on screen. The model is the one tests/model/member/pay-password.model.test.ts walks against
// the real payPassword machine.
import { expect } from '../expect';
import { App, LoginPage } from '../../tests/e2e/pages/app';
import { consumerCall } from '../../tests/e2e/pages/orders';
import {
  JOURNEY_DIGITS,
  PAY_PASSWORD_JOURNEY_EVENTS,
  payPasswordJourneyModel,
  type PayPasswordJourneyEvent,
} from '../models/pay-password.model';
import type { QaFlow, Run } from '../flow';

const SHOP = 2;

/** A Singapore mobile number no earlier run used (the shop sends codes to Singapore numbers only). */
const freshPhone = () => `+659${String(Date.now() % 10_000_000).padStart(7, '0')}`;

const pin = (run: Run) => run.page.getByTestId('pin-input');
const alert = (run: Run) => run.page.getByRole('alert');

async function type(run: Run, digits: string, label: RegExp) {
  await expect(run.page.getByLabel(label)).toBeFocused();
  await run.page.keyboard.type(digits);
}

const NEW = /^请输入新的支付密码$/;
const REPEAT = /^请再次输入新的支付密码$/;

const actions: QaFlow<PayPasswordJourneyEvent>['actions'] = {
  TYPE_SIMPLE: (run) => type(run, JOURNEY_DIGITS.simple, NEW),
  TYPE_NEW: (run) => type(run, JOURNEY_DIGITS.next, NEW),
  REPEAT_OTHER: (run) => type(run, JOURNEY_DIGITS.other, REPEAT),
  REPEAT_SAME: (run) => type(run, JOURNEY_DIGITS.next, REPEAT),
};

const checks: QaFlow['checks'] = {
  newPassword: async (run) => {
    await expect(run.page.getByLabel(NEW)).toBeVisible();
    await expect(pin(run)).toHaveValue('');
    await expect(alert(run)).toHaveCount(0);
  },
  tooSimple: async (run) => {
    await expect(run.page.getByLabel(NEW)).toBeVisible();
    await expect(pin(run)).toHaveValue('');
    await expect(alert(run)).toHaveText('123456 太容易被猜到，请换一个。');
  },
  repeat: async (run) => {
    await expect(run.page.getByLabel(REPEAT)).toBeVisible();
    await expect(pin(run)).toHaveValue('');
  },
  mismatch: async (run) => {
    await expect(run.page.getByLabel(NEW)).toBeVisible();
    await expect(alert(run)).toHaveText('两次输入的密码不一致，请重新输入新密码。');
  },
  saved: async (run) => {
    await expect(run.page.getByRole('status').filter({ hasText: '支付密码已设置。' })).toBeVisible();
    const info = await consumerCall<{ member: { hasPayPassword: boolean } | null }>(
      run.page,
      'store/vipInfo',
      {},
    );
    expect(info.member?.hasPayPassword).toBe(true);
  },
};

export const payPasswordFlow: QaFlow<PayPasswordJourneyEvent> = {
  name: 'pay-password',
  title: 'A first pay password: 123456 refused, a repeat that differs, the same six digits twice saved',
  startsWith:
    'A new customer of Tiong Bahru Claypot (shop 2) logged in with a fresh Singapore number and registered ' +
    'as a member (vip/register), on /member/edit-paypassword in Chinese.',
  model: payPasswordJourneyModel,
  events: PAY_PASSWORD_JOURNEY_EVENTS,
  begin: async (run) => {
    await run.page.addInitScript(() => localStorage.setItem('user-language', 'zh-CN'));
    const app = new App(run.page);
    await app.open('/', { id: SHOP });
    await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
    await app.open('/pages/user/login');
    await new LoginPage(run.page).withDemoCode(freshPhone());
    await consumerCall(run.page, 'vip/register', { name: '林伟', gender: 1, agreeTerms: true });
    await app.open('/member/edit-paypassword');
    await expect(run.page.getByLabel(NEW)).toBeFocused();
  },
  actions,
  checks,
};

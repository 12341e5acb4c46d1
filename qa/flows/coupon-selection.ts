// The coupon of an order as QA replays it: a new customer of Tiong Bahru Claypot (demo shop 2, the shop with
// the demo coupons) who claimed "S$5 off over S$30" and "S$8 off over S$50" from the shop's coupon corner,
// with a S$34.80 cart on /order/confirm. Each model event is a tap in the coupon sheet, or a reload of the
// page whose coupon list is cut at the network, and the row's retry. The model is the one
// tests/model/coupon/coupon-selection-journey.model.test.ts walks against the real couponSelection machine.
import { randomUUID } from 'node:crypto';
import { expect } from '../expect';
import { App, LoginPage, MenuPage } from '../../tests/e2e/pages/app';
import { consumerCall } from '../../tests/e2e/pages/orders';
import { AddToCart, CartBar } from '../../tests/e2e/pages/order';
import {
  COUPON_JOURNEY_EVENTS,
  couponJourneyModel,
  type CouponJourneyEvent,
} from '../models/coupon-selection.model';
import type { QaFlow, Run } from '../flow';

const SHOP = 2;
/** Templates of the coupon corner (server/seed/activities.ts): one the cart reaches, one it does not. */
const REACHED = { templateId: 1, name: '满30减5' };
const NOT_REACHED = { templateId: 3, name: '满50减8' };
/** Hainanese pork chop S$18.00 and black pepper beef hor fun S$16.80: no choices, S$34.80, no price activity. */
const CART = [
  { category: '招牌菜', name: '海南猪排' },
  { category: '煮炒', name: '黑椒牛肉河粉' },
];

/** A Singapore mobile number no earlier run used (the shop sends codes to Singapore numbers only). */
const freshPhone = () => `+659${String(Date.now() % 10_000_000).padStart(7, '0')}`;

const row = (run: Run) => run.page.getByTestId('coupon-row');
const rowValue = (run: Run) => run.page.getByTestId('coupon-row-value');
const sheet = (run: Run) => run.page.getByRole('dialog', { name: '选择优惠券' });

async function openSheet(run: Run) {
  await row(run).getByRole('button').first().click();
  await expect(sheet(run)).toBeVisible();
}

/** The shop's first screen, past the red bag page a first visit may open (entry routing rule 1). */
async function enterShop(run: Run) {
  const app = new App(run.page);
  await app.open('/', { id: SHOP });
  await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
}

async function fillCart(run: Run) {
  const app = new App(run.page);
  await app.open('/pages/user/index-tab-1');
  const menu = new MenuPage(run.page);
  await menu.waitForProducts();
  const adding = new AddToCart(run.page);
  for (const { category, name } of CART) {
    await menu.chooseCategory(category);
    await adding.add(menu.productNamed(name));
  }
  await new CartBar(run.page).checkout.click();
  await app.expectRoute('/order/confirm');
}

const actions: QaFlow<CouponJourneyEvent>['actions'] = {
  CLEAR: async (run) => {
    await openSheet(run);
    await sheet(run)
      .getByRole('button', { name: /不使用优惠券/ })
      .click();
    await expect(sheet(run)).toBeHidden();
  },
  CHOOSE: async (run) => {
    await openSheet(run);
    await sheet(run).getByTestId('coupon-option').filter({ hasText: REACHED.name }).click();
    await expect(sheet(run)).toBeHidden();
  },
  RELOAD_FAILS: async (run) => {
    await run.page.route('**/new/consumer/activity/couponList', (route) => route.abort('failed'), {
      times: 1,
    });
    await run.page.reload();
  },
  RETRY: async (run) => {
    await row(run)
      .getByRole('button', { name: /优惠券加载失败/ })
      .click();
  },
};

const checks: QaFlow['checks'] = {
  chosen: async (run) => {
    await expect(rowValue(run)).toHaveText(new RegExp(`^${REACHED.name} −`));
    await openSheet(run);
    await expect(sheet(run).getByTestId('coupon-option').filter({ hasText: REACHED.name })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The coupon the cart does not reach says by how much.
    await expect(
      sheet(run).getByTestId('coupon-unusable').filter({ hasText: NOT_REACHED.name }),
    ).toContainText(/15\.20/);
    await run.page.keyboard.press('Escape');
    await expect(sheet(run)).toBeHidden();
  },
  none: async (run) => {
    await expect(rowValue(run)).toHaveText('1张可用');
  },
  failed: async (run) => {
    await expect(rowValue(run)).toHaveText('优惠券加载失败，点击重试。');
  },
};

export const couponSelectionFlow: QaFlow<CouponJourneyEvent> = {
  name: 'coupon-selection',
  title: 'Coupon on the confirm page: the default pick, no coupon, chosen again, a list that cannot load',
  startsWith:
    'A new customer of Tiong Bahru Claypot (shop 2) logged in with a fresh Singapore number, holding ' +
    `"${REACHED.name}" and "${NOT_REACHED.name}" claimed from the coupon corner (activity/receiveCoupon), ` +
    `with ${CART.map((c) => c.name).join(' and ')} (S$34.80) in the cart, on /order/confirm.`,
  model: couponJourneyModel,
  events: COUPON_JOURNEY_EVENTS,
  begin: async (run) => {
    await enterShop(run);
    await new App(run.page).open('/pages/user/login');
    await new LoginPage(run.page).withDemoCode(freshPhone());
    for (const { templateId } of [REACHED, NOT_REACHED])
      await consumerCall(run.page, 'activity/receiveCoupon', {
        id: templateId,
        idempotencyKey: randomUUID(),
      });
    await fillCart(run);
  },
  actions,
  checks,
};

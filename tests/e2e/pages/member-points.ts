// Page objects of points: the points mall (/member/point-store/point-store) with its confirm sheet, the
// exchange's result (/member/point-store/exchange-success) and the points history
// (/member/point-consume-list); plus what a scenario needs around them through the API for the member in the
// browser: points earned by a paid order, and an exchange made from another device.
import { expect, type Locator, type Page } from '@playwright/test';
import { App, LoginPage } from './app';
import { consumerCall } from './orders';

/** Tiong Bahru Claypot (demo shop 2): registers members online, 2 points per S$ of a paid order. */
export const POINTS_SHOP = 2;
/** Its points mall (server/seed/point-store.ts), by English and Chinese name. */
export const MALL_ITEMS = {
  threeOff: { en: 'S$3 off any order', zh: '无门槛减3元券', coupon: 'Points mall S$3 off', points: 300 },
  tenOff: {
    en: 'S$10 off over S$50',
    zh: '满50减10元券',
    coupon: 'Points mall S$10 off over S$50',
    points: 1000,
  },
} as const;
/** Salted Egg Prawns, small portion (a required choice): S$26.00 a unit, so 52 points. */
export const PRAWNS = { id: 2107, taste: { id: 2212, typeId: 2211 } };
const PAID_CARD = '4242424242424242';

let phones = 0;
/** A Singapore mobile number no other scenario of this process used (SMS codes are limited per phone). */
const freshSgPhone = () =>
  `+658${String((Date.now() + phones++ * 7919 + process.pid * 104_729) % 10_000_000).padStart(7, '0')}`;

const newKey = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

interface PointsInfo {
  points: number;
}

/** The member's points now, as the points mall reads them. */
export async function pointsOf(page: Page): Promise<number> {
  return (await consumerCall<PointsInfo>(page, 'activity/getPointExchangeStoreProducts', {})).points;
}

/**
 * A pick-up order of `units` small Salted Egg Prawns placed and paid online (the sandbox gateway's paid
 * card) by the member in the browser, who must have entered the claypot house: the points it earns are
 * posted when the gateway reports the payment (decision M94). Answers the points earned.
 */
export async function earnPointsByOrder(page: Page, units: number): Promise<number> {
  const before = await pointsOf(page);
  const setting = await consumerCall<{ payTypes: { id: number; payType: string; online?: boolean }[] }>(
    page,
    'store/paySetting',
    { orderType: 'selfPickup' },
  );
  const card = setting.payTypes.find((p) => p.payType === 'Card');
  if (!card) throw new Error('the claypot house offers no online payment for pick-up');
  const { order } = await consumerCall<{ order: { id: number } }>(page, 'order/confirm', {
    type: 'selfPickup',
    payType: 'Card',
    payTypeId: card.id,
    products: [{ id: PRAWNS.id, quantity: units, tastes: [PRAWNS.taste] }],
    pickerName: 'Points Tester',
    pickerPhone: '+6591234567',
    idempotencyKey: newKey(),
  });
  const paying = await consumerCall<{ payment: { tradeNo: string | null } }>(page, 'order/pay', {
    id: order.id,
    payTypeId: card.id,
  });
  const reply = await page.request.post('/new/consumer/sandboxGateway/complete', {
    data: { tradeNo: paying.payment.tradeNo, outcome: 'succeed', cardNumber: PAID_CARD },
  });
  expect(reply.ok()).toBe(true);
  const earned = (await pointsOf(page)) - before;
  expect(earned).toBeGreaterThan(0);
  return earned;
}

/**
 * A new customer of the claypot house: logs in there with a fresh phone and becomes a member through
 * vip/register (the register page has scenarios of its own); the app is then started again, as it reads
 * the customer (now a member) when it starts.
 */
export async function enterAsNewMember(page: Page, name: string) {
  const app = new App(page);
  await app.open('/', { id: POINTS_SHOP });
  await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
  await app.open('/pages/user/login');
  await new LoginPage(page).withDemoCode(freshSgPhone());
  await app.open('/', { id: POINTS_SHOP });
  await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
  await consumerCall(page, 'vip/register', { name, agreeTerms: true });
  await page.reload();
  await expect.poll(() => app.route(), { timeout: 15_000 }).not.toMatch(/^\/?$/);
}

/** The id of the points mall item with this name (in the language of consumerCall, Chinese). */
export async function mallItemId(page: Page, itemName: string): Promise<number> {
  const { items } = await consumerCall<{ items: { id: number; name: string }[] }>(
    page,
    'activity/getPointExchangeStoreProducts',
    {},
  );
  const item = items.find((i) => i.name === itemName);
  if (!item) throw new Error(`the points mall has no item named ${itemName}`);
  return item.id;
}

/** An exchange of one unit made by the same member from another device (same session, its own key). */
export async function exchangeElsewhere(page: Page, itemName: string) {
  await consumerCall(page, 'activity/pointExchangeProduct', {
    activityId: await mallItemId(page, itemName),
    quantity: 1,
    idempotencyKey: newKey(),
  });
}

export class PointStorePage extends App {
  async goto() {
    await this.open('/member/point-store/point-store');
    await expect(this.points).toBeVisible({ timeout: 15_000 });
  }

  /** The member's points in the header. */
  get points(): Locator {
    return this.page.getByTestId('store-points');
  }

  async pointsNow(): Promise<number> {
    return Number(await this.points.textContent());
  }

  get history(): Locator {
    return this.page.getByRole('link', { name: /^(Points history|积分明细)$/ });
  }

  /** An item's card, by its name. */
  item(name: string): Locator {
    return this.page.locator('[data-testid^="store-item-"]').filter({ hasText: name });
  }

  /** The item's exchange button; a blocked item's says why, disabled. */
  action(name: string): Locator {
    return this.item(name).getByRole('button');
  }

  get sheet(): Locator {
    return this.page.getByRole('dialog', { name: /Confirm exchange|确认兑换/ });
  }

  get quantity(): Locator {
    return this.sheet.getByTestId('exchange-quantity');
  }

  get cost(): Locator {
    return this.sheet.getByTestId('exchange-cost');
  }

  get more(): Locator {
    return this.sheet.getByRole('button', { name: /^(One more|加一件)$/ });
  }

  get fewer(): Locator {
    return this.sheet.getByRole('button', { name: /^(One fewer|减一件)$/ });
  }

  get confirm(): Locator {
    return this.page.getByTestId('exchange-confirm');
  }

  /** The server's refusal (or a failure) of the last attempt, on the mall or in the sheet. */
  get refusal(): Locator {
    return this.page.getByTestId('exchange-refusal').first();
  }
}

export class ExchangeSuccessPage extends App {
  get result(): Locator {
    return this.page.getByTestId('exchange-success');
  }

  get coupons(): Locator {
    return this.page.getByTestId('exchange-coupons');
  }

  get spent(): Locator {
    return this.page.getByTestId('exchange-spent');
  }

  get left(): Locator {
    return this.page.getByTestId('exchange-left');
  }

  get viewCoupons(): Locator {
    return this.page.getByTestId('view-coupons');
  }
}

export class PointsHistoryPage extends App {
  async goto() {
    await this.open('/member/point-consume-list');
    await expect(this.pointsNow).toBeVisible({ timeout: 15_000 });
  }

  get pointsNow(): Locator {
    return this.page.getByTestId('points-now');
  }

  /** The ledger rows of one kind (pointsEarn, pointsExchange, ...), newest first. */
  rows(kind: string): Locator {
    return this.page.locator(`[data-testid="ledger-row"][data-kind="${kind}"]`);
  }
}

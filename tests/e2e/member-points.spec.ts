// Points as a new member of the Tiong Bahru Claypot House (shop 2) meets them: an order paid online earns
// points, which arrive in the points history; the points mall, opened from the member card, exchanges them
// for a coupon through the confirm sheet, the success page links to the coupon list where the coupon is, and
// the history shows the exchange. An item the member cannot afford or has reached the limit of says so on
// its disabled button, and an exchange the server refuses (the one-per-member coupon, taken meanwhile on
// another device) shows the server's words, in Chinese. Each scenario is a new member with a phone of its
// own, so no scenario touches the demo members' points or coupons that other scenarios use.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CouponsPage } from './pages/coupons';
import { MemberCardPage } from './pages/member';
import {
  earnPointsByOrder,
  exchangeElsewhere,
  ExchangeSuccessPage,
  MALL_ITEMS,
  PointsHistoryPage,
  PointStorePage,
  enterAsNewMember,
} from './pages/member-points';

test.describe.configure({ timeout: 90_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/points-${name}.png` });
const { threeOff, tenOff } = MALL_ITEMS;

test('a new member earns points with a paid order and exchanges them for a coupon', async ({ page, app }) => {
  await page.addInitScript(() => localStorage.setItem('user-language', 'en'));
  await enterAsNewMember(page, 'Ong Jia Hui');
  // Seven small Salted Egg Prawns paid online: enough for the S$3 coupon, not for the S$10 one.
  const earned = await earnPointsByOrder(page, 7);
  expect(earned).toBeGreaterThanOrEqual(threeOff.points);
  expect(earned).toBeLessThan(tenOff.points);

  const history = new PointsHistoryPage(page);
  await history.goto();
  await expect(history.pointsNow).toHaveText(String(earned));
  await expect(history.rows('pointsEarn')).toHaveCount(1);
  await expect(history.rows('pointsEarn')).toContainText(`+${earned}`);
  await expect(history.rows('pointsEarn')).toContainText('Points earned');

  const card = new MemberCardPage(page);
  await card.goto();
  await page.getByTestId('member-point-store').click();
  await app.expectRoute('/member/point-store/point-store');
  const store = new PointStorePage(page);
  await expect(store.points).toHaveText(String(earned));
  await expect(store.action(tenOff.en)).toBeDisabled();
  await expect(store.action(tenOff.en)).toHaveText('Not enough points');
  await expect(store.action(threeOff.en)).toBeEnabled();
  await store.expectAccessible();
  await shot(page, 'mall-en');

  await store.action(threeOff.en).click();
  await expect(store.sheet).toBeVisible();
  await expect(store.quantity).toHaveText('1');
  await expect(store.cost).toHaveText(`${threeOff.points} points`);
  await expect(store.sheet).toContainText(`${earned - threeOff.points} points`);
  await shot(page, 'confirm-en');
  await store.confirm.click();

  const success = new ExchangeSuccessPage(page);
  await app.expectRoute('/member/point-store/exchange-success');
  await expect(success.result).toContainText('Exchange successful');
  await expect(success.coupons).toHaveText(threeOff.coupon);
  await expect(success.spent).toHaveText(String(threeOff.points));
  await expect(success.left).toHaveText(String(earned - threeOff.points));
  await shot(page, 'success-en');
  await success.viewCoupons.click();

  await app.expectRoute('/pages/user/coupon/list');
  await expect(new CouponsPage(page).card(threeOff.coupon)).toBeVisible();

  await history.goto();
  await expect(history.pointsNow).toHaveText(String(earned - threeOff.points));
  await expect(history.rows('pointsExchange')).toHaveCount(1);
  await expect(history.rows('pointsExchange')).toContainText(/[−-]300/);
  await expect(history.rows('pointsExchange')).toContainText('Points store exchange');
  await shot(page, 'history-en');
});

test('an exchange the server refuses says why in Chinese, and blocked items say why on their buttons', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('user-language', 'zh-CN'));
  await enterAsNewMember(page, '黄积分');
  // Forty-two portions: enough for the one-per-member S$10 coupon twice over, so only its limit stops it.
  const earned = await earnPointsByOrder(page, 42);
  expect(earned).toBeGreaterThanOrEqual(2 * tenOff.points);

  const store = new PointStorePage(page);
  await store.goto();
  await expect(store.points).toHaveText(String(earned));
  await store.action(tenOff.zh).click();
  await expect(store.sheet).toBeVisible();
  // Meanwhile the same member takes the coupon on another device: this one is now over the limit.
  await exchangeElsewhere(page, tenOff.zh);
  await store.confirm.click();

  await expect(store.refusal).toHaveText('您已达到该商品的兑换上限（每位会员 1 件）。');
  await expect(store.sheet).toBeHidden();
  // The mall reads the items again: the coupon's button says why it cannot be exchanged; others still can.
  await expect(store.action(tenOff.zh)).toHaveText('已达上限');
  await expect(store.action(tenOff.zh)).toBeDisabled();
  await expect(store.action(threeOff.zh)).toHaveText('立即兑换');
  await expect(store.action(threeOff.zh)).toBeEnabled();
  // Only the other device's exchange took points.
  await expect(store.points).toHaveText(String(earned - tenOff.points));
  await store.expectAccessible();
  await shot(page, 'refused-zh');
});

// Page objects of coupons and offers: the activity list and its Claim buttons, the customer's coupons by
// tab, the confirm page's coupon row and sheet, and the promotion code page.
import { expect, type Locator } from '@playwright/test';
import { App } from './app';

export class OffersPage extends App {
  async goto() {
    await this.open('/pages/activity/list');
    await expect(this.heading(/^(Offers|店铺活动)$/)).toBeVisible();
  }

  offer(name: string): Locator {
    return this.page.getByTestId('offer').filter({ hasText: name });
  }

  /** An activity's block: its name and worded rules (price activities have no offers to claim). */
  activity(name: string): Locator {
    return this.page.getByTestId('activity').filter({ hasText: name });
  }

  /** Claims the offer and waits for "Claimed"; `verb` is the Claim button's word in the page's language. */
  async claim(name: string, verb: 'Claim' | '领取' = 'Claim') {
    await this.offer(name)
      .getByRole('button', { name: verb === 'Claim' ? `Claim ${name}` : `领取${name}`, exact: true })
      .click();
    await expect(this.offer(name).getByText(/^(Claimed|已领取)$/)).toBeVisible();
  }
}

export class CouponsPage extends App {
  async goto() {
    await this.open('/pages/user/coupon/list');
    await expect(this.heading(/^(My coupons|我的优惠券)$/)).toBeVisible();
  }

  tabNamed(name: string | RegExp): Locator {
    return this.page.getByRole('tab', { name });
  }

  card(name: string): Locator {
    return this.page.getByTestId('coupon-card').filter({ hasText: name });
  }
}

export class CouponRow extends App {
  get row(): Locator {
    return this.page.getByTestId('coupon-row');
  }

  get value(): Locator {
    return this.page.getByTestId('coupon-row-value');
  }

  get notice(): Locator {
    return this.page.getByTestId('coupon-notice');
  }

  get sheet(): Locator {
    return this.page.getByRole('dialog', { name: /Choose a coupon|选择优惠券/ });
  }

  async openSheet() {
    await this.row.getByRole('button').first().click();
    await expect(this.sheet).toBeVisible();
  }

  option(name: string): Locator {
    return this.sheet.getByTestId('coupon-option').filter({ hasText: name });
  }

  unusable(name: string): Locator {
    return this.sheet.getByTestId('coupon-unusable').filter({ hasText: name });
  }
}

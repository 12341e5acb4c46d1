// Page objects of paying: the pay panel (on /order/success, /order/fail and the gateway's return page),
// the pay password, the result, and the sandbox gateway's hosted pages.
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';

export class PayPanel extends App {
  get panel(): Locator {
    return this.page.getByTestId('pay-panel');
  }

  get amount(): Locator {
    return this.panel.getByTestId('pay-amount');
  }

  method(name: string | RegExp): Locator {
    return this.panel.getByRole('radio', { name });
  }

  /** The main button of the panel ("支付 ¥…", "确认：到店付款", …). */
  action(name: string | RegExp): Locator {
    return this.panel.getByRole('button', { name });
  }

  get refusal(): Locator {
    return this.panel.getByTestId('pay-refusal');
  }

  get memberBalance(): Locator {
    return this.panel.getByTestId('member-balance').first();
  }

  get password(): Locator {
    return this.panel.getByLabel(/支付密码|Pay password/);
  }

  /** Types the pay password; six digits submit it. */
  async typePassword(digits: string) {
    await this.password.fill('');
    await this.password.pressSequentially(digits);
  }

  get result(): Locator {
    return this.page.getByTestId('pay-result');
  }

  get balanceAfter(): Locator {
    return this.page.getByTestId('balance-after');
  }

  get failReason(): Locator {
    return this.page.getByTestId('fail-reason');
  }
}

export class SandboxGateway extends App {
  get badge(): Locator {
    return this.page.getByText(/测试模式|Test mode/);
  }

  get amount(): Locator {
    return this.page.getByTestId('gateway-amount');
  }

  get merchant(): Locator {
    return this.page.getByTestId('gateway-merchant');
  }

  get cardNumber(): Locator {
    return this.page.getByLabel(/卡号|Card number/);
  }

  get pay(): Locator {
    return this.page.getByRole('button', { name: /^(支付|Pay) / });
  }

  get cancel(): Locator {
    return this.page.getByRole('button', { name: /^(取消|Cancel)$/ });
  }

  async expectOpen() {
    await expect.poll(() => this.route(), { timeout: 15_000 }).toMatch(/^\/order\/(stripe-pay|allin-pay)$/);
    await expect(this.amount).toBeVisible();
  }

  async payWithCard(number: string) {
    await this.cardNumber.fill(number);
    await this.pay.click();
  }
}

export { type Page };

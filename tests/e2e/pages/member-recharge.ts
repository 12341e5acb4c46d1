// Page objects of topping up the member card: /member/recharge, /member/charge-success and /member/doc.
import { expect, type Locator } from '@playwright/test';
import { App } from './app';

export class RechargePage extends App {
  async goto() {
    await this.open('/member/recharge');
    await expect(this.tiers.first()).toBeVisible({ timeout: 15_000 });
  }

  get tiers(): Locator {
    return this.page.getByTestId('recharge-tier');
  }

  /** The tier that pays this many minor units. */
  tier(payAmount: number): Locator {
    return this.page.locator(`[data-testid="recharge-tier"][data-pay="${payAmount}"]`);
  }

  get summary(): Locator {
    return this.page.getByTestId('recharge-summary');
  }

  get pay(): Locator {
    return this.page.getByTestId('recharge-pay');
  }

  get notice(): Locator {
    return this.page.getByTestId('recharge-notice');
  }

  get stored(): Locator {
    return this.page.getByTestId('card-stored');
  }

  get gift(): Locator {
    return this.page.getByTestId('card-gift');
  }
}

export class ChargeSuccessPage extends App {
  get result(): Locator {
    return this.page.getByTestId('recharge-success');
  }

  get creditAmount(): Locator {
    return this.page.getByTestId('credit-amount');
  }

  get creditGift(): Locator {
    return this.page.getByTestId('credit-gift');
  }

  get amountAfter(): Locator {
    return this.page.getByTestId('after-amount');
  }

  get giftAfter(): Locator {
    return this.page.getByTestId('after-gift');
  }
}

export class LedgerPage extends App {
  get rows(): Locator {
    return this.page.getByTestId('ledger-row');
  }

  rowsOf(kind: string): Locator {
    return this.page.locator(`[data-testid="ledger-row"][data-kind="${kind}"]`);
  }
}

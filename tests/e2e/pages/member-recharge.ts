// Page objects of topping up the member card: /member/recharge, /member/charge-success and /member/doc.
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';
import { PRAWNS } from './member-points';
import { consumerCall } from './orders';

/**
 * The member in the browser sets a first pay password and pays a pick-up order of one small Salted Egg
 * Prawns by member card through the API (paying by card in the browser has its own scenario in
 * payment.spec.ts). Answers the order's total, minor units.
 */
export async function payPickupByCard(page: Page, password: string): Promise<number> {
  await consumerCall(page, 'vip/updatePayPassword', { payPassword: password, repeatPassword: password });
  const setting = await consumerCall<{ payTypes: { id: number; payType: string }[] }>(
    page,
    'store/paySetting',
    { orderType: 'selfPickup' },
  );
  const card = setting.payTypes.find((p) => p.payType === 'VIP');
  if (!card) throw new Error('the claypot house offers no member card payment for pick-up');
  const { order } = await consumerCall<{ order: { id: number; amounts: { total: number } } }>(
    page,
    'order/confirm',
    {
      type: 'selfPickup',
      payType: 'VIP',
      payTypeId: card.id,
      products: [{ id: PRAWNS.id, quantity: 1, tastes: [PRAWNS.taste] }],
      pickerName: 'Card Tester',
      pickerPhone: '+6591234567',
      idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    },
  );
  await consumerCall(page, 'order/pay', { id: order.id, payTypeId: card.id, payPassword: password });
  return order.amounts.total;
}

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

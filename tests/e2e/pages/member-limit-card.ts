// The member's limit cards (/member/limit-card), their uses (/member/limit-card-history) and the confirm
// page's Limit card row with its sheet, as a customer finds them.
import { expect, type Locator } from '@playwright/test';
import { App } from './app';

export class LimitCardsPage extends App {
  async goto() {
    await this.open('/member/limit-card');
    await expect(
      this.page.getByTestId('limit-cards').or(this.page.getByText(/No limit cards yet|暂无次卡/)),
    ).toBeVisible();
  }

  card(name: string | RegExp): Locator {
    return this.page.getByTestId('limit-card').filter({ has: this.page.getByRole('heading', { name }) });
  }

  uses(name: string | RegExp): Locator {
    return this.card(name).getByTestId('limit-card-uses');
  }

  state(name: string | RegExp): Locator {
    return this.card(name).getByTestId('limit-card-state');
  }

  async openHistory(name: string | RegExp) {
    await this.card(name)
      .getByRole('link', { name: /Uses|使用记录/ })
      .click();
    await this.expectRoute('/member/limit-card-history');
  }
}

export class LimitCardHistoryPage extends App {
  get entries(): Locator {
    return this.page.getByTestId('limit-card-entry');
  }

  entry(kind: 'grant' | 'orderUse' | 'orderReturn'): Locator {
    return this.page.locator(`[data-testid="limit-card-entry"][data-kind="${kind}"]`);
  }

  filter(label: string | RegExp): Locator {
    return this.page.getByRole('navigation', { name: /Show|筛选/ }).getByRole('link', { name: label });
  }
}

export class LimitCardRow extends App {
  get row(): Locator {
    return this.page.getByTestId('limit-card-row');
  }

  get value(): Locator {
    return this.page.getByTestId('limit-card-row-value');
  }

  option(name: string | RegExp): Locator {
    return this.page.getByTestId('limit-card-option').filter({ hasText: name });
  }

  async choose(name: string | RegExp) {
    await this.row.getByRole('button', { name: /Limit card|次卡/ }).click();
    await expect(this.page.getByRole('dialog', { name: /Pay with a limit card|使用次卡/ })).toBeVisible();
    await this.option(name).click();
  }
}

// Page objects of ordering: the cart bar and sheet on the menu, /order/confirm and /order/success.
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';

/** Integer minor units of a price as the page prints it ("¥25.50" → 2550). */
export const minorUnits = (text: string): number => {
  const match = /(-|−)?[^\d]*([\d,]+)(?:\.(\d{1,2}))?/.exec(text.trim());
  if (!match) throw new Error(`no price in "${text}"`);
  const whole = Number(match[2]!.replace(/,/g, ''));
  const fraction = Number((match[3] ?? '0').padEnd(2, '0'));
  return (match[1] ? -1 : 1) * (whole * 100 + fraction);
};

export class CartBar extends App {
  get bar(): Locator {
    return this.page.getByTestId('cart-bar');
  }

  get count(): Locator {
    return this.page.getByTestId('cart-count');
  }

  get total(): Locator {
    return this.page.getByTestId('cart-total');
  }

  get checkout(): Locator {
    return this.page.getByTestId('cart-confirm');
  }

  get sheet(): Locator {
    return this.page.getByRole('dialog', { name: /已选商品|Your order/ });
  }

  async openSheet() {
    await this.bar.getByRole('button', { name: /打开购物车|Open the cart/ }).click();
    await expect(this.sheet).toBeVisible();
  }

  get stockDialog(): Locator {
    return this.page.getByRole('dialog', { name: /库存不足|Not enough stock/ });
  }

  /** Chooses an order type on the menu's order type bar. */
  async orderType(label: string) {
    await this.page
      .getByRole('group', { name: /点单方式|How would you like to order/ })
      .getByRole('button', { name: label })
      .click();
  }
}

export class AddToCart extends App {
  get addButton(): Locator {
    return this.page.getByRole('button', { name: /加入购物车|Add to order/ });
  }

  get refusal(): Locator {
    return this.page.getByRole('dialog', { name: /无法加入|Cannot add this/ });
  }

  /** Makes the first available choice in every group the page still asks for ("请选择：…"). */
  async chooseRequired() {
    const unmet = this.page.getByTestId('unmet');
    for (let i = 0; i < 6 && (await unmet.isVisible()); i++) {
      const group = ((await unmet.textContent()) ?? '').replace(/^.*[:：]\s*/, '');
      await this.page
        .getByRole('group', { name: new RegExp(`^${group}`) })
        .locator('label:has(input:not([disabled]))')
        .first()
        .click();
    }
  }

  /**
   * Adds a product from the menu as a customer would, without leaving the menu: one tap on "+" for a
   * product without choices, the choice sheet for one with them (decision U1).
   */
  async add(menuProduct: Locator) {
    // The cart controls work once the cart has loaded, which the cart bar shows.
    await expect(this.page.getByTestId('cart-bar')).toBeVisible();
    const count = menuProduct.getByTestId('product-count');
    const before = (await count.count()) > 0 ? Number(await count.textContent()) : 0;
    const plus = menuProduct.getByRole('button', { name: /^(再加一份|One more )/ });
    const choose = menuProduct.locator('button[aria-haspopup="dialog"]');
    await expect(plus.or(choose)).toBeVisible();
    if (await plus.isVisible()) {
      await plus.click();
    } else {
      await choose.click();
      const sheet = this.page.getByRole('dialog').filter({ has: this.addButton });
      await expect(this.addButton).toBeVisible();
      await this.chooseRequired();
      await this.addButton.click();
      await expect(sheet).toBeHidden();
    }
    await expect.poll(async () => Number((await count.textContent()) ?? 0)).toBeGreaterThan(before);
  }

  override async expectRoute(path: string | RegExp) {
    if (typeof path === 'string') return super.expectRoute(path);
    await expect.poll(() => this.route(), { timeout: 15_000 }).toMatch(path);
  }
}

export class ConfirmPage extends App {
  get total(): Locator {
    return this.page.getByTestId('confirm-total');
  }

  breakdown(key: string): Locator {
    return this.page.getByTestId(`breakdown-${key}`);
  }

  field(label: string | RegExp): Locator {
    return this.page.getByLabel(label, { exact: typeof label === 'string' });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: /提交订单|Place order/ });
  }

  async totalMinor(): Promise<number> {
    return minorUnits((await this.total.textContent()) ?? '');
  }

  /** The sheet of times a time field opens. */
  get timeSheet(): Locator {
    return this.page.getByRole('dialog', { name: /请选择时间|Choose a time/ });
  }

  /** Opens the time field's sheet and chooses "as soon as possible"; returns what it said. */
  async asap(label: string | RegExp): Promise<string> {
    await this.field(label).click();
    await expect(this.timeSheet).toBeVisible();
    const asap = this.timeSheet.getByRole('button', { name: /尽快送达|As soon as possible/ });
    const text = (await asap.textContent()) ?? '';
    await asap.click();
    await expect(this.timeSheet).toBeHidden();
    return text;
  }

  /**
   * Chooses a time slot about an hour ahead: the browser's clock stands still while the server's runs on
   * from the same instant, so the very first slot could already be past on the server.
   */
  async slotAnHourAhead(label: string | RegExp) {
    await this.field(label).click();
    await expect(this.timeSheet).toBeVisible();
    await this.timeSheet
      .getByRole('button', { name: /^\d{2}:\d{2}$/ })
      .nth(4)
      .click();
    await expect(this.timeSheet).toBeHidden();
  }
}

export class SuccessPage extends App {
  get total(): Locator {
    return this.page.getByTestId('order-total');
  }

  get daySeq(): Locator {
    return this.page.getByTestId('day-seq');
  }

  get orderNo(): Locator {
    return this.page.getByTestId('order-no');
  }

  /** The order id in the page's address. */
  orderId(): number {
    return Number(new URL(this.page.url().replace('#', '')).searchParams.get('id'));
  }
}

export { type Page };

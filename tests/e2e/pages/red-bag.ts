// Page objects of the red bag pages: the expandable red bag (its envelope, share sheet, helps) and the
// order red bags, in the words of the screens.
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';

export class RedBagPage extends App {
  constructor(page: Page) {
    super(page);
  }

  get envelope(): Locator {
    return this.page.getByTestId('red-bag');
  }

  /** Waits for the envelope to show a screen (own, help, thanked, loginRequired, receive...). */
  async expectScreen(screen: string) {
    await expect(this.envelope).toHaveAttribute('data-screen', screen, { timeout: 15_000 });
  }

  get value(): Locator {
    return this.page.getByTestId('bag-value');
  }

  get toMax(): Locator {
    return this.page.getByTestId('bag-to-max');
  }

  get rules(): Locator {
    return this.page.getByTestId('bag-rules').getByRole('listitem');
  }

  get helps(): Locator {
    return this.page.getByTestId('bag-helps').getByRole('listitem');
  }

  action(name: string | RegExp): Locator {
    return this.envelope.getByRole('button', { name });
  }

  get shareSheet(): Locator {
    return this.page.getByRole('dialog', { name: 'Share your red bag' });
  }

  /** Opens the share sheet and reads the link it offers. */
  async shareLink(): Promise<string> {
    await this.action('Share to grow it').click();
    await expect(this.shareSheet).toBeVisible();
    await expect(this.shareSheet.getByRole('img', { name: /QR code/ })).toBeVisible();
    return this.shareSheet.getByLabel('Link to share').inputValue();
  }

  /** Logs in on the login page the envelope sent the customer to, and waits to be back on the bag. */
  async logInWithDemoCode(phone: string) {
    await this.expectRoute('/pages/user/login');
    await this.page.getByLabel(/Phone number|手机号/).fill(phone);
    await this.page.getByRole('button', { name: /Send code|获取验证码/ }).click();
    const demo = this.page.getByTestId('demo-code');
    await expect(demo).toBeVisible();
    await this.page
      .getByLabel(/Verification code|验证码/)
      .fill((await demo.textContent())?.match(/\d{6}/)?.[0] ?? '');
    await this.page.getByRole('button', { name: /^(Log in|登录)$/ }).click();
    await this.expectRoute('/product/expand-red-bag');
  }
}

export class TimesRedBagPage extends App {
  async goto() {
    await this.open('/pages/user/coupon/times-red-bag');
  }

  bag(name: string): Locator {
    return this.page.getByTestId('times-red-bag').filter({ hasText: name });
  }
}

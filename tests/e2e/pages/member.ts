// Page objects of the member area: the card, registration, the pay password PIN steps and the member code.
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app';

export class MemberCardPage extends App {
  constructor(page: Page) {
    super(page);
  }

  get card(): Locator {
    return this.page.getByTestId('member-card');
  }

  get memberName(): Locator {
    return this.page.getByTestId('member-name');
  }

  get register(): Locator {
    return this.page.getByRole('link', { name: /Become a member|立即成为会员/ });
  }

  get registerInStore(): Locator {
    return this.page.getByTestId('register-in-store');
  }

  get bind(): Locator {
    return this.page.getByRole('button', { name: /Link my card|绑定会员卡/ });
  }

  row(testId: 'member-code' | 'member-edit' | 'member-pay-password' | 'member-recharge'): Locator {
    return this.page.getByTestId(testId);
  }

  async goto() {
    await this.open('/member/index');
    await expect(this.card).toBeVisible();
  }
}

export class RegisterPage extends App {
  async fill(name: string) {
    await this.page.getByLabel(/^(Name|姓名)$/).fill(name);
    await this.page.getByLabel(/^(Female|女)$/).check();
  }

  async acceptTerms() {
    await this.page.getByRole('checkbox', { name: /I have read and accept the|我已阅读并同意/ }).check();
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: /^(Register|注册)$/ });
  }

  get problem(): Locator {
    return this.page.getByRole('alert');
  }
}

export class PayPasswordPage extends App {
  get pin(): Locator {
    return this.page.getByTestId('pin-input');
  }

  get error(): Locator {
    return this.page.getByRole('alert');
  }

  /** Types six digits into the PIN on screen; the sixth submits the step, as a payment keypad does. */
  async type(digits: string, label: RegExp) {
    await expect(this.page.getByLabel(label)).toBeFocused();
    await this.page.keyboard.type(digits);
  }

  get saved(): Locator {
    return this.page
      .getByRole('status')
      .filter({ hasText: /pay password (is set|was changed|was reset)|支付密码已/ });
  }

  get code(): Locator {
    return this.page.getByTestId('sms-code');
  }

  async receiveCode() {
    await this.page.getByRole('button', { name: /Send code|获取验证码/ }).click();
    const demo = this.page.getByText(/Demo code: \d{6}|演示验证码：\d{6}/);
    await expect(demo).toBeVisible();
    const code = (await demo.textContent())?.match(/\d{6}/)?.[0] ?? '';
    await this.code.fill(code);
    await this.page.getByRole('button', { name: /^(Next|下一步)$/ }).click();
  }
}

export class MemberCodePage extends App {
  get qr(): Locator {
    return this.page.getByTestId('member-qr');
  }

  get barcode(): Locator {
    return this.page.getByTestId('member-barcode');
  }

  get countdown(): Locator {
    return this.page.getByTestId('member-code-countdown');
  }
}

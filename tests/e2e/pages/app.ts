// Page objects: what a customer sees and does, in the words of the screens, so the specs read as scenarios.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { lock } from 'proper-lockfile';

export class App {
  constructor(readonly page: Page) {}

  /** Opens a hash route as a fresh visitor would type or scan it. */
  async open(path: string, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    await this.page.goto(`/#${path}${search ? `?${search}` : ''}`);
  }

  route(): string {
    const hash = new URL(this.page.url()).hash.replace(/^#/, '');
    return hash.split('?')[0] ?? '';
  }

  async expectRoute(path: string) {
    await expect.poll(() => this.route(), { timeout: 15_000 }).toBe(path);
  }

  get tabBar(): Locator {
    return this.page.getByRole('navigation').filter({ has: this.page.locator('a[data-tab]') });
  }

  get shopNotice(): Locator {
    return this.page.getByRole('dialog', { name: /门店提示|Shop notice/ });
  }

  /** Reads and closes the shop status notice (expired, closed, outside hours) when one shows. */
  async dismissShopNotice() {
    await expect(this.shopNotice).toBeVisible();
    await this.page.keyboard.press('Escape');
    await expect(this.shopNotice).toBeHidden();
  }

  /** A tab of the tab bar by its exact label. */
  tab(label: string): Locator {
    return this.tabBar.getByRole('link', { name: label, exact: true });
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name, level: 1 });
  }

  /** No serious or critical accessibility violation on the page as it stands. */
  async expectAccessible() {
    const results = await new AxeBuilder({ page: this.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      blocking.map(
        (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  }
}

export class StoreListPage extends App {
  async goto() {
    await this.open('/pages/store/list');
    await expect(this.shopCards.first()).toBeVisible();
  }

  get shopCards(): Locator {
    return this.page.locator('article');
  }

  shopLink(id: number): Locator {
    return this.page.locator(`a[data-shop-id="${id}"]`);
  }

  async openShop(id: number) {
    await this.shopLink(id).click();
  }
}

export class MenuPage extends App {
  get categories(): Locator {
    return this.page.getByRole('navigation', { name: /Categories|商品分类/ }).getByRole('button');
  }

  get products(): Locator {
    return this.page.locator('article[data-product-id]');
  }

  productNamed(name: string | RegExp): Locator {
    return this.products.filter({ has: this.page.getByRole('heading', { name }) });
  }

  section(categoryName: string | RegExp): Locator {
    return this.page.getByRole('region', { name: categoryName });
  }

  async chooseCategory(name: string | RegExp) {
    await this.categories.filter({ hasText: name }).first().click();
  }

  async waitForProducts() {
    await expect(this.products.first()).toBeVisible();
  }
}

export class ProductDetailPage extends App {
  get total(): Locator {
    return this.page.getByTestId('total-price');
  }

  get unmet(): Locator {
    return this.page.getByTestId('unmet');
  }

  group(name: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^${name}`) });
  }

  async choose(group: string, option: string | RegExp) {
    await this.group(group).getByText(option).click();
  }

  get increase(): Locator {
    return this.page.getByRole('button', { name: /Increase quantity|增加数量/ });
  }
}

export class SearchPage extends App {
  get box(): Locator {
    return this.page.getByRole('searchbox');
  }

  get results(): Locator {
    return this.page.locator('article[data-product-id]');
  }
}

export class CenterPage extends App {
  async goto() {
    await this.open('/pages/user/center');
  }

  language(label: string): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  get loginEntry(): Locator {
    return this.page.getByRole('link', { name: /Log in \/ sign up|登录 \/ 注册/ });
  }

  /**
   * A shop that registers members on the web invites a logged-in customer who is not one, once per
   * launch, in a sheet over this page. A scenario about something else answers "Not now" whenever the
   * sheet comes up, instead of racing it (tests/e2e/login.spec.ts asserts the invitation itself).
   */
  async declineMemberInvitation() {
    const invitation = this.page.getByRole('dialog', { name: /^(成为会员|Become a member)$/ });
    await this.page.addLocatorHandler(
      invitation,
      async () => {
        // The sheet belongs to the "my" page: when the scenario moves on while it slides in, it is gone
        // with the page and there is nothing left to answer.
        await invitation
          .getByRole('button', { name: /^(以后再说|Not now)$/ })
          .click({ timeout: 2_000 })
          .catch(() => undefined);
      },
      { noWaitAfter: true },
    );
  }
}

export class LoginPage extends App {
  get phone(): Locator {
    return this.page.getByLabel(/Phone number|手机号/);
  }

  get code(): Locator {
    return this.page.getByLabel(/Verification code|验证码/);
  }

  get sendCode(): Locator {
    return this.page.getByRole('button', { name: /Send code|获取验证码/ });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: /^(Log in|登录)$/ });
  }

  get demoCode(): Locator {
    return this.page.getByTestId('demo-code');
  }

  /**
   * Logs in on the open login page with the code demo mode shows, and waits for the member centre. A new
   * code replaces the phone's earlier one, so two workers logging in one phone at once would each spoil the
   * other's code: the login holds a lock on the phone, shared by every worker of the machine.
   */
  /** Logs in with the code demo mode shows; `then` is the page the login leads to (its redirect). */
  async withDemoCode(phone: string, then = '/pages/user/center') {
    const release = await lock(join(tmpdir(), `storefront-e2e-login-${phone}`), {
      realpath: false,
      stale: 30_000,
      retries: { retries: 120, factor: 1, minTimeout: 250 },
    });
    try {
      await this.phone.fill(phone);
      await this.sendCode.click();
      await expect(this.demoCode).toBeVisible();
      await this.code.fill((await this.demoCode.textContent())?.match(/\d{6}/)?.[0] ?? '');
      await this.submit.click();
      await this.expectRoute(then);
    } finally {
      await release();
    }
  }
}

/** What a logged-in browser keeps of its login: its token and device key. */
export type SavedLogin = Record<'token' | 'deviceId', string | null>;

/** The login of the page's browser, to come back with in a later scenario instead of a new SMS code. */
export function saveLogin(page: Page): Promise<SavedLogin> {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    deviceId: localStorage.getItem('deviceId'),
  }));
}

/** A new browser that comes back with an earlier scenario's login (before its first page opens). */
export async function restoreLogin(page: Page, saved: SavedLogin) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries))
      if (value !== null && localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, saved);
}

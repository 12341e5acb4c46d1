// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopSummary } from '../../../src/domain/shop';
import { ProductChoiceView, type ChoiceGroup } from '../../../src/views/product/product-choice-view';
import { StoreListView } from '../../../src/views/store/store-list-view';
import { InfoView } from '../../../src/views/user/info-view';
import { LoginView, type LoginViewProps } from '../../../src/views/user/login-view';
import { WebViewPage } from '../../../src/views/general/web-view-page';
import { click, render, type Rendered } from './render';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const shop: ShopSummary = {
  id: 4,
  chainId: null,
  chainName: null,
  name: 'Fresh Lane Market',
  industry: 1,
  address: '1018 Changning Rd',
  image: '/assets/demo/shop.webp',
  mainColor: '#2b8a3e',
  orderTypes: ['takeaway', 'selfPickup'],
  businessHours: '07:00-22:00',
  openShop: true,
  realShopStatus: 1,
  gpsAddress: { lat: 31.2, lng: 121.4 },
  timezone: 'Asia/Shanghai',
  selfCollection: true,
  openScanSwitch: false,
  // No ranges: open around the clock, so the badge does not depend on when the test runs.
  businessTimeRange: [],
  scanOrderBusinessHours: { businessMode: 'routine', businessScanOrderHours: [], businessDailyHours: [] },
};

describe('the store list', () => {
  it('shows a skeleton while loading, announced as loading', () => {
    view = render(<StoreListView shops={null} loading failed={false} onRetry={() => undefined} />);
    expect(view.container.querySelector('[role="status"][aria-busy="true"]')?.textContent).toContain(
      'Loading',
    );
    expect(view.container.querySelectorAll('article')).toHaveLength(0);
  });

  it('a failed load offers a retry', () => {
    const retry = vi.fn();
    view = render(<StoreListView shops={null} loading={false} failed onRetry={retry} />);
    click(view.container.querySelector('[role="alert"] button'));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('each shop links to its entry (routing rules) and to its details page', () => {
    view = render(<StoreListView shops={[shop]} loading={false} failed={false} onRetry={() => undefined} />);
    const links = [...view.container.querySelectorAll('article a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['#/?id=4', '#/pages/store/index?id=4']);
    expect(view.container.textContent).toContain('Delivery');
    expect(view.container.textContent).toContain('Open');
  });

  it('says so when there are no shops', () => {
    view = render(<StoreListView shops={[]} loading={false} failed={false} onRetry={() => undefined} />);
    expect(view.container.textContent).toContain('No shops are available yet.');
  });
});

const loginProps = (overrides: Partial<LoginViewProps> = {}): LoginViewProps => ({
  phone: '',
  code: '',
  secondsLeft: 0,
  codeSent: false,
  canSend: true,
  canVerify: false,
  busy: false,
  error: null,
  errorField: null,
  demoCode: null,
  onPhone: () => undefined,
  onCode: () => undefined,
  onSend: () => undefined,
  onVerify: () => undefined,
  onEditPhone: () => undefined,
  ...overrides,
});

describe('the login form', () => {
  it('the code field waits for a code to be sent', () => {
    view = render(<LoginView {...loginProps()} />);
    expect(
      view.container.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')?.disabled,
    ).toBe(true);
  });

  it('after sending: counts down, shows the demo code and marks an error on its field', () => {
    view = render(
      <LoginView
        {...loginProps({
          codeSent: true,
          canSend: false,
          secondsLeft: 42,
          demoCode: '123456',
          error: 'The code is wrong or has expired.',
          errorField: 'code',
        })}
      />,
    );
    expect(view.container.textContent).toContain('Resend in 42s');
    expect(view.container.textContent).toContain('Demo mode: your code is 123456');
    const code = view.container.querySelector('input[autocomplete="one-time-code"]');
    expect(code?.getAttribute('aria-invalid')).toBe('true');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'The code is wrong or has expired.',
    );
  });

  it('keeps the phone read-only while the code is being sent, so typing is not silently undone', () => {
    view = render(<LoginView {...loginProps({ phone: '1380013', phoneLocked: true })} />);
    expect(view.container.querySelector<HTMLInputElement>('input[type="tel"]')?.readOnly).toBe(true);
    view.unmount();
    view = render(<LoginView {...loginProps({ phone: '1380013' })} />);
    expect(view.container.querySelector<HTMLInputElement>('input[type="tel"]')?.readOnly).toBe(false);
  });

  it('while the code is checked: the code is read-only and the number cannot be changed', () => {
    view = render(<LoginView {...loginProps({ codeSent: true, code: '123456', codeLocked: true })} />);
    const code = view.container.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]');
    expect(code?.readOnly).toBe(true);
    const change = [...view.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Change number',
    );
    expect(change?.disabled).toBe(true);
  });
});

describe('the profile page', () => {
  it('without a session it offers the login instead of a form', () => {
    view = render(
      <InfoView
        profile={null}
        loggedIn={false}
        loading={false}
        failed={false}
        saving={false}
        error={null}
        onRetry={() => undefined}
        onSave={() => undefined}
      />,
    );
    expect(view.container.querySelector('form')).toBeNull();
    expect(view.container.querySelector('a')?.getAttribute('href')).toBe('#/pages/user/login');
  });
});

describe('the product page', () => {
  const group = (kind: 'single' | 'multiple', onToggle = vi.fn()): ChoiceGroup => ({
    id: 'g',
    name: 'Size',
    kind,
    required: true,
    hint: null,
    options: [
      { id: 'S', label: 'Small', note: null, selected: true, disabled: false },
      { id: 'L', label: 'Large', note: '+3.00', selected: false, disabled: true },
    ],
    onToggle,
  });

  it('groups each choice in a fieldset of radios, sold-out options disabled', () => {
    view = render(
      <ProductChoiceView
        product={null}
        loading
        failed={false}
        onRetry={() => undefined}
        groups={[]}
        quantity={1}
        canDecrease={false}
        canIncrease
        onDecrease={() => undefined}
        onIncrease={() => undefined}
        unitPrice={null}
        totalPrice={null}
        memberPrice={null}
        canAdd={false}
        firstUnmet={null}
      />,
    );
    expect(view.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    view.unmount();

    const toggle = vi.fn();
    view = render(
      <ProductChoiceView
        product={{
          id: 1,
          typeId: 1,
          name: 'Latte',
          description: '',
          image: '/x.webp',
          unit: 'cup',
          price: 1800,
          originalPrice: null,
          memberPrice: null,
          state: 0,
          stock: null,
          saleTimes: [],
          minBuy: 1,
          maxBuy: null,
          joinDiscount: true,
          notDishware: false,
          weight: null,
          serviceTime: null,
          sales: 0,
          specDimensions: [],
          specs: [],
          tastes: [],
          mealGroups: [],
          taxIds: [],
        }}
        loading={false}
        failed={false}
        onRetry={() => undefined}
        groups={[group('single', toggle)]}
        quantity={2}
        canDecrease
        canIncrease
        onDecrease={() => undefined}
        onIncrease={() => undefined}
        unitPrice={1800}
        totalPrice={3600}
        memberPrice={null}
        canAdd
        firstUnmet="Please choose: Size"
      />,
    );
    const radios = [...view.container.querySelectorAll<HTMLInputElement>('fieldset input[type="radio"]')];
    expect(radios).toHaveLength(2);
    expect(radios[0]?.checked).toBe(true);
    expect(radios[1]?.disabled).toBe(true);
    expect(view.container.querySelector('legend')?.textContent).toContain('Size');
    expect(view.container.querySelector('[data-testid="total-price"]')?.textContent).toBe('36.00');
    expect(view.container.querySelector('[data-testid="unmet"]')?.textContent).toBe('Please choose: Size');
    expect(view.container.textContent).not.toContain('Add to order');
  });
});

describe('the web view page', () => {
  it('refuses a script address with the reason and a way back', () => {
    view = render(<WebViewPage url="javascript:alert(1)" />);
    expect(view.container.querySelector('iframe')).toBeNull();
    expect(view.container.textContent).toContain('Only http:// and https:// links are allowed.');
    expect(view.container.querySelector('main button')?.textContent).toBe('Back');
  });

  it('frames nothing while the allow-list is read', () => {
    view = render(<WebViewPage url="https://help.example.com/terms" frameAllowed={null} />);
    expect(view.container.querySelector('iframe')).toBeNull();
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe('Opening the page…');
  });

  it('frames an allowed site with a link that opens it outside', () => {
    view = render(<WebViewPage url="https://help.example.com/terms" frameAllowed />);
    expect(view.container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://help.example.com/terms',
    );
    expect(view.container.querySelector('a[target="_blank"]')?.getAttribute('href')).toBe(
      'https://help.example.com/terms',
    );
  });

  it('says a site off the allow-list is not shown and offers it in a new tab', () => {
    view = render(<WebViewPage url="https://elsewhere.example/page" frameAllowed={false} />);
    expect(view.container.querySelector('iframe')).toBeNull();
    expect(view.container.textContent).toContain(
      'This page cannot be shown inside the shop: https://elsewhere.example is not on the list of allowed sites.',
    );
    const link = view.container.querySelector('a[target="_blank"]');
    expect(link?.getAttribute('href')).toBe('https://elsewhere.example/page');
    expect(link?.textContent).toBe('Open in a new tab');
    expect(view.container.querySelector('main button')?.textContent).toBe('Back');
  });
});

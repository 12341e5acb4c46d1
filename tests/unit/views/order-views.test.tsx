// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartBar, type CartBarProps } from '../../../src/views/order/cart-bar';
import { CartLines } from '../../../src/views/order/cart-sheet';
import { OrderConfirmView, type OrderConfirmViewProps } from '../../../src/views/order/order-confirm-view';
import { OrderSuccessView } from '../../../src/views/order/order-success-view';
import { AddressEditView } from '../../../src/views/user/address-edit-view';
import { NavigationContext, type Navigation } from '../../../src/views/ui/navigation';
import { ShopDisplayContext } from '../../../src/views/ui/shop-display';
import { click, render as renderIn, type Rendered } from './render';

/** Prices read as in a shop showing ¥ with two decimals. */
const render = (ui: ReactNode) =>
  renderIn(
    <ShopDisplayContext.Provider value={{ currency: 'CNY', currencySymbol: '¥', numberDecimals: 2 }}>
      {ui}
    </ShopDisplayContext.Provider>,
  );

const navigation: Navigation = { href: (path) => `#${path}`, go: vi.fn(), back: vi.fn() };

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const bar = (overrides: Partial<CartBarProps> = {}): CartBarProps => ({
  count: 2,
  total: 2550,
  shortfall: 0,
  canConfirm: true,
  closedText: null,
  busy: false,
  aboveTabBar: false,
  onOpen: vi.fn(),
  onConfirm: vi.fn(),
  ...overrides,
});

const button = (root: HTMLElement, name: RegExp) =>
  [...root.querySelectorAll('button')].find(
    (b) => name.test(b.textContent ?? '') || name.test(b.getAttribute('aria-label') ?? ''),
  );

describe('the cart bar', () => {
  it('shows the count and the total and confirms', () => {
    const props = bar();
    view = render(<CartBar {...props} />);
    expect(view.container.querySelector('[data-testid="cart-count"]')?.textContent).toBe('2');
    expect(view.container.querySelector('[data-testid="cart-total"]')?.textContent).toBe('¥25.50');
    const confirm = view.container.querySelector<HTMLButtonElement>('[data-testid="cart-confirm"]')!;
    expect(confirm.textContent).toBe('Checkout');
    click(confirm);
    expect(props.onConfirm).toHaveBeenCalledOnce();
    expect(button(view.container, /Open the cart, 2 items/)).toBeDefined();
  });

  it('says how much is short of the starting price and does not confirm', () => {
    view = render(<CartBar {...bar({ shortfall: 600, canConfirm: false })} />);
    const confirm = view.container.querySelector<HTMLButtonElement>('[data-testid="cart-confirm"]')!;
    expect(confirm.textContent).toBe('¥6.00 more to start');
    expect(confirm.disabled).toBe(true);
  });

  it('says the shop is closed before anything else', () => {
    view = render(<CartBar {...bar({ closedText: 'Closed', canConfirm: false })} />);
    expect(view.container.querySelector('[data-testid="cart-confirm"]')?.textContent).toBe('Closed');
  });

  it('an empty cart cannot be opened', () => {
    view = render(<CartBar {...bar({ count: 0, total: null, canConfirm: false })} />);
    expect(view.container.querySelector<HTMLButtonElement>('button[aria-haspopup]')!.disabled).toBe(true);
    expect(view.container.querySelector('[data-testid="cart-confirm"]')?.textContent).toBe('Cart is empty');
  });
});

describe('the cart lines', () => {
  it('names each stepper button after its product and stops at the limit', () => {
    const onIncrement = vi.fn();
    const onDecrement = vi.fn();
    view = render(
      <CartLines
        lines={[
          {
            flag: 'a',
            name: 'Tea',
            detail: 'Large / Less sugar',
            quantity: 2,
            amount: 2400,
            canIncrease: false,
          },
          { flag: 'b', name: 'Fries', detail: '', quantity: 1, amount: 1200, canIncrease: true },
        ]}
        onIncrement={onIncrement}
        onDecrement={onDecrement}
      />,
    );
    expect(view.container.textContent).toContain('Large / Less sugar');
    expect((button(view.container, /^One more Tea$/) as HTMLButtonElement).disabled).toBe(true);
    click(button(view.container, /^One more Fries$/)!);
    click(button(view.container, /^One less Tea$/)!);
    expect(onIncrement).toHaveBeenCalledWith('b');
    expect(onDecrement).toHaveBeenCalledWith('a');
  });
});

const confirmProps = (overrides: Partial<OrderConfirmViewProps> = {}): OrderConfirmViewProps => ({
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  orderTypes: ['takeaway', 'selfPickup'],
  orderType: 'selfPickup',
  onOrderType: vi.fn(),
  form: <input id="field-pickerName" aria-label="Picker" />,
  lines: [{ flag: 'a', name: 'Tea', detail: '', quantity: 2, amount: 2400 }],
  breakdown: [
    { key: 'goods', label: 'Items', amount: 2400, informative: false },
    { key: 'activity', label: 'Promotion: 10 off', amount: -1000, informative: false },
    { key: 'taxIncluded', label: 'Tax included in prices', amount: 80, informative: true },
    { key: 'total', label: 'Total', amount: 1400, informative: false },
  ],
  total: 1400,
  payOptions: [{ value: 'Cash', label: 'Pay at the counter' }],
  payType: 'Cash',
  onPayType: vi.fn(),
  note: '',
  onNote: vi.fn(),
  fieldError: null,
  error: null,
  submitting: false,
  locked: false,
  canSubmit: true,
  onSubmit: vi.fn(),
  ...overrides,
});

describe('the confirm page', () => {
  it('explains every price row, discounts as negatives and included tax in brackets', () => {
    view = render(<OrderConfirmView {...confirmProps()} />);
    const cell = (key: string) =>
      view!.container.querySelector(`[data-testid="breakdown-${key}"]`)?.textContent;
    expect(cell('goods')).toBe('¥24.00');
    expect(cell('activity')).toBe('−¥10.00');
    expect(cell('taxIncluded')).toBe('(¥0.80)');
    expect(view.container.querySelector('[data-testid="confirm-total"]')?.textContent).toBe('¥14.00');
  });

  it('focuses the field a check stopped at', () => {
    view = render(
      <OrderConfirmView
        {...confirmProps({ fieldError: { field: 'pickerName', message: 'Who picks up?' } })}
      />,
    );
    expect(document.activeElement?.id).toBe('field-pickerName');
  });

  it('switches the order type and submits', () => {
    const props = confirmProps();
    view = render(<OrderConfirmView {...props} />);
    click(button(view.container, /^Delivery$/)!);
    expect(props.onOrderType).toHaveBeenCalledWith('takeaway');
    click(button(view.container, /^Place order$/)!);
    expect(props.onSubmit).toHaveBeenCalledOnce();
  });

  it('a failed load offers a retry instead of the form', () => {
    const props = confirmProps({ loadFailed: true, error: 'Network error' });
    view = render(<OrderConfirmView {...props} />);
    expect(view.container.textContent).toContain('Network error');
    expect(view.container.querySelector('#field-pickerName')).toBeNull();
  });
});

describe('the success page', () => {
  it('shows the stored order: day number, order number, lines and total', () => {
    const order = {
      id: 7,
      orderNo: 'S20261119-0007',
      daySeq: 12,
      orderType: 'dine',
      table: { id: 1, name: 'B3', areaName: 'Main floor' },
      person: 3,
      deliveryTime: null,
      pickupTime: null,
      contact: null,
      lines: [
        {
          id: 1,
          productId: 5,
          specId: null,
          name: 'Fries',
          specName: null,
          quantity: 2,
          unitPrice: 1200,
          amount: 2400,
          tastes: [],
          mealset: [],
        },
      ],
      amounts: { total: 2500 },
    } as unknown as Parameters<typeof OrderSuccessView>[0]['order'];
    view = render(
      <NavigationContext.Provider value={navigation}>
        <OrderSuccessView
          order={order}
          loading={false}
          failed={false}
          onRetry={vi.fn()}
          onBackToMenu={vi.fn()}
        />
      </NavigationContext.Provider>,
    );
    expect(view.container.querySelector('[data-testid="day-seq"]')?.textContent).toBe('12');
    expect(view.container.querySelector('[data-testid="order-no"]')?.textContent).toBe('S20261119-0007');
    expect(view.container.querySelector('[data-testid="order-total"]')?.textContent).toBe('¥25.00');
    expect(view.container.textContent).toContain('Main floor B3');
  });
});

describe('the address form', () => {
  it('says when the address has no map point and focuses the field in error', () => {
    const onSearch = vi.fn();
    view = render(
      <NavigationContext.Provider value={navigation}>
        <AddressEditView
          isNew
          draft={{
            contactName: '',
            phone: '',
            address: '',
            houseNumber: '',
            hasGps: false,
            isDefault: false,
          }}
          fieldError={{ field: 'contactName', message: 'Please enter a name.' }}
          error={null}
          pois={[
            {
              name: 'People’s Square',
              address: 'Huangpu',
              city: 'Shanghai',
              gps: { lat: 31.2, lng: 121.4 },
              distance: null,
            },
          ]}
          searching={false}
          locating={false}
          saving={false}
          onChange={vi.fn()}
          onSearch={onSearch}
          onPick={vi.fn()}
          onLocate={vi.fn()}
          onSave={vi.fn()}
        />
      </NavigationContext.Provider>,
    );
    expect(document.activeElement?.id).toBe('address-contactName');
    expect(view.container.querySelector('[data-testid="gps-state"]')?.textContent).toContain(
      'No map location yet',
    );
    expect(view.container.textContent).toContain('People’s Square');
  });
});

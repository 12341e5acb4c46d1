// @vitest-environment happy-dom
// The confirm pages while an order is placed: the machines drop edits then, and a new order type would
// stop the submission, so every control but the submit button is disabled and links lead nowhere.
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MultiConfirmView, type MultiConfirmViewProps } from '../../../src/views/order/multi-confirm-view';
import { OrderConfirmView, type OrderConfirmViewProps } from '../../../src/views/order/order-confirm-view';
import { ShopDisplayContext } from '../../../src/views/ui/shop-display';
import { render as renderIn, type Rendered } from './render';

const render = (ui: ReactNode) =>
  renderIn(
    <ShopDisplayContext.Provider value={{ currency: 'CNY', currencySymbol: '¥', numberDecimals: 2 }}>
      {ui}
    </ShopDisplayContext.Provider>,
  );

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

/** Whether the element is disabled by itself or by a disabled fieldset around it. */
const disabled = (element: Element | null | undefined) => {
  if (!element) throw new Error('no such control');
  return (element as HTMLInputElement).disabled === true || element.closest('fieldset[disabled]') !== null;
};

const byText = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === text);

/** Clicks and tells whether the page's handlers cancelled the browser's default (following a link). */
const clickCancelled = (element: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  act(() => {
    element.dispatchEvent(event);
  });
  return event.defaultPrevented;
};

const confirmProps = (overrides: Partial<OrderConfirmViewProps> = {}): OrderConfirmViewProps => ({
  loading: false,
  loadFailed: false,
  onRetry: vi.fn(),
  orderTypes: ['takeaway', 'selfPickup'],
  orderType: 'takeaway',
  onOrderType: vi.fn(),
  form: (
    <>
      <a id="address-link" href="#/pages/user/address/list">
        Choose an address
      </a>
      <input id="field-contactName" aria-label="Contact" />
    </>
  ),
  lines: [{ flag: 'a', name: 'Tea', detail: '', quantity: 2, amount: 2400 }],
  breakdown: [{ key: 'total', label: 'Total', amount: 2400, informative: false }],
  total: 2400,
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

describe('the confirm page while the order is placed', () => {
  it('disables the order types, the form, the pay types and the note, and stops links', () => {
    view = render(<OrderConfirmView {...confirmProps({ submitting: true, locked: true })} />);
    const root = view.container;
    expect(disabled(byText(root, 'Pick up'))).toBe(true);
    expect(disabled(byText(root, 'Delivery'))).toBe(true);
    expect(disabled(root.querySelector('#field-contactName'))).toBe(true);
    expect(disabled(root.querySelector('input[type="radio"]'))).toBe(true);
    expect(disabled(root.querySelector('#field-note'))).toBe(true);
    expect(clickCancelled(root.querySelector('#address-link')!)).toBe(true);
    // The submit button says the order is on its way and takes no second tap.
    const submit = byText(root, 'Placing order…') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.closest('fieldset')).toBeNull();
  });

  it('leaves everything usable while the form is edited', () => {
    const props = confirmProps();
    view = render(<OrderConfirmView {...props} />);
    const root = view.container;
    for (const control of [
      byText(root, 'Pick up'),
      root.querySelector('#field-contactName'),
      root.querySelector('input[type="radio"]'),
      root.querySelector('#field-note'),
    ])
      expect(disabled(control)).toBe(false);
    expect(clickCancelled(root.querySelector('#address-link')!)).toBe(false);
    act(() => byText(root, 'Pick up')!.click());
    expect(props.onOrderType).toHaveBeenCalledWith('selfPickup');
  });
});

const multiProps = (overrides: Partial<MultiConfirmViewProps> = {}): MultiConfirmViewProps => ({
  carts: [
    {
      shopId: 1,
      name: 'North',
      selected: true,
      lines: [{ flag: 'a', name: 'Tea', quantity: 1, amount: 900 }],
    },
    {
      shopId: 2,
      name: 'South',
      selected: true,
      lines: [{ flag: 'b', name: 'Bun', quantity: 2, amount: 800 }],
    },
  ],
  onToggle: vi.fn(),
  form: <input id="field-pickerName" aria-label="Picker" />,
  formFields: ['pickerName'],
  payOptions: [{ value: 'Cash', label: 'Pay at the counter' }],
  payType: 'Cash',
  onPayType: vi.fn(),
  fieldError: null,
  error: null,
  submitting: false,
  locked: false,
  onSubmit: vi.fn(),
  ...overrides,
});

describe('the multi-shop confirm page while the orders are placed', () => {
  it('disables the shop checkboxes, the form and the pay types', () => {
    view = render(<MultiConfirmView {...multiProps({ submitting: true, locked: true })} />);
    const root = view.container;
    const boxes = [...root.querySelectorAll('input[type="checkbox"]')];
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(disabled(box)).toBe(true);
    expect(disabled(root.querySelector('#field-pickerName'))).toBe(true);
    expect(disabled(root.querySelector('input[type="radio"]'))).toBe(true);
  });

  it('leaves them usable while the form is edited', () => {
    view = render(<MultiConfirmView {...multiProps()} />);
    const root = view.container;
    for (const control of root.querySelectorAll('input')) expect(disabled(control)).toBe(false);
  });
});

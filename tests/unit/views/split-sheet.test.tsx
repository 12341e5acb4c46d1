// @vitest-environment happy-dom
// The split sheet's "Your price" under "pay all" (decision T51): read while loading, a retry when it
// fails (the bill can still be asked for), then the member price, the coupons and what the guest pays.
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableQuoteInfo } from '../../../src/domain/api/open-table';
import { SplitSheet, type SplitSheetProps } from '../../../src/views/open-table/split-sheet';
import { ShopDisplayContext } from '../../../src/views/ui/shop-display';
import { click, render as renderIn, type Rendered } from './render';

const render = (ui: ReactNode) =>
  renderIn(
    <ShopDisplayContext.Provider value={{ currency: 'SGD', currencySymbol: 'S$', numberDecimals: 2 }}>
      {ui}
    </ShopDisplayContext.Provider>,
  );

const QUOTE: TableQuoteInfo = {
  billTotal: 4000,
  memberDiscount: 480,
  couponDiscount: 500,
  total: 3020,
  couponId: 11,
  coupons: [
    { id: 11, name: 'S$5 off over S$30', usable: true, discount: 500, reasons: [] },
    { id: 12, name: 'S$8 off over S$50', usable: false, discount: 0, reasons: ['amount'] },
  ],
};

const props = (overrides: Partial<SplitSheetProps> = {}): SplitSheetProps => ({
  open: true,
  split: { mode: 'all' },
  guests: 2,
  busy: false,
  price: { quote: QUOTE, loading: false, failed: false, couponId: 11 },
  onChoose: vi.fn(),
  onCoupon: vi.fn(),
  onRetryPrice: vi.fn(),
  onClose: vi.fn(),
  onConfirm: vi.fn(),
  ...overrides,
});

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const $ = (testId: string) => view!.container.querySelector(`[data-testid="${testId}"]`);
const confirm = () => $('split-confirm') as HTMLButtonElement;

describe('split sheet: the price of the one who pays all', () => {
  it('shows the member price, the coupons with the unusable one disabled and why, and what the guest pays', () => {
    const onCoupon = vi.fn();
    view = render(<SplitSheet {...props({ onCoupon })} />);
    expect($('split-bill-total')?.textContent).toBe('S$40.00');
    expect($('split-member-discount')?.textContent).toMatch(/4\.80/);
    expect($('split-coupon-discount')?.textContent).toMatch(/5\.00/);
    expect($('split-you-pay')?.textContent).toBe('S$30.20');
    const group = view.container.querySelector('fieldset:has(input[name="split-coupon"])')!;
    expect(group.querySelector('legend')?.textContent).toBe('Coupon');
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[name="split-coupon"]')];
    expect(radios.map((r) => [r.checked, r.disabled])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(radios[2]!.closest('label')?.textContent).toContain('Order amount too low');
    click(radios[0]!);
    expect(onCoupon).toHaveBeenCalledWith(null);
    expect(confirm().disabled).toBe(false);
  });

  it('has no member price line without a member price, and no coupon row without coupons', () => {
    const quote = {
      ...QUOTE,
      memberDiscount: 0,
      couponDiscount: 0,
      total: 4000,
      couponId: null,
      coupons: [],
    };
    view = render(
      <SplitSheet {...props({ price: { quote, loading: false, failed: false, couponId: null } })} />,
    );
    expect($('split-member-discount')).toBeNull();
    expect($('split-coupon-discount')).toBeNull();
    expect(view.container.querySelector('input[name="split-coupon"]')).toBeNull();
    expect($('split-you-pay')?.textContent).toBe('S$40.00');
  });

  it('shows a skeleton while the price is read, and the bill is not asked for meanwhile', () => {
    view = render(
      <SplitSheet {...props({ price: { quote: null, loading: true, failed: false, couponId: null } })} />,
    );
    expect($('split-price')?.querySelector('[role="status"][aria-busy="true"]')).not.toBeNull();
    expect($('split-you-pay')).toBeNull();
    expect(confirm().disabled).toBe(true);
  });

  it('says when the price could not be read, offers a retry, and still lets the bill be asked for', () => {
    const onRetryPrice = vi.fn();
    view = render(
      <SplitSheet
        {...props({ onRetryPrice, price: { quote: null, loading: false, failed: true, couponId: 11 } })}
      />,
    );
    const failed = $('split-price-failed')!;
    expect(failed.getAttribute('role')).toBe('alert');
    click(failed.querySelector('button'));
    expect(onRetryPrice).toHaveBeenCalledOnce();
    expect(confirm().disabled).toBe(false);
  });

  it('shows no price of its own for another split', () => {
    view = render(<SplitSheet {...props({ split: { mode: 'equal', parts: 2 } })} />);
    expect($('split-price')).toBeNull();
  });
});

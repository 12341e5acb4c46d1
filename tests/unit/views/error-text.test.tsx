// @vitest-environment happy-dom
// Views show a machine's failure in the customer's language: a request-layer key is put in words, the
// server's own text is shown as it came.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressListView, type AddressListViewProps } from '../../../src/views/user/address-list-view';
import { ErrorView } from '../../../src/views/ui/state-views';
import { render, type Rendered } from './render';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const listProps = (overrides: Partial<AddressListViewProps>): AddressListViewProps => ({
  addresses: [],
  chosenId: null,
  choosing: false,
  loading: false,
  failed: false,
  busy: false,
  error: null,
  onRetry: vi.fn(),
  onChoose: vi.fn(),
  onEdit: vi.fn(),
  onDelete: vi.fn(),
  onSetDefault: vi.fn(),
  onAdd: vi.fn(),
  ...overrides,
});

const alerts = (rendered: Rendered) =>
  [...rendered.container.querySelectorAll('[role="alert"]')].map((node) => node.textContent);

describe('failure texts in views', () => {
  it('puts a request-layer key of a failed load in words', () => {
    view = render(<ErrorView message="http.serverError" onRetry={vi.fn()} />, 'zh-CN');
    expect(view.container.textContent).toContain('服务器错误，请重试。');
    expect(view.container.textContent).not.toContain('http.serverError');
  });

  it('falls back to the load-failed text when there is no message', () => {
    view = render(<ErrorView message="" onRetry={vi.fn()} />, 'en');
    expect(view.container.querySelector('p')?.textContent).toBe('This page could not be loaded.');
  });

  it('puts a request-layer key in a banner in words and keeps server text', () => {
    view = render(<AddressListView {...listProps({ error: 'http.networkError' })} />, 'en');
    expect(alerts(view)).toContain('Network error, please check your connection.');
    view.unmount();
    view = render(<AddressListView {...listProps({ error: '地址不在配送范围' })} />, 'zh-CN');
    expect(alerts(view)).toContain('地址不在配送范围');
  });
});

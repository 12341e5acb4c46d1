// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavigationContext, type Navigation } from '../../../src/views/ui/navigation';
import { PageHead } from '../../../src/views/ui/page-head';
import { ShopDisplayContext } from '../../../src/views/ui/shop-display';
import { TabBar } from '../../../src/views/ui/tab-bar';
import { onTabTap } from '../../../src/views/ui/tab-tap';
import { ToastProvider, useToast, TOAST_MS } from '../../../src/views/ui/toast';
import { ErrorView } from '../../../src/views/ui/state-views';
import { CenterView } from '../../../src/views/user/center-view';
import { click, render, type Rendered } from './render';

const tabs = [
  { key: 'home', path: '/pages/user/index-tab', icon: 'home' as const, label: 'Home' },
  { key: 'my', path: '/pages/user/center', icon: 'user' as const, label: 'Me' },
];

const navigation = (overrides: Partial<Navigation> = {}): Navigation => ({
  href: (path) => `#${path}`,
  go: vi.fn(),
  back: vi.fn(),
  ...overrides,
});

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

describe('the tab bar', () => {
  it('marks the current tab and links the others', () => {
    view = render(<TabBar tabs={tabs} current="home" />);
    const links = view.container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    expect(links[1]?.getAttribute('aria-current')).toBeNull();
    expect(links[1]?.getAttribute('href')).toBe('#/pages/user/center');
  });

  it('tapping the current tab emits a tab-tap event instead of navigating', () => {
    const heard: string[] = [];
    const stop = onTabTap((tab) => heard.push(tab));
    view = render(<TabBar tabs={tabs} current="home" />);
    click(view.container.querySelector('a[data-tab="home"]'));
    click(view.container.querySelector('a[data-tab="my"]'));
    stop();
    expect(heard).toEqual(['home']);
  });
});

describe('the page head', () => {
  it('goes back through the navigation, which knows when it is the first page', () => {
    const nav = navigation();
    view = render(
      <NavigationContext.Provider value={nav}>
        <PageHead title="Profile" />
      </NavigationContext.Provider>,
    );
    click(view.container.querySelector('button[aria-label="Back"]'));
    expect(nav.back).toHaveBeenCalledOnce();
    expect(view.container.querySelector('h1')?.textContent).toBe('Profile');
  });
});

describe('the toast', () => {
  function Trigger() {
    const toast = useToast();
    return (
      <button type="button" onClick={() => toast.show('Saved')}>
        go
      </button>
    );
  }

  it('is announced politely and disappears after 1500 ms', () => {
    vi.useFakeTimers();
    view = render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    click(view.container.querySelector('button'));
    const region = view.container.querySelector('[aria-live="polite"]');
    expect(region?.textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(region?.textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(region?.textContent).toBe('');
  });
});

describe('the async-load error view', () => {
  it('offers one action that loads again', () => {
    const retry = vi.fn();
    view = render(<ErrorView onRetry={retry} />);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(
      'This page could not be loaded.',
    );
    click(view.container.querySelector('button'));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('the "my" page', () => {
  it('a guest sees the login entry and every language, the current one checked', () => {
    view = render(
      <ShopDisplayContext.Provider value={{ currency: 'CNY', currencySymbol: null, numberDecimals: 2 }}>
        <CenterView user={null} busy={false} onLanguage={() => undefined} onLogout={() => undefined} />
      </ShopDisplayContext.Provider>,
      'zh-CN',
    );
    expect(view.container.textContent).toContain('登录 / 注册');
    const radios = [...view.container.querySelectorAll('[role="radio"]')];
    expect(radios.map((r) => r.textContent)).toEqual([
      '简体中文',
      'English',
      '繁體中文',
      'Français',
      'Español',
    ]);
    expect(radios.filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.textContent)).toEqual(
      ['简体中文'],
    );
  });

  it('choosing another language asks for it; choosing the current one does nothing', () => {
    const chosen: string[] = [];
    view = render(
      <CenterView user={null} busy={false} onLanguage={(l) => chosen.push(l)} onLogout={() => undefined} />,
    );
    click(view.container.querySelector('[data-locale="en"]'));
    click(view.container.querySelector('[data-locale="fr"]'));
    expect(chosen).toEqual(['fr']);
  });
});

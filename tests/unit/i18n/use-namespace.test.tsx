// @vitest-environment happy-dom
// A page whose messages are in a namespace waits for them: the skeleton first, then the messages in the
// current language, and again after a change of language.
import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { WithMessages } from '../../../src/app/with-messages';
import { I18nProvider, useI18nContext } from '../../../src/i18n/i18n-context';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadedLocales } from '../../../src/i18n/i18n-util';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The base messages only, as the first route has them: the namespace still to come. */
function baseOnly(locale: Locales) {
  loadLocale(locale);
  const loaded = loadedLocales as unknown as Record<string, Record<string, unknown>>;
  const { address: _address, ...base } = loaded[locale]!;
  loaded[locale] = base;
}

let switchTo: ((locale: Locales) => void) | null = null;
function AddressTitle() {
  const { LL, setLocale } = useI18nContext();
  useEffect(() => {
    switchTo = setLocale;
  }, [setLocale]);
  return <h1>{LL.address.listTitle()}</h1>;
}

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  switchTo = null;
});

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

describe('WithMessages', () => {
  it('shows the skeleton until the namespace is in, then its messages, and again after a language change', async () => {
    baseOnly('en');
    baseOnly('zh-CN');
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    act(() =>
      root!.render(
        <I18nProvider locale="en">
          <WithMessages namespace="address">
            <AddressTitle />
          </WithMessages>
        </I18nProvider>,
      ),
    );
    // Never the namespace's keys read as empty strings: the page waits.
    expect(container.querySelector('h1')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();

    await until(() => container!.querySelector('h1') !== null);
    expect(container.querySelector('h1')?.textContent).toBe('My addresses');

    // Chinese base messages are in, its address namespace is not: the page waits again, then reads Chinese.
    act(() => switchTo!('zh-CN'));
    expect(container.querySelector('h1')).toBeNull();
    await until(() => container!.querySelector('h1') !== null);
    expect(container.querySelector('h1')?.textContent).toBe('我的地址');
  });
});

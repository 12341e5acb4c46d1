// Renders a view into happy-dom with English messages loaded, for view tests without a browser.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '../../../src/i18n/i18n-context';
import type { Locales } from '../../../src/i18n/i18n-types';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  root: Root;
  unmount(): void;
}

export function render(ui: ReactNode, locale: Locales = 'en'): Rendered {
  loadLocale(locale);
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => root.render(<I18nProvider locale={locale}>{ui}</I18nProvider>));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

export const click = (element: Element | null) => {
  if (!element) throw new Error('nothing to click');
  act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
};

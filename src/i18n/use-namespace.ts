// Messages of pages off the first route live in namespaces (src/i18n/<locale>/<namespace>) that load with
// those pages, so the first route's bundle does not carry them. A page asks for its namespace and renders
// its content once `useNamespace` says 'ready'; its views then read the messages from LL as usual.
import { useEffect, useState } from 'react';
import { useI18nContext } from './i18n-context';
import type { Locales, Namespaces } from './i18n-types';
import { loadNamespaceAsync } from './i18n-util.async';
import { loadedLocales } from './i18n-util';

export type NamespaceState = 'loading' | 'ready' | 'failed';

const isLoaded = (locale: Locales, namespace: Namespaces) =>
  Boolean((loadedLocales[locale] as Record<string, unknown> | undefined)?.[namespace]);

export function useNamespace(namespace: Namespaces): NamespaceState {
  const { locale, namespaceLoaded, hasNamespace } = useI18nContext();
  const [failed, setFailed] = useState<Locales | null>(null);
  useEffect(() => {
    if (isLoaded(locale, namespace)) {
      // Loaded (by another page, or the tests' sync loader) after LL was made: make LL again.
      if (!hasNamespace(namespace)) namespaceLoaded();
      return;
    }
    let live = true;
    loadNamespaceAsync(locale, namespace).then(
      () => {
        if (live) namespaceLoaded();
      },
      () => {
        if (live) setFailed(locale);
      },
    );
    return () => {
      live = false;
    };
  }, [locale, namespace, namespaceLoaded, hasNamespace]);
  if (hasNamespace(namespace)) return 'ready';
  return failed === locale ? 'failed' : 'loading';
}

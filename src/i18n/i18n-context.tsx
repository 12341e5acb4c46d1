// React binding of the generated translations: the current locale, its message functions (LL) and a
// setter. A locale's messages must be loaded (loadLocaleAsync) before it is set; a namespace's messages
// (loadNamespaceAsync) join LL once `namespaceLoaded` is called, because a translation object made before
// they arrived does not see them.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Locales, Namespaces, TranslationFunctions } from './i18n-types';
import { i18nObject, loadedLocales } from './i18n-util';

export interface I18nContextValue {
  locale: Locales;
  LL: TranslationFunctions;
  setLocale: (locale: Locales) => void;
  /** Rebuilds LL after a namespace of the current locale has been loaded. */
  namespaceLoaded: () => void;
  /** Whether LL carries this namespace's messages (an absent one reads as empty strings). */
  hasNamespace: (namespace: Namespaces) => boolean;
}

const I18nContext = createContext<I18nContextValue | null>(null);

export function I18nProvider({ locale: initial, children }: { locale: Locales; children: ReactNode }) {
  const [locale, setLocale] = useState<Locales>(initial);
  const [revision, setRevision] = useState(0);
  const namespaceLoaded = useCallback(() => setRevision((r) => r + 1), []);
  const value = useMemo(
    () => {
      const present = new Set(Object.keys(loadedLocales[locale] ?? {}));
      return {
        locale,
        LL: i18nObject(locale),
        setLocale,
        namespaceLoaded,
        hasNamespace: (namespace: Namespaces) => present.has(namespace),
      };
    },
    // revision: a namespace arrived, so LL is made again to see it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale, revision, namespaceLoaded],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18nContext(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18nContext outside I18nProvider');
  return value;
}

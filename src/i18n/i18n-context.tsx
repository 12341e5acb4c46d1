// React binding of the generated translations: the current locale, its message functions (LL) and a
// setter. A locale's messages must be loaded (loadLocaleAsync) before it is set.
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Locales, TranslationFunctions } from './i18n-types';
import { i18nObject } from './i18n-util';

export interface I18nContextValue {
  locale: Locales;
  LL: TranslationFunctions;
  setLocale: (locale: Locales) => void;
}

const I18nContext = createContext<I18nContextValue | null>(null);

export function I18nProvider({ locale: initial, children }: { locale: Locales; children: ReactNode }) {
  const [locale, setLocale] = useState<Locales>(initial);
  const value = useMemo(() => ({ locale, LL: i18nObject(locale), setLocale }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18nContext(): I18nContextValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18nContext outside I18nProvider');
  return value;
}

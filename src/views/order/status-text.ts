// The orders namespace's messages (src/i18n/<locale>/orders) load with the pages that need them, so the
// first route's bundle does not carry them. A translation object made before the namespace arrived does
// not see it, so the messages are read from a fresh one once the namespace is in.
import { useEffect, useMemo, useState } from 'react';
import { useI18nContext } from '../../i18n/i18n-context';
import type { Locales, TranslationFunctions } from '../../i18n/i18n-types';
import { loadNamespaceAsync } from '../../i18n/i18n-util.async';
import { i18nObject } from '../../i18n/i18n-util';

export type OrdersTexts = TranslationFunctions['orders'];

const loaded = new Set<Locales>();

/** Loads the orders messages of a locale (pages call it before they render). */
export async function loadOrdersTexts(locale: Locales): Promise<void> {
  if (loaded.has(locale)) return;
  await loadNamespaceAsync(locale, 'orders');
  loaded.add(locale);
}

/** The orders messages in the current language; null while they load, 'failed' when they cannot. */
export function useOrdersTexts(): OrdersTexts | null | 'failed' {
  const { locale } = useI18nContext();
  const [ready, setReady] = useState<Locales | null>(() => (loaded.has(locale) ? locale : null));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded.has(locale)) {
      setReady(locale);
      return;
    }
    let live = true;
    loadOrdersTexts(locale).then(
      () => {
        if (live) setReady(locale);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return useMemo(() => {
    if (ready === locale) return i18nObject(locale).orders;
    return failed ? 'failed' : null;
  }, [ready, locale, failed]);
}

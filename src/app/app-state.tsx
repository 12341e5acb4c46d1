// App-wide state the composition root owns: the session actor, the shop the customer is in (set when the
// entry flow has loaded it), and the language switch, which loads a locale's messages before showing them.
import { useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ShopInfo } from '../domain/shop';
import { useI18nContext } from '../i18n/i18n-context';
import type { Locales } from '../i18n/i18n-types';
import { namespaces } from '../i18n/i18n-util';
import { loadLocaleAsync, loadNamespaceAsync } from '../i18n/i18n-util.async';
import type { sessionMachine } from '../machines/entry/session.machine';
import { selectLanguage, selectOrderType } from '../machines/entry/session.selectors';
import { storage } from '../services/storage';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;

export interface AppState {
  session: SessionRef;
  shop: ShopInfo | null;
  /** The language the shop's texts are in; after a switch the shell loads them again. */
  shopLocale: Locales | null;
  setShop(shop: ShopInfo | null): void;
  /** Asks the session for another language; the screens follow once its messages are loaded. */
  changeLocale(locale: Locales): void;
}

const AppStateContext = createContext<AppState | null>(null);

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState outside AppStateProvider');
  return state;
}

export function AppStateProvider({ children, session }: { children: ReactNode; session: SessionRef }) {
  const { setLocale, locale, hasNamespace } = useI18nContext();
  const [held, setHeld] = useState<{ shop: ShopInfo | null; locale: Locales | null }>({
    shop: null,
    locale: null,
  });
  const language = useSelector(session, selectLanguage);
  // Replies come in the language of the request, which is the session's language at that moment.
  const setShop = useCallback(
    (shop: ShopInfo | null) =>
      setHeld({ shop, locale: shop ? session.getSnapshot().context.language : null }),
    [session],
  );
  // The session decides the language (saved value on show, the switch on the "my" page); the messages
  // are loaded lazily, so only the active locale is ever downloaded.
  useEffect(() => {
    if (language === locale) return;
    let cancelled = false;
    // The namespaces loaded so far come along, so the page that switched (the "my" tab, whose messages
    // are a namespace) changes language at once instead of loading again; one that cannot load is left to
    // its page.
    const shown = namespaces.filter(hasNamespace);
    void Promise.all([
      loadLocaleAsync(language),
      ...shown.map((namespace) => loadNamespaceAsync(language, namespace).catch(() => undefined)),
    ]).then(() => {
      if (cancelled) return;
      setLocale(language);
      document.documentElement.lang = language;
    });
    return () => {
      cancelled = true;
    };
  }, [language, locale, setLocale, hasNamespace]);

  // The session keeps the order type in memory only; the shop's restore after a reload reads it back.
  const orderType = useSelector(session, selectOrderType);
  const shopId = held.shop?.id ?? null;
  useEffect(() => {
    if (shopId !== null) storage.setOrderType(shopId, orderType);
  }, [shopId, orderType]);

  const changeLocale = useCallback(
    (next: Locales) => session.send({ type: 'session.setLanguage', language: next }),
    [session],
  );
  const value = useMemo(
    () => ({ session, shop: held.shop, shopLocale: held.locale, setShop, changeLocale }),
    [session, held, setShop, changeLocale],
  );
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

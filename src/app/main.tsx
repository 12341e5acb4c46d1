// The composition root: reads the environment, loads only the active locale, starts the session, wires
// the request layer's toasts to the UI and renders the router inside the app's providers.
import '../views/ui/theme.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { I18nProvider, useI18nContext } from '../i18n/i18n-context';
import { loadLocaleAsync } from '../i18n/i18n-util.async';
import { chooseLocale } from '../i18n/locale';
import { configureHttp, type HttpConfig, type Toast } from '../services/http';
import { detectEnvironment, searchMovedIntoHash } from '../services/env';
import { startInspector } from '../services/inspect';
import { storage } from '../services/storage';
import { InspectionContext } from '../views/ui/inspection';
import { ToastProvider, useToast } from '../views/ui/toast';
import { errorText } from '../i18n/error-text';
import { AppStateProvider, useAppState, type SessionRef } from './app-state';
import { CartProvider } from './cart-state';
import { createAppRouter, type AppRouter } from './router';
import { sessionFlow } from './flows/session';

/** What every call says about its caller: the session's language, client type and region. */
const callerOf = (session: SessionRef): Partial<HttpConfig> => ({
  getLanguage: () => session.getSnapshot().context.language,
  getClientTypeCode: () => session.getSnapshot().context.clientTypeCode,
  isOverseas: () => session.getSnapshot().context.isOverseas,
  storage,
});

/** Connects the request layer (which knows no React and no messages) to the toast and the router. */
function RequestLayerBridge({ session, router }: { session: SessionRef; router: AppRouter }) {
  const toast = useToast();
  const { LL } = useI18nContext();
  const { shop } = useAppState();
  const shopId = shop?.id ?? null;
  useEffect(() => {
    const text = (t: Toast) => ('text' in t ? t.text : errorText(LL, t.key));
    configureHttp({
      ...callerOf(session),
      toast: (t) => toast.show(text(t), { tone: 'error' }),
      goToEntry: () => {
        // Spec §8: after a 401 the entry page opens again, for the shop the customer was in.
        session.send({ type: 'session.signedOut' });
        void router.navigate({
          to: '/',
          search: shopId === null ? {} : { id: String(shopId) },
          replace: true,
        });
      },
    });
  }, [toast, LL, session, router, shopId]);
  return null;
}

async function start() {
  const env = detectEnvironment();
  const locale = chooseLocale({ saved: storage.getLanguage(), isOverseas: env.isOverseas });
  const [inspect] = await Promise.all([startInspector(), loadLocaleAsync(locale)]);
  document.documentElement.lang = locale;

  const session = createActor(sessionFlow, {
    input: { platform: env.platform, isKiosk: env.isKiosk, isOverseas: env.isOverseas, language: locale },
    ...(inspect ? { inspect } : {}),
  });
  // The session's first calls (the stored token's customer) already speak for it, before React renders.
  configureHttp(callerOf(session));
  session.start();
  // Spec §4 "Launch and show": coming back to the tab counts as showing the app again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') session.send({ type: 'session.show' });
  });

  // Parameters before the hash join the hash's query, the one place the router reads them from.
  const moved = searchMovedIntoHash(location.href);
  if (moved) history.replaceState(history.state, '', moved);
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <I18nProvider locale={locale}>
        <AppStateProvider session={session}>
          <ToastProvider>
            <RequestLayerBridge session={session} router={router} />
            <CartProvider>
              <InspectionContext value={inspect}>
                <RouterProvider router={router} />
              </InspectionContext>
            </CartProvider>
          </ToastProvider>
        </AppStateProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

void start();

// The first moments of a cold start (decision K50). This module is a script of its own in index.html that
// runs while the app's code is still downloading: it begins the opening page's first reads, which the
// request layer (src/services/http.ts) takes as the answers to its own identical calls, and asks the
// browser for the code only it can name (the messages of the customer's language; the page's code on a
// reload of the confirm page or the menu tab; index.html names a shop link's pages itself). Every choice here is made by the app's own code (the environment, the locale, the entry parameters,
// the entry flow's session step and order type, the request builder, the flows' bodies); what it cannot
// know (where the entry routes, a refused token) it leaves to the app, which then simply asks itself.
import { DEFAULT_PAGE_LIMIT } from '../domain/api/store-limits';
import { codeFor } from '../domain/client-type';
import { DEFAULTS, type OrderType } from '../domain/enums';
import type { SessionInfo } from '../domain/api/user';
import type { ShopInfo } from '../domain/shop';
import type { Locales } from '../i18n/i18n-types';
import { chooseLocale } from '../i18n/locale';
import { parseEntryParams } from '../machines/entry/entry.params';
import { entryOrderType, sessionStep } from '../machines/entry/entry.rules';
import { consumerRequest } from '../services/consumer-request';
import { beginEarlyRead, planEarlyRead } from '../services/early-replies';
import { detectEnvironment, type Environment } from '../services/env';
import { storage } from '../services/storage';
import { paintShopColor } from '../views/ui/color';
import { menuTypesBody, moveSessionBody, openSessionBody, shopBody } from './flows/first-reads';
import type { BuiltPath } from './route-targets';

/** The entry page's paths (router.tsx: entryRoute and its alias). */
const ENTRY_PATHS: readonly BuiltPath[] = ['/', '/pages/index/index'];

/**
 * What the build says the other opening pages and each locale load (vite.config.ts, firstRouteCode; a
 * shop link's pages are preloaded by index.html itself): the files' paths by index, so index.html names
 * each file once.
 */
interface CodeMap {
  files: string[];
  routes: Record<string, number[]>;
  locales: Record<string, number[]>;
}

/** The hash router's path: `#/order/confirm?x=1` is /order/confirm, no hash is the entry page. */
const routeOf = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';

function preloadCode(locale: Locales, path: string) {
  const script = document.querySelector<HTMLScriptElement>('script[data-first-route-code]');
  // The development server has no map: it serves every module on demand.
  if (!script?.dataset.firstRouteCode) return;
  const map = JSON.parse(script.dataset.firstRouteCode) as CodeMap;
  const wanted = new Set([...(map.locales[locale] ?? []), ...(map.routes[path] ?? [])]);
  for (const index of wanted) {
    const file = map.files[index];
    if (!file) continue;
    const link = document.createElement('link');
    // Styles are fetched now and applied when their page's code adds them, as it always does.
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // The same mode as Vite's own links to these files, so the browser reuses what was fetched here.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

async function beginReads(env: Environment, locale: Locales, path: string) {
  const stored = storage.getToken();
  // What the session says about its caller before the entry settles an order type, then the entry's own.
  const request = (action: string, body: unknown, token: string | null, orderType: OrderType) =>
    consumerRequest(action, body, {
      language: locale,
      clientTypeCode: codeFor(env.platform, orderType),
      overseas: env.isOverseas,
      token,
    });

  // A stored token: the session's start reads its customer (session machine, refreshingUser).
  if (stored) beginEarlyRead(request('store/userInfo', {}, stored.value, DEFAULTS.orderType));

  if (!ENTRY_PATHS.includes(path as BuiltPath)) return;
  const parsed = parseEntryParams(env.query);
  if (!parsed.ok || parsed.params.shopId === null) return;
  const { params } = parsed;
  const shopId = params.shopId!;
  // The first paint is in the shop's colour: the last visit's at once, the shop's own as soon as it is read.
  paintShopColor(storage.getShopColor(shopId));
  // The shop and the menu need the session's reply first; the app's calls of them wait for these plans
  // instead of racing them.
  const shopRead = planEarlyRead('store/detail');
  const menuRead = planEarlyRead('store/productTypes');
  try {
    const step = sessionStep(
      shopId,
      stored ? { token: stored.value, shopId: stored.shopId } : null,
      storage.getOpenid(),
    );
    let token = step.step === 'reuse' ? step.token : null;
    if (step.step !== 'reuse') {
      const session = (await beginEarlyRead(
        step.step === 'open'
          ? request('user/h5entry', openSessionBody(step), null, DEFAULTS.orderType)
          : request('user/token', moveSessionBody(step), step.token, DEFAULTS.orderType),
      ).info) as Partial<SessionInfo> | null;
      // A refused token or a failed call: the entry flow decides what comes next.
      if (typeof session?.token !== 'string') return;
      token = session.token;
    }
    const shop = (await shopRead.begin(
      request('store/detail', shopBody({ shopId }), token, DEFAULTS.orderType),
    ).info) as ShopInfo | null;
    if (!shop) return;
    paintShopColor(shop.mainColor);
    // A shop's link usually ends on its menu (decision K22), whose first read goes out under the order
    // type the entry settles on.
    menuRead.begin(
      request(
        'store/productTypes',
        menuTypesBody({ version: null, pageLimit: DEFAULT_PAGE_LIMIT }),
        token,
        entryOrderType(params, shop),
      ),
    );
  } finally {
    // Whatever was not begun is the app's to send (skipping a begun read changes nothing).
    shopRead.skip();
    menuRead.skip();
  }
}

const env = detectEnvironment();
const locale = chooseLocale({ saved: storage.getLanguage(), isOverseas: env.isOverseas });
const path = routeOf(location.hash);
void beginReads(env, locale, path);
preloadCode(locale, path);

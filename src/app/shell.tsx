// The shell around every page: navigation for views, the shop's colour and price format, the toast
// region, the tab bar on tab pages, and the error view when a page's code fails to load.
import { Outlet, useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useRef, type ComponentType, type CSSProperties } from 'react';
import { useI18nContext } from '../i18n/i18n-context';
import { storage } from '../services/storage';
import { mainColorVariables, paintShopColor } from '../views/ui/color';
import { NavigationContext, toSearch, type Navigation } from '../views/ui/navigation';
import { ShopDisplayContext } from '../views/ui/shop-display-context';
import { CardSkeleton, SkeletonRegion } from '../views/ui/skeleton';
import { TabBar } from '../views/ui/tab-bar';
import { ErrorView } from '../views/ui/error-view';
import { Page } from '../views/ui/page';
import { PageHead } from '../views/ui/page-head';
import { useAppState } from './app-state';
import { resolveTarget } from './route-targets';
import { TABS, tabOfPath } from './tabs';

// What only matters once the customer is in a shop loads with the first shop, not with the first page.
// Code that cannot load (offline) leaves the notice out rather than breaking every page.
function lazyOrNothing<P>(load: () => Promise<ComponentType<P>>) {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: (_props: P) => null }),
    ),
  );
}
const ShopRefresh = lazyOrNothing(() => import('./shop-refresh').then((m) => m.ShopRefresh));
const ShopStatusGate = lazyOrNothing(() => import('./shop-status-gate').then((m) => m.ShopStatusGate));
// Loads right after the first page, so it is there before any connection is lost.
const Offline = lazyOrNothing(() => import('./offline').then((m) => m.Offline));

export function useAppNavigation(): Navigation {
  const router = useRouter();
  const { shop } = useAppState();
  return useMemo<Navigation>(
    () => ({
      href: (path, query) => `#${path}${toSearch(query)}`,
      go: (path, query = {}, options) => {
        const target = resolveTarget(path, query);
        void router.navigate({ to: target.path, search: target.query as never, replace: options?.replace });
      },
      back: () => {
        if (router.history.canGoBack()) router.history.back();
        else
          void router.navigate({ to: shop ? '/pages/user/index-tab' : '/pages/store/list', replace: true });
      },
    }),
    [router, shop],
  );
}

export function Shell() {
  const { LL } = useI18nContext();
  const { shop, shopLocale } = useAppState();
  const { locale } = useI18nContext();
  const navigation = useAppNavigation();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const currentTab = tabOfPath(pathname);

  // Before a shop is known the page keeps what the early script painted (the last visit's colour of this
  // shop, or neutral placeholders) instead of the default red.
  const mainColor = shop ? shop.mainColor : null;
  const style = useMemo(
    () => (mainColor !== null ? (mainColorVariables(mainColor) as CSSProperties) : undefined),
    [mainColor],
  );
  useEffect(() => {
    if (!shop) return;
    paintShopColor(shop.mainColor);
    if (shop.mainColor) storage.setShopColor(shop.id, shop.mainColor);
  }, [shop]);
  // Views link with plain anchors (#/path?query) so links stay links for every input method; a plain
  // click is routed through the router's history instead, which keeps its place in history (the page
  // head's back button needs to know whether there is a page to go back to).
  const router = useRouter();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      const href = anchor?.getAttribute('href');
      if (!anchor || !href?.startsWith('#/') || (anchor.target && anchor.target !== '_self')) return;
      event.preventDefault();
      router.history.push(href.slice(1));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);

  // A new page moves the screen reader's and keyboard's place to its content, unless the page itself
  // already put focus somewhere (a search box).
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  useEffect(() => {
    document.title = shop ? `${shop.name} · ${LL.app.title()}` : LL.app.title();
  }, [shop, LL]);

  const display = useMemo(
    () => ({
      currency: shop?.currency ?? 'CNY',
      currencySymbol: shop?.currencySymbol ?? null,
      numberDecimals: shop?.numberDecimals ?? 2,
    }),
    [shop],
  );
  const tabs = useMemo(
    () =>
      TABS.map((tab) => ({ key: tab.key, path: tab.path, icon: tab.icon(shop), label: tab.label(LL, shop) })),
    [LL, shop],
  );

  return (
    <NavigationContext.Provider value={navigation}>
      <ShopDisplayContext.Provider value={display}>
        <div style={style}>
          <a className="skip-link" href="#main" onClick={skipToMain}>
            {LL.app.skipToContent()}
          </a>
          <Suspense fallback={null}>
            <Offline />
          </Suspense>
          <Outlet />
          {currentTab && <TabBar tabs={tabs} current={currentTab.key} />}
          <Suspense fallback={null}>
            {shop && shopLocale !== locale && <ShopRefresh key={locale} shopId={shop.id} />}
            {shop && <ShopStatusGate key={shop.id} shop={shop} visible={ordersHere(pathname)} />}
          </Suspense>
        </div>
      </ShopDisplayContext.Provider>
    </NavigationContext.Provider>
  );
}

/** Pages where the customer orders from the shop, so its open state matters (spec §4 shop status). */
const ordersHere = (path: string) =>
  path === '/pages/user/index-tab' || path === '/pages/user/index-tab-1' || path.startsWith('/product/');

function skipToMain(event: React.MouseEvent<HTMLAnchorElement>) {
  // A hash link would be read as a route by the hash router; move focus instead.
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** A page whose code could not load (offline, new deploy): the async-load error view, reload on click. */
export function RouteError(_props: ErrorComponentProps) {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.app.title()} />}>
      <ErrorView />
    </Page>
  );
}

/** Shown while a page's code is still arriving (after the pending delay). */
export function PagePending() {
  const { LL } = useI18nContext();
  return (
    <Page>
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    </Page>
  );
}

export function NotFound() {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  return (
    <Page head={<PageHead title={LL.errors.pageNotFound()} />}>
      <ErrorView
        message={LL.errors.pageNotFound()}
        onRetry={() => navigation.go('/')}
        actionLabel={LL.errorPage.goHome()}
      />
    </Page>
  );
}

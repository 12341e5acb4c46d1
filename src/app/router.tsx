// The hash router: code-based routes, one lazily loaded module per page (route code splitting), and the
// query props of spec §2 checked by zod. `/` and `/pages/index/index` are both the entry page.
import type { ComponentType } from 'react';
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { PAGE_LOAD_TIMEOUT_MS, PAGE_PENDING_DELAY_MS, withTimeout } from './page-load';
import { Shell, RouteError, NotFound, PagePending } from './shell';
import {
  emptySearch,
  entrySearch,
  errorSearch,
  loginSearch,
  orderSuccessSearch,
  orderDetailSearch,
  tabSearch,
  couponClaimSearch,
  promoCodeSearch,
  orderFailSearch,
  gatewayPageSearch,
  payCallbackSearch,
  addressListSearch,
  addressUpdateSearch,
  productTableSearch,
  multiSuccessSearch,
  parseSearch,
  productDetailSearch,
  productIndexSearch,
  productSearchSearch,
  shopSearch,
  stringifySearch,
  webViewSearch,
} from './search';

const lazyPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazyRouteComponent(() => withTimeout(load(), PAGE_LOAD_TIMEOUT_MS));

const rootRoute = createRootRoute({ component: Shell, notFoundComponent: NotFound });

const loadEntry = () => import('./pages/general/entry-page');

export const entryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyPage(loadEntry),
  validateSearch: entrySearch,
});
export const entryAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/index/index',
  component: lazyPage(loadEntry),
  validateSearch: entrySearch,
});
export const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/index/error',
  component: lazyPage(() => import('./pages/general/error-page')),
  validateSearch: errorSearch,
});
export const webViewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/index/web-view',
  component: lazyPage(() => import('./pages/general/web-view-page')),
  validateSearch: webViewSearch,
});
export const emptyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/index/empty',
  component: lazyPage(() => import('./pages/general/empty-page')),
  validateSearch: emptySearch,
});
export const storeListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/store/list',
  component: lazyPage(() => import('./pages/general/store-list-page')),
});
export const storeIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/store/index',
  component: lazyPage(() => import('./pages/general/store-index-page')),
  validateSearch: shopSearch,
});
export const homeTabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/index-tab',
  component: lazyPage(() => import('./pages/general/home-tab-page')),
});
export const selectionTabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/index-tab-1',
  component: lazyPage(() => import('./pages/product/selection-tab-page')),
  validateSearch: productIndexSearch,
});
export const centerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/center',
  component: lazyPage(() => import('./pages/user/center-page')),
});
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/login',
  component: lazyPage(() => import('./pages/user/login-page')),
  validateSearch: loginSearch,
});
export const infoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/info',
  component: lazyPage(() => import('./pages/user/info-page')),
});
export const productIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/product/index',
  component: lazyPage(() => import('./pages/product/product-index-page')),
  validateSearch: productIndexSearch,
});
export const productDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/product/detail',
  component: lazyPage(() => import('./pages/product/product-detail-page')),
  validateSearch: productDetailSearch,
});
export const productSearchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/product/search',
  component: lazyPage(() => import('./pages/product/product-search-page')),
  validateSearch: productSearchSearch,
});

export const orderConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/confirm',
  component: lazyPage(() => import('./pages/order/order-confirm-page')),
  // An appointment's confirm page names its service and time (read in the page's chunk); the cart's none.
  validateSearch: (search: Record<string, unknown>) => search,
});
// The technician and time of an appointment (decision A30): the query names the service, and is read in the
// page's own chunk.
export const orderSelectServiceUserRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/select-service-user',
  component: lazyPage(() => import('./pages/appointment/select-service-user-page')),
  validateSearch: (search: Record<string, unknown>) => search,
});
// Open table (issue 15): the shared tab of a table, and its bill once asked for.
export const orderTabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/order',
  component: lazyPage(() => import('./pages/open-table/tab-page')),
  validateSearch: tabSearch,
});
export const orderBillRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/confirmed-order',
  component: lazyPage(() => import('./pages/open-table/bill-page')),
  validateSearch: tabSearch,
});
export const orderListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/order/list',
  component: lazyPage(() => import('./pages/order/order-list-page')),
});
export const orderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/order/detail',
  component: lazyPage(() => import('./pages/order/order-detail-page')),
  validateSearch: orderDetailSearch,
});
export const orderSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/success',
  component: lazyPage(() => import('./pages/order/order-success-page')),
  validateSearch: orderSuccessSearch,
});
export const orderFailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/fail',
  component: lazyPage(() => import('./pages/order/order-fail-page')),
  validateSearch: orderFailSearch,
});
export const orderStripePayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/stripe-pay',
  component: lazyPage(() => import('./pages/order/order-stripe-pay-page')),
  validateSearch: gatewayPageSearch,
});
export const orderAllinPayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/allin-pay',
  component: lazyPage(() => import('./pages/order/order-allin-pay-page')),
  validateSearch: gatewayPageSearch,
});
export const orderAllinPayCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/allin-pay-callback',
  component: lazyPage(() => import('./pages/order/order-allin-pay-callback-page')),
  validateSearch: payCallbackSearch,
});

export const addressListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/address/list',
  component: lazyPage(() => import('./pages/address/address-list-page')),
  validateSearch: addressListSearch,
});
export const addressAddRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/address/add',
  component: lazyPage(() => import('./pages/address/address-add-page')),
});
// Location pick: a new address whose form opens on the map when a browser map key is configured.
export const addressPoiRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/address/poi',
  component: lazyPage(() => import('./pages/address/address-poi-page')),
});
export const addressUpdateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/address/update',
  component: lazyPage(() => import('./pages/address/address-update-page')),
  validateSearch: addressUpdateSearch,
});

export const productTableRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/product/table',
  component: lazyPage(() => import('./pages/product/product-table-page')),
  validateSearch: productTableSearch,
});

export const orderMultiConfirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/multi-confirm',
  component: lazyPage(() => import('./pages/order/order-multi-confirm-page')),
});
export const orderMultiSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/multi-success',
  component: lazyPage(() => import('./pages/order/order-multi-success-page')),
  validateSearch: multiSuccessSearch,
});

// Coupons and offers (decisions C40-C41 on the routes the spec does not name), one module for the five.
const loadCouponPages = () => import('./pages/coupon/coupon-pages');
export const couponListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/coupon/list',
  component: lazyPage(loadCouponPages),
});
export const couponDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/coupon/detail',
  component: lazyPage(loadCouponPages),
  // { id }: the same reader as the order detail's, so the first route carries no new one.
  validateSearch: orderDetailSearch,
});
export const couponClaimRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/coupon/claim',
  component: lazyPage(loadCouponPages),
  validateSearch: couponClaimSearch,
});
export const activityListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/activity/list',
  component: lazyPage(loadCouponPages),
});
export const promoCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/search-activity-by-code',
  component: lazyPage(loadCouponPages),
  validateSearch: promoCodeSearch,
});

// Red bags (decision C100): the expandable red bag a link names, and the order red bags.
export const expandRedBagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/product/expand-red-bag',
  component: lazyPage(() => import('./pages/coupon/expand-red-bag-page')),
  // Passed on as it comes and read in the page's own chunk (red-bag-link.ts), so no reader of it weighs on
  // the first route.
  validateSearch: (search: Record<string, unknown>) => search,
});
export const timesRedBagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/coupon/times-red-bag',
  component: lazyPage(() => import('./pages/coupon/times-red-bag-page')),
});

// The member card's money (decision M120): top-up, its result and the two transaction lists. Each page reads
// its own query in its chunk, so the first route carries no reader of it.
export const memberRechargeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/recharge',
  component: lazyPage(() => import('./pages/member/recharge-page')),
  validateSearch: (search: Record<string, unknown>) => search,
});
export const memberChargeSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/charge-success',
  component: lazyPage(() => import('./pages/member/charge-success-page')),
  validateSearch: (search: Record<string, unknown>) => search,
});
export const memberDocRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/doc',
  component: lazyPage(() => import('./pages/member/doc-page')),
});
export const memberPointConsumeListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/point-consume-list',
  component: lazyPage(() => import('./pages/member/point-consume-list-page')),
});
// The member's limit cards and their uses (decisions M150–M169), each page with its own reads in its chunk.
export const memberLimitCardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/limit-card',
  component: lazyPage(() => import('./pages/member/limit-card-page')),
});
export const memberLimitCardHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/limit-card-history',
  component: lazyPage(() => import('./pages/member/limit-card-history-page')),
  validateSearch: (search: Record<string, unknown>) => search,
});

// The points mall (decisions M140-M143): three lazy pages sharing one view module; each reads its own query.
export const pointStoreRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/point-store/point-store',
  component: lazyPage(() => import('./pages/member/point-store-page')),
});
export const pointStoreDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/point-store/coupon-detail',
  component: lazyPage(() => import('./pages/member/point-store-detail-page')),
  validateSearch: (search: Record<string, unknown>) => search,
});
export const pointExchangeSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/point-store/exchange-success',
  component: lazyPage(() => import('./pages/member/exchange-success-page')),
  validateSearch: (search: Record<string, unknown>) => search,
});

// The member area and the shop-text user pages (decisions M40-M79), one module for all but the member code,
// whose page carries the QR and barcode libraries in its own chunk.
const loadMemberPages = () => import('./pages/member/member-pages');
// Generic in the path, so each route keeps its literal path in the router's types.
const memberRoute = <TPath extends string>(path: TPath) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyPage(loadMemberPages) });
export const memberIndexRoute = memberRoute('/member/index');
export const memberRegisterRoute = memberRoute('/member/register');
export const memberEditRoute = memberRoute('/member/edit');
export const memberEditPayPasswordRoute = memberRoute('/member/edit-paypassword');
export const memberForgotPayPasswordRoute = memberRoute('/member/forgot-paypassword');
export const memberStoreListRoute = memberRoute('/member/store-list');
export const protocolRoute = memberRoute('/pages/user/protocol');
export const contactShopRoute = memberRoute('/pages/user/contact-shop');
export const wechatGroupRoute = memberRoute('/pages/user/wechat-group');
export const memberCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/member/bind-qrcode',
  component: lazyPage(() => import('./pages/member/member-code-page')),
});
// The orders list as tab 2 shows it, under the name WeChat links use.
export const weixinOrderListRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pages/user/order/weixin-order-list',
  component: lazyPage(() => import('./pages/order/order-list-page')),
});

const routeTree = rootRoute.addChildren([
  entryRoute,
  entryAliasRoute,
  errorRoute,
  webViewRoute,
  emptyRoute,
  storeListRoute,
  storeIndexRoute,
  homeTabRoute,
  selectionTabRoute,
  centerRoute,
  loginRoute,
  infoRoute,
  productIndexRoute,
  productDetailRoute,
  productSearchRoute,
  orderConfirmRoute,
  orderSelectServiceUserRoute,
  orderSuccessRoute,
  orderTabRoute,
  orderBillRoute,
  orderListRoute,
  orderDetailRoute,
  orderFailRoute,
  orderStripePayRoute,
  orderAllinPayRoute,
  orderAllinPayCallbackRoute,
  addressListRoute,
  addressAddRoute,
  addressUpdateRoute,
  addressPoiRoute,
  productTableRoute,
  orderMultiConfirmRoute,
  orderMultiSuccessRoute,
  couponListRoute,
  couponDetailRoute,
  couponClaimRoute,
  activityListRoute,
  promoCodeRoute,
  expandRedBagRoute,
  timesRedBagRoute,
  memberRechargeRoute,
  memberChargeSuccessRoute,
  memberDocRoute,
  memberPointConsumeListRoute,
  memberLimitCardRoute,
  memberLimitCardHistoryRoute,
  pointStoreRoute,
  pointStoreDetailRoute,
  pointExchangeSuccessRoute,
  memberIndexRoute,
  memberRegisterRoute,
  memberEditRoute,
  memberEditPayPasswordRoute,
  memberForgotPayPasswordRoute,
  memberStoreListRoute,
  memberCodeRoute,
  protocolRoute,
  contactShopRoute,
  wechatGroupRoute,
  weixinOrderListRoute,
]);

export function createAppRouter() {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PagePending,
    defaultPendingMs: PAGE_PENDING_DELAY_MS,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

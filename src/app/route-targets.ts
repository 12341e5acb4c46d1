// Where a route named by the spec lands while its page is not built yet: the one place that maps a target
// the machines emit (entry routing, member jumps) onto the nearest page that exists.
export const BUILT_PATHS = [
  '/',
  '/pages/index/index',
  '/pages/index/error',
  '/pages/index/web-view',
  '/pages/index/empty',
  '/pages/store/list',
  '/pages/store/index',
  '/pages/user/index-tab',
  '/pages/user/index-tab-1',
  '/pages/user/center',
  '/pages/user/login',
  '/pages/user/info',
  '/product/index',
  '/product/detail',
  '/product/search',
  '/order/confirm',
  '/order/order',
  '/order/confirmed-order',
  '/order/select-service-user',
  '/order/success',
  '/order/fail',
  '/order/stripe-pay',
  '/order/allin-pay',
  '/order/allin-pay-callback',
  '/pages/user/address/list',
  '/pages/user/address/add',
  '/pages/user/address/update',
  '/pages/user/address/poi',
  '/product/table',
  '/order/multi-confirm',
  '/order/multi-success',
  '/pages/user/order/list',
  '/pages/user/order/detail',
  '/product/expand-red-bag',
  '/pages/user/coupon/times-red-bag',
  '/member/recharge',
  '/member/charge-success',
  '/member/doc',
  '/member/point-consume-list',
  '/member/limit-card',
  '/member/limit-card-history',
  '/member/point-store/point-store',
  '/member/point-store/coupon-detail',
  '/member/point-store/exchange-success',
  '/member/index',
  '/member/register',
  '/member/edit',
  '/member/edit-paypassword',
  '/member/forgot-paypassword',
  '/member/store-list',
  '/member/bind-qrcode',
  '/pages/user/protocol',
  '/pages/user/contact-shop',
  '/pages/user/wechat-group',
  '/pages/user/order/weixin-order-list',
] as const;
export type BuiltPath = (typeof BUILT_PATHS)[number];

export type Query = Record<string, string | number | boolean | null | undefined>;
export interface Target {
  path: BuiltPath;
  query: Query;
}

/** Spec routes without a page yet, and the page that stands in for each (keeping the useful query). */
const NEAREST: Record<string, (query: Query) => Target> = {
  // Appointment booking: the selection tab, which lists a beauty shop's services.
  '/pages/appointment/index': () => ({ path: '/pages/user/index-tab-1', query: {} }),
};

export const isBuiltPath = (path: string): path is BuiltPath =>
  (BUILT_PATHS as readonly string[]).includes(path);

export function resolveTarget(path: string, query: Query = {}): Target {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (isBuiltPath(clean)) return { path: clean, query };
  const nearest = NEAREST[clean];
  if (nearest) return nearest(query);
  return { path: '/pages/index/error', query: { reason: 'pageNotFound' } };
}

// How a flow asks the app to move: machines never import the router; they emit `navigate` and the app
// (src/app) maps the spec route onto a page, or onto the nearest built page where one does not exist yet.

/** Spec §2 routes the machines send the customer to. */
export type AppRoute =
  | '/pages/store/list'
  | '/pages/user/index-tab'
  | '/pages/user/index-tab-1'
  | '/pages/user/order/list'
  | '/pages/user/center'
  | '/member/index'
  | '/product/index'
  | '/product/table'
  | '/product/expand-red-bag'
  | '/product/detail'
  | '/order/confirm'
  | '/order/order'
  | '/order/confirmed-order'
  | '/order/select-service-user'
  | '/order/success'
  | '/order/fail'
  | '/order/multi-confirm'
  | '/order/multi-success'
  | '/pages/user/order/detail'
  | '/pages/user/address/list'
  | '/pages/user/address/add'
  | '/pages/user/address/update'
  | '/pages/user/address/poi';

export type RouteQuery = Record<string, string | number | boolean>;

export interface NavigationTarget {
  route: AppRoute;
  query: RouteQuery;
}

export interface NavigateEvent {
  type: 'navigate';
  to: NavigationTarget;
  /** true: replace the current history entry (the entry page must not be "back"-able). */
  replace: boolean;
}

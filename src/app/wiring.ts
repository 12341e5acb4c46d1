// Every flow with its real services, in one object: for tests that drive the wired flows and for pages
// not yet moved to their own flow module. Pages import the flows they use from ./flows/<flow>, so each
// page's chunk carries only its own flows and the first page only session, entry and shop status.
import { addressBookFlow } from './flows/address-book';
import { addressEditorFlow } from './flows/address-editor';
import { cartFlow } from './flows/cart';
import { catalogFlow } from './flows/catalog';
import { checkoutFlow } from './flows/checkout';
import { entryFlow } from './flows/entry';
import { multiConfirmFlow } from './flows/multi-confirm';
import { orderConfirmFlow } from './flows/order-confirm';
import { productChoiceFlow } from './flows/product-choice';
import { productSearchFlow } from './flows/product-search';
import { pullToRefreshFlow } from './flows/pull-to-refresh';
import { sessionFlow } from './flows/session';
import { shopDetailFlow } from './flows/shop-detail';
import { shopStatusFlow } from './flows/shop-status';
import { smsLoginFlow } from './flows/sms-login';
import { storeListFlow } from './flows/store-list';
import { tableEntryFlow } from './flows/table-entry';
import { userInfoFlow } from './flows/user-info';

export { clock } from './clock';
export { newIdempotencyKey } from './idempotency-key';

export const machines = {
  session: sessionFlow,
  entry: entryFlow,
  shopStatus: shopStatusFlow,
  smsLogin: smsLoginFlow,
  pullToRefresh: pullToRefreshFlow,
  catalog: catalogFlow,
  productSearch: productSearchFlow,
  productChoice: productChoiceFlow,
  storeList: storeListFlow,
  shopDetail: shopDetailFlow,
  cart: cartFlow,
  orderConfirm: orderConfirmFlow,
  checkout: checkoutFlow,
  multiConfirm: multiConfirmFlow,
  tableEntry: tableEntryFlow,
  addressBook: addressBookFlow,
  addressEditor: addressEditorFlow,
  userInfo: userInfoFlow,
};

export type Machines = typeof machines;

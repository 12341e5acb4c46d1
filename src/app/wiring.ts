// The composition of flows and services: every machine with its real actors plugged in (spec flows in
// src/machines, I/O in src/services). Pages start these with createActor; tests provide fakes instead.
import { fromPromise } from 'xstate';
import type { SessionInfo } from '../domain/api/user';
import { cartMachine } from '../machines/cart.machine';
import { catalogMachine } from '../machines/catalog.machine';
import { checkoutMachine } from '../machines/checkout.machine';
import { entryMachine, type TableRouting } from '../machines/entry.machine';
import { orderConfirmMachine } from '../machines/order-confirm.machine';
import { productChoiceMachine } from '../machines/product-choice.machine';
import { productSearchMachine } from '../machines/product-search.machine';
import { pullToRefreshMachine } from '../machines/pull-to-refresh.machine';
import { resourceMachine } from '../machines/resource.machine';
import { sessionMachine } from '../machines/session.machine';
import { shopStatusMachine } from '../machines/shop-status.machine';
import { smsLoginMachine } from '../machines/sms-login.machine';
import { deliveryApi } from '../services/api/delivery';
import { orderApi, rejectionOf } from '../services/api/order';
import { storeApi, type StoreInput } from '../services/api/store';
import { tableApi } from '../services/api/table';
import { userApi } from '../services/api/user';
import { isLocale } from '../services/env';
import { storage } from '../services/storage';

/** Keeps a new session: the token (24 hours, for this shop) and the identity the server issued. */
function keepSession(session: Pick<SessionInfo, 'token' | 'shopId' | 'openid'>): void {
  storage.setToken(session.token, session.shopId);
  storage.setOpenid(session.openid);
}

/**
 * Open-table routing reads the table's status. table/getTableInfo names no open orders on the table, so
 * an ordering or occupied table routes as one without this customer's orders (spec §2 rule 5's fallback).
 */
async function loadTable({ tableId }: { tableId: number | string }): Promise<TableRouting> {
  const table = await tableApi.getTableInfo({ tableId });
  const status = table.nStatus === 1 || table.nStatus === 2 ? table.nStatus : 0;
  return { status, firstOrderId: null, hasUserOrders: false };
}

/** A fresh idempotency key for an order submission (one per confirm page visit). */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The clock flows read the shop's day and hours from. */
export const clock = () => new Date();

export const machines = {
  session: sessionMachine.provide({
    actors: {
      clearLaunchFlags: fromPromise(async () => storage.clearLaunchFlags()),
      restore: fromPromise(async () => {
        const saved = storage.getLanguage();
        return { hasToken: storage.getToken() !== null, language: isLocale(saved) ? saved : null };
      }),
      loadUserInfo: fromPromise(() => userApi.userInfo({ toast: false })),
      saveLanguage: fromPromise(async ({ input }) => storage.setLanguage(input.language)),
      signOut: fromPromise(async () => storage.clearToken()),
    },
  }),

  entry: entryMachine.provide({
    actors: {
      openSession: fromPromise(async ({ input }) => {
        const session = await userApi.h5entry({ id: input.shopId, openid: input.openid });
        keepSession(session);
        return session;
      }),
      moveSession: fromPromise(async ({ input }) => {
        // A refused old token is not the customer's concern: the flow opens a fresh session instead.
        const session = await userApi.token({ id: input.shopId, token: input.token }, { toast: false });
        keepSession(session);
        return session;
      }),
      loadShop: fromPromise(({ input }) => storeApi.detail({ appId: input.shopId })),
      loadTable: fromPromise(({ input }) => loadTable(input)),
    },
  }),

  shopStatus: shopStatusMachine,

  smsLogin: smsLoginMachine.provide({
    actors: {
      // The login page shows SMS failures inline, so the request layer's own toasts are off.
      checkQuota: fromPromise(() => userApi.getSmsQuantity({ toast: false })),
      sendCode: fromPromise(({ input }) =>
        userApi.sendSmsCode({ phone: input.phone, code: input.areaCode }, { toast: false }),
      ),
      logIn: fromPromise(async ({ input }) => {
        const session = await userApi.h5Login(
          { phone: input.phone, code: input.code, areaCode: input.areaCode },
          { toast: false },
        );
        keepSession(session);
        return session;
      }),
    },
  }),

  /** The page supplies what a pull refreshes: `machines.pullToRefresh.provide({ actors: { refresh } })`. */
  pullToRefresh: pullToRefreshMachine,

  catalog: catalogMachine.provide({
    actors: {
      loadTypes: fromPromise(({ input }) => storeApi.productTypes({ version: input.version ?? undefined })),
      loadChunk: fromPromise(({ input }) =>
        storeApi.productsChunk({
          type: 'category',
          typeId: input.typeId,
          page: input.page,
          pageLimit: input.pageLimit,
          version: input.version ?? undefined,
        }),
      ),
    },
  }),

  productSearch: productSearchMachine.provide({
    actors: {
      search: fromPromise(({ input }) =>
        storeApi.productSearch({ searchText: input.searchText, version: input.version ?? undefined }),
      ),
    },
  }),

  productChoice: productChoiceMachine.provide({
    actors: { loadProduct: fromPromise(({ input }) => storeApi.productDetail({ id: input.id })) },
  }),

  /** store/list: params are the call's input ({} or { chainId }). */
  storeList: resourceMachine.provide({
    actors: { load: fromPromise(({ input }) => storeApi.list((input ?? {}) as StoreInput<'list'>)) },
  }),

  /** store/detail: params are { appId }. */
  shopDetail: resourceMachine.provide({
    actors: { load: fromPromise(({ input }) => storeApi.detail(input as StoreInput<'detail'>)) },
  }),

  /** One shop's cart; input `saved` is `storage.getCart(shopId)`, so a reload restores it. */
  cart: cartMachine.provide({
    actors: { saveCart: fromPromise(async ({ input }) => storage.setCart(input)) },
  }),

  orderConfirm: orderConfirmMachine.provide({
    actors: {
      loadTaxes: fromPromise(() => storeApi.productTaxes({})),
      // The stock dialog names the product itself: no toast for the shortfall.
      checkStock: fromPromise(({ input }) => storeApi.checkStock(input, { toast: false })),
    },
  }),

  checkout: checkoutMachine.provide({
    actors: {
      loadPayOptions: fromPromise(async ({ input }) =>
        (await storeApi.paySetting({ orderType: input.orderType })).payTypes,
      ),
      // Field errors are shown on the field, so business toasts are off for the form's calls.
      measureDistance: fromPromise(({ input }) =>
        deliveryApi.getDistance({ addressId: input.addressId }, { toast: false }),
      ),
      loadTable: fromPromise(({ input }) => tableApi.getTableInfo({ tableId: input.tableId }, { toast: false })),
      submitOrder: fromPromise(async ({ input }) => {
        try {
          return { placed: await orderApi.confirm(input, { toast: false }) };
        } catch (error) {
          const rejection = rejectionOf(error);
          if (rejection) return { rejection };
          throw error;
        }
      }),
      clearCart: fromPromise(async ({ input }) => storage.clearCart(input.shopId)),
    },
  }),

  /** store/userInfo: no params. */
  userInfo: resourceMachine.provide({
    actors: { load: fromPromise<unknown, unknown>(() => userApi.userInfo()) },
  }),
};

export type Machines = typeof machines;

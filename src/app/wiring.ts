// The composition of flows and services: every machine with its real actors plugged in (spec flows in
// src/machines, I/O in src/services). Pages start these with createActor; tests provide fakes instead.
import { fromPromise } from 'xstate';
import type { SessionInfo } from '../domain/api/user';
import { catalogMachine } from '../machines/catalog.machine';
import { entryMachine, type TableRouting } from '../machines/entry.machine';
import { productChoiceMachine } from '../machines/product-choice.machine';
import { productSearchMachine } from '../machines/product-search.machine';
import { pullToRefreshMachine } from '../machines/pull-to-refresh.machine';
import { resourceMachine } from '../machines/resource.machine';
import { sessionMachine } from '../machines/session.machine';
import { shopStatusMachine } from '../machines/shop-status.machine';
import { smsLoginMachine } from '../machines/sms-login.machine';
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

async function loadTable({ tableId }: { tableId: number }): Promise<TableRouting> {
  const { table, orders } = await tableApi.getTableInfo({ tableId });
  const first = orders[0] ?? null;
  const mine = first
    ? await tableApi.userOrders({ orderId: first.id }, { toast: false }).catch(() => [])
    : [];
  return { status: table.nStatus, firstOrderId: first?.id ?? null, hasUserOrders: mine.length > 0 };
}

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

  /** store/userInfo: no params. */
  userInfo: resourceMachine.provide({
    actors: { load: fromPromise<unknown, unknown>(() => userApi.userInfo()) },
  }),
};

export type Machines = typeof machines;

// The entry page (`/`, alias pages/index/index): check the entry parameters, obtain a session, load the
// shop setting and route by the six rules of spec §2 "Entry routing after the shop setting loads".
// The machine decides the target route; the app knows which pages exist and maps the rest.
import { assign, emit, setup } from 'xstate';
import type { GetTableInfoInput } from '../../domain/api/table';
import type { SessionInfo } from '../../domain/api/user';
import type { OrderType } from '../../domain/enums';
import { Industry } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import { parseEntryParams, type EntryParams } from './entry.params';
import { entryOrderType, sessionStep, type StoredSession } from './entry.rules';
import type { NavigateEvent, NavigationTarget } from '../shared/navigation';
import { SHOP_NOT_FOUND } from '../../domain/api/envelope';
import { errorMessage, notProvided, refusalReason } from '../shared/not-provided';

export { entryOrderType, type StoredSession } from './entry.rules';

export interface EntryInput {
  query: Record<string, string | undefined>;
  isKiosk: boolean;
  /** A stored, unexpired token and the shop it belongs to. */
  storedSession: StoredSession | null;
  /** This browser's device id (src/services/storage.ts). */
  openid: string;
  viewedExpandRedBagIds: readonly number[];
}

/** Open-table routing facts (spec §2 rule 5). */
export interface TableRouting {
  /** 0 idle, 1 ordering (a tab is open on the table), 2 occupied (its bill was asked for). */
  status: 0 | 1 | 2;
  /** The table's live tab when this customer is one of its guests (table/getTableInfo `myTabId`). */
  myTabId: number | null;
}

export type EntryErrorReason = 'invalidParam' | 'missingTable' | 'unknownShop' | 'session' | 'shop' | 'table';

export interface EntryError {
  reason: EntryErrorReason;
  /** The parameter that was refused. */
  param?: string;
  /** Text from the request layer, when a call failed. */
  message?: string;
}

export interface EntryContext {
  input: EntryInput;
  params: EntryParams | null;
  token: string | null;
  shop: ShopInfo | null;
  orderType: OrderType;
  table: TableRouting | null;
  target: NavigationTarget | null;
  error: EntryError | null;
}

export type EntryEvent = { type: 'entry.retry' };

export interface EntryReady {
  type: 'entry.ready';
  params: EntryParams;
  shop: ShopInfo;
  token: string;
  orderType: OrderType;
}

export type EntryEmitted =
  | EntryReady
  | NavigateEvent
  /** Spec §2 rule 1 shows each expand red bag once: the app records it as viewed. */
  | { type: 'expandRedBag.shown'; id: number };

type Params = EntryParams;

/** The session step of the entry's shop (./entry.rules.ts). */
const stepOf = (context: EntryContext) =>
  sessionStep(context.params!.shopId!, context.input.storedSession, context.input.openid);

/** table/getTableInfo's input: the id or code when the link has one, else the printed number. */
const tableLookup = (params: Params): GetTableInfoInput =>
  params.tableId !== null || params.tableCode !== null
    ? { tableId: params.tableId ?? params.tableCode! }
    : { tableNo: params.tableNo! };

const tableQuery = (params: Params) => ({
  ...(params.tableId !== null ? { table: params.tableId } : {}),
  ...(params.tableCode !== null ? { table: params.tableCode } : {}),
  ...(params.tableNo !== null ? { tableNo: params.tableNo } : {}),
});

export const entryMachine = setup({
  types: {
    input: {} as EntryInput,
    context: {} as EntryContext,
    events: {} as EntryEvent,
    emitted: {} as EntryEmitted,
  },
  actors: {
    /** user/h5entry: a new session for the shop and this openid or device id. */
    openSession: notProvided<SessionInfo, { shopId: number; openid: string }>('openSession'),
    /** user/token: the stored token, moved to this shop. */
    moveSession: notProvided<SessionInfo, { shopId: number; token: string }>('moveSession'),
    /** store/detail */
    loadShop: notProvided<ShopInfo, { shopId: number }>('loadShop'),
    /** table/getTableInfo and the customer's orders on the table. */
    loadTable: notProvided<TableRouting, GetTableInfoInput>('loadTable'),
  },
  guards: {
    paramsAreValid: ({ context }) => context.params !== null,
    // No shop has the link's id (the server says so): no retry can open it.
    isUnknownShop: (_, params: { error: unknown }) => refusalReason(params.error) === SHOP_NOT_FOUND.reason,
    hasNoShop: ({ context }) => context.params?.shopId === null,
    hasTokenForShop: ({ context }) => stepOf(context).step === 'reuse',
    hasTokenForOtherShop: ({ context }) => stepOf(context).step === 'move',
    hasToken: ({ context }) => context.token !== null,
    showsExpandRedBag: ({ context }) => {
      const id = context.shop?.expandRedBagId ?? null;
      return (
        id !== null &&
        !context.input.viewedExpandRedBagIds.includes(id) &&
        !context.params!.fromOld &&
        context.orderType !== 'openTable'
      );
    },
    wantsMemberCentre: ({ context }) => context.params!.toVipCenter,
    isScanSharedOrAutoAdd: ({ context }) =>
      context.orderType === 'dine' ||
      context.params!.shareProductId !== null ||
      context.params!.autoAddProductId !== null,
    /** Dine with only the printed table number (`table_no`): it must be looked up before the cart holds it. */
    isDineByTableNo: ({ context }) =>
      context.orderType === 'dine' &&
      context.params!.tableNo !== null &&
      context.params!.tableId === null &&
      context.params!.tableCode === null,
    isBeautyShop: ({ context }) => context.shop!.industry === Industry.beauty,
    isOpenTable: ({ context }) => context.orderType === 'openTable',
    hasTableParam: ({ context }) =>
      context.params!.tableId !== null ||
      context.params!.tableCode !== null ||
      context.params!.tableNo !== null,
    isKiosk: ({ context }) => context.input.isKiosk,
    homeIsDefault: ({ context }) => context.shop!.homeSetting.defaultPage === 'home',
    tableIsIdle: ({ context }) => context.table!.status === 0,
    isTabGuest: ({ context }) => context.table!.myTabId !== null,
  },
  actions: {
    parseParams: assign(({ context }) => {
      const parsed = parseEntryParams(context.input.query);
      return parsed.ok
        ? { params: parsed.params, error: null }
        : { params: null, error: { reason: 'invalidParam' as const, param: parsed.param } };
    }),
    reuseStoredToken: assign(({ context }) => ({ token: context.input.storedSession!.token })),
    storeSession: assign((_, params: { session: SessionInfo }) => ({ token: params.session.token })),
    storeShop: assign(({ context }, params: { shop: ShopInfo }) => ({
      shop: params.shop,
      orderType: entryOrderType(context.params!, params.shop),
    })),
    storeTable: assign((_, params: { table: TableRouting }) => ({ table: params.table })),
    fail: assign((_, params: EntryError) => ({ error: params })),
    clearError: assign({ error: null }),
    routeTo: assign((_, params: NavigationTarget) => ({ target: params })),
    announceExpandRedBag: emit(({ context }) => ({
      type: 'expandRedBag.shown' as const,
      id: context.shop!.expandRedBagId!,
    })),
    announceReady: emit(({ context }) => ({
      type: 'entry.ready' as const,
      params: context.params!,
      shop: context.shop!,
      token: context.token!,
      orderType: context.orderType,
    })),
    navigate: emit(({ context }) => ({ type: 'navigate' as const, to: context.target!, replace: true })),
  },
}).createMachine({
  id: 'entry',
  context: ({ input }) => ({
    input,
    params: null,
    token: null,
    shop: null,
    orderType: 'takeaway',
    table: null,
    target: null,
    error: null,
  }),
  initial: 'parsing',
  states: {
    parsing: {
      entry: 'parseParams',
      always: [{ guard: { type: 'paramsAreValid' }, target: 'checkingShop' }, { target: 'invalid' }],
    },
    checkingShop: {
      always: [
        // A link without a shop lands on the store list (the customer picks one).
        {
          guard: 'hasNoShop',
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: '/pages/store/list', query: {} } },
        },
        { target: 'session' },
      ],
    },
    session: {
      tags: 'busy',
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: 'hasTokenForShop', target: '#entry.loadingShop', actions: 'reuseStoredToken' },
            { guard: 'hasTokenForOtherShop', target: 'moving' },
            { target: 'opening' },
          ],
        },
        moving: {
          invoke: {
            src: 'moveSession',
            input: ({ context }) => ({
              shopId: context.params!.shopId!,
              token: context.input.storedSession!.token,
            }),
            onDone: {
              target: '#entry.loadingShop',
              actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
            },
            // The stored token was refused (expired elsewhere): start a fresh session instead.
            onError: 'opening',
          },
        },
        opening: {
          invoke: {
            src: 'openSession',
            input: ({ context }) => ({
              shopId: context.params!.shopId!,
              // The link's openid names nobody (decision S1): the browser's own device id opens the session.
              openid: context.input.openid,
            }),
            onDone: {
              target: '#entry.loadingShop',
              actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isUnknownShop', params: ({ event }) => ({ error: event.error }) },
                target: '#entry.invalid',
                actions: { type: 'fail', params: { reason: 'unknownShop' } },
              },
              {
                target: '#entry.failed',
                actions: {
                  type: 'fail',
                  params: ({ event }) => ({ reason: 'session' as const, message: errorMessage(event.error) }),
                },
              },
            ],
          },
        },
      },
    },
    loadingShop: {
      tags: 'busy',
      invoke: {
        src: 'loadShop',
        input: ({ context }) => ({ shopId: context.params!.shopId! }),
        onDone: {
          target: 'routing',
          actions: { type: 'storeShop', params: ({ event }) => ({ shop: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUnknownShop', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'fail', params: { reason: 'unknownShop' } },
          },
          {
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) => ({ reason: 'shop' as const, message: errorMessage(event.error) }),
            },
          },
        ],
      },
    },
    routing: {
      always: [
        {
          guard: 'showsExpandRedBag',
          target: 'leaving',
          actions: [
            {
              type: 'routeTo',
              params: ({ context }) => ({
                route: '/product/expand-red-bag' as const,
                query: { id: context.shop!.expandRedBagId! },
              }),
            },
            'announceExpandRedBag',
          ],
        },
        {
          guard: 'wantsMemberCentre',
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: '/member/index', query: {} } },
        },
        // A link with only the printed table number: the table page looks it up (or says "table number
        // not found"), asks the headcount and then opens the menu for that table (rule 3).
        {
          guard: 'isDineByTableNo',
          target: 'leaving',
          actions: {
            type: 'routeTo',
            params: ({ context }) => ({
              route: '/product/table' as const,
              query: { tableNo: context.params!.tableNo! },
            }),
          },
        },
        {
          guard: 'isScanSharedOrAutoAdd',
          target: 'leaving',
          actions: {
            type: 'routeTo',
            params: ({ context }) => ({
              route: '/product/index' as const,
              query: {
                ...tableQuery(context.params!),
                ...(context.params!.shareProductId !== null
                  ? { productId: context.params!.shareProductId }
                  : {}),
                ...(context.params!.autoAddProductId !== null
                  ? { autoAdd: context.params!.autoAddProductId }
                  : {}),
              },
            }),
          },
        },
        {
          guard: 'isBeautyShop',
          target: 'leaving',
          actions: {
            type: 'routeTo',
            params: { route: '/pages/user/index-tab-1', query: { orderType: 'appointment' } },
          },
        },
        { guard: 'isOpenTable', target: 'openTable' },
        {
          guard: 'isKiosk',
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: '/product/index', query: { mode: 'cart' } } },
        },
        {
          guard: 'homeIsDefault',
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: '/pages/user/index-tab', query: {} } },
        },
        {
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: '/pages/user/index-tab-1', query: {} } },
        },
      ],
    },
    openTable: {
      always: [
        { guard: 'hasTableParam', target: 'loadingTable' },
        { target: 'invalid', actions: { type: 'fail', params: { reason: 'missingTable', param: 'table' } } },
      ],
    },
    loadingTable: {
      tags: 'busy',
      invoke: {
        src: 'loadTable',
        input: ({ context }) => tableLookup(context.params!),
        onDone: {
          target: 'routingTable',
          actions: { type: 'storeTable', params: ({ event }) => ({ table: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ reason: 'table' as const, message: errorMessage(event.error) }),
          },
        },
      },
    },
    routingTable: {
      always: [
        {
          guard: 'tableIsIdle',
          target: 'leaving',
          actions: {
            type: 'routeTo',
            params: ({ context }) => ({
              route: '/product/table' as const,
              query: { ...tableQuery(context.params!), status: 0 },
            }),
          },
        },
        // Ordering or occupied, the customer's own tab opens; anyone else may join it from the table page.
        {
          guard: 'isTabGuest',
          target: 'leaving',
          actions: {
            type: 'routeTo',
            params: ({ context }) => ({
              route: '/order/order' as const,
              query: { id: context.table!.myTabId! },
            }),
          },
        },
        {
          target: 'leaving',
          actions: {
            type: 'routeTo',
            params: ({ context }) => ({
              route: '/product/table' as const,
              query: { ...tableQuery(context.params!), status: 1 },
            }),
          },
        },
      ],
    },
    leaving: {
      always: [{ guard: 'hasToken', target: 'done', actions: 'announceReady' }, { target: 'done' }],
    },
    done: {
      type: 'final',
      entry: 'navigate',
    },
    invalid: {
      tags: 'error',
    },
    failed: {
      tags: 'error',
      on: {
        'entry.retry': { target: 'session', actions: 'clearError' },
      },
    },
  },
});

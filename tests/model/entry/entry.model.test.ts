// The entry model that QA replays in Chromium (qa/models/entry.model.ts), walked here against the real entry
// machine over every scenario: each model scenario has its fixture below (the link, the shop, the stored
// session, the calls that fail), the demo ones and those the demo shops cannot reach alike.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionInfo } from '../../../src/domain/api/user';
import type { OrderType } from '../../../src/domain/enums';
import type { ShopInfo } from '../../../src/domain/shop';
import {
  entryMachine,
  type EntryEmitted,
  type EntryErrorReason,
  type StoredSession,
  type TableRouting,
} from '../../../src/machines/entry/entry.machine';
import * as select from '../../../src/machines/entry/entry.selectors';
import type { NavigationTarget } from '../../../src/machines/shared/navigation';
import {
  ENTRY_EVENTS,
  entryModel as model,
  type EntryScenario as ScenarioName,
} from '../../../qa/models/entry.model';
import { SHOP_NOT_FOUND } from '../../../src/domain/api/envelope';
import { makeShop } from '../fixtures/shop';
import { coveragePaths, settle } from '../support';

interface Scenario {
  query: Record<string, string>;
  shop?: Partial<ShopInfo>;
  stored?: StoredSession;
  viewed?: number[];
  kiosk?: boolean;
  table?: TableRouting;
  /** Calls that fail the first time they are made. */
  failOnce?: 'openSession' | 'moveSession' | 'loadShop' | 'loadTable';
  /** A call that fails every time, with the server's message. */
  failAlways?: { call: 'openSession'; message: string };
  /** Where the customer lands (routed outcomes of the model). */
  target?: NavigationTarget;
  /** After a retry (failed outcomes). */
  retryTarget?: NavigationTarget;
  reason?: EntryErrorReason;
  param?: string;
  orderType?: OrderType;
  /** The token the session ends up with and which call produced it. */
  session?: { token: string; via: 'stored' | 'moveSession' | 'openSession'; openid?: string };
}

const TAB1: NavigationTarget = { route: '/pages/user/index-tab-1', query: {} };

const SCENARIOS = {
  // Rule 1: an expand red bag not viewed before, unless old mode or open-table.
  redBag: {
    query: { shop_id: '1' },
    shop: { expandRedBagId: 5 },
    target: { route: '/product/expand-red-bag', query: { id: 5 } },
  },
  redBagViewed: {
    query: { shop_id: '1' },
    shop: { expandRedBagId: 5 },
    viewed: [5],
    target: TAB1,
  },
  redBagOldMode: {
    query: { shop_id: '1', fromOld: '1' },
    shop: { expandRedBagId: 5 },
    target: TAB1,
  },
  // Rule 2: the member-centre flag.
  memberCentre: {
    query: { id: '1', to_vip_center: '1' },
    target: { route: '/member/index', query: {} },
  },
  // Rule 3: scan or dine, a shared product, auto-add.
  dine: {
    query: { shop_id: '1', isDine: '1', table: '12', table_no: 'A3' },
    orderType: 'dine',
    target: { route: '/product/index', query: { table: 12, tableNo: 'A3' } },
  },
  // A printed table number only (table_no): dine-in, and the table page looks the number up.
  dineByTableNo: {
    query: { shop_id: '1', table_no: 'A12' },
    orderType: 'dine',
    target: { route: '/product/table', query: { tableNo: 'A12' } },
  },
  // With a table code too, the code names the table (the number is only what is printed).
  dineByCodeAndTableNo: {
    query: { shop_id: '1', table: 'tblCodeA12x', table_no: 'A12' },
    orderType: 'dine',
    target: { route: '/product/index', query: { table: 'tblCodeA12x', tableNo: 'A12' } },
  },
  sharedProduct: {
    query: { shop_id: '1', share_product_id: '77' },
    target: { route: '/product/index', query: { productId: 77 } },
  },
  autoAdd: {
    query: { shop_id: '1', auto_add_product_id: '78' },
    target: { route: '/product/index', query: { autoAdd: 78 } },
  },
  // Rule 4: beauty shops.
  beauty: {
    query: { shop_id: '1' },
    shop: { industry: 4 },
    orderType: 'appointment',
    target: { route: '/pages/user/index-tab-1', query: { orderType: 'appointment' } },
  },
  // Rule 5: open-table by table status.
  tableIdle: {
    query: { shop_id: '1', source_type: 'openTable', table: '3' },
    shop: { expandRedBagId: 5 },
    table: { status: 0, myTabId: null },
    orderType: 'openTable',
    target: { route: '/product/table', query: { table: 3, status: 0 } },
  },
  tableIdleByNumber: {
    query: { shop_id: '1', source_type: 'openTable', table_no: 'A12' },
    table: { status: 0, myTabId: null },
    orderType: 'openTable',
    target: { route: '/product/table', query: { tableNo: 'A12', status: 0 } },
  },
  // Ordering: a guest of the tab goes back to it, anyone else is offered to join it.
  tableOrdering: {
    query: { shop_id: '1', source_type: 'openTable', table: '3' },
    table: { status: 1, myTabId: null },
    target: { route: '/product/table', query: { table: 3, status: 1 } },
  },
  tableOrderingMine: {
    query: { shop_id: '1', source_type: 'openTable', table: '3' },
    table: { status: 1, myTabId: 900 },
    target: { route: '/order/order', query: { id: 900 } },
  },
  // Occupied (the bill was asked for): the same.
  tableBusyMine: {
    query: { shop_id: '1', source_type: 'openTable', table: '3' },
    table: { status: 2, myTabId: 901 },
    target: { route: '/order/order', query: { id: 901 } },
  },
  tableBusyOthers: {
    query: { shop_id: '1', source_type: 'openTable', table: '3' },
    table: { status: 2, myTabId: null },
    target: { route: '/product/table', query: { table: 3, status: 1 } },
  },
  tableMissing: {
    query: { shop_id: '1', source_type: 'openTable' },
    reason: 'missingTable',
    param: 'table',
  },
  // Rule 6.
  kiosk: {
    query: { shop_id: '1' },
    kiosk: true,
    target: { route: '/product/index', query: { mode: 'cart' } },
  },
  homeDefault: {
    query: { shop_id: '1' },
    shop: { homeSetting: { defaultPage: 'home', banners: [] } },
    target: { route: '/pages/user/index-tab', query: {} },
  },
  plain: { query: { shop_id: '1' }, target: TAB1, orderType: 'takeaway' },
  // Links without or with bad parameters.
  noShop: { query: {}, target: { route: '/pages/store/list', query: {} } },
  badShopId: { query: { shop_id: '12abc' }, reason: 'invalidParam', param: 'shop_id' },
  conflictingShopIds: {
    query: { id: '1', shop_id: '2' },
    reason: 'invalidParam',
    param: 'shop_id',
  },
  badTable: {
    query: { shop_id: '1', table: '-4' },
    reason: 'invalidParam',
    param: 'table',
  },
  badFlag: {
    query: { shop_id: '1', isDine: 'maybe' },
    reason: 'invalidParam',
    param: 'isDine',
  },
  // Obtaining a session.
  tokenSameShop: {
    query: { shop_id: '1' },
    stored: { token: 'T-stored', shopId: 1 },
    target: TAB1,
    session: { token: 'T-stored', via: 'stored' },
  },
  tokenOtherShop: {
    query: { shop_id: '1' },
    stored: { token: 'T-stored', shopId: 2 },
    target: TAB1,
    session: { token: 'T-moved', via: 'moveSession' },
  },
  tokenRefused: {
    query: { shop_id: '1' },
    stored: { token: 'T-stored', shopId: 2 },
    failOnce: 'moveSession',
    target: TAB1,
    session: { token: 'T-new', via: 'openSession', openid: 'device-1' },
  },
  // An entry link's openid names nobody: the browser's own device id opens the session (decision S1).
  linkOpenid: {
    query: { shop_id: '1', openid: 'wx-abc' },
    target: TAB1,
    session: { token: 'T-new', via: 'openSession', openid: 'device-1' },
  },
  // Failures the customer can retry.
  sessionRefused: {
    query: { shop_id: '1' },
    failOnce: 'openSession',
    reason: 'session',
    retryTarget: TAB1,
  },
  shopUnreachable: {
    query: { shop_id: '1' },
    failOnce: 'loadShop',
    reason: 'shop',
    retryTarget: TAB1,
  },
  tableUnreachable: {
    query: { shop_id: '1', source_type: 'openTable', table: '3' },
    table: { status: 0, myTabId: null },
    failOnce: 'loadTable',
    reason: 'table',
    retryTarget: { route: '/product/table', query: { table: 3, status: 0 } },
  },
  unknownShop: {
    query: { shop_id: '999' },
    failAlways: { call: 'openSession', message: '店铺不存在。' },
    reason: 'unknownShop',
  },
} satisfies Record<ScenarioName, Scenario>;

const scenario = (name: ScenarioName): Scenario => SCENARIOS[name];

/** The request layer's error for the server's "no such shop" refusal (src/services/http.ts HttpError). */
const shopNotFound = (message: string) =>
  Object.assign(new Error(message), { name: 'HttpError', kind: 'business', info: SHOP_NOT_FOUND });

function open(name: ScenarioName) {
  const sc = scenario(name);
  const calls: { name: string; input: unknown }[] = [];
  const failed = new Set<string>();
  const shouldFail = (call: string) => {
    if (sc.failAlways?.call === call) return true;
    if (sc.failOnce === call && !failed.has(call)) {
      failed.add(call);
      return true;
    }
    return false;
  };
  const session = (token: string): SessionInfo => ({
    token,
    expiresAt: '2030-01-01T00:00:00Z',
    openid: 'device-1',
    shopId: 1,
    customerId: 9,
    isMember: false,
  });
  const emitted: EntryEmitted[] = [];
  const actor = createActor(
    entryMachine.provide({
      actors: {
        openSession: fromPromise(async ({ input }) => {
          calls.push({ name: 'openSession', input });
          if (shouldFail('openSession'))
            throw sc.failAlways ? shopNotFound(sc.failAlways.message) : new Error('session refused');
          return session('T-new');
        }),
        moveSession: fromPromise(async ({ input }) => {
          calls.push({ name: 'moveSession', input });
          if (shouldFail('moveSession')) throw new Error('token refused');
          return session('T-moved');
        }),
        loadShop: fromPromise(async ({ input }) => {
          calls.push({ name: 'loadShop', input });
          if (shouldFail('loadShop')) throw new Error('network');
          return makeShop({ id: input.shopId, ...sc.shop });
        }),
        loadTable: fromPromise(async ({ input }) => {
          calls.push({ name: 'loadTable', input });
          if (shouldFail('loadTable')) throw new Error('network');
          return sc.table!;
        }),
      },
    }),
    {
      input: {
        query: sc.query,
        isKiosk: sc.kiosk ?? false,
        storedSession: sc.stored ?? null,
        openid: 'device-1',
        viewedExpandRedBagIds: sc.viewed ?? [],
      },
    },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

describe('entry (model-based)', () => {
  for (const path of coveragePaths(model, ENTRY_EVENTS)) {
    it(path.description, async () => {
      let run: ReturnType<typeof open> | null = null;
      const navigations = () => run!.emitted.filter((e) => e.type === 'navigate');
      const expectLanded = (sc: Scenario, target: NavigationTarget) => {
        const s = run!.actor.getSnapshot();
        expect(s.status).toBe('done');
        expect(select.selectTarget(s)).toEqual(target);
        expect(navigations()).toEqual([{ type: 'navigate', to: target, replace: true }]);
        if (target.route === '/pages/store/list') {
          expect(run!.calls).toEqual([]);
          return;
        }
        const ready = run!.emitted.filter((e) => e.type === 'entry.ready');
        expect(ready).toHaveLength(1);
        if (sc.orderType) expect(ready[0]!.type === 'entry.ready' && ready[0]!.orderType).toBe(sc.orderType);
        if (sc.session) {
          expect(ready[0]!.type === 'entry.ready' && ready[0]!.token).toBe(sc.session.token);
          const sessionCalls = run!.calls.filter((c) => c.name === 'openSession' || c.name === 'moveSession');
          if (sc.session.via === 'stored') expect(sessionCalls).toEqual([]);
          else expect(sessionCalls.at(-1)!.name).toBe(sc.session.via);
          if (sc.session.openid) {
            expect(sessionCalls.at(-1)!.input).toEqual({ shopId: 1, openid: sc.session.openid });
          }
        }
        const shownRedBag = run!.emitted.some((e) => e.type === 'expandRedBag.shown');
        expect(shownRedBag).toBe(target.route === '/product/expand-red-bag');
      };
      await path.run({
        states: {
          start: () => expect(run).toBeNull(),
          routed: ({ context }) => {
            const sc = scenario(context.scenario as ScenarioName);
            expectLanded(sc, sc.target!);
          },
          invalid: ({ context }) => {
            const sc = scenario(context.scenario as ScenarioName);
            const s = run!.actor.getSnapshot();
            expect(select.selectIsInvalid(s)).toBe(true);
            expect(select.selectCanRetry(s)).toBe(false);
            expect(select.selectEntryError(s)).toEqual({ reason: sc.reason, param: sc.param });
            expect(navigations()).toEqual([]);
          },
          failed: ({ context }) => {
            const sc = scenario(context.scenario as ScenarioName);
            const s = run!.actor.getSnapshot();
            expect(select.selectCanRetry(s)).toBe(true);
            expect(select.selectEntryError(s)?.reason).toBe(sc.reason);
            expect(navigations()).toEqual([]);
          },
          retried: ({ context }) => {
            const sc = scenario(context.scenario as ScenarioName);
            expectLanded(sc, sc.retryTarget!);
          },
        },
        events: {
          OPEN: async ({ scenario: name }) => {
            run = open(name);
            await settle();
          },
          RETRY: async () => {
            run!.actor.send({ type: 'entry.retry' });
            await settle();
          },
        },
      });
    });
  }
});

describe('entry with a printed table number', () => {
  it('looks an open table up by the number printed on it', async () => {
    const run = open('tableIdleByNumber');
    await settle();
    expect(run.calls.filter((c) => c.name === 'loadTable')).toEqual([
      { name: 'loadTable', input: { tableNo: 'A12' } },
    ]);
    run.actor.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import type { OrderType } from '../../src/domain/enums';
import {
  shopStatusMachine,
  type ShopStatusEmitted,
  type StatusShop,
} from '../../src/machines/shop-status.machine';
import * as select from '../../src/machines/shop-status.selectors';
import { makeShop } from './fixtures/shop';
import { coveragePaths } from './support';

type Outcome = 'normal' | 'expired' | 'stopped' | 'closed' | 'outsideHours';

interface Scenario {
  shop: Partial<StatusShop>;
  orderType: OrderType;
  overseas?: boolean;
  /** What the customer sees. */
  outcome: Outcome;
  /** In old mode (after a fastfood confirm) the expiry no longer blocks: what shows then. */
  whenOld?: Outcome;
  /** After confirming the expiry dialog. */
  onConfirm?: 'acknowledged' | 'normal' | 'closed';
}

const OPEN: StatusShop = makeShop({ industry: 1 });
/** 12:00 in Shanghai (the fixture shop's zone). */
const NOON = Date.parse('2026-01-05T04:00:00Z');

const SCENARIOS = {
  open: { shop: {}, orderType: 'takeaway', outcome: 'normal' },
  expiredRetail: {
    shop: { realShopStatus: 0 },
    orderType: 'takeaway',
    outcome: 'expired',
    whenOld: 'normal',
    onConfirm: 'acknowledged',
  },
  stoppedFastfood: {
    shop: { realShopStatus: -1, industry: 2 },
    orderType: 'takeaway',
    outcome: 'stopped',
    whenOld: 'normal',
    onConfirm: 'normal',
  },
  expiredFastfoodScanOff: {
    shop: { realShopStatus: 0, industry: 2, openScanSwitch: false },
    orderType: 'takeaway',
    outcome: 'expired',
    whenOld: 'normal',
    onConfirm: 'closed',
  },
  expiredOverseas: { shop: { realShopStatus: 0 }, orderType: 'takeaway', overseas: true, outcome: 'normal' },
  expiredOpenTable: {
    shop: { realShopStatus: -1, openShop: false, selfCollection: false },
    orderType: 'openTable',
    outcome: 'normal',
  },
  dineScanOff: { shop: { openScanSwitch: false }, orderType: 'dine', outcome: 'closed' },
  dineScanOn: { shop: { openShop: false, selfCollection: false }, orderType: 'dine', outcome: 'normal' },
  takeawayPickupOnly: { shop: { openShop: false }, orderType: 'takeaway', outcome: 'normal' },
  takeawayBothOff: {
    shop: { openShop: false, selfCollection: false },
    orderType: 'takeaway',
    outcome: 'closed',
  },
  pickupBothOff: {
    shop: { openShop: false, selfCollection: false },
    orderType: 'selfPickup',
    outcome: 'closed',
  },
  takeawayAfterHours: {
    shop: { businessTimeRange: [{ start: '17:00', end: '22:00' }] },
    orderType: 'takeaway',
    outcome: 'outsideHours',
  },
  takeawayOvernightHours: {
    shop: { businessTimeRange: [{ start: '22:00', end: '13:00' }] },
    orderType: 'takeaway',
    outcome: 'normal',
  },
  dineOutsideScanHours: {
    shop: {
      scanOrderBusinessHours: {
        businessMode: 'daily',
        businessScanOrderHours: [],
        businessDailyHours: [{ day: 1, isOpen: false, businessHours: [{ start: '09:00', end: '21:00' }] }],
      },
    },
    orderType: 'dine',
    outcome: 'outsideHours',
  },
  closedOverseas: {
    shop: { openShop: false, selfCollection: false },
    orderType: 'takeaway',
    overseas: true,
    outcome: 'normal',
  },
} satisfies Record<string, Scenario>;

type Name = keyof typeof SCENARIOS;
const NAMES = Object.keys(SCENARIOS) as Name[];
const scenario = (name: Name): Scenario => SCENARIOS[name];
const shopOf = (name: Name): StatusShop => ({ ...OPEN, ...scenario(name).shop });

type ModelEvent =
  | { type: 'OPEN'; scenario: Name }
  | { type: 'UPDATE'; scenario: Name }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' };
interface ModelContext {
  scenario: Name | null;
  overseas: boolean;
  oldMode: boolean;
}

/** What shows for a scenario on an actor that is (or is not) overseas and (or is not) in old mode. */
const expected = (name: Name, overseas: boolean, oldMode: boolean): Outcome => {
  const sc = scenario(name);
  if (overseas) return 'normal';
  return oldMode && sc.whenOld ? sc.whenOld : sc.outcome;
};

const UPDATES: Name[] = [
  'open',
  'expiredRetail',
  'stoppedFastfood',
  'dineScanOff',
  'takeawayBothOff',
  'takeawayAfterHours',
];

const to = (outcome: Outcome, action: 'open' | 'update') => ({
  guard: { type: 'shows' as const, params: outcome },
  target: `#shopStatusModel.shown.${outcome}`,
  actions: action,
});

/** The customer's view of the notice: none, the expiry/stop dialog, the closed notice, or a read notice. */
const model = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  guards: {
    shows: ({ context, event }, outcome: Outcome) => {
      if (event.type === 'OPEN')
        return expected(event.scenario, scenario(event.scenario).overseas ?? false, false) === outcome;
      if (event.type === 'UPDATE')
        return expected(event.scenario, context.overseas, context.oldMode) === outcome;
      return false;
    },
    confirmLeadsTo: ({ context }, target: 'acknowledged' | 'normal' | 'closed') =>
      scenario(context.scenario!).onConfirm === target,
  },
  actions: {
    open: assign(({ event }) =>
      event.type === 'OPEN'
        ? { scenario: event.scenario, overseas: scenario(event.scenario).overseas ?? false, oldMode: false }
        : {},
    ),
    update: assign(({ event }) => (event.type === 'UPDATE' ? { scenario: event.scenario } : {})),
    enterOldMode: assign({ oldMode: true }),
  },
}).createMachine({
  id: 'shopStatusModel',
  context: { scenario: null, overseas: false, oldMode: false },
  initial: 'start',
  states: {
    start: {
      on: {
        OPEN: [
          to('normal', 'open'),
          to('expired', 'open'),
          to('stopped', 'open'),
          to('closed', 'open'),
          to('outsideHours', 'open'),
        ],
      },
    },
    shown: {
      on: {
        UPDATE: [
          to('normal', 'update'),
          to('expired', 'update'),
          to('stopped', 'update'),
          to('closed', 'update'),
          to('outsideHours', 'update'),
        ],
      },
      initial: 'normal',
      states: {
        normal: {},
        expired: {
          on: {
            CONFIRM: [
              {
                guard: { type: 'confirmLeadsTo', params: 'normal' },
                target: 'normal',
                actions: 'enterOldMode',
              },
              {
                guard: { type: 'confirmLeadsTo', params: 'closed' },
                target: 'closed',
                actions: 'enterOldMode',
              },
              { target: 'acknowledged' },
            ],
          },
        },
        stopped: {
          on: {
            CONFIRM: [
              {
                guard: { type: 'confirmLeadsTo', params: 'normal' },
                target: 'normal',
                actions: 'enterOldMode',
              },
              {
                guard: { type: 'confirmLeadsTo', params: 'closed' },
                target: 'closed',
                actions: 'enterOldMode',
              },
              { target: 'acknowledged' },
            ],
          },
        },
        closed: { on: { DISMISS: 'acknowledged' } },
        outsideHours: { on: { DISMISS: 'acknowledged' } },
        acknowledged: {},
      },
    },
  },
});

const EVENTS: ModelEvent[] = [
  ...NAMES.map((name) => ({ type: 'OPEN' as const, scenario: name })),
  ...UPDATES.map((name) => ({ type: 'UPDATE' as const, scenario: name })),
  { type: 'CONFIRM' },
  { type: 'DISMISS' },
];

describe('shopStatus (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      let actor: ReturnType<typeof start> | null = null;
      const emitted: ShopStatusEmitted[] = [];
      function start(name: Name) {
        const sc = scenario(name);
        const a = createActor(shopStatusMachine, {
          input: {
            shop: shopOf(name),
            orderType: sc.orderType,
            isOverseas: sc.overseas ?? false,
            fromOld: false,
            now: NOON,
          },
        });
        a.on('*', (e) => emitted.push(e));
        return a.start();
      }
      const snap = () => actor!.getSnapshot();
      await path.run({
        states: {
          start: () => expect(actor).toBeNull(),
          'shown.normal': () => {
            expect(select.selectCanOrder(snap())).toBe(true);
            expect(select.selectDialog(snap())).toBeNull();
          },
          'shown.expired': () => {
            expect(select.selectCanOrder(snap())).toBe(false);
            expect(select.selectDialog(snap())).toBe('expired');
          },
          'shown.stopped': () => {
            expect(select.selectCanOrder(snap())).toBe(false);
            expect(select.selectDialog(snap())).toBe('stopped');
          },
          'shown.closed': () => {
            expect(select.selectCanOrder(snap())).toBe(false);
            expect(select.selectDialog(snap())).toBe('closed');
          },
          'shown.outsideHours': () => {
            expect(select.selectCanOrder(snap())).toBe(false);
            expect(select.selectDialog(snap())).toBe('outsideHours');
          },
          'shown.acknowledged': () => {
            expect(select.selectCanOrder(snap())).toBe(false);
            expect(select.selectDialog(snap())).toBeNull();
          },
        },
        events: {
          OPEN: ({ scenario: name }) => {
            actor = start(name);
          },
          UPDATE: ({ scenario: name }) => {
            actor!.send({
              type: 'shopStatus.update',
              shop: shopOf(name),
              orderType: scenario(name).orderType,
              now: NOON,
            });
          },
          CONFIRM: () => {
            const before = emitted.length;
            const switches = select.selectConfirmSwitchesToDine(snap());
            actor!.send({ type: 'shopStatus.confirm' });
            expect(emitted.slice(before)).toEqual(
              switches ? [{ type: 'orderType.set', orderType: 'dine' }, { type: 'oldMode.set' }] : [],
            );
            if (switches) {
              expect(select.selectOrderType(snap())).toBe('dine');
              expect(select.selectFromOld(snap())).toBe(true);
            }
          },
          DISMISS: () => {
            actor!.send({ type: 'shopStatus.dismiss' });
          },
        },
      });
    });
  }
});

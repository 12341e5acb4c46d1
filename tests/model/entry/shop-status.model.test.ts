// The shop status model that QA replays in Chromium (qa/models/shop-status.model.ts), walked here against the
// real shop status machine over every scenario and update: each model scenario has its fixture shop and
// order type below, the demo ones and those the demo shops cannot show alike.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { OrderType } from '../../../src/domain/enums';
import {
  shopStatusMachine,
  type ShopStatusEmitted,
  type StatusShop,
} from '../../../src/machines/entry/shop-status.machine';
import * as select from '../../../src/machines/entry/shop-status.selectors';
import {
  SHOP_STATUS_EVENTS as EVENTS,
  shopStatusModel as model,
  shopStatusScenario,
  type ShopStatusScenario as Name,
} from '../../../qa/models/shop-status.model';
import { makeShop } from '../fixtures/shop';
import { coveragePaths } from '../support';

interface Fixture {
  shop: Partial<StatusShop>;
  orderType: OrderType;
}

const OPEN: StatusShop = makeShop({ industry: 1 });
/** 12:00 in Shanghai (the fixture shop's zone). */
const NOON = Date.parse('2026-01-05T04:00:00Z');

const FIXTURES = {
  open: { shop: {}, orderType: 'takeaway' },
  expiredRetail: { shop: { realShopStatus: 0 }, orderType: 'takeaway' },
  // As the Paris bakery: pickup and table ordering, no delivery.
  expiredFastfood: { shop: { realShopStatus: 0, industry: 2, openShop: false }, orderType: 'selfPickup' },
  stoppedFastfood: { shop: { realShopStatus: -1, industry: 2 }, orderType: 'takeaway' },
  expiredFastfoodScanOff: {
    shop: { realShopStatus: 0, industry: 2, openScanSwitch: false },
    orderType: 'takeaway',
  },
  expiredOverseas: { shop: { realShopStatus: 0 }, orderType: 'takeaway' },
  expiredOpenTable: {
    shop: { realShopStatus: -1, openShop: false, selfCollection: false },
    orderType: 'openTable',
  },
  dineScanOff: { shop: { openScanSwitch: false }, orderType: 'dine' },
  dineScanOn: { shop: { openShop: false, selfCollection: false }, orderType: 'dine' },
  takeawayPickupOnly: { shop: { openShop: false }, orderType: 'takeaway' },
  takeawayBothOff: { shop: { openShop: false, selfCollection: false }, orderType: 'takeaway' },
  pickupBothOff: { shop: { openShop: false, selfCollection: false }, orderType: 'selfPickup' },
  takeawayAfterHours: {
    shop: { businessTimeRange: [{ start: '17:00', end: '22:00' }] },
    orderType: 'takeaway',
  },
  takeawayOvernightHours: {
    shop: { businessTimeRange: [{ start: '22:00', end: '13:00' }] },
    orderType: 'takeaway',
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
  },
  closedOverseas: { shop: { openShop: false, selfCollection: false }, orderType: 'takeaway' },
} satisfies Record<Name, Fixture>;

const fixture = (name: Name): Fixture => FIXTURES[name];
const shopOf = (name: Name): StatusShop => ({ ...OPEN, ...fixture(name).shop });

describe('shopStatus (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      let actor: ReturnType<typeof start> | null = null;
      const emitted: ShopStatusEmitted[] = [];
      function start(name: Name) {
        const a = createActor(shopStatusMachine, {
          input: {
            shop: shopOf(name),
            orderType: fixture(name).orderType,
            isOverseas: shopStatusScenario(name).overseas ?? false,
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
              orderType: fixture(name).orderType,
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

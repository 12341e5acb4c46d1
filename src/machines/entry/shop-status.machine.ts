// Whether the customer can order now (spec §4 "Shop status"): an expired or stopped shop shows a dialog
// (a fastfood shop's customer may confirm it to order at the table in old mode), a closed shop a notice.
// Open-table and overseas shops always count as normal.
import { assign, emit, setup } from 'xstate';
import { Industry, type OrderType } from '../../domain/enums';
import { isShopOpenNow, type ShopHours } from '../../domain/hours';
import type { ShopInfo } from '../../domain/shop';

export type StatusShop = Pick<ShopInfo, 'realShopStatus' | 'industry'> & ShopHours;

export interface ShopStatusInput {
  shop: StatusShop;
  orderType: OrderType;
  isOverseas: boolean;
  /** Opened from the old entry (or already confirmed into old mode). */
  fromOld: boolean;
  /** Epoch milliseconds the hours are read at; the view sends a fresh one with each update. */
  now: number;
}

export type ShopStatusContext = ShopStatusInput;

export type ShopStatusEvent =
  | { type: 'shopStatus.update'; shop?: StatusShop; orderType?: OrderType; now?: number }
  | { type: 'shopStatus.confirm' }
  | { type: 'shopStatus.dismiss' };

export type ShopStatusEmitted = { type: 'orderType.set'; orderType: OrderType } | { type: 'oldMode.set' };

/** realShopStatus: 1 operating, 0 expired, -1 stopped. */
export const isShopExpired = (shop: StatusShop) => shop.realShopStatus === 0 || shop.realShopStatus === -1;

/** Spec §4: dine needs the scan switch; takeaway-like modes need openShop or selfCollection. */
export function isShopClosed(shop: StatusShop, orderType: OrderType): boolean {
  switch (orderType) {
    case 'openTable':
      return false;
    case 'dine':
      return !shop.openScanSwitch;
    default:
      return !shop.openShop && !shop.selfCollection;
  }
}

export const shopStatusMachine = setup({
  types: {
    input: {} as ShopStatusInput,
    context: {} as ShopStatusContext,
    events: {} as ShopStatusEvent,
    emitted: {} as ShopStatusEmitted,
  },
  guards: {
    isAlwaysNormal: ({ context }) => context.isOverseas || context.orderType === 'openTable',
    isExpired: ({ context }) => !context.fromOld && isShopExpired(context.shop),
    isClosed: ({ context }) => isShopClosed(context.shop, context.orderType),
    isOutsideHours: ({ context }) => !isShopOpenNow(context.shop, context.orderType, new Date(context.now)),
    isFastfood: ({ context }) => context.shop.industry === Industry.fastfood,
  },
  actions: {
    applyUpdate: assign(
      ({ context }, params: { shop?: StatusShop; orderType?: OrderType; now?: number }) => ({
        shop: params.shop ?? context.shop,
        orderType: params.orderType ?? context.orderType,
        now: params.now ?? context.now,
      }),
    ),
    switchToDineInOldMode: assign({ orderType: 'dine' as OrderType, fromOld: true }),
    announceDine: emit({ type: 'orderType.set', orderType: 'dine' }),
    announceOldMode: emit({ type: 'oldMode.set' }),
  },
}).createMachine({
  id: 'shopStatus',
  context: ({ input }) => ({ ...input }),
  on: {
    'shopStatus.update': {
      target: '.checking',
      reenter: true,
      actions: {
        type: 'applyUpdate',
        params: ({ event }) => ({ shop: event.shop, orderType: event.orderType, now: event.now }),
      },
    },
  },
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'isAlwaysNormal', target: 'normal' },
        { guard: 'isExpired', target: 'expired' },
        { guard: 'isClosed', target: 'closed' },
        { guard: 'isOutsideHours', target: 'outsideHours' },
        { target: 'normal' },
      ],
    },
    normal: {},
    expired: {
      tags: ['blocked', 'dialog'],
      on: {
        'shopStatus.confirm': [
          {
            guard: 'isFastfood',
            target: 'checking',
            actions: ['switchToDineInOldMode', 'announceDine', 'announceOldMode'],
          },
          { target: 'acknowledged' },
        ],
      },
    },
    closed: {
      tags: ['blocked', 'dialog'],
      on: { 'shopStatus.dismiss': 'acknowledged' },
    },
    /** Switched on but outside the hours of this order type (the notice shows the hours). */
    outsideHours: {
      tags: ['blocked', 'dialog'],
      on: { 'shopStatus.dismiss': 'acknowledged' },
    },
    /** The notice was read; ordering stays refused until the shop or the order type changes. */
    acknowledged: {
      tags: 'blocked',
    },
  },
});

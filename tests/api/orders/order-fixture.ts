// Seed and session helpers of the order, address, delivery and table API tests. Chain 8 has shops 80 and
// 81 (one membership); shop 82 stands alone. Shop 80's products each make one order rule observable.
import { expect } from 'vitest';
import type { SeedChain, SeedProduct, SeedShop } from '../../../server/seed/types';
import type { OrderConfirmInput } from '../../../src/domain/api/order';
import { fixtureSettings, fixtureShops } from '../helpers/fixture';
import type { TestApp } from '../helpers';

const text = (en: string, zh: string) => ({ en, zh });

export const SHOP = 80;
export const SISTER = 81;
export const LONE = 82;
export const EXPIRED = 83;
export const CHAIN_MEMBER = '13800008888';

export const P = {
  noodles: 80101, // tracked stock 5, max 10 per order
  tea: 80102, // specs small (stock 3) / large (untracked); required sugar; topping pearls
  set: 80103, // meal set: choose 2 of fries (stock 10), salad, cola (sold out)
  fries: 80104,
  salad: 80105,
  cola: 80106,
  bread: 80107, // untracked, minBuy 2
  flash: 80108, // tracked stock 10: the concurrency item
  soup: 80109, // sold out
  oldDish: 80110, // offline
  dessert: 82102, // shop 82's must-pick category
  water: 80112, // free: nothing to pay
} as const;
export const SPEC = { small: 80601, large: 80602 } as const;
export const TASTE = { sugar: 80701, less: 80711, normal: 80712, topping: 80702, pearls: 80721 } as const;
export const TABLE = { a1: 80801, b1: 80802 } as const;

/** 12:00 in Shanghai, Monday 2 March 2026. */
export const NOON = '2026-03-02T04:00:00Z';
export const TODAY = '2026-03-02';

/** About 1.1 km and 5.6 km from the shop's point (31.2304, 121.4737). */
export const NEAR = { lat: 31.2404, lng: 121.4737 };
export const FAR = { lat: 31.2804, lng: 121.4737 };

const product = (id: number, typeId: number, en: string, price: number, rest: Partial<SeedProduct> = {}) => ({
  id,
  typeId,
  name: text(en, en),
  description: text('', ''),
  image: 'p.png',
  price,
  ...rest,
});

function shop(id: number, chainId: number | null, products: SeedProduct[], extra: Partial<SeedShop> = {}) {
  const base = fixtureShops[0]!;
  return {
    ...base,
    id,
    chainId,
    name: text(`Order shop ${id}`, `点单店 ${id}`),
    // No level discount: members pay the member price or the list price, so the order and payment figures
    // stay round; the better of member price and level discount is priced in tests/unit/pricing.
    memberLevels: [{ id: id * 10 + 1, name: text('Silver', '银卡'), discount: 100, level: 1 }],
    settings: {
      ...fixtureSettings,
      minSellStartAmount: 2000,
      deliveryDistance: 3000,
      deliverAmount: [{ distance: 3000, amount: 500 }],
      nameAndPhoneRequiredByTakeaway: true,
      allowPickupAppointment: true,
      businessTimeRange: [{ start: '09:00', end: '22:00' }],
    },
    productTypes: [
      { id: id * 1000 + 1, name: text('Mains', '主食'), sort: 1 },
      { id: id * 1000 + 2, name: text('Drinks', '饮品'), sort: 2 },
    ],
    products,
    taxes: [{ id: id * 1000 + 91, name: text('VAT', '增值税'), mode: 1 as const, value: 6 }],
    tables: [
      { id: id * 1000 + 801, name: 'A1', area: text('Hall', '大厅'), maxPerson: 4 },
      { id: id * 1000 + 802, name: 'B1', area: text('Terrace', '露台'), maxPerson: 2 },
    ],
    members: [],
    ...extra,
  } satisfies SeedShop;
}

const mains = SHOP * 1000 + 1;
const drinks = SHOP * 1000 + 2;

export const shop80 = shop(SHOP, 8, [
  product(P.noodles, mains, 'Noodles', 1800, {
    stock: 5,
    maxBuy: 10,
    memberPrice: 1500,
    taxIds: [SHOP * 1000 + 91],
  }),
  product(P.tea, drinks, 'Tea', 500, {
    specDimensions: [{ name: text('Size', '杯型'), values: [text('Small', '小杯'), text('Large', '大杯')] }],
    specs: [
      { id: SPEC.small, values: [text('Small', '小杯')], price: 500, stock: 3 },
      { id: SPEC.large, values: [text('Large', '大杯')], price: 700 },
    ],
    tastes: [
      {
        id: TASTE.sugar,
        name: text('Sugar', '甜度'),
        optionType: 4,
        required: true,
        maxChoose: 1,
        options: [
          { id: TASTE.less, name: text('Less', '少糖'), price: 0 },
          { id: TASTE.normal, name: text('Normal', '正常'), price: 0 },
        ],
      },
      {
        id: TASTE.topping,
        name: text('Topping', '加料'),
        optionType: 0,
        required: false,
        maxChoose: 2,
        options: [{ id: TASTE.pearls, name: text('Pearls', '珍珠'), price: 200 }],
      },
    ],
  }),
  product(P.set, mains, 'Lunch set', 3000, {
    mealGroups: [
      {
        id: 80901,
        name: text('Sides', '配菜'),
        chooseCount: 2,
        items: [{ productId: P.fries, price: 100 }, { productId: P.salad }, { productId: P.cola }],
      },
    ],
  }),
  product(P.fries, mains, 'Fries', 900, { stock: 10 }),
  product(P.salad, mains, 'Salad', 1200),
  product(P.cola, drinks, 'Cola', 600, { state: 1 }),
  product(P.bread, mains, 'Bread', 1000, { minBuy: 2 }),
  product(P.flash, mains, 'Flash deal', 2500, { stock: 10 }),
  product(P.soup, mains, 'Soup', 1500, { state: 1 }),
  product(P.oldDish, mains, 'Old dish', 1500, { state: 2 }),
  product(P.water, drinks, 'Water', 0),
]);

export const shop81 = shop(SISTER, 8, [
  product(81101, SISTER * 1000 + 1, 'Sister noodles', 2200, { stock: 5 }),
]);
/** Shop 82: a must-pick category, no dine-in, and no real address (its point is 0,0). */
export const shop82 = shop(
  LONE,
  null,
  [product(82101, LONE * 1000 + 1, 'Rice', 2500), product(P.dessert, LONE * 1000 + 2, 'Pudding', 800)],
  {
    settings: { ...shop80.settings, mustPickTypeId: LONE * 1000 + 2, gpsAddress: { lat: 0, lng: 0 } },
    orderTypes: ['takeaway', 'selfPickup'],
  },
);
/** Shop 83: its service has expired (realShopStatus 0). */
export const shop83 = shop(
  EXPIRED,
  null,
  [product(83101, EXPIRED * 1000 + 1, 'Bread', 1000, { minBuy: 2 })],
  {
    settings: { ...shop80.settings, realShopStatus: 0 },
  },
);

export const orderChains: SeedChain[] = [
  {
    id: 8,
    name: text('Order chain', '点单连锁'),
    members: [
      {
        id: 880,
        phone: CHAIN_MEMBER,
        name: 'Wang Fang',
        levelId: SHOP * 10 + 1,
        cardNo: 'OC-1',
        amount: 0,
        giftAmount: 0,
        points: 0,
      },
    ],
  },
];
// A chain shares one level list: shop 81 repeats shop 80's.
shop81.memberLevels = shop80.memberLevels;

export const orderSeed = { chains: orderChains, shops: [shop80, shop81, shop82, shop83] };

let keySerial = 0;
/** A fresh idempotency key. */
export const newKey = () => `key-${process.pid}-${Date.now().toString(36)}-${(keySerial++).toString(36)}`;

/** A valid self-pickup order of one noodles; override what a test is about. */
export const pickupOrder = (over: Partial<OrderConfirmInput> = {}): OrderConfirmInput => ({
  idempotencyKey: newKey(),
  type: 'selfPickup',
  payType: 'Cash',
  products: [{ id: P.bread, quantity: 2, tastes: [], mealset: [] }],
  pickerName: 'Zhang San',
  pickerPhone: '13700001111',
  pickupTime: { date: TODAY, time: '13:00' },
  ...over,
});

export const takeawayOrder = (over: Partial<OrderConfirmInput> = {}): OrderConfirmInput => ({
  idempotencyKey: newKey(),
  type: 'takeaway',
  payType: 'Card',
  products: [{ id: P.bread, quantity: 3, tastes: [], mealset: [] }],
  contact_address: '100 Test Road',
  contact_address_gps: NEAR,
  contact_name: 'Li Si',
  contact_phone: '13700002222',
  deliveryTime: { date: TODAY, time: '13:30' },
  ...over,
});

export const dineOrder = (over: Partial<OrderConfirmInput> = {}): OrderConfirmInput => ({
  idempotencyKey: newKey(),
  type: 'dine',
  payType: 'Cash',
  products: [{ id: P.bread, quantity: 2, tastes: [], mealset: [] }],
  table: TABLE.a1,
  person: 2,
  ...over,
});

/** A device session in a shop. */
export async function enter(t: TestApp, shopId: number, openid?: string): Promise<string> {
  const r = await t.call<{ token: string }>('user/h5entry', openid ? { id: shopId, openid } : { id: shopId });
  expect(r.body.result, r.body.message).toBe(true);
  return r.body.info.token;
}

/** A session whose customer proved `phone` by SMS (the app must run in demo mode). */
export async function login(t: TestApp, shopId: number, phone: string): Promise<string> {
  const token = await enter(t, shopId);
  const sent = await t.call<{ code: string }>('user/sendSmsCode', { phone }, { token });
  expect(sent.body.result, sent.body.message).toBe(true);
  const r = await t.call<{ token: string }>('user/h5Login', { phone, code: sent.body.info.code }, { token });
  expect(r.body.result, r.body.message).toBe(true);
  return r.body.info.token;
}

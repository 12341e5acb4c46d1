import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/catalog';
import { availabilityOf } from '../../../src/views/product/product-availability';
import { priceSummary } from '../../../src/views/product/product-card';

const base: Product = {
  id: 1,
  typeId: 1,
  name: 'Latte',
  description: '',
  image: '/assets/demo/latte.webp',
  unit: 'cup',
  price: 1800,
  originalPrice: null,
  memberPrice: 1600,
  state: 0,
  stock: null,
  saleTimes: [],
  minBuy: 1,
  maxBuy: null,
  joinDiscount: true,
  notDishware: false,
  weight: null,
  serviceTime: null,
  sales: 0,
  specDimensions: [],
  specs: [],
  tastes: [],
  mealGroups: [],
  taxIds: [],
};

const spec = (id: number, price: number, memberPrice: number | null) => ({
  id,
  values: [String(id)],
  name: String(id),
  price,
  memberPrice,
  stock: null,
  state: 0,
});

describe('what a product row shows', () => {
  it('a single product shows its own price and member price', () => {
    expect(priceSummary(base)).toEqual({ price: 1800, memberPrice: 1600, from: false });
  });

  it('a product with sizes shows the cheapest size, marked "from" when sizes differ', () => {
    const product = { ...base, specs: [spec(2, 2200, 2000), spec(3, 1900, null)] };
    expect(priceSummary(product)).toEqual({ price: 1900, memberPrice: null, from: true });
    const same = { ...base, specs: [spec(2, 2200, null), spec(3, 2200, null)] };
    expect(priceSummary(same).from).toBe(false);
  });

  it('maps product states to what the customer is told', () => {
    expect(availabilityOf(0)).toBe('available');
    expect(availabilityOf(1)).toBe('soldOut');
    expect(availabilityOf(2)).toBe('offline');
    expect(availabilityOf(3)).toBe('offline');
    expect(availabilityOf(101)).toBe('outOfSaleTime');
  });
});

describe('the open badge of a shop', () => {
  const hours = {
    timezone: 'Asia/Shanghai',
    orderTypes: ['dine', 'takeaway', 'selfPickup'] as ('dine' | 'takeaway' | 'selfPickup')[],
    openShop: true,
    selfCollection: false,
    openScanSwitch: false,
    businessTimeRange: [{ start: '07:00', end: '22:00' }],
    scanOrderBusinessHours: {
      businessMode: 'routine' as const,
      businessScanOrderHours: [{ start: '11:00', end: '14:00' }],
      businessDailyHours: [],
    },
  };
  // 12:30 and 23:30 in Shanghai (UTC+8).
  const noon = new Date('2026-11-19T04:30:00Z');
  const lateNight = new Date('2026-11-19T15:30:00Z');

  it('an expired or stopped shop is unavailable whatever its switches and hours say', async () => {
    const { shopOpenState } = await import('../../../src/views/store/shop-badge');
    expect(shopOpenState({ ...hours, realShopStatus: 0 }, noon)).toBe('stopped');
    expect(shopOpenState({ ...hours, realShopStatus: -1 }, noon)).toBe('stopped');
  });

  it('a shop is open when one of its order modes takes orders now, in its own time zone', async () => {
    const { shopOpenState } = await import('../../../src/views/store/shop-badge');
    expect(shopOpenState({ ...hours, realShopStatus: 1 }, noon)).toBe('open');
    expect(shopOpenState({ ...hours, realShopStatus: 1 }, lateNight)).toBe('closed');
    // Only dine-in switched on: its scan hours decide.
    const dineOnly = { ...hours, openShop: false, openScanSwitch: true, realShopStatus: 1 };
    expect(shopOpenState(dineOnly, noon)).toBe('open');
    expect(shopOpenState(dineOnly, new Date('2026-11-19T08:00:00Z'))).toBe('closed');
    expect(shopOpenState({ ...hours, openShop: false, realShopStatus: 1 }, noon)).toBe('closed');
  });
});

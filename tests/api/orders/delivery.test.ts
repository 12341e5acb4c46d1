// delivery/getDistance over HTTP: great-circle metres from the shop, the range and the fee tier, the
// out-of-scope message of spec §8, and the distance function itself.
import { describe, expect, it } from 'vitest';
import { distanceMetres, type GetDistanceInfo } from '../../../src/domain/api/delivery';
import type { Address } from '../../../src/domain/api/address';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, FAR, login, NEAR, NOON, orderSeed, SHOP } from './order-fixture';

describe('distanceMetres', () => {
  it('measures known distances', () => {
    // 0.01° of latitude is 1111.95 km / 100.
    expect(distanceMetres({ lat: 31.2304, lng: 121.4737 }, NEAR)).toBe(1112);
    // The Bund to People's Square, about 1.5 km.
    const bund = distanceMetres({ lat: 31.24, lng: 121.49 }, { lat: 31.2323, lng: 121.4758 });
    expect(bund).toBeGreaterThan(1500);
    expect(bund).toBeLessThan(1700);
    // Shanghai to Paris, about 9 260 km.
    const paris = distanceMetres({ lat: 31.2304, lng: 121.4737 }, { lat: 48.8566, lng: 2.3522 });
    expect(Math.round(paris / 10_000)).toBe(926);
    expect(distanceMetres(NEAR, NEAR)).toBe(0);
    expect(distanceMetres(NEAR, FAR)).toBe(distanceMetres(FAR, NEAR));
  });
});

describe.each(testDatabases)('delivery/getDistance on %s', (kind) => {
  const h = useTestApp(kind, { seed: orderSeed, clock: createClock(NOON), demoMode: true });

  it('answers distance, range and fee for a point', async () => {
    const token = await enter(h, SHOP);
    const r = await h.call<GetDistanceInfo>('delivery/getDistance', { gps: NEAR }, { token });
    expect(r.body.info).toEqual({
      distance: 1112,
      maxDistance: 3000,
      withinRange: true,
      fee: 500,
      freeDeliveryMinAmount: null,
    });
  });

  it('refuses an address out of scope in the request language', async () => {
    const token = await enter(h, SHOP);
    const en = await h.call('delivery/getDistance', { gps: FAR }, { token, language: 'en' });
    expect(en.body.result).toBe(false);
    expect(en.body.message).toBe(
      'This address is out of the delivery area (5560 m away; the shop delivers up to 3000 m).',
    );
    expect(en.body.info).toEqual({ reason: 'outOfRange', distance: 5560, maxDistance: 3000 });
    const zh = await h.call('delivery/getDistance', { gps: FAR }, { token, language: 'zh-CN' });
    expect(zh.body.message).toBe('地址超出配送范围（距离 5560 米，本店配送 3000 米以内）。');
  });

  it('measures a saved address, and refuses one without GPS', async () => {
    const token = await login(h, SHOP, '13700005555');
    const base = { contactName: 'Zhou', phone: '13700005555', address: 'Somewhere' };
    const saved = await h.call<Address>('address/add', { ...base, gps: NEAR }, { token });
    const r = await h.call<GetDistanceInfo>(
      'delivery/getDistance',
      { addressId: saved.body.info.id },
      { token },
    );
    expect(r.body.info.distance).toBe(1112);
    const typed = await h.call<Address>('address/add', { ...base, gps: null }, { token });
    const none = await h.call(
      'delivery/getDistance',
      { addressId: typed.body.info.id },
      { token, language: 'en' },
    );
    expect(none.body.info).toEqual({ reason: 'addressNoGps' });
    const other = await login(h, SHOP, '13700006666');
    const theirs = await h.call(
      'delivery/getDistance',
      { addressId: saved.body.info.id },
      { token: other, language: 'en' },
    );
    expect(theirs.body.message).toBe('Address not found.');
  });

  it('refuses malformed input', async () => {
    const token = await enter(h, SHOP);
    for (const body of [{}, { gps: { lat: 100, lng: 0 } }, { gps: NEAR, addressId: 1 }, { addressId: -1 }]) {
      const r = await h.call('delivery/getDistance', body, { token });
      expect(r.status).toBe(200);
      expect(r.body.result, JSON.stringify(body)).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  createStorage,
  memoryKeyValue,
  resilientKeyValue,
  type KeyValue,
} from '../../../src/services/storage';

const DAY = 24 * 60 * 60 * 1000;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('local storage of the session values', () => {
  it('keeps a token for 24 hours and forgets it after', () => {
    const time = clock();
    const storage = createStorage({ backend: memoryKeyValue(), now: time.now });
    storage.setToken('abc', 12);
    time.advance(DAY - 1);
    expect(storage.getToken()).toEqual({ value: 'abc', shopId: 12, expiresAt: 1_000_000 + DAY });
    time.advance(1);
    expect(storage.getToken()).toBeNull();
  });

  it('sends one device id as the openid, generated once and kept', () => {
    const backend = memoryKeyValue();
    let n = 0;
    const storage = createStorage({ backend, newId: () => `device-${++n}` });
    expect(storage.getOpenid()).toBe('device-1');
    expect(storage.getOpenid()).toBe('device-1');
    expect(createStorage({ backend, newId: () => 'other' }).getOpenid()).toBe('device-1');
  });

  it('drops an openid an older version kept from an entry link, so the device id is what is sent', () => {
    const backend = memoryKeyValue();
    backend.setItem('openid', 'attacker-chosen');
    const storage = createStorage({ backend, newId: () => 'device-own' });
    expect(storage.getOpenid()).toBe('device-own');
    expect(backend.getItem('openid')).toBeNull();
  });

  it('clears the token after a 401 but keeps the device id', () => {
    const storage = createStorage({ backend: memoryKeyValue(), newId: () => 'device-x' });
    storage.setToken('abc');
    storage.getDeviceId();
    storage.clearOpenidAndToken();
    expect(storage.getToken()).toBeNull();
    expect(storage.getOpenid()).toBe('device-x');
  });

  it('clears exactly the four launch flags', () => {
    const storage = createStorage({ backend: memoryKeyValue() });
    storage.setFlag('limitShowed', '1');
    storage.setFlag('takeawaySearchValue', 'noodles');
    storage.setFlag('firstChargeShowed', '1');
    storage.setFlag('firstRegisterShowed', '1');
    storage.setLanguage('en');
    storage.setBrand('acme');
    storage.clearLaunchFlags();
    expect(storage.getFlag('limitShowed')).toBeNull();
    expect(storage.getFlag('takeawaySearchValue')).toBeNull();
    expect(storage.getFlag('firstChargeShowed')).toBeNull();
    expect(storage.getFlag('firstRegisterShowed')).toBeNull();
    expect(storage.getLanguage()).toBe('en');
    expect(storage.getBrand()).toBe('acme');
  });

  it('remembers which expand red bags were shown', () => {
    const storage = createStorage({ backend: memoryKeyValue() });
    storage.markExpandRedBagViewed(4);
    storage.markExpandRedBagViewed(4);
    storage.markExpandRedBagViewed(9);
    expect(storage.getViewedExpandRedBags()).toEqual([4, 9]);
  });

  it('keeps working in memory when localStorage throws (private mode)', () => {
    const throwing: KeyValue = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = createStorage({ backend: throwing });
    storage.setLanguage('fr');
    expect(storage.getLanguage()).toBe('fr');
    storage.setToken('t');
    expect(storage.getToken()?.value).toBe('t');
  });

  it('a broken store stays in memory from the first failure on', () => {
    let fail = false;
    const inner = memoryKeyValue();
    const flaky: KeyValue = {
      getItem: (k) => inner.getItem(k),
      setItem: (k, v) => {
        if (fail) throw new Error('QuotaExceededError');
        inner.setItem(k, v);
      },
      removeItem: (k) => inner.removeItem(k),
    };
    const kv = resilientKeyValue(flaky);
    fail = true;
    kv.setItem('a', '1');
    expect(kv.getItem('a')).toBe('1');
  });

  it('ignores a corrupt stored token', () => {
    const backend = memoryKeyValue();
    backend.setItem('token', '{not json');
    expect(createStorage({ backend }).getToken()).toBeNull();
  });

  it('remembers the order type chosen in a shop, for that shop only, across a reload', () => {
    const backend = memoryKeyValue();
    createStorage({ backend }).setOrderType(12, 'selfPickup');
    const reloaded = createStorage({ backend });
    expect(reloaded.getOrderType(12)).toBe('selfPickup');
    expect(reloaded.getOrderType(13)).toBeNull();
    backend.setItem('order-type', JSON.stringify({ shopId: 12, orderType: 'teleport' }));
    expect(reloaded.getOrderType(12)).toBeNull();
    backend.setItem('order-type', '{not json');
    expect(reloaded.getOrderType(12)).toBeNull();
  });
});

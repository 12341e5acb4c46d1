// address/* over HTTP: addresses of a proven phone, one default, another customer's id is not found and
// untouched, typed place search, and a saved address used for a takeaway order.
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addresses } from '../../../server/db/schema';
import type {
  Address,
  AddressAddInput,
  MapConfig,
  ReverseGeocodeInfo,
  SearchPoiInfo,
} from '../../../src/domain/api/address';
import type { OrderConfirmInfo } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, login, NEAR, NOON, orderSeed, SHOP, SISTER, takeawayOrder } from '../orders/order-fixture';

const home: AddressAddInput = {
  contactName: 'Chen Jing',
  phone: '137 0000 3333',
  address: 'Lane 210 Taikang Road',
  houseNumber: 'Room 502',
  gps: NEAR,
  tag: 'home',
};

describe.each(testDatabases)('address calls on %s', (kind) => {
  const h = useTestApp(kind, { seed: orderSeed, clock: createClock(NOON), demoMode: true });
  let alice: string;
  let bob: string;

  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  async function ok<T>(path: string, body: unknown, token: string): Promise<T> {
    const r = await call<T>(path, body, token);
    expect(r.status).toBe(200);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info;
  }
  const rows = async () => h.database.db.select().from(addresses).orderBy(addresses.id);

  beforeAll(async () => {
    alice = await login(h, SHOP, '13700003333');
    bob = await login(h, SHOP, '13700004444');
  });

  it('needs a proven phone', async () => {
    const device = await enter(h, SHOP);
    for (const [path, body] of [
      ['address/list', {}],
      ['address/add', home],
      ['address/detail', { id: 1 }],
    ] as const) {
      const r = await call(path, body, device);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toBe('Please log in with your phone number to manage delivery addresses.');
    }
    expect((await h.database.db.select({ n: count() }).from(addresses))[0]!.n).toBe(0);
  });

  it('adds, lists, updates and deletes, keeping one default', async () => {
    const first = await ok<Address>('address/add', home, alice);
    expect(first.phone).toBe('13700003333');
    expect(first.isDefault).toBe(true); // the first address is the default
    const work = await ok<Address>(
      'address/add',
      { ...home, address: '1 Century Avenue', gps: null, tag: 'work', isDefault: true },
      alice,
    );
    expect(work.gps).toBeNull();
    let list = await ok<Address[]>('address/list', {}, alice);
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [work.id, true],
      [first.id, false],
    ]);

    const updated = await ok<Address>(
      'address/update',
      { ...home, id: first.id, houseNumber: 'Room 503', isDefault: true },
      alice,
    );
    expect(updated.houseNumber).toBe('Room 503');
    list = await ok<Address[]>('address/list', {}, alice);
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.id]);
    expect((await ok<Address>('address/detail', { id: work.id }, alice)).address).toBe('1 Century Avenue');

    await ok('address/delete', { id: first.id }, alice);
    list = await ok<Address[]>('address/list', {}, alice);
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([[work.id, true]]);
  });

  it('keeps one default when defaults are saved concurrently', async () => {
    const racer = await login(h, SHOP, '13700007777');
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<Address>('address/add', { ...home, houseNumber: `Room ${i}`, isDefault: true }, racer),
      ),
    );
    for (const r of replies) expect(r.body.result, r.body.message).toBe(true);
    const list = await ok<Address[]>('address/list', {}, racer);
    expect(list).toHaveLength(10);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('the same phone sees its addresses in another shop', async () => {
    const elsewhere = await login(h, SISTER, '13700003333');
    const list = await ok<Address[]>('address/list', {}, elsewhere);
    expect(list.length).toBeGreaterThan(0);
  });

  it("another customer's address is not found and nothing of it changes", async () => {
    const mine = await ok<Address>('address/add', { ...home, tag: 'mine' }, alice);
    const before = await rows();
    for (const [path, body] of [
      ['address/detail', { id: mine.id }],
      ['address/update', { ...home, id: mine.id, address: 'Hijacked' }],
      ['address/delete', { id: mine.id }],
    ] as const) {
      const r = await call(path, body, bob);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toBe('Address not found.');
      expect(JSON.stringify(r.body)).not.toContain('Taikang');
    }
    expect(await ok<Address[]>('address/list', {}, bob)).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it('refuses bad fields and changes nothing', async () => {
    const before = await rows();
    const bad = [
      { ...home, phone: '12345' },
      { ...home, contactName: '' },
      { ...home, address: '   ' },
      { ...home, gps: { lat: 91, lng: 0 } },
      { ...home, tag: 'x'.repeat(17) },
    ];
    for (const body of bad) {
      const r = await call('address/add', body, alice);
      expect(r.body.result, JSON.stringify(body)).toBe(false);
    }
    const phone = await call('address/add', { ...home, phone: '12345' }, alice, 'zh-CN');
    expect(phone.body.message).toBe('请输入正确的手机号。');
    expect(await rows()).toEqual(before);
  });

  it('orders takeaway to a saved address, and refuses one without GPS', async () => {
    const list = await ok<Address[]>('address/list', {}, alice);
    const withGps = await ok<Address>('address/add', home, alice);
    const order = await call<OrderConfirmInfo>(
      'order/confirm',
      takeawayOrder({ addressId: withGps.id, contact_address: undefined, contact_address_gps: undefined }),
      alice,
    );
    expect(order.body.result, order.body.message).toBe(true);
    expect(order.body.info.order.contact).toEqual({
      name: 'Chen Jing',
      phone: '13700003333',
      address: 'Lane 210 Taikang Road',
      houseNumber: 'Room 502',
      gps: NEAR,
    });
    const noGps = list.find((a) => a.gps === null)!;
    const r = await call('order/confirm', takeawayOrder({ addressId: noGps.id }), alice);
    expect(r.body.info).toEqual({ reason: 'addressNoGps' });
    const theirs = await call('order/confirm', takeawayOrder({ addressId: withGps.id }), bob);
    expect(theirs.body.message).toBe('Address not found.');
  });

  it('searches places without GPS from the built-in gazetteer', async () => {
    const r = await h.call<SearchPoiInfo>('address/searchPoi', { keyword: 'taikang' });
    expect(r.body.result).toBe(true);
    expect(r.body.info.provider).toBe('offline');
    expect(r.body.info.list[0]).toEqual(
      expect.objectContaining({ name: 'Tianzifang', city: 'Shanghai', distance: null }),
    );
    const zh = await h.call<SearchPoiInfo>('address/searchPoi', { keyword: '外滩' });
    expect(zh.body.info.list.map((p) => p.name)).toEqual(['外滩']);
    const accent = await h.call<SearchPoiInfo>('address/searchPoi', { keyword: 'opera', near: NEAR });
    expect(accent.body.info.list[0]!.name).toBe('Opéra Garnier');
    expect(accent.body.info.list[0]!.distance).toBeGreaterThan(9_000_000);
    const near = await h.call<SearchPoiInfo>('address/searchPoi', { keyword: 'huangpu', near: NEAR });
    const distances = near.body.info.list.map((p) => p.distance!);
    expect(distances.length).toBeGreaterThan(1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const empty = await h.call<SearchPoiInfo>('address/searchPoi', { keyword: 'zzzz-nowhere' });
    expect(empty.body.info.list).toEqual([]);
    const blank = await h.call('address/searchPoi', { keyword: '  ' });
    expect(blank.body.result).toBe(false);
  });

  it('names the place at a point chosen on the map, in the request language', async () => {
    const peoplesSquare = { lat: 31.2326, lng: 121.4755 };
    const en = await h.call<ReverseGeocodeInfo>(
      'address/reverseGeocode',
      { gps: peoplesSquare },
      { language: 'en' },
    );
    expect(en.body.result).toBe(true);
    expect(en.body.info.provider).toBe('offline');
    expect(en.body.info.place).toEqual(
      expect.objectContaining({ name: 'People’s Square', city: 'Shanghai' }),
    );
    const zh = await h.call<ReverseGeocodeInfo>(
      'address/reverseGeocode',
      { gps: peoplesSquare },
      { language: 'zh-CN' },
    );
    expect(zh.body.info.place!.name).toBe('人民广场');
    // Far from every known place: no name, the customer types the address.
    const sea = await h.call<ReverseGeocodeInfo>('address/reverseGeocode', { gps: { lat: 0, lng: 0 } });
    expect(sea.body.info.place).toBeNull();
    for (const gps of [{ lat: 91, lng: 0 }, { lat: 0 }, null]) {
      const bad = await h.call('address/reverseGeocode', { gps });
      expect(bad.status).toBe(200);
      expect(bad.body.result, JSON.stringify(gps)).toBe(false);
    }
  });

  it('tells the browser the map provider and browser key only when one is configured', async () => {
    const none = await h.call<MapConfig>('address/mapConfig', {});
    expect(none.body.info).toEqual({ provider: null, key: null, securityCode: null });
    vi.stubEnv('GEOCODING_PROVIDER', 'amap');
    vi.stubEnv('AMAP_KEY', 'server-secret');
    vi.stubEnv('MAP_JS_KEY', 'browser-key');
    vi.stubEnv('MAP_JS_SECURITY_CODE', 'sec');
    try {
      const amap = await h.call<MapConfig>('address/mapConfig', {});
      expect(amap.body.info).toEqual({ provider: 'amap', key: 'browser-key', securityCode: 'sec' });
      // The server's geocoding key never reaches the browser.
      expect(JSON.stringify(amap.body)).not.toContain('server-secret');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

// The geocoding providers behind address/searchPoi: the gazetteer, the AMap and Google adapters over a
// fake fetch (no network), the fallback, and the choice by environment.
import { describe, expect, it } from 'vitest';
import {
  createAmapGeocoder,
  createGoogleGeocoder,
  createOfflineGeocoder,
  GAZETTEER,
  geocoderFromEnv,
  mapConfigFromEnv,
  withFallback,
} from '../../../server/providers/geocoding';

const json = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

const query = { keyword: 'bund', limit: 5 };

describe('geocoding providers', () => {
  it('the gazetteer holds real places around every demo city', () => {
    for (const city of ['Shanghai', 'Singapore', 'Paris']) {
      expect(GAZETTEER.filter((p) => p.city === city).length).toBeGreaterThanOrEqual(8);
    }
    expect(GAZETTEER.length).toBeGreaterThanOrEqual(30);
  });

  it('the gazetteer needs every word and honours the limit', async () => {
    const offline = createOfflineGeocoder();
    expect((await offline.search({ keyword: 'gare nord', limit: 5 })).map((p) => p.name)).toEqual([
      'Gare du Nord',
    ]);
    expect(await offline.search({ keyword: 'gare tokyo', limit: 5 })).toEqual([]);
    expect(await offline.search({ keyword: 'road', limit: 3 })).toHaveLength(3);
  });

  it('reads AMap place search results', async () => {
    let asked = '';
    const fake = (async (url: string) => {
      asked = url;
      return new Response(
        JSON.stringify({
          status: '1',
          pois: [
            { name: '外滩', address: '中山东一路', cityname: '上海市', location: '121.490317,31.241701' },
            { name: 'broken', location: '' },
          ],
        }),
      );
    }) as unknown as typeof fetch;
    const amap = createAmapGeocoder('amap-key', fake);
    const found = await amap.search({ ...query, near: { lat: 31.2304, lng: 121.4737 } });
    expect(asked).toContain('restapi.amap.com/v3/place/text');
    expect(asked).toContain('key=amap-key');
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual(
      expect.objectContaining({ name: '外滩', city: '上海市', gps: { lat: 31.241701, lng: 121.490317 } }),
    );
    expect(found[0]!.distance).toBeGreaterThan(1000);
    await expect(createAmapGeocoder('k', json({ status: '0' })).search(query)).rejects.toThrow();
  });

  it('reads Google geocoding results', async () => {
    const google = createGoogleGeocoder(
      'g-key',
      json({
        status: 'OK',
        results: [
          {
            formatted_address: '30 Seng Poh Rd, Singapore 168898',
            geometry: { location: { lat: 1.285, lng: 103.832 } },
          },
        ],
      }),
    );
    expect(await google.search(query)).toEqual([
      {
        name: '30 Seng Poh Rd',
        address: 'Singapore 168898',
        city: '',
        gps: { lat: 1.285, lng: 103.832 },
        distance: null,
      },
    ]);
    expect(
      await createGoogleGeocoder('k', json({ status: 'ZERO_RESULTS', results: [] })).search(query),
    ).toEqual([]);
    await expect(createGoogleGeocoder('k', json({}, 500)).search(query)).rejects.toThrow();
  });

  it('falls back to the gazetteer when the service fails', async () => {
    const failing = createAmapGeocoder('k', json({ status: '0' }));
    const searched = await withFallback(failing, createOfflineGeocoder()).search(query);
    expect(searched.map((p) => p.name)).toEqual(['The Bund']);
  });

  it('names a map point from the nearest known place, within a kilometre', async () => {
    const offline = createOfflineGeocoder();
    const bund = await offline.reverse({ gps: { lat: 31.2405, lng: 121.4902 }, zh: false });
    expect(bund).toEqual(expect.objectContaining({ name: 'The Bund', city: 'Shanghai' }));
    expect(bund!.distance).toBeLessThan(100);
    expect((await offline.reverse({ gps: { lat: 31.2405, lng: 121.4902 }, zh: true }))!.name).toBe('外滩');
    // About 1.7 km from Century Park, the nearest place.
    expect(await offline.reverse({ gps: { lat: 31.2158, lng: 121.57 }, zh: false })).toBeNull();
  });

  it('reads AMap and Google reverse geocoding, and falls back to the gazetteer', async () => {
    let asked = '';
    const amapFetch = (async (url: string) => {
      asked = url;
      return new Response(
        JSON.stringify({
          status: '1',
          regeocode: {
            formatted_address: '上海市黄浦区人民大道200号',
            addressComponent: { city: [], province: '上海市', district: '黄浦区' },
          },
        }),
      );
    }) as unknown as typeof fetch;
    const gps = { lat: 31.2304, lng: 121.4737 };
    expect(await createAmapGeocoder('k', amapFetch).reverse({ gps, zh: true })).toEqual({
      name: '上海市黄浦区人民大道200号',
      address: '黄浦区',
      city: '上海市',
      gps,
      distance: 0,
    });
    expect(asked).toContain('location=121.4737%2C31.2304');
    const google = createGoogleGeocoder(
      'k',
      json({ status: 'OK', results: [{ formatted_address: '5 Av. Anatole France, 75007 Paris, France' }] }),
    );
    expect(await google.reverse({ gps, zh: false })).toEqual({
      name: '5 Av. Anatole France',
      address: '75007 Paris, France',
      city: '',
      gps,
      distance: 0,
    });
    expect(
      await createGoogleGeocoder('k', json({ status: 'ZERO_RESULTS' })).reverse({ gps, zh: false }),
    ).toBeNull();
    const failing = withFallback(createAmapGeocoder('k', json({ status: '0' })), createOfflineGeocoder());
    expect((await failing.reverse({ gps: { lat: 31.2323, lng: 121.4758 }, zh: false }))!.name).toBe(
      'People’s Square',
    );
  });

  it('configures the browser map from MAP_JS_KEY and the provider', () => {
    const none = { provider: null, key: null, securityCode: null };
    expect(mapConfigFromEnv({})).toEqual(none);
    // A key without a map provider (offline geocoding) shows no map.
    expect(mapConfigFromEnv({ MAP_JS_KEY: 'b' })).toEqual(none);
    expect(mapConfigFromEnv({ GEOCODING_PROVIDER: 'amap' })).toEqual(none);
    expect(
      mapConfigFromEnv({ GEOCODING_PROVIDER: 'amap', MAP_JS_KEY: ' b ', MAP_JS_SECURITY_CODE: 's' }),
    ).toEqual({
      provider: 'amap',
      key: 'b',
      securityCode: 's',
    });
    expect(
      mapConfigFromEnv({
        GEOCODING_PROVIDER: 'offline',
        MAP_JS_PROVIDER: 'Google',
        MAP_JS_KEY: 'g',
        MAP_JS_SECURITY_CODE: 's',
      }),
    ).toEqual({ provider: 'google', key: 'g', securityCode: null });
  });

  it('is chosen by the environment', () => {
    expect(geocoderFromEnv({}).name).toBe('offline');
    expect(geocoderFromEnv({ GEOCODING_PROVIDER: 'amap' }).name).toBe('offline');
    expect(geocoderFromEnv({ GEOCODING_PROVIDER: 'amap', AMAP_KEY: 'k' }).name).toBe('amap');
    expect(geocoderFromEnv({ GEOCODING_PROVIDER: 'google', GOOGLE_MAPS_KEY: 'k' }).name).toBe('google');
  });
});

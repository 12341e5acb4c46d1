// The geocoding providers behind address/searchPoi: the gazetteer, the AMap and Google adapters over a
// fake fetch (no network), the fallback, and the choice by environment.
import { describe, expect, it } from 'vitest';
import {
  createAmapGeocoder,
  createGoogleGeocoder,
  createOfflineGeocoder,
  GAZETTEER,
  geocoderFromEnv,
  withFallback,
} from '../../server/providers/geocoding';

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

  it('is chosen by the environment', () => {
    expect(geocoderFromEnv({}).name).toBe('offline');
    expect(geocoderFromEnv({ GEOCODING_PROVIDER: 'amap' }).name).toBe('offline');
    expect(geocoderFromEnv({ GEOCODING_PROVIDER: 'amap', AMAP_KEY: 'k' }).name).toBe('amap');
    expect(geocoderFromEnv({ GEOCODING_PROVIDER: 'google', GOOGLE_MAPS_KEY: 'k' }).name).toBe('google');
  });
});

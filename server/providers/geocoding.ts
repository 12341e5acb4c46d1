// Geocoding (ARCHITECTURE §6): an interface, a built-in offline gazetteer that always works, and a real
// adapter chosen by configuration. The gazetteer holds real streets and landmarks around the demo shops
// (Shanghai, Singapore, Paris) so a customer without GPS can search a place and get a point to deliver to.
//
//   GEOCODING_PROVIDER=offline (default) | amap | google
//   AMAP_KEY=…   (amap: AMap web-service "place text search", coordinates GCJ-02 as AMap returns them)
//   GOOGLE_MAPS_KEY=…   (google: Geocoding API)
// A real adapter that fails (network, quota, bad key) falls back to the gazetteer, so search never breaks.
//
// The browser map of the location pick (address/mapConfig) is the same provider's JS API, with its own key:
//   MAP_JS_KEY=…   (a browser key, restricted to the site's referrer; unset = typed search only, no map)
//   MAP_JS_SECURITY_CODE=…   (amap only: the JS API 2.0 security code paired with the key, if it has one)
//   MAP_JS_PROVIDER=amap | google   (optional; defaults to GEOCODING_PROVIDER)
import { distanceMetres } from '../../src/domain/api/delivery';
import { MAP_PROVIDERS, type MapConfig, type MapProvider, type Poi } from '../../src/domain/api/address';
import type { GpsPoint } from '../../src/domain/shop';

export interface GeocodingQuery {
  keyword: string;
  near?: GpsPoint;
  limit: number;
}

export interface ReverseQuery {
  gps: GpsPoint;
  /** Answer in Chinese (the gazetteer's nameZh). */
  zh: boolean;
}

export interface GeocodingProvider {
  readonly name: string;
  search(query: GeocodingQuery): Promise<Poi[]>;
  /** The place at a point, or null when none is known near it. */
  reverse(query: ReverseQuery): Promise<Poi | null>;
}

/** How far the gazetteer's nearest place may be from a map point and still name it. */
export const REVERSE_RADIUS_METRES = 1000;

interface Place {
  name: string;
  nameZh: string;
  address: string;
  city: string;
  lat: number;
  lng: number;
}

const p = (name: string, nameZh: string, address: string, city: string, lat: number, lng: number): Place => ({
  name,
  nameZh,
  address,
  city,
  lat,
  lng,
});

/** Real places with approximate WGS-84 coordinates. */
export const GAZETTEER: readonly Place[] = [
  // Shanghai
  p('People’s Square', '人民广场', 'Huangpu District', 'Shanghai', 31.2323, 121.4758),
  p(
    'Nanjing Road Pedestrian Street',
    '南京路步行街',
    'Nanjing East Road, Huangpu',
    'Shanghai',
    31.2364,
    121.4787,
  ),
  p('The Bund', '外滩', 'Zhongshan East 1st Road, Huangpu', 'Shanghai', 31.24, 121.49),
  p('Yu Garden', '豫园', '218 Anren Street, Huangpu', 'Shanghai', 31.2272, 121.4921),
  p('Xintiandi', '新天地', 'Taicang Road, Huangpu', 'Shanghai', 31.2197, 121.475),
  p('Tianzifang', '田子坊', 'Lane 210 Taikang Road, Huangpu', 'Shanghai', 31.2089, 121.4686),
  p('Jing’an Temple', '静安寺', '1686 Nanjing West Road, Jing’an', 'Shanghai', 31.2233, 121.4453),
  p('Shanghai Library', '上海图书馆', '1555 Huaihai Middle Road, Xuhui', 'Shanghai', 31.2069, 121.4442),
  p('Xujiahui', '徐家汇', 'Hongqiao Road, Xuhui', 'Shanghai', 31.195, 121.437),
  p('Wukang Mansion', '武康大楼', '1850 Huaihai Middle Road, Xuhui', 'Shanghai', 31.2048, 121.438),
  p('Oriental Pearl Tower', '东方明珠', '1 Century Avenue, Pudong', 'Shanghai', 31.2397, 121.4998),
  p('Lujiazui', '陆家嘴', 'Lujiazui Ring Road, Pudong', 'Shanghai', 31.238, 121.505),
  p('Shanghai Tower', '上海中心大厦', '501 Yincheng Middle Road, Pudong', 'Shanghai', 31.2335, 121.5056),
  p('Century Park', '世纪公园', '1001 Jinxiu Road, Pudong', 'Shanghai', 31.2158, 121.5519),
  p('Zhongshan Park', '中山公园', '780 Changning Road, Changning', 'Shanghai', 31.2206, 121.4175),
  p('Hongqiao Railway Station', '虹桥火车站', 'Shenhong Road, Minhang', 'Shanghai', 31.1945, 121.3205),
  p('Fudan University', '复旦大学', '220 Handan Road, Yangpu', 'Shanghai', 31.299, 121.501),
  p('Shanghai Railway Station', '上海火车站', '303 Moling Road, Jing’an', 'Shanghai', 31.2495, 121.4557),
  // Singapore
  p('Tiong Bahru Market', '中峇鲁巴刹', '30 Seng Poh Road', 'Singapore', 1.2851, 103.8325),
  p('Tiong Bahru Plaza', '中峇鲁广场', '302 Tiong Bahru Road', 'Singapore', 1.2865, 103.827),
  p('Outram Park', '欧南园', 'Outram Road', 'Singapore', 1.2803, 103.8395),
  p('Chinatown', '牛车水', 'Pagoda Street', 'Singapore', 1.2838, 103.8443),
  p('Raffles Place', '莱佛士坊', 'Raffles Place', 'Singapore', 1.284, 103.8515),
  p('Marina Bay Sands', '滨海湾金沙', '10 Bayfront Avenue', 'Singapore', 1.2834, 103.8607),
  p('Orchard Road', '乌节路', 'Orchard Road', 'Singapore', 1.3048, 103.8318),
  p('Clarke Quay', '克拉码头', '3 River Valley Road', 'Singapore', 1.2906, 103.8465),
  p('Singapore General Hospital', '新加坡中央医院', 'Outram Road', 'Singapore', 1.2797, 103.8353),
  p('Redhill', '红山', 'Redhill Close', 'Singapore', 1.2896, 103.8168),
  // Paris
  p('Opéra Garnier', '加尼叶歌剧院', 'Place de l’Opéra, 9e', 'Paris', 48.872, 2.3316),
  p('Rue des Martyrs', '殉道者街', 'Rue des Martyrs, 9e', 'Paris', 48.8797, 2.3398),
  p('Gare du Nord', '巴黎北站', '18 Rue de Dunkerque, 10e', 'Paris', 48.8809, 2.3553),
  p('Sacré-Cœur', '圣心大教堂', '35 Rue du Chevalier de la Barre, 18e', 'Paris', 48.8867, 2.3431),
  p('Galeries Lafayette', '老佛爷百货', '40 Boulevard Haussmann, 9e', 'Paris', 48.8738, 2.332),
  p('Place de Clichy', '克利希广场', 'Place de Clichy, 9e', 'Paris', 48.8835, 2.3275),
  p('Louvre Museum', '卢浮宫', 'Rue de Rivoli, 1er', 'Paris', 48.8606, 2.3376),
  p('Notre-Dame de Paris', '巴黎圣母院', '6 Parvis Notre-Dame, 4e', 'Paris', 48.853, 2.3499),
  p('Gare Saint-Lazare', '圣拉扎尔车站', '13 Rue d’Amsterdam, 8e', 'Paris', 48.8763, 2.3253),
  p('Canal Saint-Martin', '圣马丁运河', 'Quai de Valmy, 10e', 'Paris', 48.871, 2.364),
];

/** Lower case, accents and curly quotes folded, so "opera" finds "Opéra" and "jing'an" finds "Jing’an". */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .toLowerCase()
    .trim();

function toPoi(place: Place, near: GpsPoint | undefined, zh: boolean): Poi {
  const gps = { lat: place.lat, lng: place.lng };
  return {
    name: zh ? place.nameZh : place.name,
    address: place.address,
    city: place.city,
    gps,
    distance: near ? distanceMetres(near, gps) : null,
  };
}

/** The built-in gazetteer: every word of the keyword must appear in the name, address or city. */
export function createOfflineGeocoder(): GeocodingProvider {
  const indexed = GAZETTEER.map((place) => ({
    place,
    haystack: fold(`${place.name} ${place.nameZh} ${place.address} ${place.city}`),
    title: fold(`${place.name} ${place.nameZh}`),
  }));
  return {
    name: 'offline',
    async search({ keyword, near, limit }) {
      const words = fold(keyword).split(/\s+/).filter(Boolean);
      const zh = /[\u4e00-\u9fff]/.test(keyword);
      const hits = indexed
        .filter((entry) => words.every((word) => entry.haystack.includes(word)))
        .map((entry) => ({
          poi: toPoi(entry.place, near, zh),
          inTitle: words.every((word) => entry.title.includes(word)),
        }));
      hits.sort(
        (a, b) =>
          Number(b.inTitle) - Number(a.inTitle) ||
          (a.poi.distance ?? 0) - (b.poi.distance ?? 0) ||
          a.poi.name.localeCompare(b.poi.name),
      );
      return hits.slice(0, limit).map((hit) => hit.poi);
    },
    async reverse({ gps, zh }) {
      let best: Poi | null = null;
      for (const place of GAZETTEER) {
        const poi = toPoi(place, gps, zh);
        if (poi.distance! <= REVERSE_RADIUS_METRES && (best === null || poi.distance! < best.distance!))
          best = poi;
      }
      return best;
    },
  };
}

type Fetch = typeof fetch;
const TIMEOUT_MS = 5000;

async function getJson(fetchImpl: Fetch, url: string): Promise<unknown> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`geocoding HTTP ${response.status}`);
  return response.json();
}

/** AMap place text search (https://restapi.amap.com/v3/place/text). */
export function createAmapGeocoder(key: string, fetchImpl: Fetch = fetch): GeocodingProvider {
  return {
    name: 'amap',
    async search({ keyword, near, limit }) {
      const url = new URL('https://restapi.amap.com/v3/place/text');
      url.search = new URLSearchParams({
        key,
        keywords: keyword,
        offset: String(limit),
        page: '1',
      }).toString();
      const body = (await getJson(fetchImpl, url.toString())) as {
        status?: string;
        pois?: { name?: string; address?: unknown; cityname?: unknown; location?: string }[];
      };
      if (body.status !== '1') throw new Error('amap search failed');
      return (body.pois ?? []).flatMap((poi) => {
        const [lng, lat] = (poi.location ?? '').split(',').map(Number);
        if (!Number.isFinite(lat) || !Number.isFinite(lng) || !poi.name) return [];
        const gps = { lat: lat!, lng: lng! };
        return [
          {
            name: poi.name,
            address: typeof poi.address === 'string' ? poi.address : '',
            city: typeof poi.cityname === 'string' ? poi.cityname : '',
            gps,
            distance: near ? distanceMetres(near, gps) : null,
          },
        ];
      });
    },
    async reverse({ gps }) {
      const url = new URL('https://restapi.amap.com/v3/geocode/regeo');
      url.search = new URLSearchParams({ key, location: `${gps.lng},${gps.lat}` }).toString();
      const body = (await getJson(fetchImpl, url.toString())) as {
        status?: string;
        regeocode?: {
          formatted_address?: unknown;
          addressComponent?: { city?: unknown; province?: unknown; district?: unknown };
        };
      };
      if (body.status !== '1') throw new Error('amap regeo failed');
      const text = body.regeocode?.formatted_address;
      if (typeof text !== 'string' || !text) return null;
      const parts = body.regeocode?.addressComponent ?? {};
      // Municipalities (Shanghai) leave city empty and name it as the province.
      const city = [parts.city, parts.province].find((v): v is string => typeof v === 'string' && v !== '');
      return {
        name: text,
        address: typeof parts.district === 'string' ? parts.district : '',
        city: city ?? '',
        gps,
        distance: 0,
      };
    },
  };
}

/** Google Geocoding API (https://maps.googleapis.com/maps/api/geocode/json). */
export function createGoogleGeocoder(key: string, fetchImpl: Fetch = fetch): GeocodingProvider {
  return {
    name: 'google',
    async search({ keyword, near, limit }) {
      const url = new URL('https://maps.googleapis.com/maps/api/geocode/json');
      url.search = new URLSearchParams({ key, address: keyword }).toString();
      const body = (await getJson(fetchImpl, url.toString())) as {
        status?: string;
        results?: { formatted_address?: string; geometry?: { location?: { lat: number; lng: number } } }[];
      };
      if (body.status !== 'OK' && body.status !== 'ZERO_RESULTS') throw new Error('google geocoding failed');
      return (body.results ?? []).slice(0, limit).flatMap((result) => {
        const location = result.geometry?.location;
        if (!location || !result.formatted_address) return [];
        const gps = { lat: location.lat, lng: location.lng };
        const [name, ...rest] = result.formatted_address.split(', ');
        return [
          {
            name: name!,
            address: rest.join(', '),
            city: '',
            gps,
            distance: near ? distanceMetres(near, gps) : null,
          },
        ];
      });
    },
    async reverse({ gps, zh }) {
      const url = new URL('https://maps.googleapis.com/maps/api/geocode/json');
      url.search = new URLSearchParams({
        key,
        latlng: `${gps.lat},${gps.lng}`,
        language: zh ? 'zh-CN' : 'en',
      }).toString();
      const body = (await getJson(fetchImpl, url.toString())) as {
        status?: string;
        results?: { formatted_address?: string }[];
      };
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status !== 'OK') throw new Error('google reverse geocoding failed');
      const text = body.results?.[0]?.formatted_address;
      if (!text) return null;
      const [name, ...rest] = text.split(', ');
      return { name: name!, address: rest.join(', '), city: '', gps, distance: 0 };
    },
  };
}

/** Tries the real provider first and answers from the gazetteer when it fails. */
export function withFallback(primary: GeocodingProvider, fallback: GeocodingProvider): GeocodingProvider {
  return {
    name: primary.name,
    async search(query) {
      try {
        return await primary.search(query);
      } catch {
        return fallback.search(query);
      }
    },
    async reverse(query) {
      try {
        return await primary.reverse(query);
      } catch {
        return fallback.reverse(query);
      }
    },
  };
}

/** The provider the environment configures (see the header of this file). */
export function geocoderFromEnv(env: NodeJS.ProcessEnv): GeocodingProvider {
  const offline = createOfflineGeocoder();
  const kind = env.GEOCODING_PROVIDER?.trim().toLowerCase() || 'offline';
  if (kind === 'amap' && env.AMAP_KEY?.trim())
    return withFallback(createAmapGeocoder(env.AMAP_KEY.trim()), offline);
  if (kind === 'google' && env.GOOGLE_MAPS_KEY?.trim())
    return withFallback(createGoogleGeocoder(env.GOOGLE_MAPS_KEY.trim()), offline);
  return offline;
}

/**
 * The browser map the environment configures (see the header of this file): the provider is MAP_JS_PROVIDER,
 * else GEOCODING_PROVIDER; without MAP_JS_KEY, or with the offline provider, there is no map.
 */
export function mapConfigFromEnv(env: NodeJS.ProcessEnv): MapConfig {
  const none: MapConfig = { provider: null, key: null, securityCode: null };
  const key = env.MAP_JS_KEY?.trim();
  if (!key) return none;
  const kind = (env.MAP_JS_PROVIDER?.trim() || env.GEOCODING_PROVIDER?.trim() || '').toLowerCase();
  if (!(MAP_PROVIDERS as readonly string[]).includes(kind)) return none;
  const provider = kind as MapProvider;
  const securityCode = provider === 'amap' ? env.MAP_JS_SECURITY_CODE?.trim() || null : null;
  return { provider, key, securityCode };
}

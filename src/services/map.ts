// The browser map of the location pick (spec §2 /pages/user/address/poi; §7 "map script loading from maps
// services … using configured map keys"; §8 "Map key not configured.", "Map load failed."; §9 zoom 5-18,
// default 16). The provider's JS API is loaded lazily from its own script URL, only when the customer opens
// the map, and both providers are wrapped in one small interface: a map that reports its centre.
import type { MapConfig, MapProvider } from '../domain/api/address';
import type { GpsPoint } from '../domain/shop';

export const MAP_ZOOM = { min: 5, max: 18, initial: 16 } as const;
/** A script that neither loads nor fails (a blocked request that hangs) counts as failed after this. */
export const MAP_LOAD_TIMEOUT_MS = 15_000;
/**
 * An AMap map that has not drawn its first view (its `complete` event) after this counts as failed. AMap's
 * script loads and calls back whatever the key; a refused key (INVALID_USER_KEY, USERKEY_PLAT_NOMATCH, a
 * spent daily quota) shows only as a console message and a map that never completes, with no error event
 * or callback to listen to. The first view is a handful of tiles, far less than the script, so a link slow
 * but good enough to load the script in its time draws them within the same allowance.
 */
export const MAP_DRAW_TIMEOUT_MS = 15_000;

export const MAP_SCRIPT_URL: Record<MapProvider, string> = {
  amap: 'https://webapi.amap.com/maps',
  google: 'https://maps.googleapis.com/maps/api/js',
};

export type MapErrorKind = 'notConfigured' | 'loadFailed';

export class MapError extends Error {
  override readonly name = 'MapError';
  constructor(
    readonly kind: MapErrorKind,
    message: string = kind === 'notConfigured' ? 'Map key not configured.' : 'Map load failed.',
  ) {
    super(message);
  }
}

/** A map on the page: where its centre is, and a way to take it down. */
export interface MapView {
  center(): GpsPoint;
  destroy(): void;
}

export interface MapOptions {
  center: GpsPoint;
  /** After every pan or zoom, with the new centre. */
  onMoved(center: GpsPoint): void;
  /**
   * The provider refused the key after the script loaded: Google calls gm_authFailure, AMap never completes
   * its first draw (MAP_DRAW_TIMEOUT_MS). Called at most once, and never after destroy.
   */
  onFailed(): void;
}

/** A loaded JS API: draws maps into containers. */
export interface MapApi {
  readonly provider: MapProvider;
  create(container: HTMLElement, options: MapOptions): MapView;
}

// Minimal shapes of the two providers' APIs, as far as this file uses them.
interface AmapLngLat {
  getLng(): number;
  getLat(): number;
}
interface AmapMap {
  on(event: 'complete' | 'moveend' | 'zoomend', handler: () => void): void;
  getCenter(): AmapLngLat;
  destroy(): void;
}
interface AmapNamespace {
  Map: new (
    container: HTMLElement,
    options: { center: [number, number]; zoom: number; zooms: [number, number]; resizeEnable?: boolean },
  ) => AmapMap;
}
interface GoogleLatLng {
  lat(): number;
  lng(): number;
}
interface GoogleMap {
  addListener(event: 'idle', handler: () => void): { remove(): void };
  getCenter(): GoogleLatLng | undefined;
}
interface GoogleNamespace {
  maps: {
    Map: new (
      container: HTMLElement,
      options: {
        center: GpsPoint;
        zoom: number;
        minZoom: number;
        maxZoom: number;
        disableDefaultUI: boolean;
        zoomControl: boolean;
        gestureHandling: string;
        clickableIcons: boolean;
      },
    ) => GoogleMap;
  };
}
type MapWindow = Window & {
  AMap?: AmapNamespace;
  google?: GoogleNamespace;
  _AMapSecurityConfig?: { securityJsCode: string };
  gm_authFailure?: () => void;
  [callback: string]: unknown;
};

function amapApi(AMap: AmapNamespace): MapApi {
  return {
    provider: 'amap',
    create(container, { center, onMoved, onFailed }) {
      const map = new AMap.Map(container, {
        center: [center.lng, center.lat],
        zoom: MAP_ZOOM.initial,
        zooms: [MAP_ZOOM.min, MAP_ZOOM.max],
        resizeEnable: true,
      });
      const read = (): GpsPoint => {
        const c = map.getCenter();
        return { lat: c.getLat(), lng: c.getLng() };
      };
      map.on('moveend', () => onMoved(read()));
      map.on('zoomend', () => onMoved(read()));
      const undrawn = setTimeout(onFailed, MAP_DRAW_TIMEOUT_MS);
      map.on('complete', () => clearTimeout(undrawn));
      return {
        center: read,
        destroy: () => {
          clearTimeout(undrawn);
          map.destroy();
        },
      };
    },
  };
}

/** Google calls one global when the key is refused; the map on screen at that moment has failed. */
let googleAuthFailed: (() => void) | null = null;

function googleApi(google: GoogleNamespace): MapApi {
  return {
    provider: 'google',
    create(container, { center, onMoved, onFailed }) {
      const map = new google.maps.Map(container, {
        center,
        zoom: MAP_ZOOM.initial,
        minZoom: MAP_ZOOM.min,
        maxZoom: MAP_ZOOM.max,
        disableDefaultUI: true,
        zoomControl: true,
        gestureHandling: 'greedy',
        clickableIcons: false,
      });
      const read = (): GpsPoint => {
        const c = map.getCenter();
        return c ? { lat: c.lat(), lng: c.lng() } : center;
      };
      const idle = map.addListener('idle', () => onMoved(read()));
      googleAuthFailed = onFailed;
      return {
        center: read,
        destroy: () => {
          idle.remove();
          if (googleAuthFailed === onFailed) googleAuthFailed = null;
          container.replaceChildren();
        },
      };
    },
  };
}

const loaded = new Map<string, Promise<MapApi>>();
let sequence = 0;

function scriptUrl(config: MapConfig & { provider: MapProvider; key: string }, callback: string): string {
  const params: Record<string, string> =
    config.provider === 'amap'
      ? { v: '2.0', key: config.key, callback }
      : { key: config.key, callback, loading: 'async', v: 'weekly' };
  return `${MAP_SCRIPT_URL[config.provider]}?${new URLSearchParams(params).toString()}`;
}

function inject(config: MapConfig & { provider: MapProvider; key: string }, timeoutMs: number) {
  const win = window as unknown as MapWindow;
  return new Promise<MapApi>((resolve, reject) => {
    const callback = `__storefrontMapReady${++sequence}`;
    const script = document.createElement('script');
    const finish = (error: MapError | null) => {
      clearTimeout(timer);
      delete win[callback];
      if (error) {
        script.remove();
        reject(error);
        return;
      }
      const api =
        config.provider === 'amap'
          ? win.AMap && amapApi(win.AMap)
          : win.google?.maps && googleApi(win.google);
      if (api) resolve(api);
      else reject(new MapError('loadFailed'));
    };
    const timer = setTimeout(() => finish(new MapError('loadFailed')), timeoutMs);
    win[callback] = () => finish(null);
    if (config.provider === 'amap' && config.securityCode)
      win._AMapSecurityConfig = { securityJsCode: config.securityCode };
    if (config.provider === 'google') win.gm_authFailure = () => googleAuthFailed?.();
    script.src = scriptUrl(config, callback);
    script.async = true;
    script.onerror = () => finish(new MapError('loadFailed'));
    document.head.appendChild(script);
  });
}

/**
 * The provider's JS API, loading its script on first use (once per provider and key). Rejects with
 * MapError notConfigured without a key, loadFailed when the script fails or never calls back; a failed
 * load is forgotten so a later attempt tries again.
 */
export function loadMapApi(config: MapConfig, timeoutMs = MAP_LOAD_TIMEOUT_MS): Promise<MapApi> {
  const { provider, key } = config;
  if (provider === null || !key) return Promise.reject(new MapError('notConfigured'));
  const id = `${provider}:${key}`;
  let pending = loaded.get(id);
  if (!pending) {
    pending = inject({ ...config, provider, key }, timeoutMs);
    loaded.set(id, pending);
    pending.catch(() => loaded.delete(id));
  }
  return pending;
}

// @vitest-environment happy-dom
// The map script loader: nothing loads without a key, the provider's script URL carries the browser key
// and a callback, the AMap adapter keeps the zoom limits of spec §9, a failed script says "Map load
// failed." and is tried again on the next attempt, and a loaded script is reused. An AMap map whose key is
// refused loads its script but never draws: it reports failed once its first draw is overdue.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMapApi, MAP_DRAW_TIMEOUT_MS, MAP_ZOOM, MapError, type MapApi } from '../../../src/services/map';

type Win = Window & Record<string, unknown>;
const win = () => window as unknown as Win;
// The scripts the loader adds to the page, kept off the real document (the test browser loads none).
let added: HTMLScriptElement[] = [];
const scripts = () => added.filter((s) => !s.dataset.removed);

beforeEach(() => {
  added = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const script = node as unknown as HTMLScriptElement;
    script.remove = () => {
      script.dataset.removed = '1';
    };
    added.push(script);
    return node;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  delete win().AMap;
});

describe('loadMapApi', () => {
  it('refuses without a configured key: "Map key not configured."', async () => {
    await expect(loadMapApi({ provider: null, key: null, securityCode: null })).rejects.toMatchObject({
      kind: 'notConfigured',
      message: 'Map key not configured.',
    });
    await expect(loadMapApi({ provider: 'amap', key: '', securityCode: null })).rejects.toBeInstanceOf(
      MapError,
    );
    expect(scripts()).toHaveLength(0);
  });

  it('a script that fails says "Map load failed." and the next attempt loads it again', async () => {
    const config = { provider: 'google' as const, key: 'g-key', securityCode: null };
    const first = loadMapApi(config);
    const script = scripts().at(-1)!;
    const url = new URL(script.src);
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('key')).toBe('g-key');
    script.dispatchEvent(new Event('error'));
    await expect(first).rejects.toMatchObject({ kind: 'loadFailed', message: 'Map load failed.' });
    expect(scripts()).toHaveLength(0);
    const second = loadMapApi(config, 20);
    expect(scripts()).toHaveLength(1);
    // A script that never calls back fails after the time-out.
    await expect(second).rejects.toMatchObject({ kind: 'loadFailed' });
  });

  it('loads AMap once, with the security code, and draws maps within zoom 5-18 at 16', async () => {
    const made: { center: [number, number]; zoom: number; zooms: [number, number] }[] = [];
    const handlers: Record<string, () => void> = {};
    class FakeMap {
      constructor(_: HTMLElement, options: (typeof made)[number]) {
        made.push(options);
      }
      on(event: string, handler: () => void) {
        handlers[event] = handler;
      }
      getCenter() {
        return { getLng: () => 121.5, getLat: () => 31.25 };
      }
      destroy() {}
    }
    const config = { provider: 'amap' as const, key: 'a-key', securityCode: 'sec' };
    const pending = loadMapApi(config);
    expect(loadMapApi(config)).toBe(pending);
    const url = new URL(scripts().at(-1)!.src);
    expect(url.origin + url.pathname).toBe('https://webapi.amap.com/maps');
    expect(url.searchParams.get('key')).toBe('a-key');
    expect(win()._AMapSecurityConfig).toEqual({ securityJsCode: 'sec' });
    win().AMap = { Map: FakeMap };
    (win()[url.searchParams.get('callback')!] as () => void)();
    const api = await pending;
    expect(api.provider).toBe('amap');
    const moved: unknown[] = [];
    const view = api.create(document.createElement('div'), {
      center: { lat: 31.2, lng: 121.4 },
      onMoved: (c) => moved.push(c),
      onFailed: () => undefined,
    });
    expect(made).toEqual([
      { center: [121.4, 31.2], zoom: MAP_ZOOM.initial, zooms: [5, 18], resizeEnable: true },
    ]);
    expect(MAP_ZOOM).toEqual({ min: 5, max: 18, initial: 16 });
    handlers.moveend!();
    expect(moved).toEqual([{ lat: 31.25, lng: 121.5 }]);
    expect(view.center()).toEqual({ lat: 31.25, lng: 121.5 });
    expect(await loadMapApi(config)).toBe(api);
  });
});

describe('an AMap map with a refused key', () => {
  /** The maps drawn by the fake AMap, each with its handlers, to fire `complete` as the real one does. */
  let maps: { handlers: Record<string, (() => void)[]>; destroyed: boolean }[] = [];
  class FakeMap {
    readonly handlers: Record<string, (() => void)[]> = {};
    destroyed = false;
    constructor() {
      maps.push(this);
    }
    on(event: string, handler: () => void) {
      (this.handlers[event] ??= []).push(handler);
    }
    getCenter() {
      return { getLng: () => 121.4, getLat: () => 31.2 };
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const fire = (event: string) => maps.at(-1)!.handlers[event]?.forEach((handler) => handler());
  let api: MapApi;
  let keys = 0;

  beforeEach(async () => {
    vi.useFakeTimers();
    maps = [];
    // A key of its own: a loaded script is kept per key, and this one must draw with this fake.
    const pending = loadMapApi({ provider: 'amap', key: `refused-${++keys}`, securityCode: null });
    win().AMap = { Map: FakeMap };
    (win()[new URL(scripts().at(-1)!.src).searchParams.get('callback')!] as () => void)();
    api = await pending;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function draw() {
    const failed = vi.fn();
    const view = api.create(document.createElement('div'), {
      center: { lat: 31.2, lng: 121.4 },
      onMoved: () => undefined,
      onFailed: failed,
    });
    return { view, failed };
  }

  it('a map that never completes its first draw reports failed, once, when the draw is overdue', () => {
    const { failed } = draw();
    vi.advanceTimersByTime(MAP_DRAW_TIMEOUT_MS - 1);
    expect(failed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(failed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * MAP_DRAW_TIMEOUT_MS);
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('a map that completes its first draw does not fail', () => {
    const { view, failed } = draw();
    vi.advanceTimersByTime(MAP_DRAW_TIMEOUT_MS / 2);
    fire('complete');
    vi.advanceTimersByTime(10 * MAP_DRAW_TIMEOUT_MS);
    expect(failed).not.toHaveBeenCalled();
    expect(view.center()).toEqual({ lat: 31.2, lng: 121.4 });
  });

  it('a map taken down before its draw is overdue reports nothing and leaves no timer', () => {
    const { view, failed } = draw();
    expect(vi.getTimerCount()).toBe(1);
    view.destroy();
    expect(maps.at(-1)!.destroyed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * MAP_DRAW_TIMEOUT_MS);
    expect(failed).not.toHaveBeenCalled();
  });
});

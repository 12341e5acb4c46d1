import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup } from 'xstate';
import type { MapConfig, Poi } from '../../../src/domain/api/address';
import type { GpsPoint } from '../../../src/domain/shop';
import {
  mapPickerMachine,
  type MapPicked,
  type MapPickerEvent,
  type ShowMapInput,
} from '../../../src/machines/address/map-picker.machine';
import * as select from '../../../src/machines/address/map-picker.selectors';
import type { MapApi } from '../../../src/services/map';
import { coveragePaths, settle } from '../support';

const SHOP: GpsPoint = { lat: 31.2152, lng: 121.4469 };
const FORM: GpsPoint = { lat: 31.2, lng: 121.44 };
const MOVED: GpsPoint = { lat: 31.2233, lng: 121.4453 };
const KEY: MapConfig = { provider: 'amap', key: 'browser-key', securityCode: null };
const PLACE: Poi = {
  name: 'Jing’an Temple',
  address: '1686 Nanjing West Road',
  city: 'Shanghai',
  gps: MOVED,
  distance: 12,
};
const API: MapApi = {
  provider: 'amap',
  create: () => {
    throw new Error('the fake showMap draws no map');
  },
};

interface PickerModelContext {
  center: 'form' | 'moved';
  named: boolean;
  error: boolean;
  picked: { center: 'form' | 'moved'; named: boolean } | null;
}
type PickerModelEvent =
  | { type: 'CONFIG_KEY' }
  | { type: 'CONFIG_NONE' }
  | { type: 'CONFIG_FAIL' }
  | { type: 'OPEN' }
  | { type: 'LOADED' }
  | { type: 'LOAD_FAIL' }
  | { type: 'ATTACH' }
  | { type: 'NAMED' }
  | { type: 'UNNAMED' }
  | { type: 'MOVE' }
  | { type: 'KEY_REFUSED' }
  | { type: 'CONFIRM' }
  | { type: 'CLOSE' };

/** The customer's view: no map at all, or a map step that opens, names the pin's point and hands it over. */
const pickerModel = setup({
  types: { context: {} as PickerModelContext, events: {} as PickerModelEvent },
}).createMachine({
  id: 'mapPickerModel',
  context: { center: 'form', named: false, error: false, picked: null },
  initial: 'checking',
  states: {
    checking: { on: { CONFIG_KEY: 'closed', CONFIG_NONE: 'unavailable', CONFIG_FAIL: 'unavailable' } },
    unavailable: {},
    closed: {
      on: { OPEN: { target: 'loading', actions: assign({ center: 'form', named: false, error: false }) } },
    },
    loading: {
      on: {
        LOADED: 'attaching',
        LOAD_FAIL: { target: 'closed', actions: assign({ error: true }) },
        CLOSE: 'closed',
      },
    },
    attaching: { on: { ATTACH: 'naming', CLOSE: 'closed' } },
    naming: {
      on: {
        NAMED: { target: 'named', actions: assign({ named: true }) },
        UNNAMED: { target: 'named', actions: assign({ named: false }) },
        MOVE: { target: 'naming', actions: assign({ center: 'moved', named: false }) },
        KEY_REFUSED: { target: 'closed', actions: assign({ error: true }) },
        CLOSE: 'closed',
      },
    },
    named: {
      on: {
        MOVE: { target: 'naming', actions: assign({ center: 'moved', named: false }) },
        CONFIRM: {
          target: 'closed',
          actions: assign(({ context }) => ({ picked: { center: context.center, named: context.named } })),
        },
        CLOSE: 'closed',
      },
    },
  },
});

describe('mapPicker (model-based)', () => {
  for (const path of coveragePaths(pickerModel, [
    { type: 'CONFIG_KEY' },
    { type: 'CONFIG_NONE' },
    { type: 'CONFIG_FAIL' },
    { type: 'OPEN' },
    { type: 'LOADED' },
    { type: 'LOAD_FAIL' },
    { type: 'ATTACH' },
    { type: 'NAMED' },
    { type: 'UNNAMED' },
    { type: 'MOVE' },
    { type: 'KEY_REFUSED' },
    { type: 'CONFIRM' },
    { type: 'CLOSE' },
  ])) {
    it(path.description, async () => {
      let config!: { resolve(c: MapConfig): void; reject(e: Error): void };
      const loads: { resolve(api: MapApi): void; reject(e: Error): void; config: MapConfig }[] = [];
      const names: { resolve(p: Poi | null): void; reject(e: Error): void; gps: GpsPoint }[] = [];
      const shown: { input: ShowMapInput; sendBack(e: MapPickerEvent): void; stopped: boolean }[] = [];
      const emitted: MapPicked[] = [];
      const container = { id: 'map' } as unknown as HTMLElement;
      const actor = createActor(
        mapPickerMachine.provide({
          actors: {
            loadConfig: fromPromise(
              () => new Promise<MapConfig>((resolve, reject) => (config = { resolve, reject })),
            ),
            loadMap: fromPromise(
              ({ input }) =>
                new Promise<MapApi>((resolve, reject) =>
                  loads.push({ resolve, reject, config: input.config }),
                ),
            ),
            nameCenter: fromPromise(
              ({ input }) =>
                new Promise<Poi | null>((resolve, reject) => names.push({ resolve, reject, gps: input.gps })),
            ),
            showMap: fromCallback<MapPickerEvent, ShowMapInput>(({ input, sendBack }) => {
              const entry = { input, sendBack, stopped: false };
              shown.push(entry);
              return () => {
                entry.stopped = true;
              };
            }),
          },
        }),
        { input: { near: SHOP } },
      );
      actor.on('*', (e) => emitted.push(e as MapPicked));
      actor.start();
      const snap = () => actor.getSnapshot();
      const point = (m: PickerModelContext) => (m.center === 'moved' ? MOVED : FORM);
      const expectNoMapShown = () => expect(shown.every((s) => s.stopped)).toBe(true);
      await path.run({
        states: {
          checking: () => expect(select.selectMapOffered(snap())).toBe(false),
          unavailable: () => {
            expect(select.selectMapOffered(snap())).toBe(false);
            expect(select.selectIsOpen(snap())).toBe(false);
            expect(select.selectError(snap())).toBeNull();
            expect(loads).toEqual([]);
          },
          closed: (state) => {
            const m = state.context as PickerModelContext;
            expect(select.selectMapOffered(snap())).toBe(true);
            expect(select.selectIsOpen(snap())).toBe(false);
            expect(select.selectError(snap())).toBe(m.error ? 'mapLoadFailed' : null);
            expectNoMapShown();
            // The last point confirmed is the one the form holds.
            expect(emitted.at(-1) ?? null).toEqual(
              m.picked
                ? {
                    type: 'map.picked',
                    gps: m.picked.center === 'moved' ? MOVED : FORM,
                    address: m.picked.named ? PLACE.name : null,
                  }
                : null,
            );
          },
          loading: () => {
            expect(select.selectIsLoading(snap())).toBe(true);
            expect(select.selectIsOpen(snap())).toBe(true);
            expect(loads.at(-1)!.config).toEqual(KEY);
          },
          attaching: () => {
            expect(select.selectWantsContainer(snap())).toBe(true);
            expect(select.selectCanConfirm(snap())).toBe(false);
          },
          naming: (state) => {
            const m = state.context as PickerModelContext;
            expect(select.selectIsNaming(snap())).toBe(true);
            expect(select.selectCanConfirm(snap())).toBe(false);
            expect(select.selectPlace(snap())).toBeNull();
            expect(names.at(-1)!.gps).toEqual(point(m));
            // One map for the whole step: a pan names the new point without redrawing the map.
            const live = shown.filter((s) => !s.stopped);
            expect(live).toHaveLength(1);
            expect(live[0]!.input).toEqual({ api: API, container, center: FORM });
          },
          named: (state) => {
            const m = state.context as PickerModelContext;
            expect(select.selectCanConfirm(snap())).toBe(true);
            expect(select.selectCenter(snap())).toEqual(point(m));
            expect(select.selectPlace(snap())).toEqual(m.named ? PLACE : null);
          },
        },
        events: {
          CONFIG_KEY: async () => {
            config.resolve(KEY);
            await settle();
          },
          CONFIG_NONE: async () => {
            config.resolve({ provider: null, key: null, securityCode: null });
            await settle();
          },
          CONFIG_FAIL: async () => {
            config.reject(new Error('offline'));
            await settle();
          },
          OPEN: () => actor.send({ type: 'map.open', center: FORM }),
          LOADED: async () => {
            loads.at(-1)!.resolve(API);
            await settle();
          },
          LOAD_FAIL: async () => {
            loads.at(-1)!.reject(new Error('Map load failed.'));
            await settle();
          },
          ATTACH: () => actor.send({ type: 'map.attach', container }),
          NAMED: async () => {
            names.at(-1)!.resolve(PLACE);
            await settle();
          },
          UNNAMED: async () => {
            names.at(-1)!.reject(new Error('geocoding failed'));
            await settle();
          },
          MOVE: () => shown.at(-1)!.sendBack({ type: 'map.moved', center: MOVED }),
          KEY_REFUSED: () => shown.at(-1)!.sendBack({ type: 'map.failed' }),
          CONFIRM: () => actor.send({ type: 'map.confirm' }),
          CLOSE: () => actor.send({ type: 'map.close' }),
        },
      });
      actor.stop();
    });
  }
});

describe('mapPicker on the location-pick route', () => {
  it('opens the map at once, on the shop, when a key is configured', async () => {
    const loads: MapConfig[] = [];
    const actor = createActor(
      mapPickerMachine.provide({
        actors: {
          loadConfig: fromPromise(async () => KEY),
          loadMap: fromPromise(({ input }) => (loads.push(input.config), new Promise<MapApi>(() => {}))),
        },
      }),
      { input: { near: SHOP, openAtStart: true } },
    ).start();
    await settle();
    expect(select.selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(select.selectCenter(actor.getSnapshot())).toEqual(SHOP);
    expect(loads).toEqual([KEY]);
    actor.stop();
  });

  it('without a key stays on the typed search, with no error', async () => {
    const actor = createActor(
      mapPickerMachine.provide({
        actors: {
          loadConfig: fromPromise(async (): Promise<MapConfig> => ({
            provider: null,
            key: null,
            securityCode: null,
          })),
        },
      }),
      { input: { near: SHOP, openAtStart: true } },
    ).start();
    await settle();
    expect(select.selectMapOffered(actor.getSnapshot())).toBe(false);
    expect(select.selectIsOpen(actor.getSnapshot())).toBe(false);
    expect(select.selectError(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});

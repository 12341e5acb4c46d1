// The map step of the location pick (spec §2 /pages/user/address/poi; §8 "Map load failed."; §9 zoom 5-18,
// default 16): offered only when the server names a browser map key; the provider's script loads when the
// customer opens the map; the point under the centre pin is named by address/reverseGeocode, and confirming
// hands the point and its name to the address form. A failed load leaves the typed search as it was.
import { assign, emit, fromCallback, setup } from 'xstate';
import type { MapConfig, Poi } from '../../domain/api/address';
import type { GpsPoint } from '../../domain/shop';
import type { MapApi } from '../../services/map';
import { notProvided } from '../shared/not-provided';

export interface MapPickerInput {
  /** Where the map opens when the form has no point yet (the shop's position). */
  near: GpsPoint | null;
  /** The location-pick route: open the map as soon as a key is known. */
  openAtStart?: boolean;
}

export interface MapPickerContext {
  config: MapConfig | null;
  api: MapApi | null;
  container: HTMLElement | null;
  near: GpsPoint | null;
  openAtStart: boolean;
  /** The point under the centre pin. */
  center: GpsPoint | null;
  /** The place named at the centre; null while naming or when none is known there. */
  place: Poi | null;
  /** Text key `address.mapFailed`. */
  error: 'mapLoadFailed' | null;
}

export type MapPickerEvent =
  | { type: 'map.open'; center: GpsPoint | null }
  | { type: 'map.attach'; container: HTMLElement }
  | { type: 'map.moved'; center: GpsPoint }
  | { type: 'map.failed' }
  | { type: 'map.confirm' }
  | { type: 'map.close' }
  | { type: 'map.dismissError' };

export interface MapPicked {
  type: 'map.picked';
  gps: GpsPoint;
  /** The place's name, or null to keep what the customer typed. */
  address: string | null;
}

/** Shows a loaded map in a container; sends `map.moved` after every pan and `map.failed` for a bad key. */
export interface ShowMapInput {
  api: MapApi;
  container: HTMLElement;
  center: GpsPoint;
}

/** Where the map opens when neither the form nor the shop has a point: People's Square, Shanghai. */
export const FALLBACK_CENTER: GpsPoint = { lat: 31.2323, lng: 121.4758 };

const hasKey = (config: MapConfig) => config.provider !== null && !!config.key;

export const mapPickerMachine = setup({
  types: {
    input: {} as MapPickerInput,
    context: {} as MapPickerContext,
    events: {} as MapPickerEvent,
    emitted: {} as MapPicked,
  },
  actors: {
    /** address/mapConfig */
    loadConfig: notProvided<MapConfig>('loadConfig'),
    /** The provider's JS API (src/services/map.ts loadMapApi). */
    loadMap: notProvided<MapApi, { config: MapConfig }>('loadMap'),
    /** address/reverseGeocode */
    nameCenter: notProvided<Poi | null, { gps: GpsPoint }>('nameCenter'),
    showMap: fromCallback<MapPickerEvent, ShowMapInput>(() => {
      throw new Error('showMap not provided');
    }),
  },
  guards: {
    hasMapKey: (_, params: { config: MapConfig }) => hasKey(params.config),
    opensMapAtStart: ({ context }, params: { config: MapConfig }) =>
      hasKey(params.config) && context.openAtStart,
  },
  actions: {
    storeConfig: assign((_, params: { config: MapConfig }) => ({ config: params.config })),
    startAt: assign(({ context }, params: { center: GpsPoint | null }) => ({
      center: params.center ?? context.near ?? FALLBACK_CENTER,
      place: null,
      error: null,
    })),
    storeApi: assign((_, params: { api: MapApi }) => ({ api: params.api })),
    attach: assign((_, params: { container: HTMLElement }) => ({ container: params.container })),
    detach: assign({ container: null }),
    moveTo: assign((_, params: { center: GpsPoint }) => ({ center: params.center, place: null })),
    storePlace: assign((_, params: { place: Poi | null }) => ({ place: params.place })),
    failLoad: assign({ error: 'mapLoadFailed' as const }),
    dismissError: assign({ error: null }),
    announcePicked: emit(({ context }) => ({
      type: 'map.picked' as const,
      gps: context.center!,
      address: context.place?.name ?? null,
    })),
  },
}).createMachine({
  id: 'mapPicker',
  context: ({ input }) => ({
    config: null,
    api: null,
    container: null,
    near: input.near,
    openAtStart: input.openAtStart ?? false,
    center: null,
    place: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'loadConfig',
        onDone: [
          {
            guard: { type: 'opensMapAtStart', params: ({ event }) => ({ config: event.output }) },
            target: 'loading',
            actions: [
              { type: 'storeConfig', params: ({ event }) => ({ config: event.output }) },
              { type: 'startAt', params: { center: null } },
            ],
          },
          {
            guard: { type: 'hasMapKey', params: ({ event }) => ({ config: event.output }) },
            target: 'closed',
            actions: { type: 'storeConfig', params: ({ event }) => ({ config: event.output }) },
          },
          { target: 'unavailable' },
        ],
        // Without the map's settings the typed search is all there is, as without a key.
        onError: 'unavailable',
      },
    },
    /** No browser map key: the form offers typed search and the device's position only. */
    unavailable: {},
    closed: {
      on: {
        'map.open': {
          target: 'loading',
          actions: { type: 'startAt', params: ({ event }) => ({ center: event.center }) },
        },
        'map.dismissError': { actions: 'dismissError' },
      },
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadMap',
        input: ({ context }) => ({ config: context.config! }),
        onDone: {
          target: 'open',
          actions: { type: 'storeApi', params: ({ event }) => ({ api: event.output }) },
        },
        onError: { target: 'closed', actions: 'failLoad' },
      },
      on: { 'map.close': 'closed' },
    },
    open: {
      initial: 'attaching',
      exit: 'detach',
      on: {
        'map.close': 'closed',
        'map.failed': { target: 'closed', actions: 'failLoad' },
      },
      states: {
        attaching: {
          on: {
            'map.attach': {
              target: 'showing',
              actions: { type: 'attach', params: ({ event }) => event },
            },
          },
        },
        showing: {
          invoke: {
            src: 'showMap',
            input: ({ context }) => ({
              api: context.api!,
              container: context.container!,
              center: context.center!,
            }),
          },
          initial: 'naming',
          states: {
            naming: {
              tags: 'naming',
              on: {
                // A newer point replaces the naming in flight (the map itself stays).
                'map.moved': {
                  target: 'naming',
                  reenter: true,
                  actions: { type: 'moveTo', params: ({ event }) => event },
                },
              },
              invoke: {
                src: 'nameCenter',
                input: ({ context }) => ({ gps: context.center! }),
                onDone: {
                  target: 'named',
                  actions: { type: 'storePlace', params: ({ event }) => ({ place: event.output }) },
                },
                // Unnamed, the point still counts: the customer keeps or types the address text.
                onError: 'named',
              },
            },
            named: {
              on: {
                'map.moved': { target: 'naming', actions: { type: 'moveTo', params: ({ event }) => event } },
                'map.confirm': { target: '#mapPicker.closed', actions: 'announcePicked' },
              },
            },
          },
        },
      },
    },
  },
});

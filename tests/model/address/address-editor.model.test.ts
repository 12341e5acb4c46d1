import { describe, expect, it } from 'vitest';
import { and, assign, createActor, fromPromise, not, setup, stateIn } from 'xstate';
import type { Address, AddressAddInput, Poi } from '../../../src/domain/api/address';
import type { GpsPoint } from '../../../src/domain/shop';
import {
  addressEditorMachine,
  type AddressEditorEmitted,
  type AddressErrorReason,
} from '../../../src/machines/address/address-editor.machine';
import * as select from '../../../src/machines/address/address-editor.selectors';
import { coveragePaths, settle } from '../support';

const SHOP_GPS = { lat: 31.23, lng: 121.47 };
const HERE = { lat: 31.24, lng: 121.48 };
const POIS: Poi[] = [
  {
    name: 'People Square',
    address: 'Huangpu',
    city: 'Shanghai',
    gps: { lat: 31.232, lng: 121.475 },
    distance: 300,
  },
];

/** The contact fields: both empty, a name with a wrong phone, or both right. */
type Contact = 'empty' | 'badPhone' | 'ok';
interface EditorContext {
  contact: Contact;
  place: 'none' | 'typed' | 'poi' | 'map';
  gps: 'none' | 'here' | 'poi' | 'map';
  pois: boolean;
  error: AddressErrorReason | 'offline' | null;
}
type EditorEvent =
  | { type: 'CONTACT'; contact: Exclude<Contact, 'empty'> }
  | { type: 'TYPE_ADDRESS' }
  | { type: 'LOCATE' }
  | { type: 'LOCATED' }
  | { type: 'GEO_DENIED' }
  | { type: 'SEARCH' }
  | { type: 'FOUND' }
  | { type: 'PICK' }
  /** A point confirmed on the map, named there (map-picker.machine.ts). */
  | { type: 'MAP_PICK' }
  | { type: 'SAVE' }
  | { type: 'SAVED' }
  | { type: 'SAVE_FAIL' };

const firstError = (c: EditorContext): AddressErrorReason | null => {
  if (c.contact === 'empty') return 'nameRequired';
  if (c.contact === 'badPhone') return 'phoneInvalid';
  if (c.place === 'none') return 'addressRequired';
  return null;
};

const editorModel = setup({
  types: { context: {} as EditorContext, events: {} as EditorEvent },
  guards: { invalid: ({ context }) => firstError(context) !== null, hasPois: ({ context }) => context.pois },
}).createMachine({
  id: 'addressEditorModel',
  context: { contact: 'empty', place: 'none', gps: 'none', pois: false, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CONTACT: { actions: assign(({ event }) => ({ contact: event.contact, error: null })) },
        TYPE_ADDRESS: { actions: assign({ place: 'typed' as const, error: null }) },
        LOCATE: { target: 'locating', actions: assign({ error: null }) },
        SEARCH: { target: 'searching', actions: assign({ error: null }) },
        PICK: {
          guard: 'hasPois',
          actions: assign({ place: 'poi' as const, gps: 'poi' as const, pois: false, error: null }),
        },
        MAP_PICK: {
          actions: assign({ place: 'map' as const, gps: 'map' as const, pois: false, error: null }),
        },
        SAVE: [
          { guard: 'invalid', actions: assign(({ context }) => ({ error: firstError(context) })) },
          { target: 'saving' },
        ],
      },
    },
    locating: {
      on: {
        LOCATED: { target: 'editing', actions: assign({ gps: 'here' as const, error: null }) },
        GEO_DENIED: { target: 'editing', actions: assign({ error: 'geoDenied' as const }) },
      },
    },
    searching: { on: { FOUND: { target: 'editing', actions: assign({ pois: true, error: null }) } } },
    saving: {
      on: {
        SAVED: 'saved',
        SAVE_FAIL: { target: 'editing', actions: assign({ error: 'offline' as const }) },
      },
    },
    saved: { type: 'final' },
  },
});

const ON_MAP: GpsPoint = { lat: 31.2233, lng: 121.4453 };
const UNNAMED_ON_MAP: GpsPoint = { lat: 31.3, lng: 121.6 };
const ADDRESS_TEXT: Record<EditorContext['place'], string> = {
  none: '',
  typed: '8 Garden Road',
  poi: 'People Square',
  map: 'Jing’an Temple',
};

const PHONES: Record<Contact, string> = { empty: '', badPhone: '12345', ok: '13800138000' };

describe('addressEditor of a new address (model-based)', () => {
  for (const path of coveragePaths(editorModel, [
    { type: 'CONTACT', contact: 'badPhone' },
    { type: 'CONTACT', contact: 'ok' },
    { type: 'TYPE_ADDRESS' },
    { type: 'LOCATE' },
    { type: 'LOCATED' },
    { type: 'GEO_DENIED' },
    { type: 'SEARCH' },
    { type: 'FOUND' },
    { type: 'PICK' },
    { type: 'MAP_PICK' },
    { type: 'SAVE' },
    { type: 'SAVED' },
    { type: 'SAVE_FAIL' },
  ])) {
    it(path.description, async () => {
      const locates: { resolve(p: GpsPoint): void; reject(e: unknown): void }[] = [];
      const searches: { resolve(p: Poi[]): void; near: GpsPoint | null; keyword: string }[] = [];
      const saves: {
        resolve(a: Address): void;
        reject(e: Error): void;
        fields: AddressAddInput;
        id: number | null;
      }[] = [];
      const emitted: AddressEditorEmitted[] = [];
      const actor = createActor(
        addressEditorMachine.provide({
          actors: {
            locate: fromPromise(
              () => new Promise<GpsPoint>((resolve, reject) => locates.push({ resolve, reject })),
            ),
            searchPoi: fromPromise(
              ({ input }) =>
                new Promise<Poi[]>((resolve) =>
                  searches.push({ resolve, near: input.near, keyword: input.keyword }),
                ),
            ),
            saveAddress: fromPromise(
              ({ input }) =>
                new Promise<Address>((resolve, reject) =>
                  saves.push({ resolve, reject, fields: input.fields, id: input.id }),
                ),
            ),
          },
        }),
        { input: { address: null, near: SHOP_GPS } },
      );
      actor.on('*', (e) => emitted.push(e as AddressEditorEmitted));
      actor.start();
      const snap = () => actor.getSnapshot();
      const expectedGps = (m: EditorContext) =>
        ({ none: null, here: HERE, poi: POIS[0]!.gps, map: ON_MAP })[m.gps];
      await path.run({
        states: {
          editing: (state) => {
            const m = state.context as EditorContext;
            const s = snap();
            const draft = select.selectDraft(s);
            expect(select.selectIsNew(s)).toBe(true);
            expect(draft.contactName).toBe(m.contact === 'empty' ? '' : 'Li Lei');
            expect(draft.phone).toBe(PHONES[m.contact]);
            expect(draft.address).toBe(ADDRESS_TEXT[m.place]);
            expect(draft.gps).toEqual(expectedGps(m));
            expect(select.selectHasGps(s)).toBe(m.gps !== 'none');
            expect(select.selectPois(s)).toEqual(m.pois ? POIS : []);
            const shown = select.selectFieldError(s)?.reason ?? select.selectError(s);
            expect(shown).toBe(m.error);
          },
          locating: () => expect(select.selectIsLocating(snap())).toBe(true),
          searching: (state) => {
            const m = state.context as EditorContext;
            expect(select.selectIsSearching(snap())).toBe(true);
            expect(searches.at(-1)).toMatchObject({ keyword: 'square', near: expectedGps(m) ?? SHOP_GPS });
          },
          saving: (state) => {
            const m = state.context as EditorContext;
            expect(select.selectIsSaving(snap())).toBe(true);
            expect(saves.at(-1)!.id).toBeNull();
            expect(saves.at(-1)!.fields).toEqual({
              contactName: 'Li Lei',
              phone: '13800138000',
              address: ADDRESS_TEXT[m.place],
              houseNumber: '',
              gps: expectedGps(m),
              isDefault: false,
              tag: '',
            });
          },
          saved: () => {
            expect(select.selectIsSaved(snap())).toBe(true);
            expect(emitted).toEqual([
              { type: 'address.saved', address: expect.objectContaining({ id: 40 }) },
            ]);
          },
        },
        events: {
          CONTACT: ({ contact }) =>
            actor.send({ type: 'editor.set', changes: { contactName: 'Li Lei', phone: PHONES[contact] } }),
          TYPE_ADDRESS: () => actor.send({ type: 'editor.set', changes: { address: '8 Garden Road' } }),
          LOCATE: () => actor.send({ type: 'editor.locate' }),
          LOCATED: async () => {
            locates.at(-1)!.resolve(HERE);
            await settle();
          },
          GEO_DENIED: async () => {
            locates.at(-1)!.reject({ kind: 'denied' });
            await settle();
          },
          SEARCH: () => actor.send({ type: 'editor.search', keyword: ' square ' }),
          FOUND: async () => {
            searches.at(-1)!.resolve(POIS);
            await settle();
          },
          PICK: () => actor.send({ type: 'editor.pickPoi', index: 0 }),
          MAP_PICK: () => actor.send({ type: 'editor.pickPlace', gps: ON_MAP, address: 'Jing’an Temple' }),
          SAVE: async () => {
            actor.send({ type: 'editor.save' });
            await settle();
          },
          SAVED: async () => {
            const { fields } = saves.at(-1)!;
            saves.at(-1)!.resolve({
              ...fields,
              id: 40,
              houseNumber: '',
              gps: fields.gps ?? null,
              isDefault: false,
              tag: '',
              updatedAt: '',
            } as Address);
            await settle();
          },
          SAVE_FAIL: async () => {
            saves.at(-1)!.reject(new Error('offline'));
            await settle();
          },
        },
      });
      actor.stop();
    });
  }

  it('a point on the map where no place is known keeps the typed address and takes the point', () => {
    const actor = createActor(addressEditorMachine, { input: { address: null, near: SHOP_GPS } }).start();
    actor.send({ type: 'editor.set', changes: { address: '8 Garden Road' } });
    actor.send({ type: 'editor.pickPlace', gps: UNNAMED_ON_MAP, address: null });
    expect(select.selectDraft(actor.getSnapshot())).toMatchObject({
      address: '8 Garden Road',
      gps: UNNAMED_ON_MAP,
    });
    expect(select.selectHasGps(actor.getSnapshot())).toBe(true);
    actor.stop();
  });

  it('a name without a phone is refused on the phone field', () => {
    const actor = createActor(addressEditorMachine, { input: { address: null, near: null } }).start();
    actor.send({ type: 'editor.set', changes: { contactName: 'Li Lei', address: '8 Garden Road' } });
    actor.send({ type: 'editor.save' });
    expect(select.selectFieldError(actor.getSnapshot())).toEqual({ field: 'phone', reason: 'phoneRequired' });
    expect(select.selectIsSaving(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('editing an existing address saves it with its id', async () => {
    const saves: { id: number | null }[] = [];
    const existing: Address = {
      id: 7,
      contactName: 'Li Lei',
      phone: '13800138000',
      address: '8 Garden Road',
      houseNumber: '2F',
      gps: HERE,
      isDefault: true,
      tag: 'home',
      updatedAt: '',
    };
    const actor = createActor(
      addressEditorMachine.provide({
        actors: { saveAddress: fromPromise(async ({ input }) => (saves.push(input), existing)) },
      }),
      { input: { address: existing, near: null } },
    ).start();
    actor.send({ type: 'editor.set', changes: { houseNumber: '3F' } });
    actor.send({ type: 'editor.save' });
    await settle();
    expect(saves).toEqual([
      { id: 7, fields: expect.objectContaining({ id: 7, houseNumber: '3F', gps: HERE, isDefault: true }) },
    ]);
    actor.stop();
  });
});

/**
 * The customer's view while a place search or the position is in flight: they keep typing key by key,
 * tap a place from the list on screen, pick on the map, or tap Save. Name and phone are filled in.
 */
interface LookupContext {
  /** Characters of WORD typed into the street field. */
  typed: 0 | 1 | 2;
  picked: 'none' | 'poi' | 'map';
  gps: 'none' | 'here' | 'poi' | 'map';
  /** The last search's places are on screen. */
  pois: boolean;
  /** A refused Save points at the empty street field. */
  missing: boolean;
  /** The banner: a locating failure or the save's request failure. */
  error: 'geoDenied' | 'offline' | null;
}
type LookupEvent =
  /** One more key in the street field: the view sends editor.set and editor.search. */
  | { type: 'TYPE_KEY' }
  | { type: 'FOUND' }
  | { type: 'PICK' }
  | { type: 'MAP_PICK' }
  | { type: 'LOCATE' }
  | { type: 'LOCATED' }
  | { type: 'GEO_DENIED' }
  | { type: 'SAVE' }
  | { type: 'SAVED' }
  | { type: 'SAVE_FAIL' };

const WORD = 'Ga';
const STALE: Poi[] = [{ ...POIS[0]!, name: 'Stale Place' }];
const lookupAddress = (m: LookupContext) =>
  m.picked === 'poi' ? 'People Square' : m.picked === 'map' ? 'Jing’an Temple' : WORD.slice(0, m.typed);

const lookupModel = setup({
  types: { context: {} as LookupContext, events: {} as LookupEvent },
  guards: {
    canType: ({ context }) => context.typed < WORD.length && context.picked === 'none',
    hasPois: ({ context }) => context.pois,
    noAddress: ({ context }) => lookupAddress(context) === '',
    waitsToSave: stateIn({ editing: { position: 'saveWhenLocated' } }),
  },
}).createMachine({
  id: 'addressLookupModel',
  context: { typed: 0, picked: 'none', gps: 'none', pois: false, missing: false, error: null },
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      on: {
        // Once Save waits for the position the form is locked, so no pick reaches the editor.
        PICK: {
          guard: and(['hasPois', not('waitsToSave')]),
          target: ['.search.idle', '.position.idle'],
          actions: assign({
            picked: 'poi' as const,
            gps: 'poi' as const,
            pois: false,
            missing: false,
            error: null,
          }),
        },
        MAP_PICK: {
          guard: not('waitsToSave'),
          target: ['.search.idle', '.position.idle'],
          actions: assign({
            picked: 'map' as const,
            gps: 'map' as const,
            pois: false,
            missing: false,
            error: null,
          }),
        },
      },
      states: {
        search: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                TYPE_KEY: {
                  guard: and(['canType', not('waitsToSave')]),
                  target: 'searching',
                  actions: assign(({ context }) => ({
                    typed: (context.typed + 1) as 1 | 2,
                    missing: false,
                    error: null,
                  })),
                },
              },
            },
            searching: {
              on: {
                TYPE_KEY: {
                  guard: and(['canType', not('waitsToSave')]),
                  target: 'searching',
                  reenter: true,
                  actions: assign(({ context }) => ({
                    typed: (context.typed + 1) as 1 | 2,
                    missing: false,
                    error: null,
                  })),
                },
                FOUND: { target: 'idle', actions: assign({ pois: true, error: null }) },
              },
            },
          },
        },
        position: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                LOCATE: { target: 'locating', actions: assign({ missing: false, error: null }) },
                SAVE: [
                  { guard: 'noAddress', actions: assign({ missing: true, error: null }) },
                  { target: '#addressLookupModel.saving' },
                ],
              },
            },
            locating: {
              on: {
                // The point does not fill the missing street a refused Save pointed at.
                LOCATED: { target: 'idle', actions: assign({ gps: 'here' as const, error: null }) },
                GEO_DENIED: { target: 'idle', actions: assign({ error: 'geoDenied' as const }) },
                SAVE: [
                  { guard: 'noAddress', actions: assign({ missing: true, error: null }) },
                  { target: 'saveWhenLocated', actions: assign({ missing: false, error: null }) },
                ],
              },
            },
            saveWhenLocated: {
              on: {
                LOCATED: { target: '#addressLookupModel.saving', actions: assign({ gps: 'here' as const }) },
                GEO_DENIED: { target: 'idle', actions: assign({ error: 'geoDenied' as const }) },
              },
            },
          },
        },
      },
    },
    saving: {
      on: {
        SAVED: 'saved',
        SAVE_FAIL: { target: 'editing', actions: assign({ error: 'offline' as const }) },
      },
    },
    saved: { type: 'final' },
  },
});

describe('addressEditor while a search or the position is in flight (model-based)', () => {
  for (const path of coveragePaths(lookupModel, [
    { type: 'TYPE_KEY' },
    { type: 'FOUND' },
    { type: 'PICK' },
    { type: 'MAP_PICK' },
    { type: 'LOCATE' },
    { type: 'LOCATED' },
    { type: 'GEO_DENIED' },
    { type: 'SAVE' },
    { type: 'SAVED' },
    { type: 'SAVE_FAIL' },
  ])) {
    it(path.description, async () => {
      const locates: { resolve(p: GpsPoint): void; reject(e: unknown): void }[] = [];
      const searches: { resolve(p: Poi[]): void; keyword: string }[] = [];
      const saves: { resolve(a: Address): void; reject(e: Error): void; fields: AddressAddInput }[] = [];
      const actor = createActor(
        addressEditorMachine.provide({
          actors: {
            locate: fromPromise(
              () => new Promise<GpsPoint>((resolve, reject) => locates.push({ resolve, reject })),
            ),
            searchPoi: fromPromise(
              ({ input }) =>
                new Promise<Poi[]>((resolve) => searches.push({ resolve, keyword: input.keyword })),
            ),
            saveAddress: fromPromise(
              ({ input }) =>
                new Promise<Address>((resolve, reject) =>
                  saves.push({ resolve, reject, fields: input.fields }),
                ),
            ),
          },
        }),
        { input: { address: null, near: SHOP_GPS, contact: { name: 'Li Lei', phone: '13800138000' } } },
      );
      actor.start();
      const snap = () => actor.getSnapshot();
      const expectedGps = (m: LookupContext) =>
        ({ none: null, here: HERE, poi: POIS[0]!.gps, map: ON_MAP })[m.gps];
      /** Answers that come too late (a superseded or ended search, an ended locate) must change nothing. */
      const answerLate = async () => {
        for (const search of searches) search.resolve(STALE);
        for (const locate of locates) locate.resolve(UNNAMED_ON_MAP);
        await settle();
      };
      let typed = '';
      await path.run({
        states: {
          editing: (state) => {
            const m = state.context as LookupContext;
            const s = snap();
            expect(select.selectDraft(s)).toMatchObject({ contactName: 'Li Lei', address: lookupAddress(m) });
            expect(select.selectDraft(s).gps).toEqual(expectedGps(m));
            expect(select.selectPois(s)).toEqual(m.pois ? POIS : []);
            expect(select.selectFieldError(s)).toEqual(
              m.missing ? { field: 'address', reason: 'addressRequired' } : null,
            );
            expect(select.selectError(s)).toBe(m.error);
            expect(select.selectIsSearching(s)).toBe(state.matches('editing.search.searching'));
            if (select.selectIsSearching(s)) expect(searches.at(-1)!.keyword).toBe(lookupAddress(m));
            expect(select.selectIsLocating(s)).toBe(!state.matches('editing.position.idle'));
            // The form is locked while Save waits for the position.
            expect(select.selectIsSaving(s)).toBe(state.matches('editing.position.saveWhenLocated'));
          },
          saving: (state) => {
            const m = state.context as LookupContext;
            const s = snap();
            expect(select.selectIsSaving(s)).toBe(true);
            expect(select.selectIsSearching(s)).toBe(false);
            // The view disables the form: an edit now would not reach the address being saved.
            expect(s.can({ type: 'editor.set', changes: { address: 'x' } })).toBe(false);
            expect(saves.at(-1)!.fields).toMatchObject({ address: lookupAddress(m), gps: expectedGps(m) });
          },
          saved: () => expect(select.selectIsSaved(snap())).toBe(true),
        },
        events: {
          TYPE_KEY: async () => {
            typed = WORD.slice(0, typed.length + 1);
            actor.send({ type: 'editor.set', changes: { address: typed } });
            actor.send({ type: 'editor.search', keyword: typed });
            // Only the answer for the newest text counts.
            for (const search of searches.slice(0, -1)) search.resolve(STALE);
            await settle();
          },
          FOUND: async () => {
            searches.at(-1)!.resolve(POIS);
            await settle();
          },
          PICK: async () => {
            actor.send({ type: 'editor.pickPoi', index: 0 });
            await answerLate();
          },
          MAP_PICK: async () => {
            actor.send({ type: 'editor.pickPlace', gps: ON_MAP, address: 'Jing’an Temple' });
            await answerLate();
          },
          LOCATE: () => actor.send({ type: 'editor.locate' }),
          LOCATED: async () => {
            locates.at(-1)!.resolve(HERE);
            await settle();
          },
          GEO_DENIED: async () => {
            locates.at(-1)!.reject({ kind: 'denied' });
            await settle();
          },
          SAVE: async () => {
            actor.send({ type: 'editor.save' });
            await settle();
            // A search left running when the save starts must not list places over the locked form.
            if (snap().matches('saving')) await answerLate();
          },
          SAVED: async () => {
            const { fields } = saves.at(-1)!;
            saves.at(-1)!.resolve({ ...fields, id: 41, gps: fields.gps ?? null, updatedAt: '' } as Address);
            await settle();
          },
          SAVE_FAIL: async () => {
            saves.at(-1)!.reject(new Error('offline'));
            await settle();
          },
        },
      });
      actor.stop();
    });
  }

  it('emptying the street field ends the search and clears the places for the old text', async () => {
    const searches: { resolve(p: Poi[]): void }[] = [];
    const actor = createActor(
      addressEditorMachine.provide({
        actors: {
          searchPoi: fromPromise(() => new Promise<Poi[]>((resolve) => searches.push({ resolve }))),
        },
      }),
      { input: { address: null, near: SHOP_GPS } },
    ).start();
    actor.send({ type: 'editor.search', keyword: 'peo' });
    searches[0]!.resolve(POIS);
    await settle();
    expect(select.selectPois(actor.getSnapshot())).toEqual(POIS);
    actor.send({ type: 'editor.search', keyword: 'peop' });
    actor.send({ type: 'editor.search', keyword: '  ' });
    expect(select.selectIsSearching(actor.getSnapshot())).toBe(false);
    expect(select.selectPois(actor.getSnapshot())).toEqual([]);
    searches[1]!.resolve(POIS);
    await settle();
    expect(select.selectPois(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });
});

// Adding or editing an address (spec §2 /pages/user/address/add, update and poi; §5 "phone, name and
// address are required, the phone must be correct"; §8 "device nonsupport geolocation", "no location"):
// the fields, the browser's position, a place search (address/searchPoi) and the point chosen on the map
// (map-picker.machine.ts), each of which fills the address and its GPS point, which takeaway needs.
// The place search and the position run side by side while the customer keeps typing: a lookup in flight
// never costs a keystroke or a tap.
import { assign, emit, raise, setup, stateIn } from 'xstate';
import type { Address, AddressAddInput, AddressUpdateInput, Poi } from '../../domain/api/address';
import { normalizePhone } from '../../domain/api/user-rules';
import type { GpsPoint } from '../../domain/shop';
import { errorMessage, notProvided } from '../shared/not-provided';

export interface AddressDraft {
  contactName: string;
  phone: string;
  areaCode: string;
  address: string;
  houseNumber: string;
  gps: GpsPoint | null;
  isDefault: boolean;
  tag: string;
}

export type AddressField = 'contactName' | 'phone' | 'address' | 'houseNumber' | 'tag';
/** Text keys `address.error.<reason>`. */
export type AddressErrorReason =
  | 'nameRequired'
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'addressRequired'
  | 'tooLong'
  | 'geoUnsupported'
  | 'geoDenied'
  | 'geoUnavailable'
  | 'geoTimeout';

export interface AddressEditorContext {
  id: number | null;
  draft: AddressDraft;
  /** Rank places near this point (the shop's position). */
  near: GpsPoint | null;
  pois: Poi[];
  fieldError: { field: AddressField; reason: AddressErrorReason } | null;
  /** Locating failure (a key) or request-layer text. */
  error: string | null;
}

export type AddressEditorEvent =
  | { type: 'editor.set'; changes: Partial<Omit<AddressDraft, 'gps'>> }
  | { type: 'editor.locate' }
  | { type: 'editor.search'; keyword: string }
  | { type: 'editor.pickPoi'; index: number }
  /** A point chosen on the map, with its place name (null keeps the typed address). */
  | { type: 'editor.pickPlace'; gps: GpsPoint; address: string | null }
  | { type: 'editor.save' }
  | { type: 'editor.dismissError' };

export type AddressEditorEmitted = { type: 'address.saved'; address: Address };

const LIMITS: Record<AddressField, number> = {
  contactName: 32,
  phone: 24,
  address: 200,
  houseNumber: 64,
  tag: 16,
};
const GEO_REASON: Record<string, AddressErrorReason> = {
  unsupported: 'geoUnsupported',
  denied: 'geoDenied',
  unavailable: 'geoUnavailable',
  timeout: 'geoTimeout',
};

export function draftError(draft: AddressDraft): AddressEditorContext['fieldError'] {
  if (!draft.contactName.trim()) return { field: 'contactName', reason: 'nameRequired' };
  if (!draft.phone.trim()) return { field: 'phone', reason: 'phoneRequired' };
  if (!normalizePhone(draft.phone, draft.areaCode || undefined))
    return { field: 'phone', reason: 'phoneInvalid' };
  if (!draft.address.trim()) return { field: 'address', reason: 'addressRequired' };
  for (const field of Object.keys(LIMITS) as AddressField[])
    if (draft[field].trim().length > LIMITS[field]) return { field, reason: 'tooLong' };
  return null;
}

const draftOf = (address: Address | null): AddressDraft => ({
  contactName: address?.contactName ?? '',
  phone: address?.phone ?? '',
  areaCode: '',
  address: address?.address ?? '',
  houseNumber: address?.houseNumber ?? '',
  gps: address?.gps ?? null,
  isDefault: address?.isDefault ?? false,
  tag: address?.tag ?? '',
});

const fieldsOf = (draft: AddressDraft): AddressAddInput => ({
  contactName: draft.contactName.trim(),
  phone: draft.phone.trim(),
  ...(draft.areaCode.trim() ? { areaCode: draft.areaCode.trim() } : {}),
  address: draft.address.trim(),
  houseNumber: draft.houseNumber.trim(),
  gps: draft.gps,
  isDefault: draft.isDefault,
  tag: draft.tag.trim(),
});

export const addressEditorMachine = setup({
  types: {
    input: {} as {
      address: Address | null;
      near: GpsPoint | null;
      contact?: { name: string; phone: string };
    },
    context: {} as AddressEditorContext,
    events: {} as AddressEditorEvent,
    emitted: {} as AddressEditorEmitted,
  },
  actors: {
    /** The browser's position; rejects with { kind: unsupported | denied | unavailable | timeout }. */
    locate: notProvided<GpsPoint>('locate'),
    /** address/searchPoi */
    searchPoi: notProvided<Poi[], { keyword: string; near: GpsPoint | null }>('searchPoi'),
    /** address/add (id null) or address/update. */
    saveAddress: notProvided<Address, { id: number | null; fields: AddressAddInput | AddressUpdateInput }>(
      'saveAddress',
    ),
  },
  guards: {
    hasKeyword: (_, params: { keyword: string }) => params.keyword.trim().length > 0,
    hasPoi: ({ context }, params: { index: number }) => context.pois[params.index] !== undefined,
    isDraftInvalid: ({ context }) => draftError(context.draft) !== null,
    savesWhenLocated: stateIn({ editing: { position: { locating: 'saveWhenLocated' } } }),
  },
  actions: {
    setDraft: assign(({ context }, params: Partial<AddressDraft>) => ({
      draft: { ...context.draft, ...params },
      fieldError: null,
      error: null,
    })),
    storePosition: assign(({ context }, params: { gps: GpsPoint }) => ({
      draft: { ...context.draft, gps: params.gps },
      near: params.gps,
      error: null,
    })),
    failLocate: assign((_, params: { error: unknown }) => ({
      error:
        GEO_REASON[(params.error as { kind?: string } | null)?.kind ?? 'unavailable'] ?? 'geoUnavailable',
    })),
    storePois: assign((_, params: { pois: Poi[] }) => ({ pois: params.pois, error: null })),
    forgetPois: assign({ pois: [] }),
    pickPoi: assign(({ context }, params: { index: number }) => {
      const poi = context.pois[params.index]!;
      return {
        draft: { ...context.draft, address: poi.name, gps: poi.gps },
        pois: [],
        fieldError: null,
        error: null,
      };
    }),
    pickPlace: assign(({ context }, params: { gps: GpsPoint; address: string | null }) => ({
      draft: { ...context.draft, address: params.address ?? context.draft.address, gps: params.gps },
      near: params.gps,
      pois: [],
      fieldError: null,
      error: null,
    })),
    showFieldError: assign(({ context }) => ({ fieldError: draftError(context.draft) })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    dismissError: assign({ error: null, fieldError: null }),
    /** The Save tapped while locating, taken now that the point is in the draft. */
    saveNow: raise({ type: 'editor.save' as const }),
    announceSaved: emit((_, params: { address: Address }) => ({
      type: 'address.saved' as const,
      address: params.address,
    })),
  },
}).createMachine({
  id: 'addressEditor',
  context: ({ input }) => {
    const draft = draftOf(input.address);
    if (!input.address && input.contact) {
      draft.contactName = input.contact.name;
      draft.phone = input.contact.phone;
    }
    return {
      id: input.address?.id ?? null,
      draft,
      near: input.near,
      pois: [],
      fieldError: null,
      error: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      type: 'parallel',
      // Handled here, whatever the search and the position are doing.
      on: {
        'editor.set': { actions: { type: 'setDraft', params: ({ event }) => event.changes } },
        // A place picked from the list on screen (the answer before a search still in flight) or on the map
        // is the customer's latest word on the address and its point: a search answer or a position still
        // to come would overwrite or re-list it, so both lookups end.
        'editor.pickPoi': {
          guard: { type: 'hasPoi', params: ({ event }) => event },
          target: ['.search.idle', '.position.idle'],
          actions: { type: 'pickPoi', params: ({ event }) => event },
        },
        'editor.pickPlace': {
          target: ['.search.idle', '.position.idle'],
          actions: { type: 'pickPlace', params: ({ event }) => event },
        },
        // While a search runs the typed text is what the customer wants saved: the answer only offers places
        // to pick, so waiting for it would delay the save for nothing. Leaving the state ends the search.
        'editor.save': [
          { guard: 'isDraftInvalid', actions: ['dismissError', 'showFieldError'] },
          { target: 'saving', actions: 'dismissError' },
        ],
        'editor.dismissError': { actions: 'dismissError' },
      },
      states: {
        search: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'editor.search': [
                  {
                    guard: { type: 'hasKeyword', params: ({ event }) => event },
                    target: 'searching',
                    actions: 'dismissError',
                  },
                  // The field was emptied: places for the old text no longer apply.
                  { actions: 'forgetPois' },
                ],
              },
            },
            searching: {
              tags: 'busy',
              invoke: {
                src: 'searchPoi',
                input: ({ context, event }) => ({
                  keyword: (event as { keyword: string }).keyword.trim(),
                  near: context.draft.gps ?? context.near,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'storePois', params: ({ event }) => ({ pois: event.output }) },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
                },
              },
              on: {
                'editor.search': [
                  // A newer keyword replaces the search in flight.
                  {
                    guard: { type: 'hasKeyword', params: ({ event }) => event },
                    target: 'searching',
                    reenter: true,
                  },
                  // Emptied while searching: the answer for the old text is not wanted.
                  { target: 'idle', actions: 'forgetPois' },
                ],
              },
            },
          },
        },
        position: {
          initial: 'idle',
          states: {
            idle: { on: { 'editor.locate': { target: 'locating', actions: 'dismissError' } } },
            locating: {
              tags: 'busy',
              initial: 'asked',
              states: {
                asked: {
                  on: {
                    // Save tapped after asking for the position: the customer means the address at that
                    // point (without one it cannot be delivered to), so the save waits for it; the draft is
                    // checked now so a missing field is shown at once.
                    'editor.save': [
                      { guard: 'isDraftInvalid', actions: ['dismissError', 'showFieldError'] },
                      { target: 'saveWhenLocated', actions: 'dismissError' },
                    ],
                  },
                },
                // Already waiting: another tap changes nothing.
                saveWhenLocated: { on: { 'editor.save': {} } },
              },
              invoke: {
                src: 'locate',
                onDone: [
                  {
                    guard: 'savesWhenLocated',
                    target: 'idle',
                    actions: [
                      { type: 'storePosition', params: ({ event }) => ({ gps: event.output }) },
                      'saveNow',
                    ],
                  },
                  {
                    target: 'idle',
                    actions: { type: 'storePosition', params: ({ event }) => ({ gps: event.output }) },
                  },
                ],
                // A waiting save is dropped with the failure shown: the customer decides whether to keep the
                // address without a point.
                onError: {
                  target: 'idle',
                  actions: { type: 'failLocate', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        src: 'saveAddress',
        input: ({ context }) => ({
          id: context.id,
          fields:
            context.id === null ? fieldsOf(context.draft) : { ...fieldsOf(context.draft), id: context.id },
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'announceSaved', params: ({ event }) => ({ address: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    saved: { type: 'final' },
  },
});

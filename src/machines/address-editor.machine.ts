// Adding or editing an address (spec §2 /pages/user/address/add, update and poi; §5 "phone, name and
// address are required, the phone must be correct"; §8 "device nonsupport geolocation", "no location"):
// the fields, the browser's position, a place search (address/searchPoi) and the point chosen on the map
// (map-picker.machine.ts), each of which fills the address and its GPS point, which takeaway needs.
import { assign, emit, setup } from 'xstate';
import type { Address, AddressAddInput, AddressUpdateInput, Poi } from '../domain/api/address';
import { normalizePhone } from '../domain/api/user-rules';
import type { GpsPoint } from '../domain/shop';
import { errorMessage, notProvided } from './not-provided';

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
      on: {
        'editor.set': { actions: { type: 'setDraft', params: ({ event }) => event.changes } },
        'editor.locate': { target: 'locating', actions: 'dismissError' },
        'editor.search': {
          guard: { type: 'hasKeyword', params: ({ event }) => event },
          target: 'searching',
          actions: 'dismissError',
        },
        'editor.pickPoi': {
          guard: { type: 'hasPoi', params: ({ event }) => event },
          actions: { type: 'pickPoi', params: ({ event }) => event },
        },
        'editor.pickPlace': { actions: { type: 'pickPlace', params: ({ event }) => event } },
        'editor.save': [
          { guard: 'isDraftInvalid', actions: ['dismissError', 'showFieldError'] },
          { target: 'saving', actions: 'dismissError' },
        ],
        'editor.dismissError': { actions: 'dismissError' },
      },
    },
    locating: {
      tags: 'busy',
      invoke: {
        src: 'locate',
        onDone: {
          target: 'editing',
          actions: { type: 'storePosition', params: ({ event }) => ({ gps: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'failLocate', params: ({ event }) => ({ error: event.error }) },
        },
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
          target: 'editing',
          actions: { type: 'storePois', params: ({ event }) => ({ pois: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
      // A newer keyword replaces the search in flight.
      on: {
        'editor.search': {
          guard: { type: 'hasKeyword', params: ({ event }) => event },
          target: 'searching',
          reenter: true,
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

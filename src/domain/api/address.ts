// Contract of the address/* calls of spec §7 ("address/list, address/detail {id}, address/add,
// address/update, address/delete {id}") and of address/searchPoi, an addition: the spec leaves open how a
// customer without GPS picks a place, so the server answers typed searches from its geocoding provider.
//
// Addresses belong to the customer's proven phone (user/h5Login), not to a device: a device-only session
// gets "please log in first", and the same phone sees the same addresses in every shop. A GPS point is
// optional when saving but required to order takeaway ("this address has no GPS location").
import { z } from 'zod';
import { gpsPoint } from '../shop';
import { entityId } from './store';

export const MAX_ADDRESSES = 50;
export const MAX_POI_RESULTS = 10;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** The editable fields of an address. `phone` is checked like user/sendSmsCode's phone (normalizePhone). */
export const addressFields = z.object({
  contactName: trimmed(32),
  phone: trimmed(24),
  /** Country calling code of a national phone number ("86" = mainland, the default). */
  areaCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
  /** Street address or place name as the customer sees it. */
  address: trimmed(200),
  /** Flat, floor, door: free text, may be empty. */
  houseNumber: z.string().trim().max(64).default(''),
  /** null = no GPS point yet (typed address); takeaway needs one. */
  gps: gpsPoint.nullable().default(null),
  /** The customer's default address; setting it clears the flag on their other addresses. */
  isDefault: z.boolean().default(false),
  /** A short label ("home", "work"), may be empty. */
  tag: z.string().trim().max(16).default(''),
});

export const addressListInput = z.object({});
export const addressDetailInput = z.object({ id: entityId });
export const addressAddInput = addressFields;
/** Every field is sent again (the edit page posts the whole form). */
export const addressUpdateInput = addressFields.extend({ id: entityId });
export const addressDeleteInput = z.object({ id: entityId });
export const searchPoiInput = z.object({
  keyword: z.string().trim().min(1).max(50),
  /** Rank places near this point first (e.g. the shop's gpsAddress); omitted = by match quality only. */
  near: gpsPoint.optional(),
});

export type AddressFields = z.input<typeof addressFields>;
export type AddressAddInput = z.input<typeof addressAddInput>;
export type AddressUpdateInput = z.input<typeof addressUpdateInput>;
export type SearchPoiInput = z.input<typeof searchPoiInput>;

export const address = z.object({
  id: z.number().int(),
  contactName: z.string(),
  /** Stored form: mainland 11 digits or E.164. */
  phone: z.string(),
  address: z.string(),
  houseNumber: z.string(),
  gps: gpsPoint.nullable(),
  isDefault: z.boolean(),
  tag: z.string(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type Address = z.infer<typeof address>;

/** Default address first, then the most recently updated. */
export const addressListInfo = z.array(address);
export const addressDetailInfo = address;
export const addressDeleteInfo = z.object({ id: z.number().int() });

export const poi = z.object({
  name: z.string(),
  /** Street or district line under the name. */
  address: z.string(),
  city: z.string(),
  gps: gpsPoint,
  /** Metres from `near`, when it was given. */
  distance: z.number().int().nonnegative().nullable(),
});
export type Poi = z.infer<typeof poi>;
export const searchPoiInfo = z.object({
  list: z.array(poi),
  /** Which provider answered: "offline" (built-in gazetteer) or a configured service. */
  provider: z.string(),
});
export type SearchPoiInfo = z.infer<typeof searchPoiInfo>;

/**
 * address/mapConfig: the browser map of the location pick (spec §2 /pages/user/address/poi, §7 "map script
 * loading … using configured map keys"). provider null = no browser key configured: typed search only.
 */
export const MAP_PROVIDERS = ['amap', 'google'] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];
export const mapConfigInput = z.object({});
export const mapConfigInfo = z.object({
  provider: z.enum(MAP_PROVIDERS).nullable(),
  /** The browser key (MAP_JS_KEY), never the server's geocoding key. */
  key: z.string().nullable(),
  /** AMap JS API 2.0 security code (MAP_JS_SECURITY_CODE), when the key needs one. */
  securityCode: z.string().nullable(),
});
export type MapConfig = z.infer<typeof mapConfigInfo>;

/** address/reverseGeocode: the place at a point the customer chose on the map. */
export const reverseGeocodeInput = z.object({ gps: gpsPoint });
export type ReverseGeocodeInput = z.input<typeof reverseGeocodeInput>;
export const reverseGeocodeInfo = z.object({
  /** null when the provider knows no place there (the customer types the address). */
  place: poi.nullable(),
  provider: z.string(),
});
export type ReverseGeocodeInfo = z.infer<typeof reverseGeocodeInfo>;

export const addressContract = {
  list: { input: addressListInput, info: addressListInfo },
  detail: { input: addressDetailInput, info: addressDetailInfo },
  add: { input: addressAddInput, info: address },
  update: { input: addressUpdateInput, info: address },
  delete: { input: addressDeleteInput, info: addressDeleteInfo },
  searchPoi: { input: searchPoiInput, info: searchPoiInfo },
  mapConfig: { input: mapConfigInput, info: mapConfigInfo },
  reverseGeocode: { input: reverseGeocodeInput, info: reverseGeocodeInfo },
} as const;
export type AddressAction = keyof typeof addressContract;

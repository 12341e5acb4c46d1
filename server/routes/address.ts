// The address calls: address/list, detail, add, update, delete, address/searchPoi (typed place search for
// customers without GPS), address/mapConfig (the browser map's provider and key) and
// address/reverseGeocode (the place at the point chosen on the map). Contract: src/domain/api/address.ts; docs/api.md "Address".
import {
  addressAddInput,
  addressDeleteInput,
  addressDetailInput,
  addressListInput,
  addressUpdateInput,
  mapConfigInput,
  MAX_POI_RESULTS,
  reverseGeocodeInput,
  searchPoiInput,
  type MapConfig,
  type ReverseGeocodeInfo,
  type SearchPoiInfo,
} from '../../src/domain/api/address';
import { actionRoutes, BusinessError, defineAction, withMessage, type AnyAction } from '../http/action';
import {
  addAddress,
  deleteAddress,
  findAddress,
  listAddresses,
  ownerPhone,
  toAddress,
  updateAddress,
} from '../modules/identity/addresses';
import { orderMessages } from '../modules/orders/orders-messages';
import { geocoderFromEnv, mapConfigFromEnv, type GeocodingProvider } from '../providers/geocoding';

let geocoder: GeocodingProvider | null = null;
/** Chosen from the environment on first use (GEOCODING_PROVIDER, AMAP_KEY, GOOGLE_MAPS_KEY). */
const geocoding = () => (geocoder ??= geocoderFromEnv(process.env));

const actions: AnyAction[] = [
  defineAction({
    area: 'address',
    action: 'list',
    input: addressListInput,
    auth: 'session',
    handler: async ({ ctx, app }) => listAddresses(app.db, await ownerPhone(app.db, ctx.session)),
  }),

  defineAction({
    area: 'address',
    action: 'detail',
    input: addressDetailInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) =>
      toAddress(await findAddress(app.db, await ownerPhone(app.db, ctx.session), input.id)),
  }),

  defineAction({
    area: 'address',
    action: 'add',
    input: addressAddInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const owner = await ownerPhone(app.db, ctx.session);
      const saved = await addAddress(app.db, owner, input, ctx.now);
      return withMessage(saved, orderMessages.addressSaved);
    },
  }),

  defineAction({
    area: 'address',
    action: 'update',
    input: addressUpdateInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const owner = await ownerPhone(app.db, ctx.session);
      const { id, ...fields } = input;
      const saved = await updateAddress(app.db, owner, id, fields, ctx.now);
      return withMessage(saved, orderMessages.addressSaved);
    },
  }),

  defineAction({
    area: 'address',
    action: 'delete',
    input: addressDeleteInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const owner = await ownerPhone(app.db, ctx.session);
      await deleteAddress(app.db, owner, input.id);
      return withMessage({ id: input.id }, orderMessages.addressDeleted);
    },
  }),

  defineAction({
    area: 'address',
    action: 'searchPoi',
    input: searchPoiInput,
    auth: 'none',
    handler: async ({ input }): Promise<SearchPoiInfo> => {
      const provider = geocoding();
      try {
        const list = await provider.search({
          keyword: input.keyword,
          near: input.near,
          limit: MAX_POI_RESULTS,
        });
        return { list, provider: provider.name };
      } catch {
        throw new BusinessError(orderMessages.geocodingFailed);
      }
    },
  }),

  defineAction({
    area: 'address',
    action: 'mapConfig',
    input: mapConfigInput,
    auth: 'none',
    // Read on every call: the browser key is public by design (it is restricted by referrer), and a
    // changed key takes effect without a restart.
    handler: async (): Promise<MapConfig> => mapConfigFromEnv(process.env),
  }),

  defineAction({
    area: 'address',
    action: 'reverseGeocode',
    input: reverseGeocodeInput,
    auth: 'none',
    handler: async ({ input, ctx }): Promise<ReverseGeocodeInfo> => {
      const provider = geocoding();
      try {
        const place = await provider.reverse({ gps: input.gps, zh: ctx.catalogueLocale !== 'en' });
        return { place, provider: provider.name };
      } catch {
        throw new BusinessError(orderMessages.geocodingFailed);
      }
    },
  }),
];

export default actionRoutes(actions);

// The address calls: address/list, detail, add, update, delete, and address/searchPoi (typed place
// search for customers without GPS). Contract: src/domain/api/address.ts; docs/api.md "Address".
import {
  addressAddInput,
  addressDeleteInput,
  addressDetailInput,
  addressListInput,
  addressUpdateInput,
  MAX_POI_RESULTS,
  searchPoiInput,
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
} from '../modules/addresses';
import { orderMessages } from '../modules/orders-messages';
import { geocoderFromEnv, type GeocodingProvider } from '../providers/geocoding';

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
];

export default actionRoutes(actions);

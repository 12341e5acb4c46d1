// The address calls of spec §7 (address/list, detail, add, update, delete), address/searchPoi, mapConfig and
// reverseGeocode, typed by
// the contract in src/domain/api/address.ts.
import type { addressContract } from '../../domain/api/address';
import { contractCalls } from './call';

const call = contractCalls<typeof addressContract>('address');

export const addressApi = {
  list: call('list'),
  detail: call('detail'),
  add: call('add'),
  update: call('update'),
  delete: call('delete'),
  searchPoi: call('searchPoi'),
  mapConfig: call('mapConfig'),
  reverseGeocode: call('reverseGeocode'),
};

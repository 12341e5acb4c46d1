// The address calls of spec §7 (address/list, detail, add, update, delete) and address/searchPoi, from
// the contract in src/domain/api/address.ts.
import { addressContract } from '../../domain/api/address';
import { contractCall } from './call';

export const addressApi = {
  list: contractCall('address', addressContract, 'list'),
  detail: contractCall('address', addressContract, 'detail'),
  add: contractCall('address', addressContract, 'add'),
  update: contractCall('address', addressContract, 'update'),
  delete: contractCall('address', addressContract, 'delete'),
  searchPoi: contractCall('address', addressContract, 'searchPoi'),
};

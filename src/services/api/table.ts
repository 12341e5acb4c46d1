// table/getTableInfo (spec §7) from the contract in src/domain/api/table.ts: the table a scanned code or
// a table id names in the session's shop, or "table number not found". Field names are the spec's own
// (spec §3 "Table and table order").
import { tableContract } from '../../domain/api/table';
import { contractCall } from './call';

export type { TableInfo } from '../../domain/api/table';

export const tableApi = {
  getTableInfo: contractCall('table', tableContract, 'getTableInfo'),
};

// table/getTableInfo (spec §7), typed by the contract in src/domain/api/table.ts: the table a scanned code
// or a table id names in the session's shop, or "table number not found". Field names are the spec's own
// (spec §3 "Table and table order").
import type { tableContract } from '../../domain/api/table';
import { contractCalls } from './call';

export type { TableInfo } from '../../domain/api/table';

export const tableApi = {
  getTableInfo: contractCalls<typeof tableContract>('table')('getTableInfo'),
};

// The open-table calls the entry flow needs (spec §7 table/getTableInfo, table/userOrders) to route a
// scanned open-table code by the table's status (spec §2 rule 5). Field names are the spec's own
// (spec §3 "Table and table order").
import { post, type CallOptions } from '../http';

export interface TableRecord {
  id: number;
  sName: string;
  areaName: string;
  nAreaID: number;
  nMaxPerson: number;
  /** 0 idle, 1 ordering, 2 occupied. */
  nStatus: 0 | 1 | 2;
  fEachFee: number;
  nFeeType: number;
}

export interface TableOrderRecord {
  id: number;
  sOrderNo: string;
  nTableID: number;
  nOrderStatus: number;
}

export interface TableInfo {
  table: TableRecord;
  /** Open orders on the table, oldest first. */
  orders: TableOrderRecord[];
}

export const tableApi = {
  getTableInfo: (body: { tableId: number }, options?: CallOptions) =>
    post<TableInfo>('table/getTableInfo', body, options),
  /** The orders on the table this customer has placed or joined. */
  userOrders: (body: { orderId: number }, options?: CallOptions) =>
    post<TableOrderRecord[]>('table/userOrders', body, options),
};

// The open-table calls (spec §7 table/order, userAddProducts, refreshOrder, userOrders, canPay, quote,
// confirm, payPart, cancelPay), typed by the contract in src/domain/api/open-table.ts; docs/api.md "Open table".
import type { openTableContract } from '../../domain/api/open-table';
import { contractCalls } from './call';

export type {
  TableBill,
  TableBillPart,
  TableCanPayInfo,
  TableConfirmInfo,
  TableQuoteCoupon,
  TableQuoteInfo,
  TableRound,
  TableTabInfo,
} from '../../domain/api/open-table';

const call = contractCalls<typeof openTableContract>('table');

export const openTableApi = {
  order: call('order'),
  userAddProducts: call('userAddProducts'),
  refreshOrder: call('refreshOrder'),
  userOrders: call('userOrders'),
  canPay: call('canPay'),
  quote: call('quote'),
  confirm: call('confirm'),
  payPart: call('payPart'),
  cancelPay: call('cancelPay'),
};

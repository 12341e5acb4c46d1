// The order calls of spec §7 (order/confirm, multiConfirm, list, detail, last, daySeq) from the contract
// in src/domain/api/order.ts. A refused submit rejects with an HttpError whose info is the contract's
// rejection (reason and the fields it names); rejectionOf reads it.
import { orderContract, orderRejectionInfo, type OrderRejectionInfo } from '../../domain/api/order';
import { isHttpError } from '../http';
import { contractCall } from './call';

export const orderApi = {
  confirm: contractCall('order', orderContract, 'confirm'),
  multiConfirm: contractCall('order', orderContract, 'multiConfirm'),
  list: contractCall('order', orderContract, 'list'),
  detail: contractCall('order', orderContract, 'detail'),
  last: contractCall('order', orderContract, 'last'),
  daySeq: contractCall('order', orderContract, 'daySeq'),
};

/** The server's reason for refusing an order, or null when the failure was not a refusal. */
export function rejectionOf(error: unknown): OrderRejectionInfo | null {
  if (!isHttpError(error) || error.kind !== 'business') return null;
  const parsed = orderRejectionInfo.safeParse(error.info);
  return parsed.success ? parsed.data : null;
}

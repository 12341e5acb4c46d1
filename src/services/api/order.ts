// The order calls of spec §7 (order/confirm, multiConfirm, list, detail, last, daySeq), typed by the
// contract in src/domain/api/order.ts. A refused submit rejects with an HttpError whose info is the
// contract's rejection (reason and the fields it names); rejectionOf reads it, checking its shape by hand
// (the contract's orderRejectionInfo; tests/unit/services/rejection.test.ts holds the two together)
// because the form focuses a field on the strength of it.
import type { orderContract, OrderRejectionInfo } from '../../domain/api/order';
import { ORDER_REJECTIONS } from '../../domain/api/order-rules';
import { isHttpError } from '../http';
import { contractCalls } from './call';

const call = contractCalls<typeof orderContract>('order');

export const orderApi = {
  confirm: call('confirm'),
  multiConfirm: call('multiConfirm'),
  list: call('list'),
  detail: call('detail'),
  last: call('last'),
  daySeq: call('daySeq'),
};

const REASONS: readonly string[] = ORDER_REJECTIONS;
const isInt = (v: unknown) => Number.isSafeInteger(v);
/** Each optional field of the refusal and the values it may take. */
const FIELDS: Record<string, (v: unknown) => boolean> = {
  productId: isInt,
  specId: (v) => v === null || isInt(v),
  name: (v) => typeof v === 'string',
  remaining: isInt,
  short: isInt,
  distance: isInt,
  maxDistance: isInt,
  shopId: isInt,
  couponReasons: (v) => Array.isArray(v) && v.every((r) => typeof r === 'string'),
};

/** The refusal's known fields, or null when the info is not a refusal of the contract's shape. */
function readRejection(info: unknown): OrderRejectionInfo | null {
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return null;
  const record = info as Record<string, unknown>;
  if (typeof record.reason !== 'string' || !REASONS.includes(record.reason)) return null;
  const out: Record<string, unknown> = { reason: record.reason };
  for (const [key, valid] of Object.entries(FIELDS)) {
    if (record[key] === undefined) continue;
    if (!valid(record[key])) return null;
    out[key] = record[key];
  }
  return out as OrderRejectionInfo;
}

/** The server's reason for refusing an order, or null when the failure was not a refusal. */
export function rejectionOf(error: unknown): OrderRejectionInfo | null {
  if (!isHttpError(error) || error.kind !== 'business') return null;
  return readRejection(error.info);
}

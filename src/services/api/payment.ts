// Paying for an order (spec §7 order/pay, order/payErrorCallback, order/updateTradeNo) and the sandbox
// gateway's hosted pages (sandboxGateway/session, sandboxGateway/complete), typed by the contract in
// src/domain/api/order-life.ts. A refused payment rejects with an HttpError whose info names the reason
// (PAY_REJECTIONS and the numbers it carries); payRejectionOf reads it, checking its shape by hand because
// the pay panel decides what to ask next on the strength of it.
import type {
  OrderPayRejectionInfo,
  orderLifeContract,
  sandboxGatewayContract,
} from '../../domain/api/order-life';
import { PAY_REJECTIONS } from '../../domain/api/order-life-rules';
import { isHttpError } from '../http';
import { contractCalls } from './call';

const order = contractCalls<typeof orderLifeContract>('order');
const gateway = contractCalls<typeof sandboxGatewayContract>('sandboxGateway');

export const paymentApi = {
  pay: order('pay'),
  payErrorCallback: order('payErrorCallback'),
  updateTradeNo: order('updateTradeNo'),
};

export const sandboxGatewayApi = {
  session: gateway('session'),
  complete: gateway('complete'),
};

const REASONS: readonly string[] = PAY_REJECTIONS;
const NUMBERS = ['short', 'attemptsLeft', 'retryAfter'] as const;

/** The server's reason for refusing a payment, or null when the failure was not a refusal. */
export function payRejectionOf(error: unknown): OrderPayRejectionInfo | null {
  if (!isHttpError(error) || error.kind !== 'business') return null;
  const info = error.info;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return null;
  const record = info as Record<string, unknown>;
  if (typeof record.reason !== 'string' || !REASONS.includes(record.reason)) return null;
  const out: Record<string, unknown> = { reason: record.reason };
  for (const key of NUMBERS) {
    if (record[key] === undefined) continue;
    if (!Number.isSafeInteger(record[key])) return null;
    out[key] = record[key];
  }
  return out as OrderPayRejectionInfo;
}

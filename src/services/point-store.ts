// The points store calls (spec §7 activity/getPointExchangeStoreProducts, activity/pointStoreCouponDetail,
// activity/pointExchangeProduct, and the added activity/pointExchangeDetail), typed by the contract in
// src/domain/api/point-store.ts. pointStoreRefusalOf reads a refused exchange's reason and message, checking
// the reason by hand because the exchange flow decides what to show on the strength of it.
import type {
  pointExchangeDetailInput,
  pointExchangeInput,
  pointExchangeView,
  pointStoreCouponDetailInfo,
  pointStoreCouponDetailInput,
  pointStoreInfo,
  pointStoreItemsInput,
  PointStoreRefusal,
} from '../domain/api/point-store';
import { POINT_STORE_REFUSALS } from '../domain/api/point-store-rules';
import { contractCalls } from './api/call';
import { isHttpError } from './http';

type PointStoreContract = {
  getPointExchangeStoreProducts: { input: typeof pointStoreItemsInput; info: typeof pointStoreInfo };
  pointStoreCouponDetail: {
    input: typeof pointStoreCouponDetailInput;
    info: typeof pointStoreCouponDetailInfo;
  };
  pointExchangeProduct: { input: typeof pointExchangeInput; info: typeof pointExchangeView };
  pointExchangeDetail: { input: typeof pointExchangeDetailInput; info: typeof pointExchangeView };
};

const activity = contractCalls<PointStoreContract>('activity');

export const pointStoreApi = {
  items: activity('getPointExchangeStoreProducts'),
  itemDetail: activity('pointStoreCouponDetail'),
  exchange: activity('pointExchangeProduct'),
  exchangeDetail: activity('pointExchangeDetail'),
};

const REASONS: readonly string[] = POINT_STORE_REFUSALS;

/** The server's refusal of an exchange with its message, or null when the failure was not one. */
export function pointStoreRefusalOf(error: unknown): { reason: PointStoreRefusal; message: string } | null {
  if (!isHttpError(error) || error.kind !== 'business') return null;
  const info = error.info;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return null;
  const reason = (info as Record<string, unknown>).reason;
  if (typeof reason !== 'string' || !REASONS.includes(reason)) return null;
  return { reason: reason as PointStoreRefusal, message: error.message };
}

// Rules of the entry flow (spec §2) that are plain functions of its inputs: how the session is obtained and
// which order type the entry implies. The entry machine's guards and actions call them, and so do the early
// reads of a cold start (src/app/early.ts), which must make the same calls the flow will make.
import type { OrderType } from '../../domain/enums';
import { Industry } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import type { EntryParams } from './entry.params';

export interface StoredSession {
  token: string;
  shopId: number | null;
}

/**
 * How the entry obtains its session for `shopId`: the stored token as it is when it belongs to this shop,
 * else the stored token moved here (user/token), else a new session for this browser's device id
 * (user/h5entry; the link's openid names nobody, decision S1).
 */
export type SessionStep =
  | { step: 'reuse'; token: string }
  | { step: 'move'; shopId: number; token: string }
  | { step: 'open'; shopId: number; openid: string };

export function sessionStep(
  shopId: number,
  stored: StoredSession | null,
  /** This browser's device id (src/services/storage.ts). */
  openid: string,
): SessionStep {
  if (stored !== null && stored.shopId === shopId) return { step: 'reuse', token: stored.token };
  if (stored !== null) return { step: 'move', shopId, token: stored.token };
  return { step: 'open', shopId, openid };
}

/** The order type an entry implies before the shop's own default applies. */
export function entryOrderType(params: EntryParams, shop: ShopInfo): OrderType {
  if (params.sourceType === 'openTable') return 'openTable';
  if (params.isDine || params.tableId !== null || params.tableCode !== null || params.tableNo !== null)
    return 'dine';
  if (shop.industry === Industry.beauty) return 'appointment';
  return shop.orderTypes.find((t) => t === 'takeaway' || t === 'selfPickup') ?? 'takeaway';
}

// Client type codes ("userAgent") of spec §4 and the order-type code ranges used by coupon and
// activity checks. Pure lookups shared by the browser (header userAgentType) and the pricing engine.
import type { OrderType } from './enums';

export type ClientPlatform = 'wechatMini' | 'aliWeb' | 'wechatWeb' | 'browserWeb' | 'app' | 'aliMini';

const TAKEAWAY: Record<ClientPlatform, number> = {
  wechatMini: 1,
  aliWeb: 2,
  wechatWeb: 3,
  browserWeb: 4,
  app: 5,
  aliMini: 6,
};
const DINE: Record<ClientPlatform, number> = {
  aliWeb: 101,
  wechatWeb: 102,
  browserWeb: 103,
  app: 104,
  wechatMini: 105,
  aliMini: 106,
};
const SCAN: Partial<Record<ClientPlatform, number>> = { wechatMini: 201, aliMini: 202, browserWeb: 203 };
const APPOINTMENT: Partial<Record<ClientPlatform, number>> = {
  wechatMini: 301,
  aliMini: 302,
  browserWeb: 303,
};

export const CLIENT_TYPE_INIT = 0;

/** Client code for a platform and order type; self pickup is takeaway + 50 (51-56). */
export function clientTypeCode(platform: ClientPlatform, orderType: OrderType): number {
  switch (orderType) {
    case 'takeaway':
      return TAKEAWAY[platform];
    case 'selfPickup':
      return TAKEAWAY[platform] + 50;
    case 'dine':
      return DINE[platform];
    case 'openTable':
      return SCAN[platform] ?? 203;
    case 'appointment':
      return APPOINTMENT[platform] ?? 303;
  }
}

/** In a plain browser the spec fixes the codes: dine 103, selfPickup 54, openTable 203, appointment 303, else 4. */
export function browserClientTypeCode(orderType: OrderType): number {
  return clientTypeCode('browserWeb', orderType);
}

/** Spec §4: a plain browser uses the fixed codes; other clients their own platform's codes. */
export const codeFor = (platform: ClientPlatform, orderType: OrderType): number =>
  platform === 'browserWeb' ? browserClientTypeCode(orderType) : clientTypeCode(platform, orderType);

export type CodeRange = 'takeaway' | 'pickup' | 'dine' | 'scan' | 'appointment' | 'unknown';

/** Range of a client code as the coupon and activity checks read it (spec §4). */
export function codeRange(code: number): CodeRange {
  if (code >= 1 && code <= 50) return 'takeaway';
  if (code >= 51 && code <= 100) return 'pickup';
  if (code >= 101 && code <= 200) return 'dine';
  if (code >= 201 && code <= 300) return 'scan';
  if (code >= 301 && code <= 400) return 'appointment';
  return 'unknown';
}

/** Order-type bit flag (spec §3 "Order-type limit bit flags") of a client code; scan orders count as dine. */
export function orderTypeFlagOfCode(code: number): number {
  switch (codeRange(code)) {
    case 'takeaway':
      return 1;
    case 'pickup':
      return 2;
    case 'dine':
    case 'scan':
      return 4;
    case 'appointment':
      return 8;
    default:
      return 0;
  }
}

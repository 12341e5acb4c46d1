// Constants and helpers of the appointment API tests on the demo beauty studio (shop 5, Shanghai, closed on
// Tuesdays): its services, technicians and their plans as server/seed/shops/lumiere-studio.ts sets them.
import { expect } from 'vitest';
import type { ApiReply } from '../../../src/domain/api/envelope';
import type { OrderConfirmInput } from '../../../src/domain/api/order';
import type { TestApp } from '../helpers';
import { newKey } from '../orders/order-fixture';

export const STUDIO = 5;
export const SERVICE = {
  blowDry: 5101, // 30 min (Leo 25), 10 after
  womensCut: 5102, // 60 min (Coco 75), 10 after
  mensCut: 5103, // 30 min, 5 after: Leo only
  colour: 5104, // 120 min, 10 before, 15 after: Coco only
  manicure: 5106, // 60 min, 10 after: Mia only
  pedicure: 5107, // sold out
  facial: 5108, // 90 min (Mia 100), 5 before, 15 after, treatment room
  scalpSpa: 5109, // 45 min, 10 after, treatment room: Coco, Leo
  lashes: 5110, // offline
} as const;
export const TECH = { coco: 5601, leo: 5602, mia: 5603 } as const;
/** Wednesday 2 December 2026, 08:00 in Shanghai: before the studio opens at 10:00. */
export const WEDNESDAY_8AM = '2026-12-02T00:00:00Z';
export const WEDNESDAY = '2026-12-02';
export const TUESDAY = '2026-12-08';
export const PAY = { Card: 1, Cash: 2, VIP: 4 } as const;

type Reply<T> = { status: number; body: ApiReply<T> };

export function beautyCalls(h: TestApp) {
  const call = <T>(action: string, body: unknown, token: string, language = 'en'): Promise<Reply<T>> =>
    h.call<T>(`beauty/${action}`, body, { token, language });
  const ok = async <T>(action: string, body: unknown, token: string): Promise<T> => {
    const r = await call<T>(action, body, token);
    expect(r.body.result, `${action}: ${r.body.message}`).toBe(true);
    return r.body.info;
  };
  const confirm = <T>(token: string, body: Partial<OrderConfirmInput>, language = 'en'): Promise<Reply<T>> =>
    h.call<T>('order/confirm', appointmentOrder(body), { token, language });
  return { call, ok, confirm };
}

/** An appointment order for one service, paid at the counter unless said otherwise. */
export const appointmentOrder = (over: Partial<OrderConfirmInput> = {}): OrderConfirmInput => ({
  idempotencyKey: newKey(),
  type: 'appointment',
  payType: 'Cash',
  payTypeId: PAY.Cash,
  products: [{ id: SERVICE.mensCut, quantity: 1, tastes: [], mealset: [] }],
  ...over,
});

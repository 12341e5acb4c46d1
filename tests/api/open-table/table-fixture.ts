// The calls of the open-table tests on the demo claypot house (shop 2): guests opening and joining tabs by
// the printed codes, rounds, the kitchen's moves through the merchant API, the bill and its parts.
import { expect } from 'vitest';
import { ensureTableCodes } from '../../../server/modules/orders/tables';
import type { TableConfirmInfo, TableTabInfo } from '../../../src/domain/api/open-table';
import type { TestApp } from '../helpers';
import { enter, newKey } from '../orders/order-fixture';

export const SHOP = 2;
/** Main hall T1–T4, the five-foot way K1, K2, private rooms R1 (by the half hour, timed from opening) and
 * R2 (by the hour), the tea room C1 (S$12 an hour by the half hour, timed from opening) and the counter. */
export const TABLE = {
  t1: 2701,
  t2: 2702,
  t3: 2703,
  t4: 2704,
  k1: 2705,
  k2: 2706,
  r1: 2707,
  r2: 2708,
  c1: 2709,
  counter: 2710,
};
export const RICE = 2109; // S$1.00
export const TEA = 2115; // S$1.50
/** Tuesday 24 November 2026, 12:00 in Singapore: the lunch service. */
export const LUNCH = '2026-11-24T04:00:00Z';
export const MINUTE = 60_000;

export function tableHelpers(h: TestApp) {
  const call = <T>(path: string, body: unknown, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  const ok = async <T>(path: string, body: unknown, token: string) => {
    const r = await call<T>(path, body, token);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info;
  };
  let codes: Map<number, string> | null = null;
  const codeOf = async (tableId: number) => {
    codes ??= await ensureTableCodes(h.database.db, [SHOP]);
    return codes.get(tableId) ?? 'no-such-code-000000000';
  };
  const open = async (token: string, tableId: number, person = 2, nickName?: string) =>
    ok<TableTabInfo>(
      'table/order',
      { tableId: await codeOf(tableId), person, ...(nickName ? { nickName } : {}) },
      token,
    );
  const round = (token: string, orderId: number, items: [number, number][], key = newKey()) =>
    call<TableTabInfo>(
      'table/userAddProducts',
      { orderId, idempotencyKey: key, products: items.map(([id, quantity]) => ({ id, quantity })) },
      token,
    );
  const refresh = (token: string, orderId: number) =>
    ok<TableTabInfo>('table/refreshOrder', { orderId }, token);
  const kitchen = async (action: string, id: number, reason?: string, shop = SHOP) => {
    const r = await h.inject({
      method: 'POST',
      url: `/merchant/api/table/${action}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer demo-merchant-${shop}`,
        language: 'en',
      },
      payload: JSON.stringify({ id, ...(reason ? { reason } : {}) }),
    });
    return { status: r.statusCode, body: r.json() as { result: boolean; message: string; info: unknown } };
  };
  /** A round sent and accepted by the kitchen. */
  const served = async (token: string, orderId: number, items: [number, number][]) => {
    const sent = await round(token, orderId, items);
    expect(sent.body.result, sent.body.message).toBe(true);
    const mine = sent.body.info.rounds.filter((r) => r.mine).at(-1)!;
    expect((await kitchen('acceptRound', mine.id)).body.result).toBe(true);
    return mine;
  };
  const confirm = (token: string, orderId: number, split?: unknown) =>
    call<TableConfirmInfo>('table/confirm', { orderId, ...(split ? { split } : {}) }, token);
  const payPart = (token: string, orderId: number, choice: object, key = newKey()) =>
    call<TableConfirmInfo>('table/payPart', { orderId, idempotencyKey: key, ...choice }, token);
  /** Pays an order at the counter (Cash), as the shop settles it. */
  const payCash = async (token: string, orderId: number) => {
    const options = await ok<{ payTypes: { id: number; payType: string }[] }>(
      'store/paySetting',
      { orderType: 'openTable' },
      token,
    );
    const cash = options.payTypes.find((o) => o.payType === 'Cash')!;
    return call('order/pay', { id: orderId, payTypeId: cash.id }, token);
  };
  return {
    call,
    ok,
    codeOf,
    open,
    round,
    refresh,
    kitchen,
    served,
    confirm,
    payPart,
    payCash,
    guest: () => enter(h, SHOP),
  };
}

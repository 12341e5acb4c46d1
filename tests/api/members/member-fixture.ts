// The member tests' world: the API fixture (chain 1 = shops 1 and 2 sharing membership with web
// registration on; shop 3 alone with its member 601) where shop 3 takes no registrations in the browser
// and keeps its own terms and a customer-group QR image, plus helpers to log a phone in.
import { expect } from 'vitest';
import type { SeedData } from '../../../server/seed/seeder';
import type { H5LoginInfo, SendSmsCodeInfo, SessionInfo } from '../../../src/domain/api/user';
import { fixtureChains, fixtureShops } from '../helpers/fixture';
import type { TestApp } from '../helpers';

export const MINUTE = 60_000;
export const CHAIN_SHOP = 1;
export const CHAIN_SHOP_2 = 2;
export const LONE_SHOP = 3;
export const GROUP_QR = 'group-qr-test.png';

export const memberSeed: SeedData = {
  chains: fixtureChains,
  shops: fixtureShops.map((shop) =>
    shop.id === LONE_SHOP
      ? {
          ...shop,
          memberSetting: {
            ...shop.memberSetting,
            allowRegisterInWeb: false,
            terms: { en: 'Shop three terms.', zh: '三号店会员协议。' },
            groupQrImage: GROUP_QR,
            groupQrNote: { en: 'Scan to join our group', zh: '扫码加入会员群' },
          },
        }
      : shop,
  ),
};

export async function enter(t: TestApp, shopId: number): Promise<SessionInfo> {
  const reply = await t.call<SessionInfo>('user/h5entry', { id: shopId });
  expect(reply.body.result).toBe(true);
  return reply.body.info;
}

export async function smsCode(t: TestApp, token: string, phone: string): Promise<string> {
  const sent = await t.call<SendSmsCodeInfo>('user/sendSmsCode', { phone }, { token, language: 'en' });
  expect(sent.body.result).toBe(true);
  return sent.body.info.code!;
}

/** A fresh session of `shopId` logged in with `phone` by SMS; returns its token. */
export async function loginAs(t: TestApp, shopId: number, phone: string): Promise<string> {
  // Each login waits out the 3-codes-per-10-minutes window, so a test may log one phone in many times.
  t.clock.advance(10 * MINUTE + 1);
  const session = await enter(t, shopId);
  const code = await smsCode(t, session.token, phone);
  const reply = await t.call<H5LoginInfo>(
    'user/h5Login',
    { phone, code },
    { token: session.token, language: 'en' },
  );
  expect(reply.body.result).toBe(true);
  return reply.body.info.token;
}

/** Calls as the holder of `token`, in `language` (English by default). */
export const as =
  (t: TestApp, token: string, language = 'en') =>
  <T = unknown>(path: string, body: unknown = {}) =>
    t.call<T>(path, body, { token, language });

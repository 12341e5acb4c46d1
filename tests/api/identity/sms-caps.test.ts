// SMS abuse caps beyond the per-phone and per-shop limits (decisions S30, S32, S33): codes per session, per
// device and per client address over sliding windows kept in the database, numbers outside the shop's
// countries, and at most 100 wrong codes per phone a day. The pump at the end is the attack they stop:
// 1,000 sends over as many numbers from one client leave the shop's quota all but untouched.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { shops, smsCodes, smsQuotas } from '../../../server/db/schema';
import { RATE_LIMIT_OFF, RATE_LIMIT_ON } from '../../../server/http/rate-limit';
import {
  phoneInCallingCodes,
  SMS_FAILED_CHECKS,
  SMS_SEND_CAPS,
  smsCallingCodes,
} from '../../../server/modules/identity/sms-caps';
import type { H5LoginInfo, SendSmsCodeInfo, SessionInfo } from '../../../src/domain/api/user';
import { callFrom, testDatabases, useTestApp, type TestApp } from '../helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SHOP = 1;
const OTHER_SHOP = 3;

const post = callFrom;

async function enter(t: TestApp, ip: string, openid?: string, shopId = SHOP): Promise<string> {
  const reply = await post<SessionInfo>(
    t,
    'user/h5entry',
    { id: shopId, ...(openid ? { openid } : {}) },
    { ip },
  );
  expect(reply.body.result, reply.body.message).toBe(true);
  return reply.body.info.token;
}

const send = (t: TestApp, token: string, phone: string, ip: string, language = 'en') =>
  post<SendSmsCodeInfo>(t, 'user/sendSmsCode', { phone }, { token, ip, language });

async function quota(t: TestApp, shopId = SHOP): Promise<number> {
  const [row] = await t.database.db.select().from(smsQuotas).where(eq(smsQuotas.shopId, shopId));
  return row!.remaining;
}

const setQuota = (t: TestApp, remaining: number, shopId = SHOP) =>
  t.database.db.update(smsQuotas).set({ remaining }).where(eq(smsQuotas.shopId, shopId));

let nextPhone = 0;
/** A mainland number no other test of the file uses. */
const freshPhone = () => `139${String((nextPhone += 1)).padStart(8, '0')}`;

const CAPPED_EN = (minutes: number) =>
  `Too many verification codes were requested from this device or network. Please try again in ${minutes} minutes.`;

describe('the countries a shop sends codes to', () => {
  it('default to the country of the shop time zone, or nothing for a zone it cannot place', () => {
    expect(smsCallingCodes({ timezone: 'Asia/Shanghai' })).toEqual(['86']);
    expect(smsCallingCodes({ timezone: 'Europe/Paris' })).toEqual(['33']);
    expect(smsCallingCodes({ timezone: 'Asia/Singapore' })).toEqual(['65']);
    expect(smsCallingCodes({ timezone: 'Antarctica/Troll' })).toEqual([]);
    expect(smsCallingCodes({ timezone: 'Asia/Shanghai', smsCallingCodes: ['44', '1'] })).toEqual(['44', '1']);
  });

  it('match a stored phone by its calling code', () => {
    expect(phoneInCallingCodes('13800000000', ['86'])).toBe(true);
    expect(phoneInCallingCodes('13800000000', ['44'])).toBe(false);
    expect(phoneInCallingCodes('+447911123456', ['44'])).toBe(true);
    expect(phoneInCallingCodes('+447911123456', ['33', '86'])).toBe(false);
    expect(phoneInCallingCodes('+33612345678', ['86', '33'])).toBe(true);
    expect(phoneInCallingCodes('+12025550123', ['1'])).toBe(true);
  });
});

describe.each(testDatabases)('SMS caps per session, device and address on %s', (kind) => {
  const t = useTestApp(kind, { demoMode: true, rateLimit: RATE_LIMIT_ON });

  beforeEach(async () => {
    await setQuota(t, 10_000);
  });

  it('gives one session five codes an hour, then refuses the sixth in its language at no cost', async () => {
    const ip = '198.51.100.1';
    const token = await enter(t, ip);
    for (let i = 0; i < SMS_SEND_CAPS.session.limit; i += 1) {
      const sent = await send(t, token, freshPhone(), ip);
      expect(sent.body.result, sent.body.message).toBe(true);
    }
    const before = await quota(t);
    const refused = await send(t, token, freshPhone(), ip, 'zh-CN');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      result: false,
      info: null,
      message: '此设备或网络获取验证码过于频繁，请 60 分钟后再试。',
    });
    expect(await quota(t)).toBe(before);

    t.clock.advance(HOUR + 1);
    expect((await send(t, token, freshPhone(), ip)).body.result).toBe(true);
  });

  it('gives one device ten codes a day however many sessions it opens', async () => {
    const ip = '198.51.100.2';
    for (let session = 0; session < 2; session += 1) {
      const token = await enter(t, ip, 'device-cap-test');
      for (let i = 0; i < SMS_SEND_CAPS.session.limit; i += 1)
        expect((await send(t, token, freshPhone(), ip)).body.result).toBe(true);
    }
    const third = await enter(t, ip, 'device-cap-test');
    const before = await quota(t);
    expect((await send(t, third, freshPhone(), ip)).body).toEqual({
      result: false,
      info: null,
      message: CAPPED_EN(24 * 60),
    });
    expect(await quota(t)).toBe(before);
    // Another device at the same address still gets its code.
    const other = await enter(t, ip, 'device-cap-other');
    expect((await send(t, other, freshPhone(), ip)).body.result).toBe(true);
  });

  it('counts a code that was never delivered against no cap', async () => {
    const ip = '198.51.100.3';
    const token = await enter(t, ip);
    const real = t.app.settings.sms.send.bind(t.app.settings.sms);
    t.app.settings.sms.send = () => Promise.reject(new Error('provider down'));
    try {
      for (let i = 0; i < SMS_SEND_CAPS.session.limit + 2; i += 1)
        expect((await send(t, token, freshPhone(), ip)).body.message).toBe(
          'The verification code could not be sent. Please try again.',
        );
    } finally {
      t.app.settings.sms.send = real;
    }
    for (let i = 0; i < SMS_SEND_CAPS.session.limit; i += 1)
      expect((await send(t, token, freshPhone(), ip)).body.result).toBe(true);
  });

  it('refuses a number outside the shop countries and writes nothing', async () => {
    const ip = '198.51.100.4';
    const setCodes = (codes: string[] | null) =>
      t.database.db
        .update(shops)
        .set({
          settings: codes
            ? sql`${shops.settings} || ${JSON.stringify({ smsCallingCodes: codes })}::jsonb`
            : sql`${shops.settings} - 'smsCallingCodes'`,
        })
        .where(eq(shops.id, OTHER_SHOP));
    try {
      // Without a setting, the shop (in Shanghai) sends to mainland numbers only.
      await setCodes(null);
      const token = await enter(t, ip, undefined, OTHER_SHOP);
      const before = await quota(t, OTHER_SHOP);
      for (const [language, message] of [
        [
          'en',
          'This shop cannot send verification codes to numbers of this country. Please use another phone number.',
        ],
        [
          'fr',
          'Cette boutique ne peut pas envoyer de code de vérification aux numéros de ce pays. Utilisez un autre numéro.',
        ],
        ['zh-TW', '本店無法向該國家或地區的號碼傳送驗證碼，請使用其他手機號碼。'],
      ] as const) {
        const refused = await send(t, token, '+447911123499', ip, language);
        expect(refused.body).toEqual({ result: false, info: null, message });
      }
      const written = await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, '+447911123499'));
      expect(written).toHaveLength(0);
      expect(await quota(t, OTHER_SHOP)).toBe(before);
      expect((await send(t, token, freshPhone(), ip)).body.result).toBe(true);

      // A shop that chose the UK alone sends there and nowhere else.
      await setCodes(['44']);
      expect((await send(t, token, '+447911123499', ip)).body.result).toBe(true);
      expect((await send(t, token, freshPhone(), ip)).body.result).toBe(false);
    } finally {
      await setCodes(null);
    }
  });

  it('stops a pump of 1,000 sends over as many numbers from one address at the address cap', async () => {
    const ip = '203.0.113.66';
    const before = await quota(t);
    const outcomes = { sent: 0, capped: 0, other: [] as string[] };
    // 50 a minute, all 50 at once: under the request limits, so only the SMS caps stand in the way, and
    // the address cap is reserved atomically by sends racing for its last places.
    for (let minute = 0; minute < 20; minute += 1) {
      if (minute > 0) t.clock.advance(MINUTE);
      const replies = await Promise.all(
        Array.from({ length: 50 }, async (_, n) => {
          const token = await enter(t, ip);
          return send(t, token, `137${String(minute * 50 + n).padStart(8, '0')}`, ip);
        }),
      );
      for (const reply of replies) {
        expect(reply.status).toBe(200);
        if (reply.body.result) outcomes.sent += 1;
        else if (reply.body.message.startsWith(CAPPED_EN(0).split(' 0 ')[0]!)) outcomes.capped += 1;
        else outcomes.other.push(reply.body.message);
      }
    }
    expect(outcomes).toEqual({
      sent: SMS_SEND_CAPS.address.limit,
      capped: 1_000 - SMS_SEND_CAPS.address.limit,
      other: [],
    });
    expect(before - (await quota(t))).toBe(SMS_SEND_CAPS.address.limit);
  }, 300_000);
});

describe.each(testDatabases)('wrong codes per phone on %s', (kind) => {
  // With every request limit off: the daily cap on wrong codes is not a rate limit and always holds.
  const t = useTestApp(kind, { demoMode: true, rateLimit: RATE_LIMIT_OFF });
  const phone = '13500000077';
  const ip = '192.0.2.9';

  /** A fresh code for the phone (a new 10-minute window each time). */
  async function freshCode(token: string): Promise<string> {
    t.clock.advance(10 * MINUTE + 1);
    const sent = await send(t, token, phone, ip);
    expect(sent.body.result, sent.body.message).toBe(true);
    return sent.body.info.code!;
  }
  const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const login = (token: string, code: string, language = 'en') =>
    post<H5LoginInfo>(t, 'user/h5Login', { phone, code }, { token, ip, language });

  it('locks the phone after 100 wrong codes, refuses the right one unread, and opens as they age', async () => {
    await setQuota(t, 10_000);
    const token = await enter(t, ip);
    const codesNeeded = SMS_FAILED_CHECKS.limit / 5;
    for (let i = 0; i < codesNeeded; i += 1) {
      const code = await freshCode(token);
      for (let check = 0; check < 5; check += 1) {
        const wrong = await post(t, 'user/verifyCode', { phone, code: wrongFor(code) }, { token, ip });
        expect(wrong.body.message).toBe('The verification code is wrong or has expired.');
      }
    }
    const code = await freshCode(token);
    const locked = await login(token, code, 'fr');
    expect(locked.body.result).toBe(false);
    expect(locked.body.message).toMatch(
      /^Trop de codes erronés ont été saisis pour ce numéro\. Réessayez dans \d+ heures\.$/,
    );
    // The code was not looked at: still unused and unchecked.
    const [row] = await t.database.db
      .select({ attempts: smsCodes.attempts })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt)));
    expect(row!.attempts).toBe(0);
    expect((await post(t, 'user/verifyCode', { phone, code }, { token, ip })).body.result).toBe(false);

    // A day after the first failures, the oldest have left the window and checks resume.
    t.clock.advance(SMS_FAILED_CHECKS.windowMs - codesNeeded * 10 * MINUTE);
    const tomorrow = await enter(t, ip);
    const later = await freshCode(tomorrow);
    const reply = await login(tomorrow, later);
    expect(reply.body.result, reply.body.message).toBe(true);
  }, 120_000);
});

import { createServer, type Server } from 'node:http';
import { SHOP_NOT_FOUND } from '../../../src/domain/api/envelope';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, members, smsCodes, smsQuotas } from '../../../server/db/schema';
import {
  createLogSmsSender,
  createWebhookSmsSender,
  type SmsMessage,
  type SmsSender,
} from '../../../server/providers/sms';
import type {
  H5LoginInfo,
  SendSmsCodeInfo,
  SessionInfo,
  SmsQuantityInfo,
  UserInfo,
  VerifyCodeInfo,
} from '../../../src/domain/api/user';
import { CHAIN_MEMBER_PHONE, NO_QUOTA_SHOP_ID, SHOP3_MEMBER_PHONE } from '../helpers/fixture';
import { testDatabases, useTestApp, type TestApp } from '../helpers';

const MINUTE = 60_000;

async function enter(t: TestApp, shopId = 1, openid?: string) {
  const reply = await t.call<SessionInfo>('user/h5entry', { id: shopId, ...(openid ? { openid } : {}) });
  expect(reply.body.result).toBe(true);
  return reply.body.info;
}

async function sendCode(t: TestApp, token: string, phone: string, extra: object = {}) {
  return t.call<SendSmsCodeInfo>('user/sendSmsCode', { phone, ...extra }, { token, language: 'en' });
}

async function quota(t: TestApp, token: string) {
  return (await t.call<SmsQuantityInfo>('user/getSmsQuantity', {}, { token })).body.info.quantity;
}

async function login(t: TestApp, shopId: number, phone: string) {
  // Each login is a fresh 10-minute window, so tests may log the same phone in again.
  t.clock.advance(10 * MINUTE + 1);
  const session = await enter(t, shopId);
  const sent = await sendCode(t, session.token, phone);
  expect(sent.body.result).toBe(true);
  const reply = await t.call<H5LoginInfo>(
    'user/h5Login',
    { phone, code: sent.body.info.code },
    { token: session.token, language: 'en' },
  );
  expect(reply.body.result).toBe(true);
  return { session, login: reply.body.info };
}

describe.each(testDatabases)('identity and SMS in demo mode on %s', (kind) => {
  const t = useTestApp(kind, { demoMode: true, sms: createLogSmsSender(() => undefined) });

  describe('user/h5entry', () => {
    it('issues a device id and a 24-hour token to a new visitor, and reuses the customer for that id', async () => {
      const first = await enter(t);
      expect(first.openid).toMatch(/^dev_/);
      expect(first.token.length).toBeGreaterThanOrEqual(40);
      expect(first.isMember).toBe(false);
      const again = await enter(t, 1, first.openid);
      expect(again.customerId).toBe(first.customerId);
      expect(again.token).not.toBe(first.token);
    });

    it('keeps one customer per shop for the same openid', async () => {
      const inShop1 = await enter(t, 1, 'wx-openid-abc');
      const inShop3 = await enter(t, 3, 'wx-openid-abc');
      expect(inShop3.customerId).not.toBe(inShop1.customerId);
      expect(inShop3.shopId).toBe(3);
    });

    it('refuses an unknown shop and a malformed openid without writing anything', async () => {
      const [before] = await t.database.db.select({ n: count() }).from(customers);
      const unknown = await t.call('user/h5entry', { id: 999 }, { language: 'en' });
      expect(unknown.body).toEqual({
        result: false,
        info: SHOP_NOT_FOUND,
        message: 'This shop does not exist.',
      });
      const bad = await t.call('user/h5entry', { id: 1, openid: 'has spaces<script>' }, { language: 'en' });
      expect(bad.body.result).toBe(false);
      expect(bad.body.message).toContain('openid');
      const [after] = await t.database.db.select({ n: count() }).from(customers);
      expect(after!.n).toBe(before!.n);
    });
  });

  describe('SMS codes', () => {
    it('sends a code (returned in demo mode) and takes one message from the shop quota', async () => {
      const { token } = await enter(t);
      const before = await quota(t, token);
      const sent = await sendCode(t, token, '13600000001');
      expect(sent.body.result).toBe(true);
      expect(sent.body.message).toBe('The verification code has been sent.');
      expect(sent.body.info.code).toMatch(/^\d{6}$/);
      expect(sent.body.info.sendsLeft).toBe(2);
      expect(new Date(sent.body.info.expiresAt).getTime() - t.clock.now().getTime()).toBe(10 * MINUTE);
      expect(await quota(t, token)).toBe(before - 1);
      const [row] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, '13600000001'));
      expect(row!.codeHash).not.toContain(sent.body.info.code!);
    });

    it('sends at most 3 codes per phone in 10 minutes, then again once the window passes', async () => {
      const { token } = await enter(t);
      for (let i = 0; i < 3; i += 1) {
        expect((await sendCode(t, token, '13600000002')).body.result).toBe(true);
        t.clock.advance(MINUTE);
      }
      const before = await quota(t, token);
      const fourth = await sendCode(t, token, '13600000002');
      expect(fourth.body).toEqual({
        result: false,
        info: null,
        message: 'Too many codes were sent to this phone. Please try again in 7 minutes.',
      });
      expect(await quota(t, token)).toBe(before);
      t.clock.advance(7 * MINUTE);
      expect((await sendCode(t, token, '13600000002')).body.result).toBe(true);
    });

    it('lets 3 of 6 simultaneous sends to one phone through', async () => {
      const { token } = await enter(t);
      const replies = await Promise.all(Array.from({ length: 6 }, () => sendCode(t, token, '13600000003')));
      expect(replies.filter((r) => r.body.result)).toHaveLength(3);
      const [sent] = await t.database.db
        .select({ n: count() })
        .from(smsCodes)
        .where(eq(smsCodes.phone, '13600000003'));
      expect(sent!.n).toBe(3);
    });

    it('never sends more than the quota, even to simultaneous requests', async () => {
      const { token } = await enter(t, 2);
      await t.database.db.update(smsQuotas).set({ remaining: 2 }).where(eq(smsQuotas.shopId, 2));
      const phones = ['13600000011', '13600000012', '13600000013', '13600000014'];
      const replies = await Promise.all(phones.map((phone) => sendCode(t, token, phone)));
      expect(replies.filter((r) => r.body.result)).toHaveLength(2);
      expect(await quota(t, token)).toBe(0);
    });

    it('answers "no SMS left" in the request language when the quota is used up', async () => {
      const { token } = await enter(t, NO_QUOTA_SHOP_ID);
      expect(await quota(t, token)).toBe(0);
      const en = await sendCode(t, token, '13600000004');
      expect(en.body).toEqual({
        result: false,
        info: null,
        message: 'This shop has no SMS messages left, so no code can be sent.',
      });
      const zh = await t.call('user/sendSmsCode', { phone: '13600000004' }, { token, language: 'zh-CN' });
      expect(zh.body.message).toBe('店铺短信余量不足，无法发送验证码。');
      const [rows] = await t.database.db
        .select({ n: count() })
        .from(smsCodes)
        .where(eq(smsCodes.phone, '13600000004'));
      expect(rows!.n).toBe(0);
    });

    it('accepts mainland and E.164 phones and refuses anything else', async () => {
      const { token } = await enter(t);
      expect((await sendCode(t, token, '+447911123456')).body.result).toBe(true);
      expect((await sendCode(t, token, '07911 123457', { code: '44' })).body.result).toBe(true);
      expect((await sendCode(t, token, '+86 136 0000 0005')).body.result).toBe(true);
      const stored = await t.database.db.select({ phone: smsCodes.phone }).from(smsCodes);
      expect(stored.map((r) => r.phone)).toEqual(
        expect.arrayContaining(['+447911123456', '+447911123457', '13600000005']),
      );
      for (const phone of ['12345', '12000000000', '+0123', 'abc', '1360000000x']) {
        const reply = await sendCode(t, token, phone);
        expect(reply.body).toEqual({
          result: false,
          info: null,
          message: 'Please enter a correct phone number.',
        });
      }
    });

    it('accepts a code once, within 10 minutes', async () => {
      const { token } = await enter(t);
      const sent = await sendCode(t, token, '13600000006');
      const code = sent.body.info.code!;
      const ok = await t.call<VerifyCodeInfo>('user/verifyCode', { phone: '13600000006', code }, { token });
      expect(ok.body.result).toBe(true);
      expect(ok.body.info).toEqual({ verified: true, phone: '13600000006', isMember: false });
      const again = await t.call(
        'user/verifyCode',
        { phone: '13600000006', code },
        { token, language: 'en' },
      );
      expect(again.body).toEqual({
        result: false,
        info: null,
        message: 'The verification code is wrong or has expired.',
      });

      const late = await sendCode(t, token, '13600000006');
      t.clock.advance(10 * MINUTE);
      const expired = await t.call(
        'user/verifyCode',
        { phone: '13600000006', code: late.body.info.code },
        { token },
      );
      expect(expired.body.result).toBe(false);
    });

    it('kills a code after 5 checks, even if the next one is right', async () => {
      const { token } = await enter(t);
      const sent = await sendCode(t, token, '13600000007');
      const code = sent.body.info.code!;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i += 1) {
        expect(
          (await t.call('user/verifyCode', { phone: '13600000007', code: wrong }, { token })).body.result,
        ).toBe(false);
      }
      // The fifth check is still a check: right now it passes.
      expect((await t.call('user/verifyCode', { phone: '13600000007', code }, { token })).body.result).toBe(
        true,
      );

      const second = await sendCode(t, token, '13600000007');
      for (let i = 0; i < 5; i += 1) {
        await t.call('user/verifyCode', { phone: '13600000007', code: wrong }, { token });
      }
      const dead = await t.call(
        'user/verifyCode',
        { phone: '13600000007', code: second.body.info.code },
        { token },
      );
      expect(dead.body.result).toBe(false);
    });

    it('only accepts the latest code and only in the shop that sent it', async () => {
      const inShop1 = await enter(t, 1);
      const inShop3 = await enter(t, 3);
      const first = await sendCode(t, inShop1.token, '13600000008');
      const second = await sendCode(t, inShop1.token, '13600000008');
      if (first.body.info.code !== second.body.info.code) {
        const stale = await t.call(
          'user/verifyCode',
          { phone: '13600000008', code: first.body.info.code },
          { token: inShop1.token },
        );
        expect(stale.body.result).toBe(false);
      }
      const elsewhere = await t.call(
        'user/verifyCode',
        { phone: '13600000008', code: second.body.info.code },
        { token: inShop3.token },
      );
      expect(elsewhere.body.result).toBe(false);
      const here = await t.call(
        'user/verifyCode',
        { phone: '13600000008', code: second.body.info.code },
        { token: inShop1.token },
      );
      expect(here.body.result).toBe(true);
    });

    it('validates the code format', async () => {
      const { token } = await enter(t);
      for (const code of ['12345', '1234567', 'abcdef', 123456]) {
        const reply = await t.call(
          'user/verifyCode',
          { phone: '13600000009', code },
          { token, language: 'en' },
        );
        expect(reply.body.result).toBe(false);
        expect(reply.body.message).toMatch(/^Please check your input: code: /);
      }
    });
  });

  describe('logging in by SMS', () => {
    it('links the chain member, rotates the token and shows the member card', async () => {
      const { session, login: result } = await login(t, 1, CHAIN_MEMBER_PHONE);
      expect(result.isMember).toBe(true);
      expect(result.phone).toBe(CHAIN_MEMBER_PHONE);
      expect(result.token).not.toBe(session.token);
      expect((await t.call('store/userInfo', {}, { token: session.token })).status).toBe(401);

      const info = await t.call<UserInfo>('store/userInfo', {}, { token: result.token, language: 'zh-CN' });
      expect(info.body.result).toBe(true);
      expect(info.body.info.customer.phone).toBe(CHAIN_MEMBER_PHONE);
      expect(info.body.info.member).toMatchObject({
        id: 501,
        name: 'Li Lei',
        levelName: '金卡',
        levelNames: { en: 'Gold', zh: '金卡' },
        level: 2,
        discount: 95,
        cardNo: 'C0001',
        amount: 10000,
        giftAmount: 500,
        points: 120,
        hasPayPassword: true,
        isChain: true,
        isCharged: true,
      });
      expect(JSON.stringify(info.body)).not.toMatch(/payPassword"|135790|scrypt|hmac-sha256/);
    });

    it('carries a chain membership to the sister shop but not to an independent shop', async () => {
      const { login: result } = await login(t, 1, CHAIN_MEMBER_PHONE);
      const sister = await t.call<SessionInfo>('user/token', { id: 2, token: result.token });
      expect(sister.body.result).toBe(true);
      expect(sister.body.info).toMatchObject({ shopId: 2, isMember: true, openid: result.openid });
      const inSister = await t.call<UserInfo>(
        'store/userInfo',
        {},
        { token: sister.body.info.token, language: 'en' },
      );
      expect(inSister.body.info.member?.levelName).toBe('Gold');

      const other = await t.call<SessionInfo>('user/token', { id: 3, token: result.token });
      expect(other.body.info).toMatchObject({ shopId: 3, isMember: false });
      const inOther = await t.call<UserInfo>('store/userInfo', {}, { token: other.body.info.token });
      expect(inOther.body.info.customer.phone).toBe(CHAIN_MEMBER_PHONE);
      expect(inOther.body.info.member).toBeNull();
    });

    it('links a shop member only in that shop', async () => {
      const { login: result } = await login(t, 3, SHOP3_MEMBER_PHONE);
      expect(result.member).toMatchObject({ id: 601, isChain: false, hasPayPassword: false });
      const { login: inChain } = await login(t, 1, SHOP3_MEMBER_PHONE);
      expect(inChain.isMember).toBe(false);
      expect(inChain.member).toBeNull();
    });

    it('refuses a wrong code and leaves the session as it was', async () => {
      t.clock.advance(10 * MINUTE + 1);
      const session = await enter(t);
      const sent = await sendCode(t, session.token, CHAIN_MEMBER_PHONE);
      const wrong = sent.body.info.code === '000000' ? '111111' : '000000';
      const reply = await t.call(
        'user/h5Login',
        { phone: CHAIN_MEMBER_PHONE, code: wrong },
        { token: session.token, language: 'en' },
      );
      expect(reply.body).toEqual({
        result: false,
        info: null,
        message: 'The verification code is wrong or has expired.',
      });
      const info = await t.call<UserInfo>('store/userInfo', {}, { token: session.token });
      expect(info.body.info.member).toBeNull();
      expect(info.body.info.customer.phone).toBeNull();
    });

    it('needs a session to send, verify or log in', async () => {
      for (const action of ['user/sendSmsCode', 'user/verifyCode', 'user/h5Login', 'user/getSmsQuantity']) {
        const reply = await t.call(action, { phone: CHAIN_MEMBER_PHONE, code: '123456' });
        expect(reply.status).toBe(401);
      }
    });
  });

  describe('user/token', () => {
    it('refuses an unknown or expired token with 401 and an unknown shop with a message', async () => {
      expect((await t.call('user/token', { id: 2, token: 'nope' })).status).toBe(401);
      const session = await enter(t);
      const unknownShop = await t.call('user/token', { id: 999, token: session.token }, { language: 'en' });
      expect(unknownShop.body).toEqual({
        result: false,
        info: SHOP_NOT_FOUND,
        message: 'This shop does not exist.',
      });
      t.clock.advance(24 * 60 * MINUTE);
      expect((await t.call('user/token', { id: 2, token: session.token })).status).toBe(401);
    });
  });

  describe('the profile', () => {
    it('shows a visitor without a member record', async () => {
      const session = await enter(t, 3);
      const info = await t.call<UserInfo>('store/userInfo', {}, { token: session.token });
      expect(info.body.info).toEqual({
        customer: {
          id: session.customerId,
          openid: session.openid,
          nickname: '',
          gender: 0,
          birthday: null,
          avatar: '',
          phone: null,
        },
        member: null,
      });
    });

    it('saves a valid profile and updates the member birthday and gender too', async () => {
      const { login: result } = await login(t, 1, CHAIN_MEMBER_PHONE);
      const saved = await t.call<UserInfo>(
        'store/setUserInfo',
        { nickname: '  Lei  ', gender: 1, birthday: '1990-05-17', avatar: 'https://example.com/a.png' },
        { token: result.token, language: 'en' },
      );
      expect(saved.body.result).toBe(true);
      expect(saved.body.message).toBe('Saved.');
      expect(saved.body.info.customer).toMatchObject({
        nickname: 'Lei',
        gender: 1,
        birthday: '1990-05-17',
        avatar: 'https://example.com/a.png',
      });
      expect(saved.body.info.member).toMatchObject({ nickname: 'Lei', birthday: '1990-05-17', gender: 1 });
      const [member] = await t.database.db.select().from(members).where(eq(members.id, 501));
      expect(member).toMatchObject({ birthday: '1990-05-17', gender: 1 });
    });

    it('refuses invalid fields and changes nothing', async () => {
      const session = await enter(t, 3);
      await t.call('store/setUserInfo', { nickname: 'Before' }, { token: session.token });
      const bad: object[] = [
        {},
        { gender: 3 },
        { nickname: '' },
        { nickname: 'x'.repeat(33) },
        { birthday: '1990-02-30' },
        { birthday: '17/05/1990' },
        { avatar: 'javascript:alert(1)' },
        { nickname: 'After', gender: 'male' },
        { nickname: 42 },
      ];
      for (const payload of bad) {
        const reply = await t.call('store/setUserInfo', payload, { token: session.token, language: 'en' });
        expect(reply.status).toBe(200);
        expect(reply.body.result, JSON.stringify(payload)).toBe(false);
      }
      const future = await t.call(
        'store/setUserInfo',
        { birthday: '2099-01-01' },
        { token: session.token, language: 'en' },
      );
      expect(future.body).toEqual({ result: false, info: null, message: 'Please choose a real birthday.' });
      const [row] = await t.database.db
        .select()
        .from(customers)
        .where(and(eq(customers.id, session.customerId), eq(customers.shopId, 3)));
      expect(row).toMatchObject({ nickname: 'Before', gender: 0, birthday: null, avatar: '' });
    });
  });
});

describe.each(testDatabases)('SMS with demo mode off on %s', (kind) => {
  const t = useTestApp(kind, { demoMode: false, sms: createLogSmsSender(() => undefined) });

  it('does not return the code, even when the caller asks for a test send', async () => {
    const { token } = await enter(t);
    const sent = await sendCode(t, token, '13500000001', { test: true });
    expect(sent.body.result).toBe(true);
    expect(sent.body.info.code).toBeUndefined();
  });
});

describe.each(testDatabases)('SMS through the webhook sender on %s', (kind) => {
  const received: SmsMessage[] = [];
  const authorizations: (string | undefined)[] = [];
  let failNext = false;
  let server: Server;
  let webhook: SmsSender | undefined;
  const viaWebhook: SmsSender = {
    kind: 'webhook',
    local: false,
    send: (message) => webhook!.send(message),
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (failNext) {
          failNext = false;
          response.writeHead(502).end();
          return;
        }
        authorizations.push(request.headers.authorization);
        received.push(JSON.parse(body) as SmsMessage);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    webhook = createWebhookSmsSender({ url: `http://127.0.0.1:${port}/sms`, token: 'hook-secret' });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  // Demo mode is on: a real sender must still never reveal the code.
  const t = useTestApp(kind, { demoMode: true, sms: viaWebhook });

  it('delivers the code to the webhook and never returns it, whatever the payload says', async () => {
    const session = await enter(t);
    const sent = await sendCode(t, session.token, '13500000002', { test: true });
    expect(sent.body.result).toBe(true);
    expect(sent.body.info.code).toBeUndefined();
    expect(JSON.stringify(sent.body)).not.toMatch(/"\d{6}"/);
    const message = received.at(-1)!;
    expect(message).toMatchObject({ phone: '13500000002', shopId: 1, locale: 'en' });
    expect(message.text).toContain(message.code);
    expect(authorizations.at(-1)).toBe('Bearer hook-secret');

    const login = await t.call<H5LoginInfo>(
      'user/h5Login',
      { phone: '13500000002', code: message.code },
      { token: session.token },
    );
    expect(login.body.result).toBe(true);
  });

  it('says so when delivery fails, and gives the message back to the quota', async () => {
    const { token } = await enter(t);
    const before = await quota(t, token);
    failNext = true;
    const sent = await sendCode(t, token, '13500000003');
    expect(sent.body).toEqual({
      result: false,
      info: null,
      message: 'The verification code could not be sent. Please try again.',
    });
    expect(await quota(t, token)).toBe(before);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(smsCodes)
      .where(eq(smsCodes.phone, '13500000003'));
    expect(rows!.n).toBe(0);
    expect((await sendCode(t, token, '13500000003')).body.result).toBe(true);
  });
});

// Text no field accepts (server/http/input-text.ts): U+0000, which PostgreSQL refuses in text, lone UTF-16
// surrogates and the C0 controls other than tab and line breaks. Every way in refuses them as bad input in
// the request's language and writes nothing; before, a NUL in a nickname, an order number or a trade
// number reached the database and came back as a 500.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, merchantKeys } from '../../../server/db/schema';
import { findForbiddenText } from '../../../server/http/input-text';
import { hashMerchantKey } from '../../../server/modules/merchant/merchant-keys';
import { DEMO_SANDBOX_SECRET, signSandboxPayload } from '../../../server/payments/sandbox';
import { apiPath } from '../../../src/domain/api/envelope';
import type { SessionInfo, UserInfo } from '../../../src/domain/api/user';
import { testDatabases, useTestApp, type TestApp } from '../helpers';

const MERCHANT_KEY = 'mk_input_text_test_key';

async function enter(t: TestApp) {
  const reply = await t.call<SessionInfo>('user/h5entry', { id: 1 });
  expect(reply.body.result).toBe(true);
  return reply.body.info.token;
}

describe('the forbidden-text walk', () => {
  it('finds NUL, lone surrogates and C0 controls with their path, and lets ordinary text through', () => {
    expect(findForbiddenText({ a: 'x', b: [1, { c: 'ok\u0000' }] })).toBe('b.1.c');
    expect(findForbiddenText({ name: 'a\ud800' })).toBe('name');
    expect(findForbiddenText({ name: '\udc00b' })).toBe('name');
    expect(findForbiddenText({ name: 'bell\u0007' })).toBe('name');
    expect(findForbiddenText({ 'k\u001b': 1 })).toBe('k\\u001b');
    expect(findForbiddenText('\u0000')).toBe('');
    expect(
      findForbiddenText({ remark: 'line 1\r\nline 2\tend', emoji: '😀 汉字 é', del: '\u007f' }),
    ).toBeNull();
    expect(findForbiddenText([null, 1, true, { x: [] }])).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findForbiddenText(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe.each(testDatabases)('text no field accepts, on %s', (kind) => {
  const t = useTestApp(kind, { demoMode: true });

  it('refuses a NUL in the nickname in the request language and keeps the profile', async () => {
    const token = await enter(t);
    const saved = await t.call<UserInfo>('store/setUserInfo', { nickname: 'Before' }, { token });
    expect(saved.body.result).toBe(true);
    for (const [language, text] of [
      ['en', 'Please check your input: nickname contains a character that is not allowed'],
      ['fr', 'Veuillez vérifier votre saisie : nickname contient un caractère non autorisé'],
      ['zh-CN', '请检查填写的内容：nickname 含有不允许的字符'],
    ] as const) {
      const reply = await t.call('store/setUserInfo', { nickname: 'Af\u0000ter' }, { token, language });
      expect(reply.status).toBe(200);
      expect(reply.body.result).toBe(false);
      expect(reply.body.message).toContain(text);
    }
    const lone = await t.call('store/setUserInfo', { nickname: 'A\ud83d' }, { token, language: 'en' });
    expect(lone.body).toMatchObject({ result: false });
    const [row] = await t.database.db
      .select({ nickname: customers.nickname })
      .from(customers)
      .where(eq(customers.id, saved.body.info.customer.id));
    expect(row?.nickname).toBe('Before');
  });

  it('refuses a NUL in an order number and in trade numbers', async () => {
    const token = await enter(t);
    const cases: [string, object, Record<string, string>][] = [
      ['order/deliveryInfo', { orderNo: 'A1\u0000' }, { token }],
      ['order/updateTradeNo', { id: 1, tradeNo: 'sbx_\u0000' }, { token }],
      ['sandboxGateway/session', { tradeNo: 'sbx_\u0000' }, {}],
      ['sandboxGateway/complete', { tradeNo: 'sbx_\u0000', outcome: 'succeed' }, {}],
      ['store/productSearch', { searchText: 'tea\u0000' }, { token }],
    ];
    for (const [path, body, headers] of cases) {
      const reply = await t.call(path, body, { ...headers, language: 'en' });
      expect(reply.status, path).toBe(200);
      expect(reply.body.result, path).toBe(false);
      expect(reply.body.message, path).toContain('contains a character that is not allowed');
    }
  });

  it('answers the merchant API with its 400 for a NUL order number', async () => {
    await t.database.db.insert(merchantKeys).values({ shopId: 1, keyHash: hashMerchantKey(MERCHANT_KEY) });
    for (const [action, body] of [
      ['accept', { orderNo: '2026\u0000' }],
      ['orders', { status: ['pending\u0000'] }],
    ] as const) {
      const reply = await t.inject({
        method: 'POST',
        url: `/merchant/api/${action}`,
        headers: { authorization: `Bearer ${MERCHANT_KEY}`, language: 'en' },
        payload: body,
      });
      expect(reply.statusCode, action).toBe(400);
      expect(reply.json().message).toContain('contains a character that is not allowed');
    }
  });

  it('refuses a NUL in the live-status ticket with a 400', async () => {
    const reply = await t.inject({
      method: 'GET',
      url: `${apiPath('order', 'events')}?ticket=${encodeURIComponent('t\u0000')}`,
      headers: { language: 'en' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ result: false });
  });

  it('refuses a signed sandbox notification whose trade number holds a NUL', async () => {
    const body = JSON.stringify({
      eventId: 'evt_1',
      tradeNo: 'sbx_\u0000',
      state: 'success',
      amount: 1,
      currency: 'CNY',
    });
    const reply = await t.inject({
      method: 'POST',
      url: apiPath('pay', 'notify/sandbox'),
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signSandboxPayload(
          DEMO_SANDBOX_SECRET,
          body,
          Math.floor(t.clock.now().getTime() / 1000),
        ),
      },
      payload: body,
    });
    expect(reply.statusCode).toBe(400);
  });
});

// Request rate limits (decision S31): per session and per client address on order submit, search, entry and
// every SMS call; over a limit the call is 429 with Retry-After in the envelope, in the caller's language.
// The counts live in the database, so two apps on one database (two server processes) share them, and
// RATE_LIMIT / RATE_LIMIT_SCALE switch them off or scale them for load tests.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import {
  addressSubject,
  RATE_LIMIT_OFF,
  RATE_LIMIT_ON,
  RATE_LIMITED_ACTIONS,
  RATE_RULES,
  rateLimitFromEnv,
} from '../../../server/http/rate-limit';
import type { SessionInfo } from '../../../src/domain/api/user';
import { trustProxyFromEnv } from '../../../server/http/trust-proxy';
import { apiPath } from '../../../src/domain/api/envelope';
import { callFrom, createClock, testDatabases, useTestApp, type TestApp } from '../helpers';

const SHOP = 1;
// 15 s into a minute: a one-minute window has 45 s left.
const START = '2026-03-02T04:00:15Z';

const post = callFrom;

async function enter(t: Pick<TestApp, 'inject'>, ip: string): Promise<string> {
  const reply = await post<SessionInfo>(t, 'user/h5entry', { id: SHOP }, { ip });
  expect(reply.status).toBe(200);
  expect(reply.body.result, reply.body.message).toBe(true);
  return reply.body.info.token;
}

const search = (t: Pick<TestApp, 'inject'>, token: string, ip: string, language = 'en') =>
  post(t, 'store/productSearch', { searchText: 'rice' }, { token, ip, language });

describe('rate limit settings', () => {
  it('read RATE_LIMIT and RATE_LIMIT_SCALE, refusing values that mean nothing', () => {
    expect(rateLimitFromEnv({})).toEqual(RATE_LIMIT_ON);
    expect(rateLimitFromEnv({ RATE_LIMIT: 'off' })).toEqual(RATE_LIMIT_OFF);
    expect(rateLimitFromEnv({ RATE_LIMIT: 'on', RATE_LIMIT_SCALE: '10' })).toEqual({
      enabled: true,
      scale: 10,
    });
    expect(() => rateLimitFromEnv({ RATE_LIMIT: 'sometimes' })).toThrow(/RATE_LIMIT/);
    expect(() => rateLimitFromEnv({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
    expect(() => rateLimitFromEnv({ RATE_LIMIT_SCALE: 'lots' })).toThrow(/RATE_LIMIT_SCALE/);
  });

  it('count an IPv6 client by its /64, as one subscriber holds all of it', () => {
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressSubject('192.0.2.1')).toBe('192.0.2.1');
  });
});

describe.each(testDatabases)('rate limits on %s', (kind) => {
  const t = useTestApp(kind, { rateLimit: RATE_LIMIT_ON, clock: createClock(START) });

  it('refuses a session searching past its limit with 429 and Retry-After, in its language', async () => {
    const ip = '198.51.100.10';
    const token = await enter(t, ip);
    for (let i = 0; i < RATE_RULES.search.perSession; i += 1) {
      const reply = await search(t, token, ip);
      expect(reply.status, reply.body.message).toBe(200);
    }
    const refused = await search(t, token, ip, 'zh-CN');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.body).toEqual({
      result: false,
      info: { retryAfter: 45 },
      message: '请求过于频繁，请 45 秒后再试。',
    });
    const french = await search(t, token, ip, 'fr');
    expect(french.body.message).toBe('Trop de demandes. Réessayez dans 45 secondes.');

    // Another session at the same address is not held back by this one.
    expect((await search(t, await enter(t, ip), ip)).status).toBe(200);
    // The next window starts afresh.
    t.clock.advance(45_000);
    expect((await search(t, token, ip)).status).toBe(200);
  });

  it('refuses an address past its limit whatever the session, and another address not at all', async () => {
    const ip = '198.51.100.11';
    for (let i = 0; i < RATE_RULES.entry.perAddress; i += 1) await enter(t, ip);
    const refused = await post(t, 'user/h5entry', { id: SHOP }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.result).toBe(false);
    // Fresh addresses in the same IPv6 /64 are the same client; another address is someone else.
    const v6 = '2001:db8:77:1::';
    for (let i = 0; i < RATE_RULES.entry.perAddress; i += 1) await enter(t, `${v6}${i + 1}`);
    expect((await post(t, 'user/h5entry', { id: SHOP }, { ip: `${v6}ffff` })).status).toBe(429);
    expect((await post(t, 'user/h5entry', { id: SHOP }, { ip: '198.51.100.12' })).status).toBe(200);
  });

  it('shares its counts with another server process on the same database', async () => {
    const url = (t.database as { url?: string }).url;
    const second = url ? await openDatabase({ kind: 'postgres', url, poolSize: 2 }) : null;
    const other = await buildApp({
      db: second ? second.db : t.database.db,
      now: t.clock.now,
      rateLimit: RATE_LIMIT_ON,
    });
    try {
      const ip = '198.51.100.13';
      const token = await enter(t, ip);
      const half = RATE_RULES.search.perSession / 2;
      for (let i = 0; i < half; i += 1) expect((await search(t, token, ip)).status).toBe(200);
      for (let i = 0; i < half; i += 1) expect((await search(other, token, ip)).status).toBe(200);
      expect((await search(other, token, ip)).status).toBe(429);
      expect((await search(t, token, ip)).status).toBe(429);
    } finally {
      await other.close();
      await second?.close();
    }
  });
});

describe.each(testDatabases)('rate limits scaled down to a tenth on %s', (kind) => {
  const t = useTestApp(kind, { rateLimit: { enabled: true, scale: 0.1 }, clock: createClock(START) });
  let addresses = 0;
  const freshIp = () => `192.0.2.${(addresses += 1)}`;

  it('limits every listed action per session: order submit, search, entry and every SMS call', async () => {
    const limited: string[] = [];
    for (const [action, bucket] of Object.entries(RATE_LIMITED_ACTIONS)) {
      // A token and an address of its own, so only this action's session count is met. The limit is
      // counted before the token is looked up: an unknown token is limited like a real one.
      const session = `rate-limit-test-${action}`;
      const ip = freshIp();
      const allowed = Math.max(1, Math.round(RATE_RULES[bucket].perSession * 0.1));
      for (let i = 0; i < allowed; i += 1) {
        const reply = await post(t, action, {}, { token: session, ip });
        expect(reply.status, `${action}: ${reply.body.message}`).not.toBe(429);
      }
      const refused = await post(t, action, {}, { token: session, ip });
      if (refused.status === 429 && refused.headers['retry-after']) limited.push(action);
    }
    expect(limited.sort()).toEqual(
      expect.arrayContaining([
        'order/confirm',
        'order/multiConfirm',
        'order/pay',
        'store/productSearch',
        'user/h5entry',
        'user/sendSmsCode',
        'user/verifyCode',
        'user/h5Login',
        'user/getSmsQuantity',
        'vip/register',
        'vip/bind',
        'vip/charge',
        'vip/updatePayPassword',
        'vip/checkCode',
        'activity/pointExchangeProduct',
      ]),
    );
    expect(limited).toHaveLength(Object.keys(RATE_LIMITED_ACTIONS).length);
  });

  it('leaves actions that are not listed alone', async () => {
    const ip = freshIp();
    const token = await enter(t, ip);
    for (let i = 0; i < 30; i += 1)
      expect((await post(t, 'store/productTypes', {}, { token, ip })).status).not.toBe(429);
  });
});

describe.each(testDatabases)('rate limits switched off on %s', (kind) => {
  const t = useTestApp(kind, { rateLimit: RATE_LIMIT_OFF, clock: createClock(START) });

  it('lets a load test from one address enter far past the limit', async () => {
    const ip = '198.51.100.99';
    for (let i = 0; i < RATE_RULES.entry.perAddress * 2; i += 1) await enter(t, ip);
    const token = await enter(t, ip);
    for (let i = 0; i < RATE_RULES.search.perSession + 5; i += 1)
      expect((await search(t, token, ip)).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('reads off, on (a proxy on this machine) or the proxies, and refuses anything else', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('off')).toBe(false);
    expect(trustProxyFromEnv('on')).toEqual(['loopback']);
    expect(trustProxyFromEnv('10.0.0.2, 10.1.0.0/16 uniquelocal')).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      'uniquelocal',
    ]);
    for (const bad of ['everyone', '2', '10.0.0.0/33', '10.0.0.1/8/1'])
      expect(() => trustProxyFromEnv(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe.each(testDatabases)('rate limits behind one trusted proxy on %s', (kind) => {
  const t = useTestApp(kind, {
    rateLimit: RATE_LIMIT_ON,
    clock: createClock(START),
    trustProxy: ['10.0.0.2'],
  });
  const PROXY = '10.0.0.2';
  const viaProxy = (forwardedFor: string) =>
    t.inject({
      method: 'POST',
      url: apiPath('user', 'h5entry'),
      remoteAddress: PROXY,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify({ id: SHOP }),
    });

  it('counts the address the proxy appended, whatever the client wrote before it', async () => {
    const client = '203.0.113.40';
    for (let i = 0; i < RATE_RULES.entry.perAddress; i += 1) {
      expect((await viaProxy(`198.18.${i}.1, ${client}`)).statusCode).toBe(200);
    }
    expect((await viaProxy(`198.18.250.1, ${client}`)).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.41')).statusCode).toBe(200);
  });
});

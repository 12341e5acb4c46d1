// Security headers on pages, assets, API replies and errors (server/http/security-headers.ts): the
// Content-Security-Policy, frame-ancestors and X-Frame-Options, nosniff, the referrer policy, HSTS only over
// HTTPS, and no-store on every API reply; the map's origins and the web-view allow-list join the policy
// only when configured, and the browser reads the allow-list from general/webViewConfig.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../../server/http/security-headers';
import { apiPath } from '../../../src/domain/api/envelope';
import { frameAllowed, parseWebViewOrigins, type WebViewConfigInfo } from '../../../src/domain/api/web-view';
import type { SessionInfo } from '../../../src/domain/api/user';
import { testDatabases, useTestApp } from '../helpers';

const spaDir = mkdtempSync(join(tmpdir(), 'storefront-headers-'));
mkdirSync(join(spaDir, 'assets'));
writeFileSync(
  join(spaDir, 'index.html'),
  '<!doctype html><script type="module" src="/assets/app.js"></script>',
);
writeFileSync(join(spaDir, 'assets', 'app.js'), 'console.log(1);');

/** The policy as directive → sources. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

describe.each(testDatabases)('security headers on %s', (kind) => {
  const t = useTestApp(kind, { spaDir });

  it('puts the policy and the other headers on the page, an asset, an API reply and an error', async () => {
    const replies = {
      page: await t.inject({ method: 'GET', url: '/' }),
      asset: await t.inject({ method: 'GET', url: '/assets/app.js' }),
      api: await t.inject({ method: 'POST', url: apiPath('store', 'list'), payload: {} }),
      apiError: await t.inject({ method: 'POST', url: apiPath('store', 'nothing'), payload: {} }),
      merchant: await t.inject({ method: 'POST', url: '/merchant/api/orders', payload: {} }),
      health: await t.inject({ method: 'GET', url: '/healthz' }),
    };
    expect(replies.page.statusCode).toBe(200);
    expect(replies.asset.statusCode).toBe(200);
    expect(replies.api.statusCode).toBe(200);
    expect(replies.apiError.statusCode).toBe(404);
    expect(replies.merchant.statusCode).toBe(401);
    for (const [name, reply] of Object.entries(replies)) {
      expect(reply.headers, name).toMatchObject(COMMON);
      const csp = policy(reply.headers['content-security-policy']);
      expect(csp.get('default-src'), name).toEqual(["'self'"]);
      expect(csp.get('script-src'), name).toEqual(["'self'"]);
      expect(csp.get('style-src'), name).toEqual(["'self'"]);
      expect(csp.get('connect-src'), name).toEqual(["'self'"]);
      expect(csp.get('frame-src'), name).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
      // Plain HTTP and no PUBLIC_URL: nothing to pin.
      expect(reply.headers['strict-transport-security'], name).toBeUndefined();
    }
    for (const name of ['api', 'apiError', 'merchant'] as const)
      expect(replies[name].headers['cache-control'], name).toBe('no-store');
    expect(replies.page.headers['cache-control']).not.toBe('no-store');
  });

  it('sends them on the live-status stream too, which takes over the socket', async () => {
    const token = (await t.call<SessionInfo>('user/h5entry', { id: 1 })).body.info.token;
    const ticket = (await t.call<{ ticket: string }>('order/eventsTicket', {}, { token })).body.info.ticket;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const response = await fetch(`${base}${apiPath('order', 'events')}?ticket=${ticket}`, {
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    abort.abort();
  });

  it('tells the browser that no origin may be framed', async () => {
    const reply = await t.call<WebViewConfigInfo>('general/webViewConfig', {});
    expect(reply.body).toEqual({ result: true, info: { origins: [] }, message: '' });
  });
});

describe('security headers by configuration', () => {
  const secure = useTestApp('pglite', { spaDir, payments: { publicUrl: 'https://shop.example.com' } });
  const proxied = useTestApp('pglite', { spaDir, trustProxy: true });
  const configured = useTestApp('pglite', {
    spaDir,
    security: {
      webViewOrigins: ['https://help.example.com', 'http://127.0.0.1:9999'],
      mapProvider: 'amap',
    },
  });

  it('pins HTTPS when the public address is https, or a trusted proxy says so, and never otherwise', async () => {
    const page = await secure.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const forwarded = { 'x-forwarded-proto': 'https' };
    const viaProxy = await proxied.inject({ method: 'GET', url: '/', headers: forwarded });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plainViaProxy = await proxied.inject({ method: 'GET', url: '/' });
    expect(plainViaProxy.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone can send the header: it pins nothing.
    const untrusted = await configured.inject({ method: 'GET', url: '/', headers: forwarded });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the allowed frames and the configured map in, and tells the browser the allow-list', async () => {
    const csp = policy(
      (await configured.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp.get('frame-src')).toEqual(['https://help.example.com', 'http://127.0.0.1:9999']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://*.amap.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://*.amap.com', 'https://*.autonavi.com']);
    const reply = await configured.call<WebViewConfigInfo>('general/webViewConfig', {});
    expect(reply.body.info.origins).toEqual(['https://help.example.com', 'http://127.0.0.1:9999']);
    expect(cspDirectives({ mapProvider: 'google' })['script-src']).toContain('https://*.googleapis.com');
  });
});

describe('the web-view allow-list', () => {
  it('reads WEB_VIEW_ORIGINS as http(s) origins and refuses anything else', () => {
    expect(parseWebViewOrigins(undefined)).toEqual([]);
    expect(parseWebViewOrigins(' ')).toEqual([]);
    expect(
      parseWebViewOrigins('https://help.example.com, http://127.0.0.1:8080 https://help.example.com/'),
    ).toEqual(['https://help.example.com', 'http://127.0.0.1:8080']);
    for (const bad of [
      'help.example.com',
      'https://help.example.com/page',
      'javascript:alert(1)',
      'ftp://x.example',
    ])
      expect(() => parseWebViewOrigins(bad), bad).toThrow(/WEB_VIEW_ORIGINS/);
  });

  it('allows an address only when its origin is listed', () => {
    const origins = ['https://help.example.com'];
    expect(frameAllowed('https://help.example.com/terms?x=1', origins)).toBe(true);
    expect(frameAllowed('https://HELP.example.com:443/terms', origins)).toBe(true);
    expect(frameAllowed('http://help.example.com/terms', origins)).toBe(false);
    expect(frameAllowed('https://help.example.com.evil.example/', origins)).toBe(false);
    expect(frameAllowed('javascript:alert(1)', origins)).toBe(false);
    expect(frameAllowed('https://help.example.com/', [])).toBe(false);
  });
});

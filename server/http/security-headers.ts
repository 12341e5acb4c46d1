// Security headers on every reply, pages and API alike (helmet), decisions S52-S56 and K62.
//
// The Content-Security-Policy allows only what the built app loads: its own scripts, styles and API; images
// from anywhere over HTTPS (shop and product pictures live on the merchant's CDN, avatars anywhere), data:
// and blob: (QR codes, scanner previews); frames only from the web-view allow-list (WEB_VIEW_ORIGINS); and
// the map provider's script, tile and API origins only when a browser map key configures one (MAP_JS_KEY).
// No page may frame the storefront (frame-ancestors 'none', X-Frame-Options DENY). HSTS is sent only when
// the app is reached over HTTPS, and API replies, which carry personal data, are never stored by a cache.
// The flow inspector's page (/inspect/, only when INSPECTOR enables it) has a policy of its own:
// inspectorCspDirectives, decisions Q11-Q12.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { MapProvider } from '../../src/domain/api/address';
import { API_BASE } from '../../src/domain/api/envelope';
import { MERCHANT_API_BASE } from '../../src/domain/api/order-life';

export interface SecurityHeadersOptions {
  /** Origins the web-view page may frame (WEB_VIEW_ORIGINS); empty: none. */
  webViewOrigins?: readonly string[];
  /** The browser map's provider when a map key is configured: its origins join the policy. */
  mapProvider?: MapProvider | null;
}

type Sources = Partial<Record<'script' | 'style' | 'connect' | 'font' | 'frame' | 'worker', string[]>>;

/**
 * What each provider's JS API loads besides images (img-src already takes any HTTPS origin, tiles included):
 * Google's published allow-list for the Maps JavaScript API, and AMap's script, vector data and service
 * hosts. Both inject <style> elements and draw with blob: workers.
 */
export const MAP_SOURCES: Record<MapProvider, Sources> = {
  amap: {
    script: ['https://*.amap.com'],
    style: ["'unsafe-inline'"],
    connect: ['https://*.amap.com', 'https://*.autonavi.com'],
    worker: ['blob:'],
  },
  google: {
    script: [
      'https://*.googleapis.com',
      'https://*.gstatic.com',
      'https://*.google.com',
      'https://*.ggpht.com',
      'https://*.googleusercontent.com',
    ],
    style: ["'unsafe-inline'", 'https://fonts.googleapis.com'],
    connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
    font: ['https://fonts.gstatic.com'],
    frame: ['https://*.google.com'],
    worker: ['blob:'],
  },
};

/** The CSP directives for a configuration (exported for the tests and docs/api.md). */
export function cspDirectives(options: SecurityHeadersOptions = {}): Record<string, string[]> {
  const map: Sources = options.mapProvider ? MAP_SOURCES[options.mapProvider] : {};
  const frames = [...(options.webViewOrigins ?? []), ...(map.frame ?? [])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(map.script ?? [])],
    'style-src': ["'self'", ...(map.style ?? [])],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', ...(map.font ?? [])],
    'connect-src': ["'self'", ...(map.connect ?? [])],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'worker-src': ["'self'", ...(map.worker ?? [])],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The flow inspector page's policy (server/http/inspector.ts): the app's, except that styles may be inline,
 * since Mermaid writes a <style> into each diagram it draws and positions shapes with style attributes. It
 * loads nothing from elsewhere and talks to the app only through the browser (a BroadcastChannel).
 */
export function inspectorCspDirectives(): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Directives as a Content-Security-Policy header value. */
export const cspHeader = (directives: Record<string, string[]>): string =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

/** One year, the preload list's minimum. */
const HSTS = 'max-age=31536000; includeSubDomains';

const carriesPersonalData = (url: string) =>
  url.startsWith(`${API_BASE}/`) || url.startsWith(`${MERCHANT_API_BASE}/`);

/**
 * The headers helmet sets for a configuration, worked out once. The configuration holds no per-request
 * part (no nonce, no function directive), so every reply gets the same headers; @fastify/helmet built
 * helmet's middleware again, directives parsed, on every request (K62).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // Sent per request below: only a reply that reached the browser over HTTPS may pin it.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // The opt-in flow inspector (?inspect) is a page of this origin that listens on a BroadcastChannel:
    // no window of another origin needs a handle on the app's (decision Q12).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  // The app's public address (PUBLIC_URL) says HTTPS even when a proxy ends TLS; without it, the request
  // itself does (Fastify reads X-Forwarded-Proto only when the proxy is trusted).
  const overHttps = (request: FastifyRequest) =>
    request.protocol === 'https' || (app.payments?.publicUrl ?? '').startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (overHttps(request)) reply.header('strict-transport-security', HSTS);
    if (carriesPersonalData(request.url)) reply.header('cache-control', 'no-store');
  });
}

export default fp(securityHeaders, { name: 'security-headers' });

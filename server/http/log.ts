// What the request logger may print. Fastify's own request line holds the URL, and the live status stream
// is opened by `GET …/order/events?ticket=…` (EventSource cannot send a header), so a query string can
// carry a bearer secret. Request bodies (pay passwords, SMS codes) and headers (tokens) are never
// serialised; LOG_REDACT in app.ts still censors the header fields should anything log them.
import type { IncomingHttpHeaders } from 'node:http';

export const LOG_CENSOR = '[redacted]';

/** Query parameters whose value is a secret or could be one; compared case-insensitively. */
export const SENSITIVE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'ticket',
  'token',
  'code',
  'password',
  'paypassword',
  'secret',
  'sig',
  'signature',
  'key',
]);

function paramName(part: string): string {
  const raw = part.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    // A malformed escape could hide a name; treat the parameter as a secret.
    return 'secret';
  }
}

/** The URL with the value of every sensitive query parameter replaced; path and other parameters kept. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const name = paramName(part);
      return SENSITIVE_QUERY_PARAMS.has(name) ? `${part.split('=', 1)[0]}=${LOG_CENSOR}` : part;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/** What Fastify hands the `req` serializer: its request (typed as the raw one, which it extends). */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's default `req` serializer with the URL redacted. */
export function requestLogSerializer(req: LoggedRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    version: typeof version === 'string' ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

// Which proxies in front of the server are believed about the client (X-Forwarded-*).
import { isIP } from 'node:net';

/** proxy-addr's names for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: off by default; `on` trusts a proxy on this machine (loopback); otherwise a list of the
 * proxies' addresses, CIDR ranges or range names. Only a request arriving from a listed proxy has its
 * forwarded headers believed, and the client is the first address from the right that is not a listed
 * proxy, so entries a client wrote further left are never taken as its address. (Fastify's hop count
 * and `true` either trust nothing or trust the leftmost entry, which the client writes.)
 */
export function trustProxyFromEnv(value: string | undefined): false | string[] {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text)) return false;
  if (['1', 'true', 'yes', 'on'].includes(text)) return ['loopback'];
  const entries = text.split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!RANGE_NAMES.has(entry) && (family === 0 || !validBits || extra !== undefined))
      throw new Error(
        `TRUST_PROXY must be off, on, or proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal, got "${value}"`,
      );
  }
  return entries;
}

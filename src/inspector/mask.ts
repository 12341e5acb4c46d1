// Personal data never leaves the customer's page unmasked (docs/decisions.md Q7): whatever the flow
// inspector is sent (context, event payloads, outputs, errors) is copied through maskPersonalData first, in
// the app. The copy is also plain data (JSON-safe, no cycles, bounded depth), which a BroadcastChannel can
// carry: a context may hold functions (a clock), actor references or DOM elements.

/** Keys whose value is always masked, whatever it looks like. */
const PHONE_KEY = /phone|mobile|^tel$|telephone/i;
const SECRET_KEY = /password|passwd|pwd|token|secret|ticket|authorization|cookie|apikey|api_key|openid/i;
const CODE_KEY = /^(sms|verify|verification|demo|auth|login|otp)?code$|captcha|^otp$/i;

/** Values masked wherever they appear, by their shape. */
const MAINLAND_MOBILE = /(?<!\d)(?:\+?86[\s-]?)?1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?!\d)/g;
const INTERNATIONAL_PHONE = /(?<![\w+])\+\d[\d\s-]{7,16}\d(?!\d)/g;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const MERCHANT_KEY = /\bmk_[\w-]{20,}/g;
/** A long opaque string of one word: session tokens, device ids, signatures. */
const OPAQUE = /^[A-Za-z0-9_\-+/=]{32,}$/;

export const MASK = '•••';

/** A phone keeps its first three and last four digits (138••••0001), as receipts print it. */
function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 8 ? MASK : `${digits.slice(0, 3)}••••${digits.slice(-4)}`;
}

export function maskText(text: string): string {
  if (OPAQUE.test(text) && /\d/.test(text) && /[A-Za-z]/.test(text)) return MASK;
  return text
    .replace(JWT, MASK)
    .replace(MERCHANT_KEY, MASK)
    .replace(MAINLAND_MOBILE, maskPhone)
    .replace(INTERNATIONAL_PHONE, maskPhone);
}

function maskByKey(key: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (PHONE_KEY.test(key) && (typeof value === 'string' || typeof value === 'number'))
    return maskPhone(String(value));
  if (SECRET_KEY.test(key)) return MASK;
  // Only a string code is a secret one: numeric codes are the request layer's error codes.
  if (CODE_KEY.test(key) && typeof value === 'string') return MASK;
  return undefined;
}

const MAX_DEPTH = 12;
const MAX_ITEMS = 200;

/** A masked, plain copy of any value: what the inspector may show. */
export function maskPersonalData(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return maskText(value);
    if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
    if (typeof value === 'boolean' || value === null || value === undefined) return value ?? null;
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'function') return `ƒ ${value.name || 'anonymous'}`;
    if (typeof value !== 'object') return String(value);
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[…]';
    seen.add(value);
    try {
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
      if (value instanceof Error) return { name: value.name, message: maskText(value.message) };
      if (typeof Element !== 'undefined' && value instanceof Element)
        return `<${value.tagName.toLowerCase()}>`;
      if (value instanceof Map) return walk(Object.fromEntries(value), depth);
      if (value instanceof Set) return walk([...value], depth);
      if (Array.isArray(value)) {
        const items = value.slice(0, MAX_ITEMS).map((item) => walk(item, depth + 1));
        return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
      }
      // An actor reference and other objects that say how they serialize (XState's refs give their id).
      const toJSON = (value as { toJSON?: () => unknown }).toJSON;
      if (typeof toJSON === 'function') return walk(toJSON.call(value), depth + 1);
      const copy: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const byKey = maskByKey(key, item);
        copy[key] = byKey === undefined ? walk(item, depth + 1) : byKey;
      }
      return copy;
    } finally {
      seen.delete(value);
    }
  };
  return walk(value, 0);
}

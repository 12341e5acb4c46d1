// Pay-password hashing. A pay password is 6 digits: any hash of a million values, salted and slow or not,
// falls to offline guessing by whoever holds the members table. So the stored value is a keyed hash,
// HMAC-SHA256 under a server secret that never enters the database: the table alone does not allow one
// guess to be checked. The online lockout (payments.ts checkCardInTx) stays the real guard, and a check
// costs microseconds, so hashing no longer caps member-card payments.
//
// Stored form `hmac-sha256$<key id>$<mac base64url>`. The key id names the secret in the keyring
// (PAY_PASSWORD_KEYS, first key current), so a secret can be rotated: hashes under an older key verify
// with it and are re-keyed on the next right password, as are the `scrypt$<salt>$<hash>` rows written
// before keyed hashes existed (their scrypt runs on the libuv pool, off the event loop).
import { createHmac, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

const SCHEME = 'hmac-sha256';
/** Versioned and bound to the member: a hash copied onto another member's row does not verify. */
const macInput = (memberId: number, password: string) => `pay-password:v1\0${memberId}\0${password}`;

export interface PayPasswordKey {
  id: string;
  secret: Buffer;
}

export interface PayPasswordKeyring {
  /** New hashes are written under this key. */
  current: PayPasswordKey;
  /** Every key a stored hash may name, current included. */
  byId: ReadonlyMap<string, PayPasswordKey>;
}

export const PAY_PASSWORD_KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
export const PAY_PASSWORD_SECRET_MIN_LENGTH = 32;

/** Public, so only fit for the demo: with DEMO_MODE off the server never accepts it. */
export const DEMO_PAY_PASSWORD_KEY: PayPasswordKey = {
  id: 'demo',
  secret: Buffer.from('storefront-demo-pay-password-key-public-and-for-demos-only'),
};

export function payPasswordKeyring(keys: readonly PayPasswordKey[]): PayPasswordKeyring {
  if (keys.length === 0) throw new Error('a pay-password keyring needs at least one key');
  return { current: keys[0]!, byId: new Map(keys.map((k) => [k.id, k])) };
}

export const DEMO_PAY_PASSWORD_KEYRING = payPasswordKeyring([DEMO_PAY_PASSWORD_KEY]);

/** `id:secret,id:secret…`, current key first. */
export function parsePayPasswordKeys(text: string): PayPasswordKey[] {
  const keys: PayPasswordKey[] = [];
  for (const entry of text.split(',').map((e) => e.trim())) {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon).trim();
    const secret = colon < 0 ? '' : entry.slice(colon + 1).trim();
    if (!PAY_PASSWORD_KEY_ID.test(id))
      throw new Error('PAY_PASSWORD_KEYS: each entry is <key id>:<secret>, the id 1-32 of A-Z a-z 0-9 _ -');
    if (secret.length < PAY_PASSWORD_SECRET_MIN_LENGTH)
      throw new Error(
        `PAY_PASSWORD_KEYS: the secret of key "${id}" must be at least ${PAY_PASSWORD_SECRET_MIN_LENGTH} characters (e.g. openssl rand -base64 32)`,
      );
    if (keys.some((k) => k.id === id)) throw new Error(`PAY_PASSWORD_KEYS: key id "${id}" appears twice`);
    keys.push({ id, secret: Buffer.from(secret) });
  }
  return keys;
}

/**
 * The server's pay-password keyring. Without DEMO_MODE, PAY_PASSWORD_KEYS is required and the public demo
 * key is refused; in demo mode the demo key is current when nothing is configured, and is kept as an
 * older key otherwise so a demo database's hashes still verify (and are re-keyed).
 */
export function payPasswordKeysFromEnv(env: NodeJS.ProcessEnv, demoMode: boolean): PayPasswordKeyring {
  const text = env.PAY_PASSWORD_KEYS?.trim();
  if (!text) {
    if (demoMode) return DEMO_PAY_PASSWORD_KEYRING;
    throw new Error(
      'PAY_PASSWORD_KEYS is required when DEMO_MODE is off: set it to <key id>:<secret of 32+ characters>',
    );
  }
  const keys = parsePayPasswordKeys(text);
  const demo = keys.find(
    (k) => k.id === DEMO_PAY_PASSWORD_KEY.id || k.secret.equals(DEMO_PAY_PASSWORD_KEY.secret),
  );
  if (demo) throw new Error(`PAY_PASSWORD_KEYS: key "${demo.id}" is the public demo key; choose your own`);
  return payPasswordKeyring(demoMode ? [...keys, DEMO_PAY_PASSWORD_KEY] : keys);
}

const mac = (key: PayPasswordKey, memberId: number, password: string) =>
  createHmac('sha256', key.secret).update(macInput(memberId, password)).digest();

/** The stored form of a member's pay password under the keyring's current key. */
export function hashPayPassword(keyring: PayPasswordKeyring, memberId: number, password: string): string {
  const key = keyring.current;
  return `${SCHEME}$${key.id}$${mac(key, memberId, password).toString('base64url')}`;
}

/**
 * The key id a keyed hash names when the keyring lacks it, else null. Checked before an attempt is
 * counted: a missing key is the server's fault, not a wrong password.
 */
export function missingPayPasswordKey(keyring: PayPasswordKeyring, stored: string): string | null {
  const [scheme, keyId] = stored.split('$');
  return scheme === SCHEME && keyId !== undefined && !keyring.byId.has(keyId) ? keyId : null;
}

/** ok with `rehash` set when the stored form is legacy or under an older key and should be replaced. */
export type PayPasswordCheck = { ok: false } | { ok: true; rehash: string | null };

export async function checkPayPassword(
  keyring: PayPasswordKeyring,
  memberId: number,
  password: string,
  stored: string,
): Promise<PayPasswordCheck> {
  const [scheme, first, second] = stored.split('$');
  let ok = false;
  let current = false;
  if (scheme === SCHEME && first && second) {
    const key = keyring.byId.get(first);
    if (!key)
      throw new Error(`pay password of member ${memberId} is under key "${first}", which is not configured`);
    const expected = Buffer.from(second, 'base64url');
    const actual = mac(key, memberId, password);
    ok = actual.length === expected.length && timingSafeEqual(actual, expected);
    current = key === keyring.current;
  } else if (scheme === 'scrypt' && first && second) {
    const expected = Buffer.from(second, 'base64');
    // A damaged row must not turn into an empty comparison that every password passes.
    if (expected.length >= 16) {
      const actual = await scrypt(password, Buffer.from(first, 'base64'), expected.length);
      ok = timingSafeEqual(actual, expected);
    }
  }
  if (!ok) return { ok: false };
  return { ok: true, rehash: current ? null : hashPayPassword(keyring, memberId, password) };
}

// Pay-password storage: a keyed hash that verifies only with the server's secret (a stolen members table
// alone checks no guess), bound to its member, re-keyed from older keys and from legacy scrypt rows on a
// right password; and the keyring configuration that refuses to run a real server on the public demo key.
import { createHash, createHmac, randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  checkPayPassword,
  DEMO_PAY_PASSWORD_KEY,
  DEMO_PAY_PASSWORD_KEYRING,
  hashPayPassword,
  missingPayPasswordKey,
  parsePayPasswordKeys,
  payPasswordKeyring,
  payPasswordKeysFromEnv,
} from '../../server/modules/identity/identity-password';

const MEMBER = 881;
const PASSWORD = '246810';
const key = (id: string) => ({ id, secret: randomBytes(32) });
const macOf = (stored: string) => Buffer.from(stored.split('$')[2]!, 'base64url');

async function legacyScrypt(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = (await promisify(scrypt)(password, salt, 32)) as Buffer;
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

describe('keyed pay-password hashes', () => {
  const server = payPasswordKeyring([key('k1')]);

  it('verify the right password of the right member and nothing else', async () => {
    const stored = hashPayPassword(server, MEMBER, PASSWORD);
    expect(stored).toMatch(/^hmac-sha256\$k1\$[\w-]{43}$/);
    expect(stored).not.toContain(PASSWORD);
    expect(await checkPayPassword(server, MEMBER, PASSWORD, stored)).toEqual({ ok: true, rehash: null });
    expect(await checkPayPassword(server, MEMBER, '246811', stored)).toEqual({ ok: false });
    // Copied onto another member's row, the hash is worthless.
    expect(await checkPayPassword(server, MEMBER + 1, PASSWORD, stored)).toEqual({ ok: false });
  });

  it('cannot be matched from the row alone: no unkeyed hash or other key reproduces it', async () => {
    const stored = hashPayPassword(server, MEMBER, PASSWORD);
    const input = `pay-password:v1\0${MEMBER}\0${PASSWORD}`;
    // Whoever holds the table and the source code can compute each of these for all 10^6 passwords; the
    // right password gives none of them, so neither does any other.
    const attackerGuesses = [
      createHash('sha256').update(PASSWORD).digest(),
      createHash('sha256').update(input).digest(),
      createHmac('sha256', '').update(input).digest(),
      createHmac('sha256', DEMO_PAY_PASSWORD_KEY.secret).update(input).digest(),
      createHmac('sha256', randomBytes(32)).update(input).digest(),
    ];
    for (const guess of attackerGuesses) expect(guess.equals(macOf(stored))).toBe(false);
    const withOtherKey = payPasswordKeyring([{ id: 'k1', secret: randomBytes(32) }]);
    expect(await checkPayPassword(withOtherKey, MEMBER, PASSWORD, stored)).toEqual({ ok: false });
    // With the secret, the one right answer is found: the key is all that stands between.
    expect(createHmac('sha256', server.current.secret).update(input).digest().equals(macOf(stored))).toBe(
      true,
    );
  });

  it('re-key a hash under an older key on a right password, and name a key the server lacks', async () => {
    const old = payPasswordKeyring([key('k1')]);
    const rotated = payPasswordKeyring([key('k2'), old.current]);
    const stored = hashPayPassword(old, MEMBER, PASSWORD);
    expect(missingPayPasswordKey(rotated, stored)).toBeNull();
    expect(await checkPayPassword(rotated, MEMBER, '000000', stored)).toEqual({ ok: false });
    const check = await checkPayPassword(rotated, MEMBER, PASSWORD, stored);
    expect(check.ok && check.rehash).toMatch(/^hmac-sha256\$k2\$/);
    const onlyNew = payPasswordKeyring([rotated.current]);
    if (!check.ok || !check.rehash) throw new Error('expected a rehash');
    expect(await checkPayPassword(onlyNew, MEMBER, PASSWORD, check.rehash)).toEqual({
      ok: true,
      rehash: null,
    });
    expect(missingPayPasswordKey(onlyNew, stored)).toBe('k1');
    await expect(checkPayPassword(onlyNew, MEMBER, PASSWORD, stored)).rejects.toThrow(/key "k1"/);
  });

  it('verify a legacy scrypt row and replace it with a keyed hash', async () => {
    const legacy = await legacyScrypt(PASSWORD);
    expect(missingPayPasswordKey(server, legacy)).toBeNull();
    expect(await checkPayPassword(server, MEMBER, '135790', legacy)).toEqual({ ok: false });
    const check = await checkPayPassword(server, MEMBER, PASSWORD, legacy);
    expect(check).toEqual({ ok: true, rehash: hashPayPassword(server, MEMBER, PASSWORD) });
  });

  it('let no password through a damaged row', async () => {
    for (const damaged of [
      'scrypt$c2FsdA==$',
      'scrypt$c2FsdA==$!!',
      'hmac-sha256$k1$',
      'hmac-sha256$k1$AAAA',
      'plain',
    ])
      expect(await checkPayPassword(server, MEMBER, PASSWORD, damaged)).toEqual({ ok: false });
  });
});

describe('the pay-password keyring from the environment', () => {
  const secret1 = 'a'.repeat(32);
  const secret2 = 'b'.repeat(40);

  it('requires PAY_PASSWORD_KEYS without demo mode, and refuses the public demo key', () => {
    expect(() => payPasswordKeysFromEnv({}, false)).toThrow(/PAY_PASSWORD_KEYS is required/);
    expect(() => payPasswordKeysFromEnv({ PAY_PASSWORD_KEYS: '  ' }, false)).toThrow(/required/);
    expect(() => payPasswordKeysFromEnv({ PAY_PASSWORD_KEYS: `demo:${secret1}` }, false)).toThrow(/demo key/);
    const demoSecret = DEMO_PAY_PASSWORD_KEY.secret.toString();
    expect(() => payPasswordKeysFromEnv({ PAY_PASSWORD_KEYS: `k1:${demoSecret}` }, true)).toThrow(/demo key/);
  });

  it('takes the first key as current and keeps the rest for verifying', () => {
    const keys = payPasswordKeysFromEnv({ PAY_PASSWORD_KEYS: ` k2:${secret2} , k1:${secret1}` }, false);
    expect(keys.current).toEqual({ id: 'k2', secret: Buffer.from(secret2) });
    expect([...keys.byId.keys()]).toEqual(['k2', 'k1']);
  });

  it('uses the demo key in demo mode, and keeps it for verifying beside configured keys', () => {
    expect(payPasswordKeysFromEnv({}, true)).toBe(DEMO_PAY_PASSWORD_KEYRING);
    const keys = payPasswordKeysFromEnv({ PAY_PASSWORD_KEYS: `k1:${secret1}` }, true);
    expect(keys.current.id).toBe('k1');
    expect([...keys.byId.keys()]).toEqual(['k1', 'demo']);
  });

  it('refuses malformed entries, short secrets and repeated ids', () => {
    expect(() => parsePayPasswordKeys('no-colon')).toThrow(/<key id>:<secret>/);
    expect(() => parsePayPasswordKeys(`bad id:${secret1}`)).toThrow(/<key id>:<secret>/);
    expect(() => parsePayPasswordKeys(`k$1:${secret1}`)).toThrow(/<key id>:<secret>/);
    expect(() => parsePayPasswordKeys('k1:short')).toThrow(/at least 32/);
    expect(() => parsePayPasswordKeys(`k1:${secret1},k1:${secret2}`)).toThrow(/twice/);
    expect(() => parsePayPasswordKeys(`k1:${secret1},`)).toThrow(/<key id>:<secret>/);
  });
});

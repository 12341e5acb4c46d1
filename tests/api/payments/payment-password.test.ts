// The pay password under attack, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: every attempt is
// counted before its password is checked, so 40 guesses sent at once get at most five checks and then the
// lock; and the stored hash moves to the server's current key (from an older key or a legacy scrypt row)
// on a right password, never on a wrong one.
import { randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '../../../server/db/schema';
import { RATE_LIMIT_OFF } from '../../../server/http/rate-limit';
import type * as PasswordModule from '../../../server/modules/identity/identity-password';
import {
  DEMO_PAY_PASSWORD_KEY,
  hashPayPassword,
  payPasswordKeyring,
} from '../../../server/modules/identity/identity-password';
import {
  PAY_PASSWORD_LOCK_MINUTES,
  PAY_PASSWORD_MAX_FAILURES,
} from '../../../server/modules/payments/payments';
import type { OrderPayInfo, OrderPayRejectionInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed, place } from './payment-fixture';

const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../server/modules/identity/identity-password', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordModule>();
  return {
    ...actual,
    checkPayPassword: (...args: Parameters<typeof actual.checkPayPassword>) => {
      checks.count += 1;
      return actual.checkPayPassword(...args);
    },
  };
});

/** The server's current key; the seed wrote the demo key, which stays configured as the older one. */
const KEYS = payPasswordKeyring([{ id: 'k2', secret: randomBytes(32) }, DEMO_PAY_PASSWORD_KEY]);

async function legacyScrypt(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = (await promisify(scrypt)(password, salt, 32)) as Buffer;
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

describe.each(testDatabases)('the pay password under attack on %s', (kind) => {
  const clock = createClock(NOON);
  // The request limits are off: the card's own lock must hold against guesses however they arrive.
  const h = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payPasswordKeys: KEYS,
    rateLimit: RATE_LIMIT_OFF,
  });
  const tokens = {} as Record<keyof typeof MEMBERS, string>;

  const pay = (token: string, id: number, payPassword: string) =>
    h.call<OrderPayInfo>(
      'order/pay',
      { id, payTypeId: PAY_TYPE.VIP, payPassword },
      { token, language: 'en' },
    );
  const reason = (r: Awaited<ReturnType<typeof pay>>) =>
    r.body.result ? 'paid' : (r.body.info as unknown as OrderPayRejectionInfo).reason;

  async function card(id: number) {
    const [row] = await h.database.db
      .select({
        hash: members.payPasswordHash,
        failures: members.payPasswordFailures,
        lockedUntil: members.payPasswordLockedUntil,
      })
      .from(members)
      .where(eq(members.id, id));
    return row!;
  }
  const setHash = (id: number, hash: string) =>
    h.database.db.update(members).set({ payPasswordHash: hash }).where(eq(members.id, id));

  beforeAll(async () => {
    for (const [name, m] of Object.entries(MEMBERS))
      tokens[name as keyof typeof MEMBERS] = await login(h, SHOP, m.phone);
  });

  it('checks at most five of 40 wrong passwords sent at once, then locks the card', async () => {
    const order = await place(h, tokens.locker, pickupOrder());
    const before = checks.count;
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => pay(tokens.locker, order.id, String(100_000 + i))),
    );
    expect(checks.count - before).toBe(PAY_PASSWORD_MAX_FAILURES);
    const reasons = replies.map(reason);
    expect(reasons.filter((r) => r === 'payPasswordWrong')).toHaveLength(PAY_PASSWORD_MAX_FAILURES - 1);
    expect(reasons.filter((r) => r === 'payPasswordLocked')).toHaveLength(40 - PAY_PASSWORD_MAX_FAILURES + 1);
    expect(replies.every((r) => r.status < 500)).toBe(true);
    const lockUntil = new Date(clock.now().getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000);
    expect(await card(MEMBERS.locker.id)).toEqual(
      expect.objectContaining({ failures: PAY_PASSWORD_MAX_FAILURES, lockedUntil: lockUntil }),
    );

    // The right password waits for the lock like any other, and is not even checked.
    const during = checks.count;
    expect(reason(await pay(tokens.locker, order.id, PASSWORD))).toBe('payPasswordLocked');
    expect(checks.count).toBe(during);

    clock.advance(PAY_PASSWORD_LOCK_MINUTES * 60_000);
    // The first order's time to pay ran out with the lock.
    const later = await place(h, tokens.locker, pickupOrder());
    const paid = await pay(tokens.locker, later.id, PASSWORD);
    expect(paid.body.result, paid.body.message).toBe(true);
    expect(await card(MEMBERS.locker.id)).toEqual(
      expect.objectContaining({ failures: 0, lockedUntil: null }),
    );
  });

  it('re-keys a hash under the older key on a right password, not on a wrong one', async () => {
    const seeded = (await card(MEMBERS.rich.id)).hash!;
    expect(seeded).toMatch(/^hmac-sha256\$demo\$/);
    const order = await place(h, tokens.rich, pickupOrder());
    expect(reason(await pay(tokens.rich, order.id, '000000'))).toBe('payPasswordWrong');
    expect(await card(MEMBERS.rich.id)).toEqual({ hash: seeded, failures: 1, lockedUntil: null });

    const paid = await pay(tokens.rich, order.id, PASSWORD);
    expect(paid.body.result, paid.body.message).toBe(true);
    expect(await card(MEMBERS.rich.id)).toEqual({
      hash: hashPayPassword(KEYS, MEMBERS.rich.id, PASSWORD),
      failures: 0,
      lockedUntil: null,
    });
    expect((await card(MEMBERS.rich.id)).hash).toMatch(/^hmac-sha256\$k2\$/);
  });

  it('keeps a legacy scrypt password working and replaces it with a keyed hash on success', async () => {
    const legacy = await legacyScrypt(PASSWORD);
    await setHash(MEMBERS.noPassword.id, legacy);
    const order = await place(h, tokens.noPassword, pickupOrder());
    expect(reason(await pay(tokens.noPassword, order.id, '135790'))).toBe('payPasswordWrong');
    expect(await card(MEMBERS.noPassword.id)).toEqual({ hash: legacy, failures: 1, lockedUntil: null });

    const paid = await pay(tokens.noPassword, order.id, PASSWORD);
    expect(paid.body.result, paid.body.message).toBe(true);
    expect((await card(MEMBERS.noPassword.id)).hash).toBe(
      hashPayPassword(KEYS, MEMBERS.noPassword.id, PASSWORD),
    );
  });

  it("refuses another member's hash copied onto a row", async () => {
    await setHash(MEMBERS.racer.id, hashPayPassword(KEYS, MEMBERS.rich.id, PASSWORD));
    const order = await place(h, tokens.racer, pickupOrder());
    expect(reason(await pay(tokens.racer, order.id, PASSWORD))).toBe('payPasswordWrong');
  });

  it('spends no attempt when the hash names a key the server lacks', async () => {
    const orphan = hashPayPassword(
      payPasswordKeyring([{ id: 'gone', secret: randomBytes(32) }]),
      MEMBERS.poor.id,
      PASSWORD,
    );
    await setHash(MEMBERS.poor.id, orphan);
    const order = await place(h, tokens.poor, pickupOrder());
    const r = await pay(tokens.poor, order.id, PASSWORD);
    expect(r.status).toBe(503);
    expect(r.body.result).toBe(false);
    expect(r.body.message).toBe('The service is briefly unavailable. Please try again in a moment.');
    expect(r.body.message).not.toContain('gone');
    expect(await card(MEMBERS.poor.id)).toEqual({ hash: orphan, failures: 0, lockedUntil: null });
  });
});

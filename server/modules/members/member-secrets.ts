// Signed, short-lived member tokens: the counter's member code (vip/genVipToken) and the pay-password reset
// ticket (vip/checkCode). Both are HMAC-SHA256 under a key derived from the pay-password keyring (the
// server's existing secret, PAY_PASSWORD_KEYS), one derived key per purpose, so a ticket never verifies as
// a member code and neither reveals the keyring's secret. The key id rides in the token, so tokens issued
// before a key rotation still verify while the older key is configured (decisions M20-M24).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PayPasswordKey, PayPasswordKeyring } from '../identity/identity-password';

type Purpose = 'member-code:v1' | 'pay-password-reset:v1';

const derived = (key: PayPasswordKey, purpose: Purpose) =>
  createHmac('sha256', key.secret).update(`storefront-derived-key\0${purpose}`).digest();

const macOf = (key: PayPasswordKey, purpose: Purpose, payload: string) =>
  createHmac('sha256', derived(key, purpose)).update(payload).digest('base64url');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** `<key id>.<fields joined by .>.<mac>`; fields are digits or base64url, so `.` never appears in them. */
function sign(keyring: PayPasswordKeyring, purpose: Purpose, fields: string[]): string {
  const key = keyring.current;
  const payload = [key.id, ...fields].join('.');
  return `${payload}.${macOf(key, purpose, payload)}`;
}

/** The signed fields, or null when the token is malformed, names an unknown key or its MAC is wrong. */
function open(keyring: PayPasswordKeyring, purpose: Purpose, token: string, count: number): string[] | null {
  const parts = token.split('.');
  if (parts.length !== count + 2) return null;
  const key = keyring.byId.get(parts[0]!);
  if (!key) return null;
  const payload = parts.slice(0, -1).join('.');
  return sameText(macOf(key, purpose, payload), parts.at(-1)!) ? parts.slice(1, -1) : null;
}

/**
 * The membership scope a member code is bound to ("c7" a chain, "s3" a shop): a code shown in one chain's
 * app does not open a member at another chain's counter even if the ids were to line up.
 */
export const scopeTag = (scope: { chainId: number | null; shopId: number | null }) =>
  scope.chainId !== null ? `c${scope.chainId}` : `s${scope.shopId}`;

export function signMemberCode(
  keyring: PayPasswordKeyring,
  memberId: number,
  scope: string,
  expiresAt: Date,
): string {
  return sign(keyring, 'member-code:v1', [
    String(memberId),
    scope,
    String(Math.floor(expiresAt.getTime() / 1000)),
  ]);
}

export type OpenedMemberCode =
  { ok: true; memberId: number; scope: string; expiresAt: Date } | { ok: false; reason: 'tampered' };

export function openMemberCode(keyring: PayPasswordKeyring, code: string): OpenedMemberCode {
  const fields = open(keyring, 'member-code:v1', code.trim(), 3);
  if (
    !fields ||
    !/^\d{1,10}$/.test(fields[0]!) ||
    !/^[cs]\d{1,10}$/.test(fields[1]!) ||
    !/^\d{1,12}$/.test(fields[2]!)
  )
    return { ok: false, reason: 'tampered' };
  return {
    ok: true,
    memberId: Number(fields[0]),
    scope: fields[1]!,
    expiresAt: new Date(Number(fields[2]) * 1000),
  };
}

export function signResetTicket(keyring: PayPasswordKeyring, memberId: number, expiresAt: Date): string {
  const nonce = randomBytes(12).toString('base64url');
  return sign(keyring, 'pay-password-reset:v1', [String(memberId), String(expiresAt.getTime()), nonce]);
}

/** The member and expiry a ticket was issued for, or null when it is not one of ours. */
export function openResetTicket(
  keyring: PayPasswordKeyring,
  ticket: string,
): { memberId: number; expiresAt: Date } | null {
  const fields = open(keyring, 'pay-password-reset:v1', ticket.trim(), 3);
  if (!fields || !/^\d{1,10}$/.test(fields[0]!) || !/^\d{1,15}$/.test(fields[1]!)) return null;
  return { memberId: Number(fields[0]), expiresAt: new Date(Number(fields[1])) };
}

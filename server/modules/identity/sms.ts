// SMS verification codes. All state is in the database so API processes behind a load balancer agree:
// 6-digit codes live 10 minutes, are single use and die after 5 checks; a phone gets at most 3 codes per
// 10 minutes; each send takes one message from the shop's quota. A per-phone advisory lock held by the
// short send transaction serialises concurrent sends for one phone, and the quota is taken with a
// conditional UPDATE, so neither limit can be overrun by parallel requests.
// The abuse caps of ./sms-caps.ts (per session, device and client address; wrong codes per phone) are
// counted in the same transactions, under advisory locks on their keys.
// The provider is called after the transaction commits (PGlite runs one query at a time). When delivery
// fails, the code is deleted and the message returned to the quota and the caps: the customer got
// nothing, so no limit should be charged for it.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MINUTES,
  SMS_MAX_CHECKS,
  SMS_MAX_SENDS,
  SMS_SEND_WINDOW_MINUTES,
} from '../../../src/domain/api/user';
import type { Locale } from '../../../src/domain/enums';
import type { Database, Tx } from '../../db/client';
import { smsCodes, smsQuotas } from '../../db/schema';
import { BusinessError } from '../../http/action';
import { translate } from '../../i18n';
import type { SmsSender } from '../../providers/sms';
import {
  capsWait,
  failedChecksWait,
  lockKeys,
  recordFailedCheck,
  releaseCaps,
  reserveCaps,
  smsCapMessages,
  type CapKey,
} from './sms-caps';

const MINUTE = 60_000;

function hashCode(code: string, salt: string): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split('$');
  if (!salt) return false;
  const actual = Buffer.from(hashCode(code, salt));
  const expected = Buffer.from(stored);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const generateCode = () => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

export interface SendCodeRequest {
  shopId: number;
  phone: string;
  locale: Locale;
  now: Date;
  /** The requester's send caps (./sms-caps.ts sendCapKeys); none = only the per-phone and shop limits. */
  caps?: CapKey[];
}

export interface SentCode {
  code: string;
  expiresAt: Date;
  sendsLeft: number;
}

type Issued = { error: BusinessError } | { id: number; sendsLeft: number; capIds: number[] };

/** The phone's sends in the current window, and the minutes until it may have another (0 = now). */
async function phoneSends(tx: Tx, phone: string, now: Date): Promise<{ sent: number; wait: number }> {
  const windowStart = new Date(now.getTime() - SMS_SEND_WINDOW_MINUTES * MINUTE);
  const recent = await tx
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, windowStart)))
    .orderBy(smsCodes.createdAt);
  if (recent.length < SMS_MAX_SENDS) return { sent: recent.length, wait: 0 };
  const oldest = recent[0]!.createdAt.getTime();
  const wait = Math.max(1, Math.ceil((oldest + SMS_SEND_WINDOW_MINUTES * MINUTE - now.getTime()) / MINUTE));
  return { sent: recent.length, wait };
}

/**
 * Checks every limit and records the code, its quota message and its cap events, under locks on the
 * phone and on each cap key; nothing is written when a limit refuses.
 */
async function issueCode(tx: Tx, request: SendCodeRequest, code: string, expiresAt: Date): Promise<Issued> {
  const { shopId, phone, now } = request;
  const caps = request.caps ?? [];
  await lockKeys(tx, [`sms:${phone}`, ...caps.map((cap) => cap.key)]);
  const { sent, wait } = await phoneSends(tx, phone, now);
  if (wait > 0) return { error: new BusinessError('sms.tooMany', { minutes: wait }) };
  const capsWaitMinutes = await capsWait(tx, caps, now);
  if (capsWaitMinutes > 0)
    return { error: new BusinessError(smsCapMessages.capped, { minutes: capsWaitMinutes }) };
  const taken = await tx
    .update(smsQuotas)
    .set({ remaining: sql`${smsQuotas.remaining} - 1` })
    .where(and(eq(smsQuotas.shopId, shopId), gt(smsQuotas.remaining, 0)))
    .returning({ remaining: smsQuotas.remaining });
  if (taken.length === 0) return { error: new BusinessError('sms.noQuota') };
  const capIds = await reserveCaps(tx, caps, now);
  // A new code replaces any earlier one of this phone in this shop.
  await tx
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.shopId, shopId), isNull(smsCodes.usedAt)));
  const [row] = await tx
    .insert(smsCodes)
    .values({
      phone,
      shopId,
      codeHash: hashCode(code, randomBytes(8).toString('hex')),
      createdAt: now,
      expiresAt,
    })
    .returning({ id: smsCodes.id });
  return { id: row!.id, sendsLeft: SMS_MAX_SENDS - sent - 1, capIds };
}

/** Issues a code and delivers it; throws a BusinessError (too many, no quota, send failed). */
export async function sendCode(db: Database, sender: SmsSender, request: SendCodeRequest): Promise<SentCode> {
  const { shopId, phone, now } = request;
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MINUTES * MINUTE);
  const issued = await db.transaction((tx) => issueCode(tx, request, code, expiresAt));
  if ('error' in issued) throw issued.error;

  try {
    await sender.send({
      phone,
      shopId,
      code,
      locale: request.locale,
      text: translate(request.locale, 'sms.text', { code, minutes: SMS_CODE_TTL_MINUTES }),
    });
  } catch {
    await db.transaction(async (tx) => {
      await tx.delete(smsCodes).where(eq(smsCodes.id, issued.id));
      await releaseCaps(tx, issued.capIds);
      await tx
        .update(smsQuotas)
        .set({ remaining: sql`${smsQuotas.remaining} + 1` })
        .where(eq(smsQuotas.shopId, shopId));
    });
    throw new BusinessError('sms.sendFailed');
  }
  return { code, expiresAt, sendsLeft: issued.sendsLeft };
}

/** A check's outcome: `locked` (with the hours to wait) when the phone has had too many wrong codes. */
export type CodeCheck = { result: 'right' } | { result: 'wrong' } | { result: 'locked'; hours: number };

/**
 * Checks a code and consumes it when right. Every check counts; the fifth wrong one kills the code. A
 * wrong code against a live one also counts for the phone: past SMS_FAILED_CHECKS in 24 hours the phone
 * is locked and checks are refused before any code is read. `wrong` covers a wrong, expired, used or dead
 * code alike (one message for all: no oracle).
 */
export async function checkCode(
  db: Database,
  request: { shopId: number; phone: string; code: string; now: Date },
): Promise<CodeCheck> {
  const { shopId, phone, code, now } = request;
  return db.transaction(async (tx): Promise<CodeCheck> => {
    // The send lock: concurrent checks of one phone count their failures one after another.
    await lockKeys(tx, [`sms:${phone}`]);
    const hours = await failedChecksWait(tx, phone, now);
    if (hours > 0) return { result: 'locked', hours };
    const [row] = await tx
      .select({ id: smsCodes.id, codeHash: smsCodes.codeHash })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, phone),
          eq(smsCodes.shopId, shopId),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, now),
          lt(smsCodes.attempts, SMS_MAX_CHECKS),
        ),
      )
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return { result: 'wrong' };
    const right = codeMatches(code, row.codeHash);
    // The guard on attempts makes a concurrent check of the same row count once, not pass twice.
    const updated = await tx
      .update(smsCodes)
      .set(
        right
          ? { attempts: sql`${smsCodes.attempts} + 1`, usedAt: now }
          : { attempts: sql`${smsCodes.attempts} + 1` },
      )
      .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, SMS_MAX_CHECKS)))
      .returning({ id: smsCodes.id });
    if (right && updated.length === 1) return { result: 'right' };
    if (!right) await recordFailedCheck(tx, phone, now);
    return { result: 'wrong' };
  });
}

export async function remainingQuota(db: Database, shopId: number): Promise<number> {
  const [row] = await db
    .select({ remaining: smsQuotas.remaining })
    .from(smsQuotas)
    .where(eq(smsQuotas.shopId, shopId));
  return row?.remaining ?? 0;
}

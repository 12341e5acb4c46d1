// SMS verification codes. All state is in the database so API processes behind a load balancer agree:
// 6-digit codes live 10 minutes, are single use and die after 5 checks; a phone gets at most 3 codes per
// 10 minutes; each send takes one message from the shop's quota. A per-phone advisory lock held by the
// short send transaction serialises concurrent sends for one phone, and the quota is taken with a
// conditional UPDATE, so neither limit can be overrun by parallel requests.
// The provider is called after the transaction commits (PGlite runs one query at a time). When delivery
// fails, the code is deleted and the message returned to the quota: the customer got nothing, so neither
// the quota nor the per-phone limit should be charged for it.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MINUTES,
  SMS_MAX_CHECKS,
  SMS_MAX_SENDS,
  SMS_SEND_WINDOW_MINUTES,
} from '../../src/domain/api/user';
import type { Locale } from '../../src/domain/enums';
import type { Database } from '../db/client';
import { smsCodes, smsQuotas } from '../db/schema';
import { BusinessError } from '../http/action';
import { translate } from '../i18n';
import type { SmsSender } from '../providers/sms';

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
}

export interface SentCode {
  code: string;
  expiresAt: Date;
  sendsLeft: number;
}

/** Issues a code and delivers it; throws a BusinessError (too many, no quota, send failed). */
export async function sendCode(db: Database, sender: SmsSender, request: SendCodeRequest): Promise<SentCode> {
  const { shopId, phone, now } = request;
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MINUTES * MINUTE);
  const windowStart = new Date(now.getTime() - SMS_SEND_WINDOW_MINUTES * MINUTE);

  const issued = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const recent = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, windowStart)))
      .orderBy(smsCodes.createdAt);
    if (recent.length >= SMS_MAX_SENDS) {
      const oldest = recent[0]!.createdAt.getTime();
      const minutes = Math.max(
        1,
        Math.ceil((oldest + SMS_SEND_WINDOW_MINUTES * MINUTE - now.getTime()) / MINUTE),
      );
      return { error: new BusinessError('sms.tooMany', { minutes }) };
    }
    const taken = await tx
      .update(smsQuotas)
      .set({ remaining: sql`${smsQuotas.remaining} - 1` })
      .where(and(eq(smsQuotas.shopId, shopId), gt(smsQuotas.remaining, 0)))
      .returning({ remaining: smsQuotas.remaining });
    if (taken.length === 0) return { error: new BusinessError('sms.noQuota') };
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
    return { id: row!.id, sendsLeft: SMS_MAX_SENDS - recent.length - 1 };
  });
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
      await tx
        .update(smsQuotas)
        .set({ remaining: sql`${smsQuotas.remaining} + 1` })
        .where(eq(smsQuotas.shopId, shopId));
    });
    throw new BusinessError('sms.sendFailed');
  }
  return { code, expiresAt, sendsLeft: issued.sendsLeft };
}

/**
 * Checks a code and consumes it when right. Every check counts; the fifth wrong one kills the code.
 * Returns false for a wrong, expired, used or dead code (one message for all: no oracle).
 */
export async function checkCode(
  db: Database,
  request: { shopId: number; phone: string; code: string; now: Date },
): Promise<boolean> {
  const { shopId, phone, code, now } = request;
  return db.transaction(async (tx) => {
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
    if (!row) return false;
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
    return right && updated.length === 1;
  });
}

export async function remainingQuota(db: Database, shopId: number): Promise<number> {
  const [row] = await db
    .select({ remaining: smsQuotas.remaining })
    .from(smsQuotas)
    .where(eq(smsQuotas.shopId, shopId));
  return row?.remaining ?? 0;
}

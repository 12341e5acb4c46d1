// Setting, changing and resetting the member's pay password (spec §5: 6 digits, not 123456, the repeat
// matches, the original is right). A change checks the original under the same lock-out as paying by card
// (payments.ts: PAY_PASSWORD_MAX_FAILURES wrong in a row lock both for PAY_PASSWORD_LOCK_MINUTES), so the
// change form is no side door for guessing. A forgotten password is reset with a ticket that vip/checkCode
// issues after an SMS code proves the member's phone again; the ticket is spent by one reset (decisions
// M13-M19).
import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  payPasswordProblem,
  RESET_TICKET_TTL_MINUTES,
  type CheckCodeInfo,
  type PayPasswordProblem,
  type UpdatePayPasswordInput,
} from '../../../src/domain/api/member';
import { normalizePhone } from '../../../src/domain/api/user-rules';
import type { Tx } from '../../db/client';
import { members, rateEvents } from '../../db/schema';
import { BusinessError, HttpError, type Session } from '../../http/action';
import { checkPayPassword, hashPayPassword, missingPayPasswordKey } from '../identity/identity-password';
import { checkCode } from '../identity/sms';
import { smsCapMessages } from '../identity/sms-caps';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_FAILURES } from '../payments/payments';
import { memberRefusal, ownMember } from './members';
import { openResetTicket, signResetTicket } from './member-secrets';

const PROBLEM_REFUSAL = {
  format: 'passwordFormat',
  tooSimple: 'passwordTooSimple',
  repeatMismatch: 'passwordRepeat',
} as const satisfies Record<PayPasswordProblem, string>;

/** The key a spent ticket leaves in rate_events (kept a day, longer than any ticket lives). */
const spentKey = (ticket: string) =>
  `pay-password-ticket:${createHash('sha256').update(ticket).digest('base64url')}`;

const lockedError = (lockedUntil: Date, now: Date) =>
  memberRefusal(
    'passwordLocked',
    { minutes: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000)) },
    { lockedUntil: lockedUntil.toISOString() },
  );

type Verdict = { ok: true; mode: 'set' | 'change' | 'reset' } | { ok: false; error: BusinessError };

interface Held {
  id: number;
  hash: string | null;
  failures: number;
  lockedUntil: Date | null;
}

/** The original password checked like a card payment; a wrong one is counted in the caller's transaction. */
async function checkOriginal(
  tx: Tx,
  app: FastifyInstance,
  held: Held,
  original: string | undefined,
  now: Date,
) {
  if (held.lockedUntil && held.lockedUntil > now) return lockedError(held.lockedUntil, now);
  if (original === undefined || original === '') return memberRefusal('passwordOriginalRequired');
  const keys = app.settings.payPasswordKeys;
  if (missingPayPasswordKey(keys, held.hash!) !== null) return new HttpError(503, 'service.unavailable');
  const check = await checkPayPassword(keys, held.id, original, held.hash!);
  if (check.ok) return null;
  const failures = (held.lockedUntil !== null ? 0 : held.failures) + 1;
  const lockedUntil =
    failures >= PAY_PASSWORD_MAX_FAILURES
      ? new Date(now.getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000)
      : null;
  await tx
    .update(members)
    .set({ payPasswordFailures: failures, payPasswordLockedUntil: lockedUntil })
    .where(eq(members.id, held.id));
  if (lockedUntil) return lockedError(lockedUntil, now);
  const attemptsLeft = PAY_PASSWORD_MAX_FAILURES - failures;
  return memberRefusal('passwordOriginalWrong', { attemptsLeft }, { attemptsLeft, lockedUntil: undefined });
}

/** A reset ticket for this member, unexpired and unspent; spending it is written in the caller's transaction. */
async function spendTicket(tx: Tx, app: FastifyInstance, memberId: number, ticket: string, now: Date) {
  const opened = openResetTicket(app.settings.payPasswordKeys, ticket);
  if (!opened || opened.memberId !== memberId || opened.expiresAt <= now)
    return memberRefusal('ticketInvalid');
  const key = spentKey(ticket);
  const [spent] = await tx
    .select({ id: rateEvents.id })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.at, new Date(now.getTime() - 24 * 3_600_000))))
    .limit(1);
  if (spent) return memberRefusal('ticketInvalid');
  await tx.insert(rateEvents).values({ key, at: now });
  return null;
}

/**
 * vip/updatePayPassword. The member row is locked for the whole decision, so concurrent changes and
 * payments see each other's failure counts, and two uses of one ticket are one reset.
 */
export async function updatePayPassword(
  app: FastifyInstance,
  session: Session,
  input: UpdatePayPasswordInput,
  now: Date,
): Promise<'set' | 'change' | 'reset'> {
  const problem = payPasswordProblem(input.payPassword, input.repeatPassword);
  if (problem) throw memberRefusal(PROBLEM_REFUSAL[problem]);
  const verdict = await app.db.transaction(async (tx): Promise<Verdict> => {
    const { member } = await ownMember(tx, session);
    if (input.id !== undefined && input.id !== member.id)
      return { ok: false, error: memberRefusal('notMember') };
    const [held] = await tx
      .select({
        id: members.id,
        hash: members.payPasswordHash,
        failures: members.payPasswordFailures,
        lockedUntil: members.payPasswordLockedUntil,
      })
      .from(members)
      .where(eq(members.id, member.id))
      .for('update');
    let mode: 'set' | 'change' | 'reset';
    if (input.ticket !== undefined) {
      const refused = await spendTicket(tx, app, held!.id, input.ticket, now);
      if (refused) return { ok: false, error: refused };
      mode = 'reset';
    } else if (held!.hash === null) {
      mode = 'set';
    } else {
      const refused = await checkOriginal(tx, app, held!, input.originalPassword, now);
      if (refused) return { ok: false, error: refused };
      mode = 'change';
    }
    await tx
      .update(members)
      .set({
        payPasswordHash: hashPayPassword(app.settings.payPasswordKeys, held!.id, input.payPassword),
        payPasswordFailures: 0,
        payPasswordLockedUntil: null,
      })
      .where(eq(members.id, held!.id));
    return { ok: true, mode };
  });
  // A counted failure commits with the transaction above; only then is the refusal sent.
  if (!verdict.ok) throw verdict.error;
  return verdict.mode;
}

/**
 * vip/checkCode: the member proves their own phone by an SMS code (user/sendSmsCode) and receives a reset
 * ticket. A phone other than the member's is refused like a wrong code, before any code is spent.
 */
export async function checkResetCode(
  app: FastifyInstance,
  session: Session,
  input: { phone: string; code: string; areaCode?: string },
  now: Date,
): Promise<CheckCodeInfo> {
  const { member } = await ownMember(app.db, session);
  const phone = normalizePhone(input.phone, input.areaCode);
  if (phone === null) throw new BusinessError('phone.invalid');
  if (phone !== member.phone) throw memberRefusal('codeWrong');
  const check = await checkCode(app.db, { shopId: session.shopId, phone, code: input.code, now });
  if (check.result === 'locked')
    throw new BusinessError(smsCapMessages.checksLocked, { hours: check.hours }, { reason: 'codeWrong' });
  if (check.result !== 'right') throw memberRefusal('codeWrong');
  const expiresAt = new Date(now.getTime() + RESET_TICKET_TTL_MINUTES * 60_000);
  return {
    ticket: signResetTicket(app.settings.payPasswordKeys, member.id, expiresAt),
    expiresAt: expiresAt.toISOString(),
  };
}

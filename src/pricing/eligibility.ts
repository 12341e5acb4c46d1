// Conditions shared by activities and coupons (spec §3 order-type and user-type flags, §4 code ranges,
// §5 coupon rules): running status, dates, order type, user type and member level.
import { orderTypeFlagOfCode } from '../domain/client-type';
import type { ParsedPricingInput } from '../domain/pricing';

export interface Audience {
  today: string;
  /** Order-type bit of the client code (1 takeaway, 2 pickup, 4 dine and scan, 8 appointment). */
  orderTypeFlag: number;
  /** User-type bit: 2 member, 1 everyone else. */
  userTypeFlag: number;
  memberLevel: number | null;
}

export function audienceOf(input: ParsedPricingInput): Audience {
  return {
    today: input.today,
    orderTypeFlag: orderTypeFlagOfCode(input.clientTypeCode),
    userTypeFlag: input.member ? 2 : 1,
    memberLevel: input.member ? input.member.level : null,
  };
}

/** ISO dates compare as strings; a missing bound is open. */
export const withinDates = (today: string, start: string | null, end: string | null): boolean =>
  (start === null || start <= today) && (end === null || today <= end);

/** 0 means no limit; otherwise the audience's bit must be set. */
export const flagMatches = (allowed: number, bit: number): boolean => allowed === 0 || (allowed & bit) !== 0;

export const levelMatches = (levels: readonly number[], level: number | null): boolean =>
  levels.length === 0 || (level !== null && levels.includes(level));

/**
 * Week-day and month-day validity (validity types 3 and 4) of an ISO date; empty lists allow every day. The
 * date is the shop's calendar date, so its week day is read at UTC noon and no time zone can shift it.
 */
export function onValidDay(
  today: string,
  weekDays: readonly number[],
  monthDays: readonly number[],
): boolean {
  if (weekDays.length === 0 && monthDays.length === 0) return true;
  const date = new Date(`${today}T12:00:00Z`);
  if (weekDays.length > 0 && !weekDays.includes(date.getUTCDay() || 7)) return false;
  return monthDays.length === 0 || monthDays.includes(date.getUTCDate());
}

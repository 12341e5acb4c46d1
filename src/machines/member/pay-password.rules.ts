// The pay password rules of spec §5 ("exactly 6 digits, not 123456; the repeat must match the new one") and
// §9 (6 digits, not 123456), checked in the browser before a call so a plain mistake is said at once. The
// server holds the same rules and alone knows whether the original is correct.

export const PAY_PASSWORD_LENGTH = 6;
/** The one password spec §5 forbids by name: the first thing anyone would guess. */
export const FORBIDDEN_PAY_PASSWORD = '123456';

export type NewPasswordProblem = 'notSixDigits' | 'tooSimple';

const SIX_DIGITS = new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`);

/** Keeps what a PIN field may hold: digits only, at most six (a paste of "12 34 56" becomes "123456"). */
export const toPinDigits = (value: string): string => value.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH);

export const isSixDigits = (value: string): boolean => SIX_DIGITS.test(value);

/** Why a new pay password is refused, or null when it may be used. */
export function newPasswordProblem(value: string): NewPasswordProblem | null {
  if (!isSixDigits(value)) return 'notSixDigits';
  if (value === FORBIDDEN_PAY_PASSWORD) return 'tooSimple';
  return null;
}

export const repeatMatches = (next: string, repeat: string): boolean =>
  isSixDigits(repeat) && next === repeat;

// The pay password rules of spec §5 as the browser checks them before any call.
import { describe, expect, it } from 'vitest';
import {
  FORBIDDEN_PAY_PASSWORD,
  isSixDigits,
  newPasswordProblem,
  repeatMatches,
  toPinDigits,
} from '../../src/machines/member/pay-password.rules';

describe('pay password rules', () => {
  it('a new password is exactly six digits', () => {
    expect(newPasswordProblem('864209')).toBeNull();
    expect(newPasswordProblem('86420')).toBe('notSixDigits');
    expect(newPasswordProblem('8642091')).toBe('notSixDigits');
    expect(newPasswordProblem('86420a')).toBe('notSixDigits');
    expect(newPasswordProblem('８６４２０９')).toBe('notSixDigits');
    expect(newPasswordProblem('')).toBe('notSixDigits');
  });

  it('123456 is refused as too simple, other easy-looking ones are the server’s to judge', () => {
    expect(newPasswordProblem(FORBIDDEN_PAY_PASSWORD)).toBe('tooSimple');
    expect(newPasswordProblem('654321')).toBeNull();
  });

  it('the repeat must be the same six digits', () => {
    expect(repeatMatches('864209', '864209')).toBe(true);
    expect(repeatMatches('864209', '864201')).toBe(false);
    expect(repeatMatches('', '')).toBe(false);
  });

  it('a PIN field keeps at most six digits of what is typed or pasted', () => {
    expect(toPinDigits('12 34 56')).toBe('123456');
    expect(toPinDigits('1234567')).toBe('123456');
    expect(toPinDigits('ab1')).toBe('1');
    expect(isSixDigits(toPinDigits('12-34-56-78'))).toBe(true);
  });
});

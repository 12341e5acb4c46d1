// The identity rules both sides apply without a schema library (spec §7 "User, member and address"): SMS code
// limits and the accepted phone forms. src/domain/api/user.ts builds the zod contract on them; the browser
// imports them from here so checking a phone does not ship the contract's schemas.
//
// Phones: a mainland mobile number (11 digits, 1[3-9]…) or an international number in E.164 (`+` and 8-15
// digits). A national number with a country calling code (`areaCode`, e.g. "44") is joined into E.164;
// "86" means a mainland number.

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MINUTES = 10;
export const SMS_MAX_CHECKS = 5;
export const SMS_MAX_SENDS = 3;
export const SMS_SEND_WINDOW_MINUTES = 10;

const MAINLAND = /^1[3-9]\d{9}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/** The stored form of a phone (mainland 11 digits, or E.164), or null when it is not a valid phone. */
export function normalizePhone(phone: string, areaCode?: string): string | null {
  const compact = phone.replace(/[\s-]/g, '');
  const area = areaCode?.replace(/^\+/, '');
  if (compact.startsWith('+')) {
    if (compact.startsWith('+86')) return MAINLAND.test(compact.slice(3)) ? compact.slice(3) : null;
    return E164.test(compact) ? compact : null;
  }
  if (!area || area === '86') return MAINLAND.test(compact) ? compact : null;
  const joined = `+${area}${compact.replace(/^0+/, '')}`;
  return E164.test(joined) ? joined : null;
}

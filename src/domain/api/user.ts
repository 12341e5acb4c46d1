// Contract of the identity and SMS calls (spec §7 "User, member and address": h5entry, token, sendSmsCode,
// verifyCode, getSmsQuantity, h5Login) and of store/userInfo and store/setUserInfo: zod inputs and the
// reply `info` types. Tokens live 24 hours; times are ISO 8601 strings.
//
// Phones: a mainland mobile number (11 digits, 1[3-9]…) or an international number in E.164 (`+` and 8-15
// digits), normalised by normalizePhone in ./user-rules (zod-free, so the browser can use it alone). A
// phone the rules reject gets the localised "enter a correct phone".
import { z } from 'zod';
import type { Member } from '../catalog';
import { SMS_CODE_LENGTH } from './user-rules';

export {
  normalizePhone,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MINUTES,
  SMS_MAX_CHECKS,
  SMS_MAX_SENDS,
  SMS_SEND_WINDOW_MINUTES,
} from './user-rules';

/** Database ids are positive 32-bit integers. */
const id = z.number().int().positive().max(2_147_483_647);

const phone = z.string().trim().min(1).max(24);
const areaCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/);
const smsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`));
/** openid or the browser's device id: opaque, printable, bounded. */
const openid = z
  .string()
  .trim()
  .regex(/^[\w.:@-]{1,128}$/);
const externalId = z.union([z.string().max(64), z.number().int()]);

export const h5entryInput = z.object({
  /** Shop id of the entry link. */
  id,
  /** The browser's stored openid (or device id); omitted = a new device id is issued. */
  openid: openid.optional(),
  /** Carried by some entry links; accepted so those links work, not used for identity. */
  companyId: externalId.optional(),
  groupId: externalId.optional(),
});
export type H5entryInput = z.infer<typeof h5entryInput>;

export const tokenInput = z.object({
  /** The shop the new token is for. */
  id,
  /** A valid token of any shop. */
  token: z.string().trim().min(1).max(256),
});
export type TokenInput = z.infer<typeof tokenInput>;

export const sendSmsCodeInput = z.object({
  phone,
  /** Country calling code of a national phone number ("86" = mainland, the default). */
  code: areaCode.optional(),
  /** Accepted for compatibility; never reveals the code by itself (only DEMO_MODE with the local sender does). */
  test: z.boolean().optional(),
});
export type SendSmsCodeInput = z.infer<typeof sendSmsCodeInput>;

export const verifyCodeInput = z.object({
  phone,
  /** The 6-digit code the SMS carried. */
  code: smsCode,
  areaCode: areaCode.optional(),
});
export type VerifyCodeInput = z.infer<typeof verifyCodeInput>;

export const h5LoginInput = verifyCodeInput;
export type H5LoginInput = VerifyCodeInput;

export const emptyInput = z.object({});

/** "YYYY-MM-DD", a real calendar day. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  });

export const setUserInfoInput = z
  .object({
    nickname: z.string().trim().min(1).max(32).optional(),
    gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    /** null clears it. Not in the future and not before 1900 (checked on the server against its clock). */
    birthday: isoDay.nullable().optional(),
    /** An http(s) URL or a path on this site; "" clears it. */
    avatar: z
      .string()
      .trim()
      .max(512)
      .regex(/^(https?:\/\/[^\s]+|\/[^\s]*|)$/)
      .optional(),
  })
  // At least one field: an empty update is a client mistake worth reporting.
  .refine((value) => Object.values(value).some((field) => field !== undefined));
export type SetUserInfoInput = z.infer<typeof setUserInfoInput>;

// ---- replies --------------------------------------------------------------------------------------

/** h5entry, token: a new session. */
export interface SessionInfo {
  token: string;
  /** ISO 8601; the token is refused after this instant. */
  expiresAt: string;
  /** The identity to store and send next time (a device id is issued when none was sent). */
  openid: string;
  shopId: number;
  customerId: number;
  /** The customer's phone is linked to a member of this shop's membership (chain or shop). */
  isMember: boolean;
}

export interface SendSmsCodeInfo {
  /** ISO 8601 expiry of the code. */
  expiresAt: string;
  /** Sends left to this phone in the current window. */
  sendsLeft: number;
  /** Only in demo mode with the local sender: the code, so a visitor can log in without a phone. */
  code?: string;
}

export interface VerifyCodeInfo {
  verified: true;
  phone: string;
  isMember: boolean;
}

export interface SmsQuantityInfo {
  /** SMS messages the shop may still send. */
  quantity: number;
}

export interface CustomerProfile {
  id: number;
  openid: string;
  nickname: string;
  gender: 0 | 1 | 2;
  birthday: string | null;
  avatar: string;
  /** The phone the customer proved by SMS, or null. */
  phone: string | null;
}

export interface UserInfo {
  customer: CustomerProfile;
  /** The member of this shop's membership scope linked to the customer's phone, or null. */
  member: Member | null;
}

export type H5LoginInfo = SessionInfo & { phone: string; member: Member | null };

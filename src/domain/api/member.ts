// Contract of the member calls of spec §7 "User, member and address" (store/vipInfo, vip/getInfo,
// vip/register, vip/bind, vip/update, vip/updatePayPassword, vip/checkCode, vip/getVipShopList,
// vip/genVipToken, vip/getMemberNotifyInfo, vip/bindOfficialAccount) and of the browser-side user calls that
// go with them (user/login, user/aliLogin, user/urlCheck, user/putLogs, user/getCodeInfo,
// user/getEncryptParams), order/sendProductOrderSuccess and store/shopTexts: the zod input of each call and
// the shape of its reply `info`. Texts come in the request's language; money is integer minor units; days
// are ISO calendar dates ("YYYY-MM-DD"); instants are ISO 8601.
//
// Who is who (docs/decisions.md "The member area"):
// - a member belongs to a membership scope: the chain when the shop is in one (shared by its shops),
//   otherwise the shop; one member per phone and scope;
// - the customer becomes or finds a member only with a phone an SMS login proved (the session's account),
//   never by a phone the request names, so no call reads or changes another phone's member;
// - the pay password is never sent back: only whether one is set (`hasPayPassword`).
//
// A refused call carries `info.reason` (one of MEMBER_REFUSALS) besides its localised message, so the
// client can act on it (offer registration, send to the login page, show the lock-out) without reading text.
import { z } from 'zod';
import type { Member, MemberSetting } from '../catalog';
import { entityId } from './store';
import { isoDay } from './user';

export type { Member, MemberSetting } from '../catalog';

// ---- rules both sides check (spec §5, §9) ---------------------------------------------------------

/** Spec §9: the pay password is 6 digits, and 123456 is refused as too easy to guess. */
export const PAY_PASSWORD_LENGTH = 6;
export const FORBIDDEN_PAY_PASSWORDS: readonly string[] = ['123456'];
/** A member's name on the card. */
export const MEMBER_NAME_MAX = 32;
/** Earliest birthday accepted (the date picker reaches back 150 years, a person does not). */
export const EARLIEST_BIRTHDAY = '1900-01-01';
/** Seconds a member code (vip/genVipToken) stays valid at the counter. */
export const MEMBER_CODE_TTL_SECONDS = 60;
/** Minutes a pay-password reset ticket (vip/checkCode) stays valid; it is spent by one reset. */
export const RESET_TICKET_TTL_MINUTES = 10;
/** Characters of one client error report (user/putLogs). */
export const CLIENT_LOG_MAX = 4000;

export type PayPasswordProblem = 'format' | 'tooSimple' | 'repeatMismatch';

/** Why a new pay password (and its repeat) is refused, or null when it is acceptable (spec §5). */
export function payPasswordProblem(password: string, repeat?: string): PayPasswordProblem | null {
  if (!new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`).test(password)) return 'format';
  if (FORBIDDEN_PAY_PASSWORDS.includes(password)) return 'tooSimple';
  if (repeat !== undefined && repeat !== password) return 'repeatMismatch';
  return null;
}

/** Why a member call was refused (`info.reason`); the message says it in the customer's language. */
export const MEMBER_REFUSALS = [
  /** No phone proven by an SMS login in this session. */
  'loginRequired',
  /** The shop does not let customers register in the browser (allowRegisterInWeb off). */
  'registerClosed',
  /** The terms were not accepted. */
  'termsNotAccepted',
  'alreadyMember',
  /** The session's phone has no member in this membership scope (spec §5 fast register, code -1). */
  'notMember',
  /** A name with no letter or digit ("!!!"): the cashier reads it back. */
  'nameInvalid',
  'birthdayInvalid',
  'passwordFormat',
  'passwordTooSimple',
  'passwordRepeat',
  /** The original pay password was wrong (counted toward the lock-out). */
  'passwordOriginalWrong',
  /** Too many wrong pay passwords: changing it (and paying by card) waits until `lockedUntil`. */
  'passwordLocked',
  /** Changing needs the original; resetting needs a ticket from vip/checkCode. */
  'passwordOriginalRequired',
  /** The reset ticket is unknown, expired, spent or for another member. */
  'ticketInvalid',
  /** The SMS code did not check out. */
  'codeWrong',
  /** A call that only makes sense inside a WeChat or Alipay mini program. */
  'notInBrowser',
  /** A scanned code this storefront does not know (spec §8 "QR code invalid"). */
  'qrInvalid',
  'orderNotFound',
  /** Member settings switched off (isFunctionOpen false). */
  'functionClosed',
  /** user/putLogs: the report is longer than CLIENT_LOG_MAX. */
  'logTooLarge',
  /** user/putLogs: too many reports from this session for now. */
  'logRateLimited',
] as const;
export type MemberRefusal = (typeof MEMBER_REFUSALS)[number];

/** `info` of a refused member call. vip/bind's "not a member" also carries code -1 (spec §5). */
export interface MemberRefusalInfo {
  reason: MemberRefusal;
  /** -1 when the phone is not a member (vip/bind). */
  code?: -1;
  /** vip/bind: the shop lets the customer register here instead (allowRegisterInWeb). */
  canRegister?: boolean;
  /** passwordLocked / passwordOriginalWrong: when paying and changing are possible again. */
  lockedUntil?: string;
  /** passwordOriginalWrong: wrong tries left before the lock-out. */
  attemptsLeft?: number;
}

// ---- inputs --------------------------------------------------------------------------------------

const gender = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const memberName = z.string().trim().min(1).max(MEMBER_NAME_MAX);
/** A real calendar day; the server also refuses one in the future or before EARLIEST_BIRTHDAY. */
const birthday = isoDay;
/** Digits only, bounded; the rules (6 digits, not 123456) give their own message, so any digits pass here. */
const passwordText = z.string().max(32);

/** store/vipInfo and vip/getInfo. `version`: the catalogue version the client holds (accepted, not needed). */
export const vipInfoInput = z.object({
  version: z.union([z.string().max(64), z.number().int()]).optional(),
});
export type VipInfoInput = z.infer<typeof vipInfoInput>;

/** vip/register: a new member of the shop's membership scope for the session's proven phone. */
export const registerInput = z.object({
  name: memberName,
  /** Optional: a member may keep it to themselves (it only enables birthday offers). */
  birthday: birthday.nullable().optional(),
  gender: gender.default(0),
  /** The member terms and privacy notice (store/shopTexts) were shown and accepted. */
  agreeTerms: z.boolean(),
});
export type RegisterInput = z.input<typeof registerInput>;

/** vip/bind (fast register): links the session's proven phone to its existing member of the scope. */
export const bindInput = z.object({});

/** vip/update: the member's own card data; at least one field. */
export const updateMemberInput = z
  .object({
    name: memberName.optional(),
    /** null clears it. */
    birthday: birthday.nullable().optional(),
    gender: gender.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined));
export type UpdateMemberInput = z.infer<typeof updateMemberInput>;

/**
 * vip/updatePayPassword, three ways (spec §5 rules apply to `payPassword` and `repeatPassword` in each):
 * - set: the member has none yet → payPassword + repeatPassword;
 * - change: originalPassword is checked with the same lock-out as paying by card;
 * - reset: `ticket` from vip/checkCode (the member's phone proven again by SMS) replaces the original.
 */
export const updatePayPasswordInput = z.object({
  /** The member id the client holds; when sent it must be the session's member. */
  id: entityId.optional(),
  payPassword: passwordText,
  repeatPassword: passwordText,
  originalPassword: passwordText.optional(),
  ticket: z.string().trim().min(16).max(128).optional(),
});
export type UpdatePayPasswordInput = z.infer<typeof updatePayPasswordInput>;

/** vip/checkCode: the member's own phone and the SMS code sent to it (user/sendSmsCode). */
export const checkCodeInput = z.object({
  phone: z.string().trim().min(1).max(24),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  areaCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
});
export type CheckCodeInput = z.infer<typeof checkCodeInput>;

export const vipShopListInput = z.object({});
/** vip/genVipToken. `token` (spec §7) is the session token the header already carries; accepted, not needed. */
export const genVipTokenInput = z.object({ token: z.string().max(256).optional() });
export const memberNotifyInput = z.object({});
export const bindOfficialAccountInput = z.object({ officialAccountOpenid: z.string().max(128).optional() });
/** user/login and user/aliLogin: mini-program logins (spec §7); a browser logs in by SMS (user/h5Login). */
export const miniProgramLoginInput = z.object({
  id: entityId.optional(),
  code: z.string().max(256).optional(),
  appid: z.string().max(64).optional(),
});
/** user/urlCheck: may the app open this address (in the app, or framed on the web-view page)? */
export const urlCheckInput = z.object({ url: z.string().trim().min(1).max(2048) });
/** user/putLogs: one client error report, text or a JSON object, at most CLIENT_LOG_MAX characters. */
export const putLogsInput = z.object({
  log: z.union([z.string().min(1), z.record(z.string(), z.unknown())]),
});
/** user/getCodeInfo: the text of a scanned QR code or barcode. */
export const codeInfoInput = z.object({ code: z.string().trim().min(1).max(512) });
export const encryptParamsInput = z.object({ key: z.string().trim().min(1).max(128) });
/** order/sendProductOrderSuccess: the customer saw the success page of this order of theirs. */
export const orderSuccessNoticeInput = z.object({ id: entityId });
export const shopTextsInput = z.object({});

// ---- replies -------------------------------------------------------------------------------------

/** Why vip/getInfo has no member: no proven phone in the session, or the phone is not a member. */
export type NoMemberReason = 'notLoggedIn' | 'notMember';

/** store/vipInfo, vip/getInfo. */
export interface VipInfo {
  /** The shop's member settings (spec §3 "Member settings"), texts in the request's catalogue language. */
  setting: MemberSetting;
  /** The session's member, or null (see `reason`). */
  member: Member | null;
  reason: NoMemberReason | null;
  /** The session's proven phone, or null. */
  phone: string | null;
  /** vip/register would be accepted now (web registration allowed, logged in, not a member). */
  canRegister: boolean;
  /** vip/bind would be worth offering: logged in, not a member (it may still find none: code -1). */
  canBind: boolean;
}

export interface GrantedCoupon {
  id: number;
  name: string;
}

/** vip/register. */
export interface RegisterInfo {
  member: Member;
  /** Register coupons granted with the membership (vip/getRegisterCoupons lists what is offered). */
  coupons: GrantedCoupon[];
}

/** vip/bind, vip/update. */
export interface MemberInfo {
  member: Member;
}

/** vip/updatePayPassword. */
export interface UpdatePayPasswordInfo {
  /** What happened: a first password, a change with the original, or a reset with a ticket. */
  mode: 'set' | 'change' | 'reset';
  member: Member;
}

/** vip/checkCode. */
export interface CheckCodeInfo {
  /** Single-use: vip/updatePayPassword accepts it once, before `expiresAt`, for this member only. */
  ticket: string;
  expiresAt: string;
}

/** vip/getVipShopList: the shops where the card works (the chain's shops, or this shop). */
export interface VipShop {
  id: number;
  name: string;
  address: string;
  phone: string;
  image: string;
  /** The session's shop. */
  current: boolean;
}
export interface VipShopListInfo {
  shops: VipShop[];
}

/** vip/genVipToken: the code the counter scans (QR or barcode); a new one replaces it before expiry. */
export interface VipTokenInfo {
  code: string;
  expiresAt: string;
  ttlSeconds: number;
  /** Shown under the code so the cashier can type it when the scanner fails. */
  cardNo: string;
}

/** vip/getMemberNotifyInfo: the prompts the client shows at most once per launch (spec §4 flags). */
export interface MemberNotifyInfo {
  /** firstRegisterShowed: web registration allowed, logged in, not a member. */
  showRegister: boolean;
  /** firstChargeShowed: a member, recharge allowed, never charged. */
  showFirstCharge: boolean;
  /** The shop's charge slogan for the first-charge prompt ("" when none). */
  chargeSlogan: string;
}

/** user/urlCheck. */
export interface UrlCheckInfo {
  allowed: boolean;
  /** app: a page of this storefront (open it in the app, `path` is its hash route); webView: an allowed origin. */
  kind: 'app' | 'webView' | null;
  path: string | null;
}

/** user/putLogs. */
export interface PutLogsInfo {
  accepted: true;
}

/** user/getCodeInfo: what a scanned code means. */
export type CodeInfo =
  | { kind: 'table'; shopId: number; tableId: number; tableName: string; path: string }
  | { kind: 'shop'; shopId: number; shopName: string; path: string }
  | { kind: 'activity'; shopId: number; activityId: number; path: string };

/** order/sendProductOrderSuccess: idempotent, repeats answer the same. */
export interface OrderSuccessNoticeInfo {
  id: number;
  status: string;
  paid: boolean;
}

/** store/shopTexts: the texts of /pages/user/protocol, /pages/user/contact-shop and /pages/user/wechat-group. */
export interface ShopTextsInfo {
  terms: { title: string; body: string };
  privacy: { title: string; body: string };
  contact: {
    phone: string;
    address: string;
    /** Opening hours in words ("Mon-Sun 10:00-22:00"). */
    hours: string;
    /** A map link for the shop's position, or null when it has none. */
    mapUrl: string | null;
  };
  /** The shop's customer group QR image, or null when it has none. */
  wechatGroup: { image: string; note: string } | null;
}

/** Every member call: input schema, keyed by "area/action". */
export const memberContract = {
  'store/vipInfo': vipInfoInput,
  'vip/getInfo': vipInfoInput,
  'vip/register': registerInput,
  'vip/bind': bindInput,
  'vip/update': updateMemberInput,
  'vip/updatePayPassword': updatePayPasswordInput,
  'vip/checkCode': checkCodeInput,
  'vip/getVipShopList': vipShopListInput,
  'vip/genVipToken': genVipTokenInput,
  'vip/getMemberNotifyInfo': memberNotifyInput,
  'vip/bindOfficialAccount': bindOfficialAccountInput,
  'user/login': miniProgramLoginInput,
  'user/aliLogin': miniProgramLoginInput,
  'user/urlCheck': urlCheckInput,
  'user/putLogs': putLogsInput,
  'user/getCodeInfo': codeInfoInput,
  'user/getEncryptParams': encryptParamsInput,
  'order/sendProductOrderSuccess': orderSuccessNoticeInput,
  'store/shopTexts': shopTextsInput,
} as const;
export type MemberCall = keyof typeof memberContract;

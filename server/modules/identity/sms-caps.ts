// Abuse caps on SMS codes beyond the per-phone and per-shop limits of ./sms.ts (decisions S30, S32, S33):
// - sends per session, per device (the session's browser key) and per client address, as sliding windows
//   of `rate_events` rows, reserved inside the send transaction before the provider is called;
// - numbers outside the shop's allowed countries are refused;
// - at most 100 wrong codes per phone in any 24 hours (NIST SP 800-63B §5.2.2), after which a check is
//   refused without looking at the code.
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rateEvents, shops, type ShopSettings } from '../../db/schema';
import { BusinessError } from '../../http/action';
import { addressSubject, scaled, type RateLimitSettings } from '../../http/rate-limit';
import type { LocalizedText } from '../../i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type AllLocales = LocalizedText & Record<'zh-CN' | 'zh-TW' | 'fr' | 'es', string>;

export const smsCapMessages = {
  capped: {
    en: 'Too many verification codes were requested from this device or network. Please try again in {minutes} minutes.',
    'zh-CN': '此设备或网络获取验证码过于频繁，请 {minutes} 分钟后再试。',
    'zh-TW': '此裝置或網路取得驗證碼過於頻繁，請 {minutes} 分鐘後再試。',
    fr: 'Trop de codes de vérification ont été demandés depuis cet appareil ou ce réseau. Réessayez dans {minutes} minutes.',
    es: 'Se han solicitado demasiados códigos de verificación desde este dispositivo o red. Inténtalo de nuevo en {minutes} minutos.',
  },
  countryRefused: {
    en: 'This shop cannot send verification codes to numbers of this country. Please use another phone number.',
    'zh-CN': '本店无法向该国家或地区的号码发送验证码，请使用其他手机号。',
    'zh-TW': '本店無法向該國家或地區的號碼傳送驗證碼，請使用其他手機號碼。',
    fr: 'Cette boutique ne peut pas envoyer de code de vérification aux numéros de ce pays. Utilisez un autre numéro.',
    es: 'Esta tienda no puede enviar códigos de verificación a números de este país. Usa otro número de teléfono.',
  },
  checksLocked: {
    en: 'Too many wrong codes were entered for this phone. Please try again in {hours} hours.',
    'zh-CN': '该手机号输错验证码次数过多，请 {hours} 小时后再试。',
    'zh-TW': '此手機號碼輸錯驗證碼次數過多，請 {hours} 小時後再試。',
    fr: 'Trop de codes erronés ont été saisis pour ce numéro. Réessayez dans {hours} heures.',
    es: 'Se han introducido demasiados códigos incorrectos para este teléfono. Inténtalo de nuevo en {hours} horas.',
  },
} satisfies Record<string, AllLocales>;

export interface SlidingCap {
  limit: number;
  windowMs: number;
}

/**
 * Codes sent per window, as SMS providers' fraud guards set them (Twilio Verify, AWS Pinpoint): a person
 * needs one or two codes per login, a device a handful a day, and an address is shared by a household, an
 * office or a carrier NAT.
 */
export const SMS_SEND_CAPS = {
  session: { limit: 5, windowMs: HOUR },
  device: { limit: 10, windowMs: 24 * HOUR },
  address: { limit: 20, windowMs: HOUR },
} satisfies Record<string, SlidingCap>;

/** Wrong codes per phone in any 24 hours (NIST SP 800-63B: at most 100 failed attempts). */
export const SMS_FAILED_CHECKS: SlidingCap = { limit: 100, windowMs: 24 * HOUR };

/** Who asks for a code: the caps are counted for each. */
export interface SmsRequester {
  sessionId: number;
  /** The session's browser key; '' for a session opened before keys were recorded. */
  deviceKey: string;
  customerId: number;
  ip: string;
}

export interface CapKey extends SlidingCap {
  key: string;
}

/** The send caps of a requester under the settings; none when limits are off. */
export function sendCapKeys(who: SmsRequester, settings: RateLimitSettings): CapKey[] {
  if (!settings.enabled) return [];
  const cap = (key: string, { limit, windowMs }: SlidingCap): CapKey => ({
    key,
    limit: scaled(limit, settings),
    windowMs,
  });
  return [
    cap(`sms-session:${who.sessionId}`, SMS_SEND_CAPS.session),
    cap(`sms-device:${who.deviceKey || `customer-${who.customerId}`}`, SMS_SEND_CAPS.device),
    cap(`sms-address:${addressSubject(who.ip)}`, SMS_SEND_CAPS.address),
  ];
}

/** Serialises the callers counting the same keys; keys are locked in order so two never deadlock. */
export async function lockKeys(tx: Tx, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }
}

/**
 * Minutes until every cap has room again, or 0 when each has room now. The caller holds the keys' locks
 * (lockKeys), so no other transaction can add an event between this count and its reservation.
 */
export async function capsWait(tx: Tx, caps: CapKey[], now: Date): Promise<number> {
  if (caps.length === 0) return 0;
  const since = (cap: CapKey) => new Date(now.getTime() - cap.windowMs);
  const rows = await tx
    .select({ key: rateEvents.key, at: rateEvents.at })
    .from(rateEvents)
    .where(or(...caps.map((cap) => and(eq(rateEvents.key, cap.key), gt(rateEvents.at, since(cap))))))
    .orderBy(rateEvents.at);
  let waitMs = 0;
  for (const cap of caps) {
    const times = rows.filter((row) => row.key === cap.key).map((row) => row.at.getTime());
    if (times.length < cap.limit) continue;
    // The window has room again once all but limit - 1 of its events have aged out of it.
    const freeing = times[times.length - cap.limit]!;
    waitMs = Math.max(waitMs, freeing + cap.windowMs - now.getTime());
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / MINUTE)) : 0;
}

/** Counts one event on each cap (and forgets events older than their window); returns the new rows. */
export async function reserveCaps(tx: Tx, caps: CapKey[], now: Date): Promise<number[]> {
  if (caps.length === 0) return [];
  await tx
    .delete(rateEvents)
    .where(
      or(
        ...caps.map((cap) =>
          and(eq(rateEvents.key, cap.key), lt(rateEvents.at, new Date(now.getTime() - cap.windowMs))),
        ),
      ),
    );
  const rows = await tx
    .insert(rateEvents)
    .values(caps.map((cap) => ({ key: cap.key, at: now })))
    .returning({ id: rateEvents.id });
  return rows.map((row) => row.id);
}

/** Gives back reserved events (a code that was never delivered costs the requester nothing). */
export async function releaseCaps(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(rateEvents).where(inArray(rateEvents.id, ids));
}

const failedChecksKey = (phone: string) => `sms-failed:${phone}`;

/**
 * Hours until the phone may be checked again after SMS_FAILED_CHECKS wrong codes, or 0 when it may be
 * checked now. The caller holds the phone's lock.
 */
export async function failedChecksWait(tx: Tx, phone: string, now: Date): Promise<number> {
  const wait = await capsWait(tx, [{ key: failedChecksKey(phone), ...SMS_FAILED_CHECKS }], now);
  return wait === 0 ? 0 : Math.max(1, Math.ceil(wait / 60));
}

export async function recordFailedCheck(tx: Tx, phone: string, now: Date): Promise<void> {
  await reserveCaps(tx, [{ key: failedChecksKey(phone), ...SMS_FAILED_CHECKS }], now);
}

/** Drops events older than the longest window; the hourly housekeeping of server/main.ts calls it. */
export async function purgeRateEvents(db: Database, now: Date): Promise<void> {
  await db.delete(rateEvents).where(lt(rateEvents.at, new Date(now.getTime() - 24 * HOUR)));
}

/** Calling codes of the zones shops are most often in; a shop elsewhere sets smsCallingCodes. */
const ZONES_BY_CALLING_CODE: Record<string, string[]> = {
  '1': [
    'America/New_York',
    'America/Chicago',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'America/Toronto',
    'America/Vancouver',
    'America/Edmonton',
    'America/Winnipeg',
    'America/Halifax',
  ],
  '7': ['Europe/Moscow'],
  '20': ['Africa/Cairo'],
  '27': ['Africa/Johannesburg'],
  '30': ['Europe/Athens'],
  '31': ['Europe/Amsterdam'],
  '32': ['Europe/Brussels'],
  '33': ['Europe/Paris'],
  '34': ['Europe/Madrid', 'Atlantic/Canary'],
  '39': ['Europe/Rome'],
  '41': ['Europe/Zurich'],
  '43': ['Europe/Vienna'],
  '44': ['Europe/London'],
  '45': ['Europe/Copenhagen'],
  '46': ['Europe/Stockholm'],
  '47': ['Europe/Oslo'],
  '48': ['Europe/Warsaw'],
  '49': ['Europe/Berlin'],
  '51': ['America/Lima'],
  '52': ['America/Mexico_City'],
  '54': ['America/Argentina/Buenos_Aires'],
  '55': ['America/Sao_Paulo'],
  '56': ['America/Santiago'],
  '57': ['America/Bogota'],
  '60': ['Asia/Kuala_Lumpur', 'Asia/Kuching'],
  '61': [
    'Australia/Sydney',
    'Australia/Melbourne',
    'Australia/Brisbane',
    'Australia/Perth',
    'Australia/Adelaide',
    'Australia/Hobart',
    'Australia/Darwin',
  ],
  '62': ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'],
  '63': ['Asia/Manila'],
  '64': ['Pacific/Auckland'],
  '65': ['Asia/Singapore'],
  '66': ['Asia/Bangkok'],
  '81': ['Asia/Tokyo'],
  '82': ['Asia/Seoul'],
  '84': ['Asia/Ho_Chi_Minh'],
  '86': ['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Chongqing', 'Asia/Harbin', 'PRC'],
  '90': ['Europe/Istanbul'],
  '91': ['Asia/Kolkata'],
  '234': ['Africa/Lagos'],
  '254': ['Africa/Nairobi'],
  '351': ['Europe/Lisbon'],
  '352': ['Europe/Luxembourg'],
  '353': ['Europe/Dublin'],
  '358': ['Europe/Helsinki'],
  '420': ['Europe/Prague'],
  '852': ['Asia/Hong_Kong'],
  '853': ['Asia/Macau'],
  '886': ['Asia/Taipei'],
  '966': ['Asia/Riyadh'],
  '971': ['Asia/Dubai'],
  '972': ['Asia/Jerusalem'],
};
const CALLING_CODE_OF_ZONE = new Map(
  Object.entries(ZONES_BY_CALLING_CODE).flatMap(([code, zones]) => zones.map((zone) => [zone, code])),
);

/**
 * The calling codes a shop sends codes to: its smsCallingCodes setting, else its time zone's country.
 * Empty (nothing allowed) for a zone outside the table, so an unconfigured shop never pays for
 * international messages it did not choose.
 */
export function smsCallingCodes(settings: Pick<ShopSettings, 'timezone' | 'smsCallingCodes'>): string[] {
  if (settings.smsCallingCodes?.length) return settings.smsCallingCodes;
  const own = CALLING_CODE_OF_ZONE.get(settings.timezone);
  return own ? [own] : [];
}

/**
 * Whether a stored phone (a mainland number, or E.164) is in one of the calling codes. Calling codes are
 * prefix-free (ITU-T E.164), so a prefix match names exactly one country code.
 */
export function phoneInCallingCodes(phone: string, codes: string[]): boolean {
  if (!phone.startsWith('+')) return codes.includes('86');
  return codes.some((code) => phone.startsWith(`+${code}`));
}

/** Refuses a phone outside the shop's calling codes before anything is counted or sent. */
export async function refuseOutsideCountries(db: Database, shopId: number, phone: string): Promise<void> {
  const [shop] = await db.select({ settings: shops.settings }).from(shops).where(eq(shops.id, shopId));
  if (!shop || !phoneInCallingCodes(phone, smsCallingCodes(shop.settings)))
    throw new BusinessError(smsCapMessages.countryRefused);
}

// Request rate limits per session and per client address (decision S31). Each limited action belongs to a
// bucket; a call bumps one fixed one-minute window counter for its session (the token's hash, so a limit
// costs no session lookup) and one for its address, in a single upsert statement on `rate_limits`, so
// every API process sharing the database shares the counts. Over either limit the call is refused with
// 429 and `Retry-After` before its session is looked up or its input read.
// RATE_LIMIT=off switches the limits (and the per-session, per-device and per-address SMS caps) off for
// load tests run from one address; RATE_LIMIT_SCALE multiplies every number.
import { isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import type { LocalizedText } from '../i18n';

export interface RateLimitSettings {
  /** false: no request limits and no per-session, per-device or per-address SMS caps. */
  enabled: boolean;
  /** Multiplies every limit (2 doubles them); at least 1 call always passes. */
  scale: number;
}

export const RATE_LIMIT_ON: RateLimitSettings = { enabled: true, scale: 1 };
export const RATE_LIMIT_OFF: RateLimitSettings = { enabled: false, scale: 1 };

export type RateBucket = 'submit' | 'search' | 'entry' | 'sms';

export interface RateRule {
  windowSeconds: number;
  perSession: number;
  perAddress: number;
}

/**
 * Calls a minute. A person submits an order or asks for a code a few times a minute at most; search
 * types ahead. An address allows several people behind one NAT (a shop's Wi-Fi, a carrier gateway).
 */
export const RATE_RULES: Record<RateBucket, RateRule> = {
  submit: { windowSeconds: 60, perSession: 10, perAddress: 60 },
  search: { windowSeconds: 60, perSession: 60, perAddress: 300 },
  entry: { windowSeconds: 60, perSession: 20, perAddress: 60 },
  sms: { windowSeconds: 60, perSession: 20, perAddress: 100 },
};

/** The limited actions, `area/action` → bucket; every other action is not limited. */
export const RATE_LIMITED_ACTIONS: Readonly<Record<string, RateBucket>> = {
  'order/confirm': 'submit',
  'order/multiConfirm': 'submit',
  'order/pay': 'submit',
  // A hold keeps a technician's time from everyone else for minutes: taking them is counted like a submit.
  'beauty/hold': 'submit',
  'beauty/reschedule': 'submit',
  'beauty/cancel': 'submit',
  // Opening a tab writes one, and at the counter every scan may (decision T32); taking a part writes an order.
  'table/order': 'submit',
  'table/payPart': 'submit',
  'store/productSearch': 'search',
  'address/searchPoi': 'search',
  'address/reverseGeocode': 'search',
  // A promotion code is short: guessing codes is throttled like a search.
  'activity/getActivityByCode': 'search',
  'activity/claimByCode': 'submit',
  // Red bag writes are claims; a forward key is long, but guessing one is still throttled.
  'activity/receiveExpandCoupon': 'submit',
  'activity/forwardCoupon': 'submit',
  'activity/claimForwarded': 'submit',
  'activity/checkTimesRedBag': 'submit',
  // Member writes: a registration, a card bind and a top-up are a person's few taps; the pay password
  // change and the reset code are guesses an attacker would pump (each also has its own lock).
  'vip/register': 'submit',
  'vip/bind': 'submit',
  'vip/charge': 'submit',
  'vip/updatePayPassword': 'submit',
  'vip/checkCode': 'sms',
  'activity/pointExchangeProduct': 'submit',
  'user/h5entry': 'entry',
  'user/token': 'entry',
  'user/sendSmsCode': 'sms',
  'user/verifyCode': 'sms',
  'user/h5Login': 'sms',
  'user/getSmsQuantity': 'sms',
};

export const rateLimitedMessage: LocalizedText & Record<'zh-CN' | 'zh-TW' | 'fr' | 'es', string> = {
  en: 'Too many requests. Please try again in {seconds} seconds.',
  'zh-CN': '请求过于频繁，请 {seconds} 秒后再试。',
  'zh-TW': '請求過於頻繁，請 {seconds} 秒後再試。',
  fr: 'Trop de demandes. Réessayez dans {seconds} secondes.',
  es: 'Demasiadas solicitudes. Inténtalo de nuevo en {seconds} segundos.',
};

/** A limit scaled by the settings; never below 1. */
export const scaled = (limit: number, settings: RateLimitSettings) =>
  Math.max(1, Math.round(limit * settings.scale));

/**
 * The subject an address is counted under: an IPv4 address as is; an IPv6 address by its /64 prefix,
 * since one subscriber is given a whole /64 and could otherwise take a fresh address per call.
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface RateSubjects {
  /** sha256 of the call's token, or null when it sent none. */
  tokenHash: string | null;
  ip: string;
}

/**
 * Counts one call of an action; returns null when it may run, else the seconds until the window that
 * refused it ends. Actions outside RATE_LIMITED_ACTIONS, and all calls when limits are off, cost nothing.
 */
export async function hitRateLimit(
  db: Database,
  settings: RateLimitSettings,
  action: string,
  subjects: RateSubjects,
  now: Date,
): Promise<number | null> {
  const bucket = RATE_LIMITED_ACTIONS[action];
  if (!settings.enabled || !bucket) return null;
  const rule = RATE_RULES[bucket];
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const limits = new Map([[`${bucket}:a:${addressSubject(subjects.ip)}`, rule.perAddress]]);
  if (subjects.tokenHash) limits.set(`${bucket}:s:${subjects.tokenHash}`, rule.perSession);
  // Rows are locked in key order, so two calls bumping the same pair never wait on each other in a cycle.
  const keys = [...limits.keys()].sort();
  const counted = await db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, windowStart, hits: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // A window that has passed starts again at 1; greatest() keeps a process whose clock lags a
        // little from reopening a window another process has already moved past.
        hits: sql`case when ${rateLimits.windowStart} >= excluded.window_start then ${rateLimits.hits} + 1 else 1 end`,
        windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  const over = counted.filter((row) => row.hits > scaled(limits.get(row.key)!, settings));
  if (over.length === 0) return null;
  const ends = Math.max(...over.map((row) => row.windowStart.getTime() + windowMs));
  return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
}

/** Drops counters of windows long past; the hourly housekeeping of server/main.ts calls it. */
export async function purgeRateLimits(db: Database, now: Date): Promise<void> {
  const longest = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowSeconds)) * 1000;
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - longest)));
}

/** RATE_LIMIT (on/off, default on) and RATE_LIMIT_SCALE (a positive number, default 1). */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv): RateLimitSettings {
  const mode = env.RATE_LIMIT?.trim().toLowerCase() || 'on';
  if (!['on', 'off', '1', '0', 'true', 'false'].includes(mode))
    throw new Error(`RATE_LIMIT must be on or off, got "${env.RATE_LIMIT}"`);
  const scaleText = env.RATE_LIMIT_SCALE?.trim() || '1';
  const scale = Number(scaleText);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`RATE_LIMIT_SCALE must be a positive number, got "${env.RATE_LIMIT_SCALE}"`);
  return { enabled: ['on', '1', 'true'].includes(mode), scale };
}

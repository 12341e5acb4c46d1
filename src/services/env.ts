// Where the app runs (spec §6 "Client kind is detected from the browser string, and a kiosk flag is set for
// kiosk clients") and which language it starts in (spec §1: the saved user-language, else English
// overseas, else Simplified Chinese; English is the fallback for anything unsupported).
import type { ClientPlatform } from '../domain/client-type';
import { LOCALES, type Locale } from '../domain/enums';

/** Marker the native app adds to its web view's user agent. */
export const APP_UA_MARKER = 'StorefrontApp';

export function detectPlatform(userAgent: string): ClientPlatform {
  const ua = userAgent.toLowerCase();
  if (ua.includes(APP_UA_MARKER.toLowerCase())) return 'app';
  if (ua.includes('micromessenger')) return ua.includes('miniprogram') ? 'wechatMini' : 'wechatWeb';
  if (ua.includes('alipayclient')) return ua.includes('miniprogram') ? 'aliMini' : 'aliWeb';
  return 'browserWeb';
}

const truthy = (value: string | null | undefined) => value === '1' || value === 'true';
const falsy = (value: string | null | undefined) => value === '0' || value === 'false';

/** Kiosk terminals run a browser whose user agent says "Kiosk", or open the entry with kiosk=1. */
export function detectKiosk(userAgent: string, query: Record<string, string | undefined> = {}): boolean {
  if (truthy(query.kiosk)) return true;
  if (falsy(query.kiosk)) return false;
  return /\bkiosk\b/i.test(userAgent);
}

/** Time zones of mainland China, Hong Kong, Macau and Taiwan: everything else counts as overseas. */
const HOME_TIME_ZONES = new Set([
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
  'Asia/Taipei',
  'ROC',
]);

export interface OverseasSignals {
  /** The `abroad` entry/query parameter ('1'/'0'), which wins when present. */
  queryFlag?: string | undefined;
  /** Build-time VITE_ABROAD_ENV ('1'/'0'), for builds deployed to one region. */
  buildFlag?: string | undefined;
  /** The browser's IANA time zone. */
  timeZone?: string | undefined;
  /** The browser's UTC offset now, in minutes east: one no home zone has is overseas without the zone. */
  utcOffsetMinutes?: number | undefined;
}

/** UTC offsets, in minutes east, of the home time zones: +8 (Beijing, Hong Kong, Macau, Taipei), +6 (Urumqi). */
export const HOME_UTC_OFFSETS: ReadonlySet<number> = new Set([480, 360]);

export function detectOverseas({
  queryFlag,
  buildFlag,
  timeZone,
  utcOffsetMinutes,
}: OverseasSignals): boolean {
  for (const flag of [queryFlag, buildFlag]) {
    if (truthy(flag)) return true;
    if (falsy(flag)) return false;
  }
  if (utcOffsetMinutes !== undefined && !HOME_UTC_OFFSETS.has(utcOffsetMinutes)) return true;
  if (!timeZone) return false;
  return !HOME_TIME_ZONES.has(timeZone);
}

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Spec §1: saved language first, then English overseas and Simplified Chinese at home. */
export function resolveLanguage(saved: string | null, overseas: boolean): Locale {
  if (saved !== null) return isLocale(saved) ? saved : 'en';
  return overseas ? 'en' : 'zh-CN';
}

/** Query parameters from both the search and the hash (`#/path?x=1`), the hash winning. */
export function readQuery(url: string): Record<string, string> {
  const parsed = new URL(url, 'http://localhost');
  const query: Record<string, string> = {};
  parsed.searchParams.forEach((value, key) => (query[key] = value));
  const hashQuery = parsed.hash.indexOf('?');
  if (hashQuery >= 0) {
    new URLSearchParams(parsed.hash.slice(hashQuery + 1)).forEach((value, key) => (query[key] = value));
  }
  return query;
}

/**
 * The address with the query written before the hash moved into the hash's query, or null when there is
 * none. A link shared as `/?from=share#/?id=1` (messengers append their own parameters before the hash)
 * would otherwise reach the router as `/?id=1?from=share`: the hash history appends the page's search to the
 * hash's path, and the shop id reads "1?from=share". The hash's own values win over the same names before it.
 */
export function searchMovedIntoHash(href: string): string | null {
  const url = new URL(href);
  if (!url.search) return null;
  const hash = url.hash.slice(1);
  const queryAt = hash.indexOf('?');
  const path = (queryAt >= 0 ? hash.slice(0, queryAt) : hash) || '/';
  const query = new URLSearchParams(url.search);
  const own = new URLSearchParams(queryAt >= 0 ? hash.slice(queryAt + 1) : '');
  for (const key of new Set(own.keys())) query.delete(key);
  own.forEach((value, key) => query.append(key, value));
  const text = query.toString();
  return `${url.pathname}#${path}${text ? `?${text}` : ''}`;
}

export interface Environment {
  platform: ClientPlatform;
  isKiosk: boolean;
  isOverseas: boolean;
  query: Record<string, string>;
}

/**
 * The browser's IANA time zone, read once: building a DateTimeFormat costs tens of milliseconds of a slow
 * phone's main thread, and the first page asked for it three times (decision K49).
 */
let timeZoneRead: { zone: string | undefined } | null = null;
function browserTimeZone(): string | undefined {
  if (!timeZoneRead) {
    try {
      timeZoneRead = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    } catch {
      timeZoneRead = { zone: undefined };
    }
  }
  return timeZoneRead.zone;
}

/** The environment of the running page. */
export function detectEnvironment(): Environment {
  const href = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const query = readQuery(href);
  // The zone's name is read only where the offset could be a home zone's (decision K54): elsewhere a cold
  // start's first reads go out before the browser loads its time zone data.
  const utcOffsetMinutes = -new Date().getTimezoneOffset();
  const timeZone = HOME_UTC_OFFSETS.has(utcOffsetMinutes) ? browserTimeZone() : undefined;
  return {
    platform: detectPlatform(userAgent),
    isKiosk: detectKiosk(userAgent, query),
    isOverseas: detectOverseas({
      queryFlag: query.abroad,
      buildFlag: import.meta.env?.VITE_ABROAD_ENV,
      timeZone,
      utcOffsetMinutes,
    }),
    query,
  };
}

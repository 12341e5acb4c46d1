// The user/* calls a browser storefront answers itself (spec §7): what a scanned code means
// (user/getCodeInfo), whether an address may be opened (user/urlCheck) and client error reports
// (user/putLogs). Decisions M25-M29.
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CLIENT_LOG_MAX, type CodeInfo, type UrlCheckInfo } from '../../../src/domain/api/member';
import { frameAllowed, httpOrigin } from '../../../src/domain/api/web-view-rules';
import type { CatalogueLocale } from '../../../src/domain/enums';
import type { Database } from '../../db/client';
import { activities, couponTemplates, rateEvents, shops } from '../../db/schema';
import type { Session } from '../../http/action';
import { localize } from '../catalog/catalog';
import { resolveTable } from '../orders/tables';
import { memberRefusal } from './members';

/** A route of this storefront and its query, from a hash (`#/x?y`), a path (`/x?y`) or a full address. */
interface Route {
  path: string;
  query: URLSearchParams;
}

function routeOf(text: string): Route | null {
  const hash = text.indexOf('#');
  const route = hash >= 0 ? text.slice(hash + 1) : null;
  if (route === null) {
    // An address without a hash route: the entry parameters ride in its search (`/?id=3&table=…`).
    try {
      const url = new URL(text);
      return { path: url.pathname.replace(/\/+$/, '') || '/', query: url.searchParams };
    } catch {
      return null;
    }
  }
  const [path = '/', search = ''] = route.split('?', 2);
  return { path: path.replace(/\/+$/, '') || '/', query: new URLSearchParams(search) };
}

const idIn = (query: URLSearchParams, ...names: string[]): number | null => {
  for (const name of names) {
    const value = query.get(name)?.trim();
    if (value && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647)
      return Number(value);
  }
  return null;
};

const TABLE_CODE = /^[A-Za-z0-9_-]{8,64}$/;
const ENTRY_PATHS = new Set(['/', '/pages/index/index']);

async function tableInfo(db: Database, shopId: number, code: string): Promise<CodeInfo | null> {
  const table = await resolveTable(db, shopId, code);
  if (!table) return null;
  return {
    kind: 'table',
    shopId,
    tableId: table.id,
    tableName: table.name,
    path: `/?id=${shopId}&table=${encodeURIComponent(code)}`,
  };
}

async function shopInfo(db: Database, shopId: number, locale: CatalogueLocale): Promise<CodeInfo | null> {
  const [shop] = await db.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return shop
    ? { kind: 'shop', shopId, shopName: localize(shop.name, locale), path: `/?id=${shopId}` }
    : null;
}

/** The activity of a red bag or coupon link, when it belongs to the link's shop (or its chain). */
async function activityInfo(db: Database, activityId: number, path: string): Promise<CodeInfo | null> {
  const [row] = await db
    .select({ id: activities.id, shopId: activities.shopId, chainId: activities.chainId })
    .from(activities)
    .where(eq(activities.id, activityId));
  if (!row) return null;
  const [shop] =
    row.shopId !== null
      ? [{ id: row.shopId }]
      : await db.select({ id: shops.id }).from(shops).where(eq(shops.chainId, row.chainId!)).limit(1);
  return shop ? { kind: 'activity', shopId: shop.id, activityId: row.id, path } : null;
}

/**
 * user/getCodeInfo: a table code (bare, or the printed entry link), a shop entry link, a red bag link or a
 * coupon link. Anything else is "QR code invalid". A bare table code is looked up in the session's shop
 * only: codes are unguessable, but a guess should not find another shop's tables.
 */
export async function codeInfo(
  db: Database,
  session: Session,
  code: string,
  locale: CatalogueLocale,
): Promise<CodeInfo> {
  const found = await readCode(db, session, code.trim(), locale);
  if (!found) throw memberRefusal('qrInvalid');
  return found;
}

async function readCode(db: Database, session: Session, code: string, locale: CatalogueLocale) {
  if (TABLE_CODE.test(code)) return tableInfo(db, session.shopId, code);
  const route =
    /^https?:\/\//i.test(code) || code.startsWith('#') || code.startsWith('/') ? routeOf(code) : null;
  if (!route) return null;
  const { path, query } = route;
  if (path === '/product/expand-red-bag') {
    const id = idIn(query, 'id');
    return id === null ? null : activityInfo(db, id, `${path}?${query.toString()}`);
  }
  if (path === '/pages/user/coupon/claim') {
    const id = idIn(query, 'id');
    if (id === null) return null;
    const [template] = await db
      .select({ activityId: couponTemplates.activityId })
      .from(couponTemplates)
      .where(eq(couponTemplates.id, id));
    return template ? activityInfo(db, template.activityId, `${path}?id=${id}`) : null;
  }
  if (!ENTRY_PATHS.has(path)) return null;
  const shopId = idIn(query, 'id', 'shop_id', 'shop');
  if (shopId === null) return null;
  const table = query.get('table')?.trim();
  if (table) return TABLE_CODE.test(table) ? tableInfo(db, shopId, table) : null;
  return shopInfo(db, shopId, locale);
}

/**
 * user/urlCheck: a page of this storefront opens in the app (its hash route); an address on the web-view
 * allow-list (WEB_VIEW_ORIGINS) opens framed; anything else is not opened. "This storefront" is the
 * origin the request came to: a forged Host only misleads the client that forged it.
 */
export function urlCheck(
  url: string,
  ownOrigin: string | null,
  webViewOrigins: readonly string[],
): UrlCheckInfo {
  const text = url.trim();
  if (text.startsWith('#/') || (text.startsWith('/') && !text.startsWith('//'))) {
    const route = routeOf(text.startsWith('/#') ? text.slice(1) : text.startsWith('#') ? text : `#${text}`);
    return { allowed: true, kind: 'app', path: route ? appPath(route) : '/' };
  }
  const origin = httpOrigin(text);
  if (origin === null) return { allowed: false, kind: null, path: null };
  if (ownOrigin !== null && origin === ownOrigin) {
    const route = routeOf(text);
    return { allowed: true, kind: 'app', path: route ? appPath(route) : '/' };
  }
  if (frameAllowed(text, webViewOrigins)) return { allowed: true, kind: 'webView', path: null };
  return { allowed: false, kind: null, path: null };
}

const appPath = (route: Route) => {
  const search = route.query.toString();
  return search ? `${route.path}?${search}` : route.path;
};

/** Reports a session may send in CLIENT_LOG_WINDOW_MINUTES. */
export const CLIENT_LOG_PER_WINDOW = 20;
export const CLIENT_LOG_WINDOW_MINUTES = 10;

/**
 * Personal data a report may carry, masked before it reaches the log: phone numbers (all but the last
 * four digits), e-mail addresses, and long opaque strings (tokens, keys, signed codes).
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]')
    .replace(/[A-Za-z0-9_\-.=+/]{32,}/g, '[secret]')
    .replace(/\+?\d[\d\s-]{5,}\d/g, (phone) => {
      const digits = phone.replace(/\D/g, '');
      return digits.length >= 7 ? `[phone …${digits.slice(-4)}]` : phone;
    });
}

/** user/putLogs: size-limited, counted per session over a sliding window, written to the log masked. */
export async function putClientLog(
  db: Database,
  log: FastifyBaseLogger,
  session: Session,
  report: string | Record<string, unknown>,
  now: Date,
): Promise<void> {
  const text = typeof report === 'string' ? report : JSON.stringify(report);
  if (text.length > CLIENT_LOG_MAX) throw memberRefusal('logTooLarge');
  const key = `client-log:${session.id}`;
  const since = new Date(now.getTime() - CLIENT_LOG_WINDOW_MINUTES * 60_000);
  const accepted = await db.transaction(async (tx) => {
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(rateEvents)
      .where(and(eq(rateEvents.key, key), gt(rateEvents.at, since)))) as [{ n: number }];
    if (n >= CLIENT_LOG_PER_WINDOW) return false;
    await tx.insert(rateEvents).values({ key, at: now });
    return true;
  });
  if (!accepted) throw memberRefusal('logRateLimited');
  log.warn(
    { shopId: session.shopId, sessionId: session.id, clientLog: maskPersonalData(text) },
    'client error report',
  );
}

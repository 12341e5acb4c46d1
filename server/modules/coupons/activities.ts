// A shop's activities (its own and its chain's): which run today, their engine records, and the
// activity/* replies built from them. Rules are stored as the engine's own fields (src/domain/pricing.ts
// `activity` and `coupon`, minus the fields that are columns) and parsed with its schemas on every read, so
// a row the engine would not accept is skipped rather than priced. The order path reads the price
// activities through a small per-process cache (decision C14).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { PRICE_ACTIVITY_KINDS, type CouponOffer, type ShopActivity } from '../../../src/domain/api/activity';
import type { CatalogueLocale, Locale } from '../../../src/domain/enums';
import {
  activity as activitySchema,
  coupon as couponSchema,
  type ParsedActivity,
  type ParsedCoupon,
} from '../../../src/domain/pricing';
import type { Database, Executor } from '../../db/client';
import {
  activities,
  couponClaims,
  couponTemplates,
  shops,
  type ActivityRow,
  type CouponTemplateRow,
} from '../../db/schema';
import { imageUrl, localize, type Catalogue } from '../catalog/catalog';
import { activityRuleTexts, couponRulesText, type ScopeFacts, type TextContext } from './coupon-texts';

/** The engine's activity fields kept in `activities.rules`. */
export const activityRulesSchema = activitySchema.omit({
  id: true,
  name: true,
  type: true,
  priority: true,
  status: true,
  startDate: true,
  endDate: true,
  userType: true,
});
/** The engine's coupon fields kept in `coupon_templates.rules`. */
export const couponRulesSchema = couponSchema.omit({
  id: true,
  name: true,
  type: true,
  status: true,
  chainId: true,
  activityId: true,
  startDate: true,
  endDate: true,
  weekDays: true,
  monthDays: true,
});

/** The shop a call is about: its chain (chain activities run in every shop of it) and its day. */
export interface ShopScope {
  shopId: number;
  chainId: number | null;
  /** Today in the shop's time zone. */
  today: string;
}

export const inShopScope = (row: Pick<ActivityRow, 'shopId' | 'chainId'>, scope: ShopScope) =>
  row.shopId === scope.shopId || (row.chainId !== null && row.chainId === scope.chainId);

/** Member-only (userType says members and not everyone): vip/activities lists these, the claims refuse others. */
export const isMemberOnly = (row: Pick<ActivityRow, 'userType'>) =>
  (row.userType & 1) === 0 && (row.userType & 2) !== 0;

export const isRunning = (row: ActivityRow, today: string) =>
  row.status === 1 &&
  (row.startDate === null || row.startDate <= today) &&
  (row.endDate === null || today <= row.endDate);

/** Every activity of the shop and of its chain, whatever its dates (callers filter with isRunning). */
export async function loadActivities(db: Executor, scope: Omit<ShopScope, 'today'>): Promise<ActivityRow[]> {
  return db
    .select()
    .from(activities)
    .where(
      scope.chainId === null
        ? eq(activities.shopId, scope.shopId)
        : or(eq(activities.shopId, scope.shopId), eq(activities.chainId, scope.chainId)),
    )
    .orderBy(sql`${activities.priority} desc`, activities.id);
}

export async function loadTemplates(db: Executor, activityIds: number[]): Promise<CouponTemplateRow[]> {
  if (activityIds.length === 0) return [];
  return db
    .select()
    .from(couponTemplates)
    .where(inArray(couponTemplates.activityId, activityIds))
    .orderBy(couponTemplates.id);
}

/** The engine's record of an activity, or null when its stored rules do not parse. */
export function pricingActivityOf(row: ActivityRow, locale: CatalogueLocale): ParsedActivity | null {
  const parsed = activitySchema.safeParse({
    ...row.rules,
    id: row.id,
    name: localize(row.name, locale),
    type: row.kind,
    priority: row.priority,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
    userType: row.userType,
  });
  return parsed.success ? parsed.data : null;
}

/** The engine's record of a template's rules (id, status and dates are the held coupon's). */
export function pricingCouponOf(
  template: CouponTemplateRow,
  locale: CatalogueLocale,
  held: Partial<
    Pick<ParsedCoupon, 'id' | 'status' | 'startDate' | 'endDate' | 'chainId' | 'reductionAmount'>
  > = {},
): ParsedCoupon | null {
  const parsed = couponSchema.safeParse({
    ...template.rules,
    ...(held.reductionAmount !== undefined ? { reductionAmount: held.reductionAmount } : {}),
    id: held.id ?? template.id,
    name: localize(template.name, locale),
    type: template.kind,
    activityId: template.activityId,
    chainId: held.chainId ?? null,
    status: held.status ?? template.status,
    startDate: held.startDate ?? null,
    endDate: held.endDate ?? null,
    weekDays: template.validityType === 3 ? template.weekDays : [],
    monthDays: template.validityType === 4 ? template.monthDays : [],
  });
  return parsed.success ? parsed.data : null;
}

// ---- the order path's cache -------------------------------------------------------------------------

/**
 * Reads ACTIVITY_CACHE_TTL_MS: how long this process reuses a shop's price activities (0-60000 ms, default
 * 10000). A value that is not one stops the server at start, as the other settings do, rather than leave
 * the cache off (NaN) or make it keep activities for hours.
 */
export function activityCacheTtlMs(value: string | undefined): number {
  const ms = Number(value?.trim() || 10_000);
  if (!Number.isInteger(ms) || ms < 0 || ms > 60_000)
    throw new Error(`ACTIVITY_CACHE_TTL_MS must be 0-60000 milliseconds, got "${value}"`);
  return ms;
}

export const ACTIVITY_CACHE_TTL_MS = activityCacheTtlMs(process.env.ACTIVITY_CACHE_TTL_MS);
const activityCache = new WeakMap<object, Map<number, { until: number; rows: ActivityRow[] }>>();

/** Drops the cached activities of every shop (after activities were written). */
export function forgetActivities(db: object): void {
  activityCache.delete(db);
}

/** The price activities the engine applies in this shop today (no statement while the cache is warm). */
export async function runningPriceActivities(
  db: Database,
  scope: ShopScope,
  locale: CatalogueLocale,
): Promise<ParsedActivity[]> {
  let perDb = activityCache.get(db);
  if (!perDb) activityCache.set(db, (perDb = new Map()));
  let cached = perDb.get(scope.shopId);
  if (!cached || cached.until <= Date.now()) {
    const rows = (await loadActivities(db, scope)).filter((r) => PRICE_ACTIVITY_KINDS.includes(r.kind));
    cached = { until: Date.now() + ACTIVITY_CACHE_TTL_MS, rows };
    perDb.set(scope.shopId, cached);
  }
  return cached.rows.flatMap((r) => {
    if (!isRunning(r, scope.today)) return [];
    const parsed = pricingActivityOf(r, locale);
    return parsed ? [parsed] : [];
  });
}

// ---- replies ------------------------------------------------------------------------------------------

/** Everything an activity/* reply is worded and judged with. */
export interface ReplyContext extends ShopScope {
  db: Database;
  locale: Locale;
  catalogueLocale: CatalogueLocale;
  text: TextContext;
  catalogue: Catalogue;
  chainName: string | null;
  /** The proven phone of the session, or null (a device-only session). */
  owner: string | null;
  memberId: number | null;
}

export function productRefs(ctx: ReplyContext, ids: readonly number[]) {
  const seen = new Set<number>();
  const refs: ShopActivity['products'] = [];
  for (const id of ids) {
    const row = ctx.catalogue.row(id) ?? ctx.catalogue.row(ctx.catalogue.spec(id)?.productId ?? -1);
    if (!row || seen.has(row.id)) continue;
    seen.add(row.id);
    refs.push({ id: row.id, name: localize(row.name, ctx.catalogueLocale), image: imageUrl(row.image) });
  }
  return refs;
}

/** Names of the shops a chain-scope-2 template lists, for its scope sentence. */
export async function shopNames(
  ctx: ReplyContext,
  templates: CouponTemplateRow[],
): Promise<Map<number, string>> {
  const ids = [...new Set(templates.flatMap((t) => (t.chainScope === 2 ? t.shopIds : [])))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(inArray(shops.id, ids));
  return new Map(rows.map((r) => [r.id, localize(r.name, ctx.catalogueLocale)]));
}

export function scopeFactsOf(
  t: CouponTemplateRow,
  chainName: string | null,
  names: Map<number, string>,
): ScopeFacts {
  return {
    chainScope: t.chainScope,
    chainName,
    shopNames: t.shopIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
  };
}

/** How many of each template the owner has claimed (the per-customer counter). */
async function claimCounts(ctx: ReplyContext, templates: CouponTemplateRow[]): Promise<Map<number, number>> {
  const limited = templates.filter((t) => t.perCustomer !== null).map((t) => t.id);
  if (ctx.owner === null || limited.length === 0) return new Map();
  const rows = await ctx.db
    .select({ templateId: couponClaims.templateId, claimed: couponClaims.claimed })
    .from(couponClaims)
    .where(and(eq(couponClaims.ownerPhone, ctx.owner), inArray(couponClaims.templateId, limited)));
  return new Map(rows.map((r) => [r.templateId, r.claimed]));
}

/** What a template offers this customer now, and why not when it cannot be claimed. */
export function offerOf(
  ctx: ReplyContext,
  activity: ActivityRow,
  t: CouponTemplateRow,
  claimed: number,
  names: Map<number, string>,
): CouponOffer | null {
  const rules = pricingCouponOf(t, ctx.catalogueLocale);
  if (!rules) return null;
  const remaining = t.total === null ? null : Math.max(0, t.total - t.issued);
  const canClaim = t.perCustomer === null ? null : Math.max(0, t.perCustomer - claimed);
  const memberOnly = isMemberOnly(activity);
  let refusal: CouponOffer['refusal'] = null;
  if (ctx.owner === null) refusal = 'loginRequired';
  else if (t.status !== 1 || !isRunning(activity, ctx.today)) refusal = 'activityEnded';
  else if (memberOnly && ctx.memberId === null) refusal = 'notForYou';
  else if (remaining === 0) refusal = 'soldOut';
  else if (canClaim === 0) refusal = 'limitReached';
  return {
    templateId: t.id,
    activityId: activity.id,
    name: localize(t.name, ctx.catalogueLocale),
    kind: t.kind,
    rules: couponRulesText(rules, t, scopeFactsOf(t, ctx.chainName, names), ctx.text),
    remaining,
    canClaim,
    refusal,
  };
}

/** Offers of the given templates (one statement for the claim counts, one for listed shop names). */
export async function offersOf(
  ctx: ReplyContext,
  pairs: { activity: ActivityRow; template: CouponTemplateRow }[],
): Promise<CouponOffer[]> {
  const templates = pairs.map((p) => p.template);
  const counts = await claimCounts(ctx, templates);
  const names = await shopNames(ctx, templates);
  return pairs.flatMap((p) => {
    const offer = offerOf(ctx, p.activity, p.template, counts.get(p.template.id) ?? 0, names);
    return offer ? [offer] : [];
  });
}

/** The activity as the activity list shows it; coupon activities list the templates claimable there. */
export async function shopActivityOf(
  ctx: ReplyContext,
  row: ActivityRow,
  templates: CouponTemplateRow[],
): Promise<ShopActivity> {
  const pricing = PRICE_ACTIVITY_KINDS.includes(row.kind)
    ? pricingActivityOf(row, ctx.catalogueLocale)
    : null;
  const own = templates.filter((t) => t.activityId === row.id);
  return {
    id: row.id,
    name: localize(row.name, ctx.catalogueLocale),
    kind: row.kind,
    rules: pricing ? activityRuleTexts(pricing, ctx.text) : [],
    startDate: row.startDate,
    endDate: row.endDate,
    memberOnly: isMemberOnly(row),
    products: pricing
      ? productRefs(
          ctx,
          pricing.productList.map((p) => p.id),
        )
      : [],
    pricing,
    coupons: await offersOf(
      ctx,
      own.map((template) => ({ activity: row, template })),
    ),
  };
}

/**
 * The running activities as activity/list words them, with the templates claimable from the list;
 * `keep` narrows the rows (vip/activities keeps the member-only ones).
 */
export async function listedActivities(
  ctx: ReplyContext,
  keep: (row: ActivityRow) => boolean = () => true,
): Promise<ShopActivity[]> {
  const rows = (await loadActivities(ctx.db, ctx)).filter((r) => isRunning(r, ctx.today) && keep(r));
  const templates = (
    await loadTemplates(
      ctx.db,
      rows.map((r) => r.id),
    )
  ).filter((t) => t.channels.includes('activity'));
  const list: ShopActivity[] = [];
  for (const row of rows) list.push(await shopActivityOf(ctx, row, templates));
  return list;
}

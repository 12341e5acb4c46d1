// The points store's items as a member sees them (activity/getPointExchangeStoreProducts,
// activity/pointStoreCouponDetail): the items of the session's membership scope that are on sale today
// (shop-local), with what each still allows this member — stock left, the per-member limit, the points.
// Everything here only reads; server/modules/point-store/exchange.ts makes the writes and decides races.
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  MAX_EXCHANGE_QUANTITY,
  type ItemBlock,
  type PointStoreCouponDetailInfo,
  type PointStoreInfo,
  type PointStoreItem,
  type PointStoreRefusal,
} from '../../../src/domain/api/point-store';
import type { Executor } from '../../db/client';
import {
  activities,
  couponClaims,
  couponTemplates,
  members,
  pointExchangeCounts,
  pointStoreItems,
  type ActivityRow,
  type CouponTemplateRow,
} from '../../db/schema';
import { BusinessError, type RequestContext } from '../../http/action';
import type { LocalizedText, MessageParams } from '../../i18n';
import { imageUrl, localize } from '../catalog/catalog';
import { pricingCouponOf, scopeFactsOf } from '../coupons/activities';
import { couponRulesText } from '../coupons/coupon-texts';
import { shopToday } from '../../../src/domain/hours';
import { pointStoreMessages } from './point-store-messages';

export const refusePoints = (
  reason: PointStoreRefusal,
  params?: MessageParams,
  status?: number,
): BusinessError =>
  new BusinessError(pointStoreMessages[reason] as LocalizedText, params, { reason }, status);

export type ItemRow = typeof pointStoreItems.$inferSelect;

/** An item with its coupon template and activity (coupon items), as one read returns them. */
export interface StoreItem {
  item: ItemRow;
  template: CouponTemplateRow | null;
  activity: ActivityRow | null;
}

/** Who asks: the session's member in its shop, with today's shop-local date. */
export interface Asker {
  memberId: number;
  shopId: number;
  chainId: number | null;
  today: string;
}

/**
 * The session's member. A memberId or openid in the request must be the session's own (decision M131):
 * anything else is refused before a row is read.
 */
export function askerMember(
  ctx: RequestContext<'session'>,
  named: { memberId?: number | undefined; openid?: string | undefined },
): number {
  const memberId = ctx.session.memberId;
  if (memberId === null) throw refusePoints('memberRequired');
  if (named.memberId !== undefined && named.memberId !== memberId)
    throw refusePoints('memberNotFound', undefined, 404);
  if (named.openid !== undefined && named.openid !== ctx.session.deviceKey)
    throw refusePoints('memberNotFound', undefined, 404);
  return memberId;
}

/** The shop's settings (cached) and the asker it makes of the session. */
export async function shopOf(app: FastifyInstance, ctx: RequestContext<'session'>, memberId: number) {
  const entry = await app.catalogCache.entry(app.db, ctx.session.shopId, ctx.catalogueLocale, ctx.now);
  if (!entry) throw refusePoints('itemNotFound', undefined, 404);
  const settings = entry.shop.row.settings;
  const asker: Asker = {
    memberId,
    shopId: ctx.session.shopId,
    chainId: entry.shop.row.chainId,
    today: shopToday(ctx.now, settings.timezone),
  };
  return { entry, settings, asker };
}

/** Items of the asker's membership scope: the chain's in a chain (and this branch's own), else the shop's. */
function inScope(asker: Asker): SQL {
  const own = eq(pointStoreItems.shopId, asker.shopId);
  return asker.chainId === null ? own : or(own, eq(pointStoreItems.chainId, asker.chainId))!;
}

/** Items of the scope, one of them when `id` is given, with their coupon template and activity. */
export async function loadItems(db: Executor, asker: Asker, id?: number): Promise<StoreItem[]> {
  return db
    .select({ item: pointStoreItems, template: couponTemplates, activity: activities })
    .from(pointStoreItems)
    .leftJoin(couponTemplates, eq(couponTemplates.id, pointStoreItems.couponTemplateId))
    .leftJoin(activities, eq(activities.id, couponTemplates.activityId))
    .where(and(inScope(asker), id === undefined ? undefined : eq(pointStoreItems.id, id)))
    .orderBy(pointStoreItems.sort, pointStoreItems.id);
}

/**
 * On sale today: switched on, within its shop-local dates, and for a coupon item a template and activity
 * that are themselves on (a coupon of a closed activity would be held as expired).
 */
export function onSale(s: StoreItem, today: string): boolean {
  const { item } = s;
  if (item.status !== 1) return false;
  if (item.startDate !== null && item.startDate > today) return false;
  if (item.endDate !== null && item.endDate < today) return false;
  if (item.kind === 'coupon') return s.template?.status === 1 && s.activity?.status === 1;
  return true;
}

/** Units left: the item's own stock and, for a coupon, its template's total; null when neither limits. */
export function stockLeft(s: StoreItem): number | null {
  const own = s.item.stock === null ? null : s.item.stock - s.item.exchanged;
  const total = s.template?.total != null ? s.template.total - s.template.issued : null;
  if (own === null) return total === null ? null : Math.max(0, total);
  return Math.max(0, total === null ? own : Math.min(own, total));
}

/** What the member has used of each limit: the item's per-member count and the coupon's per-customer one. */
interface Used {
  items: Map<number, number>;
  templates: Map<number, number>;
}

async function usedBy(db: Executor, memberId: number, phone: string, list: StoreItem[]): Promise<Used> {
  const limitedItems = list.filter((s) => s.item.perMember !== null).map((s) => s.item.id);
  const limitedTemplates = list.flatMap((s) => (s.template?.perCustomer != null ? [s.template.id] : []));
  const [items, templates] = await Promise.all([
    limitedItems.length === 0
      ? []
      : db
          .select({ id: pointExchangeCounts.itemId, n: pointExchangeCounts.quantity })
          .from(pointExchangeCounts)
          .where(
            and(
              eq(pointExchangeCounts.memberId, memberId),
              inArray(pointExchangeCounts.itemId, limitedItems),
            ),
          ),
    limitedTemplates.length === 0
      ? []
      : db
          .select({ id: couponClaims.templateId, n: couponClaims.claimed })
          .from(couponClaims)
          .where(and(eq(couponClaims.ownerPhone, phone), inArray(couponClaims.templateId, limitedTemplates))),
  ]);
  return {
    items: new Map(items.map((r) => [r.id, r.n])),
    templates: new Map(templates.map((r) => [r.id, r.n])),
  };
}

/** Units the limits still allow this member; null when nothing limits them. */
function limitLeft(s: StoreItem, used: Used): number | null {
  const own = s.item.perMember === null ? null : s.item.perMember - (used.items.get(s.item.id) ?? 0);
  const t = s.template;
  const coupon = t?.perCustomer != null ? t.perCustomer - (used.templates.get(t.id) ?? 0) : null;
  if (own === null) return coupon === null ? null : Math.max(0, coupon);
  return Math.max(0, coupon === null ? own : Math.min(own, coupon));
}

/** The member's points and phone (the owner of the coupons an exchange grants). */
export async function memberOf(db: Executor, memberId: number) {
  const [row] = await db
    .select({ points: members.points, phone: members.phone })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row) throw refusePoints('memberRequired');
  return row;
}

function itemView(s: StoreItem, points: number, used: Used, ctx: RequestContext<'session'>): PointStoreItem {
  const { item } = s;
  const stock = stockLeft(s);
  const limit = limitLeft(s, used);
  const affordable = Math.floor(points / item.points);
  const blocked: ItemBlock | null =
    stock === 0 ? 'soldOut' : limit === 0 ? 'limitReached' : affordable === 0 ? 'notEnoughPoints' : null;
  return {
    id: item.id,
    kind: item.kind,
    name: localize(item.name, ctx.catalogueLocale),
    description: localize(item.description, ctx.catalogueLocale),
    image: item.image ? imageUrl(item.image) : '',
    points: item.points,
    stockLeft: stock,
    perMember: item.perMember,
    canExchange: Math.min(stock ?? Infinity, limit ?? Infinity, affordable, MAX_EXCHANGE_QUANTITY),
    blocked,
    endDate: item.endDate,
  };
}

/** activity/getPointExchangeStoreProducts: the items on sale today, with the member's points. */
export async function storeItems(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { openid?: string | undefined },
): Promise<PointStoreInfo> {
  const memberId = askerMember(ctx, input);
  const { asker } = await shopOf(app, ctx, memberId);
  const [member, all] = await Promise.all([memberOf(app.db, memberId), loadItems(app.db, asker)]);
  const list = all.filter((s) => onSale(s, asker.today));
  const used = await usedBy(app.db, memberId, member.phone, list);
  return { points: member.points, items: list.map((s) => itemView(s, member.points, used, ctx)) };
}

/** One item of the scope that is on sale today, or the refusal saying why not. */
export async function itemOnSale(db: Executor, asker: Asker, id: number): Promise<StoreItem> {
  const [found] = await loadItems(db, asker, id);
  if (!found) throw refusePoints('itemNotFound', undefined, 404);
  if (!onSale(found, asker.today)) throw refusePoints('notOnSale');
  return found;
}

/** activity/pointStoreCouponDetail: one item on sale, with its coupon's rules worded as the coupon list does. */
export async function storeItemDetail(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { couponActivityId: number; openid?: string | undefined },
): Promise<PointStoreCouponDetailInfo> {
  const memberId = askerMember(ctx, input);
  const { entry, settings, asker } = await shopOf(app, ctx, memberId);
  const [member, s] = await Promise.all([
    memberOf(app.db, memberId),
    itemOnSale(app.db, asker, input.couponActivityId),
  ]);
  const used = await usedBy(app.db, memberId, member.phone, [s]);
  const parsed = s.template ? pricingCouponOf(s.template, ctx.catalogueLocale) : null;
  const chainName = entry.shop.chainName ? localize(entry.shop.chainName, ctx.catalogueLocale) : null;
  const text = {
    locale: ctx.locale,
    money: {
      shopSymbol: settings.currencySymbol,
      currency: settings.currency,
      decimals: settings.numberDecimals,
    },
  };
  return {
    ...itemView(s, member.points, used, ctx),
    memberPoints: member.points,
    rules:
      parsed && s.template
        ? couponRulesText(parsed, s.template, scopeFactsOf(s.template, chainName, new Map()), text)
        : null,
  };
}

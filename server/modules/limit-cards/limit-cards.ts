// The member's limit cards and their entries (store/limitCardList, store/limitCardUseList). Only the
// session's member is read: `memberId` may name it, any other id reads like a member that does not exist,
// and a card id of anyone else's like a card that does not exist (decision M151).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  limitCardState,
  type LimitCardListInfo,
  type LimitCardRefusal,
  type LimitCardUseListInfo,
  type LimitCardView,
} from '../../../src/domain/api/limit-card';
import { limitCardLedger, memberLimitCards, orderLines, orders, type Text } from '../../db/schema';
import { BusinessError, type RequestContext } from '../../http/action';
import type { MessageParams } from '../../i18n';
import { localize } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { shopToday } from '../../../src/domain/hours';
import { limitCardMessages } from './limit-card-messages';

export const refuseLimitCard = (reason: LimitCardRefusal, params?: MessageParams, status?: number) =>
  new BusinessError(limitCardMessages[reason], params, { reason }, status);

function ownMember(ctx: RequestContext<'session'>, memberId: number | undefined): number {
  const own = ctx.session.memberId;
  if (own === null) throw refuseLimitCard('memberRequired');
  if (memberId !== undefined && memberId !== own) throw refuseLimitCard('memberNotFound', undefined, 404);
  return own;
}

async function shopEntry(app: FastifyInstance, ctx: RequestContext<'session'>): Promise<CatalogEntry> {
  const entry = await app.catalogCache.entry(app.db, ctx.session.shopId, ctx.catalogueLocale, ctx.now);
  if (!entry) throw refuseLimitCard('shopMismatch', undefined, 404);
  return entry;
}

/** Usable cards first (fewest uses left, then soonest to end), then the spent and expired ones, newest first. */
const STATE_ORDER = { usable: 0, notYetValid: 1, usedUp: 2, expired: 3 } as const;
function byUsefulness(a: LimitCardView, b: LimitCardView): number {
  return (
    STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
    (a.state === 'usable' ? (a.validTo ?? '9999').localeCompare(b.validTo ?? '9999') : 0) ||
    b.id - a.id
  );
}

/** store/limitCardList: every card of the session's member, with its state today in the shop. */
export async function limitCardList(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { id?: number | undefined },
): Promise<LimitCardListInfo> {
  if (input.id !== undefined && input.id !== ctx.session.shopId) throw refuseLimitCard('shopMismatch');
  const memberId = ownMember(ctx, undefined);
  const entry = await shopEntry(app, ctx);
  const today = shopToday(ctx.now, entry.shop.row.settings.timezone);
  const rows = await app.db.select().from(memberLimitCards).where(eq(memberLimitCards.memberId, memberId));
  const locale = ctx.catalogueLocale;
  const list = rows.map((card): LimitCardView => {
    const products = card.productIds.flatMap((id) => {
      const row = entry.catalogue.row(id);
      return row ? [{ id, name: localize(row.name, locale), image: row.image }] : [];
    });
    return {
      id: card.id,
      name: localize(card.name, locale),
      totalUses: card.totalUses,
      usedUses: card.usedUses,
      remainingUses: card.totalUses - card.usedUses,
      validFrom: card.validFrom,
      validTo: card.validTo,
      state: limitCardState(card, today),
      productIds: card.productIds,
      products,
      createdAt: card.createdAt.toISOString(),
    };
  });
  return { list: list.sort(byUsefulness) };
}

/** The units each listed order's lines had paid by each card, by product, named. */
async function paidUnits(app: FastifyInstance, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return app.db
    .select({
      orderId: orderLines.orderId,
      cardId: orderLines.limitCardId,
      productId: orderLines.productId,
      name: orderLines.name,
      quantity: orderLines.limitCardUses,
    })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, orderIds), sql`${orderLines.limitCardUses} > 0`))
    .orderBy(orderLines.orderId, orderLines.position);
}

/** store/limitCardUseList: the member's card entries, newest first, of one card or one product if asked. */
export async function limitCardUseList(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: {
    productId?: number | undefined;
    cardId?: number | undefined;
    memberId?: number | undefined;
    page: number;
    pageLimit: number;
  },
): Promise<LimitCardUseListInfo> {
  const memberId = ownMember(ctx, input.memberId);
  if (input.cardId !== undefined) {
    const [own] = await app.db
      .select({ id: memberLimitCards.id })
      .from(memberLimitCards)
      .where(and(eq(memberLimitCards.id, input.cardId), eq(memberLimitCards.memberId, memberId)));
    if (!own) throw refuseLimitCard('cardNotFound', undefined, 404);
  }
  const conditions = [eq(limitCardLedger.memberId, memberId)];
  if (input.cardId !== undefined) conditions.push(eq(limitCardLedger.cardId, input.cardId));
  if (input.productId !== undefined)
    conditions.push(
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${limitCardLedger.orderId}
        and ${orderLines.limitCardId} = ${limitCardLedger.cardId} and ${orderLines.productId} = ${input.productId})`,
    );
  const rows = await app.db
    .select({ row: limitCardLedger, orderNo: orders.orderNo, cardName: memberLimitCards.name })
    .from(limitCardLedger)
    .innerJoin(memberLimitCards, eq(memberLimitCards.id, limitCardLedger.cardId))
    .leftJoin(orders, eq(orders.id, limitCardLedger.orderId))
    .where(and(...conditions))
    .orderBy(desc(limitCardLedger.id))
    .limit(input.pageLimit + 1)
    .offset((input.page - 1) * input.pageLimit);
  const page = rows.slice(0, input.pageLimit);
  const orderIds = [...new Set(page.flatMap(({ row }) => (row.orderId === null ? [] : [row.orderId])))];
  const units = await paidUnits(app, orderIds);
  const locale = ctx.catalogueLocale;
  const named = (name: Text) => localize(name, locale);
  return {
    list: page.map(({ row, orderNo, cardName }) => ({
      id: row.id,
      cardId: row.cardId,
      cardName: named(cardName),
      kind: row.kind,
      usesDelta: row.usesDelta,
      remainingAfter: row.remainingAfter,
      orderId: row.orderId,
      orderNo: orderNo ?? null,
      products: units
        .filter((u) => u.orderId === row.orderId && u.cardId === row.cardId)
        .map((u) => ({ id: u.productId, name: named(u.name), quantity: u.quantity })),
      createdAt: row.createdAt.toISOString(),
    })),
    page: input.page,
    pageLimit: input.pageLimit,
    hasMore: rows.length > input.pageLimit,
  };
}

// The member's own statements (vip/doc, vip/pointDoc): the ledger rows that moved money, or points, newest
// first, paged. Only the session's member is read: the spec's `id` may name it, and any other id reads
// like a member that does not exist (decision M99).
import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DOC_PAGE_SIZE, type MemberDocInfo, type PointDocInfo } from '../../../src/domain/api/member-money';
import { memberLedger, members, orders } from '../../db/schema';
import type { RequestContext } from '../../http/action';
import { memberMoneyMessages } from './member-money-messages';
import { refuseMoney, shopMoney } from './rules';

function ownMember(ctx: RequestContext<'session'>, id: number | undefined): number {
  const memberId = ctx.session.memberId;
  if (memberId === null) throw refuseMoney('memberRequired', memberMoneyMessages.memberRequired);
  if (id !== undefined && id !== memberId)
    throw refuseMoney('memberNotFound', memberMoneyMessages.memberNotFound, undefined, 404);
  return memberId;
}

/** One page of the member's rows matching `moved`, newest first, with one row more to tell if there are more. */
async function pageOf(app: FastifyInstance, memberId: number, moved: ReturnType<typeof or>, page: number) {
  const rows = await app.db
    .select({ row: memberLedger, orderNo: orders.orderNo })
    .from(memberLedger)
    .leftJoin(orders, eq(orders.id, memberLedger.orderId))
    .where(and(eq(memberLedger.memberId, memberId), moved))
    .orderBy(desc(memberLedger.id))
    .limit(DOC_PAGE_SIZE + 1)
    .offset((page - 1) * DOC_PAGE_SIZE);
  return { rows: rows.slice(0, DOC_PAGE_SIZE), hasMore: rows.length > DOC_PAGE_SIZE };
}

/** vip/doc: the rows that moved the stored or gift balance. */
export async function memberDoc(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { id?: number | undefined; page: number },
): Promise<MemberDocInfo> {
  const memberId = ownMember(ctx, input.id);
  const shop = await shopMoney(app, ctx);
  const moved = or(ne(memberLedger.amountDelta, 0), ne(memberLedger.giftDelta, 0));
  const { rows, hasMore } = await pageOf(app, memberId, moved, input.page);
  return {
    list: rows.map(({ row, orderNo }) => ({
      id: row.id,
      kind: row.kind,
      amountDelta: row.amountDelta,
      giftDelta: row.giftDelta,
      amountAfter: row.amountAfter,
      giftAfter: row.giftAfter,
      orderNo: orderNo ?? null,
      rechargeId: row.rechargeId,
      createdAt: row.createdAt.toISOString(),
    })),
    page: input.page,
    pageSize: DOC_PAGE_SIZE,
    hasMore,
    currency: shop.row.settings.currency,
    numberDecimals: shop.row.settings.numberDecimals,
  };
}

/** vip/pointDoc: the rows that moved points, with the member's points now. */
export async function pointDoc(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { id?: number | undefined; page: number },
): Promise<PointDocInfo> {
  const memberId = ownMember(ctx, input.id);
  const moved = or(ne(memberLedger.pointsDelta, 0));
  const { rows, hasMore } = await pageOf(app, memberId, moved, input.page);
  const [member] = await app.db
    .select({ points: members.points })
    .from(members)
    .where(eq(members.id, memberId));
  return {
    list: rows.map(({ row, orderNo }) => ({
      id: row.id,
      kind: row.kind,
      pointsDelta: row.pointsDelta,
      pointsAfter: row.pointsAfter,
      orderNo: orderNo ?? null,
      rechargeId: row.rechargeId,
      createdAt: row.createdAt.toISOString(),
    })),
    points: member?.points ?? 0,
    page: input.page,
    pageSize: DOC_PAGE_SIZE,
    hasMore,
  };
}

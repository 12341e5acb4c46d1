// Exchanging points in the points store (activity/pointExchangeProduct, activity/pointExchangeDetail).
//
// One exchange is one transaction (decisions M132–M136), in this order:
//   1. the exchange row claims the member's idempotency key (`on conflict do nothing`): a twin request
//      waits on the first's index entry and then finds it taken, so one key exchanges once;
//   2. the points leave through the member ledger (`pointsExchange:<exchangeId>`, a conditional update that
//      never goes below zero, the member row locked from here to the commit);
//   3. the item's stock by conditional update (`exchanged + q <= stock`);
//   4. the per-member limit by conditional upsert of point_exchange_counts (`quantity + q <= perMember`);
//   5. coupon items: each unit granted by the coupon module's claimInTx (the template's total and
//      per-customer limit hold there), source 'pointStore'; product items carry a collect code instead.
// Any refusal throws and rolls back everything before it. Every exchange locks the member row first, then
// the item, then the coupon template, so exchanges never wait on each other in a cycle.
import { randomInt } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PointExchangeInput, PointExchangeView } from '../../../src/domain/api/point-store';
import { rowsOf, type Executor, type Tx } from '../../db/client';
import { couponTemplates, memberLedger, pointExchanges, pointStoreItems } from '../../db/schema';
import { BusinessError, type RequestContext } from '../../http/action';
import { imageUrl, localize } from '../catalog/catalog';
import { claimInTx } from '../coupons/coupons';
import { LedgerShortError, postLedger } from '../member-money/ledger';
import type { CatalogueLocale } from '../../../src/domain/enums';
import {
  askerMember,
  itemOnSale,
  memberOf,
  refusePoints,
  shopOf,
  stockLeft,
  type Asker,
  type StoreItem,
} from './items';

export const pointsExchangeKey = (exchangeId: number) => `pointsExchange:${exchangeId}`;

/** Letters and digits staff cannot misread at the counter (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;

export function newCollectCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The exchange with its item, its coupon's name and its ledger row's points-after, for the reply. */
async function readExchange(db: Executor, where: SQL | undefined) {
  const [found] = await db
    .select({
      row: pointExchanges,
      item: pointStoreItems,
      couponName: couponTemplates.name,
      pointsAfter: memberLedger.pointsAfter,
    })
    .from(pointExchanges)
    .innerJoin(pointStoreItems, eq(pointStoreItems.id, pointExchanges.itemId))
    .leftJoin(couponTemplates, eq(couponTemplates.id, pointStoreItems.couponTemplateId))
    .innerJoin(memberLedger, eq(memberLedger.key, sql`'pointsExchange:' || ${pointExchanges.id}`))
    .where(where);
  return found ?? null;
}

function exchangeView(
  found: NonNullable<Awaited<ReturnType<typeof readExchange>>>,
  locale: CatalogueLocale,
): PointExchangeView {
  const { row, item } = found;
  const couponName = localize(found.couponName, locale);
  return {
    id: row.id,
    itemId: item.id,
    kind: item.kind,
    name: localize(item.name, locale),
    image: item.image ? imageUrl(item.image) : '',
    quantity: row.quantity,
    points: row.points,
    pointsAfter: found.pointsAfter,
    coupons: row.couponIds.map((id) => ({ id, name: couponName })),
    collectCode: row.collectCode,
    collected: row.collectedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const byKey = (memberId: number, key: string) =>
  and(eq(pointExchanges.memberId, memberId), eq(pointExchanges.idempotencyKey, key));

/** The exchange an earlier request with this key made, or null; the key names one item and quantity. */
async function earlierExchange(
  db: Executor,
  memberId: number,
  input: PointExchangeInput,
  locale: CatalogueLocale,
): Promise<PointExchangeView | null> {
  const found = await readExchange(db, byKey(memberId, input.idempotencyKey));
  if (!found) return null;
  if (found.row.itemId !== input.activityId || found.row.quantity !== input.quantity)
    throw refusePoints('idempotencyConflict');
  return exchangeView(found, locale);
}

/** The refusals a read can tell before anything is written (the transaction decides them again). */
function precheck(s: StoreItem, quantity: number, points: number): void {
  const cost = s.item.points * quantity;
  const stock = stockLeft(s);
  if (stock !== null && stock < quantity) throw refusePoints('soldOut');
  const limit = s.item.perMember;
  if (limit !== null && quantity > limit) throw refusePoints('limitReached', { limit });
  if (points < cost) throw refusePoints('notEnoughPoints', { need: cost });
}

interface Exchange {
  asker: Asker;
  customerId: number;
  owner: string;
  store: StoreItem;
  quantity: number;
  key: string;
  now: Date;
}

/** Step 1: the row that claims the key; null when a twin with the same key got there first. */
async function claimKey(tx: Tx, x: Exchange): Promise<number | null> {
  const { item } = x.store;
  const [row] = await tx
    .insert(pointExchanges)
    .values({
      itemId: item.id,
      memberId: x.asker.memberId,
      customerId: x.customerId,
      shopId: x.asker.shopId,
      quantity: x.quantity,
      points: item.points * x.quantity,
      idempotencyKey: x.key,
      collectCode: item.kind === 'product' ? newCollectCode() : null,
      createdAt: x.now,
    })
    .onConflictDoNothing({ target: [pointExchanges.memberId, pointExchanges.idempotencyKey] })
    .returning({ id: pointExchanges.id });
  return row?.id ?? null;
}

/** Step 2: the points, through the member ledger; a balance too small rolls the exchange back. */
async function debitPoints(tx: Tx, x: Exchange, exchangeId: number): Promise<void> {
  const cost = x.store.item.points * x.quantity;
  try {
    await postLedger(tx, {
      memberId: x.asker.memberId,
      kind: 'pointsExchange',
      key: pointsExchangeKey(exchangeId),
      pointsDelta: -cost,
      now: x.now,
    });
  } catch (error) {
    if (!(error instanceof LedgerShortError)) throw error;
    throw refusePoints('notEnoughPoints', { need: cost });
  }
}

/** Steps 3 and 4: the item's stock and the member's count, each a conditional write. */
async function takeStockAndLimit(tx: Tx, x: Exchange): Promise<void> {
  const { item } = x.store;
  const q = x.quantity;
  const [taken] = await tx
    .update(pointStoreItems)
    .set({ exchanged: sql`${pointStoreItems.exchanged} + ${q}` })
    .where(
      and(
        eq(pointStoreItems.id, item.id),
        eq(pointStoreItems.status, 1),
        sql`(${pointStoreItems.stock} is null or ${pointStoreItems.exchanged} + ${q} <= ${pointStoreItems.stock})`,
      ),
    )
    .returning({ id: pointStoreItems.id });
  if (!taken) throw refusePoints('soldOut');
  if (item.perMember === null) return;
  const counted = await tx.execute(sql`
    insert into point_exchange_counts (item_id, member_id, quantity)
    select ${item.id}, ${x.asker.memberId}, ${q} where ${q} <= ${item.perMember}
    on conflict (item_id, member_id) do update
      set quantity = point_exchange_counts.quantity + excluded.quantity
      where point_exchange_counts.quantity + excluded.quantity <= ${item.perMember}
    returning quantity`);
  if (rowsOf(counted).length === 0) throw refusePoints('limitReached', { limit: item.perMember });
}

/** Step 5 (coupon items): each unit granted once by its reference; the coupon's own limits refuse here. */
async function grantCoupons(tx: Tx, x: Exchange, exchangeId: number): Promise<number[]> {
  const { template, activity } = x.store;
  if (!template || !activity) return [];
  const who = { ...x.asker, owner: x.owner, now: x.now };
  const ids: number[] = [];
  for (let n = 0; n < x.quantity; n++) {
    try {
      const row = await claimInTx(
        tx,
        {
          activity,
          template,
          channel: 'activity',
          source: 'pointStore',
          grantRef: `pointExchange:${exchangeId}:${n}`,
        },
        who,
      );
      ids.push(row.id);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      const reason = (error.info as { reason?: string } | null)?.reason;
      if (reason === 'limitReached')
        throw refusePoints('limitReached', { limit: template.perCustomer ?? x.quantity });
      throw refusePoints('soldOut');
    }
  }
  await tx.update(pointExchanges).set({ couponIds: ids }).where(eq(pointExchanges.id, exchangeId));
  return ids;
}

/**
 * activity/pointExchangeProduct: points for `quantity` units of an item, once per key. A replay (or a twin
 * that lost the race for the key) answers with the first exchange.
 */
export async function exchangePoints(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: PointExchangeInput,
): Promise<PointExchangeView> {
  const memberId = askerMember(ctx, input);
  const locale = ctx.catalogueLocale;
  const earlier = await earlierExchange(app.db, memberId, input, locale);
  if (earlier) return earlier;
  const { asker } = await shopOf(app, ctx, memberId);
  const [member, store] = await Promise.all([
    memberOf(app.db, memberId),
    itemOnSale(app.db, asker, input.activityId),
  ]);
  precheck(store, input.quantity, member.points);
  const x: Exchange = {
    asker,
    customerId: ctx.session.customerId,
    owner: member.phone,
    store,
    quantity: input.quantity,
    key: input.idempotencyKey,
    now: ctx.now,
  };
  const made = await app.db.transaction(async (tx) => {
    const exchangeId = await claimKey(tx, x);
    if (exchangeId === null) return null;
    await debitPoints(tx, x, exchangeId);
    await takeStockAndLimit(tx, x);
    await grantCoupons(tx, x, exchangeId);
    return exchangeId;
  });
  // A twin with the same key committed first: its exchange is this request's answer.
  const found =
    made === null
      ? await earlierExchange(app.db, memberId, input, locale)
      : await readExchange(app.db, eq(pointExchanges.id, made)).then((f) => f && exchangeView(f, locale));
  if (!found) throw refusePoints('exchangeNotFound', undefined, 404);
  return found;
}

/** activity/pointExchangeDetail: one exchange of the session's member; any other reads as not found. */
export async function exchangeDetail(
  app: FastifyInstance,
  ctx: RequestContext<'session'>,
  input: { id: number },
): Promise<PointExchangeView> {
  const memberId = askerMember(ctx, {});
  const found = await readExchange(
    app.db,
    and(eq(pointExchanges.id, input.id), eq(pointExchanges.memberId, memberId)),
  );
  if (!found) throw refusePoints('exchangeNotFound', undefined, 404);
  return exchangeView(found, ctx.catalogueLocale);
}

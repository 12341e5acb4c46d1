// The limit card of an order (decisions M150–M155): checked for its owner, dates and uses before pricing,
// applied by the same engine as the browser's (src/pricing/limit-card.ts), its uses reserved in the
// transaction that inserts the order, and given back exactly once when the order ends without being paid
// for or is refunded (not when its appointment is a no-show). The order names its card (orders.limit_card_id) and its lines the units the card
// pays, so a status change of an order without a card spends no statement on cards.
import { and, eq, sql } from 'drizzle-orm';
import type { LimitCardRefusal } from '../../../src/domain/api/limit-card';
import { limitCardState } from '../../../src/domain/api/limit-card';
import type { CatalogueLocale } from '../../../src/domain/enums';
import type { PricingLimitCard, PricingResult } from '../../../src/domain/pricing';
import { rowsOf, type Executor } from '../../db/client';
import { limitCardLedger, memberLimitCards, type OrderLineRow, type OrderRow } from '../../db/schema';
import type { TakenAfter } from '../orders/order-status';
import { BusinessError, type Session } from '../../http/action';
import type { MessageParams } from '../../i18n';
import { localize } from '../catalog/catalog';
import { limitCardMessages } from './limit-card-messages';

export const orderUseKey = (orderId: number, cardId: number) => `limitCard:order:${orderId}:${cardId}`;
export const orderReturnKey = (orderId: number, cardId: number) => `limitCard:return:${orderId}:${cardId}`;

/** order/confirm's refusal of a card: reason limitCardUnusable, and why in `limitCardReason`. */
export function cardUnusable(reason: LimitCardRefusal, params?: MessageParams): BusinessError {
  return new BusinessError(limitCardMessages[reason], params, {
    reason: 'limitCardUnusable',
    limitCardReason: reason,
  });
}

/** The card the cart names, as the engine takes it, with its name for the refusals that follow pricing. */
export interface ChosenLimitCard {
  pricing: PricingLimitCard;
  name: string;
}

/**
 * The session member's own card, valid today with uses left; anything else refuses the order before
 * anything is written. Another member's card (of this scope or another) reads as not found.
 */
export async function chosenLimitCard(
  db: Executor,
  session: Session,
  cardId: number,
  today: string,
  locale: CatalogueLocale,
): Promise<ChosenLimitCard> {
  if (session.memberId === null) throw cardUnusable('memberRequired');
  const [card] = await db
    .select()
    .from(memberLimitCards)
    .where(and(eq(memberLimitCards.id, cardId), eq(memberLimitCards.memberId, session.memberId)));
  if (!card) throw cardUnusable('cardNotFound');
  const name = localize(card.name, locale);
  const state = limitCardState(card, today);
  if (state === 'expired') throw cardUnusable('cardExpired', { name, date: card.validTo ?? '' });
  if (state === 'notYetValid') throw cardUnusable('cardNotYetValid', { name, date: card.validFrom });
  if (state === 'usedUp') throw cardUnusable('cardUsedUp', { name });
  return {
    pricing: { id: card.id, productIds: card.productIds, remaining: card.totalUses - card.usedUses },
    name,
  };
}

/** The card the order reserves after pricing; a card that pays for nothing in this cart is refused. */
export function limitCardToReserve(pricing: PricingResult, chosen: ChosenLimitCard | null): number | null {
  if (chosen === null) return null;
  if (!pricing.limitCard || pricing.limitCard.uses === 0)
    throw cardUnusable('cardNotCovering', { name: chosen.name });
  return chosen.pricing.id;
}

/**
 * Reserves the uses the order's lines take, in the order's transaction, in one statement: the conditional
 * UPDATE (used + n ≤ total, the member's own card) and its `limitCard:order:<order>:<card>` ledger row.
 * Uses another order took first (a lost race) refuse this order and roll its transaction back.
 */
export async function reserveLimitCard(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'limitCardId' | 'memberId'>,
  lines: readonly Pick<OrderLineRow, 'productId' | 'limitCardUses'>[],
  now: Date,
): Promise<void> {
  if (order.limitCardId === null || order.memberId === null) return;
  const uses = lines.reduce((n, l) => n + l.limitCardUses, 0);
  const products = new Set(lines.filter((l) => l.limitCardUses > 0).map((l) => l.productId));
  const productId = products.size === 1 ? [...products][0]! : null;
  const result = await tx.execute(sql`
    with moved as (
      update ${memberLimitCards} set used_uses = used_uses + ${uses}
      where id = ${order.limitCardId} and member_id = ${order.memberId} and used_uses + ${uses} <= total_uses
      returning id, member_id, total_uses - used_uses as remaining
    ), posted as (
      insert into ${limitCardLedger} (card_id, member_id, kind, key, order_id, product_id, uses_delta,
        remaining_after, created_at)
      select id, member_id, 'orderUse', ${orderUseKey(order.id, order.limitCardId)}, ${order.id}, ${productId},
        ${-uses}, remaining, ${now.toISOString()}::timestamptz
      from moved
      returning card_id
    )
    select posted.card_id from posted`);
  if (rowsOf(result).length === 0) throw cardUnusable('cardTaken');
}

/**
 * Keeps the order's card in step with a status change just written (server/modules/orders/order-status.ts
 * decides `taken`): cancelled, expired, refused, closed or refunded (in full: every refund is) → the uses
 * the order took go back, once; a no-show keeps them (decision A22). The return's key is claimed in the statement that moves the uses, so a replayed change, or a
 * cancel racing an expiry, gives them back once; the row's remaining-after is filled in by a second
 * statement, which no other transaction sees before the commit.
 */
export async function limitCardFollowsOrder(
  tx: Executor,
  row: OrderRow,
  taken: TakenAfter,
  now: Date,
): Promise<void> {
  if (row.limitCardId === null || taken !== 'release') return;
  const result = await tx.execute(sql`
    with used as (
      select card_id, member_id, product_id, -uses_delta as n from ${limitCardLedger}
      where key = ${orderUseKey(row.id, row.limitCardId)}
    ), claim as (
      insert into ${limitCardLedger} (card_id, member_id, kind, key, order_id, product_id, uses_delta,
        remaining_after, created_at)
      select card_id, member_id, 'orderReturn', ${orderReturnKey(row.id, row.limitCardId)}, ${row.id},
        product_id, n, 0, ${now.toISOString()}::timestamptz
      from used
      on conflict (key) do nothing
      returning id, card_id, uses_delta
    ), moved as (
      update ${memberLimitCards} c set used_uses = c.used_uses - claim.uses_delta
      from claim where c.id = claim.card_id and c.used_uses >= claim.uses_delta
      returning claim.id as entry_id, c.total_uses - c.used_uses as remaining
    )
    select claim.id, moved.remaining from claim left join moved on moved.entry_id = claim.id`);
  const [claimed] = rowsOf<{ id: number; remaining: number | null }>(result);
  if (!claimed) return;
  // The card holds fewer used uses than the order took: its rows disagree, so nothing may be written.
  if (claimed.remaining === null)
    throw new Error(`limit card ${row.limitCardId} cannot take back order ${row.id}`);
  await tx
    .update(limitCardLedger)
    .set({ remainingAfter: Number(claimed.remaining) })
    .where(eq(limitCardLedger.id, Number(claimed.id)));
}

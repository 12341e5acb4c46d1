// Issuing limit cards (decisions M156–M158). A card is issued once per grant reference: the card row and
// its `limitCard:grant:<card>` ledger row (+ total uses) are one statement, the insert `on conflict
// (grant_ref) do nothing` deciding whether this grant is new, so a replayed recharge notification or a
// seeder run twice issues nothing more. The template must be active and of the member's membership scope;
// the card copies its name and products, and is valid from the day it is issued (shop-local) for the
// template's validDays.
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor, type Tx } from '../../db/client';
import {
  limitCardLedger,
  limitCardTemplates,
  memberLimitCards,
  members,
  shops,
  type RechargeRow,
} from '../../db/schema';
import { shopToday } from '../../../src/domain/hours';

export interface LimitCardGrant {
  memberId: number;
  templateId: number;
  /** What issues it, once ('recharge:<id>:<template>:<n>', 'seed:<...>'). */
  grantRef: string;
  /** The shop-local day it is issued: its first valid day. */
  today: string;
  now: Date;
}

/** The card id issued, or null when the reference was issued before or the template cannot be granted. */
export async function issueLimitCard(db: Executor, grant: LimitCardGrant): Promise<number | null> {
  const at = grant.now.toISOString();
  const result = await db.execute(sql`
    with tpl as (
      select t.id, t.name, t.product_ids, t.uses, t.valid_days
      from ${limitCardTemplates} t join ${members} m on m.id = ${grant.memberId}
      where t.id = ${grant.templateId} and t.status = 1
        and (t.chain_id = m.chain_id or t.shop_id = m.shop_id)
    ), card as (
      insert into ${memberLimitCards} (member_id, template_id, name, product_ids, total_uses, used_uses,
        valid_from, valid_to, grant_ref, created_at)
      select ${grant.memberId}, tpl.id, tpl.name, tpl.product_ids, tpl.uses, 0, ${grant.today},
        case when tpl.valid_days is null then null
          else to_char(${grant.today}::date + (tpl.valid_days - 1), 'YYYY-MM-DD') end,
        ${grant.grantRef}, ${at}::timestamptz
      from tpl
      on conflict (grant_ref) do nothing
      returning id, member_id, total_uses
    ), posted as (
      insert into ${limitCardLedger} (card_id, member_id, kind, key, uses_delta, remaining_after, created_at)
      select id, member_id, 'grant', 'limitCard:grant:' || id, total_uses, total_uses, ${at}::timestamptz
      from card
      returning card_id
    )
    select card_id from posted`);
  const [row] = rowsOf<{ card_id: number }>(result);
  return row ? Number(row.card_id) : null;
}

/**
 * The limit cards a recharge tier grants, in the transaction that credits the recharge: each card once by
 * `recharge:<rechargeId>:<templateId>:<n>`. A template that is no longer active or not of the member's
 * scope is skipped, and the money is credited all the same (as recharge coupons are, decision M88).
 */
export async function grantRechargeLimitCards(tx: Tx, recharge: RechargeRow, now: Date): Promise<number[]> {
  if (recharge.limitCards.length === 0) return [];
  const [shop] = await tx
    .select({ settings: shops.settings })
    .from(shops)
    .where(eq(shops.id, recharge.shopId));
  if (!shop) return [];
  const today = shopToday(now, shop.settings.timezone);
  const issued: number[] = [];
  for (const grant of recharge.limitCards) {
    for (let n = 0; n < grant.quantity; n++) {
      const id = await issueLimitCard(tx, {
        memberId: recharge.memberId,
        templateId: grant.templateId,
        grantRef: `recharge:${recharge.id}:${grant.templateId}:${n}`,
        today,
        now,
      });
      if (id !== null) issued.push(id);
    }
  }
  return issued;
}

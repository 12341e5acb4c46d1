// The member ledger's one way in (docs/decisions.md M80–M84): every change of a member's stored balance,
// gift balance or points is posted here, inside the transaction that makes the change, as a row whose
// unique key names the event (`recharge:12`, `orderRefund:40`, `points:earn:7`). The card payment itself
// writes its `orderPay:<paymentId>` row in the same statement as its debit (payments.ts spendFromCard).
//
// Why the key is claimed before the balance moves: the insert `on conflict do nothing` is the only
// statement that decides whether the event is new. A second transaction with the same key waits on the
// first's index entry and then finds it taken, so a replayed notification, a refund retried, or a pay
// and its poll racing each other move the balance once. The balance update that follows is conditional
// (no bucket below zero), and the member row's check constraint stays the last word.
import { and, eq, sql } from 'drizzle-orm';
import type { LedgerKind } from '../../../src/domain/api/member-money';
import { rowsOf, type Tx } from '../../db/client';
import { memberLedger, memberMoneyRules, members } from '../../db/schema';

export interface LedgerPosting {
  memberId: number;
  kind: LedgerKind;
  key: string;
  amountDelta?: number;
  giftDelta?: number;
  pointsDelta?: number;
  orderId?: number | null;
  paymentId?: number | null;
  rechargeId?: number | null;
  now: Date;
}

export interface Posted {
  id: number;
  amountAfter: number;
  giftAfter: number;
  pointsAfter: number;
}

/** A posting that would take a bucket below zero: the caller's transaction must roll back. */
export class LedgerShortError extends Error {
  constructor(readonly key: string) {
    super(`member ledger posting ${key} would take a balance below zero`);
    this.name = 'LedgerShortError';
  }
}

/**
 * Posts one change: null when its key was posted before (nothing changes). Two statements: the key
 * claimed with the balance moved (a CTE, so the update runs only when the claim inserted), then the row's
 * after-balances filled in; no other transaction sees the row before its commit.
 */
export async function postLedger(tx: Tx, p: LedgerPosting): Promise<Posted | null> {
  const a = p.amountDelta ?? 0;
  const g = p.giftDelta ?? 0;
  const pts = p.pointsDelta ?? 0;
  const at = p.now.toISOString();
  const result = await tx.execute(sql`
    with claim as (
      insert into ${memberLedger} (member_id, kind, key, order_id, payment_id, recharge_id, amount_delta,
        gift_delta, points_delta, amount_after, gift_after, points_after, created_at)
      values (${p.memberId}, ${p.kind}, ${p.key}, ${p.orderId ?? null}, ${p.paymentId ?? null},
        ${p.rechargeId ?? null}, ${a}, ${g}, ${pts}, 0, 0, 0, ${at}::timestamptz)
      on conflict (key) do nothing
      returning id
    ), moved as (
      update ${members}
      set amount = amount + ${a}, gift_amount = gift_amount + ${g}, points = points + ${pts}
      where id = ${p.memberId} and exists (select 1 from claim)
        and amount + ${a} >= 0 and gift_amount + ${g} >= 0 and points + ${pts} >= 0
      returning amount, gift_amount, points
    )
    select claim.id, moved.amount, moved.gift_amount, moved.points from claim left join moved on true`);
  const [row] = rowsOf<{
    id: number;
    amount: number | null;
    gift_amount: number | null;
    points: number | null;
  }>(result);
  if (!row) return null;
  if (row.amount === null || row.gift_amount === null || row.points === null)
    throw new LedgerShortError(p.key);
  const posted = {
    id: Number(row.id),
    amountAfter: Number(row.amount),
    giftAfter: Number(row.gift_amount),
    pointsAfter: Number(row.points),
  };
  await tx
    .update(memberLedger)
    .set({ amountAfter: posted.amountAfter, giftAfter: posted.giftAfter, pointsAfter: posted.pointsAfter })
    .where(eq(memberLedger.id, posted.id));
  return posted;
}

// ---- points ---------------------------------------------------------------------------------------------

/** The key of the points an order earned, and of their reversal. */
export const pointsEarnKey = (orderId: number) => `points:earn:${orderId}`;
export const pointsReverseKey = (orderId: number) => `points:reverse:${orderId}`;

/**
 * Points for `paid` minor units at `numberDecimals`: the scope's points per whole currency unit, rounded
 * down (decision M95), so 35.90 at 1 point per unit earns 35.
 */
export const pointsFor = (paid: number, numberDecimals: number, perUnit: number): number =>
  perUnit <= 0 ? 0 : Math.floor((paid * perUnit) / 10 ** numberDecimals);

interface PaidOrder {
  id: number;
  memberId: number | null;
  total: number;
  numberDecimals: number;
}

/**
 * The points a paid order earns its member, inside the transaction that marked it paid (card or gateway).
 * An order placed without a member card earns none; a replayed pay finds the key taken.
 */
export async function earnPointsInTx(tx: Tx, order: PaidOrder, now: Date): Promise<number> {
  if (order.memberId === null) return 0;
  const [rule] = await tx
    .select({ perUnit: memberMoneyRules.pointsPerUnit })
    .from(members)
    .innerJoin(
      memberMoneyRules,
      sql`(${memberMoneyRules.chainId} = ${members.chainId} or ${memberMoneyRules.shopId} = ${members.shopId})`,
    )
    .where(eq(members.id, order.memberId));
  const points = pointsFor(order.total, order.numberDecimals, rule?.perUnit ?? 0);
  if (points === 0) return 0;
  const posted = await postLedger(tx, {
    memberId: order.memberId,
    kind: 'pointsEarn',
    key: pointsEarnKey(order.id),
    pointsDelta: points,
    orderId: order.id,
    now,
  });
  return posted ? points : 0;
}

/**
 * Takes back the points an order earned, inside the transaction that gives its money back. At most what
 * the member still holds is taken (decision M96: points already spent are not turned into a debt); the
 * row records what was actually taken. Returns that amount (0 when the order earned none, or it was
 * reversed before).
 */
export async function reversePointsInTx(tx: Tx, orderId: number, now: Date): Promise<number> {
  const [earned] = await tx
    .select({ memberId: memberLedger.memberId, points: memberLedger.pointsDelta })
    .from(memberLedger)
    .where(and(eq(memberLedger.key, pointsEarnKey(orderId))));
  if (!earned) return 0;
  // The member row is locked so the amount taken cannot go stale before the conditional update.
  const [held] = await tx
    .select({ points: members.points })
    .from(members)
    .where(eq(members.id, earned.memberId))
    .for('update');
  const take = Math.min(earned.points, held?.points ?? 0);
  const posted = await postLedger(tx, {
    memberId: earned.memberId,
    kind: 'pointsReverse',
    key: pointsReverseKey(orderId),
    pointsDelta: -take,
    orderId,
    now,
  });
  return posted ? take : 0;
}

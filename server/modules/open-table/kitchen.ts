// The shop's side of an open table (decisions T20, T30): the kitchen accepts or rejects a guest's round,
// moves each accepted line to cooking and served or returns it with a reason, and the staff start and stop
// the hourly timer and close the tab. Every move is one conditional UPDATE from the states it may leave
// (a move that lost a race, or from the wrong state, changes nothing and is refused), bumps the tab's
// version in the same transaction so every phone at the table sees it, and touches only this shop's tabs.
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { KitchenAction } from '../../../src/domain/api/open-table';
import type { Database, Executor } from '../../db/client';
import {
  tableBillParts,
  tableRoundLines,
  tableRounds,
  tableTabs,
  type TableLineState,
} from '../../db/schema';
import { BusinessError } from '../../http/action';
import { releaseStock } from '../catalog/stock';
import { setTableStatus } from './bill';
import { openTableMessages } from './open-table-messages';

export interface KitchenInput {
  /** The round (acceptRound, rejectRound), the line (cookLine, serveLine, returnLine) or the tab. */
  id: number;
  reason?: string;
}

/** The tab's id after the move; refuses with 404 (not this shop's) or 409 (from the wrong state). */
export async function kitchenAct(
  db: Database,
  shopId: number,
  action: KitchenAction,
  input: KitchenInput,
  now: Date,
): Promise<{ tabId: number }> {
  return db.transaction(async (tx) => {
    const tabId = await tabOf(tx, shopId, action, input.id);
    if (tabId === null)
      throw new BusinessError(openTableMessages.kitchenNotFound, undefined, { reason: 'notFound' }, 404);
    const moved = await move(tx, action, input, tabId, now);
    if (!moved)
      throw new BusinessError(openTableMessages.kitchenWrongState, undefined, { reason: 'wrongState' }, 409);
    await tx
      .update(tableTabs)
      .set({ version: sql`${tableTabs.version} + 1` })
      .where(eq(tableTabs.id, tabId));
    return { tabId };
  });
}

/** The tab the id names through its round or line, only when the tab is this shop's. */
async function tabOf(
  tx: Executor,
  shopId: number,
  action: KitchenAction,
  id: number,
): Promise<number | null> {
  const own = eq(tableTabs.shopId, shopId);
  if (action === 'acceptRound' || action === 'rejectRound') {
    const [row] = await tx
      .select({ id: tableTabs.id })
      .from(tableRounds)
      .innerJoin(tableTabs, eq(tableTabs.id, tableRounds.tabId))
      .where(and(eq(tableRounds.id, id), own));
    return row?.id ?? null;
  }
  if (action === 'cookLine' || action === 'serveLine' || action === 'returnLine') {
    const [row] = await tx
      .select({ id: tableTabs.id })
      .from(tableRoundLines)
      .innerJoin(tableTabs, eq(tableTabs.id, tableRoundLines.tabId))
      .where(and(eq(tableRoundLines.id, id), own));
    return row?.id ?? null;
  }
  const [row] = await tx
    .select({ id: tableTabs.id })
    .from(tableTabs)
    .where(and(eq(tableTabs.id, id), own));
  return row?.id ?? null;
}

const LINE_MOVES: Record<'cookLine' | 'serveLine' | 'returnLine', [TableLineState[], TableLineState]> = {
  cookLine: [['ordered'], 'cooking'],
  serveLine: [['ordered', 'cooking'], 'served'],
  returnLine: [['ordered', 'cooking'], 'returned'],
};

async function move(
  tx: Executor,
  action: KitchenAction,
  input: KitchenInput,
  tabId: number,
  now: Date,
): Promise<boolean> {
  const reason = (input.reason ?? '').trim().slice(0, 100);
  switch (action) {
    case 'acceptRound':
    case 'rejectRound': {
      const [round] = await tx
        .update(tableRounds)
        .set(action === 'acceptRound' ? { state: 'ordered' } : { state: 'rejected', reason })
        .where(and(eq(tableRounds.id, input.id), eq(tableRounds.state, 'submitted')))
        .returning();
      if (round && action === 'rejectRound') await releaseStock(tx, round.reserved);
      return round !== undefined;
    }
    case 'cookLine':
    case 'serveLine':
    case 'returnLine': {
      const [from, to] = LINE_MOVES[action];
      // Only a line of an accepted round reaches the kitchen's stations.
      const accepted = sql`exists (select 1 from ${tableRounds} r where r.id = ${tableRoundLines.roundId} and r.state = 'ordered')`;
      const moved = await tx
        .update(tableRoundLines)
        .set(action === 'returnLine' ? { state: to, returnedReason: reason } : { state: to })
        .where(and(eq(tableRoundLines.id, input.id), inArray(tableRoundLines.state, from), accepted))
        .returning({ id: tableRoundLines.id });
      return moved.length > 0;
    }
    case 'startTimer': {
      const moved = await tx
        .update(tableTabs)
        .set({ timerStartedAt: now, timerStoppedAt: null })
        .where(
          and(eq(tableTabs.id, tabId), eq(tableTabs.status, 'ordering'), isNull(tableTabs.timerStartedAt)),
        )
        .returning({ id: tableTabs.id });
      return moved.length > 0;
    }
    case 'stopTimer': {
      const moved = await tx
        .update(tableTabs)
        .set({ timerStoppedAt: now })
        .where(
          and(eq(tableTabs.id, tabId), isNotNull(tableTabs.timerStartedAt), isNull(tableTabs.timerStoppedAt)),
        )
        .returning({ id: tableTabs.id });
      return moved.length > 0;
    }
    case 'closeTab': {
      // Under the tab's lock, after any guest's payPart that got it first: a tab with a part paid or being
      // paid is not closed unpaid (decision T30); the staff settle that part or wait for its pay window.
      await tx.select({ id: tableTabs.id }).from(tableTabs).where(eq(tableTabs.id, tabId)).for('update');
      const [busy] = await tx
        .select({ id: tableBillParts.id })
        .from(tableBillParts)
        .where(and(eq(tableBillParts.tabId, tabId), ne(tableBillParts.state, 'open')))
        .limit(1);
      if (busy)
        throw new BusinessError(openTableMessages.tabPartlyPaid, undefined, { reason: 'partlyPaid' }, 409);
      const [closed] = await tx
        .update(tableTabs)
        .set({ status: 'closed', closedAt: now })
        .where(and(eq(tableTabs.id, tabId), inArray(tableTabs.status, ['ordering', 'paying'])))
        .returning({ tableId: tableTabs.tableId });
      if (!closed) return false;
      // Rounds the kitchen never answered took stock that no one will eat.
      const waiting = await tx
        .update(tableRounds)
        .set({ state: 'rejected', reason })
        .where(and(eq(tableRounds.tabId, tabId), eq(tableRounds.state, 'submitted')))
        .returning({ reserved: tableRounds.reserved });
      for (const round of waiting) await releaseStock(tx, round.reserved);
      await setTableStatus(tx, closed.tableId, 0);
      return true;
    }
  }
}

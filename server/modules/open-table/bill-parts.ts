// Parts of a split bill (decisions T25–T30): a guest takes one with table/payPart and gets the order that
// pays it, written in the transaction that takes the part; the bill as every phone reads it; a split given
// back while nothing of it is paid or being paid.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TableBill, TablePayPartInput } from '../../../src/domain/api/open-table';
import { splitByItems } from '../../../src/pricing/split-bill';
import type { Executor } from '../../db/client';
import { tableBillParts, tableTabs } from '../../db/schema';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { requestHash, submitOrdersIn } from '../orders/orders-store';
import { backToOrdering, lockTab, netOf, setTableStatus, type PartRow } from './bill';
import { refuse, type LineRow, type TabEnv, type TabRow } from './tab-access';
import { billOrder } from './tab-order';
import { billedLines, priceTab, tabContents } from './tab-pricing';

type TakePart = Required<Pick<TablePayPartInput, 'idempotencyKey'>> &
  Pick<TablePayPartInput, 'part' | 'lineIds'>;

/**
 * table/payPart: the reader takes a part (equal shares, a guest's part: any guest may take any open one)
 * or the lines they pick (items), and gets the order that pays it. The same guest and key answer the same
 * order; the same key for another part is refused. Two guests after the same part or the same line: the
 * first to lock the tab has it, the other is told it is taken.
 */
export async function takePart(
  env: TabEnv,
  entry: CatalogEntry,
  tab: TabRow,
  input: TakePart,
): Promise<number> {
  const me = env.session.customerId;
  const mode = tab.splitMode;
  const lineIds = [...new Set(input.lineIds ?? [])].sort((a, b) => a - b);
  const hash = requestHash({ part: input.part ?? null, lineIds });
  const replayed = await replayOf(env.db, tab.id, me, input.idempotencyKey, hash);
  if (replayed !== null) return replayed;
  if (tab.status !== 'paying' || tab.billTotal === null) throw refuse('tabNotPaying');
  if (mode === 'all' || mode === null) throw refuse('billNotSplit');
  const picking = mode === 'items';
  if (
    picking
      ? input.part !== undefined || lineIds.length === 0
      : input.part === undefined || lineIds.length > 0
  )
    throw refuse(picking ? 'pickLines' : 'pickPart');

  const contents = await tabContents(env, tab.id);
  const pricing = await priceTab(env, entry, tab, contents.rounds, contents.lines);
  const lines = billedLines(contents.rounds, contents.lines);
  const guestOf = new Map(contents.rounds.map((r) => [r.id, r.customerId]));
  return env.db.transaction(async (tx) => {
    const locked = await lockTab(tx, tab.id, 'paying');
    // The bill priced above must still be the one to pay: not taken back and asked for again meanwhile.
    if (!locked || locked.billAt?.getTime() !== tab.billAt?.getTime() || locked.billTotal === null)
      throw refuse('tabNotPaying');
    // The same request sent twice at once: the second finds the first's part once it has the lock.
    const again = await replayOf(tx, tab.id, me, input.idempotencyKey, hash);
    if (again !== null) return again;
    const parts = await tx.select().from(tableBillParts).where(eq(tableBillParts.tabId, tab.id));
    const taken = picking
      ? await pickLines(tx, locked, parts, lines, lineIds, (l) => netOf(pricing, l))
      : await claimPart(tx, parts, input.part!);
    const partLines =
      mode === 'items'
        ? lines.filter((l) => lineIds.includes(l.id))
        : mode === 'guest'
          ? lines.filter((l) => guestOf.get(l.roundId) === taken.guestId)
          : lines;
    const prepared = await billOrder(
      env,
      entry,
      locked,
      pricing,
      partLines,
      me,
      {
        amount: taken.amount,
        of: locked.billTotal!,
      },
      tx,
    );
    const [orderId] = await submitOrdersIn(tx, {
      customerId: me,
      key: `tab-${tab.id}-part-${taken.id}-${input.idempotencyKey}`,
      hash,
      prepared: [prepared],
      locale: env.catalogueLocale,
      now: env.now,
    });
    // This guest's key already paid for a part that was given back since: a new attempt needs a new key.
    if (orderId === undefined) throw refuse('partReplayMismatch');
    await tx
      .update(tableBillParts)
      .set({ state: 'paying', takenBy: me, idempotencyKey: input.idempotencyKey, requestHash: hash, orderId })
      .where(eq(tableBillParts.id, taken.id));
    await tx
      .update(tableTabs)
      .set({ version: sql`${tableTabs.version} + 1` })
      .where(eq(tableTabs.id, tab.id));
    return orderId;
  });
}

/** The order of the part this guest took with this key, null if none; the key used otherwise: refused. */
async function replayOf(
  db: Executor,
  tabId: number,
  customerId: number,
  key: string,
  hash: string,
): Promise<number | null> {
  const [part] = await db
    .select()
    .from(tableBillParts)
    .where(
      and(
        eq(tableBillParts.tabId, tabId),
        eq(tableBillParts.takenBy, customerId),
        eq(tableBillParts.idempotencyKey, key),
      ),
    );
  if (!part) return null;
  if (part.requestHash !== hash || part.orderId === null) throw refuse('partReplayMismatch');
  return part.orderId;
}

/** Equal shares and guests' parts: the open part with that index. */
async function claimPart(tx: Executor, parts: PartRow[], index: number): Promise<PartRow> {
  const part = parts.find((p) => p.index === index);
  if (!part) throw refuse('partNotFound');
  if (part.state !== 'open') throw refuse('partTaken');
  return part;
}

/**
 * Items: a new part of the lines picked, its amount allocated from what is still to pay (the bill less
 * the parts taken), weighing the picked lines against the lines nobody picked yet (T4), so the last pick
 * takes exactly the rest.
 */
async function pickLines(
  tx: Executor,
  tab: TabRow,
  parts: PartRow[],
  lines: LineRow[],
  picked: number[],
  weight: (line: LineRow) => number,
): Promise<PartRow> {
  const takenLines = new Set(parts.flatMap((p) => p.lineIds));
  const billedIds = new Set(lines.map((l) => l.id));
  if (picked.some((id) => !billedIds.has(id))) throw refuse('lineNotFound');
  if (picked.some((id) => takenLines.has(id))) throw refuse('linesTaken');
  const open = lines.filter((l) => !takenLines.has(l.id));
  const remaining = tab.billTotal! - parts.reduce((sum, p) => sum + p.amount, 0);
  const chosen = picked.map((id) => open.findIndex((l) => l.id === id));
  const [amount] = splitByItems(remaining, open.map(weight), [chosen]).parts;
  if (!amount) throw refuse('partNothingToPay');
  const index = parts.reduce((max, p) => Math.max(max, p.index + 1), 0);
  const [part] = await tx
    .insert(tableBillParts)
    .values({ tabId: tab.id, index, amount, lineIds: picked })
    .returning();
  return part!;
}

/** The bill's split as the reader sees it; null before the bill is asked for. */
export function billView(
  tab: TabRow,
  parts: PartRow[],
  names: Map<number, string>,
  lines: LineRow[],
  me: number,
): TableBill | null {
  if (tab.splitMode === null || tab.billTotal === null) return null;
  const sorted = [...parts].sort((a, b) => a.index - b.index);
  const label = (p: PartRow) => {
    if (tab.splitMode === 'equal') return `${p.index + 1}/${sorted.length}`;
    if (tab.splitMode === 'guest') return names.get(p.guestId ?? 0) ?? '';
    return names.get(p.takenBy ?? 0) ?? '';
  };
  const paid = sorted.filter((p) => p.state === 'paid').reduce((sum, p) => sum + p.amount, 0);
  const takenLines = new Set(sorted.flatMap((p) => p.lineIds));
  return {
    mode: tab.splitMode,
    total: tab.billTotal,
    paid,
    remaining: tab.billTotal - paid,
    parts: sorted.map((p) => ({
      index: p.index,
      label: label(p),
      amount: p.amount,
      state: p.state,
      mine: p.takenBy === me,
      orderId: p.takenBy === me ? p.orderId : null,
      lineIds: p.lineIds,
    })),
    openLineIds: tab.splitMode === 'items' ? lines.filter((l) => !takenLines.has(l.id)).map((l) => l.id) : [],
  };
}

/** The parts of a tab, by index. */
export const partsOf = (db: Executor, tabId: number) =>
  db.select().from(tableBillParts).where(eq(tableBillParts.tabId, tabId)).orderBy(asc(tableBillParts.index));

/**
 * table/cancelPay of a split bill: back to ordering only while no part is paid or being paid (refused
 * `partlyPaid`): the parts go, the table orders again. Decided under the tab's lock, after any payPart.
 */
export async function cancelSplit(env: TabEnv, tab: TabRow): Promise<void> {
  await env.db.transaction(async (tx) => {
    const locked = await lockTab(tx, tab.id, 'paying');
    if (!locked) throw refuse('tabNotPaying');
    const [busy] = await tx
      .select({ id: tableBillParts.id })
      .from(tableBillParts)
      .where(and(eq(tableBillParts.tabId, tab.id), ne(tableBillParts.state, 'open')))
      .limit(1);
    if (busy) throw refuse('partlyPaid');
    await reopenTab(tx, locked);
  });
}

/** A paying tab back to ordering: its plan gone, its fee running again, its table ordering (T22, T27). */
export async function reopenTab(tx: Executor, tab: TabRow): Promise<void> {
  await tx.delete(tableBillParts).where(eq(tableBillParts.tabId, tab.id));
  await tx.update(tableTabs).set(backToOrdering()).where(eq(tableTabs.id, tab.id));
  await setTableStatus(tx, tab.tableId, 1);
}

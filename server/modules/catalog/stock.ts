// Stock reservation inside the order transaction: the demanded rows are locked (SELECT ... FOR UPDATE) and
// checked, then lowered in one UPDATE, so concurrent orders can never drive stock below zero. Rows are
// locked in one global order (products by id, then specs by id) so two orders touching the same rows
// cannot deadlock.
import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CatalogueLocale } from '../../../src/domain/enums';
import type { Executor } from '../../db/client';
import { products, productSpecs, type StockReservation, type Text } from '../../db/schema';
import type { BusinessError } from '../../http/action';

/** Units an order takes from one tracked product or spec. */
export interface StockDemand {
  kind: 'product' | 'spec';
  /** The product id, or the spec id for kind 'spec'. */
  id: number;
  /** The product (the spec's product for kind 'spec'). */
  productId: number;
  quantity: number;
  /** For the "stock insufficient" message. */
  name: Text;
}

const rank = (d: StockDemand) => (d.kind === 'product' ? 0 : 1);
export const lockOrder = (a: StockDemand, b: StockDemand) => rank(a) - rank(b) || a.id - b.id;

/** Demands for the same row added up, in lock order. */
function mergedInLockOrder(demands: StockDemand[]): StockDemand[] {
  const byRow = new Map<string, StockDemand>();
  for (const d of demands) {
    const key = `${d.kind}:${d.id}`;
    const known = byRow.get(key);
    byRow.set(key, known ? { ...known, quantity: known.quantity + d.quantity } : { ...d });
  }
  return [...byRow.values()].sort(lockOrder);
}

/** One row: a single conditional UPDATE, and a read of what is left only when it falls short. */
async function takeRow(
  tx: Executor,
  table: typeof products | typeof productSpecs,
  demand: StockDemand,
  locale: CatalogueLocale,
  shortfall: (demand: StockDemand, remaining: number, locale: CatalogueLocale) => BusinessError,
): Promise<void> {
  const taken = await tx
    .update(table)
    .set({ stock: sql`${table.stock} - ${demand.quantity}` })
    .where(and(eq(table.id, demand.id), isNotNull(table.stock), gte(table.stock, demand.quantity)))
    .returning({ id: table.id });
  if (taken.length > 0) return;
  const [row] = await tx.select({ stock: table.stock }).from(table).where(eq(table.id, demand.id));
  throw shortfall(demand, row?.stock ?? 0, locale);
}

/**
 * Takes one table's demands (all products, or all specs) in two statements whatever the cart's size: the
 * rows are locked in id order and read, then, when each has enough, lowered together.
 */
async function takeRows(
  tx: Executor,
  table: typeof products | typeof productSpecs,
  demands: StockDemand[],
  locale: CatalogueLocale,
  shortfall: (demand: StockDemand, remaining: number, locale: CatalogueLocale) => BusinessError,
): Promise<void> {
  if (demands.length === 0) return;
  if (demands.length === 1) return takeRow(tx, table, demands[0]!, locale, shortfall);
  const ids = demands.map((d) => d.id);
  const rows = await tx
    .select({ id: table.id, stock: table.stock })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.id))
    .for('update');
  const stockOf = new Map(rows.map((r) => [r.id, r.stock]));
  for (const demand of demands) {
    const stock = stockOf.get(demand.id) ?? null;
    if (stock === null || stock < demand.quantity) throw shortfall(demand, stock ?? 0, locale);
  }
  const wanted = sql.join(
    demands.map((d) => sql`(${d.id}::integer, ${d.quantity}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${table} set "stock" = ${table.stock} - d.quantity
        from (values ${wanted}) as d(id, quantity) where ${table.id} = d.id`,
  );
}

/**
 * Takes every demand from stock or throws the shortfall of the first one that cannot be met (the caller's
 * transaction then rolls back, so nothing is taken). At most two statements per table, so a 50-line cart
 * costs what a 1-line cart does.
 */
export async function reserveStock(
  tx: Executor,
  demands: StockDemand[],
  locale: CatalogueLocale,
  shortfall: (demand: StockDemand, remaining: number, locale: CatalogueLocale) => BusinessError,
): Promise<void> {
  const merged = mergedInLockOrder(demands);
  const of = (kind: StockDemand['kind']) => merged.filter((d) => d.kind === kind);
  await takeRows(tx, products, of('product'), locale, shortfall);
  await takeRows(tx, productSpecs, of('spec'), locale, shortfall);
}

/**
 * Gives back what an order reserved (orders.reserved) when it is cancelled. Rows are locked in the same
 * global order as reserveStock. A product or spec that stopped tracking stock (stock null) stays untracked.
 */
export async function releaseStock(tx: Executor, reserved: readonly StockReservation[]): Promise<void> {
  const demands = reserved.map((r) => ({
    kind: r.specId === null ? ('product' as const) : ('spec' as const),
    id: r.specId ?? r.productId,
    quantity: r.quantity,
  }));
  demands.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'product' ? -1 : 1) || a.id - b.id);
  for (const d of demands) {
    if (d.kind === 'product') {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${d.quantity}` })
        .where(and(eq(products.id, d.id), isNotNull(products.stock)));
    } else {
      await tx
        .update(productSpecs)
        .set({ stock: sql`${productSpecs.stock} + ${d.quantity}` })
        .where(and(eq(productSpecs.id, d.id), isNotNull(productSpecs.stock)));
    }
  }
}

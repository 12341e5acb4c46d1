// Stock reservation inside the order transaction: one conditional UPDATE per product or spec
// (`stock >= quantity`), so concurrent orders can never drive stock below zero. Rows are locked in one
// global order (products by id, then specs by id) so two orders touching the same rows cannot deadlock.
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { CatalogueLocale } from '../../src/domain/enums';
import type { Executor } from '../db/client';
import { products, productSpecs, type StockReservation, type Text } from '../db/schema';
import type { BusinessError } from '../http/action';

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

/**
 * Takes every demand from stock or throws the shortfall of the first one that cannot be met (the caller's
 * transaction then rolls back, so nothing is taken).
 */
export async function reserveStock(
  tx: Executor,
  demands: StockDemand[],
  locale: CatalogueLocale,
  shortfall: (demand: StockDemand, remaining: number, locale: CatalogueLocale) => BusinessError,
): Promise<void> {
  for (const demand of [...demands].sort(lockOrder)) {
    if (demand.kind === 'product') {
      const taken = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${demand.quantity}` })
        .where(
          and(eq(products.id, demand.id), isNotNull(products.stock), gte(products.stock, demand.quantity)),
        )
        .returning({ id: products.id });
      if (taken.length === 0) {
        const [row] = await tx
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, demand.id));
        throw shortfall(demand, row?.stock ?? 0, locale);
      }
    } else {
      const taken = await tx
        .update(productSpecs)
        .set({ stock: sql`${productSpecs.stock} - ${demand.quantity}` })
        .where(
          and(
            eq(productSpecs.id, demand.id),
            isNotNull(productSpecs.stock),
            gte(productSpecs.stock, demand.quantity),
          ),
        )
        .returning({ id: productSpecs.id });
      if (taken.length === 0) {
        const [row] = await tx
          .select({ stock: productSpecs.stock })
          .from(productSpecs)
          .where(eq(productSpecs.id, demand.id));
        throw shortfall(demand, row?.stock ?? 0, locale);
      }
    }
  }
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

// Stock and availability answers of store/checkStock, store/stockQuery and store/comboCheck over a loaded
// Catalogue. Every line is resolved before anything is answered, so one unknown id fails the whole call.
import { ProductState } from '../../../src/domain/enums';
import type {
  CheckStockInfo,
  ComboCheckInfo,
  StockLine,
  StockRecord,
  StockShortfallReason,
} from '../../../src/domain/api/store';
import { BusinessError } from '../../http/action';
import type { Catalogue, ProductRow, SpecRow } from './catalog';
import { localize } from './catalog';
import { catalogMessages } from './catalog-messages';

/** A stock line resolved to what it names: a product, or one spec of a product. */
export interface ResolvedLine {
  line: StockLine;
  product: ProductRow;
  spec: SpecRow | null;
  /** Lines naming the same thing share a key, so their quantities add up. */
  key: string;
}

/**
 * `specId` given: `id` is the product and the spec must be one of its specs. Otherwise `id` is a product
 * id, or (the cart's "specId in place of id") a spec id of one of the shop's products.
 */
export function resolveLine(catalogue: Catalogue, line: StockLine): ResolvedLine {
  if (line.specId !== undefined) {
    const product = catalogue.row(line.id);
    if (!product) throw new BusinessError(catalogMessages.productNotFound, { id: line.id });
    const spec = catalogue.spec(line.specId);
    if (!spec || spec.productId !== product.id) {
      throw new BusinessError(catalogMessages.specNotFound, { id: line.id, specId: line.specId });
    }
    return { line, product, spec, key: `s${spec.id}` };
  }
  const product = catalogue.row(line.id);
  if (product) return { line, product, spec: null, key: `p${product.id}` };
  const spec = catalogue.spec(line.id);
  const owner = spec ? catalogue.row(spec.productId) : undefined;
  if (spec && owner) return { line, product: owner, spec, key: `s${spec.id}` };
  throw new BusinessError(catalogMessages.productNotFound, { id: line.id });
}

const totalsByKey = (lines: ResolvedLine[]) => {
  const totals = new Map<string, number>();
  for (const { key, line } of lines) totals.set(key, (totals.get(key) ?? 0) + line.quantity);
  return totals;
};

/** Why `quantity` units of a resolved line cannot be supplied now, or null when they can. */
function shortfall(
  catalogue: Catalogue,
  resolved: ResolvedLine,
  quantity: number,
): { reason: StockShortfallReason; remaining: number | null } | null {
  const { product, spec } = resolved;
  const state = catalogue.state(product.id);
  if (state === ProductState.deleted) return { reason: 'deleted', remaining: 0 };
  if (state === ProductState.offline) return { reason: 'offline', remaining: 0 };
  if (product.state === ProductState.soldOut) return { reason: 'soldOut', remaining: 0 };
  if (state === ProductState.outOfSaleTime) return { reason: 'outOfSaleTime', remaining: 0 };
  if (spec) {
    if (spec.soldOut) return { reason: 'soldOut', remaining: 0 };
    if (spec.stock !== null && spec.stock < quantity)
      return { reason: 'insufficient', remaining: spec.stock };
    return null;
  }
  if (product.stock !== null && product.stock < quantity) {
    return { reason: 'insufficient', remaining: product.stock };
  }
  // Untracked stock but still sold out: every spec is, or a meal set cannot be made up.
  if (state === ProductState.soldOut) return { reason: 'soldOut', remaining: 0 };
  return null;
}

const lineName = (catalogue: Catalogue, resolved: ResolvedLine): string => {
  const locale = catalogue.view.locale;
  const name = localize(resolved.product.name, locale);
  if (!resolved.spec) return name;
  return `${name} (${resolved.spec.values.map((v) => localize(v, locale)).join(' / ')})`;
};

const ALL_AVAILABLE: CheckStockInfo = { id: null, name: null, remaining: null, reason: null };

/**
 * The first line, in request order, whose product or spec cannot supply the quantity the whole request
 * asks of it (lines with the same id are added up first).
 */
export function checkStock(catalogue: Catalogue, lines: StockLine[]): CheckStockInfo {
  const resolved = lines.map((line) => resolveLine(catalogue, line));
  const totals = totalsByKey(resolved);
  for (const entry of resolved) {
    const short = shortfall(catalogue, entry, totals.get(entry.key)!);
    if (short) {
      return {
        id: entry.line.id,
        name: lineName(catalogue, entry),
        remaining: short.remaining,
        reason: short.reason,
      };
    }
  }
  return ALL_AVAILABLE;
}

const clampStock = (stock: number | null) => (stock === null ? null : Math.max(0, stock));

/**
 * Stock records of the asked lines (first-seen order, one per product or spec), or of every
 * stock-tracked product and spec of the shop that is not deleted.
 */
export function stockQuery(catalogue: Catalogue, lines: StockLine[] | undefined): StockRecord[] {
  if (lines) {
    const resolved = lines.map((line) => resolveLine(catalogue, line));
    const totals = totalsByKey(resolved);
    const seen = new Set<string>();
    const records: StockRecord[] = [];
    for (const entry of resolved) {
      if (seen.has(entry.key)) continue;
      seen.add(entry.key);
      records.push({
        product_id: entry.line.id,
        spec_id: entry.spec?.id ?? null,
        stock_quantity: clampStock(entry.spec ? entry.spec.stock : entry.product.stock),
        order_quantity: totals.get(entry.key)!,
      });
    }
    return records;
  }
  const records: StockRecord[] = [];
  for (const product of catalogue.rows.products) {
    if (product.state === ProductState.deleted) continue;
    if (product.stock !== null) {
      records.push({
        product_id: product.id,
        spec_id: null,
        stock_quantity: clampStock(product.stock),
        order_quantity: 0,
      });
    }
    for (const spec of catalogue.specsOf(product.id)) {
      if (spec.stock !== null) {
        records.push({
          product_id: spec.id,
          spec_id: spec.id,
          stock_quantity: clampStock(spec.stock),
          order_quantity: 0,
        });
      }
    }
  }
  return records;
}

/** Meal items that cannot be chosen now (spec §3 "Combo check"), with every item's state on request. */
export function comboCheck(catalogue: Catalogue, productId: number, isNewVersion: boolean): ComboCheckInfo {
  const product = catalogue.row(productId);
  if (!product) throw new BusinessError(catalogMessages.productNotFound, { id: productId });
  if (product.mealGroups.length === 0) {
    throw new BusinessError(catalogMessages.notMealSet, {
      name: localize(product.name, catalogue.view.locale),
    });
  }
  const offline = new Set<number>();
  const saleOut = new Set<number>();
  const deleted = new Set<number>();
  const groups = product.mealGroups.map((group) => ({
    id: group.id,
    items: group.items.map((item) => {
      const state = catalogue.mealItemState(item.productId, item.quantity ?? 1);
      if (state === ProductState.deleted) deleted.add(item.productId);
      else if (state === ProductState.offline || state === ProductState.outOfSaleTime)
        offline.add(item.productId);
      else if (state === ProductState.soldOut) saleOut.add(item.productId);
      return { productId: item.productId, state };
    }),
  }));
  return {
    offline: [...offline],
    saleOut: [...saleOut],
    deleted: [...deleted],
    ...(isNewVersion ? { groups } : {}),
  };
}

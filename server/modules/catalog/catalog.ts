// The product catalogue of one shop as the store/* calls read it: rows loaded once, mapped to the domain
// shapes of src/domain/catalog.ts in one catalogue language, with product states computed for the view's
// instant (stock, specs, and sale times in the shop's own time zone). The store reads share one Catalogue
// per shop version and sale-time window (./catalog-cache.ts); the order path builds its own.
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { CatalogueLocale } from '../../../src/domain/enums';
import { ProductState } from '../../../src/domain/enums';
import type {
  MealGroup,
  Product,
  ProductSpec,
  ProductTax,
  ProductType,
  TasteGroup,
} from '../../../src/domain/catalog';
import type { Executor } from '../../db/client';
import { products, productSpecs, productTypes, taxes, type Text } from '../../db/schema';
import { demoImageUrl } from '../../seed/index';
import { isWithinRanges } from '../../../src/domain/hours';

export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof productSpecs.$inferSelect;
export type ProductTypeRow = typeof productTypes.$inferSelect;
export type TaxRow = typeof taxes.$inferSelect;

/** A text in the catalogue language, falling back to the other language when a translation is empty. */
export function localize(text: Text | null | undefined, locale: CatalogueLocale): string {
  if (!text) return '';
  return locale === 'zh-CN' ? text.zh || text.en : text.en || text.zh;
}

/** Seeded images are file names served by the app; anything already a URL or path is left alone. */
export function imageUrl(image: string): string {
  if (image === '' || image.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(image)) return image;
  return demoImageUrl(image);
}

const isTracked = (stock: number | null): stock is number => stock !== null;

/**
 * Product state at `now`: stored states 3 (deleted), 2 (offline) and 1 (sold out) win; then a tracked
 * stock of 0, or specs that are all sold out, read as sold out; then a product with sale times outside all
 * of them is 101; otherwise 0.
 */
export function productState(
  row: Pick<ProductRow, 'state' | 'stock' | 'saleTimes'>,
  specs: readonly Pick<SpecRow, 'soldOut' | 'stock'>[],
  timezone: string,
  now: Date,
): ProductState {
  if (row.state === ProductState.deleted) return ProductState.deleted;
  if (row.state === ProductState.offline) return ProductState.offline;
  if (row.state === ProductState.soldOut) return ProductState.soldOut;
  if (isTracked(row.stock) && row.stock <= 0) return ProductState.soldOut;
  if (specs.length > 0 && specs.every((s) => specState(s) === ProductState.soldOut))
    return ProductState.soldOut;
  if (row.saleTimes.length > 0 && !isWithinRanges(row.saleTimes, now, timezone)) {
    return ProductState.outOfSaleTime;
  }
  return ProductState.normal;
}

export const specState = (spec: Pick<SpecRow, 'soldOut' | 'stock'>): ProductState =>
  spec.soldOut || (isTracked(spec.stock) && spec.stock <= 0) ? ProductState.soldOut : ProductState.normal;

/** States a menu lists; offline and deleted products are only reachable by id. */
export const isListed = (state: number) =>
  state === ProductState.normal || state === ProductState.soldOut || state === ProductState.outOfSaleTime;

export interface CatalogueRows {
  types: ProductTypeRow[];
  /** Every product of the shop, deleted ones included, in the shop's order. */
  products: ProductRow[];
  specs: SpecRow[];
}

export async function loadCatalogue(db: Executor, shopId: number): Promise<CatalogueRows> {
  const types = await db
    .select()
    .from(productTypes)
    .where(eq(productTypes.shopId, shopId))
    .orderBy(asc(productTypes.sort), asc(productTypes.id));
  const productRows = await db
    .select()
    .from(products)
    .where(eq(products.shopId, shopId))
    .orderBy(asc(products.sort), asc(products.id));
  const specRows = await db
    .select({ spec: productSpecs })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(eq(products.shopId, shopId))
    .orderBy(asc(productSpecs.productId), asc(productSpecs.sort), asc(productSpecs.id));
  return { types, products: productRows, specs: specRows.map((r) => r.spec) };
}

export async function loadTaxes(db: Executor, shopId: number): Promise<TaxRow[]> {
  return db.select().from(taxes).where(eq(taxes.shopId, shopId)).orderBy(asc(taxes.id));
}

export const toProductTax = (row: TaxRow, locale: CatalogueLocale): ProductTax => ({
  id: row.id,
  name: localize(row.name, locale),
  mode: row.mode,
  value: row.value,
});

/**
 * Fingerprint of what a customer sees on the menu. Stock and sales move with every order and are left
 * out, so the version changes only when the shop changes its menu.
 */
export function catalogueVersion(rows: CatalogueRows): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(rows.types.map((r) => [r.id, r.name, r.sort])));
  for (const p of rows.products) {
    const { stock: _stock, sales: _sales, updatedAt: _updatedAt, ...menu } = p;
    hash.update(JSON.stringify(menu));
  }
  for (const s of rows.specs) {
    const { stock: _stock, ...menu } = s;
    hash.update(JSON.stringify(menu));
  }
  return hash.digest('base64url').slice(0, 16);
}

export interface CatalogueView {
  locale: CatalogueLocale;
  timezone: string;
  now: Date;
  /** shop.mustPickTypeId */
  mustPickTypeId: number | null;
}

/** One shop's catalogue mapped for one request. */
export class Catalogue {
  private fingerprint: string | undefined;
  private listedCache: ProductRow[] | undefined;
  private readonly rowsById = new Map<number, ProductRow>();
  private readonly specsByProduct = new Map<number, SpecRow[]>();
  private readonly specById = new Map<number, SpecRow>();
  private readonly typeOrder = new Map<number, number>();
  private readonly mapped = new Map<number, Product>();
  private readonly states = new Map<number, ProductState>();

  /** `version` names the rows when the caller knows it (server/modules/catalog/catalog-cache.ts). */
  constructor(
    readonly rows: CatalogueRows,
    readonly view: CatalogueView,
    version?: string,
  ) {
    this.fingerprint = version;
    rows.types.forEach((type, index) => this.typeOrder.set(type.id, index));
    for (const row of rows.products) this.rowsById.set(row.id, row);
    for (const spec of rows.specs) {
      this.specById.set(spec.id, spec);
      const list = this.specsByProduct.get(spec.productId) ?? [];
      list.push(spec);
      this.specsByProduct.set(spec.productId, list);
    }
  }

  /** The caller's version, or else a hash of the menu rows, made when first asked for. */
  get version(): string {
    this.fingerprint ??= catalogueVersion(this.rows);
    return this.fingerprint;
  }

  hasProduct(id: number): boolean {
    return this.rowsById.has(id);
  }

  row(id: number): ProductRow | undefined {
    return this.rowsById.get(id);
  }

  spec(id: number): SpecRow | undefined {
    return this.specById.get(id);
  }

  specsOf(productId: number): SpecRow[] {
    return this.specsByProduct.get(productId) ?? [];
  }

  hasType(id: number): boolean {
    return this.typeOrder.has(id);
  }

  /**
   * Current state of a product of this shop (deleted when the shop has no such product). A meal set is
   * also sold out when one of its groups has fewer choosable items than it asks the customer to choose.
   */
  state(id: number): ProductState {
    const known = this.states.get(id);
    if (known !== undefined) return known;
    const row = this.rowsById.get(id);
    if (!row) return ProductState.deleted;
    let state = productState(row, this.specsOf(id), this.view.timezone, this.view.now);
    // Provisional entry: a meal set listed inside itself (bad data) must not recurse forever.
    this.states.set(id, state);
    if (state === ProductState.normal && row.mealGroups.length > 0) {
      const short = row.mealGroups.some(
        (group) =>
          group.items.filter(
            (item) => this.mealItemState(item.productId, item.quantity ?? 1) === ProductState.normal,
          ).length < group.chooseCount,
      );
      if (short) state = ProductState.soldOut;
      this.states.set(id, state);
    }
    return state;
  }

  /** The product in the domain shape, or undefined when the shop has no such product. */
  product(id: number): Product | undefined {
    const cached = this.mapped.get(id);
    if (cached) return cached;
    const row = this.rowsById.get(id);
    if (!row) return undefined;
    const product = this.toProduct(row);
    this.mapped.set(id, product);
    return product;
  }

  /**
   * Listed products in menu order: by category order, then the shop's product order. Worked out once per
   * Catalogue (a cached one serves many requests); callers must not change the array.
   */
  listedRows(): readonly ProductRow[] {
    this.listedCache ??= this.inMenuOrder(this.rows.products.filter((row) => isListed(this.state(row.id))));
    return this.listedCache;
  }

  /** A copy of the rows sorted by category order, then the shop's product order. */
  inMenuOrder(rows: readonly ProductRow[]): ProductRow[] {
    const typeRank = (row: ProductRow) => this.typeOrder.get(row.typeId) ?? Number.MAX_SAFE_INTEGER;
    return [...rows].sort((a, b) => typeRank(a) - typeRank(b) || a.sort - b.sort || a.id - b.id);
  }

  listed(): Product[] {
    return this.listedRows().map((row) => this.product(row.id)!);
  }

  types(): ProductType[] {
    return this.rows.types.map((row) => ({
      id: row.id,
      name: localize(row.name, this.view.locale),
      sort: row.sort,
      isMustPick: row.id === this.view.mustPickTypeId,
    }));
  }

  /** Taste groups of a product; `keepSoldOut` false leaves sold-out options (and emptied groups) out. */
  tastes(row: ProductRow, keepSoldOut: boolean): TasteGroup[] {
    const { locale } = this.view;
    return row.tastes
      .map((group) => ({
        id: group.id,
        name: localize(group.name, locale),
        optionType: group.optionType,
        required: group.required,
        maxChoose: group.maxChoose,
        options: group.options
          .filter((option) => keepSoldOut || !option.soldOut)
          .map((option) => ({
            id: option.id,
            name: localize(option.name, locale),
            price: option.price,
            state: option.soldOut ? ProductState.soldOut : ProductState.normal,
          })),
      }))
      .filter((group) => keepSoldOut || group.options.length > 0);
  }

  /**
   * State of one meal item: its product's state, or sold out when its tracked stock cannot cover the
   * quantity the set takes; a product the shop no longer has reads as deleted.
   */
  mealItemState(productId: number, quantity: number): ProductState {
    const row = this.rowsById.get(productId);
    if (!row) return ProductState.deleted;
    const state = this.state(productId);
    if (state === ProductState.normal && isTracked(row.stock) && row.stock < quantity)
      return ProductState.soldOut;
    return state;
  }

  private mealGroups(row: ProductRow): MealGroup[] {
    const { locale } = this.view;
    return row.mealGroups.map((group) => ({
      id: group.id,
      name: localize(group.name, locale),
      chooseCount: group.chooseCount,
      // An item whose product is gone cannot be shown (no name or image); comboCheck reports it deleted.
      items: group.items.flatMap((item) => {
        const itemRow = this.rowsById.get(item.productId);
        if (!itemRow) return [];
        const quantity = item.quantity ?? 1;
        return [
          {
            productId: item.productId,
            name: localize(itemRow.name, locale),
            image: imageUrl(itemRow.image),
            price: item.price ?? 0,
            quantity,
            state: this.mealItemState(item.productId, quantity),
          },
        ];
      }),
    }));
  }

  private specs(row: ProductRow): ProductSpec[] {
    const { locale } = this.view;
    return this.specsOf(row.id).map((spec) => {
      const values = spec.values.map((value) => localize(value, locale));
      return {
        id: spec.id,
        values,
        name: values.join(' / '),
        price: spec.price,
        memberPrice: spec.memberPrice,
        stock: spec.stock,
        state: specState(spec),
      };
    });
  }

  private toProduct(row: ProductRow): Product {
    const { locale } = this.view;
    return {
      id: row.id,
      typeId: row.typeId,
      name: localize(row.name, locale),
      description: localize(row.description, locale),
      image: imageUrl(row.image),
      unit: localize(row.unit, locale),
      price: row.price,
      originalPrice: row.originalPrice,
      memberPrice: row.memberPrice,
      state: this.state(row.id),
      stock: row.stock,
      saleTimes: row.saleTimes,
      minBuy: row.minBuy,
      maxBuy: row.maxBuy,
      joinDiscount: row.joinDiscount,
      notDishware: row.notDishware,
      weight: row.weight,
      serviceTime: row.serviceTime,
      sales: row.sales,
      specDimensions: row.specDimensions.map((dimension) => ({
        name: localize(dimension.name, locale),
        values: dimension.values.map((value) => localize(value, locale)),
      })),
      specs: this.specs(row),
      tastes: this.tastes(row, true),
      mealGroups: this.mealGroups(row),
      taxIds: row.taxIds,
    };
  }
}

// Contract of the store/* calls of spec §7 "Store": the zod input of each call and the shape of its reply
// `info`. Texts in replies come in the request's language (catalogue languages en and zh-CN; zh-TW reads
// zh-CN's texts, fr and es read en's); money is integer minor units.
//
// Shop resolution: store/list and store/detail take no token (the store list and the entry page load
// before any login). Every other call reads the shop from the session the `token` header belongs to,
// because spec §7 sends no shop id with them; a missing or expired token is a 401.
//
// Catalogue version: product reads return `version`, an opaque "menu.stock.window" string naming what the
// reply shows: the shop's menu (products, categories, prices, specs, tastes, meal sets and their on/off
// state), its stock and sales, and the stretch of time in which no product's sale-time state changes. A
// caller that sends the version it holds gets `changed: true` when the menu part differs (stock and the
// clock aside), so it can say "a new menu was updated"; store/products given the current version answers
// `{ version, changed: false, unchanged: true }` with no list. Product states are always current: 101 (out
// of sale time) follows the shop's time zone, and a cached reply never outlives its window (docs/api.md
// "Catalogue caching").
import { z } from 'zod';
import { ORDER_TYPES, PAY_TYPES } from '../enums';
import { memberLevel, shopInfo, shopSummary } from '../shop';
import { memberSetting, product, productTax, productType, tasteGroup } from '../catalog';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_ENTITY_ID,
  MAX_LINE_QUANTITY,
  MAX_LIST_ENTRIES,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  STOCK_SHORTFALL_REASONS,
} from './store-limits';

// The limits live in ./store-limits (zod-free, for the browser); they stay exported from here too.
export {
  DEFAULT_PAGE_LIMIT,
  MAX_ENTITY_ID,
  MAX_LINE_QUANTITY,
  MAX_LIST_ENTRIES,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  STOCK_SHORTFALL_REASONS,
  type StockShortfallReason,
} from './store-limits';

// ---- shared pieces -------------------------------------------------------------------------------

/** Database ids are positive 32-bit integers. */
export const entityId = z.number().int().positive().max(MAX_ENTITY_ID);
/** Catalogue version as returned by a product read; any string the caller held (it is only compared). */
export const catalogueVersion = z.string().max(64);
export const lineQuantity = z.number().int().positive().max(MAX_LINE_QUANTITY);

/** What every product read carries besides its data. */
const versioned = { version: z.string(), changed: z.boolean() };

/**
 * One cart line of a stock check. `id` is the product id, or the spec id for a spec line (the cart's
 * "specId used in place of id"). A caller that knows both may send `specId` with `id` = product id,
 * which is unambiguous. Meal sets are checked by sending each meal item's product id with the line's
 * quantity times the item quantity.
 */
export const stockLine = z.object({
  id: entityId,
  specId: entityId.optional(),
  quantity: lineQuantity,
});
export type StockLine = z.infer<typeof stockLine>;

// ---- inputs --------------------------------------------------------------------------------------

export const storeListInput = z.object({
  /** Only the shops of this chain (the member store list); omitted = every shop. */
  chainId: entityId.optional(),
});
export const storeDetailInput = z.object({
  /** The shop id from the entry parameters (id or shop_id). */
  appId: entityId,
});
export const paySettingInput = z.object({
  /** Only the methods usable for this order type; omitted = all. */
  orderType: z.enum(ORDER_TYPES).optional(),
});
export const vipChargePaySettingInput = z.object({});
export const levelsInput = z.object({});
export const productsInput = z.object({ version: catalogueVersion.optional() });
export const productTypesInput = z.object({
  version: catalogueVersion.optional(),
  /**
   * Also answer page 1 (of this many products) of the first categories that have products, in list order,
   * until they hold at least this many: the menu's first screen in one round trip (decision K51).
   */
  firstPages: z.number().int().positive().max(MAX_PAGE_LIMIT).optional(),
});

const pageFields = {
  version: catalogueVersion.optional(),
  /** 1-based. */
  page: z.number().int().positive().max(100_000).default(1),
  pageLimit: z.number().int().positive().max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
};
/**
 * A page of products: `type: 'category'` pages the listed products of one category (typeId) in menu
 * order; `type: 'ids'` pages the given products in the order given (any state, so a restored cart can
 * show what was deleted or went offline).
 */
export const productsChunkInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('category'), typeId: entityId, ...pageFields }),
  z.object({
    type: z.literal('ids'),
    ids: z
      .array(entityId)
      .min(1)
      .max(MAX_LIST_ENTRIES)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate ids' }),
    ...pageFields,
  }),
]);
export const productDetailInput = z.object({ id: entityId });
export const comboCheckInput = z.object({
  productId: entityId,
  /** true: also return every meal item with its state, for the meal picker of the current client. */
  isNewVersion: z.boolean().default(false),
});
export const productTastesInput = z.object({
  productId: entityId,
  /** true: keep sold-out options (state 1) so the picker can grey them; false: leave them out. */
  isNewVersion: z.boolean().default(false),
});
export const productTaxesInput = z.object({});
export const checkStockInput = z.object({ products: z.array(stockLine).min(1).max(MAX_LIST_ENTRIES) });
export const productSearchInput = z.object({
  searchText: z.string().trim().min(1).max(MAX_SEARCH_LENGTH),
  version: catalogueVersion.optional(),
});
export const specProductListInput = z.object({
  /** true: also products that cannot be bought now (sold out, offline, out of sale time); never deleted. */
  includeNotSale: z.boolean().default(false),
});
export const stockQueryInput = z.object({
  /** Lines to report on; omitted = every stock-tracked product and spec of the shop. */
  products: z.array(stockLine).min(1).max(MAX_LIST_ENTRIES).optional(),
});
export const memberSettingInput = z.object({});

export type StoreListInput = z.input<typeof storeListInput>;
export type StoreDetailInput = z.input<typeof storeDetailInput>;
export type PaySettingInput = z.input<typeof paySettingInput>;
export type ProductsInput = z.input<typeof productsInput>;
export type ProductTypesInput = z.input<typeof productTypesInput>;
export type ProductsChunkInput = z.input<typeof productsChunkInput>;
export type ProductDetailInput = z.input<typeof productDetailInput>;
export type ComboCheckInput = z.input<typeof comboCheckInput>;
export type ProductTastesInput = z.input<typeof productTastesInput>;
export type CheckStockInput = z.input<typeof checkStockInput>;
export type ProductSearchInput = z.input<typeof productSearchInput>;
export type SpecProductListInput = z.input<typeof specProductListInput>;
export type StockQueryInput = z.input<typeof stockQueryInput>;

// ---- replies (`info`) ----------------------------------------------------------------------------

export const storeListInfo = z.array(shopSummary);
export type StoreListInfo = z.infer<typeof storeListInfo>;

export const storeDetailInfo = shopInfo;
export type StoreDetailInfo = z.infer<typeof storeDetailInfo>;

/** A way to pay the shop accepts (spec §3 payment methods). */
export const payOption = z.object({
  /** payTypeId the order submit sends back. */
  id: z.number().int(),
  payType: z.enum(PAY_TYPES),
  name: z.string(),
  /** Order types this method may pay for, in the shop's order. */
  orderTypes: z.array(z.enum(ORDER_TYPES)),
  /** Member card: needs a member and the pay password. */
  needsMember: z.boolean(),
  /** Online gateway: the payment completes asynchronously (redirect and callback). */
  online: z.boolean(),
});
export type PayOption = z.infer<typeof payOption>;
export const paySettingInfo = z.object({ payTypes: z.array(payOption) });
export type PaySettingInfo = z.infer<typeof paySettingInfo>;
/** Ways to recharge the member card: online gateways only (a card cannot recharge itself). */
export const vipChargePaySettingInfo = paySettingInfo;
export type VipChargePaySettingInfo = PaySettingInfo;

export const levelsInfo = z.array(memberLevel);
export type LevelsInfo = z.infer<typeof levelsInfo>;

/** Every listed product (states 0, 1 and 101; offline and deleted left out), in menu order. */
export const productsInfo = z.object({ ...versioned, list: z.array(product) });
export type ProductsInfo = z.infer<typeof productsInfo>;
/** store/products given the version it would answer with: nothing has changed, so no list. */
export const productsUnchangedInfo = z.object({
  version: z.string(),
  changed: z.literal(false),
  unchanged: z.literal(true),
});
export const productsReply = z.union([productsInfo, productsUnchangedInfo]);
export type ProductsReply = z.infer<typeof productsReply>;

export const productTypeWithCount = productType.extend({
  /** Listed products in this category (what a category chunk pages through). */
  productCount: z.number().int().nonnegative(),
});
export const productsChunkInfo = z.object({
  ...versioned,
  list: z.array(product),
  page: z.number().int().positive(),
  pageLimit: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ProductsChunkInfo = z.infer<typeof productsChunkInfo>;

export const productTypesInfo = z.object({
  ...versioned,
  list: z.array(productTypeWithCount),
  /**
   * Asked for with firstPages: store/productsChunk's page 1 of each of the first categories with products,
   * in list order, with the category's id.
   */
  firstPages: z.array(productsChunkInfo.extend({ typeId: entityId })).optional(),
});
export type ProductTypesInfo = z.infer<typeof productTypesInfo>;

export const productDetailInfo = product;
export type ProductDetailInfo = z.infer<typeof productDetailInfo>;

/**
 * Meal items that cannot be chosen now, by product id (spec §3 "Combo check"). offline: offline or out
 * of sale time; saleOut: sold out, or tracked stock below the item quantity; deleted: deleted.
 */
export const comboCheckInfo = z.object({
  offline: z.array(z.number().int()),
  saleOut: z.array(z.number().int()),
  deleted: z.array(z.number().int()),
  /** Only with isNewVersion: each meal group with every item and its current product state. */
  groups: z
    .array(
      z.object({
        id: z.number().int(),
        items: z.array(z.object({ productId: z.number().int(), state: z.number().int() })),
      }),
    )
    .optional(),
});
export type ComboCheckInfo = z.infer<typeof comboCheckInfo>;

export const productTastesInfo = z.object({ productId: z.number().int(), tastes: z.array(tasteGroup) });
export type ProductTastesInfo = z.infer<typeof productTastesInfo>;

export const productTaxesInfo = z.array(productTax);
export type ProductTaxesInfo = z.infer<typeof productTaxesInfo>;

/**
 * The first line, in request order, that cannot be supplied; every field null when all can. Quantities
 * of lines with the same id are added up before comparing. `remaining` is the tracked stock left (0 for
 * a product that cannot be sold now, null when stock is not tracked).
 */
export const checkStockInfo = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  remaining: z.number().int().nonnegative().nullable(),
  reason: z.enum(STOCK_SHORTFALL_REASONS).nullable(),
});
export type CheckStockInfo = z.infer<typeof checkStockInfo>;

/** Listed products whose name (en or zh-CN, any case) contains the search text, in menu order. */
export const productSearchInfo = z.object({ ...versioned, list: z.array(product) });
export type ProductSearchInfo = z.infer<typeof productSearchInfo>;

/** Products with specs (several prices/stocks under one product), in menu order. */
export const specProductListInfo = z.array(product);
export type SpecProductListInfo = z.infer<typeof specProductListInfo>;

/**
 * Stock record of spec §3. product_id is the id as asked (a spec id for spec lines); spec_id names the
 * spec when the record is one. stock_quantity null = not tracked. order_quantity is the quantity asked
 * about (summed over lines with the same id; 0 when listing the whole shop).
 */
export const stockRecord = z.object({
  product_id: z.number().int(),
  spec_id: z.number().int().nullable(),
  stock_quantity: z.number().int().nonnegative().nullable(),
  order_quantity: z.number().int().nonnegative(),
});
export type StockRecord = z.infer<typeof stockRecord>;
export const stockQueryInfo = z.array(stockRecord);
export type StockQueryInfo = z.infer<typeof stockQueryInfo>;

export const memberSettingInfo = memberSetting;
export type MemberSettingInfo = z.infer<typeof memberSettingInfo>;

/** Every store call: its input and reply schema, keyed by action name. */
export const storeContract = {
  list: { input: storeListInput, info: storeListInfo },
  detail: { input: storeDetailInput, info: storeDetailInfo },
  paySetting: { input: paySettingInput, info: paySettingInfo },
  vipChargePaySetting: { input: vipChargePaySettingInput, info: vipChargePaySettingInfo },
  levels: { input: levelsInput, info: levelsInfo },
  products: { input: productsInput, info: productsReply },
  productTypes: { input: productTypesInput, info: productTypesInfo },
  productsChunk: { input: productsChunkInput, info: productsChunkInfo },
  productDetail: { input: productDetailInput, info: productDetailInfo },
  comboCheck: { input: comboCheckInput, info: comboCheckInfo },
  productTastes: { input: productTastesInput, info: productTastesInfo },
  productTaxes: { input: productTaxesInput, info: productTaxesInfo },
  checkStock: { input: checkStockInput, info: checkStockInfo },
  productSearch: { input: productSearchInput, info: productSearchInfo },
  specProductList: { input: specProductListInput, info: specProductListInfo },
  stockQuery: { input: stockQueryInput, info: stockQueryInfo },
  memberSetting: { input: memberSettingInput, info: memberSettingInfo },
} as const;
export type StoreAction = keyof typeof storeContract;

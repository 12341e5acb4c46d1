// The store/* calls of spec §7 "Store" (all but store/userInfo and store/setUserInfo, which live with the
// user calls). Contract: src/domain/api/store.ts; behaviour and errors: docs/api.md "Store".
// store/list and store/detail answer without a token; every other call reads the shop from the session.
// Product reads come from the process's catalogue cache (server/modules/catalog/catalog-cache.ts); store/products
// goes out as the cache's serialized (and precompressed) reply, with an ETag and 304 (decisions K1-K6).
import { SHOP_NOT_FOUND } from '../../src/domain/api/envelope';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
} from 'fastify';
import {
  checkStockInput,
  comboCheckInput,
  levelsInput,
  memberSettingInput,
  paySettingInput,
  productDetailInput,
  productSearchInput,
  productsChunkInput,
  productsInput,
  productTastesInput,
  productTaxesInput,
  productTypesInput,
  specProductListInput,
  stockQueryInput,
  storeDetailInput,
  storeListInput,
  vipChargePaySettingInput,
  type PaySettingInfo,
  type ProductsChunkInfo,
  type ProductTypesInfo,
} from '../../src/domain/api/store';
import { ProductState } from '../../src/domain/enums';
import {
  actionRoutes,
  BusinessError,
  defineAction,
  type AnyAction,
  type RequestContext,
} from '../http/action';
import { type Catalogue, loadTaxes, toProductTax } from '../modules/catalog/catalog';
import {
  matchesEtag,
  menuPartOf,
  preferredEncoding,
  productsBodyOf,
  type CatalogEntry,
  type PreparedBody,
} from '../modules/catalog/catalog-cache';
import { catalogMessages } from '../modules/catalog/catalog-messages';
import { searchCatalogue } from '../modules/catalog/catalog-search';
import {
  chargePayOptions,
  listShops,
  loadLevels,
  loadMemberSettingRow,
  loadShop,
  payOptions,
  shopDetail,
  toMemberSetting,
  type ShopRecord,
} from '../modules/catalog/catalog-shop';
import { checkStock, comboCheck, stockQuery } from '../modules/catalog/catalog-stock';
import { shopToday } from '../../src/domain/hours';
import { runningActivityFlags } from '../modules/coupons/red-bags';

type SessionContext = RequestContext<'session'>;

/** The session's shop; it can only be missing if the shop row was removed after the session began. */
async function sessionShop(app: FastifyInstance, ctx: SessionContext): Promise<ShopRecord> {
  const shop = await loadShop(app.db, ctx.session.shopId);
  if (!shop) throw new BusinessError('shop.notFound', undefined, SHOP_NOT_FOUND);
  return shop;
}

async function sessionEntry(app: FastifyInstance, ctx: SessionContext): Promise<CatalogEntry> {
  const entry = await app.catalogCache.entry(app.db, ctx.session.shopId, ctx.catalogueLocale, ctx.now);
  if (!entry) throw new BusinessError('shop.notFound', undefined, SHOP_NOT_FOUND);
  return entry;
}

const sessionCatalogue = async (app: FastifyInstance, ctx: SessionContext): Promise<Catalogue> =>
  (await sessionEntry(app, ctx)).catalogue;

/** `changed`: the caller held another menu (stock and the clock aside). */
const versionOf = (catalogue: Catalogue, held: string | undefined) => ({
  version: catalogue.version,
  changed: held !== undefined && menuPartOf(held) !== menuPartOf(catalogue.version),
});

/** What store/products' onSend hook sends instead of the handler's placeholder envelope. */
type PreparedReply = { etag: string; body: PreparedBody | null };
const preparedReplies = new WeakMap<FastifyRequest, PreparedReply>();

const addVary = (reply: FastifyReply, name: string) => {
  const vary = reply.getHeader('vary');
  const list =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((v) => v.trim());
  if (!list.some((v) => v.toLowerCase() === name.toLowerCase() || v === '*'))
    reply.header('vary', [...list, name].join(', '));
};

/**
 * Sends the cached reply of store/products in the client's encoding (body null: 304). It runs after the
 * compression plugin's hook, which leaves the small placeholder alone.
 */
const sendPrepared: onSendAsyncHookHandler = async (request, reply, payload) => {
  const prepared = preparedReplies.get(request);
  if (!prepared || reply.statusCode !== 200) return payload;
  reply.header('etag', prepared.etag);
  addVary(reply, 'Accept-Encoding');
  addVary(reply, 'language');
  if (!prepared.body) {
    reply.code(304);
    return '';
  }
  const { bytes, encoding } = await prepared.body.forEncoding(
    preferredEncoding(request.headers['accept-encoding']),
  );
  if (encoding) reply.header('content-encoding', encoding);
  return bytes;
};

/** A page of `ids` in the given order, as store/productsChunk answers it. */
function pageOf(
  catalogue: Catalogue,
  ids: readonly number[],
  page: { page: number; pageLimit: number; version?: string | undefined },
): ProductsChunkInfo {
  const start = (page.page - 1) * page.pageLimit;
  const pageIds = ids.slice(start, start + page.pageLimit);
  return {
    ...versionOf(catalogue, page.version),
    list: pageIds.map((id) => catalogue.product(id)!),
    page: page.page,
    pageLimit: page.pageLimit,
    total: ids.length,
    hasMore: start + pageIds.length < ids.length,
  };
}

/** The listed products of one category, in menu order. */
const categoryIds = (catalogue: Catalogue, typeId: number) =>
  catalogue
    .listedRows()
    .filter((row) => row.typeId === typeId)
    .map((row) => row.id);

const productOf = (catalogue: Catalogue, id: number) => {
  const product = catalogue.product(id);
  if (!product) throw new BusinessError(catalogMessages.productNotFound, { id });
  return product;
};

const actions: AnyAction[] = [
  defineAction({
    area: 'store',
    action: 'list',
    input: storeListInput,
    auth: 'none',
    handler: async ({ input, ctx, app }) => listShops(app.db, input, ctx.catalogueLocale),
  }),

  defineAction({
    area: 'store',
    action: 'detail',
    input: storeDetailInput,
    auth: 'none',
    handler: async ({ input, ctx, app }) => {
      const info = await shopDetail(app.db, input.appId, ctx.catalogueLocale);
      if (!info) throw new BusinessError('shop.notFound', undefined, SHOP_NOT_FOUND);
      // Read live rather than from the settings: they follow the activities' dates (entry routing rule 1,
      // the menu's offers strip).
      const today = shopToday(ctx.now, info.timezone);
      const scope = { shopId: info.id, chainId: info.chainId, today };
      return { ...info, ...(await runningActivityFlags(app.db, scope)) };
    },
  }),

  defineAction({
    area: 'store',
    action: 'paySetting',
    input: paySettingInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<PaySettingInfo> => {
      const shop = await sessionShop(app, ctx);
      const member = await loadMemberSettingRow(app.db, shop.row.id);
      const options = payOptions(shop.row, member, ctx.locale, ctx.catalogueLocale);
      const orderType = input.orderType;
      return { payTypes: orderType ? options.filter((o) => o.orderTypes.includes(orderType)) : options };
    },
  }),

  defineAction({
    area: 'store',
    action: 'vipChargePaySetting',
    input: vipChargePaySettingInput,
    auth: 'session',
    handler: async ({ ctx, app }): Promise<PaySettingInfo> => {
      const member = await loadMemberSettingRow(app.db, ctx.session.shopId);
      return { payTypes: chargePayOptions(member, ctx.locale) };
    },
  }),

  defineAction({
    area: 'store',
    action: 'levels',
    input: levelsInput,
    auth: 'session',
    handler: async ({ ctx, app }) =>
      loadLevels(app.db, { id: ctx.session.shopId, chainId: ctx.session.chainId }, ctx.catalogueLocale),
  }),

  defineAction({
    area: 'store',
    action: 'memberSetting',
    input: memberSettingInput,
    auth: 'session',
    handler: async ({ ctx, app }) => {
      const row = await loadMemberSettingRow(app.db, ctx.session.shopId);
      if (!row) throw new BusinessError('shop.notFound', undefined, SHOP_NOT_FOUND);
      return toMemberSetting(row, ctx.catalogueLocale);
    },
  }),

  defineAction({
    area: 'store',
    action: 'products',
    input: productsInput,
    auth: 'session',
    handler: async ({ input, ctx, app, request }) => {
      const entry = await sessionEntry(app, ctx);
      const { catalogue, version } = entry;
      if (input.version === version) return { version, changed: false, unchanged: true as const };
      const versioned = versionOf(catalogue, input.version);
      if (versioned.changed) return { ...versioned, list: catalogue.listed() };
      preparedReplies.set(request, {
        etag: entry.etag,
        body: matchesEtag(request.headers['if-none-match'], entry.etag) ? null : productsBodyOf(entry),
      });
      // Replaced by sendPrepared; never serialized at length.
      return null;
    },
  }),

  defineAction({
    area: 'store',
    action: 'productTypes',
    input: productTypesInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<ProductTypesInfo> => {
      const catalogue = await sessionCatalogue(app, ctx);
      const counts = new Map<number, number>();
      for (const row of catalogue.listedRows()) counts.set(row.typeId, (counts.get(row.typeId) ?? 0) + 1);
      const list = catalogue.types().map((type) => ({ ...type, productCount: counts.get(type.id) ?? 0 }));
      const reply: ProductTypesInfo = { ...versionOf(catalogue, input.version), list };
      const wanted = input.firstPages;
      if (wanted === undefined) return reply;
      const firstPages: NonNullable<ProductTypesInfo['firstPages']> = [];
      let products = 0;
      for (const type of list) {
        if (products >= wanted) break;
        if (type.productCount === 0) continue;
        const page = pageOf(catalogue, categoryIds(catalogue, type.id), {
          page: 1,
          pageLimit: wanted,
          version: input.version,
        });
        firstPages.push({ typeId: type.id, ...page });
        products += page.list.length;
      }
      return { ...reply, firstPages };
    },
  }),

  defineAction({
    area: 'store',
    action: 'productsChunk',
    input: productsChunkInput,
    auth: 'session',
    handler: async ({ input, ctx, app }): Promise<ProductsChunkInfo> => {
      const catalogue = await sessionCatalogue(app, ctx);
      let ids: number[];
      if (input.type === 'category') {
        if (!catalogue.hasType(input.typeId)) {
          throw new BusinessError(catalogMessages.categoryNotFound, { id: input.typeId });
        }
        ids = categoryIds(catalogue, input.typeId);
      } else {
        const unknown = input.ids.find((id) => !catalogue.hasProduct(id));
        if (unknown !== undefined) throw new BusinessError(catalogMessages.productNotFound, { id: unknown });
        ids = input.ids;
      }
      return pageOf(catalogue, ids, input);
    },
  }),

  defineAction({
    area: 'store',
    action: 'productDetail',
    input: productDetailInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => productOf(await sessionCatalogue(app, ctx), input.id),
  }),

  defineAction({
    area: 'store',
    action: 'comboCheck',
    input: comboCheckInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) =>
      comboCheck(await sessionCatalogue(app, ctx), input.productId, input.isNewVersion),
  }),

  defineAction({
    area: 'store',
    action: 'productTastes',
    input: productTastesInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const catalogue = await sessionCatalogue(app, ctx);
      const row = catalogue.row(input.productId);
      if (!row) throw new BusinessError(catalogMessages.productNotFound, { id: input.productId });
      return { productId: row.id, tastes: catalogue.tastes(row, input.isNewVersion) };
    },
  }),

  defineAction({
    area: 'store',
    action: 'productTaxes',
    input: productTaxesInput,
    auth: 'session',
    handler: async ({ ctx, app }) =>
      (await loadTaxes(app.db, ctx.session.shopId)).map((row) => toProductTax(row, ctx.catalogueLocale)),
  }),

  defineAction({
    area: 'store',
    action: 'checkStock',
    input: checkStockInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => checkStock(await sessionCatalogue(app, ctx), input.products),
  }),

  defineAction({
    area: 'store',
    action: 'stockQuery',
    input: stockQueryInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => stockQuery(await sessionCatalogue(app, ctx), input.products),
  }),

  defineAction({
    area: 'store',
    action: 'productSearch',
    input: productSearchInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const catalogue = await sessionCatalogue(app, ctx);
      return { ...versionOf(catalogue, input.version), list: searchCatalogue(catalogue, input.searchText) };
    },
  }),

  defineAction({
    area: 'store',
    action: 'specProductList',
    input: specProductListInput,
    auth: 'session',
    handler: async ({ input, ctx, app }) => {
      const catalogue = await sessionCatalogue(app, ctx);
      const wanted = catalogue.rows.products.filter((row) => {
        if (catalogue.specsOf(row.id).length === 0) return false;
        const state = catalogue.state(row.id);
        if (state === ProductState.deleted) return false;
        return input.includeNotSale || state === ProductState.normal;
      });
      return catalogue.inMenuOrder(wanted).map((row) => catalogue.product(row.id)!);
    },
  }),
];

const storeRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', sendPrepared);
  await actionRoutes(actions)(app, {});
};

export default storeRoutes;

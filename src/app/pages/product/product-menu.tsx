// The menu shared by /product/index and tab 1: the catalog flow feeding the product index view.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Actor } from 'xstate';
import type { Product } from '../../../domain/catalog';
import type { OrderType } from '../../../domain/enums';
import { isShopOpenNow } from '../../../domain/hours';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import { searchPlaceholder } from '../../../i18n/industry-words';
import { selectProductCount, selectTypeCount } from '../../../machines/cart/cart-counts.selectors';
import type { catalogMachine } from '../../../machines/catalog/catalog.machine';
import {
  selectChunkStatus,
  selectHasMore,
  selectIsLoading,
  selectLoadFailed,
  selectMenuUpdated,
  selectProductsOf,
  selectTypes,
} from '../../../machines/catalog/catalog.selectors';
import { selectOrderType } from '../../../machines/entry/session.selectors';
import {
  ProductIndexView,
  type MenuCartActions,
  type MenuSection,
  type MenuShopHeader,
} from '../../../views/product/product-index-view';
import type { ShopOpenState } from '../../../views/store/shop-badge';
import { useAppState } from '../../app-state';
import { useCart, type CartRef } from '../../cart-state';
import { clock } from '../../clock';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { catalogFlow } from '../../flows/catalog';
import { useLatest } from '../../use-latest';

// The cart bar and its sheet load just after the menu's first screen: their code (the cart's rules and the
// confirm check) is most of the menu page's, and the first screen does not wait for it (decision K53). A
// failure to load reaches the page's error view, as the page's own code would.
const CartPanel = lazy(() => import('../order/cart-panel').then((module) => ({ default: module.CartPanel })));
// The choice sheet loads when a product with choices is first tapped.
const ProductChoiceSheet = lazy(() =>
  import('./product-choice-sheet').then((module) => ({ default: module.ProductChoiceSheet })),
);
// A shared-product or auto-add link is rare: its handling loads only when the query names one.
const ProductLink = lazy(() => import('./product-link').then((module) => ({ default: module.ProductLink })));
// The shop's offers (strip, product tags, price activities for the cart) load after the first screen.
const ShopOffers = lazy(() => import('../coupon/shop-offers'));

const NO_TAGS = new Map<number, string>();

/** The menu query's product link (a shared product, an auto-add one), and how the page drops it once acted on. */
export interface MenuLink {
  productId: number | undefined;
  autoAdd: number | undefined;
  settle: (typeId?: number) => Promise<void>;
}

/** The menu's header: the shop's name, whether it takes orders of this type now, today's hours, its notice. */
function shopHeader(shop: ShopInfo, orderType: OrderType): MenuShopHeader {
  const openState: ShopOpenState =
    shop.realShopStatus < 1 ? 'stopped' : isShopOpenNow(shop, orderType, clock()) ? 'open' : 'closed';
  const { notification } = shop;
  const notice = notification.isOpen ? notification.content || notification.title || null : null;
  return {
    name: shop.name,
    openState,
    hours: shop.businessTimeRange.map((r) => `${r.start}–${r.end}`).join(', '),
    notice,
    offersExpected: shop.hasNewActivity,
  };
}

export function ProductMenu({
  shop,
  asTab,
  initialTypeId,
  link,
}: {
  shop: ShopInfo;
  asTab: boolean;
  initialTypeId?: number | undefined;
  link?: MenuLink | null | undefined;
}) {
  const actor = useFlow(catalogFlow, () => ({ input: {} }));
  return (
    <>
      {actor ? (
        <Menu actor={actor} shop={shop} asTab={asTab} initialTypeId={initialTypeId} link={link} />
      ) : (
        <ProductIndexViewLoading shop={shop} asTab={asTab} />
      )}
    </>
  );
}

function ProductIndexViewLoading({ shop, asTab }: { shop: ShopInfo; asTab: boolean }) {
  const { session } = useAppState();
  const { LL } = useI18nContext();
  const orderType = useSelector(session, selectOrderType);
  return (
    <ProductIndexView
      title={shop.name}
      header={shopHeader(shop, orderType)}
      searchPlaceholder={searchPlaceholder(LL, shop.industry)}
      asTab={asTab}
      orderTypes={shop.orderTypes}
      orderType={orderType}
      onOrderType={() => undefined}
      types={null}
      loading
      failed={false}
      onRetry={() => undefined}
      useSection={useNoSection}
      onShowType={() => undefined}
      onLoadMore={() => undefined}
      onRetryType={() => undefined}
      showMemberPrice={false}
      menuUpdated={false}
      onReload={() => undefined}
    />
  );
}

const NO_SECTION: MenuSection = { products: [], status: 'idle', hasMore: false };
function useNoSection(): MenuSection {
  return NO_SECTION;
}

function Menu({
  actor,
  shop,
  asTab,
  initialTypeId,
  link,
}: {
  actor: Actor<typeof catalogMachine>;
  shop: ShopInfo;
  asTab: boolean;
  initialTypeId?: number | undefined;
  link?: MenuLink | null | undefined;
}) {
  const { session } = useAppState();
  const { LL } = useI18nContext();
  const { cart } = useCart();
  const navigation = useAppNavigation();
  const orderType = useSelector(session, selectOrderType);
  const types = useSelector(actor, selectTypes);
  const [choosing, setChoosing] = useState<Product | null>(null);
  const [jumpTo, setJumpTo] = useState<{ typeId: number; seq: number } | null>(null);
  const cartActions = useMenuCart(cart, setChoosing, (product) =>
    navigation.go('/product/detail', { id: product.id }),
  );
  // Spec §5: the must-pick category counts only while it lists something to pick.
  const mustPick = types.find((t) => t.isMustPick && (t.productCount ?? 1) > 0) ?? null;
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const menuUpdated = useSelector(actor, selectMenuUpdated);
  const [panelShown, setPanelShown] = useState(false);
  const [tags, setTags] = useState(NO_TAGS);
  const showPanel = useCallback(() => setPanelShown(true), []);
  const showCategory = useCallback(
    (typeId: number) => setJumpTo((last) => ({ typeId, seq: (last?.seq ?? 0) + 1 })),
    [],
  );

  const useSection = useCallback(
    function useCatalogSection(typeId: number): MenuSection {
      const products = useSelector(actor, selectProductsOf(typeId));
      const status = useSelector(actor, selectChunkStatus(typeId));
      const hasMore = useSelector(actor, selectHasMore(typeId));
      // Never asked for (idle on page one) shows a skeleton; a loaded page with more behind it is ready.
      const sectionStatus =
        status === 'error'
          ? 'failed'
          : status === 'queued' || status === 'loading'
            ? 'loading'
            : status === 'done' || products.length > 0
              ? 'ready'
              : 'idle';
      return { products, status: sectionStatus, hasMore };
    },
    [actor],
  );

  return (
    <ProductIndexView
      title={shop.name}
      header={{
        ...shopHeader(shop, orderType),
        offers: (
          <Suspense fallback={null}>
            <ShopOffers shopId={shop.id} cart={cart} onTags={setTags} />
          </Suspense>
        ),
      }}
      productTag={(id) => tags.get(id) ?? null}
      searchPlaceholder={searchPlaceholder(LL, shop.industry)}
      cart={cartActions}
      jumpTo={jumpTo}
      asTab={asTab}
      orderTypes={shop.orderTypes}
      orderType={orderType}
      onOrderType={(next) => session.send({ type: 'session.setOrderType', orderType: next })}
      types={loading ? null : types}
      loading={loading}
      failed={failed}
      onRetry={() => actor.send({ type: 'catalog.retry' })}
      useSection={useSection}
      onShowType={(typeId) => actor.send({ type: 'catalog.showType', typeId })}
      onLoadMore={(typeId) => actor.send({ type: 'catalog.loadMore', typeId })}
      onRetryType={(typeId) => actor.send({ type: 'catalog.retryChunk', typeId })}
      showMemberPrice={shop.showVipPrice}
      menuUpdated={menuUpdated}
      onReload={() => actor.send({ type: 'catalog.reload' })}
      initialTypeId={initialTypeId}
      cartBar={
        <>
          <Suspense fallback={null}>
            <CartPanel
              aboveTabBar={asTab}
              mustPick={mustPick ? { typeId: mustPick.id, name: mustPick.name } : null}
              onShowCategory={showCategory}
            />
            {link && <OnShown run={showPanel} />}
          </Suspense>
          {link && (
            <Suspense fallback={null}>
              <ProductLink
                key={`${link.productId}:${link.autoAdd}`}
                query={link}
                catalog={actor}
                ready={!loading && !failed && cart !== null && panelShown}
                onShowCategory={showCategory}
                onChoose={setChoosing}
                onSettled={link.settle}
              />
            </Suspense>
          )}
          {choosing && (
            <Suspense fallback={null}>
              <ProductChoiceSheet
                key={choosing.id}
                product={choosing}
                shop={shop}
                onClose={() => setChoosing(null)}
              />
            </Suspense>
          )}
        </>
      }
    />
  );
}

/**
 * Runs once its Suspense boundary has shown: after the cart panel beside it has mounted and listens for
 * refused adds, so an add from a link is never refused unheard.
 */
function OnShown({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * The menu's cart controls: one tap adds a product without choices, a product with choices opens its sheet.
 * Until the cart has loaded (it loads just after the first screen), a tap opens the product's page instead.
 */
function useMenuCart(
  cart: CartRef | null,
  choose: (product: Product) => void,
  openPage: (product: Product) => void,
): MenuCartActions {
  const useProductCount = useCallback(
    function useCartProductCount(productId: number): number {
      return useSelector(cart ?? undefined, (s) => (s ? selectProductCount(productId)(s) : 0));
    },
    [cart],
  );
  const useTypeCount = useCallback(
    function useCartTypeCount(typeId: number): number {
      return useSelector(cart ?? undefined, (s) => (s ? selectTypeCount(typeId)(s) : 0));
    },
    [cart],
  );
  // The newest chooser and page opener, read at tap time: the actions change only with the cart, so a new
  // navigation object on a render does not redraw every card.
  const latest = useLatest({ choose, openPage });
  return useMemo(
    () => ({
      onAdd: (product: Product) =>
        cart ? cart.send({ type: 'cart.addOne', product }) : latest.current.openPage(product),
      onRemove: (product: Product) => cart?.send({ type: 'cart.removeOne', productId: product.id }),
      onChoose: (product: Product) =>
        cart ? latest.current.choose(product) : latest.current.openPage(product),
      useProductCount,
      useTypeCount,
    }),
    [cart, latest, useProductCount, useTypeCount],
  );
}

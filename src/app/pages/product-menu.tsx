// The menu shared by /product/index and tab 1: the catalog flow feeding the product index view.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback } from 'react';
import type { Actor } from 'xstate';
import type { ShopInfo } from '../../domain/shop';
import type { catalogMachine } from '../../machines/catalog.machine';
import {
  selectChunkStatus,
  selectHasMore,
  selectIsLoading,
  selectLoadFailed,
  selectMenuUpdated,
  selectProductsOf,
  selectTypes,
} from '../../machines/catalog.selectors';
import { selectOrderType } from '../../machines/session.selectors';
import { ProductIndexView, type MenuSection } from '../../views/product/product-index-view';
import { useAppState } from '../app-state';
import { useFlow } from '../use-flow';
import { catalogFlow } from '../flows/catalog';

// The cart bar and its sheet load just after the menu's first screen: their code (the cart's rules and the
// confirm check) is most of the menu page's, and the first screen does not wait for it (decision K53). A
// failure to load reaches the page's error view, as the page's own code would.
const CartPanel = lazy(() => import('./cart-panel').then((module) => ({ default: module.CartPanel })));

export function ProductMenu({
  shop,
  asTab,
  initialTypeId,
}: {
  shop: ShopInfo;
  asTab: boolean;
  initialTypeId?: number | undefined;
}) {
  const actor = useFlow(catalogFlow, () => ({ input: {} }));
  return (
    <>
      {actor ? (
        <Menu actor={actor} shop={shop} asTab={asTab} initialTypeId={initialTypeId} />
      ) : (
        <ProductIndexViewLoading shop={shop} asTab={asTab} />
      )}
    </>
  );
}

function ProductIndexViewLoading({ shop, asTab }: { shop: ShopInfo; asTab: boolean }) {
  const { session } = useAppState();
  const orderType = useSelector(session, selectOrderType);
  return (
    <ProductIndexView
      title={shop.name}
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
}: {
  actor: Actor<typeof catalogMachine>;
  shop: ShopInfo;
  asTab: boolean;
  initialTypeId?: number | undefined;
}) {
  const { session } = useAppState();
  const orderType = useSelector(session, selectOrderType);
  const types = useSelector(actor, selectTypes);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const menuUpdated = useSelector(actor, selectMenuUpdated);

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
        <Suspense fallback={null}>
          <CartPanel aboveTabBar={asTab} />
        </Suspense>
      }
    />
  );
}

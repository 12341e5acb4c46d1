// Pages inside a shop (tabs, menu, product) need the shop the entry flow loaded. After a reload the
// app has none in memory: the entry flow runs again for the shop of the stored session, and the page
// shows once it is back, instead of bouncing the customer to the entry route. A shared link that names its
// shop (`shop=` in its query) enters that shop instead when the browser is in no shop or another one. The
// restore (and the entry flow with it) loads only when it is needed, so in-shop pages do not carry it.
import { lazy, Suspense, type ReactNode } from 'react';
import type { ShopInfo } from '../domain/shop';
import { useAppState } from './app-state';

const RestoreShop = lazy(() => import('./restore-shop'));
const LinkShop = lazy(() => import('./enter-shop'));

export function RequireShop({
  children,
  linkShopId,
}: {
  children: (shop: ShopInfo) => ReactNode;
  /** The shop a shared link names, entered first when the browser is not in it. */
  linkShopId?: number | undefined;
}) {
  const { shop } = useAppState();
  if (linkShopId !== undefined && shop?.id !== linkShopId)
    return (
      <Suspense fallback={null}>
        <LinkShop shopId={linkShopId} />
      </Suspense>
    );
  if (shop) return <>{children(shop)}</>;
  return (
    // The restore shows the entry splash itself once its code is in; until then nothing flashes.
    <Suspense fallback={null}>
      <RestoreShop />
    </Suspense>
  );
}

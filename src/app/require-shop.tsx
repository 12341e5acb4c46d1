// Pages inside a shop (tabs, menu, product) need the shop the entry flow loaded. After a reload the
// app has none in memory: the entry flow runs again for the shop of the stored session, and the page
// shows once it is back, instead of bouncing the customer to the entry route. The restore (and the entry
// flow with it) loads only when it is needed, so in-shop pages do not carry it.
import { lazy, Suspense, type ReactNode } from 'react';
import type { ShopInfo } from '../domain/shop';
import { useAppState } from './app-state';

const RestoreShop = lazy(() => import('./restore-shop'));

export function RequireShop({ children }: { children: (shop: ShopInfo) => ReactNode }) {
  const { shop } = useAppState();
  if (shop) return <>{children(shop)}</>;
  return (
    // The restore shows the entry splash itself once its code is in; until then nothing flashes.
    <Suspense fallback={null}>
      <RestoreShop />
    </Suspense>
  );
}

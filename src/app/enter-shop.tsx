// Enters a shop before an in-shop page shows: the entry flow runs for the shop and the page follows once
// the shop is there, without routing anywhere else (the page asked for is the destination). Two callers:
// the restore after a reload (the stored session's shop, restore-shop.tsx) and a shared link that names its
// shop (a red bag, a coupon to claim) opened in a browser that is not in that shop, a friend's phone or
// another shop's session (this module's default export).
import { useSelector } from '@xstate/react';
import type { OrderType } from '../domain/enums';
import type { ShopInfo } from '../domain/shop';
import { useI18nContext } from '../i18n/i18n-context';
import { selectCanRetry, selectEntryError } from '../machines/entry/entry.selectors';
import { detectEnvironment } from '../services/env';
import { storage } from '../services/storage';
import { EntryView } from '../views/entry/entry-view';
import { useAppState } from './app-state';
import { entryErrorText } from './entry-text';
import { entryFlow } from './flows/entry';
import { useFlow } from './use-flow';

export function EnterShop({
  shopId,
  restoring,
  orderTypeOf = (_shop, entryType) => entryType,
}: {
  shopId: number;
  /** A reload coming back, not an arrival: no red bag is shown again. */
  restoring: boolean;
  /** The order type the session takes once the shop is in (default: the entry's own). */
  orderTypeOf?: (shop: ShopInfo, entryType: OrderType) => OrderType;
}) {
  const { LL } = useI18nContext();
  const { session, setShop } = useAppState();
  const actor = useFlow(
    entryFlow,
    () => {
      const env = detectEnvironment();
      const token = storage.getToken();
      return {
        input: {
          query: { id: String(shopId) },
          isKiosk: env.isKiosk,
          storedSession: token ? { token: token.value, shopId: token.shopId } : null,
          openid: storage.getOpenid(),
          viewedExpandRedBagIds: restoring ? [] : storage.getViewedExpandRedBags(),
        },
      };
    },
    (entry) => [
      entry.on('entry.ready', (event) => {
        // The type is set before the shop, so a page that reads both never sees the entry's default first.
        session.send({ type: 'session.setOrderType', orderType: orderTypeOf(event.shop, event.orderType) });
        setShop(event.shop);
      }),
    ],
  );
  const error = useSelector(actor ?? undefined, (s) => (s ? selectEntryError(s) : null));
  const canRetry = useSelector(actor ?? undefined, (s) => (s ? selectCanRetry(s) : false));
  return (
    <EntryView
      error={error ? entryErrorText(LL, error) : null}
      canRetry={canRetry}
      onRetry={() => actor?.send({ type: 'entry.retry' })}
    />
  );
}

export default function LinkShop({ shopId }: { shopId: number }) {
  return <EnterShop shopId={shopId} restoring={false} />;
}

// Restores the shop of the stored session after a reload (see require-shop.tsx): the entry flow runs again
// for that shop, or the store list opens when there is no session.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { CONFIRM_ORDER_TYPES } from '../domain/api/order-rules';
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
import { useAppNavigation } from './shell';
import { useFlow } from './use-flow';

/**
 * A remembered takeaway, pickup or dine-in choice the shop still offers; the entry's own type otherwise (a
 * beauty shop's appointments, an open table, or nothing remembered).
 */
function restoredOrderType(shop: ShopInfo, entryType: OrderType): OrderType {
  const saved = storage.getOrderType(shop.id);
  const ordinary = (type: OrderType) => (CONFIRM_ORDER_TYPES as readonly OrderType[]).includes(type);
  return saved && ordinary(saved) && ordinary(entryType) && shop.orderTypes.includes(saved)
    ? saved
    : entryType;
}

export default function RestoreShop() {
  const { LL } = useI18nContext();
  const { session, setShop } = useAppState();
  const navigation = useAppNavigation();
  const shopId = storage.getToken()?.shopId ?? null;

  useEffect(() => {
    if (shopId === null) navigation.go('/pages/store/list', {}, { replace: true });
  }, [shopId, navigation]);

  const actor = useFlow(
    entryFlow,
    () => {
      const env = detectEnvironment();
      const token = storage.getToken();
      return {
        input: {
          query: shopId === null ? {} : { id: String(shopId) },
          isKiosk: env.isKiosk,
          storedSession: token ? { token: token.value, shopId: token.shopId } : null,
          openid: storage.getOpenid(),
          // Restoring is not arriving: no red bag is shown again.
          viewedExpandRedBagIds: [],
        },
      };
    },
    (entry) => [
      entry.on('entry.ready', (event) => {
        // The order type set on the menu before the reload, if the shop still takes it. The type is set
        // before the shop, so the remembered one is never overwritten by the entry's default.
        session.send({
          type: 'session.setOrderType',
          orderType: restoredOrderType(event.shop, event.orderType),
        });
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

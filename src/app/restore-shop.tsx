// Restores the shop of the stored session after a reload (see require-shop.tsx): the entry flow runs again
// for that shop, or the store list opens when there is no session.
import { useEffect } from 'react';
import { CONFIRM_ORDER_TYPES } from '../domain/api/order-rules';
import type { OrderType } from '../domain/enums';
import type { ShopInfo } from '../domain/shop';
import { storage } from '../services/storage';
import { EntryView } from '../views/entry/entry-view';
import { EnterShop } from './enter-shop';
import { useAppNavigation } from './shell';

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
  const navigation = useAppNavigation();
  const shopId = storage.getToken()?.shopId ?? null;

  useEffect(() => {
    if (shopId === null) navigation.go('/pages/store/list', {}, { replace: true });
  }, [shopId, navigation]);

  // The order type set on the menu before the reload, if the shop still takes it.
  return shopId === null ? (
    <EntryView error={null} canRetry={false} onRetry={() => undefined} />
  ) : (
    <EnterShop shopId={shopId} restoring orderTypeOf={restoredOrderType} />
  );
}

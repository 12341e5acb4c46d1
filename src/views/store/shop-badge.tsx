// The open / closed / unavailable badge of a shop card or page.
import { isShopOpenForAnyMode, type ShopHours } from '../../domain/hours';
import type { ShopInfo } from '../../domain/shop';
import { useI18nContext } from '../../i18n/i18n-context';
import styles from './store.module.css';

export type ShopOpenState = 'open' | 'closed' | 'stopped';

/**
 * Spec §4 shop status: real status 0 or -1 means expired or stopped. Otherwise the shop is open when one
 * of its order modes takes orders now, read in the shop's own time zone (src/domain/hours.ts).
 */
export function shopOpenState(
  shop: ShopHours & Pick<ShopInfo, 'orderTypes' | 'realShopStatus'>,
  now: Date = new Date(),
): ShopOpenState {
  if (shop.realShopStatus < 1) return 'stopped';
  return isShopOpenForAnyMode(shop, now) ? 'open' : 'closed';
}

export function ShopBadge({ state }: { state: ShopOpenState }) {
  const { LL } = useI18nContext();
  const label =
    state === 'open' ? LL.store.open() : state === 'closed' ? LL.store.closed() : LL.store.stopped();
  return <span className={`${styles.badge} ${styles[state]}`}>{label}</span>;
}

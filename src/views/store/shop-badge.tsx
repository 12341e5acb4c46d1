// The open / closed / unavailable badge of a shop card or page.
import { useI18nContext } from '../../i18n/i18n-context';
import styles from './store.module.css';

export type ShopOpenState = 'open' | 'closed' | 'stopped';

/**
 * Spec §4 shop status: real status 0 or -1 means expired or stopped. Otherwise the shop counts as open
 * when any way of ordering is switched on (delivery, pick-up, scanning at the table); a store list card
 * only knows the delivery switch.
 */
export function shopOpenState(shop: {
  openShop: boolean;
  realShopStatus: number;
  selfCollection?: boolean;
  openScanSwitch?: boolean;
}): ShopOpenState {
  if (shop.realShopStatus < 1) return 'stopped';
  return shop.openShop || shop.selfCollection === true || shop.openScanSwitch === true ? 'open' : 'closed';
}

export function ShopBadge({ state }: { state: ShopOpenState }) {
  const { LL } = useI18nContext();
  const label =
    state === 'open' ? LL.store.open() : state === 'closed' ? LL.store.closed() : LL.store.stopped();
  return <span className={`${styles.badge} ${styles[state]}`}>{label}</span>;
}

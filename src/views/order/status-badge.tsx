// The order's status label of spec §4 in its tone (unpaid, under way, done, ended, a problem), and the
// small "live" mark that says whether changes arrive as they happen or by polling.
import { useCallback, useContext } from 'react';
import type { OrderSummary } from '../../domain/api/order';
import { formatPrice } from '../../i18n/currency';
import { useI18nContext } from '../../i18n/i18n-context';
import type { StatusView } from '../../machines/order/order-list.selectors';
import type { WatchMode } from '../../machines/order/order-watch.selectors';
import type { OrdersTexts } from './status-text';
import { ShopDisplayContext } from '../ui/shop-display-context';
import styles from './order-list.module.css';

/**
 * Formats an order's money in the order's own currency (the list spans shops); the shop's own symbol is
 * used when the order is in the current shop's currency.
 */
export function useOrderPrice(): (
  order: Pick<OrderSummary, 'currency' | 'numberDecimals'>,
  amount: number,
) => string {
  const { locale } = useI18nContext();
  const display = useContext(ShopDisplayContext);
  return useCallback(
    (order, amount) =>
      formatPrice(amount, {
        locale,
        currency: order.currency,
        decimals: order.numberDecimals,
        shopSymbol: order.currency === display.currency ? display.currencySymbol : null,
      }),
    [locale, display],
  );
}

export function StatusBadge({ view, T }: { view: StatusView; T: OrdersTexts }) {
  return (
    <span
      className={`${styles.badge} ${styles[view.tone]}`}
      data-testid="order-status"
      data-status={view.label}
    >
      {T.status[view.label]()}
    </span>
  );
}

export function LiveMark({ mode, T }: { mode: WatchMode; T: OrdersTexts }) {
  if (mode === 'connecting') return null;
  return (
    <span className={styles.live} data-testid="live-mark" data-mode={mode}>
      <span
        className={mode === 'live' ? styles.liveDot : `${styles.liveDot} ${styles.pollDot}`}
        aria-hidden="true"
      />
      {mode === 'live' ? T.live.live() : T.live.polling()}
    </span>
  );
}

// Tab 2 (/pages/user/order/list): the customer's orders newest first, as cards with the shop, the time,
// the spec §4 status label, what was ordered and the total; filter chips; the next page loads when the
// customer reaches the bottom.
import { useEffect, useRef, type ReactNode } from 'react';
import type { OrderSummary } from '../../domain/api/order';
import { ORDER_FILTERS, type OrderFilter } from '../../machines/order/order-list.machine';
import { statusView } from '../../machines/order/order-list.selectors';
import { formatDateTime } from '../../i18n/date-time';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button } from '../ui/button';
import { useNavigation } from '../ui/navigation';
import { Page } from '../ui/page';
import { PageHead } from '../ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { EmptyState, ErrorView } from '../ui/state-views';
import { StatusBadge, useOrderPrice } from './status-badge';
import type { OrdersTexts } from './status-text';
import styles from './order-list.module.css';

export interface OrderListViewProps {
  T: OrdersTexts;
  orders: readonly OrderSummary[];
  filter: OrderFilter;
  onFilter: (filter: OrderFilter) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  loadingMore: boolean;
  /** The list on screen is being read again. */
  refreshing: boolean;
  hasMore: boolean;
  moreFailed: boolean;
  onMore: () => void;
  now: Date;
  /** Above the list: a beauty shop's upcoming appointments. */
  top?: ReactNode;
  /** The empty list's way to order, in the shop's words ("Book now" for a beauty shop). */
  orderNowLabel?: string;
}

export function OrderListView(props: OrderListViewProps) {
  const { T } = props;
  const { LL } = useI18nContext();
  const navigation = useNavigation();
  return (
    <Page withTabBar head={<PageHead title={T.title()} back={false} />}>
      <div className={styles.filters} role="group" aria-label={T.filtersLabel()}>
        {ORDER_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className={styles.filter}
            aria-pressed={props.filter === filter}
            onClick={() => props.onFilter(filter)}
          >
            {T.filter[filter]()}
          </button>
        ))}
      </div>
      {props.top}
      {props.failed ? (
        <ErrorView onRetry={props.onRetry} />
      ) : props.loading ? (
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      ) : props.orders.length === 0 ? (
        props.filter === 'all' ? (
          <EmptyState
            icon="orders"
            title={T.list.empty()}
            description={T.list.emptyHint()}
            action={
              <Button onClick={() => navigation.go('/pages/user/index-tab-1')}>
                {props.orderNowLabel ?? T.list.orderNow()}
              </Button>
            }
          />
        ) : (
          <EmptyState icon="orders" title={T.list.emptyFilter()} />
        )
      ) : (
        <>
          <ul className={styles.list} aria-label={T.title()} data-testid="order-list">
            {props.orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} T={T} now={props.now} />
              </li>
            ))}
          </ul>
          <ListFooter {...props} />
        </>
      )}
    </Page>
  );
}

function OrderCard({ order, T, now }: { order: OrderSummary; T: OrdersTexts; now: Date }) {
  const { LL, locale } = useI18nContext();
  const navigation = useNavigation();
  const price = useOrderPrice();
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <a
      className={styles.card}
      href={navigation.href('/pages/user/order/detail', { id: order.id })}
      data-order-id={order.id}
      data-order-no={order.orderNo}
    >
      <div className={styles.cardHead}>
        <h2 className={styles.shopName}>
          {order.shopName}
          <span className="visually-hidden"> {T.list.view({ orderNo: order.orderNo })}</span>
        </h2>
        <StatusBadge view={statusView(order, now)} T={T} />
      </div>
      <p className={styles.cardMeta}>
        {order.appointment
          ? // An appointment is named by its time (the shop's own date and clock) and who does it.
            `${LL.orderType.appointment()} · ${order.appointment.date.slice(5).replace('-', '/')} ${order.appointment.time} · ${order.appointment.serviceUser.userName}`
          : `${LL.orderType[order.orderType]()} · #${order.daySeq} · ${formatDateTime(order.createdAt, locale)}`}
      </p>
      <p className={styles.cardLines}>
        {order.lines
          .map((line) => `${line.name} × ${line.quantity}`)
          .join(locale.startsWith('zh') ? '，' : ', ')}
      </p>
      <div className={styles.cardFoot}>
        <span className={styles.cardMeta}>{T.list.items({ count: items })}</span>
        <span className={styles.total} data-testid="order-card-total">
          {price(order, order.amounts.total)}
        </span>
      </div>
    </a>
  );
}

function ListFooter(props: OrderListViewProps) {
  const { T, hasMore, loadingMore, refreshing, moreFailed, onMore } = props;
  const sentinel = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  useEffect(() => {
    onMoreRef.current = onMore;
  });
  // Reaching the bottom asks for the next page (during a refresh the flow keeps the ask for after it). The
  // observer only reports a change of visibility, so it is armed again whenever a read settles: a sentinel
  // still in view after a refresh or a page that added nothing new asks again instead of stalling.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || moreFailed || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onMoreRef.current();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, moreFailed, loadingMore, refreshing, props.orders.length]);
  return (
    <div className={styles.footer}>
      {loadingMore ? (
        <span role="status">{T.list.loadingMore()}</span>
      ) : moreFailed ? (
        <ErrorView message={T.list.moreFailed()} onRetry={onMore} />
      ) : hasMore ? (
        <Button variant="ghost" size="small" onClick={onMore}>
          {T.list.loadingMore()}
        </Button>
      ) : (
        <span data-testid="list-end">{T.list.end()}</span>
      )}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
    </div>
  );
}

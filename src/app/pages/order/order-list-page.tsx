// Tab 2 (/pages/user/order/list): the customer's orders, wired to order/list, the live status stream
// (a change re-reads the pages shown), pull-to-refresh and the tab tap (back to the top, read again).
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { fromPromise, waitFor, type Actor } from 'xstate';
import {
  selectFailed,
  selectFilter,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsRefreshing,
  selectIsSettled,
  selectMoreFailed,
  selectOrders,
} from '../../../machines/order/order-list.selectors';
import { OrderListView } from '../../../views/order/order-list-view';
import { useOrdersTexts, type OrdersTexts } from '../../../views/order/status-text';
import { Page } from '../../../views/ui/page';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { ErrorView } from '../../../views/ui/state-views';
import { useTabTap } from '../../../views/ui/tab-tap';
import { useI18nContext } from '../../../i18n/i18n-context';
import { clock } from '../../clock';
import { orderListFlow } from '../../flows/order-list';
import { orderWatchFlow } from '../../flows/order-watch';
import { pullToRefreshFlow } from '../../flows/pull-to-refresh';
import { booksAppointments } from '../../appointment-shop';
import { RequireShop } from '../../require-shop';
import { useFlow } from '../../use-flow';

// A beauty shop's upcoming appointments (with their own messages and calls) load above its orders.
const UpcomingAppointments = lazy(() => import('../appointment/upcoming-appointments'));

export default function OrderListPage() {
  const T = useOrdersTexts();
  return <RequireShop>{(shop) => <OrdersTab T={T} appointments={booksAppointments(shop)} />}</RequireShop>;
}

function OrdersTab({ T, appointments }: { T: OrdersTexts | null | 'failed'; appointments: boolean }) {
  const { LL } = useI18nContext();
  if (T === 'failed')
    return (
      <Page withTabBar>
        <ErrorView />
      </Page>
    );
  if (!T)
    return (
      <Page withTabBar>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return <Orders T={T} appointments={appointments} />;
}

type ListActor = Actor<typeof orderListFlow>;

/** Labels that depend on the time ("to be confirmed" for a minute after ordering) follow the clock. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function Orders({ T, appointments }: { T: OrdersTexts; appointments: boolean }) {
  const { LL } = useI18nContext();
  const list = useRef<ListActor | null>(null);
  // Each read of the list reads the upcoming appointments again too.
  const [version, setVersion] = useState(0);
  const refresh = () => {
    list.current?.send({ type: 'list.refresh' });
    setVersion((v) => v + 1);
  };
  const actor = useFlow(
    orderListFlow,
    () => ({ input: {} }),
    (created) => {
      list.current = created;
      return [];
    },
  );
  useFlow(
    orderWatchFlow,
    () => ({}),
    (created) => [created.on('watch.changed', refresh), created.on('watch.stale', refresh)],
  );
  const pull = useFlow(
    pullToRefreshFlow.provide({
      actors: {
        refresh: fromPromise(async () => {
          const current = list.current;
          if (!current) return;
          refresh();
          await waitFor(current, selectIsSettled);
        }),
      },
    }),
    () => ({ input: {} }),
  );
  useTabTap((tab) => {
    if (tab !== 'orders') return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    refresh();
  });
  const now = useNow(15_000);

  const orders = useSelector(actor ?? undefined, (s) => (s ? selectOrders(s) : []));
  const filter = useSelector(actor ?? undefined, (s) => (s ? selectFilter(s) : 'all'));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const loadingMore = useSelector(actor ?? undefined, (s) => (s ? selectIsLoadingMore(s) : false));
  const refreshing = useSelector(actor ?? undefined, (s) => (s ? selectIsRefreshing(s) : false));
  const hasMore = useSelector(actor ?? undefined, (s) => (s ? selectHasMore(s) : false));
  const moreFailed = useSelector(actor ?? undefined, (s) => (s ? selectMoreFailed(s) : false));

  const view = (
    <OrderListView
      T={T}
      orders={orders}
      filter={filter}
      onFilter={(next) => actor?.send({ type: 'list.filter', filter: next })}
      loading={loading}
      failed={failed}
      onRetry={() => actor?.send({ type: 'list.retry' })}
      loadingMore={loadingMore}
      refreshing={refreshing}
      hasMore={hasMore}
      moreFailed={moreFailed}
      onMore={() => actor?.send({ type: 'list.more' })}
      now={now}
      top={
        appointments ? (
          <Suspense fallback={null}>
            <UpcomingAppointments
              version={version}
              onChanged={() => list.current?.send({ type: 'list.refresh' })}
            />
          </Suspense>
        ) : undefined
      }
      orderNowLabel={appointments ? LL.tabs.appointment() : undefined}
    />
  );
  return pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view;
}

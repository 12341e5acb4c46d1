// /order/multi-success?ids=: every order placed together, read back from order/detail. A link naming
// no order offers the menu and the orders tab; a failed read offers a retry.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { OrderDetail } from '../../../domain/api/order';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { orderApi } from '../../../services/api/order';
import { OrderCard } from '../../../views/order/order-success-view';
import styles from '../../../views/order/order.module.css';
import { Button } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

const route = getRouteApi('/order/multi-success');

const orders = resourceMachine.provide({
  actors: {
    load: fromPromise(({ input }) =>
      Promise.all((input as { ids: number[] }).ids.map((id) => orderApi.detail({ id }))),
    ),
  },
});

export default function OrderMultiSuccessPage() {
  return (
    <WithMessages namespace="checkout">
      <OrderMultiSuccessPageContent />
    </WithMessages>
  );
}

function OrderMultiSuccessPageContent() {
  const { ids } = route.useSearch();
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const list = (ids ?? '')
    .split(',')
    .map(Number)
    .filter((n: number) => Number.isInteger(n) && n > 0)
    .slice(0, 10);
  // A link naming no order has nothing to load or retry: the way on is the menu or the orders tab. Its
  // head does not say "order placed", since no order is shown.
  if (list.length === 0)
    return (
      <Page head={<PageHead title={LL.multi.none()} />}>
        <EmptyState
          icon="alert"
          title={LL.multi.noneHint()}
          action={
            <div className={styles.emptyActions}>
              <Button onClick={() => navigation.go('/product/index', {}, { replace: true })}>
                {LL.success.backToMenu()}
              </Button>
              <Button
                variant="secondary"
                onClick={() => navigation.go('/pages/user/order/list', {}, { replace: true })}
              >
                {LL.multi.toOrders()}
              </Button>
            </div>
          }
        />
      </Page>
    );
  return <Orders key={list.join(',')} ids={list} />;
}

function Orders({ ids }: { ids: number[] }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const actor = useFlow(orders, () => ({ input: { params: { ids } } }));
  const data = useSelector(actor ?? undefined, (s) => (s ? selectData<OrderDetail[]>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const head = <PageHead title={LL.checkout.result.title()} />;
  // Retry only where the machine takes it: after a failed load.
  if (failed)
    return (
      <Page head={head}>
        <ErrorView
          message={LL.success.loadFailed()}
          onRetry={() => actor?.send({ type: 'resource.retry' })}
        />
      </Page>
    );
  if (!data)
    return (
      <Page head={head}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return (
    <Page head={head}>
      <p
        className={styles.banner}
        role="status"
        style={{ background: 'var(--main-color-tint)', color: 'inherit' }}
      >
        {LL.multi.placed({ count: data.length })}
      </p>
      {data.map((order) => (
        <OrderCard key={order.id} order={order} showShop />
      ))}
      <div className={styles.section} style={{ background: 'none', boxShadow: 'none' }}>
        <Button block size="large" onClick={() => navigation.go('/product/index', {}, { replace: true })}>
          {LL.success.backToMenu()}
        </Button>
      </div>
    </Page>
  );
}

// /order/success?id=: the placed order read back from order/detail, so what the page shows is what the
// shop stored (a reload shows the same order).
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { OrderDetail } from '../../domain/api/order';
import { useI18nContext } from '../../i18n/i18n-context';
import { resourceMachine } from '../../machines/resource.machine';
import { selectData, selectFailed, selectIsLoading } from '../../machines/resource.selectors';
import { orderApi } from '../../services/api/order';
import { OrderSuccessView } from '../../views/order/order-success-view';
import { Page } from '../../views/ui/page';
import { PageHead } from '../../views/ui/page-head';
import { EmptyState } from '../../views/ui/state-views';
import { useAppNavigation } from '../shell';
import { useFlow } from '../use-flow';

const route = getRouteApi('/order/success');

const orderDetail = resourceMachine.provide({
  actors: { load: fromPromise(({ input }) => orderApi.detail(input as { id: number })) },
});

export default function OrderSuccessPage() {
  const { id } = route.useSearch();
  const { LL } = useI18nContext();
  if (id === undefined)
    return (
      <Page head={<PageHead title={LL.success.title()} />}>
        <EmptyState icon="alert" title={LL.success.loadFailed()} />
      </Page>
    );
  return <Success id={id} />;
}

function Success({ id }: { id: number }) {
  const navigation = useAppNavigation();
  const actor = useFlow(orderDetail, () => ({ input: { params: { id } } }));
  const order = useSelector(actor ?? undefined, (s) => (s ? selectData<OrderDetail>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  return (
    <OrderSuccessView
      order={order}
      loading={loading}
      failed={failed}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
      onBackToMenu={() => navigation.go('/product/index', {}, { replace: true })}
    />
  );
}

// /member/point-store/exchange-success?id=: what an exchange gave — the coupons now in the coupon list, or
// the code to collect a product at the counter — and the points left, read by activity/pointExchangeDetail
// so a reload shows the same; only the session member's own exchange is found.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { PointExchangeView } from '../../../domain/api/point-store';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { pointStoreApi } from '../../../services/point-store';
import { ExchangeDoneView, PointStoreSkeleton } from '../../../views/member/point-store-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { RequireMember } from './recharge-gate';
import { positiveId } from './recharge-search';

const route = getRouteApi('/member/point-store/exchange-success');

const exchangeResult = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown, unknown>(({ input }) =>
      pointStoreApi.exchangeDetail(input as { id: number }, { toast: false }),
    ),
  },
});

export default function ExchangeSuccessPage() {
  return (
    <WithMessages namespace={['pointStore', 'recharge']}>
      <RequireShop>{() => <SuccessContent />}</RequireShop>
    </WithMessages>
  );
}

function SuccessContent() {
  const { LL } = useI18nContext();
  const id = positiveId(route.useSearch().id);
  return (
    <Page head={<PageHead title={LL.pointStore.successTitle()} />}>
      {id === null ? (
        <EmptyState icon="alert" title={LL.pointStore.notFound()} />
      ) : (
        <RequireMember back={`/member/point-store/exchange-success?id=${id}`}>
          {() => <Result key={id} id={id} />}
        </RequireMember>
      )}
    </Page>
  );
}

function Result({ id }: { id: number }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const actor = useFlow(exchangeResult, () => ({ input: { params: { id } } }));
  const exchange = useSelector(actor ?? undefined, (s) => (s ? selectData<PointExchangeView>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  if (failed)
    return (
      <ErrorView message={LL.pointStore.notFound()} onRetry={() => actor?.send({ type: 'resource.retry' })} />
    );
  if (!exchange) return <PointStoreSkeleton />;
  return (
    <ExchangeDoneView
      exchange={exchange}
      hrefs={{
        coupons: navigation.href('/pages/user/coupon/list'),
        mall: navigation.href('/member/point-store/point-store'),
      }}
    />
  );
}

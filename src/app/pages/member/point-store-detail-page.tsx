// /member/point-store/coupon-detail?id= ("coupon details"): one item of the points mall with its coupon's
// rules, read by activity/pointStoreCouponDetail, and the same exchange flow as the mall's cards.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { PointStoreCouponDetailInfo } from '../../../domain/api/point-store';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectError, selectFailed } from '../../../machines/shared/resource.selectors';
import { pointStoreApi } from '../../../services/point-store';
import { ExchangeSheet, ItemDetailView, PointStoreSkeleton } from '../../../views/member/point-store-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { usePointExchangeFlow } from '../../flows/point-exchange';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { RequireMember } from './recharge-gate';
import { positiveId } from './recharge-search';

const route = getRouteApi('/member/point-store/coupon-detail');

const itemDetail = resourceMachine.provide({
  actors: {
    load: fromPromise<unknown, unknown>(({ input }) =>
      pointStoreApi.itemDetail(input as { couponActivityId: number }, { toast: false }),
    ),
  },
});

export default function PointStoreDetailPage() {
  return (
    <WithMessages namespace={['pointStore', 'recharge']}>
      <RequireShop>{() => <DetailContent />}</RequireShop>
    </WithMessages>
  );
}

function DetailContent() {
  const { LL } = useI18nContext();
  const id = positiveId(route.useSearch().id);
  return (
    <Page head={<PageHead title={LL.pointStore.detailTitle()} />}>
      {id === null ? (
        <EmptyState icon="alert" title={LL.pointStore.notFound()} />
      ) : (
        <RequireMember back={`/member/point-store/coupon-detail?id=${id}`}>
          {() => <Detail key={id} id={id} />}
        </RequireMember>
      )}
    </Page>
  );
}

function Detail({ id }: { id: number }) {
  const actor = useFlow(itemDetail, () => ({ input: { params: { couponActivityId: id } } }));
  const detail = useSelector(actor ?? undefined, (s) =>
    s ? selectData<PointStoreCouponDetailInfo>(s) : null,
  );
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  if (failed && !detail)
    return <ErrorView message={error ?? undefined} onRetry={() => actor?.send({ type: 'resource.retry' })} />;
  if (!detail) return <PointStoreSkeleton />;
  return <DetailWithExchange key={detail.canExchange} detail={detail} />;
}

function DetailWithExchange({ detail }: { detail: PointStoreCouponDetailInfo }) {
  const navigation = useAppNavigation();
  const flow = usePointExchangeFlow(detail, detail.memberPoints, (exchange) =>
    navigation.go('/member/point-store/exchange-success', { id: exchange.id }),
  );
  return (
    <>
      <ItemDetailView detail={detail} actor={flow} />
      {flow && <ExchangeSheet actor={flow} />}
    </>
  );
}

// /order/allin-pay-callback?orderId=&paymentId=&trade=: where a gateway's hosted page sends the customer
// back. The trade number goes to order/updateTradeNo (the server asks the gateway, so a late or missing
// callback still completes), then the order is read until its payment leaves processing: success goes to
// /order/success, fail or cancel to /order/fail, and no answer in time says "payment not completed".
import { getRouteApi } from '@tanstack/react-router';
import { useI18nContext } from '../../../i18n/i18n-context';
import { usePaymentTexts } from '../../../views/payment/payment-text';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { OrderPayPanel, useOrderDetail } from './order-pay-panel';

const route = getRouteApi('/order/allin-pay-callback');

export default function OrderAllinPayCallbackPage() {
  const { orderId, trade } = route.useSearch();
  const { LL } = useI18nContext();
  const PL = usePaymentTexts();
  const title = PL && PL !== 'failed' ? PL.callbackTitle() : LL.app.title();
  let body;
  if (PL === 'failed') body = <ErrorView />;
  else if (orderId === undefined) body = <EmptyState icon="alert" title={LL.success.loadFailed()} />;
  else if (!PL) body = <Loading />;
  else body = <Returned key={`${orderId}-${trade ?? ''}`} id={orderId} tradeNo={trade ?? null} />;
  return <Page head={<PageHead title={title} />}>{body}</Page>;
}

function Loading() {
  const { LL } = useI18nContext();
  return (
    <SkeletonRegion label={LL.app.loading()}>
      <CardSkeleton />
    </SkeletonRegion>
  );
}

function Returned({ id, tradeNo }: { id: number; tradeNo: string | null }) {
  const { LL } = useI18nContext();
  const { order, loading, failed, retry } = useOrderDetail(id);
  if (failed) return <ErrorView message={LL.success.loadFailed()} onRetry={retry} />;
  if (loading || !order) return <Loading />;
  return <OrderPayPanel order={order} returned={tradeNo ? { tradeNo } : null} />;
}

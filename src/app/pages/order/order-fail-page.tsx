// /order/fail?id=: a payment that did not complete (spec §8 "payment cancelled", "payment not
// completed"): why, then pay again the same way or choose another; a settled payment goes on to
// /order/success.
import { getRouteApi } from '@tanstack/react-router';
import { useI18nContext } from '../../../i18n/i18n-context';
import { usePaymentTexts } from '../../../views/payment/payment-text';
import { Button } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import styles from '../../../views/order/order.module.css';
import { useAppNavigation } from '../../shell';
import { OrderPayPanel, useOrderDetail } from './order-pay-panel';

const route = getRouteApi('/order/fail');

export default function OrderFailPage() {
  const { id } = route.useSearch();
  const { LL } = useI18nContext();
  const PL = usePaymentTexts();
  const title = PL && PL !== 'failed' ? PL.failTitle() : LL.app.title();
  if (PL === 'failed')
    return (
      <Page head={<PageHead title={title} />}>
        <ErrorView />
      </Page>
    );
  if (id === undefined)
    return (
      <Page head={<PageHead title={title} />}>
        <EmptyState icon="alert" title={LL.success.loadFailed()} />
      </Page>
    );
  return <Page head={<PageHead title={title} />}>{PL ? <Fail key={id} id={id} /> : <Loading />}</Page>;
}

function Loading() {
  const { LL } = useI18nContext();
  return (
    <SkeletonRegion label={LL.app.loading()}>
      <CardSkeleton />
    </SkeletonRegion>
  );
}

function Fail({ id }: { id: number }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const { order, loading, failed, retry } = useOrderDetail(id);
  if (failed) return <ErrorView message={LL.success.loadFailed()} onRetry={retry} />;
  if (loading || !order) return <Loading />;
  return (
    <>
      {/* Another failure keeps the customer here, with the panel showing why. */}
      <OrderPayPanel order={order} onEnded={() => undefined} />
      <div className={styles.section} style={{ background: 'none', boxShadow: 'none' }}>
        <Button block variant="ghost" onClick={() => navigation.go('/product/index', {}, { replace: true })}>
          {LL.success.backToMenu()}
        </Button>
      </div>
    </>
  );
}

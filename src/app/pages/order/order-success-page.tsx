// /order/success?id=: the placed order read back from order/detail, so what the page shows is what the
// shop stored (a reload shows the same order). While it is unpaid the top says it awaits payment and the pay
// panel asks how to pay; once settled the top is the one result (paid, with the member card's balance now,
// pay at the counter or pay on delivery) with the way to the order. No "placed" tick competes with either.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { OrderDetail } from '../../../domain/api/order';
import { useI18nContext } from '../../../i18n/i18n-context';
import { settlementOf } from '../../../machines/payment/payment.selectors';
import { selectHasPhone, selectMember } from '../../../machines/entry/session.selectors';
import { OrderCard } from '../../../views/order/order-success-view';
import { AwaitingPayment, PayResult } from '../../../views/order/pay-result';
import { usePaymentTexts, type PaymentTexts } from '../../../views/payment/payment-text';
import { Button } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import styles from '../../../views/order/order.module.css';
import { useAppState } from '../../app-state';
import { storage } from '../../../services/storage';
import { useAppNavigation } from '../../shell';
import { OrderPayPanel, useOrderDetail } from './order-pay-panel';
import { WithMessages } from '../../with-messages';

// What a paid order earned comes with its own messages and call, after the result shows.
const CouponGift = lazy(() => import('../coupon/coupon-gift'));
// An appointment is shown as the booking it is (its own messages load with it).
const AppointmentOrderCard = lazy(() => import('../appointment/appointment-order-card'));

const route = getRouteApi('/order/success');

export default function OrderSuccessPage() {
  return (
    <WithMessages namespace={['checkout', 'payment']}>
      <OrderSuccessPageContent />
    </WithMessages>
  );
}

function OrderSuccessPageContent() {
  const { id } = route.useSearch();
  const { LL } = useI18nContext();
  const PL = usePaymentTexts();
  if (PL === 'failed')
    return (
      <Page head={<PageHead title={LL.checkout.result.title()} />}>
        <ErrorView />
      </Page>
    );
  if (id === undefined)
    return (
      <Page head={<PageHead title={LL.checkout.result.title()} />}>
        <EmptyState icon="alert" title={LL.success.loadFailed()} />
      </Page>
    );
  if (!PL) return <Loading title={LL.checkout.result.title()} />;
  return <Success key={id} id={id} PL={PL} />;
}

function Loading({ title }: { title: string }) {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={title} />}>
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    </Page>
  );
}

function Success({ id, PL }: { id: number; PL: PaymentTexts }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const { session } = useAppState();
  const member = useSelector(session, selectMember);
  const hasPhone = useSelector(session, selectHasPhone);
  const loaded = useOrderDetail(id);
  // The pay panel's settled order replaces the one loaded, without a second read.
  const [settled, setSettled] = useState<OrderDetail | null>(null);
  const order = settled ?? loaded.order;
  if (loaded.failed)
    return (
      <Page head={<PageHead title={LL.checkout.result.title()} />}>
        <ErrorView message={LL.success.loadFailed()} onRetry={loaded.retry} />
      </Page>
    );
  if (loaded.loading || !order) return <Loading title={LL.checkout.result.title()} />;

  const settlement = settlementOf(order);
  // A share of a table's bill (paid here after an online gateway) goes back to the table, where the other
  // shares are.
  const tabId = order.orderType === 'openTable' ? storage.getOpenTab(order.shopId) : null;
  const byMemberCard = order.payment?.settlement === 'memberCard' && order.payment.state === 'success';
  return (
    <Page head={<PageHead title={settlement ? PL.successTitle() : PL.title()} />}>
      {settlement && hasPhone && order.payment?.state === 'success' && (
        <Suspense fallback={null}>
          <CouponGift orderId={order.id} />
        </Suspense>
      )}
      {settlement ? (
        <PayResult
          PL={PL}
          order={order}
          settlement={settlement}
          balance={byMemberCard && member ? member.amount + member.giftAmount : null}
          onViewOrder={() => navigation.go('/pages/user/order/detail', { id: order.id })}
        />
      ) : order.actions.pay ? (
        <>
          <AwaitingPayment PL={PL} order={order} />
          <OrderPayPanel order={order} onPaid={setSettled} />
        </>
      ) : (
        <p className={styles.banner} role="alert">
          {PL.result.closed()}
        </p>
      )}
      {order.appointment ? (
        <Suspense fallback={<CardSkeleton />}>
          <AppointmentOrderCard order={order} />
        </Suspense>
      ) : (
        <OrderCard order={order} placedMark={false} />
      )}
      <div className={styles.section} style={{ background: 'none', boxShadow: 'none' }}>
        <Button
          block
          size="large"
          variant="secondary"
          onClick={() =>
            tabId !== null
              ? navigation.go('/order/order', { id: tabId }, { replace: true })
              : order.appointment
                ? navigation.go('/pages/user/index-tab-1', {}, { replace: true })
                : navigation.go('/product/index', {}, { replace: true })
          }
        >
          {tabId !== null
            ? LL.success.backToTable()
            : order.appointment
              ? LL.success.backToServices()
              : LL.success.backToMenu()}
        </Button>
      </div>
    </Page>
  );
}

// /pages/user/order/detail?id=: one order, wired to order/detail (+ deliveryInfo), order/close,
// order/confirmDelivered, the pay panel and the live status stream: a change to this order, the
// countdown reaching zero or a payment reads it again without a reload.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo, useRef } from 'react';
import type { Actor } from 'xstate';
import { breakdownOf } from '../../../machines/cart/breakdown';
import {
  selectActionError,
  selectCanClose,
  selectCanConfirmDelivered,
  selectCanPay,
  selectConfirming,
  selectClockOffset,
  selectDelivery,
  selectFailed,
  selectIsLoading,
  selectIsPaying,
  selectIsWorking,
  selectOrder,
} from '../../../machines/order/order-detail.selectors';
import { statusView } from '../../../machines/order/order-list.selectors';
import { selectWatchMode } from '../../../machines/order/order-watch.selectors';
import { useI18nContext } from '../../../i18n/i18n-context';
import { OrderDetailView } from '../../../views/order/order-detail-view';
import { useOrdersTexts, type OrdersTexts } from '../../../views/order/status-text';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { clock } from '../../clock';
import { orderDetailFlow } from '../../flows/order-detail';
import { orderWatchFlow } from '../../flows/order-watch';
import { RequireShop } from '../../require-shop';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

const route = getRouteApi('/pages/user/order/detail');

// Paying is one step of this page among several: its code arrives when the customer taps Pay.
const OrderPayPanel = lazy(() => import('./order-pay-panel').then((m) => ({ default: m.OrderPayPanel })));
// An appointment order's booking, with its messages and actions, loads with it.
const AppointmentSection = lazy(() => import('../appointment/appointment-section'));

export default function OrderDetailPage() {
  return (
    <WithMessages namespace={['checkout', 'orders']}>
      <OrderDetailPageContent />
    </WithMessages>
  );
}

function OrderDetailPageContent() {
  const { id } = route.useSearch();
  const T = useOrdersTexts();
  const { LL } = useI18nContext();
  if (T === 'failed')
    return (
      <Page head={<PageHead title={LL.app.title()} />}>
        <ErrorView />
      </Page>
    );
  if (!T)
    return (
      <Page>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  if (id === undefined)
    return (
      <Page head={<PageHead title={T.detail.title()} />}>
        <EmptyState icon="alert" title={T.detail.notFound()} />
      </Page>
    );
  return <RequireShop>{() => <Detail key={id} id={id} T={T} />}</RequireShop>;
}

type DetailActor = Actor<typeof orderDetailFlow>;

function Detail({ id, T }: { id: number; T: OrdersTexts }) {
  const detail = useRef<DetailActor | null>(null);
  const actor = useFlow(
    orderDetailFlow,
    () => ({ input: { id } }),
    (created) => {
      detail.current = created;
      return [];
    },
  );
  const watch = useFlow(
    orderWatchFlow,
    () => ({}),
    (created) => [
      created.on('watch.changed', ({ change }) => {
        if (change.orderId === id) detail.current?.send({ type: 'detail.refresh' });
      }),
      created.on('watch.stale', () => detail.current?.send({ type: 'detail.refresh' })),
    ],
  );

  const order = useSelector(actor ?? undefined, (s) => (s ? selectOrder(s) : null));
  const delivery = useSelector(actor ?? undefined, (s) => (s ? selectDelivery(s) : null));
  const clockOffsetMs = useSelector(actor ?? undefined, (s) => (s ? selectClockOffset(s) : 0));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const canPay = useSelector(actor ?? undefined, (s) => (s ? selectCanPay(s) : false));
  const canClose = useSelector(actor ?? undefined, (s) => (s ? selectCanClose(s) : false));
  const canConfirmDelivered = useSelector(actor ?? undefined, (s) =>
    s ? selectCanConfirmDelivered(s) : false,
  );
  const busy = useSelector(actor ?? undefined, (s) => (s ? selectIsWorking(s) : false));
  const actionError = useSelector(actor ?? undefined, (s) => (s ? selectActionError(s) : null));
  const confirming = useSelector(actor ?? undefined, (s) => (s ? selectConfirming(s) : null));
  const paying = useSelector(actor ?? undefined, (s) => (s ? selectIsPaying(s) : false));
  const mode = useSelector(watch ?? undefined, (s) => (s ? selectWatchMode(s) : 'connecting'));
  // The label is read when the order is (re)read: "to be confirmed" turns into "unpaid" on the next read.
  const status = useMemo(
    () => (order ? statusView(order, new Date(clock().getTime() + clockOffsetMs)) : null),
    [order, clockOffsetMs],
  );
  const breakdown = useMemo(() => breakdownOf(order?.pricing ?? null), [order]);
  const send = (event: Parameters<DetailActor['send']>[0]) => actor?.send(event);

  return (
    <OrderDetailView
      T={T}
      order={order}
      delivery={delivery}
      clockOffsetMs={clockOffsetMs}
      status={status}
      breakdown={breakdown}
      loading={loading}
      failed={failed}
      onRetry={() => send({ type: 'detail.retry' })}
      watch={mode}
      canPay={canPay}
      canClose={canClose}
      canConfirmDelivered={canConfirmDelivered}
      busy={busy}
      actionError={actionError}
      confirming={confirming}
      paying={paying}
      payPanel={
        order && paying ? (
          <Suspense fallback={<PayPanelPending />}>
            <OrderPayPanel order={order} onPaid={() => send({ type: 'pay.finished' })} />
          </Suspense>
        ) : null
      }
      onPay={() => send({ type: 'detail.pay' })}
      onClose={() => send({ type: 'detail.close' })}
      onConfirmDelivered={() => send({ type: 'detail.confirmDelivered' })}
      onConfirm={() => send({ type: 'detail.confirm' })}
      onDismiss={() => send({ type: 'detail.dismiss' })}
      onPayDismiss={() => send({ type: 'pay.finished' })}
      onExpired={() => send({ type: 'detail.refresh' })}
      appointment={
        order?.appointment ? (
          <Suspense fallback={null}>
            <AppointmentSection
              appointment={order.appointment}
              onChanged={() => send({ type: 'detail.refresh' })}
            />
          </Suspense>
        ) : undefined
      }
    />
  );
}

function PayPanelPending() {
  const { LL } = useI18nContext();
  return (
    <SkeletonRegion label={LL.app.loading()}>
      <CardSkeleton />
    </SkeletonRegion>
  );
}

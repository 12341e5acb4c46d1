// The pay panel wired to the app: `<OrderPayPanel order={order} />` pays for a placed order from any page
// (the success page, /order/fail, the gateway's return page, the order detail). By default a settled
// payment goes to /order/success and a failed or cancelled one to /order/fail; pages may say otherwise.
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { OrderDetail } from '../../../domain/api/order';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed, selectIsLoading } from '../../../machines/shared/resource.selectors';
import { selectIsKiosk, selectMember } from '../../../machines/entry/session.selectors';
import { orderApi } from '../../../services/api/order';
import { PayPanel } from '../../../views/order/pay-panel';
import { PayPanelSkeleton } from '../../../views/order/pay-panel-skeleton';
import { useAppState } from '../../app-state';
import { usePaymentFlow, type PaymentHandlers } from '../../flows/payment';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';

export interface OrderPayPanelProps extends PaymentHandlers {
  order: OrderDetail;
  /** Back from a gateway's hosted page with its trade number. */
  returned?: { tradeNo: string } | null;
}

export function OrderPayPanel({ order, onPaid, onEnded, returned = null }: OrderPayPanelProps) {
  const navigation = useAppNavigation();
  const { session } = useAppState();
  const member = useSelector(session, selectMember);
  const isKiosk = useSelector(session, selectIsKiosk);
  const actor = usePaymentFlow(
    order,
    {
      onPaid: onPaid ?? ((paid) => navigation.go('/order/success', { id: paid.id }, { replace: true })),
      onEnded: onEnded ?? ((ended) => navigation.go('/order/fail', { id: ended.id }, { replace: true })),
    },
    returned,
  );
  if (!actor) return <PayPanelSkeleton />;
  return (
    <PayPanel
      actor={actor}
      member={member ? { amount: member.amount, giftAmount: member.giftAmount } : null}
      isKiosk={isKiosk}
    />
  );
}

const orderDetail = resourceMachine.provide({
  actors: { load: fromPromise(({ input }) => orderApi.detail(input as { id: number })) },
});

/** order/detail of one order for a page, with its loading state and a retry. */
export function useOrderDetail(id: number) {
  const actor = useFlow(orderDetail, () => ({ input: { params: { id } } }));
  const order = useSelector(actor ?? undefined, (s) => (s ? selectData<OrderDetail>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  return { order, loading, failed, retry: () => actor?.send({ type: 'resource.retry' }) };
}

// The pay panel of the order that pays a tab or a share of it (table/confirm, table/payPart): the shop's
// payment flow as any order has it (member card, counter, online), loaded with the panel.
import type { ReactNode } from 'react';
import { PayPanelSkeleton } from '../../../views/order/pay-panel-skeleton';
import { OrderPayPanel, useOrderDetail } from '../order/order-pay-panel';

export default function PayOrder({
  orderId,
  onPaid,
  onEnded,
  failed,
}: {
  orderId: number;
  onPaid: () => void;
  onEnded: () => void;
  failed: ReactNode;
}) {
  const { order, failed: loadFailed } = useOrderDetail(orderId);
  if (loadFailed) return <>{failed}</>;
  if (!order) return <PayPanelSkeleton />;
  return <OrderPayPanel order={order} onPaid={onPaid} onEnded={onEnded} />;
}

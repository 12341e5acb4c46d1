import { fromPromise } from 'xstate';
import type { OrderDetailRead } from '../../machines/order/order-detail.machine';
import { orderDetailMachine } from '../../machines/order/order-detail.machine';
import { orderApi } from '../../services/api/order';
import { orderLifeApi } from '../../services/api/order-life';
import { clock } from '../clock';

/**
 * One read of the detail page: order/detail, and order/deliveryInfo for a delivery order (the rider and
 * the history). The history is extra: when it cannot be read the order still shows.
 */
async function readOrder({ id }: { id: number }): Promise<OrderDetailRead> {
  const order = await orderApi.detail({ id });
  // A phone's clock may be off; the reply says what time the server read the order at.
  const clockOffsetMs = Date.parse(order.readAt) - clock().getTime();
  if (order.orderType !== 'takeaway') return { order, delivery: null, clockOffsetMs };
  const delivery = await orderLifeApi
    .deliveryInfo({ orderNo: order.orderNo }, { toast: false })
    .catch(() => null);
  return { order, delivery, clockOffsetMs };
}

export const orderDetailFlow = orderDetailMachine.provide({
  actors: {
    load: fromPromise(({ input }) => readOrder(input)),
    // The page says why a cancel or confirm was refused, next to the button; no toast on top.
    close: fromPromise(({ input }) => orderLifeApi.close(input, { toast: false })),
    confirmDelivered: fromPromise(({ input }) => orderLifeApi.confirmDelivered(input, { toast: false })),
  },
});

// What the order detail page reads.
import type { SnapshotFrom } from 'xstate';
import type { OrderDetail } from '../../domain/api/order';
import type { orderDetailMachine } from './order-detail.machine';

type S = SnapshotFrom<typeof orderDetailMachine>;

export const selectOrder = (s: S) => s.context.order;
export const selectDelivery = (s: S) => s.context.delivery;
export const selectClockOffset = (s: S) => s.context.clockOffsetMs;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;
export const selectActionError = (s: S) => s.context.actionError;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectConfirming = (s: S): 'close' | 'confirmDelivered' | null =>
  s.matches({ ready: 'confirmingClose' })
    ? 'close'
    : s.matches({ ready: 'confirmingReceipt' })
      ? 'confirmDelivered'
      : null;
export const selectIsPaying = (s: S) => s.hasTag('paying');
/** What the server says the customer may do now (the buttons shown; a tap mid-read waits for idle). */
export const selectCanClose = (s: S) => s.context.order?.actions.close === true;
export const selectCanConfirmDelivered = (s: S) => s.context.order?.actions.confirmDelivered === true;
export const selectCanPay = (s: S) => s.context.order?.actions.pay === true;
export const selectIsWorking = (s: S) => s.hasTag('busy') && !s.matches('loading');

const UNSETTLED: readonly OrderDetail['status'][] = ['nopay', 'need_pay', 'nopay_cancel'];

/**
 * How the order is paid, as the customer reads it: cash and cash on delivery become "pay at the counter"
 * and "pay on delivery" once the order went to the merchant that way; otherwise the pay type chosen.
 */
export function paymentMethodOf(
  order: Pick<OrderDetail, 'payType' | 'status'>,
): 'counter' | 'onDelivery' | OrderDetail['payType'] {
  if (UNSETTLED.includes(order.status)) return order.payType;
  if (order.payType === 'Cash') return 'counter';
  if (order.payType === 'COD') return 'onDelivery';
  return order.payType;
}

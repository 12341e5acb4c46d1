// What the orders tab reads.
import type { SnapshotFrom } from 'xstate';
import type { OrderSummary } from '../../domain/api/order';
import type { orderListMachine } from './order-list.machine';

type S = SnapshotFrom<typeof orderListMachine>;

export const selectOrders = (s: S) => s.context.orders;
export const selectFilter = (s: S) => s.context.filter;
/** The first page of the chosen filter is loading: skeletons. */
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectIsLoadingMore = (s: S) => s.hasTag('loadingMore');
export const selectIsRefreshing = (s: S) => s.hasTag('refreshing');
export const selectHasMore = (s: S) => s.context.hasMore;
export const selectMoreFailed = (s: S) => s.context.moreFailed;
export const selectIsEmpty = (s: S) => s.matches('ready') && s.context.orders.length === 0;
/** Settled after a pull: the pull-to-refresh flow waits for this. */
export const selectIsSettled = (s: S) => s.matches('ready') || s.matches('failed');

/** An order shown as "to be confirmed" rather than "unpaid" for this long after it was placed (spec §4). */
export const JUST_PLACED_MS = 60_000;

/** The label keys of spec §4 "Labels shown to the user" (messages `orders.status.<key>`). */
export type StatusLabel =
  | 'pending'
  | 'refunding'
  | 'inDelivery'
  | 'accepted'
  | 'confirmed_new'
  | 'wait_rider_pending'
  | 'rider_confirmed'
  | 'rider_picked_up'
  | 'rider_delivery_exception'
  | 'successed'
  | 'closed'
  | 'refused'
  | 'refund'
  | 'refund_fail'
  | 'toBeConfirmed'
  | 'nopay'
  | 'nopay_cancel';

/** How the label looks: waiting on the customer, under way, done, ended without completing, or a problem. */
export type StatusTone = 'unpaid' | 'active' | 'done' | 'ended' | 'problem';

/** The hint under the label on the order detail (messages `orders.statusHint.<key>`). */
export type StatusHint =
  | 'toBeConfirmed'
  | 'nopay'
  | 'nopay_cancel'
  | 'pending'
  | 'accepted'
  | 'inDelivery'
  | 'confirmed_new'
  | 'waitingRider'
  | 'successed'
  | 'refused'
  | 'refunding'
  | 'refund'
  | 'refund_fail'
  | 'closed'
  | 'deliveryProblem';

export interface StatusView {
  label: StatusLabel;
  hint: StatusHint;
  tone: StatusTone;
}

type StatusInput = Pick<OrderSummary, 'status' | 'orderType' | 'createdAt' | 'payment'>;

/** Spec §4 labels: "in delivery" only for takeaway, "to be confirmed" for a very recent unpaid order. */
export function statusView(order: StatusInput, now: Date): StatusView {
  switch (order.status) {
    case 'nopay':
    case 'need_pay': {
      if (order.payment?.state === 'processing')
        return { label: 'toBeConfirmed', hint: 'toBeConfirmed', tone: 'unpaid' };
      // Just placed: the customer is still on the way to paying, so the order is not "unpaid" yet.
      const recent = now.getTime() - Date.parse(order.createdAt) < JUST_PLACED_MS;
      return { label: recent ? 'toBeConfirmed' : 'nopay', hint: 'nopay', tone: 'unpaid' };
    }
    case 'nopay_cancel':
      return { label: 'nopay_cancel', hint: 'nopay_cancel', tone: 'ended' };
    case 'pending':
      return { label: 'pending', hint: 'pending', tone: 'active' };
    case 'confirmed':
    case 'delivered':
      return order.orderType === 'takeaway'
        ? { label: 'inDelivery', hint: 'inDelivery', tone: 'active' }
        : { label: 'accepted', hint: 'accepted', tone: 'active' };
    case 'confirmed_new':
      return { label: 'confirmed_new', hint: 'confirmed_new', tone: 'active' };
    case 'wait_rider_pending':
      return { label: 'wait_rider_pending', hint: 'waitingRider', tone: 'active' };
    case 'rider_confirmed':
      return { label: 'rider_confirmed', hint: 'waitingRider', tone: 'active' };
    case 'rider_picked_up':
      return { label: 'rider_picked_up', hint: 'inDelivery', tone: 'active' };
    case 'rider_delivery_exception':
      return { label: 'rider_delivery_exception', hint: 'deliveryProblem', tone: 'problem' };
    case 'successed':
      return { label: 'successed', hint: 'successed', tone: 'done' };
    case 'refunding':
      return { label: 'refunding', hint: 'refunding', tone: 'active' };
    case 'refund':
      return { label: 'refund', hint: 'refund', tone: 'ended' };
    case 'refund_fail':
      return { label: 'refund_fail', hint: 'refund_fail', tone: 'problem' };
    case 'refused':
      return { label: 'refused', hint: 'refused', tone: 'ended' };
    case 'closed':
      return { label: 'closed', hint: 'closed', tone: 'ended' };
  }
}

// The order's life as data (spec §4 order statuses; the spec does not show the transitions, so these are
// ours, docs/decisions.md): which status each merchant action leads to from which statuses, and what the
// customer may do. The server applies them inside a conditional UPDATE (`where status in (from)`), so a
// transition from the wrong status changes nothing; the browser reads the same table to show buttons.
import type { MerchantAction, RiderState, Settlement } from './api/order-life-rules';
import type { OrderStatus, OrderType } from './enums';

/** Paid or on their way to the customer: the statuses from which money can be given back. */
export const ACTIVE_STATUSES = [
  'pending',
  'confirmed',
  'confirmed_new',
  'wait_rider_pending',
  'rider_confirmed',
  'rider_picked_up',
  'rider_delivery_exception',
  'delivered',
] as const satisfies readonly OrderStatus[];

/** Statuses nothing leaves. */
export const FINAL_STATUSES = [
  'nopay_cancel',
  'successed',
  'refund',
  'refused',
  'closed',
] as const satisfies readonly OrderStatus[];

export interface TransitionContext {
  orderType: OrderType;
  /** A rider was assigned (takeaway delivered by a rider rather than the shop's own staff). */
  hasRider: boolean;
  /** Money was received (online, member card, or cash/COD already collected). */
  paid: boolean;
}

export interface MerchantTransition {
  from: readonly OrderStatus[];
  to: (ctx: TransitionContext) => OrderStatus;
}

/**
 * Merchant actions. Accepting a takeaway order makes it "to be delivered" (confirmed_new); other order
 * types become "accepted" (confirmed). A rider is optional: the shop may start delivery itself. Refusing
 * or refunding a paid order gives the money back first (an online refund passes through `refunding`);
 * refunding an order whose cash was never collected has nothing to give back, so it is closed. A failed
 * online refund (refund_fail) may be retried.
 */
export const MERCHANT_TRANSITIONS: Record<MerchantAction, MerchantTransition> = {
  accept: {
    from: ['pending'],
    to: ({ orderType }) => (orderType === 'takeaway' ? 'confirmed_new' : 'confirmed'),
  },
  refuse: { from: ['pending'], to: () => 'refused' },
  assignRider: { from: ['confirmed_new', 'rider_delivery_exception'], to: () => 'wait_rider_pending' },
  riderConfirm: { from: ['wait_rider_pending'], to: () => 'rider_confirmed' },
  startDelivery: {
    from: ['confirmed_new', 'rider_confirmed'],
    to: ({ hasRider }) => (hasRider ? 'rider_picked_up' : 'delivered'),
  },
  deliveryException: {
    from: ['wait_rider_pending', 'rider_confirmed', 'rider_picked_up'],
    to: () => 'rider_delivery_exception',
  },
  complete: {
    from: ['confirmed', 'delivered', 'rider_picked_up', 'rider_delivery_exception'],
    to: () => 'successed',
  },
  refund: {
    from: [...ACTIVE_STATUSES, 'successed', 'refund_fail'],
    to: ({ paid }) => (paid ? 'refund' : 'closed'),
  },
};

/** The rider state an action leaves behind; actions not listed keep it. */
export const RIDER_STATE_AFTER: Partial<Record<MerchantAction, RiderState>> = {
  assignRider: 'waiting',
  riderConfirm: 'confirmed',
  startDelivery: 'pickedUp',
  deliveryException: 'exception',
  complete: 'delivered',
};

/** Whether `action` is allowed from `status`. */
export const allowedFrom = (action: MerchantAction, status: OrderStatus) =>
  (MERCHANT_TRANSITIONS[action].from as readonly OrderStatus[]).includes(status);

/** Where a merchant's refusal or refund sends the money: nowhere, back to the card, or to the gateway. */
export type MoneyBack = 'none' | 'memberCard' | 'gateway';
export function moneyBack(settlement: Settlement | null, paid: boolean): MoneyBack {
  if (!paid) return 'none';
  if (settlement === 'memberCard') return 'memberCard';
  if (settlement === 'online') return 'gateway';
  // Cash or COD already collected: handed back at the counter or by the rider.
  return 'none';
}

/** Statuses the customer confirms receipt from (takeaway on its way). */
export const DELIVERING_STATUSES = ['delivered', 'rider_picked_up'] as const satisfies readonly OrderStatus[];

export interface CustomerView {
  status: OrderStatus;
  orderType: OrderType;
  settlement: Settlement | null;
  paid: boolean;
  /** An online payment of the order is processing at the gateway. */
  paymentProcessing: boolean;
  payDeadlineAt: Date;
}

/** What the customer may do with an order at `now`. */
export function customerActions(order: CustomerView, now: Date) {
  const payable = order.status === 'nopay' && now.getTime() < order.payDeadlineAt.getTime();
  return {
    pay: payable,
    // An unpaid order is cancelled by its customer; once a payment is processing, the gateway decides first.
    close: payable && !order.paymentProcessing,
    confirmDelivered:
      order.orderType === 'takeaway' &&
      (DELIVERING_STATUSES as readonly OrderStatus[]).includes(order.status),
  };
}

export const isFinal = (status: OrderStatus) => (FINAL_STATUSES as readonly OrderStatus[]).includes(status);

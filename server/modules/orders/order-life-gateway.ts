// Expiry and stalled refunds as the app runs them: the sweeper and the lazy call before a customer's (or
// the merchant's) reads both come here, so an order with an online payment still processing at its
// deadline is always checked with its gateway (server/modules/payments/payments.ts settleOpenPayment) before it is
// cancelled, and an online refund left in `refunding` is asked of its gateway again and finished. The
// sweeper also gives back late payments whose refund failed (payments' retryLateRefunds).
import type { FastifyInstance } from 'fastify';
import { expireUnpaidOrders, settleStalledRefunds, type DeadlineCheck, type RefundAgain } from './order-life';
import { refundOnline, retryLateRefunds, settleOpenPayment } from '../payments/payments';

const VERDICT = { success: 'paid', closed: 'cancelled', unknown: 'unknown' } as const;

/** Asks the payment's gateway: paid → applied as a success; not paid → the attempt ends as expired. */
export const deadlineCheck =
  (app: FastifyInstance): DeadlineCheck =>
  async (payment, now) =>
    VERDICT[await settleOpenPayment(app, payment, now, 'expired')];

/** Refunds the order's online payment again; a refund the gateway already made is answered as done. */
export const refundAgain =
  (app: FastifyInstance): RefundAgain =>
  async (order, now) =>
    (await refundOnline(app, order, now)).refunded;

/**
 * Expires the due unpaid orders and settles the stalled online refunds (of one customer or shop when
 * given); without a scope (the sweeper) also retries late refunds. Returns the ids of the orders it expired.
 */
export async function expireDue(
  app: FastifyInstance,
  now: Date,
  scope: { customerId?: number; shopId?: number } = {},
): Promise<number[]> {
  const expired = await expireUnpaidOrders(app.db, now, { ...scope, checkPayment: deadlineCheck(app) });
  await settleStalledRefunds(app.db, now, {
    ...scope,
    refund: refundAgain(app),
    onError: (err, orderId) => app.log.warn({ err, orderId }, 'settling a stalled refund failed'),
  });
  // A late refund changes nothing anyone reads, so a customer's or the merchant's read never waits on a
  // gateway for one: only the sweeper asks.
  if (scope.customerId === undefined && scope.shopId === undefined) await retryLateRefunds(app, now);
  return expired;
}

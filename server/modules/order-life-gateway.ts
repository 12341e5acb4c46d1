// Expiry as the app runs it: the sweeper and the lazy call before a customer's reads both come here, so
// an order with an online payment still processing at its deadline is always checked with its gateway
// (server/modules/payments.ts settleOpenPayment) before it is cancelled.
import type { FastifyInstance } from 'fastify';
import { expireUnpaidOrders, type DeadlineCheck } from './order-life';
import { settleOpenPayment } from './payments';

const VERDICT = { success: 'paid', closed: 'cancelled', unknown: 'unknown' } as const;

/** Asks the payment's gateway: paid → applied as a success; not paid → the attempt ends as expired. */
export const deadlineCheck =
  (app: FastifyInstance): DeadlineCheck =>
  async (payment, now) =>
    VERDICT[await settleOpenPayment(app, payment, now, 'expired')];

/** Expires the due unpaid orders (of one customer or shop when given). */
export function expireDue(
  app: FastifyInstance,
  now: Date,
  scope: { customerId?: number; shopId?: number } = {},
): Promise<number[]> {
  return expireUnpaidOrders(app.db, now, { ...scope, checkPayment: deadlineCheck(app) });
}

// Giving a paid order's money back when the merchant refuses or refunds it, through the payment module
// (server/modules/payments/payments.ts): to the member card inside the caller's transaction, or through the
// gateway outside any transaction.
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { refundMemberCardInTx, refundOnline } from '../payments/payments';

/** Member card: balances and an orderRefund ledger row, in the transaction that changed the status. */
export const refundPaidByCard = (tx: Tx, order: OrderRow, now: Date): Promise<number> =>
  refundMemberCardInTx(tx, order, now);

/** Online: asks the gateway to refund the order's successful payment; false when it refused. */
export async function refundPaidOnline(app: FastifyInstance, order: OrderRow): Promise<boolean> {
  return (await refundOnline(app, order)).refunded;
}

// The one check every gateway report passes before it may move money, for an order's payment and for a
// member's recharge alike: a success must state the amount and currency, and any report that states them
// must name the ones we asked for. The amount is compared in the gateway's unit (Stripe counts some
// currencies in other units than the shop does).
import type { FastifyInstance } from 'fastify';
import type { GatewayName } from '../../../src/domain/api/order-life-rules';
import type { GatewayState } from '../../payments/gateway';

export interface Expected {
  gateway: GatewayName | null;
  amount: number;
  currency: string;
  numberDecimals: number | null;
}

/** False (and an error in the log, with `context` to find the record) when the report contradicts `expected`. */
export function reportFits(
  app: FastifyInstance,
  report: GatewayState,
  expected: Expected,
  context: Record<string, unknown>,
): boolean {
  const gateway = app.payments.gateway(expected.gateway);
  const amountExpected =
    gateway && expected.numberDecimals !== null
      ? gateway.gatewayAmount(expected.amount, expected.currency, expected.numberDecimals)
      : null;
  const { amount, currency } = report;
  const missing = report.state === 'success' && (amount === undefined || currency === undefined);
  const wrongAmount = amount !== undefined && amount !== amountExpected;
  const wrongCurrency = currency !== undefined && currency.toUpperCase() !== expected.currency.toUpperCase();
  if (!missing && !wrongAmount && !wrongCurrency) return true;
  app.log.error(
    {
      gateway: expected.gateway,
      ...context,
      state: report.state,
      expected: { amount: amountExpected, currency: expected.currency },
      reported: { amount: amount ?? null, currency: currency ?? null },
    },
    'gateway report does not match the payment: refused',
  );
  return false;
}

// Seed and helpers of the payment API tests: the order fixture's chain 8 with members whose balances and
// pay passwords make each member-card rule observable, and readers that prove a refusal changed nothing.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import { expireDue } from '../../../server/modules/orders/order-life-gateway';
import type { PaymentGateway } from '../../../server/payments/gateway';
import {
  memberLedger,
  members,
  orderEvents,
  orders,
  paymentNotifications,
  payments,
  products,
} from '../../../server/db/schema';
import type { SeedMember } from '../../../server/seed/types';
import type { OrderConfirmInfo, OrderConfirmInput, OrderDetail } from '../../../src/domain/api/order';
import type { TestApp } from '../helpers';
import { orderChains, orderSeed, SHOP } from '../orders/order-fixture';

export const PASSWORD = '246810';
export const PAY_TYPE = { Card: 1, Cash: 2, COD: 3, VIP: 4 } as const;

const member = (id: number, phone: string, over: Partial<SeedMember> = {}): SeedMember => ({
  id,
  phone,
  name: `Member ${id}`,
  levelId: SHOP * 10 + 1,
  cardNo: `PM-${id}`,
  amount: 0,
  giftAmount: 0,
  points: 0,
  payPassword: PASSWORD,
  ...over,
});

/** Chain 8 members; the balances are minor units. */
export const MEMBERS = {
  /** 30.00 stored + 50.00 gift: pays a 35.00 order as 30.00 + 5.00. */
  rich: member(881, '13800008881', { amount: 3000, giftAmount: 5000 }),
  poor: member(882, '13800008882', { amount: 500 }),
  noPassword: member(883, '13800008883', { amount: 10_000, payPassword: null }),
  /** Balance set by the concurrency test. */
  racer: member(884, '13800008884', { amount: 100 }),
  locker: member(885, '13800008885', { amount: 10_000 }),
} as const;

export const paymentSeed = {
  chains: [{ ...orderChains[0]!, members: [...orderChains[0]!.members, ...Object.values(MEMBERS)] }],
  shops: orderSeed.shops,
};

export async function place(t: TestApp, token: string, body: OrderConfirmInput): Promise<OrderDetail> {
  const r = await t.call<OrderConfirmInfo>('order/confirm', body, { token, language: 'en' });
  expect(r.body.result, r.body.message).toBe(true);
  return r.body.info.order;
}

export async function memberRow(t: TestApp, id: number) {
  const [row] = await t.database.db
    .select({ amount: members.amount, gift: members.giftAmount })
    .from(members)
    .where(eq(members.id, id));
  return row!;
}

/** Opening row plus every delta, per member: must equal the balances on the member row. */
export async function ledgerSum(t: TestApp, id: number) {
  const [row] = await t.database.db
    .select({
      amount: sql<number>`coalesce(sum(${memberLedger.amountDelta}), 0)::int`,
      gift: sql<number>`coalesce(sum(${memberLedger.giftDelta}), 0)::int`,
    })
    .from(memberLedger)
    .where(eq(memberLedger.memberId, id));
  return { amount: Number(row!.amount), gift: Number(row!.gift) };
}

export async function ledgerRows(t: TestApp, id: number) {
  return t.database.db
    .select()
    .from(memberLedger)
    .where(eq(memberLedger.memberId, id))
    .orderBy(asc(memberLedger.id));
}

/** Everything a payment could touch, to prove a refusal wrote nothing (beyond a pay-password counter). */
export async function snapshot(t: TestApp, orderId: number) {
  const db = t.database.db;
  const [order] = await db
    .select({
      status: orders.status,
      paid: orders.paid,
      payType: orders.payType,
      payTypeId: orders.payTypeId,
      settlement: orders.settlement,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const attempts = await db
    .select({
      id: payments.id,
      state: payments.state,
      failReason: payments.failReason,
      refunded: payments.refunded,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id));
  const [{ events } = { events: 0 }] = await db
    .select({ events: count() })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId));
  const balances = await db
    .select({ id: members.id, amount: members.amount, gift: members.giftAmount })
    .from(members)
    .orderBy(asc(members.id));
  const [{ ledger } = { ledger: 0 }] = await db.select({ ledger: count() }).from(memberLedger);
  const [{ notes } = { notes: 0 }] = await db.select({ notes: count() }).from(paymentNotifications);
  const stock = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.shopId, SHOP)))
    .orderBy(asc(products.id));
  return { order, attempts, events, balances, ledger, notes, stock };
}

/**
 * Four sweeps at once. On PostgreSQL two of them run in a second app with its own pool, as another server
 * process would; the sandbox's refunds take 200 ms, so every sweep has listed its work before the first
 * one finishes. Returns how many times a gateway was asked to refund.
 */
export async function sweepTogether(t: TestApp, kind: string, now: () => Date): Promise<number> {
  const url = (t.database as { url?: string }).url;
  const second =
    kind === 'postgres' && url ? await openDatabase({ kind: 'postgres', url, poolSize: 3 }) : null;
  const otherApp = second
    ? await buildApp({
        db: second.db,
        now,
        payments: { gateway: 'sandbox', publicUrl: 'https://shop.example' },
      })
    : t.app;
  const slow = (gateway: PaymentGateway) => {
    const real = gateway.refund.bind(gateway);
    return vi.spyOn(gateway, 'refund').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return real(...args);
    });
  };
  try {
    const here = slow(t.app.payments.gateway('sandbox')!);
    const there = otherApp === t.app ? here : slow(otherApp.payments.gateway('sandbox')!);
    await Promise.all([
      expireDue(t.app, now()),
      expireDue(otherApp, now()),
      expireDue(t.app, now()),
      expireDue(otherApp, now()),
    ]);
    return here === there ? here.mock.calls.length : here.mock.calls.length + there.mock.calls.length;
  } finally {
    if (second) {
      await otherApp.close();
      await second.close();
    }
  }
}

// order/pay by member card, cash and cash on delivery over HTTP, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: a member-card payment moves the order, the balances and the ledger together; every refusal
// (password, lock, no member, short balance, someone else's order) changes nothing; concurrent payments
// above the balance never take it below zero and the ledger always sums to it.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberLedger, members, orders, payments } from '../../../server/db/schema';
import type { OrderPayInfo, OrderPayRejectionInfo, PayRejection } from '../../../src/domain/api/order-life';
import { refundMemberCardInTx } from '../../../server/modules/payments/payments';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter, login, NOON, P, pickupOrder, SHOP, takeawayOrder } from '../orders/order-fixture';
import {
  ledgerRows,
  ledgerSum,
  MEMBERS,
  memberRow,
  PASSWORD,
  PAY_TYPE,
  paymentSeed,
  place,
  snapshot,
} from './payment-fixture';

/** Noodles (member price 15.00, tracked stock) and two breads (10.00 each): 35.00 for a member. */
const mixedOrder = () =>
  pickupOrder({
    products: [
      { id: P.noodles, quantity: 1, tastes: [], mealset: [] },
      { id: P.bread, quantity: 2, tastes: [], mealset: [] },
    ],
  });

describe.each(testDatabases)('order/pay (member card, cash, COD) on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, { seed: paymentSeed, clock, demoMode: true });
  const tokens = {} as Record<keyof typeof MEMBERS | 'guest', string>;

  const pay = (token: string, body: Record<string, unknown>) =>
    h.call<OrderPayInfo>('order/pay', body, { token, language: 'en' });

  async function refused(
    token: string,
    body: { id: number } & Record<string, unknown>,
    reason: PayRejection,
  ) {
    const before = await snapshot(h, body.id);
    const r = await pay(token, body);
    expect(r.body.result, r.body.message).toBe(false);
    expect(r.body.message).not.toBe('');
    const info = r.body.info as unknown as OrderPayRejectionInfo;
    expect(info.reason, r.body.message).toBe(reason);
    const after = await snapshot(h, body.id);
    expect(after.order).toEqual(before.order);
    expect(after.attempts).toEqual(before.attempts);
    expect(after.balances).toEqual(before.balances);
    expect(after.ledger).toBe(before.ledger);
    expect(after.events).toBe(before.events);
    expect(after.stock).toEqual(before.stock);
    return { status: r.status, info, message: r.body.message };
  }

  beforeAll(async () => {
    for (const [name, m] of Object.entries(MEMBERS))
      tokens[name as keyof typeof MEMBERS] = await login(h, SHOP, m.phone);
    tokens.guest = await enter(h, SHOP);
  });

  it('seeds an opening ledger row for every member with a balance', async () => {
    for (const m of Object.values(MEMBERS)) {
      expect(await ledgerSum(h, m.id)).toEqual(await memberRow(h, m.id));
    }
  });

  it('pays by member card: stored balance first, then gift; one ledger row; the order goes to the merchant', async () => {
    const order = await place(h, tokens.rich, mixedOrder());
    expect(order.amounts.total).toBe(3500);
    const before = await snapshot(h, order.id);

    const r = await pay(tokens.rich, { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD });
    expect(r.body.result, r.body.message).toBe(true);
    const { order: paid, payment, redirectUrl } = r.body.info;
    expect(redirectUrl).toBeNull();
    expect(paid.status).toBe('pending');
    expect(paid.paid).toBe(true);
    expect(paid.payType).toBe('VIP');
    expect(paid.payTypeId).toBe(PAY_TYPE.VIP);
    expect(paid.actions).toEqual({ pay: false, close: false, confirmDelivered: false });
    expect(payment).toEqual(
      expect.objectContaining({
        state: 'success',
        result: 1,
        settlement: 'memberCard',
        amount: 3500,
        fromBalance: 3000,
        fromGift: 500,
        gateway: null,
      }),
    );
    expect(paid.payment?.id).toBe(payment.id);

    expect(await memberRow(h, MEMBERS.rich.id)).toEqual({ amount: 0, gift: 4500 });
    const rows = await ledgerRows(h, MEMBERS.rich.id);
    expect(rows.map((row) => row.kind)).toEqual(['opening', 'orderPay']);
    expect(rows[1]).toEqual(
      expect.objectContaining({
        orderId: order.id,
        paymentId: payment.id,
        amountDelta: -3000,
        giftDelta: -500,
        amountAfter: 0,
        giftAfter: 4500,
      }),
    );
    expect(await ledgerSum(h, MEMBERS.rich.id)).toEqual(await memberRow(h, MEMBERS.rich.id));
    // Stock was taken when the order was placed; paying leaves it alone.
    const after = await snapshot(h, order.id);
    expect(after.stock).toEqual(before.stock);
    expect(after.events).toBe(before.events + 1);

    // Paid is final: a second payment is refused and changes nothing.
    await refused(
      tokens.rich,
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      'notPayable',
    );
    // The next order is paid from the gift balance alone.
    const second = await place(h, tokens.rich, pickupOrder());
    const r2 = await pay(tokens.rich, { id: second.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD });
    expect(r2.body.info.payment).toEqual(expect.objectContaining({ fromBalance: 0, fromGift: 2000 }));
    expect(await memberRow(h, MEMBERS.rich.id)).toEqual({ amount: 0, gift: 2500 });
    expect(await ledgerSum(h, MEMBERS.rich.id)).toEqual(await memberRow(h, MEMBERS.rich.id));
  });

  it('refuses a wrong pay password with the attempts left, and a missing one, changing nothing', async () => {
    const order = await place(h, tokens.poor, pickupOrder());
    const wrong = await refused(
      tokens.poor,
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: '111111' },
      'payPasswordWrong',
    );
    expect(wrong.info.attemptsLeft).toBe(4);
    expect(wrong.message).toContain('4');
    const missing = await refused(tokens.poor, { id: order.id, payTypeId: PAY_TYPE.VIP }, 'payPasswordWrong');
    expect(missing.info.attemptsLeft).toBe(4);
  });

  it('locks paying by card after five wrong passwords, for fifteen minutes', async () => {
    const order = await place(h, tokens.locker, pickupOrder());
    const body = { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: '000000' };
    for (const left of [4, 3, 2, 1]) {
      expect((await refused(tokens.locker, body, 'payPasswordWrong')).info.attemptsLeft).toBe(left);
    }
    const locked = await refused(tokens.locker, body, 'payPasswordLocked');
    expect(locked.info.retryAfter).toBe(15 * 60);
    // Even the right password waits for the lock to run out.
    const stillLocked = await refused(tokens.locker, { ...body, payPassword: PASSWORD }, 'payPasswordLocked');
    expect(stillLocked.info.retryAfter).toBe(15 * 60);

    clock.advance(10 * 60_000);
    const later = await place(h, tokens.locker, pickupOrder());
    expect(
      (await refused(tokens.locker, { ...body, id: later.id, payPassword: PASSWORD }, 'payPasswordLocked'))
        .info.retryAfter,
    ).toBe(5 * 60);
    clock.advance(5 * 60_000);
    const r = await pay(tokens.locker, { id: later.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD });
    expect(r.body.result, r.body.message).toBe(true);
    const [row] = await h.database.db
      .select({ failures: members.payPasswordFailures, lockedUntil: members.payPasswordLockedUntil })
      .from(members)
      .where(eq(members.id, MEMBERS.locker.id));
    expect(row).toEqual({ failures: 0, lockedUntil: null });
  });

  it('refuses a member without a pay password, a customer without a member card, and a short balance', async () => {
    const a = await place(h, tokens.noPassword, pickupOrder());
    await refused(
      tokens.noPassword,
      { id: a.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      'payPasswordNotSet',
    );

    const b = await place(h, tokens.guest, pickupOrder());
    const guest = await refused(
      tokens.guest,
      { id: b.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      'memberRequired',
    );
    expect(guest.message).toMatch(/register/i);

    const c = await place(h, tokens.poor, pickupOrder());
    const short = await refused(
      tokens.poor,
      { id: c.id, payTypeId: PAY_TYPE.VIP, payPassword: '135790' },
      'payPasswordWrong',
    );
    expect(short.info.attemptsLeft).toBe(3);
    const poor = await refused(
      tokens.poor,
      { id: c.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      'balanceShort',
    );
    expect(poor.info.short).toBe(2000 - 500);
    expect(poor.message).toContain('15.00');
    expect(poor.message).not.toContain('¥');
    // A short balance rolls the whole payment back, the reset of the wrong-password count included.
    const [row] = await h.database.db
      .select({ failures: members.payPasswordFailures })
      .from(members)
      .where(eq(members.id, MEMBERS.poor.id));
    expect(row!.failures).toBe(2);
    // In Chinese the amount carries the yuan sign, as the pay panel prints it (spec §1).
    const zh = await h.call<OrderPayInfo>(
      'order/pay',
      { id: c.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      { token: tokens.poor, language: 'zh-CN' },
    );
    expect(zh.body.result).toBe(false);
    expect(zh.body.message).toContain('¥15.00');
  });

  it("answers another customer's order as not found and changes nothing", async () => {
    const order = await place(h, tokens.poor, pickupOrder());
    const r = await refused(
      tokens.rich,
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      'orderNotFound',
    );
    expect(r.status).toBe(404);
    const cash = await refused(tokens.guest, { id: order.id, payTypeId: PAY_TYPE.Cash }, 'orderNotFound');
    expect(cash.status).toBe(404);
  });

  it('refuses a pay type the shop does not offer for the order type', async () => {
    const order = await place(h, tokens.guest, pickupOrder());
    await refused(tokens.guest, { id: order.id, payTypeId: PAY_TYPE.COD }, 'payTypeInvalid');
    await refused(tokens.guest, { id: order.id, payTypeId: 99 }, 'payTypeInvalid');
  });

  it('sends a cash order to the merchant unpaid, at the counter', async () => {
    const order = await place(h, tokens.guest, pickupOrder({ payType: 'Card' }));
    const r = await pay(tokens.guest, { id: order.id, payTypeId: PAY_TYPE.Cash });
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.order).toEqual(
      expect.objectContaining({ status: 'pending', paid: false, payType: 'Cash', payTypeId: PAY_TYPE.Cash }),
    );
    expect(r.body.info.order.payment).toBeNull();
    expect(r.body.info.payment).toEqual(
      expect.objectContaining({ state: 'processing', settlement: 'counter', amount: order.amounts.total }),
    );
    const [row] = await h.database.db
      .select({ settlement: orders.settlement })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.settlement).toBe('counter');
    expect(await h.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
  });

  it('sends a takeaway cash-on-delivery order to the merchant unpaid', async () => {
    const order = await place(h, tokens.guest, takeawayOrder({ payType: 'COD' }));
    const r = await pay(tokens.guest, { id: order.id, payTypeId: PAY_TYPE.COD });
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.order).toEqual(
      expect.objectContaining({ status: 'pending', paid: false, payType: 'COD' }),
    );
    expect(r.body.info.payment.settlement).toBe('onDelivery');
  });

  it('lets concurrent member-card payments above the balance take exactly what it covers', async () => {
    const orderList = [];
    for (let i = 0; i < 10; i++) orderList.push(await place(h, tokens.racer, pickupOrder()));
    const total = orderList[0]!.amounts.total;
    // Enough for three and a half orders, split so that the third one needs the gift balance.
    const amount = 2 * total + total / 2;
    const gift = total;
    await h.database.db
      .update(members)
      .set({ amount, giftAmount: gift })
      .where(eq(members.id, MEMBERS.racer.id));
    await h.database.db
      .update(memberLedger)
      .set({ amountDelta: amount, giftDelta: gift, amountAfter: amount, giftAfter: gift })
      .where(eq(memberLedger.memberId, MEMBERS.racer.id));

    const replies = await Promise.all(
      orderList.map((o) => pay(tokens.racer, { id: o.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD })),
    );
    const ok = replies.filter((r) => r.body.result);
    expect(ok).toHaveLength(3);
    for (const r of replies.filter((reply) => !reply.body.result)) {
      expect((r.body.info as unknown as OrderPayRejectionInfo).reason).toBe('balanceShort');
    }
    const balances = await memberRow(h, MEMBERS.racer.id);
    expect(balances).toEqual({ amount: 0, gift: total / 2 });
    expect(await ledgerSum(h, MEMBERS.racer.id)).toEqual(balances);
    const rows = await ledgerRows(h, MEMBERS.racer.id);
    expect(rows.filter((row) => row.kind === 'orderPay')).toHaveLength(3);
    expect(rows.every((row) => row.amountAfter >= 0 && row.giftAfter >= 0)).toBe(true);

    const statuses = await h.database.db
      .select({ status: orders.status, paid: orders.paid })
      .from(orders)
      .where(
        inArray(
          orders.id,
          orderList.map((o) => o.id),
        ),
      );
    expect(statuses.filter((s) => s.status === 'pending' && s.paid)).toHaveLength(3);
    expect(statuses.filter((s) => s.status === 'nopay' && !s.paid)).toHaveLength(7);
  });

  it('gives a member-card payment back to the buckets it came from, once (the merchant refund helper)', async () => {
    await h.database.db
      .update(members)
      .set({ amount: 1000, giftAmount: 3000 })
      .where(eq(members.id, MEMBERS.locker.id));
    const opening = await ledgerSum(h, MEMBERS.locker.id);
    await h.database.db.insert(memberLedger).values({
      memberId: MEMBERS.locker.id,
      kind: 'adjust',
      key: `adjust:${MEMBERS.locker.id}:refund-test`,
      amountDelta: 1000 - opening.amount,
      giftDelta: 3000 - opening.gift,
      amountAfter: 1000,
      giftAfter: 3000,
    });
    const order = await place(h, tokens.locker, pickupOrder());
    const r = await pay(tokens.locker, { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD });
    expect(r.body.info.payment).toEqual(expect.objectContaining({ fromBalance: 1000, fromGift: 1000 }));
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
    const refund = () => h.database.db.transaction((tx) => refundMemberCardInTx(tx, row!, clock.now()));
    expect(await refund()).toBe(2000);
    expect(await memberRow(h, MEMBERS.locker.id)).toEqual({ amount: 1000, gift: 3000 });
    const rows = await ledgerRows(h, MEMBERS.locker.id);
    expect(rows.at(-1)).toEqual(
      expect.objectContaining({ kind: 'orderRefund', orderId: order.id, amountDelta: 1000, giftDelta: 1000 }),
    );
    expect(await ledgerSum(h, MEMBERS.locker.id)).toEqual(await memberRow(h, MEMBERS.locker.id));
    // A second call finds nothing left to give back.
    expect(await refund()).toBe(0);
    expect(await memberRow(h, MEMBERS.locker.id)).toEqual({ amount: 1000, gift: 3000 });
    const [payment] = await h.database.db
      .select({ refunded: payments.refunded })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(payment!.refunded).toBe(true);
  });

  it('refuses an order whose pay deadline passed; the order is cancelled', async () => {
    const order = await place(h, tokens.rich, pickupOrder());
    const before = await snapshot(h, order.id);
    clock.advance(15 * 60_000);
    const r = await pay(tokens.rich, { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD });
    expect(r.body.result).toBe(false);
    expect((r.body.info as unknown as OrderPayRejectionInfo).reason).toBe('expired');
    const after = await snapshot(h, order.id);
    expect(after.order?.status).toBe('nopay_cancel');
    expect(after.balances).toEqual(before.balances);
    expect(after.ledger).toBe(before.ledger);
    expect(after.attempts).toEqual([]);
    // Asked again, the answer stays "expired".
    const again = await pay(tokens.rich, { id: order.id, payTypeId: PAY_TYPE.Cash });
    expect((again.body.info as unknown as OrderPayRejectionInfo).reason).toBe('expired');
  });
});

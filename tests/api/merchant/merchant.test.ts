// The merchant API over HTTP, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the key opens its own
// shop's orders only; every action from every status it is not allowed from is refused and changes
// nothing; the takeaway (with and without a rider), pickup and dine-in lives run to the end; refusing or
// refunding a member-card order gives the balance back with a ledger row; an online refund goes through
// the gateway.
import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  memberLedger,
  merchantKeys,
  orderEvents,
  orders,
  payments,
  sandboxSessions,
} from '../../../server/db/schema';
import { hashMerchantKey } from '../../../server/modules/merchant/merchant-keys';
import type { OrderDetail, OrderSummary } from '../../../src/domain/api/order';
import {
  MERCHANT_ACTIONS,
  type DeliveryInfo,
  type MerchantAction,
  type OrderPayInfo,
} from '../../../src/domain/api/order-life';
import type { OrderStatus } from '../../../src/domain/enums';
import { allowedFrom, MERCHANT_TRANSITIONS } from '../../../src/domain/order-life';
import { createClock, testDatabases, useTestApp } from '../helpers';
import {
  dineOrder,
  enter,
  login,
  NOON,
  pickupOrder,
  SHOP,
  SISTER,
  takeawayOrder,
} from '../orders/order-fixture';
import {
  ledgerRows,
  ledgerSum,
  MEMBERS,
  memberRow,
  PASSWORD,
  PAY_TYPE,
  paymentSeed,
  place,
} from '../payments/payment-fixture';

const KEY = `demo-merchant-${SHOP}`;

interface Reply<T = unknown> {
  status: number;
  body: { result: boolean; info: T; message: string };
}

describe.each(testDatabases)('the merchant API on %s', (kind) => {
  const clock = createClock(NOON);
  const h = useTestApp(kind, {
    seed: paymentSeed,
    clock,
    demoMode: true,
    payments: {
      gateway: 'sandbox',
      publicUrl: 'https://shop.example',
      // Notifications go straight into the app, as the sandbox's HTTP POST would.
      sandboxDeliver: async (d) =>
        (
          await h.inject({
            method: 'POST',
            url: new URL(d.url).pathname,
            headers: d.headers,
            payload: d.body,
          })
        ).statusCode,
    },
  });
  let token: string;
  let member: string;

  const merchant = async <T = { order: OrderSummary }>(
    path: string,
    body: unknown,
    key: string | null = KEY,
    language = 'en',
  ): Promise<Reply<T>> => {
    const r = await h.inject({
      method: 'POST',
      url: `/merchant/api/${path}`,
      headers: {
        'content-type': 'application/json',
        language,
        ...(key !== null ? { authorization: `Bearer ${key}` } : {}),
      },
      payload: JSON.stringify(body),
    });
    return { status: r.statusCode, body: r.json() };
  };
  const act = (action: MerchantAction, orderNo: string, extra: Record<string, unknown> = {}) =>
    merchant(action, { orderNo, ...extra });
  const done = async (action: MerchantAction, orderNo: string, extra: Record<string, unknown> = {}) => {
    const r = await act(action, orderNo, extra);
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.status).toBe(200);
    return r.body.info.order;
  };
  const customer = <T>(path: string, body: unknown, tok = token) =>
    h.call<T>(path, body, { token: tok, language: 'en' });

  async function row(id: number) {
    const [r] = await h.database.db.select().from(orders).where(eq(orders.id, id));
    return r!;
  }
  async function history(id: number) {
    return h.database.db
      .select({ status: orderEvents.status, action: orderEvents.action })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
  }

  /** A pickup order sent to the merchant with cash at the counter. */
  async function pendingPickup(): Promise<OrderDetail> {
    const order = await place(h, token, pickupOrder());
    const r = await customer('order/pay', { id: order.id, payTypeId: PAY_TYPE.Cash });
    expect(r.body.result, r.body.message).toBe(true);
    return order;
  }
  async function pendingTakeaway(payTypeId: number = PAY_TYPE.COD, tok = token): Promise<OrderDetail> {
    const order = await place(h, tok, takeawayOrder({ payType: 'COD' }));
    const r = await customer(
      'order/pay',
      { id: order.id, payTypeId, ...(payTypeId === PAY_TYPE.VIP ? { payPassword: PASSWORD } : {}) },
      tok,
    );
    expect(r.body.result, r.body.message).toBe(true);
    return order;
  }

  beforeAll(async () => {
    token = await enter(h, SHOP);
    member = await login(h, SHOP, MEMBERS.rich.phone);
  });
  beforeEach(() => clock.set(NOON));

  it('refuses a missing, unknown or revoked key with 401', async () => {
    const order = await pendingPickup();
    for (const key of [null, 'nope', `demo-merchant-99`]) {
      const r = await merchant('accept', { orderNo: order.orderNo }, key);
      expect(r.status).toBe(401);
      expect(r.body.result).toBe(false);
    }
    expect((await row(order.id)).status).toBe('pending');
    const list = await merchant('orders', {}, 'nope');
    expect(list.status).toBe(401);

    await h.database.db.insert(merchantKeys).values({
      shopId: SHOP,
      keyHash: hashMerchantKey('revoked-key-0123456789'),
      revokedAt: clock.now(),
    });
    const revoked = await merchant('orders', {}, 'revoked-key-0123456789');
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toContain('merchant key');
    const zh = await merchant('orders', {}, null, 'zh-CN');
    expect(zh.body.message).toContain('商户密钥');
  });

  it("answers 404 for another shop's order and changes nothing", async () => {
    const order = await pendingPickup();
    const r = await merchant('accept', { orderNo: order.orderNo }, `demo-merchant-${SISTER}`);
    expect(r.status).toBe(404);
    expect(r.body.result).toBe(false);
    expect(r.body.message).toContain(order.orderNo);
    expect((await row(order.id)).status).toBe('pending');
    const list = await merchant<{ list: OrderSummary[]; total: number }>(
      'orders',
      {},
      `demo-merchant-${SISTER}`,
    );
    expect(list.body.info.list.some((o) => o.id === order.id)).toBe(false);
  });

  it("lists the shop's orders, newest first, filtered by status", async () => {
    const a = await pendingPickup();
    const b = await place(h, token, pickupOrder());
    const all = await merchant<{ list: OrderSummary[]; total: number; hasMore: boolean }>('orders', {
      pageLimit: 2,
    });
    expect(all.body.result, all.body.message).toBe(true);
    expect(all.body.info.list.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(all.body.info.hasMore).toBe(all.body.info.total > 2);
    expect(all.body.info.list[0]).not.toHaveProperty('pricing');
    const pending = await merchant<{ list: OrderSummary[] }>('orders', { status: ['pending'] });
    expect(pending.body.info.list.every((o) => o.status === 'pending')).toBe(true);
    expect(pending.body.info.list.some((o) => o.id === a.id)).toBe(true);
    const bad = await merchant('orders', { status: ['nonsense'] });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe(false);
  });

  it('runs a takeaway order with a rider to the end, the customer confirming receipt', async () => {
    const order = await pendingTakeaway();
    expect((await done('accept', order.orderNo)).status).toBe('confirmed_new');

    const noRider = await act('assignRider', order.orderNo);
    expect(noRider.status).toBe(400);
    expect((await row(order.id)).status).toBe('confirmed_new');

    const rider = { name: 'Zhao Liu', phone: '13700003333' };
    const assigned = await done('assignRider', order.orderNo, { rider });
    expect(assigned).toEqual(expect.objectContaining({ status: 'wait_rider_pending', rider }));
    expect((await done('riderConfirm', order.orderNo)).status).toBe('rider_confirmed');
    const started = await act('startDelivery', order.orderNo);
    expect(started.body.message).toBe(`Order ${order.orderNo}: start delivery done, now "in delivery".`);
    expect(started.body.info.order.status).toBe('rider_picked_up');
    expect((await row(order.id)).riderState).toBe('pickedUp');

    const received = await customer<OrderDetail>('order/confirmDelivered', { id: order.id });
    expect(received.body.result, received.body.message).toBe(true);
    expect(received.body.info).toEqual(expect.objectContaining({ status: 'successed', paid: true }));
    const info = await customer<DeliveryInfo>('order/deliveryInfo', { orderNo: order.orderNo });
    expect(info.body.info.state).toBe('delivered');
    expect(info.body.info.rider).toEqual(rider);
    expect(info.body.info.events.map((e) => e.status)).toEqual([
      'nopay',
      'pending',
      'confirmed_new',
      'wait_rider_pending',
      'rider_confirmed',
      'rider_picked_up',
      'successed',
    ]);
    const again = await customer('order/confirmDelivered', { id: order.id });
    expect(again.body.result).toBe(false);
  });

  it("runs a takeaway order delivered by the shop's own staff, and a problem on the way", async () => {
    const order = await pendingTakeaway();
    await done('accept', order.orderNo);
    expect((await done('startDelivery', order.orderNo)).status).toBe('delivered');
    expect((await row(order.id)).riderState).toBeNull();
    expect((await done('complete', order.orderNo)).status).toBe('successed');
    expect((await row(order.id)).paid).toBe(true);

    const trouble = await pendingTakeaway();
    await done('accept', trouble.orderNo);
    await done('assignRider', trouble.orderNo, { rider: { name: 'A', phone: '13700004444' } });
    const problem = await done('deliveryException', trouble.orderNo, { reason: 'Rider fell ill' });
    expect(problem).toEqual(
      expect.objectContaining({ status: 'rider_delivery_exception', merchantReason: 'Rider fell ill' }),
    );
    const other = await done('assignRider', trouble.orderNo, { rider: { name: 'B', phone: '13700005555' } });
    expect(other).toEqual(
      expect.objectContaining({ status: 'wait_rider_pending', rider: { name: 'B', phone: '13700005555' } }),
    );
  });

  it('runs a pickup order and a dine-in order at the counter: complete marks them paid', async () => {
    const order = await pendingPickup();
    expect((await row(order.id)).paid).toBe(false);
    expect((await done('accept', order.orderNo)).status).toBe('confirmed');
    const completed = await done('complete', order.orderNo);
    expect(completed).toEqual(expect.objectContaining({ status: 'successed', paid: true }));
    expect((await row(order.id)).paidAt?.toISOString()).toBe(clock.now().toISOString());
    expect(await history(order.id)).toEqual([
      { status: 'pending', action: 'settle' },
      { status: 'confirmed', action: 'accept' },
      { status: 'successed', action: 'complete' },
    ]);

    const dine = await place(h, token, dineOrder());
    await customer('order/pay', { id: dine.id, payTypeId: PAY_TYPE.Cash });
    await done('accept', dine.orderNo);
    expect(await done('complete', dine.orderNo)).toEqual(
      expect.objectContaining({ status: 'successed', paid: true }),
    );
  });

  it('refuses every action from every status it is not allowed from, changing nothing', async () => {
    // One order in each reachable status.
    const byStatus = new Map<OrderStatus, OrderDetail>();
    byStatus.set('nopay', await place(h, token, pickupOrder()));
    const cancelled = await place(h, token, pickupOrder());
    await customer('order/close', { id: cancelled.id });
    byStatus.set('nopay_cancel', cancelled);
    byStatus.set('pending', await pendingTakeaway());
    const steps: [OrderStatus, MerchantAction[], Record<string, unknown>?][] = [
      ['confirmed_new', ['accept']],
      ['wait_rider_pending', ['accept', 'assignRider']],
      ['rider_confirmed', ['accept', 'assignRider', 'riderConfirm']],
      ['rider_picked_up', ['accept', 'assignRider', 'riderConfirm', 'startDelivery']],
      ['rider_delivery_exception', ['accept', 'assignRider', 'deliveryException']],
      ['delivered', ['accept', 'startDelivery']],
      ['successed', ['accept', 'startDelivery', 'complete']],
      ['refused', ['refuse']],
      ['closed', ['accept', 'refund']],
    ];
    const rider = { rider: { name: 'Zhao Liu', phone: '13700003333' } };
    for (const [status, path] of steps) {
      const order = await pendingTakeaway();
      for (const action of path) await done(action, order.orderNo, action === 'assignRider' ? rider : {});
      expect((await row(order.id)).status).toBe(status);
      byStatus.set(status, order);
    }
    const pickup = await pendingPickup();
    await done('accept', pickup.orderNo);
    byStatus.set('confirmed', pickup);

    let refusals = 0;
    for (const [status, order] of byStatus) {
      for (const action of MERCHANT_ACTIONS) {
        if (allowedFrom(action, status)) continue;
        const before = await row(order.id);
        const events = (await history(order.id)).length;
        const r = await act(action, order.orderNo, { reason: 'x', ...rider });
        expect(r.status, `${action} from ${status}`).toBe(409);
        expect(r.body.result).toBe(false);
        expect(r.body.info).toEqual(
          expect.objectContaining({
            reason: 'wrongStatus',
            status,
            allowed: [...MERCHANT_TRANSITIONS[action].from],
          }),
        );
        expect(await row(order.id)).toEqual(before);
        expect((await history(order.id)).length).toBe(events);
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThan(60);
    const zh = await merchant('accept', { orderNo: byStatus.get('successed')!.orderNo }, KEY, 'zh-CN');
    expect(zh.body.message).toContain('已完成');
  });

  it('refuses a member-card order and gives the balance back with a ledger row', async () => {
    const start = await memberRow(h, MEMBERS.rich.id);
    const order = await place(h, member, pickupOrder({ payType: 'VIP' }));
    const paid = await customer<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      member,
    );
    expect(paid.body.result, paid.body.message).toBe(true);
    const afterPay = await memberRow(h, MEMBERS.rich.id);
    expect(afterPay.amount + afterPay.gift).toBe(start.amount + start.gift - order.amounts.total);

    const refused = await done('refuse', order.orderNo, { reason: 'Out of flour' });
    expect(refused).toEqual(
      expect.objectContaining({
        status: 'refused',
        refundAmount: order.amounts.total,
        merchantReason: 'Out of flour',
      }),
    );
    expect(await memberRow(h, MEMBERS.rich.id)).toEqual(start);
    const ledger = await ledgerRows(h, MEMBERS.rich.id);
    const refund = ledger.at(-1)!;
    expect(refund).toEqual(
      expect.objectContaining({
        kind: 'orderRefund',
        orderId: order.id,
        amountAfter: start.amount,
        giftAfter: start.gift,
      }),
    );
    expect(refund.amountDelta + refund.giftDelta).toBe(order.amounts.total);
    // Back into the buckets it came from; the ledger still sums to the balances.
    const pay = ledger.find((l) => l.kind === 'orderPay' && l.orderId === order.id)!;
    expect(pay.amountDelta + refund.amountDelta).toBe(0);
    expect(pay.giftDelta + refund.giftDelta).toBe(0);
    expect(await ledgerSum(h, MEMBERS.rich.id)).toEqual(start);

    // Refused twice: nothing more comes back.
    const twice = await act('refuse', order.orderNo);
    expect(twice.status).toBe(409);
    expect(await memberRow(h, MEMBERS.rich.id)).toEqual(start);
    expect((await ledgerRows(h, MEMBERS.rich.id)).length).toBe(ledger.length);
  });

  it('refunds a completed member-card order, and closes an unpaid one with nothing to give back', async () => {
    const start = await memberRow(h, MEMBERS.rich.id);
    const order = await place(h, member, pickupOrder({ payType: 'VIP' }));
    await customer('order/pay', { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD }, member);
    await done('accept', order.orderNo);
    await done('complete', order.orderNo);
    const refunded = await done('refund', order.orderNo, { reason: 'Cold food' });
    expect(refunded).toEqual(
      expect.objectContaining({ status: 'refund', refundAmount: order.amounts.total }),
    );
    expect(await memberRow(h, MEMBERS.rich.id)).toEqual(start);
    expect(await ledgerRows(h, MEMBERS.rich.id).then((l) => l.at(-1)!.kind)).toBe('orderRefund');

    const unpaid = await pendingPickup();
    await done('accept', unpaid.orderNo);
    const closed = await done('refund', unpaid.orderNo);
    expect(closed).toEqual(expect.objectContaining({ status: 'closed', refundAmount: 0, paid: false }));
  });

  it('refunds an online payment through the gateway, passing through refunding', async () => {
    const order = await place(h, token, pickupOrder({ payType: 'Card' }));
    const started = await customer<OrderPayInfo>('order/pay', { id: order.id, payTypeId: PAY_TYPE.Card });
    const tradeNo = started.body.info.payment.tradeNo!;
    const paid = await h.call('sandboxGateway/complete', {
      tradeNo,
      outcome: 'succeed',
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.body.result, paid.body.message).toBe(true);
    expect(await row(order.id)).toEqual(expect.objectContaining({ status: 'pending', paid: true }));

    const refused = await done('refuse', order.orderNo, { reason: 'Closing early' });
    expect(refused).toEqual(
      expect.objectContaining({ status: 'refused', refundAmount: order.amounts.total }),
    );
    expect(await history(order.id)).toEqual(
      expect.arrayContaining([
        { status: 'refunding', action: 'refuse' },
        { status: 'refused', action: 'refundDone' },
      ]),
    );
    const [payment] = await h.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment!.refunded).toBe(true);
    const [session] = await h.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.tradeNo, tradeNo));
    expect(session).toBeDefined();
    expect(await h.database.db.select().from(memberLedger).where(eq(memberLedger.orderId, order.id))).toEqual(
      [],
    );
  });
});

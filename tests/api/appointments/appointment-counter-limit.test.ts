// Appointments to pay at the counter, on the test salon, on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// they keep a technician's time with no pay deadline, so a customer may have at most
// COUNTER_APPOINTMENTS_MAX of them live in a shop (decision A26). Six orders settled at the counter at once
// give exactly that many; the others are refused in the customer's language and stay payable otherwise; a
// new appointment asking for the counter is refused before it is placed; one that ends makes room again.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema';
import type { AppointmentRejectionInfo, BeautyCancelInfo } from '../../../src/domain/api/beauty';
import { COUNTER_APPOINTMENTS_MAX } from '../../../src/domain/api/beauty-rules';
import type { OrderConfirmInfo, OrderDetail } from '../../../src/domain/api/order';
import type { OrderPayInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { enter } from '../orders/order-fixture';
import { appointmentOrder, beautyCalls, PAY } from './appointment-fixture';
import { SALON, SALON_SERVICE, SALON_STAFF, salonSeed } from './salon-fixture';

/** Monday 2 March 2026, 08:00 in Shanghai. */
const MORNING = '2026-03-02T00:00:00Z';

describe.each(testDatabases)('appointments to pay at the counter on %s', (kind) => {
  const clock = createClock(MORNING);
  const h = useTestApp(kind, { seed: salonSeed, clock, demoMode: true });
  const { ok } = beautyCalls(h);

  const book = (token: string, date: string, time: string, language = 'en') =>
    h.call<OrderConfirmInfo | AppointmentRejectionInfo>(
      'order/confirm',
      appointmentOrder({
        products: [{ id: SALON_SERVICE.trim, quantity: 1, tastes: [], mealset: [] }],
        serviceUser: { id: SALON_STAFF.ana },
        serviceStartTimeInfo: { date, time },
      }),
      { token, language },
    );
  const placed = async (token: string, date: string, time: string) => {
    const r = await book(token, date, time);
    expect(r.body.result, r.body.message).toBe(true);
    return (r.body.info as OrderConfirmInfo).order;
  };
  const atCounter = (token: string, order: OrderDetail, language = 'en') =>
    h.call<OrderPayInfo | AppointmentRejectionInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY.Cash },
      { token, language },
    );

  it('lets a customer keep at most two appointments to pay at the counter, however many settle at once', async () => {
    expect(COUNTER_APPOINTMENTS_MAX).toBe(2);
    const ann = await enter(h, SALON);
    const times = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00'];
    const unpaid: OrderDetail[] = [];
    for (const time of times) unpaid.push(await placed(ann, '2026-03-10', time));

    const settled = await Promise.all(unpaid.map((order) => atCounter(ann, order)));
    expect(settled.filter((r) => r.body.result)).toHaveLength(2);
    const refused = settled.filter((r) => !r.body.result);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.status).toBe(200);
      expect(r.body.info).toEqual({ reason: 'counterAppointmentsLimit', limit: 2 });
      expect(r.body.message).toBe(
        'You already have 2 appointments to pay at the shop. Please pay for this one now, or cancel one of them.',
      );
    }
    const rows = await h.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.shopId, SALON), eq(orders.settlement, 'counter')));
    expect(rows).toHaveLength(2);
    // The refused ones are still unpaid orders keeping their time until their deadline.
    const left = unpaid.filter((o) => !rows.some((r) => r.id === o.id));
    const [stillUnpaid] = await h.database.db.select().from(orders).where(eq(orders.id, left[0]!.id));
    expect(stillUnpaid!.status).toBe('nopay');

    // In Chinese, and a new appointment asking for the counter is refused before it is placed.
    const zh = await atCounter(ann, left[0]!, 'zh-CN');
    expect(zh.body.message).toBe('您已有 2 个到店支付的预约，请现在支付本次预约，或取消其中一个。');
    const before = (await h.database.db.select().from(orders).where(eq(orders.shopId, SALON))).length;
    const another = await book(ann, '2026-03-11', '10:00');
    expect(another.body.info).toEqual({ reason: 'counterAppointmentsLimit', limit: 2 });
    expect((await h.database.db.select().from(orders).where(eq(orders.shopId, SALON))).length).toBe(before);

    // Another customer is not held back by Ann's.
    const ben = await enter(h, SALON);
    expect((await atCounter(ben, await placed(ben, '2026-03-11', '10:00'))).body.result).toBe(true);

    // Ann cancels one of hers: room for one more.
    const counted = unpaid.find((o) => rows.some((r) => r.id === o.id))!;
    const cancelled = await ok<BeautyCancelInfo>('cancel', { id: counted.appointment!.id }, ann);
    expect(cancelled.appointment.status).toBe('cancelled');
    const again = await atCounter(ann, left[0]!);
    expect(again.body.result, again.body.message).toBe(true);
    expect((await atCounter(ann, left[1]!)).body.info).toMatchObject({ reason: 'counterAppointmentsLimit' });
  });

  it('counts only appointments still to come', async () => {
    const cara = await enter(h, SALON);
    const early = await placed(cara, '2026-03-02', '09:00');
    const late = await placed(cara, '2026-03-02', '10:00');
    expect((await atCounter(cara, early)).body.result).toBe(true);
    expect((await atCounter(cara, late)).body.result).toBe(true);
    // At 09:40 the 09:00 trim is over, though the salon has not marked it yet.
    clock.set('2026-03-02T01:40:00Z');
    try {
      const next = await placed(cara, '2026-03-02', '11:00');
      const r = await atCounter(cara, next);
      expect(r.body.result, r.body.message).toBe(true);
    } finally {
      clock.set(MORNING);
    }
  });
});

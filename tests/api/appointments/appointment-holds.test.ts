// A customer's hold given way to a new one, on the test salon, on PGlite and (with TEST_DATABASE_URL)
// PostgreSQL: a new hold refused because the time was taken between its check and its write leaves the
// customer's previous hold as it was (decision A10: replaced only by a hold that is taken); and, on
// PostgreSQL, a customer taking a hold again while another customer books the same technician, whose claim
// removes the first customer's lapsed hold, queue on the technician's lock instead of deadlocking (A11).
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { appointmentBookings, customers } from '../../../server/db/schema';
import { rangeText } from '../../../server/modules/appointments/claims';
import type { AppointmentHold, AppointmentRejectionInfo } from '../../../src/domain/api/beauty';
import type { OrderConfirmInfo } from '../../../src/domain/api/order';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { enter } from '../orders/order-fixture';
import { appointmentOrder, beautyCalls } from './appointment-fixture';
import { SALON, SALON_SERVICE, SALON_STAFF, salonSeed } from './salon-fixture';

/** Monday 2 March 2026, 08:00 in Shanghai. */
const MORNING = '2026-03-02T00:00:00Z';
const MINUTE = 60_000;
/** The advisory lock class of a claim on a technician's time (server/modules/appointments/claims.ts). */
const TECHNICIAN_LOCK = 72_011;

describe.each(testDatabases)('holds given way to on %s', (kind) => {
  const clock = createClock(MORNING);
  const h: TestApp = useTestApp(kind, { seed: salonSeed, clock, demoMode: true });
  const { call, ok } = beautyCalls(h);

  /** A customer entering the salon: the session's token and the customer's id. */
  async function customer(): Promise<{ token: string; id: number }> {
    const token = await enter(h, SALON);
    const [row] = await h.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.shopId, SALON))
      .orderBy(desc(customers.id))
      .limit(1);
    return { token, id: row!.id };
  }
  /** A trim of Ana's written straight into the table, as a racing request would have committed it. */
  const trimRow = (customerId: number, start: number, expiresAt: Date) => ({
    shopId: SALON,
    customerId,
    orderId: null,
    productId: SALON_SERVICE.trim,
    serviceUserId: SALON_STAFF.ana,
    kind: 'hold' as const,
    status: 'held' as const,
    startsAt: new Date(start),
    endsAt: new Date(start + 30 * MINUTE),
    bufferAfter: 5,
    span: rangeText(start, start + 35 * MINUTE),
    expiresAt,
  });
  const holdsOf = (customerId: number) =>
    h.database.db
      .select()
      .from(appointmentBookings)
      .where(and(eq(appointmentBookings.customerId, customerId), eq(appointmentBookings.kind, 'hold')));
  const trimAt = (date: string, time: string) => ({
    productId: SALON_SERVICE.trim,
    serviceUserId: SALON_STAFF.ana,
    start: { date, time },
  });

  it('keeps the customer’s hold when the new one is refused because the time was just taken', async () => {
    const ann = await customer();
    const ben = await customer();
    const first = await ok<AppointmentHold>('hold', trimAt('2026-03-03', '10:00'), ann.token);

    // Ben takes 11:00 after Ann's request checked it was free and before it writes.
    const db = h.app.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
    const transaction = db.transaction;
    db.transaction = async (...args: unknown[]) => {
      db.transaction = transaction;
      const start = new Date('2026-03-03T03:00:00Z').getTime();
      await h.database.db
        .insert(appointmentBookings)
        .values(trimRow(ben.id, start, new Date(clock.now().getTime() + 5 * MINUTE)));
      return transaction.apply(db, args);
    };
    let refused;
    try {
      refused = await call<AppointmentRejectionInfo>('hold', trimAt('2026-03-03', '11:00'), ann.token);
    } finally {
      db.transaction = transaction;
    }
    expect(refused.body.result).toBe(false);
    expect(refused.body.info.reason).toBe('slotTaken');
    expect(refused.body.info.nextFree!.map((f) => f.time)).toEqual(['11:45', '12:00', '12:15']);
    // Ann's 10:00 is still hers, and still hers to extend.
    expect((await holdsOf(ann.id)).map((r) => r.id)).toEqual([first.id]);
    const extended = await ok<AppointmentHold>('extendHold', { id: first.id }, ann.token);
    expect(extended.time).toBe('10:00');
  });

  it.runIf(kind === 'postgres')(
    'queues a customer holding again and another booking the technician, with a lapsed hold between them',
    async () => {
      const ann = await customer();
      const ben = await customer();
      const start = new Date('2026-03-04T02:00:00Z').getTime(); // Wednesday 10:00
      // Ann's hold of 10:00 lapsed a minute ago; she asks for it again as Ben books it.
      await h.database.db
        .insert(appointmentBookings)
        .values(trimRow(ann.id, start, new Date(clock.now().getTime() - MINUTE)));
      const admin = new pg.Client({ connectionString: h.database.url });
      await admin.connect();
      const waiting = async () => {
        const r = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_locks
           where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and not granted`,
          [TECHNICIAN_LOCK, SALON_STAFF.ana],
        );
        return r.rows[0]!.n;
      };
      const until = async (n: number) => {
        for (let i = 0; i < 200 && (await waiting()) < n; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 5));
        expect(await waiting()).toBe(n);
      };
      try {
        // A third session holds Ana's lock, so Ben's claim queues first and Ann's second behind it.
        await admin.query('select pg_advisory_lock($1, $2)', [TECHNICIAN_LOCK, SALON_STAFF.ana]);
        const booking = h.call<OrderConfirmInfo | AppointmentRejectionInfo>(
          'order/confirm',
          appointmentOrder({
            products: [{ id: SALON_SERVICE.trim, quantity: 1, tastes: [], mealset: [] }],
            serviceUser: { id: SALON_STAFF.ana },
            serviceStartTimeInfo: { date: '2026-03-04', time: '10:00' },
          }),
          { token: ben.token, language: 'en' },
        );
        await until(1);
        const holding = call<AppointmentHold | AppointmentRejectionInfo>(
          'hold',
          trimAt('2026-03-04', '10:00'),
          ann.token,
        );
        await until(2);
        await admin.query('select pg_advisory_unlock($1, $2)', [TECHNICIAN_LOCK, SALON_STAFF.ana]);
        const [booked, held] = await Promise.all([booking, holding]);
        // Ben's claim, first in the queue, removes Ann's lapsed hold and books; Ann is told it was taken.
        expect([booked.status, booked.body.result], booked.body.message).toEqual([200, true]);
        const reason = (held.body.info as AppointmentRejectionInfo | null)?.reason;
        expect([held.status, reason], held.body.message).toEqual([200, 'slotTaken']);
        expect(await holdsOf(ann.id)).toEqual([]);
      } finally {
        await admin.end();
      }
    },
  );
});

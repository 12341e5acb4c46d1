// What an order submit and a member-card payment cost the database (decisions K12, K44): statements counted at the PostgreSQL client,
// inside transactions too, so a change that adds a query to the submit path fails here.
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { orderEvents } from '../../../server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, NOON, P, pickupOrder, SHOP } from './order-fixture';
import {
  ledgerSum,
  memberRow,
  paymentSeed,
  place,
  MEMBERS,
  PASSWORD,
  PAY_TYPE,
} from '../payments/payment-fixture';

describe.skipIf(!testDatabases.includes('postgres'))('order submit and pay statements on postgres', () => {
  const kind = 'postgres' as const;
  const t = useTestApp(kind, {
    seed: paymentSeed,
    clock: createClock(NOON),
    demoMode: true,
    sessionCacheMs: 60_000,
  });
  const texts: string[] = [];
  const original = pg.Client.prototype.query;
  beforeAll(() => {
    pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      texts.push(typeof first === 'string' ? first : (first?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  });
  afterAll(() => {
    pg.Client.prototype.query = original;
  });

  // The catalogue's version read is shared by every call of its shop for CATALOG_VERSION_TTL_MS (K2): a
  // call that happens to renew it does not own it.
  const ownStatements = () => texts.filter((text) => !/from "catalog_versions"/.test(text));

  async function statementsOf(token: string, body: ReturnType<typeof pickupOrder>) {
    texts.length = 0;
    await place(t, token, body);
    return ownStatements();
  }

  it('submits an order of untracked products in one statement, however many lines it has', async () => {
    const token = await login(t, SHOP, MEMBERS.rich.phone);
    await place(t, token, pickupOrder()); // warms the session and catalogue caches
    const one = await statementsOf(token, pickupOrder());
    expect(one, one.join('\n')).toHaveLength(1);
    expect(one[0]).toMatch(/order_lines/);
    const untracked = await statementsOf(
      token,
      pickupOrder({
        products: [
          { id: P.bread, quantity: 2, tastes: [], mealset: [] },
          { id: P.salad, quantity: 1, tastes: [], mealset: [] },
          { id: P.water, quantity: 3, tastes: [], mealset: [] },
        ],
      }),
    );
    expect(untracked, untracked.join('\n')).toHaveLength(1);
    const tracked = await statementsOf(
      token,
      pickupOrder({
        products: [
          { id: P.bread, quantity: 2, tastes: [], mealset: [] },
          { id: P.noodles, quantity: 1, tastes: [], mealset: [] },
          { id: P.flash, quantity: 1, tastes: [], mealset: [] },
        ],
      }),
    );
    // Tracked stock adds a transaction round its lock and its update, whatever the number of lines.
    expect(tracked.length, tracked.join('\n')).toBeLessThanOrEqual(one.length + 4);
    expect(tracked.filter((s) => /order_lines/.test(s))).toHaveLength(1);
  });

  it('pays by member card in at most 7 statements, one transaction, with its ledger row', async () => {
    const token = await login(t, SHOP, MEMBERS.rich.phone);
    const pay = (id: number) =>
      t.call('order/pay', { id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD }, { token, language: 'en' });
    const warm = await place(t, token, pickupOrder({ payType: 'VIP', payTypeId: PAY_TYPE.VIP }));
    expect((await pay(warm.id)).body.result).toBe(true); // warms the session and catalogue caches
    const order = await place(t, token, pickupOrder({ payType: 'VIP', payTypeId: PAY_TYPE.VIP }));
    const before = await memberRow(t, MEMBERS.rich.id);
    texts.length = 0;
    const r = await pay(order.id);
    const sent = ownStatements();
    expect(r.body.result, r.body.message).toBe(true);
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(7);
    expect(sent.filter((s) => /^begin/i.test(s))).toHaveLength(1);
    expect(sent.filter((s) => /^commit/i.test(s))).toHaveLength(1);
    const after = await memberRow(t, MEMBERS.rich.id);
    expect(before.amount + before.gift - after.amount - after.gift).toBe(order.amounts.total);
    expect(await ledgerSum(t, MEMBERS.rich.id)).toEqual(after);
    // The status change and its history row are one statement: the row is there, once.
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'pay')));
    expect(events.map((e) => [e.status, e.actor, e.createdAt.toISOString()])).toEqual([
      ['pending', 'customer', new Date(NOON).toISOString()],
    ]);
  });
});

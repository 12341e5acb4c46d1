// What an order submit costs the database (decision K12): statements counted at the PostgreSQL client,
// inside transactions too, so a change that adds a query to the submit path fails here.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, testDatabases, useTestApp } from './helpers';
import { login, NOON, P, pickupOrder, SHOP } from './order-fixture';
import { paymentSeed, place, MEMBERS } from './payment-fixture';

describe.skipIf(!testDatabases.includes('postgres'))('order submit statements on postgres', () => {
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

  async function statementsOf(token: string, body: ReturnType<typeof pickupOrder>) {
    texts.length = 0;
    await place(t, token, body);
    return [...texts];
  }

  it('runs at most 8 statements for a one-line cart, and no more for a cart of many lines', async () => {
    const token = await login(t, SHOP, MEMBERS.rich.phone);
    await place(t, token, pickupOrder()); // warms the session and catalogue caches
    const one = await statementsOf(token, pickupOrder());
    expect(one.length, one.join('\n')).toBeLessThanOrEqual(8);
    const many = await statementsOf(
      token,
      pickupOrder({
        products: [
          { id: P.bread, quantity: 2, tastes: [], mealset: [] },
          { id: P.noodles, quantity: 1, tastes: [], mealset: [] },
          { id: P.flash, quantity: 1, tastes: [], mealset: [] },
        ],
      }),
    );
    // Tracked stock adds its lock and its update, whatever the number of lines.
    expect(many.length, many.join('\n')).toBeLessThanOrEqual(one.length + 2);
    expect(many.filter((s) => /order_lines/.test(s))).toHaveLength(1);
  });
});

// The demo data's members are ready to pay: each balance opens the member's ledger (so the ledger sums to
// it from the first payment on), and Bun & Flame (a takeaway shop) has one member who can pay a takeaway
// order by card and one whose balance is below any takeaway order (the "needs charge" demo).
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberLedger, members, shops } from '../../../server/db/schema';
import {
  checkPayPassword,
  DEMO_PAY_PASSWORD_KEYRING,
} from '../../../server/modules/identity/identity-password';
import { chains as demoChains, shops as demoShops } from '../../../server/seed/index';
import { useTestApp } from '../helpers';

describe('demo members', () => {
  const h = useTestApp('pglite', { seed: { chains: demoChains, shops: demoShops } });

  it('open every balance with a ledger row', async () => {
    const balances = await h.database.db
      .select({ id: members.id, amount: members.amount, gift: members.giftAmount })
      .from(members)
      .orderBy(asc(members.id));
    const sums = await h.database.db
      .select({
        id: memberLedger.memberId,
        amount: sql<number>`sum(${memberLedger.amountDelta})::int`,
        gift: sql<number>`sum(${memberLedger.giftDelta})::int`,
      })
      .from(memberLedger)
      .groupBy(memberLedger.memberId);
    const byId = new Map(sums.map((s) => [s.id, { amount: Number(s.amount), gift: Number(s.gift) }]));
    expect(balances.length).toBeGreaterThan(3);
    for (const row of balances) {
      expect({ id: row.id, ...(byId.get(row.id) ?? { amount: 0, gift: 0 }) }).toEqual(row);
    }
  });

  it('give the takeaway shop Bun & Flame a member who can pay and one who cannot', async () => {
    const [shop] = await h.database.db.select().from(shops).where(eq(shops.id, 1));
    expect(shop!.orderTypes).toContain('takeaway');
    const startingPrice = shop!.settings.minSellStartAmount;
    const byPhone = async (phone: string) => {
      const [row] = await h.database.db
        .select()
        .from(members)
        .where(sql`${members.shopId} = 1 and ${members.phone} = ${phone}`);
      return row!;
    };
    const able = await byPhone('13800000001');
    expect(able.amount + able.giftAmount).toBeGreaterThanOrEqual(15_000);
    const verifies = (id: number, password: string, hash: string | null) =>
      checkPayPassword(DEMO_PAY_PASSWORD_KEYRING, id, password, hash!);
    expect(await verifies(able.id, '246810', able.payPasswordHash)).toEqual({ ok: true, rehash: null });
    const short = await byPhone('13800000002');
    expect(short.amount + short.giftAmount).toBeLessThan(startingPrice);
    expect(await verifies(short.id, '135790', short.payPasswordHash)).toEqual({ ok: true, rehash: null });
  });
});

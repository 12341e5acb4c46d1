// Seed and readers of the points store API tests: the member-money fixture's chain 8 (shops 80 and 81 share
// one membership; shop 82 stands alone) with a chain points store — an unlimited coupon, a coupon limited to
// one per member, a coupon whose template has two left, a product with three in stock, one switched off and
// one whose dates have passed — plus a store of shop 82's own, and members that each make one rule observable.
import { asc, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  couponClaims,
  couponTemplates,
  customerCoupons,
  memberLedger,
  members,
  pointExchangeCounts,
  pointExchanges,
  pointStoreItems,
} from '../../../server/db/schema';
import type { SeedPointStore } from '../../../server/seed/point-store';
import type { SeedMember } from '../../../server/seed/types';
import type { TestApp } from '../helpers';
import { memberMoneySeed } from '../member-money/member-money-fixture';
import { LONE, P, SHOP } from '../orders/order-fixture';
import { PASSWORD } from '../payments/payment-fixture';

const member = (id: number, points: number): SeedMember => ({
  id,
  phone: `1380000${id}`,
  name: `Member ${id}`,
  levelId: SHOP * 10 + 1,
  cardNo: `PS-${id}`,
  amount: 0,
  giftAmount: 0,
  points,
  payPassword: PASSWORD,
});

/** The items by their place in the chain's store (ids follow the seed's order). */
export const ITEM = { voucher: 1, onePer: 2, scarce: 3, drink: 4, off: 5, past: 6, lone: 7 } as const;
export const COST = { voucher: 100, onePer: 50, scarce: 10, drink: 30 } as const;

export const PM = {
  /** Exactly enough for one voucher: twenty racing exchanges, one succeeds. */
  racer: member(8921, 100),
  /** Plenty of points: replays, detail, the limit under concurrency. */
  rich: member(8922, 5_000),
  /** Races for the scarce coupon and the drink's stock. */
  crowdA: member(8923, 1_000),
  crowdB: member(8924, 1_000),
  crowdC: member(8925, 1_000),
  /** Someone else: their exchanges must never be read. */
  other: member(8926, 500),
  /** Bad inputs: every refusal leaves this member as it was. */
  careful: member(8927, 60),
} as const;

const t = (en: string, zh: string) => ({ en, zh });

export const chainStore: SeedPointStore = {
  scope: { chainId: 8 },
  shopId: SHOP,
  activityName: t('Points mall', '积分商城'),
  items: [
    {
      name: t('Voucher 5', '五元券'),
      points: COST.voucher,
      coupon: {
        kind: 4,
        name: t('Points voucher 5', '积分五元券'),
        rules: { reductionAmount: 500, minAmount: 0 },
      },
    },
    {
      name: t('One per member', '每人一张'),
      points: COST.onePer,
      perMember: 1,
      coupon: {
        kind: 4,
        name: t('Points voucher 8', '积分八元券'),
        rules: { reductionAmount: 800, minAmount: 3000 },
      },
    },
    {
      name: t('Scarce voucher', '稀缺券'),
      points: COST.scarce,
      coupon: {
        kind: 4,
        name: t('Points voucher 2', '积分两元券'),
        rules: { reductionAmount: 200, minAmount: 0 },
        total: 2,
      },
    },
    { name: t('Free drink', '免费饮品'), points: COST.drink, productId: P.bread, stock: 3 },
    { name: t('Switched off', '已下架'), points: 10, productId: P.bread, status: 0 },
    { name: t('Past', '已过期'), points: 10, productId: P.bread, endDate: '2026-03-01' },
  ],
};

const loneStore: SeedPointStore = {
  scope: { shopId: LONE },
  shopId: LONE,
  activityName: t('Points mall', '积分商城'),
  items: [{ name: t('Lone drink', '单店饮品'), points: 10, productId: P.dessert }],
};

export const pointStoreSeed = {
  ...memberMoneySeed,
  chains: memberMoneySeed.chains.map((c) => ({ ...c, members: [...c.members, ...Object.values(PM)] })),
  pointStores: [chainStore, loneStore],
};

export async function pointsOf(t: TestApp, id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ points: members.points })
    .from(members)
    .where(eq(members.id, id));
  return row!.points;
}

/** Everything an exchange could write, to prove a refusal wrote nothing. */
export async function storeSnapshot(t: TestApp) {
  const db = t.database.db;
  const tally = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return row!.n;
  };
  return {
    members: await db
      .select({ id: members.id, points: members.points })
      .from(members)
      .orderBy(asc(members.id)),
    items: await db
      .select({ id: pointStoreItems.id, exchanged: pointStoreItems.exchanged })
      .from(pointStoreItems)
      .orderBy(asc(pointStoreItems.id)),
    templates: await db
      .select({ id: couponTemplates.id, issued: couponTemplates.issued })
      .from(couponTemplates)
      .orderBy(asc(couponTemplates.id)),
    ledger: await tally(memberLedger),
    exchanges: await tally(pointExchanges),
    counts: await tally(pointExchangeCounts),
    coupons: await tally(customerCoupons),
    claims: await tally(couponClaims),
  };
}

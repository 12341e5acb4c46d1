// Seed and readers of the member-money API tests: the payment fixture's chain 8 (shops 80 and 81 share
// one membership; shop 82 stands alone and takes no recharges) with recharge tiers, a free amount, points
// per unit and a kind-20 coupon on the chain, and members that each make one rule observable.
import { asc, count, eq, sql } from 'drizzle-orm';
import {
  customerCoupons,
  memberLedger,
  members,
  paymentNotifications,
  recharges,
} from '../../../server/db/schema';
import type { SeedShopActivities } from '../../../server/seed/activities';
import type { SeedMemberRules } from '../../../server/seed/member-rules';
import type { SeedMember } from '../../../server/seed/types';
import type { TestApp } from '../helpers';
import { LONE, SHOP } from '../orders/order-fixture';
import { PASSWORD, paymentSeed } from '../payments/payment-fixture';

const member = (id: number, over: Partial<SeedMember> = {}): SeedMember => ({
  id,
  phone: `1380000${id}`,
  name: `Member ${id}`,
  levelId: SHOP * 10 + 1,
  cardNo: `MM-${id}`,
  amount: 0,
  giftAmount: 0,
  points: 0,
  payPassword: PASSWORD,
  ...over,
});

export const M = {
  /** Recharges by tier and free amount; its notifications are replayed. */
  charger: member(8901, { points: 7 }),
  /** Ten first recharges at once. */
  first: member(8902),
  /** Fifty card payments at once. */
  racer: member(8903),
  /** Points earned and reversed; refunds. */
  earner: member(8904, { amount: 1000, giftAmount: 3000 }),
  /** Someone else: must never be read. */
  other: member(8905, { amount: 500, points: 40 }),
  /** Notification racing the result poll. */
  poller: member(8906),
} as const;

export const TIER = { small: 1, big: 2, firstOnly: 3, inactive: 4 } as const;

export const chainRules: SeedMemberRules = {
  scope: { chainId: 8 },
  freeAmount: { min: 1000, max: 100_000 },
  pointsPerUnit: 2,
  tiers: [
    { payAmount: 10_000, giftAmount: 2_000 },
    {
      payAmount: 30_000,
      giftAmount: 8_000,
      points: 300,
      coupons: [{ template: 'Top-up gift 10', quantity: 2 }],
    },
    { payAmount: 5_000, giftAmount: 5_000, firstOnly: true },
  ],
};

const chainActivities: SeedShopActivities = {
  shopId: SHOP,
  activities: [
    {
      kind: 20,
      name: { en: 'Top-up gifts', zh: '充值赠券' },
      templates: [
        {
          kind: 20,
          name: { en: 'Top-up gift 10', zh: '充值赠券10元' },
          rules: { reductionAmount: 1000, minAmount: 4000 },
          channels: [],
        },
      ],
    },
  ],
};

const lone = paymentSeed.shops.find((s) => s.id === LONE)!;

export const memberMoneySeed = {
  chains: [{ ...paymentSeed.chains[0]!, members: [...paymentSeed.chains[0]!.members, ...Object.values(M)] }],
  shops: paymentSeed.shops.map((s) =>
    s.id === LONE ? { ...lone, memberSetting: { ...lone.memberSetting!, isAllowRecharge: false } } : s,
  ),
  activities: [chainActivities],
  memberRules: [chainRules],
};

export async function balances(t: TestApp, id: number) {
  const [row] = await t.database.db
    .select({ amount: members.amount, gift: members.giftAmount, points: members.points })
    .from(members)
    .where(eq(members.id, id));
  return row!;
}

/** Opening row plus every delta: must equal the member row, for money and points alike. */
export async function ledgerSum(t: TestApp, id: number) {
  const [row] = await t.database.db
    .select({
      amount: sql<number>`coalesce(sum(${memberLedger.amountDelta}), 0)::int`,
      gift: sql<number>`coalesce(sum(${memberLedger.giftDelta}), 0)::int`,
      points: sql<number>`coalesce(sum(${memberLedger.pointsDelta}), 0)::int`,
    })
    .from(memberLedger)
    .where(eq(memberLedger.memberId, id));
  return { amount: Number(row!.amount), gift: Number(row!.gift), points: Number(row!.points) };
}

export async function ledgerRows(t: TestApp, id: number) {
  return t.database.db
    .select()
    .from(memberLedger)
    .where(eq(memberLedger.memberId, id))
    .orderBy(asc(memberLedger.id));
}

/** Everything a member-money call could write, to prove a refusal wrote nothing. */
export async function moneySnapshot(t: TestApp) {
  const db = t.database.db;
  const all = await db
    .select({ id: members.id, amount: members.amount, gift: members.giftAmount, points: members.points })
    .from(members)
    .orderBy(asc(members.id));
  const [{ ledger } = { ledger: 0 }] = await db.select({ ledger: count() }).from(memberLedger);
  const [{ charges } = { charges: 0 }] = await db.select({ charges: count() }).from(recharges);
  const [{ notes } = { notes: 0 }] = await db.select({ notes: count() }).from(paymentNotifications);
  const [{ coupons } = { coupons: 0 }] = await db.select({ coupons: count() }).from(customerCoupons);
  return { all, ledger, charges, notes, coupons };
}

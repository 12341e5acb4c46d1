// Demo member-money rules (docs/api.md "Member money"): recharge tiers and points for the demo shops that
// take recharges, matching each shop's charge slogan. Every scope earns points on paid orders; Bun & Flame
// has a first-recharge-only tier; Tiong Bahru Claypot's top tier also grants its "Top-up gift S$10"
// coupon (promotion type 20, server/seed/activities.ts); Petit Four Paris takes no recharges, so it has
// no rules. The Jasmine Hill rules belong to the chain: both branches share them, like the card.
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { activities, couponTemplates, memberMoneyRules, rechargeRules, shops } from '../db/schema';
import { JASMINE_HILL_CHAIN_ID } from './shops/jasmine-hill-chain';

export interface SeedRechargeTier {
  payAmount: number;
  giftAmount: number;
  points?: number;
  firstOnly?: boolean;
  /** Coupon templates of the scope's shop, by English name (they must be of kind 20). */
  coupons?: { template: string; quantity: number }[];
}

export interface SeedMemberRules {
  scope: { chainId: number } | { shopId: number };
  freeAmount?: { min: number; max: number };
  /** Points per whole currency unit of a paid order. */
  pointsPerUnit: number;
  tiers: SeedRechargeTier[];
}

export const demoMemberRules: SeedMemberRules[] = [
  {
    // Bun & Flame (CNY): "Top up 200, get 20 free".
    scope: { shopId: 1 },
    freeAmount: { min: 5_000, max: 500_000 },
    pointsPerUnit: 1,
    tiers: [
      { payAmount: 10_000, giftAmount: 1_000 },
      { payAmount: 20_000, giftAmount: 2_000, points: 200 },
      { payAmount: 50_000, giftAmount: 7_000, points: 500 },
      { payAmount: 10_000, giftAmount: 3_000, firstOnly: true },
    ],
  },
  {
    // Tiong Bahru Claypot (S$).
    scope: { shopId: 2 },
    pointsPerUnit: 2,
    tiers: [
      { payAmount: 5_000, giftAmount: 500 },
      {
        payAmount: 10_000,
        giftAmount: 2_000,
        points: 100,
        coupons: [{ template: 'Top-up gift S$10', quantity: 1 }],
      },
    ],
  },
  {
    // Linen & Loom (CNY): "Top up 1,000, get 120 back".
    scope: { shopId: 3 },
    freeAmount: { min: 10_000, max: 1_000_000 },
    pointsPerUnit: 1,
    tiers: [
      { payAmount: 50_000, giftAmount: 5_000 },
      { payAmount: 100_000, giftAmount: 12_000, points: 1_000 },
    ],
  },
  {
    // Fresh Lane Market (CNY): "Top up 300, get 30 free".
    scope: { shopId: 4 },
    pointsPerUnit: 1,
    tiers: [
      { payAmount: 30_000, giftAmount: 3_000 },
      { payAmount: 10_000, giftAmount: 2_000, firstOnly: true },
    ],
  },
  {
    // Lumiere Studio (CNY): "Top up 2,000, get 400 free".
    scope: { shopId: 5 },
    pointsPerUnit: 1,
    tiers: [
      { payAmount: 100_000, giftAmount: 15_000 },
      { payAmount: 200_000, giftAmount: 40_000, points: 2_000 },
    ],
  },
  {
    // Jasmine Hill (CNY, both branches): "One card for every branch. Top up 100, get 10".
    scope: { chainId: JASMINE_HILL_CHAIN_ID },
    freeAmount: { min: 2_000, max: 200_000 },
    pointsPerUnit: 1,
    tiers: [
      { payAmount: 10_000, giftAmount: 1_000 },
      { payAmount: 30_000, giftAmount: 4_000, points: 300 },
      { payAmount: 5_000, giftAmount: 1_500, firstOnly: true },
    ],
  },
];

/** A tier's coupon template, by name, among the kind-20 templates of the scope's shop (or chain). */
async function templateId(tx: Tx, scope: SeedMemberRules['scope'], name: string): Promise<number> {
  // A chain's tier may name a template of the chain or of one of its shops.
  const owner =
    'shopId' in scope
      ? eq(activities.shopId, scope.shopId)
      : or(
          eq(activities.chainId, scope.chainId),
          inArray(
            activities.shopId,
            tx.select({ id: shops.id }).from(shops).where(eq(shops.chainId, scope.chainId)),
          ),
        );
  const [row] = await tx
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .innerJoin(activities, eq(activities.id, couponTemplates.activityId))
    .where(and(owner, eq(couponTemplates.kind, 20), sql`${couponTemplates.name}->>'en' = ${name}`));
  if (!row)
    throw new Error(`Seed recharge tier names coupon "${name}", which is no kind-20 template of its scope`);
  return row.id;
}

/** Inserts one scope's rules (after the activities, whose templates the tiers name). */
export async function insertMemberRules(tx: Tx, entry: SeedMemberRules): Promise<void> {
  await tx.insert(memberMoneyRules).values({
    ...entry.scope,
    freeAmountMin: entry.freeAmount?.min ?? null,
    freeAmountMax: entry.freeAmount?.max ?? null,
    pointsPerUnit: entry.pointsPerUnit,
  });
  let sort = 0;
  for (const tier of entry.tiers) {
    const coupons = [];
    for (const c of tier.coupons ?? [])
      coupons.push({ templateId: await templateId(tx, entry.scope, c.template), quantity: c.quantity });
    await tx.insert(rechargeRules).values({
      ...entry.scope,
      payAmount: tier.payAmount,
      giftAmount: tier.giftAmount,
      points: tier.points ?? 0,
      firstOnly: tier.firstOnly ?? false,
      coupons,
      sort: sort++,
    });
  }
}

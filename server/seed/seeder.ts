// Fills an empty database with the demo chains and shops in one transaction. A database that already has
// shops is left alone, so every start after the first reuses (and keeps) what is there. On PostgreSQL a
// transaction-scoped advisory lock makes processes that start together seed once: the second waits, then
// sees the shops the first committed.
import { count, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import * as t from '../db/schema';
import { shopSettingsSchema } from '../db/shop-settings';
import {
  DEMO_PAY_PASSWORD_KEYRING,
  hashPayPassword,
  type PayPasswordKeyring,
} from '../modules/identity/identity-password';
import { demoMerchantKey, hashMerchantKey } from '../modules/merchant/merchant-keys';
import type { SeedChain, SeedMember, SeedShop } from './types';
import { activityRulesSchema, couponRulesSchema } from '../modules/coupons/activities';
import type { SeedShopActivities } from './activities';
import { insertMemberRules, type SeedMemberRules } from './member-rules';
import { insertLimitCards, type SeedLimitCards } from './limit-cards';
import { insertPointStore, type SeedPointStore } from './point-store';
import { insertAppointments, validateAppointments } from './appointments';

export interface SeedData {
  chains: SeedChain[];
  shops: SeedShop[];
  /** Activities and coupon templates (the demo data's are in ./activities.ts); none by default. */
  activities?: SeedShopActivities[];
  /** Recharge tiers and points rules (the demo data's are in ./member-rules.ts); none by default. */
  memberRules?: SeedMemberRules[];
  /** Limit card templates, cards members hold and tiers granting them (./limit-cards.ts); none by default. */
  limitCards?: SeedLimitCards[];
  /** Points stores and the points demo members get to try them (./point-store.ts); none by default. */
  pointStores?: SeedPointStore[];
}

export const SEED_LOCK_KEY = 72_640_102;

export interface SeedOptions {
  /** The keys the members' pay passwords are hashed under; default the demo key. */
  payPasswordKeys?: PayPasswordKeyring;
  /**
   * Also seed every shop's public merchant key `demo-merchant-<shopId>`; default false, so a server with
   * DEMO_MODE off never starts with keys anyone knows.
   */
  demoMode?: boolean;
}

/** Returns true when this call wrote the demo data, false when the database already had shops. */
export async function seedDatabase(
  db: Database,
  data: SeedData,
  options: SeedOptions = {},
): Promise<boolean> {
  validateSeed(data);
  const keys = options.payPasswordKeys ?? DEMO_PAY_PASSWORD_KEYRING;
  const hashes = new Map<number, string>();
  for (const member of [...data.chains.flatMap((c) => c.members), ...data.shops.flatMap((s) => s.members)]) {
    if (member.payPassword) hashes.set(member.id, hashPayPassword(keys, member.id, member.payPassword));
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(t.shops);
    if ((existing?.n ?? 0) > 0) return false;
    await insertSeed(tx, data, hashes, options.demoMode ?? false);
    for (const entry of data.activities ?? []) await insertActivities(tx, entry);
    for (const entry of data.memberRules ?? []) await insertMemberRules(tx, entry);
    for (const entry of data.limitCards ?? []) await insertLimitCards(tx, entry);
    for (const entry of data.pointStores ?? []) await insertPointStore(tx, entry);
    return true;
  });
}

function validateSeed(data: SeedData): void {
  const chainIds = new Set(data.chains.map((c) => c.id));
  for (const shop of data.shops) {
    if (shop.chainId !== null && !chainIds.has(shop.chainId)) {
      throw new Error(`Seed shop ${shop.id} names chain ${shop.chainId}, which is not in the seed`);
    }
    const parsed = shopSettingsSchema.safeParse(shop.settings);
    if (!parsed.success) {
      throw new Error(`Seed shop ${shop.id} has invalid settings: ${parsed.error.message}`);
    }
    validateAppointments(shop);
  }
}

const memberRow = (
  m: SeedMember,
  scope: { chainId: number } | { shopId: number },
  hashes: Map<number, string>,
) => ({
  id: m.id,
  ...scope,
  phone: m.phone,
  name: m.name,
  levelId: m.levelId,
  cardNo: m.cardNo,
  amount: m.amount,
  giftAmount: m.giftAmount,
  points: m.points,
  birthday: m.birthday ?? null,
  gender: m.gender ?? 0,
  payPasswordHash: hashes.get(m.id) ?? null,
  isCharged: m.amount > 0,
});

async function insertSeed(
  tx: Tx,
  data: SeedData,
  hashes: Map<number, string>,
  demoMode: boolean,
): Promise<void> {
  if (data.chains.length > 0) {
    await tx.insert(t.chains).values(data.chains.map((c) => ({ id: c.id, name: c.name })));
  }
  const chainLevelsDone = new Set<number>();
  const chainMembers: ReturnType<typeof memberRow>[] = [];

  for (const shop of data.shops) {
    await tx.insert(t.shops).values({
      id: shop.id,
      chainId: shop.chainId,
      name: shop.name,
      address: shop.address,
      image: shop.image,
      orderTypes: shop.orderTypes,
      notification: shop.notification,
      homeSetting: shop.homeSetting,
      prefixNames: shop.prefixNames,
      settings: shopSettingsSchema.parse(shop.settings),
      ...(shop.payWindowMinutes !== undefined ? { payWindowMinutes: shop.payWindowMinutes } : {}),
    });
    // Demo mode only: a known merchant key per shop (`demo-merchant-<shopId>`) so the merchant CLI works
    // out of the box; without demo mode the operator issues keys with `npm run merchant-keys`.
    if (demoMode) {
      await tx.insert(t.merchantKeys).values({
        shopId: shop.id,
        keyHash: hashMerchantKey(demoMerchantKey(shop.id)),
        label: 'demo',
      });
    }
    await tx.insert(t.memberSettings).values({ shopId: shop.id, setting: shop.memberSetting });
    await tx.insert(t.smsQuotas).values({ shopId: shop.id, remaining: shop.smsQuota });

    // Chain shops repeat the chain's levels identically; the chain's rows are written once.
    const levelScope = shop.chainId !== null ? { chainId: shop.chainId } : { shopId: shop.id };
    if (shop.memberLevels.length > 0 && !(shop.chainId !== null && chainLevelsDone.has(shop.chainId))) {
      await tx.insert(t.memberLevels).values(
        shop.memberLevels.map((l) => ({
          ...levelScope,
          id: l.id,
          name: l.name,
          discount: l.discount,
          level: l.level,
        })),
      );
      if (shop.chainId !== null) chainLevelsDone.add(shop.chainId);
    }

    if (shop.productTypes.length > 0) {
      await tx
        .insert(t.productTypes)
        .values(shop.productTypes.map((p) => ({ id: p.id, shopId: shop.id, name: p.name, sort: p.sort })));
    }
    if (shop.taxes.length > 0) {
      await tx
        .insert(t.taxes)
        .values(
          shop.taxes.map((x) => ({ id: x.id, shopId: shop.id, name: x.name, mode: x.mode, value: x.value })),
        );
    }
    if (shop.products.length > 0) {
      await tx.insert(t.products).values(
        shop.products.map((p, index) => ({
          id: p.id,
          shopId: shop.id,
          typeId: p.typeId,
          name: p.name,
          description: p.description,
          image: p.image,
          unit: p.unit ?? null,
          price: p.price,
          originalPrice: p.originalPrice ?? null,
          memberPrice: p.memberPrice ?? null,
          state: p.state ?? 0,
          stock: p.stock ?? null,
          saleTimes: p.saleTimes ?? [],
          minBuy: p.minBuy ?? 1,
          maxBuy: p.maxBuy ?? null,
          joinDiscount: p.joinDiscount ?? true,
          notDishware: p.notDishware ?? false,
          weight: p.weight ?? null,
          serviceTime: p.serviceTime ?? null,
          sales: p.sales ?? 0,
          sort: index,
          specDimensions: p.specDimensions ?? [],
          tastes: p.tastes ?? [],
          mealGroups: p.mealGroups ?? [],
          taxIds: p.taxIds ?? [],
        })),
      );
      const specs = shop.products.flatMap((p) =>
        (p.specs ?? []).map((s, index) => ({
          id: s.id,
          productId: p.id,
          values: s.values,
          price: s.price,
          memberPrice: s.memberPrice ?? null,
          stock: s.stock ?? null,
          soldOut: s.soldOut ?? false,
          sort: index,
        })),
      );
      if (specs.length > 0) await tx.insert(t.productSpecs).values(specs);
    }
    if (shop.tables.length > 0) {
      await tx.insert(t.tables).values(
        shop.tables.map((x) => ({
          id: x.id,
          shopId: shop.id,
          name: x.name,
          area: x.area,
          maxPerson: x.maxPerson,
          eachFee: x.eachFee ?? 0,
          feeType: x.feeType ?? 0,
          timerOnOpen: x.timerOnOpen ?? false,
          isCounter: x.isCounter ?? false,
        })),
      );
    }
    const staff = shop.serviceUsers ?? [];
    if (staff.length > 0) {
      await tx.insert(t.serviceUsers).values(
        staff.map((u, index) => ({
          id: u.id,
          shopId: shop.id,
          jobNo: u.jobNo,
          name: u.name,
          description: u.desc,
          tagId: u.tagId,
          tagName: u.tagName,
          phone: u.phone,
          headImage: u.headImage,
          canReverse: u.canReverse,
          sort: index,
          weeklyPlan: u.plan ?? {},
        })),
      );
    }
    await insertAppointments(tx, shop);
    if (shop.members.length > 0) {
      await tx.insert(t.members).values(shop.members.map((m) => memberRow(m, { shopId: shop.id }, hashes)));
    }
  }
  for (const chain of data.chains) {
    chainMembers.push(...chain.members.map((m) => memberRow(m, { chainId: chain.id }, hashes)));
  }
  if (chainMembers.length > 0) await tx.insert(t.members).values(chainMembers);
  // Every balance starts with an opening ledger row, so a member's ledger always sums to the balances.
  const funded = [...data.shops.flatMap((s) => s.members), ...data.chains.flatMap((c) => c.members)].filter(
    (m) => m.amount > 0 || m.giftAmount > 0 || m.points > 0,
  );
  if (funded.length > 0) {
    await tx.insert(t.memberLedger).values(
      funded.map((m) => ({
        memberId: m.id,
        kind: 'opening' as const,
        key: `opening:${m.id}`,
        amountDelta: m.amount,
        giftDelta: m.giftAmount,
        pointsDelta: m.points,
        amountAfter: m.amount,
        giftAfter: m.giftAmount,
        pointsAfter: m.points,
      })),
    );
  }
  // Seeded members carry explicit ids; move the serial past them so members created later do not collide.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('members', 'id'), greatest((select max(id) from members), 1))`,
  );
}

/** A shop's activities, their templates (rules checked with the engine's schemas) and the holder's coupons. */
async function insertActivities(tx: Tx, entry: SeedShopActivities): Promise<void> {
  for (const a of entry.activities) {
    const [activity] = await tx
      .insert(t.activities)
      .values({
        shopId: entry.shopId,
        kind: a.kind,
        name: a.name,
        rules: activityRulesSchema.parse(a.rules ?? {}),
        code: a.code ?? null,
        userType: a.userType ?? 0,
        limitQuantity: a.limitQuantity ?? null,
      })
      .returning();
    for (const { demoHeld, rules, ...template } of a.templates ?? []) {
      const [row] = await tx
        .insert(t.couponTemplates)
        .values({
          ...template,
          activityId: activity!.id,
          rules: couponRulesSchema.parse(rules),
          issued: demoHeld && entry.holder ? 1 : 0,
        })
        .returning();
      if (demoHeld && entry.holder) {
        await tx.insert(t.customerCoupons).values({
          templateId: row!.id,
          ownerPhone: entry.holder,
          shopId: entry.shopId,
          source: 'activity',
        });
        if (row!.perCustomer !== null)
          await tx
            .insert(t.couponClaims)
            .values({ templateId: row!.id, ownerPhone: entry.holder, claimed: 1 });
      }
    }
  }
}

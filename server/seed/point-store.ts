// Demo points stores (docs/api.md "Points store", decisions M130–M149): Tiong Bahru Claypot's points mall
// sells two coupons (one limited to one per member) and a drink collected at the counter, with a small
// stock; Bun & Flame's sells a coupon and a side. A store's coupons are templates of its own points-redeem
// activity (promotion type 18) that no channel hands out, so only an exchange grants them. Points given to
// a demo member for trying the store are posted as an `adjust` ledger row, so the ledger still sums to the
// member's balances.
import type { Tx } from '../db/client';
import {
  activities,
  couponTemplates,
  pointStoreItems,
  type CouponTemplateRules,
  type Text,
} from '../db/schema';
import { couponRulesSchema } from '../modules/coupons/activities';
import { postLedger } from '../modules/member-money/ledger';

/** Promotion type 18: point redeem (spec §4). */
export const POINT_REDEEM_KIND = 18;

export interface SeedPointStoreCoupon {
  /** Coupon kind (spec §4 promotion type of the coupon: 4 discount, 17 product, ...). */
  kind: number;
  name: Text;
  rules: CouponTemplateRules;
  total?: number;
  perCustomer?: number;
  validDays?: number;
}

export interface SeedPointStoreItem {
  name: Text;
  description?: Text;
  image?: string;
  points: number;
  /** A coupon template made for this item, or a product of the shop collected at the counter. */
  coupon?: SeedPointStoreCoupon;
  productId?: number;
  stock?: number;
  perMember?: number;
  startDate?: string;
  endDate?: string;
  status?: number;
}

export interface SeedPointStore {
  /** The membership scope that sells the items (the chain's in a chain). */
  scope: { chainId: number } | { shopId: number };
  /** The shop whose points-redeem activity owns the coupons (the scope's shop, or a branch of the chain). */
  shopId: number;
  activityName: Text;
  items: SeedPointStoreItem[];
  /** Points given to demo members to try the store, each as its own ledger row. */
  grants?: { memberId: number; points: number }[];
}

const t = (en: string, zh: string): Text => ({ en, zh });

export const demoPointStores: SeedPointStore[] = [
  {
    scope: { shopId: 2 },
    shopId: 2,
    activityName: t('Points mall', '积分商城'),
    items: [
      {
        name: t('S$3 off any order', '无门槛减3元券'),
        description: t('Good on any order, valid 30 days.', '任意订单可用，30天有效。'),
        points: 300,
        coupon: {
          kind: 4,
          name: t('Points mall S$3 off', '积分商城减3元'),
          rules: { reductionAmount: 300, minAmount: 0 },
          validDays: 30,
        },
      },
      {
        name: t('S$10 off over S$50', '满50减10元券'),
        description: t('One per member. Valid 60 days.', '每位会员限兑1张，60天有效。'),
        points: 1000,
        perMember: 1,
        coupon: {
          kind: 4,
          name: t('Points mall S$10 off over S$50', '积分商城满50减10元'),
          rules: { reductionAmount: 1000, minAmount: 5000 },
          total: 200,
          validDays: 60,
        },
      },
      {
        name: t('Calamansi lime juice', '酸柑汁'),
        description: t('Show the code at the counter to collect it.', '到店出示兑换码领取。'),
        image: 'sg-lime-juice.webp',
        points: 500,
        productId: 2111,
        stock: 5,
      },
    ],
    // Tan Mei Ling: enough for the S$10 coupon, a drink and a few S$3 coupons.
    grants: [{ memberId: 2802, points: 1360 }],
  },
  {
    scope: { shopId: 1 },
    shopId: 1,
    activityName: t('Points mall', '积分商城'),
    items: [
      {
        name: t('¥5 off any burger order', '汉堡订单无门槛减5元券'),
        points: 200,
        coupon: {
          kind: 4,
          name: t('Points mall ¥5 off', '积分商城减5元'),
          rules: { reductionAmount: 500, minAmount: 0 },
          validDays: 30,
        },
      },
      {
        name: t('Free fries', '免费薯条'),
        description: t('Show the code at the counter to collect it.', '到店出示兑换码领取。'),
        image: 'ff-fries.webp',
        points: 350,
        productId: 1111,
        stock: 20,
        perMember: 2,
      },
    ],
  },
];

/** One store: its points-redeem activity, a template per coupon item, the items, and the demo points. */
export async function insertPointStore(tx: Tx, store: SeedPointStore, now = new Date()): Promise<void> {
  const [activity] = await tx
    .insert(activities)
    .values({ shopId: store.shopId, kind: POINT_REDEEM_KIND, name: store.activityName })
    .returning({ id: activities.id });
  let sort = 0;
  for (const item of store.items) {
    let couponTemplateId: number | null = null;
    if (item.coupon) {
      const { rules, total, perCustomer, validDays, ...coupon } = item.coupon;
      const [template] = await tx
        .insert(couponTemplates)
        .values({
          ...coupon,
          activityId: activity!.id,
          rules: couponRulesSchema.parse(rules),
          total: total ?? null,
          perCustomer: perCustomer ?? null,
          validDays: validDays ?? null,
          channels: [],
        })
        .returning({ id: couponTemplates.id });
      couponTemplateId = template!.id;
    }
    await tx.insert(pointStoreItems).values({
      ...store.scope,
      kind: couponTemplateId !== null ? 'coupon' : 'product',
      couponTemplateId,
      productId: couponTemplateId !== null ? null : (item.productId ?? null),
      name: item.name,
      description: item.description ?? t('', ''),
      image: item.image ?? '',
      points: item.points,
      stock: item.stock ?? null,
      perMember: item.perMember ?? null,
      startDate: item.startDate ?? null,
      endDate: item.endDate ?? null,
      status: item.status ?? 1,
      sort: sort++,
    });
  }
  for (const grant of store.grants ?? [])
    await postLedger(tx, {
      memberId: grant.memberId,
      kind: 'adjust',
      key: `seed:pointStore:${grant.memberId}`,
      pointsDelta: grant.points,
      now,
    });
}

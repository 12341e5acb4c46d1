// Activities and coupon templates of the coupon and activity tests, written straight into the database of
// the order fixture (shops 80 and 81 of chain 8, shop 82 alone).
import type { Database } from '../../../server/db/client';
import { activities, couponTemplates, type CouponTemplateRow } from '../../../server/db/schema';
import { forgetActivities } from '../../../server/modules/coupons/activities';
import { LONE, P, SHOP } from '../orders/order-fixture';

const text = (en: string) => ({ en, zh: en });

type TemplateValues = Omit<typeof couponTemplates.$inferInsert, 'activityId' | 'name'>;

export interface CouponWorld {
  /** Coupon activity of shop 80. */
  activityId: number;
  /** 5.00 off over 10.00; 5 in all; claimable from the list and by link. */
  fiveOff: CouponTemplateRow;
  /** 3.00 off, one per customer. */
  onePerCustomer: CouponTemplateRow;
  /** 2.00 off, handed out on entering. */
  entry: CouponTemplateRow;
  /** 10.00 off, earned by a paid order over 10.00. */
  overSend: CouponTemplateRow;
  /** Takes nothing off (a zero amount). */
  zero: CouponTemplateRow;
  /** A coupon only the issuing shop takes (chain scope 1). */
  thisShopOnly: CouponTemplateRow;
  /** Promotion code SAVE5's coupon (5.00 off). */
  code: CouponTemplateRow;
  /** Given on registering. */
  register: CouponTemplateRow;
  /** A closed template. */
  closed: CouponTemplateRow;
  /** A template of shop 82 (outside the chain). */
  foreign: CouponTemplateRow;
  /** Price activity of shop 82: 10 % off everything. */
  priceActivityId: number;
}

export async function seedCouponWorld(db: Database): Promise<CouponWorld> {
  const [activity] = await db
    .insert(activities)
    .values({ shopId: SHOP, kind: 4, name: text('Coupon week') })
    .returning();
  const [codeActivity] = await db
    .insert(activities)
    .values({ shopId: SHOP, kind: 19, name: text('Code SAVE5'), code: 'SAVE5' })
    .returning();
  const [lone] = await db
    .insert(activities)
    .values({ shopId: LONE, kind: 4, name: text('Lone coupons') })
    .returning();
  const [price] = await db
    .insert(activities)
    .values({ shopId: LONE, kind: 2, name: text('Ten percent off'), rules: { discount: 90 } })
    .returning();
  const add = async (activityId: number, name: string, values: TemplateValues) => {
    const [row] = await db
      .insert(couponTemplates)
      .values({ activityId, name: text(name), ...values })
      .returning();
    return row!;
  };
  const cash = (amount: number, min = 0) => ({ reductionAmount: amount, minAmount: min });
  const world: CouponWorld = {
    activityId: activity!.id,
    fiveOff: await add(activity!.id, '5 off', {
      kind: 4,
      rules: cash(500, 1000),
      total: 5,
      channels: ['activity', 'link'],
    }),
    onePerCustomer: await add(activity!.id, '3 off', {
      kind: 4,
      rules: cash(300),
      perCustomer: 1,
      channels: ['activity'],
    }),
    entry: await add(activity!.id, 'Welcome', { kind: 1, rules: cash(200), channels: ['entry'] }),
    overSend: await add(activity!.id, 'Come back', {
      kind: 10,
      rules: cash(1000),
      channels: ['overSend'],
      overSendMinAmount: 1000,
      validDays: 7,
    }),
    zero: await add(activity!.id, 'Nothing', { kind: 4, rules: cash(0), channels: ['activity'] }),
    thisShopOnly: await add(activity!.id, 'Here only', {
      kind: 4,
      rules: cash(100),
      chainScope: 1,
      channels: ['activity'],
    }),
    code: await add(codeActivity!.id, 'SAVE5', {
      kind: 4,
      rules: cash(500),
      channels: ['code'],
      perCustomer: 1,
    }),
    register: await add(activity!.id, 'Hello member', { kind: 4, rules: cash(800), channels: ['register'] }),
    closed: await add(activity!.id, 'Old', { kind: 4, rules: cash(100), channels: ['activity'], status: -1 }),
    foreign: await add(lone!.id, 'Lone', { kind: 4, rules: cash(100), channels: ['activity', 'link'] }),
    priceActivityId: price!.id,
  };
  forgetActivities(db);
  return world;
}

export { P };

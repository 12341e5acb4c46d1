// Red bag activities of the red bag tests, on top of the coupon world (tests/api/coupons/coupon-fixture.ts), written
// straight into the database of the order fixture (shop 80 of chain 8, shop 82 alone).
import type { Database } from '../../../server/db/client';
import { activities, couponTemplates, type CouponTemplateRow } from '../../../server/db/schema';
import { forgetActivities } from '../../../server/modules/coupons/activities';
import { seedCouponWorld, type CouponWorld } from './coupon-fixture';
import { LONE, SHOP, TODAY } from '../orders/order-fixture';

const text = (en: string) => ({ en, zh: en });

export interface RedBagWorld extends CouponWorld {
  /** Expand activity of shop 80: starts at 3.00, +1.00 a friend, +0.50 second level, up to 10.00, over 10.00. */
  expandId: number;
  expand: CouponTemplateRow;
  /** An expand activity that ended yesterday. */
  endedExpandId: number;
  /** An expand activity of shop 82 (outside the chain). */
  foreignExpandId: number;
  /** 4.00 off, forwardable, from the activity list. */
  forwardable: CouponTemplateRow;
  /** Times red bag of chain 8: every 2 paid orders from today earn `timesReward` (5.00 off). */
  timesId: number;
  timesReward: CouponTemplateRow;
  /** A times red bag that ended yesterday. */
  endedTimesId: number;
}

const YESTERDAY = '2026-03-01';

export async function seedRedBagWorld(db: Database): Promise<RedBagWorld> {
  const coupons = await seedCouponWorld(db);
  const activity = async (values: Omit<typeof activities.$inferInsert, 'name'>, name: string) =>
    (
      await db
        .insert(activities)
        .values({ ...values, name: text(name) })
        .returning()
    )[0]!;
  const template = async (
    activityId: number,
    values: Omit<typeof couponTemplates.$inferInsert, 'activityId' | 'name'>,
  ) =>
    (
      await db
        .insert(couponTemplates)
        .values({ activityId, name: text('bag'), ...values })
        .returning()
    )[0]!;
  const bag = {
    kind: 8,
    rules: { reductionAmount: 300, minAmount: 1000 },
    channels: ['expandRedBag' as const],
    expandLevelOne: 100,
    expandLevelTwo: 50,
    expandMax: 1000,
    forwardable: true,
  };
  const expandActivity = await activity({ shopId: SHOP, kind: 8 }, 'Grow it');
  const expand = await template(expandActivity.id, bag);
  const ended = await activity(
    { shopId: SHOP, kind: 8, startDate: '2026-02-01', endDate: YESTERDAY },
    'Old bag',
  );
  await template(ended.id, bag);
  const foreign = await activity({ shopId: LONE, kind: 8 }, 'Lone bag');
  await template(foreign.id, bag);
  const share = await activity({ shopId: SHOP, kind: 4 }, 'Share');
  const forwardable = await template(share.id, {
    kind: 4,
    rules: { reductionAmount: 400, minAmount: 0 },
    channels: ['activity'],
    forwardable: true,
  });
  const times = await activity(
    { chainId: 8, kind: 13, limitQuantity: 2, startDate: TODAY },
    'Every second order',
  );
  const timesReward = await template(times.id, {
    kind: 4,
    rules: { reductionAmount: 500 },
    channels: ['timesRedBag'],
  });
  const endedTimes = await activity(
    { shopId: SHOP, kind: 13, limitQuantity: 1, startDate: '2026-02-01', endDate: YESTERDAY },
    'Old times',
  );
  await template(endedTimes.id, { kind: 4, rules: { reductionAmount: 500 }, channels: ['timesRedBag'] });
  forgetActivities(db);
  return {
    ...coupons,
    expandId: expandActivity.id,
    expand,
    endedExpandId: ended.id,
    foreignExpandId: foreign.id,
    forwardable,
    timesId: times.id,
    timesReward,
    endedTimesId: endedTimes.id,
  };
}

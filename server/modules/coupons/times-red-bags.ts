// Times red bags (spec §3 "Times red bag info", §4 code 13; decisions C92-C95). A times red bag activity
// counts the owner's paid orders (paid, and not giving their money back) in its shop, or in every shop of
// its chain, on the shop-local days within its dates; each `limitQuantity` of them earns the activity's
// `timesRedBag` template once. The n-th reward carries grant reference `times:<activityId>:<n>`, which the
// unique grant index holds to one per owner, in the check's transaction.
import { and, count, eq, like } from 'drizzle-orm';
import { ActivityKind, type TimesRedBag } from '../../../src/domain/api/activity';
import type { Executor } from '../../db/client';
import {
  customerCoupons,
  customers,
  orders,
  shops,
  type ActivityRow,
  type CouponTemplateRow,
  type CustomerCouponRow,
} from '../../db/schema';
import { isRunning, loadActivities, loadTemplates, offersOf, type ReplyContext } from './activities';
import { MONEY_BACK } from './coupon-grants';
import { localize } from '../catalog/catalog';
import { claimError, grantOnce, type Claimant } from './coupons';
import { shopToday } from '../../../src/domain/hours';

type OwnedContext = ReplyContext & { owner: string };

interface TimesSetup {
  activity: ActivityRow & { limitQuantity: number };
  reward: CouponTemplateRow;
}

/** The shop's times red bag activities that have started (ended ones too, to show status 0). */
async function timesSetups(rc: ReplyContext): Promise<TimesSetup[]> {
  const rows = (await loadActivities(rc.db, rc)).filter(
    (r) =>
      r.kind === ActivityKind.timesRedBag &&
      r.limitQuantity !== null &&
      r.status === 1 &&
      (r.startDate === null || r.startDate <= rc.today),
  );
  const templates = await loadTemplates(
    rc.db,
    rows.map((r) => r.id),
  );
  return rows.flatMap((activity) => {
    const reward = templates.find((t) => t.activityId === activity.id && t.channels.includes('timesRedBag'));
    return reward ? [{ activity: activity as TimesSetup['activity'], reward }] : [];
  });
}

/** Paid orders of the owner that count for this activity (its shop or chain, its days). */
async function paidOrders(db: Executor, activity: ActivityRow, owner: string): Promise<number> {
  const rows = await db
    .select({
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      status: orders.status,
      settings: shops.settings,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(
      and(
        eq(customers.phone, owner),
        eq(orders.paid, true),
        activity.chainId !== null ? eq(shops.chainId, activity.chainId) : eq(orders.shopId, activity.shopId!),
      ),
    );
  return rows.filter((r) => {
    if (MONEY_BACK.has(r.status)) return false;
    const day = shopToday(r.paidAt ?? r.createdAt, r.settings.timezone);
    return (
      (activity.startDate === null || activity.startDate <= day) &&
      (activity.endDate === null || day <= activity.endDate)
    );
  }).length;
}

const grantPrefix = (activityId: number) => `times:${activityId}:`;

async function rewardsTaken(db: Executor, setup: TimesSetup, owner: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customerCoupons)
    .where(
      and(
        eq(customerCoupons.templateId, setup.reward.id),
        eq(customerCoupons.ownerPhone, owner),
        like(customerCoupons.grantRef, `${grantPrefix(setup.activity.id)}%`),
      ),
    );
  return row?.n ?? 0;
}

interface Progress {
  paid: number;
  earned: number;
  taken: number;
}

async function progressOf(db: Executor, setup: TimesSetup, owner: string): Promise<Progress> {
  const paid = await paidOrders(db, setup.activity, owner);
  return {
    paid,
    earned: Math.floor(paid / setup.activity.limitQuantity),
    taken: await rewardsTaken(db, setup, owner),
  };
}

/** The bag as the contract shows it; null when its reward's stored rules do not parse. */
async function bagOf(rc: OwnedContext, setup: TimesSetup, p: Progress): Promise<TimesRedBag | null> {
  const { activity } = setup;
  const limit = activity.limitQuantity;
  const [reward] = await offersOf(rc, [{ activity, template: setup.reward }]);
  if (!reward) return null;
  const running = isRunning(activity, rc.today);
  return {
    id: activity.id,
    name: localize(activity.name, rc.catalogueLocale),
    status: !running ? 0 : p.earned > p.taken ? 2 : 1,
    cumulativeQuantity: Math.min(limit, Math.max(0, p.paid - p.taken * limit)),
    limitQuantity: limit,
    reward,
    rewardsTaken: p.taken,
    startDate: activity.startDate,
    endDate: activity.endDate,
  };
}

/** getTimesRedBag: every times red bag of the shop with the owner's progress. */
export async function timesRedBags(rc: OwnedContext): Promise<TimesRedBag[]> {
  const bags: TimesRedBag[] = [];
  for (const setup of await timesSetups(rc)) {
    const bag = await bagOf(rc, setup, await progressOf(rc.db, setup, rc.owner));
    if (bag) bags.push(bag);
  }
  return bags;
}

/** checkTimesRedBag: grants every reward earned and not yet taken (none twice), then the bag as it is. */
export async function checkTimesRedBag(
  rc: OwnedContext,
  now: Date,
  id: number,
): Promise<{ rows: CustomerCouponRow[]; bag: TimesRedBag }> {
  const setup = (await timesSetups(rc)).find((s) => s.activity.id === id);
  if (!setup) throw claimError('activityNotFound');
  if (!isRunning(setup.activity, rc.today)) throw claimError('activityEnded');
  const who: Claimant = { ...rc, now };
  const rows = await rc.db.transaction(async (tx) => {
    const p = await progressOf(tx, setup, rc.owner);
    const granted: CustomerCouponRow[] = [];
    for (let n = p.taken + 1; n <= p.earned; n++) {
      const how = {
        channel: 'timesRedBag',
        source: 'timesRedBag',
        grantRef: `${grantPrefix(id)}${n}`,
      } as const;
      granted.push(
        ...(await grantOnce(tx, [{ activity: setup.activity, template: setup.reward }], who, how)),
      );
    }
    return granted;
  });
  const bag = await bagOf(rc, setup, await progressOf(rc.db, setup, rc.owner));
  if (!bag) throw claimError('activityNotFound');
  return { rows, bag };
}

// The shop's running activities (activity/list), read once per shop and shared by the menu's offers strip,
// its product tags and the pricing input of the cart and the confirm page: the engine applies the price
// activities (their `pricing`) exactly as the server does when it prices the order.
import type { ShopActivity } from '../domain/api/activity';
import type { Activity } from '../domain/pricing';
import { activityApi } from '../services/api/activity';

let cached: { shopId: number; activities: Promise<ShopActivity[]> } | null = null;

/** The shop's activities; a failed read is forgotten so the next page asks again. */
export function shopActivities(shopId: number): Promise<ShopActivity[]> {
  if (cached?.shopId !== shopId) {
    const activities = activityApi.list({}, { toast: false }).then((info) => info.activities);
    cached = { shopId, activities };
    activities.catch(() => {
      if (cached?.activities === activities) cached = null;
    });
  }
  return cached.activities;
}

/** What the pricing engine applies by itself. */
export const priceActivities = (activities: readonly ShopActivity[]): Activity[] =>
  activities.flatMap((a) => (a.pricing ? [a.pricing] : []));

/** The menu's tag for each product in a price activity: the activity's first rule, in its words. */
export function productTags(activities: readonly ShopActivity[]): Map<number, string> {
  const tags = new Map<number, string>();
  for (const a of activities) {
    if (!a.pricing) continue;
    const words = a.rules[0] ?? a.name;
    for (const p of a.products) if (!tags.has(p.id)) tags.set(p.id, words);
  }
  return tags;
}

/** Coupons the customer could still claim from the shop's coupon activities. */
export const claimableCount = (activities: readonly ShopActivity[]) =>
  activities.reduce(
    (n, a) => n + a.coupons.filter((c) => c.refusal === null || c.refusal === 'loginRequired').length,
    0,
  );

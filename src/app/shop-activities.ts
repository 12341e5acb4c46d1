// The shop's running activities (activity/list), read once per shop and shared by the menu's offers strip,
// its product tags and the pricing input of the cart and the confirm page: the engine applies the price
// activities (their `pricing`) exactly as the server does when it prices the order.
import type { ActivityListInfo, ShopActivity } from '../domain/api/activity';
import type { Activity } from '../domain/pricing';
import { activityApi } from '../services/api/activity';

let cached: { shopId: number; offers: Promise<ActivityListInfo> } | null = null;

function read(shopId: number | null): Promise<ActivityListInfo> {
  const offers = activityApi.list({}, { toast: false });
  cached = shopId === null ? null : { shopId, offers };
  offers.catch(() => {
    if (cached?.offers === offers) cached = null;
  });
  return offers;
}

/** The shop's activities and the customer's earlier special-price units; a failed read is forgotten. */
export function shopOffers(shopId: number): Promise<ActivityListInfo> {
  return cached?.shopId === shopId ? cached.offers : read(shopId);
}

/** Forgets the offers after an order was placed: its units count against capped offers from now on. */
export function forgetShopOffers(): void {
  cached = null;
}

/**
 * The session shop's offers as they are now, read again: after an order was refused because a capped offer
 * ran out, so the cart and the confirm page price with the new counts.
 */
export const freshShopOffers = (): Promise<ActivityListInfo> => read(cached?.shopId ?? null);

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

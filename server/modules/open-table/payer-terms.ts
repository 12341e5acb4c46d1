// The terms a guest pays the whole bill on (decision T51): their own member price and at most one coupon of
// theirs. The tab stays priced for everyone at the table (T19); these terms price only the order of the
// whole bill (split `all`) and table/quote, which shows the reader what that order would come to.
import { and, eq } from 'drizzle-orm';
import type { CatalogueLocale } from '../../../src/domain/enums';
import type { ParsedCoupon } from '../../../src/domain/pricing';
import type { Executor } from '../../db/client';
import { customerCoupons, customers, memberLevels, members } from '../../db/schema';
import type { CatalogEntry } from '../catalog/catalog-cache';
import type { ShopScope } from '../coupons/activities';
import { chosenCoupon, phoneOf } from '../coupons/coupon-orders';
import { loadHeld, pricingOfHeld, stateOf, usableIn } from '../coupons/coupons';
import { shopToday } from '../../../src/domain/hours';

export interface PayerTerms {
  /** The payer's member record, its level and the level's discount (percent); null without a card. */
  member: { id: number; level: number; discount: number } | null;
  memberSetting: { isOpenDiscount: boolean; discountMode: number; isOnlyCardPayForDiscount: boolean };
  /** The coupons the engine judges; `couponId` the one applied when usable. */
  coupons: ParsedCoupon[];
  couponId: number | null;
}

/** The shop's scope for its coupons and activities, with today in its own time zone. */
export const shopScopeOf = (entry: CatalogEntry, now: Date): ShopScope => ({
  shopId: entry.shop.row.id,
  chainId: entry.shop.row.chainId,
  today: shopToday(now, entry.shop.row.settings.timezone),
});

/** Everyone's price: no member, no coupon (the tab as every phone reads it). */
export const EVERYONE: PayerTerms = {
  member: null,
  memberSetting: { isOpenDiscount: false, discountMode: 1, isOnlyCardPayForDiscount: false },
  coupons: [],
  couponId: null,
};

/** A customer's member record in the shop's membership scope, with their level's discount. */
export async function memberOf(db: Executor, customerId: number): Promise<PayerTerms['member']> {
  const [row] = await db
    .select({ id: members.id, level: members.levelId, discount: memberLevels.discount })
    .from(customers)
    .innerJoin(members, eq(members.id, customers.memberId))
    .leftJoin(memberLevels, eq(memberLevels.id, members.levelId))
    .where(eq(customers.id, customerId));
  return row ? { id: row.id, level: row.level ?? 0, discount: row.discount ?? 100 } : null;
}

const settingOf = (entry: CatalogEntry): PayerTerms['memberSetting'] =>
  entry.memberSetting
    ? {
        isOpenDiscount: entry.memberSetting.isOpenDiscount,
        discountMode: entry.memberSetting.discountMode,
        isOnlyCardPayForDiscount: entry.memberSetting.isOnlyCardPayForDiscount,
      }
    : EVERYONE.memberSetting;

/**
 * The terms of the order of the whole bill: the payer's member price and the coupon they chose, checked
 * for its owner and shop as order/confirm checks it (refused `couponUnusable` otherwise).
 */
export async function payerTerms(
  db: Executor,
  entry: CatalogEntry,
  payer: number,
  scope: ShopScope,
  couponId: number | null,
  locale: CatalogueLocale,
): Promise<PayerTerms> {
  const [member, coupon] = await Promise.all([
    memberOf(db, payer),
    couponId === null ? null : chosenCoupon(db, { customerId: payer }, scope, couponId, locale),
  ]);
  return { member, memberSetting: settingOf(entry), coupons: coupon ? [coupon] : [], couponId };
}

/**
 * The terms table/quote prices with: the reader's member price and every coupon of theirs that could
 * work in this shop now, so the engine says what each would take off; `couponId` applied when usable.
 */
export async function quoteTerms(
  db: Executor,
  entry: CatalogEntry,
  reader: number,
  scope: ShopScope,
  couponId: number | null,
  locale: CatalogueLocale,
): Promise<PayerTerms> {
  const [member, owner] = await Promise.all([memberOf(db, reader), phoneOf(db, { customerId: reader })]);
  const held =
    owner === null
      ? []
      : await loadHeld(
          db,
          and(eq(customerCoupons.ownerPhone, owner), eq(customerCoupons.state, 'available'))!,
        );
  const coupons = held
    .filter((h) => usableIn(h, scope) && stateOf(h, scope.today) === 'usable')
    .flatMap((h) => pricingOfHeld(h, locale, scope.today) ?? []);
  return {
    member,
    memberSetting: settingOf(entry),
    coupons,
    couponId: coupons.some((c) => c.id === couponId) ? couponId : null,
  };
}

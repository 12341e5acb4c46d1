// The coupon of an order (decisions C20-C29): checked for its owner and shop before pricing, evaluated by
// the same engine as the browser's, reserved in the transaction that inserts the order, consumed when the
// order is paid (or its appointment is a no-show) and released when the order ends without being paid for
// or is refunded. The coupon row
// names its order and the order names its coupon, so every change is one conditional UPDATE.
import { and, eq, inArray } from 'drizzle-orm';
import type { CatalogueLocale, Locale } from '../../../src/domain/enums';
import type { ParsedCoupon, PricingResult } from '../../../src/domain/pricing';
import type { Executor } from '../../db/client';
import { customerCoupons, customers, type OrderRow } from '../../db/schema';
import type { TakenAfter } from '../orders/order-status';
import { BusinessError, type Session } from '../../http/action';
import { translate } from '../../i18n';
import type { ShopScope } from './activities';
import { claimMessages, couponMessages, couponReasonTexts } from './coupon-messages';
import { loadHeld, pricingOfHeld, usableIn } from './coupons';

/** What order/confirm refuses a coupon with: reason couponUnusable and the engine's reasons. */
function unusable(
  message: Parameters<typeof translate>[1],
  reasons: string[],
  params?: Record<string, string>,
) {
  return new BusinessError(message, params, { reason: 'couponUnusable', couponReasons: reasons });
}

/** The session's proven phone, or null for a device-only session. */
export async function phoneOf(db: Executor, session: Pick<Session, 'customerId'>): Promise<string | null> {
  const [row] = await db
    .select({ phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, session.customerId));
  return row?.phone ?? null;
}

/**
 * The engine's record of the coupon a cart names: the session owner's, usable in this shop and not held
 * by another order; otherwise the order is refused with couponUnusable before anything is written.
 */
export async function chosenCoupon(
  db: Executor,
  session: Pick<Session, 'customerId'>,
  scope: ShopScope,
  couponId: number,
  locale: CatalogueLocale,
): Promise<ParsedCoupon> {
  const owner = await phoneOf(db, session);
  if (owner === null) throw unusable(claimMessages.loginRequired, []);
  const [held] = await loadHeld(
    db,
    and(eq(customerCoupons.id, couponId), eq(customerCoupons.ownerPhone, owner))!,
  );
  if (!held || !usableIn(held, scope)) throw unusable(couponMessages.couponNotHeld, []);
  if (held.row.state !== 'available') throw unusable(couponMessages.couponTaken, ['status']);
  const pricing = pricingOfHeld(held, locale, scope.today);
  if (!pricing) throw unusable(couponMessages.couponNotHeld, []);
  return pricing;
}

/**
 * The coupon the order reserves after pricing: null when none was chosen or it takes nothing off (a zero
 * discount is not worth a coupon, decision C24); a refusal when the engine found it unusable.
 */
export function couponToReserve(
  pricing: PricingResult,
  couponId: number | null,
  locale: Locale,
): number | null {
  if (couponId === null) return null;
  const evaluation = pricing.coupon.evaluations.find((e) => e.id === couponId);
  if (!evaluation) return null;
  if (!evaluation.usable) {
    const reasons = evaluation.reasons.map((r) => translate(locale, couponReasonTexts[r] ?? { en: r }));
    throw unusable(couponMessages.couponUnusable, evaluation.reasons, {
      reasons: reasons.join(locale === 'zh-CN' || locale === 'zh-TW' ? '、' : ', '),
    });
  }
  return pricing.coupon.applied?.id === couponId ? couponId : null;
}

/**
 * Reserves the order's coupon inside the order's transaction: available → reserved with the order's id.
 * A coupon another order reserved first (a lost race) refuses this order, and its whole transaction rolls
 * back (decision C25).
 */
export async function reserveCoupon(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'couponId'>,
  now: Date,
): Promise<void> {
  if (order.couponId === null) return;
  const [taken] = await tx
    .update(customerCoupons)
    // A forward link dies when the coupon goes to an order (decision C89).
    .set({ state: 'reserved', orderId: order.id, reservedAt: now, forwardKeyHash: null })
    .where(and(eq(customerCoupons.id, order.couponId), eq(customerCoupons.state, 'available')))
    .returning({ id: customerCoupons.id });
  if (!taken) throw unusable(couponMessages.couponTaken, ['status']);
}

/**
 * Keeps the order's coupon in step with a status change just written (server/modules/orders/order-status.ts
 * decides `taken`): paid, or a no-show → used; cancelled, expired, refused, closed or refunded (in full:
 * every refund is) → available.
 */
export async function couponFollowsOrder(
  tx: Executor,
  row: OrderRow,
  taken: TakenAfter,
  now: Date,
): Promise<void> {
  if (row.couponId === null) return;
  const mine = and(eq(customerCoupons.id, row.couponId), eq(customerCoupons.orderId, row.id));
  if (taken === 'release') {
    await tx
      .update(customerCoupons)
      .set({ state: 'available', orderId: null, reservedAt: null, usedAt: null })
      .where(and(mine, inArray(customerCoupons.state, ['reserved', 'used'])));
  } else if (taken === 'spend') {
    await tx
      .update(customerCoupons)
      .set({ state: 'used', usedAt: now })
      .where(and(mine, eq(customerCoupons.state, 'reserved')));
  }
}

// Coupons an order earns (over-send, spec §4 code 10): a paid order of the customer's, at least the
// template's least amount, grants each over-send template of its shop once per order (decision C17).
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customers, orders, shops, type CustomerCouponRow } from '../../db/schema';
import { BusinessError } from '../../http/action';
import { couponMessages } from './coupon-messages';
import { grantOnce, offeredBy, type Claimant } from './coupons';

/** An order that gave its money back (or is giving it back) earns nothing. */
export const MONEY_BACK: ReadonlySet<string> = new Set([
  'refunding',
  'refund',
  'refund_fail',
  'refused',
  'closed',
]);

export async function overSendFor(
  db: Database,
  who: Claimant,
  orderId: number,
): Promise<CustomerCouponRow[]> {
  const [found] = await db
    .select({ order: orders, phone: customers.phone, chainId: shops.chainId })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, orderId));
  // Another owner's order reads exactly like a missing one.
  if (!found || found.phone !== who.owner)
    throw new BusinessError(couponMessages.orderNotFound, undefined, { reason: 'orderNotFound' });
  const { order } = found;
  if (!order.paid)
    throw new BusinessError(couponMessages.orderNotPaid, undefined, { reason: 'orderNotPaid' });
  if (MONEY_BACK.has(order.status)) return [];
  const at = { ...who, shopId: order.shopId, chainId: found.chainId };
  const offered = (await offeredBy(db, at, 'overSend')).filter(
    (o) => order.total >= (o.template.overSendMinAmount ?? 0),
  );
  if (offered.length === 0) return [];
  const how = { channel: 'overSend', source: 'overSend', grantRef: `order:${order.id}` } as const;
  return db.transaction((tx) => grantOnce(tx, offered, at, how));
}

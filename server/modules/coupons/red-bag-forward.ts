// Forwarding a coupon to a friend (spec §1 forwardable red bags; decisions C88-C91). The owner of an
// available coupon of a forwardable template gets a random key; only its sha256 is stored. The friend's
// claim is one conditional UPDATE on the coupon's id, its owner, state `available` and the key's hash: the
// coupon changes owner once and the key dies with it; a wrong key matches nothing and changes nothing.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerCoupons, type CustomerCouponRow } from '../../db/schema';
import type { ShopScope } from './activities';
import {
  couponNotFound,
  expandActivityOf,
  findHeld,
  isUniqueViolation,
  loadHeld,
  stateOf,
  usableIn,
  type Held,
} from './coupons';
import { redBagError } from './red-bags';

const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * Coupons granted once per owner (entry, register, a code, an order, a times reward) keep their grant with
 * the first owner's phone, so moving one would let that owner earn it again; an expand bag moves with its
 * grant, and its first owner may then receive a new bag like any friend could (decision C90).
 */
const forwardableGrant = (h: Held) => h.row.grantRef === null || expandActivityOf(h) !== null;

export interface Forward {
  path: string;
  key: string;
}

/** forwardCoupon: a fresh key for the owner's coupon (a new key replaces the one before). */
export async function forwardCoupon(
  db: Database,
  scope: ShopScope,
  owner: string,
  id: number,
): Promise<Forward> {
  const held = await findHeld(db, owner, id);
  if (!usableIn(held, scope)) throw couponNotFound();
  if (!held.template.forwardable || !forwardableGrant(held)) throw redBagError('notForwardable');
  if (stateOf(held, scope.today) !== 'usable') throw redBagError('couponNotAvailable');
  const key = randomBytes(24).toString('base64url');
  const [marked] = await db
    .update(customerCoupons)
    .set({ forwardKeyHash: hashOf(key) })
    .where(
      and(
        eq(customerCoupons.id, id),
        eq(customerCoupons.ownerPhone, owner),
        eq(customerCoupons.state, 'available'),
      ),
    )
    .returning({ id: customerCoupons.id });
  if (!marked) throw redBagError('couponNotAvailable');
  // Spec §2 names this page for forwardable red bags; it shows any forwarded coupon by its activity's offer.
  const path = `/product/expand-red-bag?id=${held.template.activityId}&from=${id}&key=${key}`;
  return { path, key };
}

/** claimForwarded: the coupon becomes the claimer's, once, when the key is the live one. */
export async function claimForwarded(
  db: Database,
  scope: ShopScope,
  claimer: string,
  id: number,
  key: string,
): Promise<CustomerCouponRow> {
  const [held] = await loadHeld(db, eq(customerCoupons.id, id));
  // A coupon of another shop reads like a missing one.
  if (!held || !usableIn(held, scope)) throw couponNotFound();
  if (held.row.ownerPhone === claimer) throw redBagError('ownCoupon');
  if (held.row.forwardKeyHash === null || held.row.forwardKeyHash !== hashOf(key))
    throw redBagError('wrongKey');
  if (stateOf(held, scope.today) !== 'usable' || !held.template.forwardable)
    throw redBagError('couponNotAvailable');
  try {
    const [moved] = await db
      .update(customerCoupons)
      .set({ ownerPhone: claimer, forwardKeyHash: null, claimKey: null })
      .where(
        and(
          eq(customerCoupons.id, id),
          eq(customerCoupons.ownerPhone, held.row.ownerPhone),
          eq(customerCoupons.state, 'available'),
          eq(customerCoupons.forwardKeyHash, hashOf(key)),
        ),
      )
      .returning();
    // Someone else claimed it, or the owner used or forwarded it again, since it was read.
    if (!moved) throw redBagError('wrongKey');
    return moved;
  } catch (error) {
    if (isUniqueViolation(error)) throw redBagError('alreadyHolding');
    throw error;
  }
}

// What /order/multi-confirm reads from the multi-shop confirm actor.
import type { SnapshotFrom } from 'xstate';
import { pickupSlots } from './checkout.rules';
import { appointmentShops, type multiConfirmMachine } from './multi-confirm.machine';

type S = SnapshotFrom<typeof multiConfirmMachine>;

/** Each shop's cart with its name and whether it is included. */
export const selectCarts = (s: S) =>
  s.context.carts.map((cart) => ({
    shopId: cart.shopId,
    name: s.context.shops.find((shop) => shop.id === cart.shopId)?.name ?? '',
    lines: cart.lines,
    selected: s.context.selected.includes(cart.shopId),
  }));
/**
 * The selected shops that take pickup appointments, each with its offered slots (from its own hours,
 * today and tomorrow) and the chosen one.
 */
export const selectPickupChoices = (s: S) => {
  const now = s.context.clock();
  return appointmentShops(s.context).map((shop) => ({
    shopId: shop.id,
    name: shop.name,
    slots: pickupSlots(shop, now),
    pickupTime: s.context.pickupTimes[shop.id] ?? null,
  }));
};
export const selectSelectedCount = (s: S) => s.context.selected.length;
/** The field in error (text key `checkout.error.<reason>`) and the shop a refusal names. */
export const selectFieldError = (s: S) => s.context.fieldError;
export const selectError = (s: S) => s.context.error;
export const selectIsSubmitting = (s: S) => s.hasTag('busy');
/** The form takes edits only while editing: the carts, fields and pay types are disabled otherwise. */
export const selectIsLocked = (s: S) => !s.matches('editing');
export const selectOrders = (s: S) => s.context.orders;
/** The coupon chosen for each included cart, by shop id. */
export const selectCartCoupons = (s: S) => s.context.coupons;

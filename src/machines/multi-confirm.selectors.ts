// What /order/multi-confirm reads from the multi-shop confirm actor.
import type { SnapshotFrom } from 'xstate';
import type { multiConfirmMachine } from './multi-confirm.machine';

type S = SnapshotFrom<typeof multiConfirmMachine>;

/** Each shop's cart with its name and whether it is included. */
export const selectCarts = (s: S) =>
  s.context.carts.map((cart) => ({
    shopId: cart.shopId,
    name: s.context.shops.find((shop) => shop.id === cart.shopId)?.name ?? '',
    lines: cart.lines,
    selected: s.context.selected.includes(cart.shopId),
  }));
export const selectSelectedCount = (s: S) => s.context.selected.length;
/** The field in error (text key `checkout.error.<reason>`) and the shop a refusal names. */
export const selectFieldError = (s: S) => s.context.fieldError;
export const selectError = (s: S) => s.context.error;
export const selectIsSubmitting = (s: S) => s.hasTag('busy');
export const selectOrders = (s: S) => s.context.orders;

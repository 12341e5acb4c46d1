// What the views read from the shop status actor.
import type { SnapshotFrom } from 'xstate';
import type { shopStatusMachine } from './shop-status.machine';

type S = SnapshotFrom<typeof shopStatusMachine>;

export type ShopStatusDialog = 'expired' | 'stopped' | 'closed' | 'outsideHours';

export const selectCanOrder = (s: S) => s.matches('normal');
export const selectIsExpired = (s: S) => s.matches('expired');
export const selectIsClosed = (s: S) => s.matches('closed') || s.matches('outsideHours');
/** The dialog to show, or null (its text keys: shop.expired, shop.stopped, shop.closed, shop.outsideHours). */
export const selectDialog = (s: S): ShopStatusDialog | null => {
  if (s.matches('closed')) return 'closed';
  if (s.matches('outsideHours')) return 'outsideHours';
  if (s.matches('expired')) return s.context.shop.realShopStatus === -1 ? 'stopped' : 'expired';
  return null;
};
/** Confirming the expiry dialog lets a fastfood shop's customer order at the table. */
export const selectConfirmSwitchesToDine = (s: S) => s.matches('expired') && s.context.shop.industry === 2;
export const selectOrderType = (s: S) => s.context.orderType;
export const selectFromOld = (s: S) => s.context.fromOld;

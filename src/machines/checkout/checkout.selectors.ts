// What /order/confirm reads from the checkout actor: the form, the field in error, the slots, the pay
// options and the price breakdown, every row of which the pricing result explains.
import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine';
import { shopToday } from '../../domain/hours';
import { breakdownOf } from '../cart/breakdown';
import {
  defaultTableware,
  deliveryAsap,
  deliverySlots,
  offeredPayOptions,
  pickupAsap,
  pickupSlots,
} from './checkout.rules';

type S = SnapshotFrom<typeof checkoutMachine>;

export const selectForm = (s: S) => s.context.form;
export const selectOrderType = (s: S) => s.context.orderType;
/** The field to focus and the message key `checkout.error.<reason>` with its values, or null. */
export const selectFieldError = (s: S) => s.context.fieldError;
/** A failure that is no field's fault (request-layer text), or null. */
export const selectError = (s: S) => s.context.error;
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectLoadFailed = (s: S) => s.matches('loadFailed');
export const selectIsSubmitting = (s: S) => s.matches('submitting');
export const selectIsBusy = (s: S) => s.hasTag('busy');
/**
 * The order is being placed: the form, the pay type, the note and the order type are disabled, since
 * the machine drops their edits, and a new order type would start a new flow and stop the submission.
 */
export const selectIsLocked = (s: S) => s.matches('submitting') || s.matches('placed');
export const selectCanSubmit = (s: S) => s.matches({ form: 'editing' });
export const selectPricing = (s: S) => s.context.pricing;
export const selectDistance = (s: S) => s.context.distance;
export const selectTable = (s: S) => s.context.tableInfo;
export const selectMaxPerson = (s: S) => s.context.tableInfo?.nMaxPerson ?? null;
export const selectPayOptions = (s: S) =>
  offeredPayOptions({
    payOptions: s.context.payOptions,
    orderType: s.context.orderType,
    hasMember: s.context.parts.member !== null,
  });
export const selectDeliverySlots = (s: S) => deliverySlots(s.context.parts.shop, s.context.clock());
export const selectPickupSlots = (s: S) => pickupSlots(s.context.parts.shop, s.context.clock());
/** Today in the shop's time zone (the slots' days are named against it). */
export const selectToday = (s: S) => shopToday(s.context.clock(), s.context.parts.shop.timezone);
/** The slot "as soon as possible" stands for now (its time is shown), or null when today has none left. */
export const selectAsapSlot = (s: S) =>
  s.context.orderType === 'takeaway'
    ? deliveryAsap(s.context.parts.shop, s.context.clock())
    : s.context.orderType === 'selfPickup'
      ? pickupAsap(s.context.parts.shop, s.context.clock())
      : null;
/** Delivery is charged by distance, and no address gives one yet: the page says to add one. */
export const selectDeliveryFeePending = (s: S) =>
  s.context.pricing !== null &&
  s.context.pricing.fees.delivery.applies &&
  s.context.pricing.fees.delivery.distance === null;
/**
 * Tableware sets chosen (0 = no cutlery), the fee of one, and the sets "no cutlery" gives back when undone
 * (the headcount for dine-in, else one); null where the shop offers no choice.
 */
export const selectTableware = (s: S) =>
  s.context.form.tableware === null
    ? null
    : {
        sets: s.context.form.tableware,
        fee: s.context.parts.shop.dishwareAmount,
        restore: defaultTableware(s.context.orderType, s.context.form.person),
      };
/** Spec §5: pickup and dine may be packed when the shop allows it. */
export const selectCanPack = (s: S) => s.context.orderType !== 'takeaway' && s.context.parts.shop.allowPack;
/** The placed order (the server's pricing: amounts.total is what the customer pays). */
export const selectOrder = (s: S) => s.context.order;

// The rows live in ./breakdown (no pricing engine with them), so the order detail reuses them cheaply.
export { breakdownOf, type BreakdownKey, type BreakdownRow } from '../cart/breakdown';

export const selectBreakdown = (s: S) => breakdownOf(s.context.pricing);

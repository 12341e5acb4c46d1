// What the pay panel reads from the payment actor.
import type { SnapshotFrom } from 'xstate';
import type { OrderDetail } from '../../domain/api/order';
import { isOrderSettled, offeredOptions, type paymentMachine } from './payment.machine';

type S = SnapshotFrom<typeof paymentMachine>;

/** The step the customer is at, one name per screen of the pay panel. */
export type PaymentStep =
  | 'loading'
  | 'loadFailed'
  | 'choosing'
  | 'password'
  | 'paying'
  | 'redirecting'
  | 'processing'
  | 'notCompleted'
  | 'success'
  | 'fail'
  | 'cancel'
  | 'closed';

export function selectStep(s: S): PaymentStep {
  if (s.matches('loading') || s.matches('routing')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('choosing')) return 'choosing';
  if (s.matches('password')) return 'password';
  if (s.matches('paying') || s.matches('reloading')) return 'paying';
  if (s.matches('redirecting')) return 'redirecting';
  if (s.matches({ processing: 'notCompleted' })) return 'notCompleted';
  if (s.matches('processing')) return 'processing';
  if (s.matches('success')) return 'success';
  if (s.matches('fail')) return 'fail';
  if (s.matches('cancel')) return 'cancel';
  return 'closed';
}

export const selectOrder = (s: S) => s.context.order;
export const selectPayment = (s: S) => s.context.order.payment;
export const selectOptions = (s: S) => offeredOptions(s.context);
export const selectPayType = (s: S) => s.context.payType;
export const selectChosenOption = (s: S) =>
  offeredOptions(s.context).find((o) => o.payType === s.context.payType) ?? null;
export const selectRefusal = (s: S) => s.context.refusal;
export const selectError = (s: S) => s.context.error;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectIsLocked = (s: S) => s.context.lockedTo !== null;
export const selectCanSubmit = (s: S) => s.can({ type: 'pay.submit' });
export const selectCanGiveUp = (s: S) => s.can({ type: 'pay.giveUp' });
/** Spec payment result of what the panel shows: 0 processing, 1 success, 2 fail, 3 cancel, else null. */
export function selectResultCode(s: S): 0 | 1 | 2 | 3 | null {
  if (s.hasTag('processing')) return 0;
  if (s.matches('success')) return 1;
  if (s.matches('fail')) return 2;
  if (s.matches('cancel')) return 3;
  return null;
}

/** How a settled order is paid, as its result page says it: paid, at the counter, or on delivery. */
export type Settlement = 'paid' | 'counter' | 'delivery';

/** null while the order is not settled (unpaid, cancelled). */
export function settlementOf(order: OrderDetail): Settlement | null {
  if (!isOrderSettled(order)) return null;
  if (order.paid || order.payment?.state === 'success') return 'paid';
  if (order.payType === 'COD') return 'delivery';
  return 'counter';
}

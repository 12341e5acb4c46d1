// What the cart bar and its dialogs read from the order confirm actor.
import type { SnapshotFrom } from 'xstate';
import type { orderConfirmMachine } from './order-confirm.machine';

type S = SnapshotFrom<typeof orderConfirmMachine>;

export const selectIsBusy = (s: S) => s.hasTag('busy');
/** The shop dialog to show (text keys shop.expired, shop.stopped, shop.closed, shop.outsideHours), or null. */
export const selectNotice = (s: S) => (s.matches('notice') ? s.context.notice : null);
/** The stock dialog (text key store.stockWarning with name and remaining; one acknowledge button), or null. */
export const selectShortfall = (s: S) => (s.matches('shortfall') ? s.context.shortfall : null);
/**
 * The reason the taxes or stock request failed (request-layer text), or null: the failure dialog (text
 * keys cart.checkFailedTitle, cart.checkFailed) retries (`confirm.retry`) or dismisses (`confirm.dismiss`).
 */
export const selectError = (s: S) => (s.matches('failed') ? s.context.error : null);
/** The must-pick category the cart lacks (spec §5), named in the cart until shown or dismissed, or null. */
export const selectMustPickMissing = (s: S) => (s.matches('mustPickMissing') ? s.context.mustPick : null);

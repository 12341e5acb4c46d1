// What the open-table pages read from the tab's flow.
import type { SnapshotFrom } from 'xstate';
import type { openTableMachine } from './open-table.machine';
import { canTakeBack, elapsedMs, myOpenPart, timerRunning } from './open-table.rules';

type S = SnapshotFrom<typeof openTableMachine>;

export const selectTab = (s: S) => s.context.tab;
export const selectIsLoading = (s: S) => s.matches({ tab: 'loading' });
export const selectLoadFailed = (s: S) => s.matches({ tab: 'failed' });
export const selectLoadError = (s: S) => s.context.loadError;
export const selectIsOrdering = (s: S) => s.matches({ tab: 'ordering' });
export const selectIsPaying = (s: S) => s.matches({ tab: 'paying' });
export const selectIsPaid = (s: S) => s.matches({ tab: 'paid' });
export const selectIsClosed = (s: S) => s.matches({ tab: 'closed' });
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectIsPolling = (s: S) => s.hasTag('polling');
export const selectSendingRound = (s: S) => s.matches({ tab: { ordering: 'sendingRound' } });
export const selectRoundFailed = (s: S) => s.matches({ tab: { ordering: 'roundFailed' } });
export const selectRoundDropped = (s: S) => s.context.roundDropped;
export const selectCanPay = (s: S) => s.context.canPay;
export const selectCanAskBill = (s: S) => s.can({ type: 'bill.ask' });
export const selectChoosingSplit = (s: S) =>
  s.matches({ tab: { ordering: 'choosingSplit' } }) || s.matches({ tab: { ordering: 'confirming' } });
export const selectConfirming = (s: S) => s.matches({ tab: { ordering: 'confirming' } });
export const selectSplit = (s: S) => s.context.split;
/** "Pay all" only: the reader's price for the whole bill, as last read. */
export const selectQuote = (s: S) => (s.context.split.mode === 'all' ? s.context.quote : null);
export const selectQuoteLoading = (s: S) => s.matches({ tab: { ordering: { choosingSplit: 'quoting' } } });
export const selectQuoteFailed = (s: S) => s.matches({ tab: { ordering: { choosingSplit: 'quoteFailed' } } });
export const selectCoupon = (s: S) => s.context.couponId;
export const selectPicked = (s: S) => s.context.picked;
export const selectTakingPart = (s: S) =>
  s.matches({ tab: { paying: 'takingPart' } }) ? s.context.taking : null;
export const selectPaying = (s: S) =>
  s.matches({ tab: { paying: 'payment' } }) ? s.context.payOrderId : null;
export const selectMyOpenPart = (s: S) => myOpenPart(s.context.tab?.bill ?? null);
export const selectCanOpenPay = (s: S) => s.can({ type: 'pay.open' });
export const selectCanTakeBack = (s: S) => s.context.tab !== null && canTakeBack(s.context.tab);
export const selectTakingBack = (s: S) => s.matches({ tab: { paying: 'takingBack' } });
export const selectProblem = (s: S) => s.context.problem;
/** The timer as the page shows it: elapsed ms on the server's clock, and whether it runs. */
export const selectTimer = (s: S) => {
  const { tab, now } = s.context;
  if (!tab || tab.nStartTimerTime === null || now === null) return null;
  return { elapsed: elapsedMs(tab, now), running: timerRunning(tab) };
};

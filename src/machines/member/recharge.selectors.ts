// What the recharge page reads from the recharge actor.
import type { SnapshotFrom } from 'xstate';
import type { RechargeRule } from '../../domain/api/member-money';
import { chosenAmount, freeAmountOf, tierOf, type rechargeMachine } from './recharge.machine';

type S = SnapshotFrom<typeof rechargeMachine>;

/** The screen the customer is at. */
export type RechargeStep =
  | 'loading'
  | 'loadFailed'
  | 'notAllowed'
  | 'choosing'
  | 'paying'
  | 'redirecting'
  | 'processing'
  | 'notCompleted'
  | 'credited';

export function selectStep(s: S): RechargeStep {
  if (s.matches('loading') || s.matches('routing')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('notAllowed')) return 'notAllowed';
  if (s.matches('choosing') || s.matches('routingBack')) return 'choosing';
  if (s.matches('paying')) return 'paying';
  if (s.matches('redirecting')) return 'redirecting';
  if (s.matches({ result: 'notCompleted' })) return 'notCompleted';
  if (s.matches('result')) return 'processing';
  return 'credited';
}

export const selectRules = (s: S) => s.context.options?.rules ?? null;
export const selectTiers = (s: S): RechargeRule[] => s.context.options?.rules.rules ?? [];
export const selectPayOptions = (s: S) => s.context.options?.payOptions ?? [];
export const selectPayTypeId = (s: S) => s.context.payTypeId;
export const selectChoice = (s: S) => s.context.choice;
export const selectChosenTier = (s: S) => tierOf(s.context);
export const selectFreeLimits = (s: S) => s.context.options?.rules.freeAmount ?? null;
export const selectAmountText = (s: S) => s.context.amountText;
export const selectAmountError = (s: S) => s.context.amountError;
/** What the pay button pays, or null while there is nothing valid to pay. */
export const selectAmount = (s: S) => chosenAmount(s.context);
export const selectNotice = (s: S) => s.context.notice;
export const selectError = (s: S) => s.context.error;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectCanSubmit = (s: S) => s.matches('choosing') && chosenAmount(s.context) !== null;

/** The gift a free amount earns: the largest ladder step at or below it (decision M86), else none. */
export function selectFreeGift(s: S): number {
  const amount = freeAmountOf(s.context);
  if (amount === null) return 0;
  let gift = 0;
  let best = 0;
  for (const step of s.context.options?.gifts ?? []) {
    if (step.payAmount <= amount && step.payAmount >= best) {
      best = step.payAmount;
      gift = step.giftAmount;
    }
  }
  return gift;
}

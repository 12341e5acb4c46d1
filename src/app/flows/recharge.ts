// Topping up the member card: the recharge machine with the real calls (vip/payRules, vip/giftAmountRules,
// store/vipChargePaySetting, vip/charge, vip/chargeResult), and what the app does with its news — the
// browser goes to the gateway's hosted page; a credited recharge makes the session read the member again
// (its balances changed) and opens /member/charge-success.
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { RechargeView } from '../../domain/api/member-money';
import { rechargeMachine, type StartResult } from '../../machines/member/recharge.machine';
import { memberMoneyApi, rechargeRefusalOf } from '../../services/member-money';
import { storeApi } from '../../services/api/store';
import { useAppState } from '../app-state';
import { newIdempotencyKey } from '../idempotency-key';
import { useFlow } from '../use-flow';

// The page shows load failures and refusals itself, so business toasts are off for the flow's calls.
export const rechargeFlow = rechargeMachine.provide({
  actors: {
    loadOptions: fromPromise(async () => {
      const [rules, gifts, pay] = await Promise.all([
        memberMoneyApi.payRules({}, { toast: false }),
        memberMoneyApi.giftAmountRules({}, { toast: false }),
        storeApi.vipChargePaySetting({}, { toast: false }),
      ]);
      return { rules, gifts: gifts.rules, payOptions: pay.payTypes };
    }),
    loadRecharge: fromPromise(({ input }) => memberMoneyApi.chargeResult(input, { toast: false })),
  },
});

export interface RechargeHandlers {
  onCredited: (recharge: RechargeView) => void;
}

/** Starts the top-up for the page's lifetime; `returned` when back from the gateway's page. */
export function useRechargeFlow(returned: { rechargeId: number } | null, handlers: RechargeHandlers) {
  const { session } = useAppState();
  const latest = useRef(handlers);
  latest.current = handlers;
  // One key per attempt: a repeated call after a lost answer names the same recharge; a definite answer
  // (started or refused) ends the attempt.
  const key = useRef(newIdempotencyKey());
  return useFlow(
    rechargeFlow.provide({
      actors: {
        startRecharge: fromPromise(async ({ input }): Promise<StartResult> => {
          try {
            const started = await memberMoneyApi.charge(
              { ...input, idempotencyKey: key.current },
              { toast: false },
            );
            key.current = newIdempotencyKey();
            return { started };
          } catch (error) {
            const rejection = rechargeRefusalOf(error);
            if (!rejection) throw error;
            key.current = newIdempotencyKey();
            return { rejection };
          }
        }),
      },
    }),
    () => ({ input: { returned } }),
    (flow) => [
      flow.on('recharge.redirect', (event) => window.location.assign(event.url)),
      flow.on('recharge.credited', (event) => {
        session.send({ type: 'session.show' });
        latest.current.onCredited(event.recharge);
      }),
    ],
  );
}

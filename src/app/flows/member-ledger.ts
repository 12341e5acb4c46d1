// The member's balance and points documents: the ledger machine with vip/doc or vip/pointDoc, and a pull
// that reads the first page again (spec §2 /member/doc "pull-down refresh on", §4 pull-to-refresh).
import { useRef } from 'react';
import { fromPromise, waitFor, type Actor } from 'xstate';
import { ledgerMachine } from '../../machines/member/ledger.machine';
import { selectIsSettled } from '../../machines/member/ledger.selectors';
import { memberMoneyApi } from '../../services/member-money';
import { pullToRefreshFlow } from './pull-to-refresh';
import { useFlow } from '../use-flow';

// The pages show a failed read themselves, so business toasts are off.
export const balanceLedgerFlow = ledgerMachine.provide({
  actors: { loadPage: fromPromise(({ input }) => memberMoneyApi.doc(input, { toast: false })) },
});
export const pointsLedgerFlow = ledgerMachine.provide({
  actors: { loadPage: fromPromise(({ input }) => memberMoneyApi.pointDoc(input, { toast: false })) },
});

/** The list's flow and the pull's flow, the pull's refresh waiting for the list's read to end either way. */
export function useLedger(flow: typeof ledgerMachine) {
  const list = useRef<Actor<typeof ledgerMachine> | null>(null);
  const actor = useFlow(
    flow,
    () => ({}),
    (created) => {
      list.current = created;
      return [];
    },
  );
  const pull = useFlow(
    pullToRefreshFlow.provide({
      actors: {
        refresh: fromPromise(async () => {
          const current = list.current;
          if (!current) return;
          current.send({ type: 'ledger.refresh' });
          await waitFor(current, selectIsSettled);
        }),
      },
    }),
    () => ({ input: {} }),
  );
  return { actor, pull };
}

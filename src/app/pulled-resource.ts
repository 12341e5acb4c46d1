// A resource page that reloads on a pull (the store list, my coupons): the list's flow and the pull's flow,
// the pull's refresh waiting for the list's reload to end either way.
import { useRef } from 'react';
import { fromPromise, waitFor, type Actor } from 'xstate';
import type { resourceMachine } from '../machines/shared/resource.machine';
import { pullToRefreshFlow } from './flows/pull-to-refresh';
import { useFlow } from './use-flow';

export function usePulledResource(flow: typeof resourceMachine) {
  const list = useRef<Actor<typeof resourceMachine> | null>(null);
  const actor = useFlow(
    flow,
    () => ({ input: { params: {} } }),
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
          current.send({ type: 'resource.reload' });
          await waitFor(current, (s) => s.matches('ready') || s.matches('failed'));
        }),
      },
    }),
    () => ({ input: {} }),
  );
  return { actor, pull };
}

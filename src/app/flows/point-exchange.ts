// Exchanging points for an item: the pointExchange machine with the real call
// (activity/pointExchangeProduct), one request key per confirmed attempt, and what the app does with its
// news — the session reads the member again (its points changed) and the success page opens.
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { PointExchangeView, PointStoreItem } from '../../domain/api/point-store';
import { pointExchangeMachine, type ExchangeResult } from '../../machines/member/point-exchange.machine';
import { pointStoreApi, pointStoreRefusalOf } from '../../services/point-store';
import { useAppState } from '../app-state';
import { newIdempotencyKey } from '../idempotency-key';
import { useFlow } from '../use-flow';

export function usePointExchangeFlow(
  item: PointStoreItem,
  points: number,
  onDone: (exchange: PointExchangeView) => void,
) {
  const { session } = useAppState();
  const latest = useRef(onDone);
  latest.current = onDone;
  // A repeated call after a lost answer names the same exchange; a definite answer ends the attempt.
  const key = useRef(newIdempotencyKey());
  return useFlow(
    pointExchangeMachine.provide({
      actors: {
        exchange: fromPromise(async ({ input }): Promise<ExchangeResult> => {
          try {
            const exchanged = await pointStoreApi.exchange(
              { ...input, idempotencyKey: key.current },
              { toast: false },
            );
            key.current = newIdempotencyKey();
            return { exchanged };
          } catch (error) {
            const rejection = pointStoreRefusalOf(error);
            if (!rejection) throw error;
            key.current = newIdempotencyKey();
            return { rejection };
          }
        }),
      },
    }),
    () => ({ input: { item, points } }),
    (flow) => [
      flow.on('exchange.done', (event) => {
        session.send({ type: 'session.show' });
        latest.current(event.exchange);
      }),
    ],
  );
}

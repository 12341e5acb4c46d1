// The member's limit cards and their uses: the ledger machine (loading, failed and retried, refreshed, paged)
// with store/limitCardList, which answers every card at once, and store/limitCardUseList for one filter.
import { fromPromise } from 'xstate';
import type { LimitCardUseListInput } from '../../domain/api/limit-card';
import { ledgerMachine, type LedgerPage } from '../../machines/member/ledger.machine';
import { limitCardApi } from '../../services/limit-card';

// The pages and the confirm page's row show a failed read themselves, so business toasts are off.
export const limitCardsFlow = ledgerMachine.provide({
  actors: {
    loadPage: fromPromise<LedgerPage, { page: number }>(async () => ({
      ...(await limitCardApi.list({}, { toast: false })),
      hasMore: false,
    })),
  },
});

export type LimitCardFilter = Pick<LimitCardUseListInput, 'cardId' | 'productId'>;

export const limitCardUsesFlow = (filter: LimitCardFilter) =>
  ledgerMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) =>
        limitCardApi.useList({ ...filter, page: input.page }, { toast: false }),
      ),
    },
  });

// What both transaction lists read from their ledger actor besides the rows, and the events they send.
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { ledgerMachine } from '../../../machines/member/ledger.machine';
import {
  selectFailed,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsRefreshing,
  selectMoreFailed,
} from '../../../machines/member/ledger.selectors';
import type { LedgerListProps } from '../../../views/member/ledger-view';

export function useLedgerProps(actor: Actor<typeof ledgerMachine> | null): LedgerListProps {
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const loadingMore = useSelector(actor ?? undefined, (s) => (s ? selectIsLoadingMore(s) : false));
  const refreshing = useSelector(actor ?? undefined, (s) => (s ? selectIsRefreshing(s) : false));
  const hasMore = useSelector(actor ?? undefined, (s) => (s ? selectHasMore(s) : false));
  const moreFailed = useSelector(actor ?? undefined, (s) => (s ? selectMoreFailed(s) : false));
  return {
    loading,
    failed,
    loadingMore,
    refreshing,
    hasMore,
    moreFailed,
    onRetry: () => actor?.send({ type: 'ledger.retry' }),
    onMore: () => actor?.send({ type: 'ledger.more' }),
  };
}

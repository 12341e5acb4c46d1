// What the balance and points pages read from the ledger actor; the page names the row type it loaded.
import type { SnapshotFrom } from 'xstate';
import type { ledgerMachine, LedgerPage } from './ledger.machine';

type S = SnapshotFrom<typeof ledgerMachine>;

export const selectRows = <T extends { id: number }>(s: S) => s.context.rows as readonly T[];
export const selectLastPage = <T extends LedgerPage>(s: S) => s.context.last as T | null;
/** The first page is loading: skeletons. */
export const selectIsLoading = (s: S) => s.matches('loading');
export const selectFailed = (s: S) => s.matches('failed');
export const selectError = (s: S) => s.context.error;
export const selectIsLoadingMore = (s: S) => s.hasTag('loadingMore');
export const selectIsRefreshing = (s: S) => s.hasTag('refreshing');
export const selectHasMore = (s: S) => s.context.hasMore;
export const selectMoreFailed = (s: S) => s.context.moreFailed;
/** Settled after a pull: the pull-to-refresh flow waits for this. */
export const selectIsSettled = (s: S) => s.matches('ready') || s.matches('failed');

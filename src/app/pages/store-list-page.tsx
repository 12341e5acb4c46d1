// /pages/store/list: every shop, loaded by the store list resource flow; pulling down reloads it.
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise, waitFor, type Actor } from 'xstate';
import type { StoreListInfo } from '../../domain/api/store';
import { selectData, selectFailed, selectIsLoading } from '../../machines/resource.selectors';
import { StoreListView } from '../../views/store/store-list-view';
import { PullToRefresh } from '../../views/ui/pull-to-refresh';
import { useFlow } from '../use-flow';
import { pullToRefreshFlow } from '../flows/pull-to-refresh';
import { storeListFlow } from '../flows/store-list';

type ListActor = Actor<typeof storeListFlow>;

export default function StoreListPage() {
  const list = useRef<ListActor | null>(null);
  const actor = useFlow(
    storeListFlow,
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

  const shops = useSelector(actor ?? undefined, (s) => (s ? selectData<StoreListInfo>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const view = (
    <StoreListView
      shops={shops ?? null}
      loading={loading && !shops}
      failed={failed}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
    />
  );
  return pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view;
}

// /pages/store/list: every shop, loaded by the store list resource flow; pulling down reloads it.
import { useSelector } from '@xstate/react';
import type { StoreListInfo } from '../../../domain/api/store';
import { selectData, selectFailed, selectIsLoading } from '../../../machines/shared/resource.selectors';
import { StoreListView } from '../../../views/store/store-list-view';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { usePulledResource } from '../../pulled-resource';
import { storeListFlow } from '../../flows/store-list';

export default function StoreListPage() {
  const { actor, pull } = usePulledResource(storeListFlow);

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

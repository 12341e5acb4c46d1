// /member/store-list: the shops of the chain where the member card works (vip/getVipShopList).
import { useSelector } from '@xstate/react';
import type { VipShop } from '../../../domain/api/member';
import { useI18nContext } from '../../../i18n/i18n-context';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
} from '../../../machines/shared/resource.selectors';
import { StoreListView } from '../../../views/member/store-list-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { vipShopsFlow } from '../../flows/member';
import { usePulledResource } from '../../pulled-resource';
import { WithMessages } from '../../with-messages';

export default function MemberStoreListPage() {
  return (
    <WithMessages namespace="member">
      <StoreList />
    </WithMessages>
  );
}

function StoreList() {
  const { LL } = useI18nContext();
  const { actor, pull } = usePulledResource(vipShopsFlow);
  const shops = useSelector(actor ?? undefined, (s) => (s ? selectData<VipShop[]>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  const view = (
    <StoreListView
      shops={shops}
      loading={loading && !shops}
      failed={failed}
      error={error}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
    />
  );
  return (
    <Page head={<PageHead title={LL.member.stores.title()} />}>
      {pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view}
    </Page>
  );
}

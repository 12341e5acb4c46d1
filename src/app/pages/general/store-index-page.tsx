// /pages/store/index?id=: the shop's page. Choosing an order mode opens the shop through the entry flow
// with that mode, so the session and routing are the same as arriving by its link.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectData, selectFailed, selectIsLoading } from '../../../machines/shared/resource.selectors';
import type { StoreDetailInfo } from '../../../domain/api/store';
import { ShopView } from '../../../views/store/shop-view';
import { useAppState } from '../../app-state';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { shopDetailFlow } from '../../flows/shop-detail';

const route = getRouteApi('/pages/store/index');

export default function StoreIndexPage() {
  const { id } = route.useSearch();
  const { shop: current, session } = useAppState();
  const navigation = useAppNavigation();
  const shopId = id ?? current?.id ?? null;

  useEffect(() => {
    if (shopId === null) navigation.go('/pages/store/list', {}, { replace: true });
  }, [shopId, navigation]);

  const actor = useFlow(shopDetailFlow, () => ({
    input: shopId === null ? {} : { params: { appId: shopId } },
  }));
  const shop = useSelector(actor ?? undefined, (s) => (s ? selectData<StoreDetailInfo>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));

  return (
    <ShopView
      shop={shop ?? null}
      loading={loading}
      failed={failed}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
      onChooseOrderType={(orderType) => {
        if (current?.id === shopId) {
          session.send({ type: 'session.setOrderType', orderType });
          navigation.go('/pages/user/index-tab-1');
        } else {
          navigation.go('/', { id: shopId, ...(orderType === 'dine' ? { isDine: '1' } : {}) });
        }
      }}
    />
  );
}

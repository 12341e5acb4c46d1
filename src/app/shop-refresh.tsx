// After a language switch the shop's own texts (name, notice, banners) are still in the old language:
// load the shop again in the background and swap it in, keeping the page as it is meanwhile.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ShopInfo } from '../domain/shop';
import { selectData } from '../machines/shared/resource.selectors';
import { useAppState } from './app-state';
import { useFlow } from './use-flow';
import { shopDetailFlow } from './flows/shop-detail';

export function ShopRefresh({ shopId }: { shopId: number }) {
  const { setShop } = useAppState();
  const actor = useFlow(shopDetailFlow, () => ({ input: { params: { appId: shopId } } }));
  const fresh = useSelector(actor ?? undefined, (s) => (s ? selectData<ShopInfo>(s) : null));
  useEffect(() => {
    if (fresh) setShop(fresh);
  }, [fresh, setShop]);
  return null;
}

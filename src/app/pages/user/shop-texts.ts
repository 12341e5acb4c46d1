// The three shop-text pages read store/shopTexts the same way.
import { useSelector } from '@xstate/react';
import type { ShopTextsInfo } from '../../../domain/api/member';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
} from '../../../machines/shared/resource.selectors';
import type { ShopTextsViewProps } from '../../../views/member/shop-texts-view';
import { shopTextsFlow } from '../../flows/member';
import { useFlow } from '../../use-flow';

export function useShopTexts(): ShopTextsViewProps {
  const actor = useFlow(shopTextsFlow, () => ({ input: { params: {} } }));
  const texts = useSelector(actor ?? undefined, (s) => (s ? selectData<ShopTextsInfo>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  return { texts, loading, failed, error, onRetry: () => actor?.send({ type: 'resource.retry' }) };
}

// A shared link that names its shop (a red bag, a coupon to claim), opened in a browser that is not in that
// shop (a friend's phone, another shop's session): the entry flow enters the link's shop first, as the
// restore does for the stored session's shop, and the page shows once the shop is there. Arriving by a link
// routes nowhere else: the link is the destination.
import { useSelector } from '@xstate/react';
import { useI18nContext } from '../i18n/i18n-context';
import { selectCanRetry, selectEntryError } from '../machines/entry/entry.selectors';
import { detectEnvironment } from '../services/env';
import { storage } from '../services/storage';
import { EntryView } from '../views/entry/entry-view';
import { useAppState } from './app-state';
import { entryErrorText } from './entry-text';
import { entryFlow } from './flows/entry';
import { useFlow } from './use-flow';

export default function LinkShop({ shopId }: { shopId: number }) {
  const { LL } = useI18nContext();
  const { session, setShop } = useAppState();
  const actor = useFlow(
    entryFlow,
    () => {
      const env = detectEnvironment();
      const token = storage.getToken();
      return {
        input: {
          query: { id: String(shopId) },
          isKiosk: env.isKiosk,
          storedSession: token ? { token: token.value, shopId: token.shopId } : null,
          openid: storage.getOpenid(),
          viewedExpandRedBagIds: storage.getViewedExpandRedBags(),
        },
      };
    },
    (entry) => [
      entry.on('entry.ready', (event) => {
        session.send({ type: 'session.setOrderType', orderType: event.orderType });
        setShop(event.shop);
      }),
    ],
  );
  const error = useSelector(actor ?? undefined, (s) => (s ? selectEntryError(s) : null));
  const canRetry = useSelector(actor ?? undefined, (s) => (s ? selectCanRetry(s) : false));
  return (
    <EntryView
      error={error ? entryErrorText(LL, error) : null}
      canRetry={canRetry}
      onRetry={() => actor?.send({ type: 'entry.retry' })}
    />
  );
}

// `/` and `/pages/index/index`: runs the entry flow with the link's parameters, shows the splash while it
// works, remembers the shop and order type it settles on, and follows the route it emits.
import { useRouter, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectCanRetry, selectEntryError } from '../../../machines/entry/entry.selectors';
import { detectEnvironment } from '../../../services/env';
import { storage } from '../../../services/storage';
import { EntryView } from '../../../views/entry/entry-view';
import { useAppState } from '../../app-state';
import { entryErrorText } from '../../entry-text';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { entryFlow } from '../../flows/entry';

/**
 * One entry flow per link: a link to the entry page with other parameters while it still shows (a table
 * code scanned while the menu's code loads, a second shop link) starts the entry again for that link, where
 * the flow of the first link would have finished and left the splash showing.
 */
export default function EntryPage() {
  const search = useSearch({ strict: false }) as Record<string, string>;
  return <LinkEntry key={new URLSearchParams(search).toString()} search={search} />;
}

function LinkEntry({ search }: { search: Record<string, string> }) {
  const router = useRouter();
  // A shop's link usually ends on its menu: that page's code loads while the session and shop do, not after.
  useEffect(() => {
    if (search.id) void router.preloadRoute({ to: '/pages/user/index-tab-1' }).catch(() => undefined);
  }, [router, search.id]);
  const { LL } = useI18nContext();
  const { session, setShop } = useAppState();
  const navigation = useAppNavigation();

  // The shop the stored token was issued for: a link into another shop moves the session there (user/token,
  // a new token), and the customer read under the old one (member card, balances) belongs to the old shop.
  const movedFrom = useRef<number | null>(null);
  const actor = useFlow(
    entryFlow,
    () => {
      const env = detectEnvironment();
      const token = storage.getToken();
      movedFrom.current = token?.shopId ?? null;
      return {
        input: {
          // Parameters may sit before the hash (shared links) or after it (in-app links); the hash wins.
          query: { ...env.query, ...search },
          isKiosk: env.isKiosk,
          storedSession: token ? { token: token.value, shopId: token.shopId } : null,
          openid: storage.getOpenid(),
          viewedExpandRedBagIds: storage.getViewedExpandRedBags(),
        },
      };
    },
    (entry) => [
      entry.on('entry.ready', (event) => {
        setShop(event.shop);
        session.send({ type: 'session.setOrderType', orderType: event.orderType });
        if (movedFrom.current !== null && movedFrom.current !== event.shop.id)
          session.send({ type: 'session.signedIn' });
      }),
      entry.on('expandRedBag.shown', (event) => storage.markExpandRedBagViewed(event.id)),
      entry.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
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

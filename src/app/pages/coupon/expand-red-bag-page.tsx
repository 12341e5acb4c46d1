// /product/expand-red-bag?id={activityId}&from={couponId}[&key=][&shop=] (spec §2 product pages, decisions
// C100-C112): the expandable red bag a link names, or the coupon a forwarding link hands over. The link's
// shop is entered first when the browser is not in it; the flow decides what the viewer may do.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import * as select from '../../../machines/coupon/expand-red-bag.selectors';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { storage } from '../../../services/storage';
import { toSearch } from '../../../views/ui/navigation';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { EmptyState } from '../../../views/ui/state-views';
import { LinkButton } from '../../../views/ui/button';
import { ExpandRedBagView } from '../../../views/red-bag/expand-red-bag-view';
import { ShareSheet } from '../../../views/red-bag/share-sheet';
import { useAppState } from '../../app-state';
import { expandRedBagFlow } from '../../flows/red-bag';
import { newIdempotencyKey } from '../../idempotency-key';
import { RequireShop } from '../../require-shop';
import { readRedBagLink } from '../../red-bag-link';
import { redBagRoute, shareLink } from '../../share-link';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

const route = getRouteApi('/product/expand-red-bag');
const MENU = '/pages/user/index-tab-1';

export default function ExpandRedBagPage() {
  const search = readRedBagLink(route.useSearch());
  return (
    <WithMessages namespace="redBag">
      <RequireShop linkShopId={search.shop}>{() => <RedBagLink />}</RequireShop>
    </WithMessages>
  );
}

function RedBagLink() {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const search = readRedBagLink(route.useSearch());
  // Receiving one's own bag names it in the link (replaced, not pushed); that is the same page, so it keeps
  // its flow instead of starting again. Any other new link is a new page.
  const [owned, setOwned] = useState<{ bagId: number; key: string } | null>(null);
  const fresh = `${search.id ?? ''}|${search.from ?? ''}|${search.key ?? ''}`;
  const pageKey = owned && search.from === owned.bagId ? owned.key : fresh;
  if (search.id === undefined)
    return (
      <Page head={<PageHead title={LL.redBag.title()} />}>
        <EmptyState
          title={LL.redBag.missing.title()}
          description={LL.redBag.missing.hint()}
          action={<LinkButton href={navigation.href(MENU)}>{LL.redBag.toMenu()}</LinkButton>}
        />
      </Page>
    );
  return (
    <RedBag
      key={pageKey}
      activityId={search.id}
      fromId={search.from ?? null}
      forwardKey={search.key ?? null}
      onOwned={(bagId) => {
        setOwned({ bagId, key: pageKey });
        navigation.go(
          '/product/expand-red-bag',
          { id: search.id, from: bagId, shop: search.shop },
          { replace: true },
        );
      }}
    />
  );
}

function RedBag({
  activityId,
  fromId,
  forwardKey,
  onOwned,
}: {
  activityId: number;
  fromId: number | null;
  forwardKey: string | null;
  onOwned: (bagId: number) => void;
}) {
  const { LL } = useI18nContext();
  const { session, shop } = useAppState();
  const navigation = useAppNavigation();
  const loggedIn = useSelector(session, selectHasPhone);
  const here = `/product/expand-red-bag${toSearch({ id: activityId, from: fromId, key: forwardKey, shop: shop?.id })}`;
  const actor = useFlow(
    expandRedBagFlow,
    () => ({
      input: {
        activityId,
        fromId,
        forwardKey,
        loggedIn: selectHasPhone(session.getSnapshot()),
        makeKey: newIdempotencyKey,
      },
    }),
    (flow) => [
      flow.on('bag.loginRequired', () => navigation.go('/pages/user/login', { redirect: here })),
      flow.on('bag.seen', (event) => storage.markExpandRedBagViewed(event.activityId)),
      flow.on('bag.owned', (event) => onOwned(event.bagId)),
    ],
  );
  // The login comes back before the session has read its user: the flow hears of it when it has.
  useEffect(() => {
    if (loggedIn) actor?.send({ type: 'bag.loggedIn' });
  }, [loggedIn, actor]);
  const screen = useSelector(actor ?? undefined, (s) => (s ? select.selectScreen(s) : 'loading'));
  const name = useSelector(actor ?? undefined, (s) => (s ? select.selectActivityName(s) : null));
  const bag = useSelector(actor ?? undefined, (s) => (s ? select.selectBag(s) : null));
  const ownBag = useSelector(actor ?? undefined, (s) => (s ? select.selectOwnBag(s) : null));
  const rules = useSelector(actor ?? undefined, (s) => (s ? select.selectRules(s) : null));
  const offer = useSelector(actor ?? undefined, (s) => (s ? select.selectForwardedOffer(s) : null));
  const refreshing = useSelector(actor ?? undefined, (s) => (s ? select.selectIsRefreshing(s) : false));
  const claiming = useSelector(actor ?? undefined, (s) => (s ? select.selectIsClaiming(s) : false));
  const sharing = useSelector(actor ?? undefined, (s) => (s ? select.selectIsSharing(s) : false));
  const refusal = useSelector(actor ?? undefined, (s) => (s ? select.selectRefusal(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? select.selectError(s) : null));
  const shareQuery = useSelector(actor ?? undefined, (s) => (s ? select.selectShareQuery(s) : null));
  const viewerBag = useSelector(actor ?? undefined, (s) => (s ? select.selectViewerBagQuery(s) : null));
  const send = (
    type: 'bag.claim' | 'bag.login' | 'bag.retry' | 'bag.refresh' | 'bag.share' | 'bag.closeShare',
  ) => actor?.send({ type });

  const link =
    shop && shareQuery
      ? shareLink(window.location, redBagRoute(shareQuery.id, shareQuery.from), shop.id)
      : null;
  return (
    <Page head={<PageHead title={LL.redBag.title()} />}>
      <ExpandRedBagView
        screen={screen}
        name={name}
        bag={bag}
        ownBag={ownBag}
        rules={rules}
        forwardedOffer={offer}
        loggedIn={loggedIn}
        refreshing={refreshing}
        claiming={claiming}
        notice={refusal ? LL.redBag.refusal[refusal]() : null}
        error={error && screen !== 'failed' ? errorText(LL, error) : null}
        onClaim={() => send('bag.claim')}
        onLogin={() => send('bag.login')}
        onRetry={() => send('bag.retry')}
        onRefresh={() => send('bag.refresh')}
        onShare={() => send('bag.share')}
        menuHref={navigation.href(MENU)}
        couponsHref={navigation.href('/pages/user/coupon/list')}
        viewerBagHref={
          viewerBag ? navigation.href('/product/expand-red-bag', { ...viewerBag, shop: shop?.id }) : null
        }
        shareSheet={
          <ShareSheet
            open={sharing}
            onClose={() => send('bag.closeShare')}
            title={LL.redBag.share.title()}
            hint={LL.redBag.share.hint()}
            link={link}
            text={LL.redBag.share.text({ shop: shop?.name ?? '' })}
          />
        }
      />
    </Page>
  );
}

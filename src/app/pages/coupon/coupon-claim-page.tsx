// /pages/user/coupon/claim?id=<template id>&shop=<shop id> (a shared coupon link, decision C41; spec §7
// activity/getCouponByLink): the offer as the shop lists it, and its Claim control. The link works in any
// browser: the shop it names is entered first (without one, the shop the session is in), and claiming asks
// for a login and comes back here.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { CouponOffer, ShopActivity } from '../../../domain/api/activity';
import { useI18nContext } from '../../../i18n/i18n-context';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
} from '../../../machines/shared/resource.selectors';
import { ActivityBlock } from '../../../views/coupon/offers-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { RequireShop } from '../../require-shop';
import { useFlow } from '../../use-flow';
import { activitiesFlow, linkClaimFlow } from '../../flows/coupons';
import { WithMessages } from '../../with-messages';
import { OfferClaim } from './offer-claim';

const route = getRouteApi('/pages/user/coupon/claim');

export default function CouponClaimPage() {
  const { shop } = route.useSearch();
  return (
    <WithMessages namespace="coupons">
      <RequireShop linkShopId={shop}>{() => <Claim />}</RequireShop>
    </WithMessages>
  );
}

/** The activity that offers the template, with only that offer. */
function offerOf(activities: readonly ShopActivity[], templateId: number): ShopActivity | null {
  for (const activity of activities) {
    const offer = activity.coupons.find((c: CouponOffer) => c.templateId === templateId);
    if (offer) return { ...activity, coupons: [offer] };
  }
  return null;
}

function Claim() {
  const { LL } = useI18nContext();
  const { id, shop } = route.useSearch();
  const actor = useFlow(activitiesFlow, () => ({ input: { params: {} } }));
  const activities = useSelector(actor ?? undefined, (s) => (s ? selectData<ShopActivity[]>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  const flow = useMemo(() => (id ? linkClaimFlow(id) : null), [id]);
  const back = `/pages/user/coupon/claim?id=${id ?? ''}${shop ? `&shop=${shop}` : ''}`;
  let content;
  if (failed)
    content = (
      <ErrorView message={error ?? undefined} onRetry={() => actor?.send({ type: 'resource.retry' })} />
    );
  else if (loading || !activities)
    content = (
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
      </SkeletonRegion>
    );
  else {
    const activity = id ? offerOf(activities, id) : null;
    content =
      activity && flow ? (
        <ActivityBlock
          activity={activity}
          claim={(offer) => <OfferClaim flow={flow} name={offer.name} refusal={offer.refusal} back={back} />}
        />
      ) : (
        <EmptyState title={LL.coupons.refusal.activityNotFound()} />
      );
  }
  return <Page head={<PageHead title={LL.coupons.link.title()} />}>{content}</Page>;
}

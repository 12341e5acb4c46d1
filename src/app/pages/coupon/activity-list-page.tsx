// /pages/activity/list (the spec's "activity list", decision C40): the shop's running activities with their
// rules in words, and each coupon on offer with its Claim control.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ShopActivity } from '../../../domain/api/activity';
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
import { activitiesFlow, offerClaimFlow } from '../../flows/coupons';
import { WithMessages } from '../../with-messages';
import { OfferClaim } from './offer-claim';

export default function ActivityListPage() {
  return (
    <WithMessages namespace="coupons">
      <RequireShop>{() => <Activities />}</RequireShop>
    </WithMessages>
  );
}

function Activities() {
  const { LL } = useI18nContext();
  const actor = useFlow(activitiesFlow, () => ({ input: { params: {} } }));
  const activities = useSelector(actor ?? undefined, (s) => (s ? selectData<ShopActivity[]>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  let content;
  if (failed)
    content = (
      <ErrorView message={error ?? undefined} onRetry={() => actor?.send({ type: 'resource.retry' })} />
    );
  else if (loading || !activities)
    content = (
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    );
  else if (activities.length === 0)
    content = <EmptyState title={LL.coupons.offers.empty()} description={LL.coupons.offers.emptyHint()} />;
  else content = <ActivityList activities={activities} />;
  return <Page head={<PageHead title={LL.coupons.offers.title()} />}>{content}</Page>;
}

function ActivityList({ activities }: { activities: readonly ShopActivity[] }) {
  const flows = useMemo(() => new Map<number, ReturnType<typeof offerClaimFlow>>(), []);
  const flowOf = (templateId: number) => {
    let flow = flows.get(templateId);
    if (!flow) flows.set(templateId, (flow = offerClaimFlow(templateId)));
    return flow;
  };
  return (
    <>
      {activities.map((activity) => (
        <ActivityBlock
          key={activity.id}
          activity={activity}
          claim={(offer) => (
            <OfferClaim
              flow={flowOf(offer.templateId)}
              name={offer.name}
              refusal={offer.refusal}
              back="/pages/activity/list"
            />
          )}
        />
      ))}
    </>
  );
}

// /member/index's "Member offers": a member's offers load from vip/activities, each coupon with its own
// claim flow; anyone else gets the invitation the card's state calls for, and no call is made for them.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { MemberActivitiesInfo } from '../../../domain/api/activity';
import type { MemberCardState } from '../../../machines/member/member-card.rules';
import { selectData, selectError, selectFailed } from '../../../machines/shared/resource.selectors';
import { MemberOffersView } from '../../../views/member/member-offers-view';
import { memberOffersFlow, offerClaimFlow } from '../../flows/coupons';
import { useFlow } from '../../use-flow';
import { OfferClaim } from '../coupon/offer-claim';

type Audience = Exclude<MemberCardState, 'closed'>;

export function MemberOffers({
  state,
  hrefs,
}: {
  state: Audience;
  hrefs: { login: string; register: string };
}) {
  if (state !== 'member') return <MemberOffersView {...idle} audience={state} hrefs={hrefs} />;
  return <MemberOnlyOffers hrefs={hrefs} />;
}

const idle = { activities: null, failed: false, error: null, onRetry: () => {}, claim: () => null };

function MemberOnlyOffers({ hrefs }: { hrefs: { login: string; register: string } }) {
  const actor = useFlow(memberOffersFlow, () => ({ input: { params: {} } }));
  const info = useSelector(actor ?? undefined, (s) => (s ? selectData<MemberActivitiesInfo>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  const flows = useMemo(() => new Map<number, ReturnType<typeof offerClaimFlow>>(), []);
  const flowOf = (templateId: number) => {
    let flow = flows.get(templateId);
    if (!flow) flows.set(templateId, (flow = offerClaimFlow(templateId)));
    return flow;
  };
  return (
    <MemberOffersView
      // The card said member; a reply that disagrees (the card was unlinked meanwhile) shows no offers.
      audience="member"
      activities={info ? info.activities : null}
      failed={failed}
      error={error}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
      hrefs={hrefs}
      claim={(offer) => (
        <OfferClaim
          flow={flowOf(offer.templateId)}
          name={offer.name}
          refusal={offer.refusal}
          back="/member/index"
        />
      )}
    />
  );
}

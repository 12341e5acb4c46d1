// The "Member offers" section of /member/index: the member-only activities (vip/activities) worded as the
// activity list words them, or, for someone without a card here, the invitation to join or log in.
import type { ReactNode } from 'react';
import type { CouponOffer, ShopActivity } from '../coupon/types';
import { useI18nContext } from '../../i18n/i18n-context';
import { ActivityBlock } from '../coupon/offers-view';
import { LinkButton } from '../ui/button';
import { CardSkeleton, SkeletonRegion } from '../ui/skeleton';
import { ErrorView } from '../ui/error-view';
import styles from './member.module.css';
import own from './member-offers.module.css';

/** Who is looking: a member, a logged-in customer without a card (who may register here or not), a guest. */
export type MemberOffersAudience = 'member' | 'register' | 'inStore' | 'guest';

export interface MemberOffersViewProps {
  audience: MemberOffersAudience;
  /** The member's offers once loaded (null while loading or for a non-member). */
  activities: readonly ShopActivity[] | null;
  failed: boolean;
  error: string | null;
  onRetry: () => void;
  hrefs: { login: string; register: string };
  claim: (offer: CouponOffer) => ReactNode;
}

export function MemberOffersView(props: MemberOffersViewProps) {
  const { LL } = useI18nContext();
  const { audience, hrefs } = props;
  if (audience !== 'member')
    return (
      <section
        className={styles.join}
        aria-labelledby="member-offers-invite"
        data-testid="member-offers-invite"
      >
        <h2 id="member-offers-invite">{LL.coupons.memberOffers.joinTitle()}</h2>
        {audience === 'guest' && (
          <>
            <p>{LL.coupons.memberOffers.loginHint()}</p>
            <LinkButton href={hrefs.login} variant="secondary" block>
              {LL.coupons.memberOffers.login()}
            </LinkButton>
          </>
        )}
        {audience === 'register' && (
          <>
            <p>{LL.coupons.memberOffers.joinHint()}</p>
            <LinkButton href={hrefs.register} variant="secondary" block>
              {LL.coupons.memberOffers.join()}
            </LinkButton>
          </>
        )}
        {audience === 'inStore' && <p>{LL.coupons.memberOffers.inStoreHint()}</p>}
      </section>
    );
  let content: ReactNode;
  if (props.failed) content = <ErrorView message={props.error ?? undefined} onRetry={props.onRetry} />;
  else if (!props.activities)
    content = (
      <SkeletonRegion label={LL.coupons.memberOffers.loading()}>
        <CardSkeleton />
      </SkeletonRegion>
    );
  else if (props.activities.length === 0)
    content = (
      <p className={own.offersEmpty}>
        {LL.coupons.memberOffers.empty()} {LL.coupons.memberOffers.emptyHint()}
      </p>
    );
  else
    content = props.activities.map((activity) => (
      <ActivityBlock key={activity.id} activity={activity} claim={props.claim} />
    ));
  return (
    <section className={own.offers} aria-labelledby="member-offers" data-testid="member-offers">
      <h2 id="member-offers" className={own.offersTitle}>
        {LL.coupons.memberOffers.title()}
      </h2>
      {content}
    </section>
  );
}

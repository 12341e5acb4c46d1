// The shop's running activities (the spec's "activity list"): each with its rules in words, its dates and
// products, and for coupon activities each coupon on offer with its Claim control (given by the page).
import type { ReactNode } from 'react';
import type { ClaimRefusal } from '../../domain/api/activity';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { useI18nContext } from '../../i18n/i18n-context';
import { Button, LinkButton } from '../ui/button';
import type { CouponOffer, ShopActivity } from './types';
import { CouponFace } from './coupon-picker-view';
import styles from './coupons.module.css';

export function refusalText(LL: TranslationFunctions, refusal: ClaimRefusal): string {
  return LL.coupons.refusal[refusal]();
}

/** One activity with its rules and offers. */
export function ActivityBlock({
  activity,
  claim,
}: {
  activity: ShopActivity;
  claim: (offer: CouponOffer) => ReactNode;
}) {
  const { LL } = useI18nContext();
  const headingId = `activity-${activity.id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="activity">
      <h2 id={headingId} className={styles.sectionTitle}>
        {activity.name}
      </h2>
      {activity.memberOnly && <span className={styles.tag}>{LL.coupons.offers.membersOnly()}</span>}
      {activity.rules.length > 0 && (
        <ul className={styles.rules}>
          {activity.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
      {activity.products.length > 0 && (
        <p className={styles.muted}>
          {LL.coupons.offers.products({ names: activity.products.map((p) => p.name).join(', ') })}
        </p>
      )}
      {activity.endDate && (
        <p className={styles.muted}>{LL.coupons.offers.until({ date: activity.endDate })}</p>
      )}
      {activity.coupons.map((offer) => (
        <div key={offer.templateId} className={styles.offer} data-testid="offer">
          <CouponFace value={offer.rules.value} />
          <span className={styles.cardMain}>
            <strong>{offer.name}</strong>
            <span className={styles.muted}>{offer.rules.threshold}</span>
            <span className={styles.muted}>{offer.rules.validity}</span>
            {offer.remaining !== null && (
              <span className={styles.muted}>{LL.coupons.offers.remaining({ count: offer.remaining })}</span>
            )}
          </span>
          <span className={styles.offerAction}>{claim(offer)}</span>
        </div>
      ))}
    </section>
  );
}

/** An offer's Claim control: the button, then "Claimed" with a way to the coupon, or the refusal in words. */
export function ClaimControl(props: {
  name: string;
  claiming: boolean;
  claimed: boolean;
  refusal: ClaimRefusal | null;
  error: string | null;
  loggedIn: boolean;
  onClaim: () => void;
  mineHref: string;
}) {
  const { LL } = useI18nContext();
  if (props.claimed)
    return (
      <>
        <span className={styles.takesOff} role="status">
          {LL.coupons.offers.claimed()}
        </span>
        <LinkButton size="small" variant="secondary" href={props.mineHref}>
          {LL.coupons.offers.viewMine()}
        </LinkButton>
      </>
    );
  if (props.refusal)
    return (
      <span className={styles.refusal} data-testid="offer-refusal">
        {refusalText(LL, props.refusal)}
      </span>
    );
  return (
    <>
      <Button
        size="small"
        onClick={props.onClaim}
        disabled={props.claiming}
        busy={props.claiming}
        aria-label={props.loggedIn ? LL.coupons.offers.claimOne({ name: props.name }) : undefined}
      >
        {props.claiming
          ? LL.coupons.offers.claiming()
          : props.loggedIn
            ? LL.coupons.offers.claim()
            : LL.coupons.offers.loginToClaim()}
      </Button>
      {props.error && (
        <span className={styles.error} role="alert">
          {props.error}
        </span>
      )}
    </>
  );
}

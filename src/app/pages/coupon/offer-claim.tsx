// One offer's Claim control on the coupon pages: its own claim flow (one idempotency key per offer and
// visit); "log in first" goes to the login and back to this page.
import { useSelector } from '@xstate/react';
import type { ClaimRefusal } from '../../../domain/api/activity';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { couponClaimMachine } from '../../../machines/coupon/coupon-claim.machine';
import {
  selectClaimError,
  selectIsClaimed,
  selectIsClaiming,
  selectRefusal,
} from '../../../machines/coupon/coupon-claim.selectors';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { ClaimControl } from '../../../views/coupon/offers-view';
import { useAppState } from '../../app-state';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { newIdempotencyKey } from '../../idempotency-key';

export function OfferClaim({
  flow,
  name,
  refusal,
  back,
}: {
  flow: typeof couponClaimMachine;
  name: string;
  /** The offer's refusal as listed. */
  refusal: ClaimRefusal | null;
  /** This page, for the login to come back to. */
  back: string;
}) {
  const { LL } = useI18nContext();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const loggedIn = useSelector(session, selectHasPhone);
  const actor = useFlow(
    flow,
    () => ({
      input: { loggedIn: selectHasPhone(session.getSnapshot()), refusal, makeKey: newIdempotencyKey },
    }),
    (claim) => [
      claim.on('claim.loginRequired', () => navigation.go('/pages/user/login', { redirect: back })),
    ],
  );
  const claiming = useSelector(actor ?? undefined, (s) => (s ? selectIsClaiming(s) : false));
  const claimed = useSelector(actor ?? undefined, (s) => (s ? selectIsClaimed(s) : false));
  const refused = useSelector(actor ?? undefined, (s) => (s ? selectRefusal(s) : null));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectClaimError(s) : null));
  return (
    <ClaimControl
      name={name}
      claiming={claiming}
      claimed={claimed}
      refusal={refused}
      error={error ? errorText(LL, error) : null}
      loggedIn={loggedIn}
      onClaim={() => actor?.send({ type: 'claim.start' })}
      mineHref={navigation.href('/pages/user/coupon/list')}
    />
  );
}

// /order/search-activity-by-code (spec §2; §7 activity/getActivityByCode): the customer types a promotion
// code, sees its activity and coupon, and claims it (activity/claimByCode). The confirm page links here when
// the shop has promotions with a code; coming back, the new coupon is in the confirm page's list. A `code` in
// the query is looked up at once: a shop can share its code as a link, and a login comes back with it.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { activityByCodeInfo } from '../../../domain/api/activity';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectData, selectError, selectFailed } from '../../../machines/shared/resource.selectors';
import { ActivityBlock } from '../../../views/coupon/offers-view';
import styles from '../../../views/coupon/coupons.module.css';
import { Button } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { errorText } from '../../../i18n/error-text';
import { RequireShop } from '../../require-shop';
import { useFlow } from '../../use-flow';
import { codeActivityFlow, codeClaimFlow } from '../../flows/coupons';
import { WithMessages } from '../../with-messages';
import { OfferClaim } from './offer-claim';

type CodeActivity = z.infer<typeof activityByCodeInfo>;
const route = getRouteApi('/order/search-activity-by-code');

export default function PromoCodePage() {
  return (
    <WithMessages namespace="coupons">
      <RequireShop>{() => <PromoCode />}</RequireShop>
    </WithMessages>
  );
}

function PromoCode() {
  const { LL } = useI18nContext();
  // A code in the link (shared, or the one looked up before a login) is looked up at once.
  const { code: linked } = route.useSearch();
  const [typed, setTyped] = useState(linked ?? '');
  const [missing, setMissing] = useState(false);
  const actor = useFlow(codeActivityFlow, () => ({ input: {} }));
  useEffect(() => {
    if (linked) actor?.send({ type: 'resource.load', params: { code: linked } });
  }, [actor, linked]);
  const found = useSelector(actor ?? undefined, (s) => (s ? selectData<CodeActivity>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? s.matches('loading') : false));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  const code = found?.code ?? null;
  const flow = useMemo(() => (code ? codeClaimFlow(code) : null), [code]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    setMissing(value === '');
    if (value) actor?.send({ type: 'resource.load', params: { code: value } });
  };
  let message: string | null = null;
  if (missing) message = LL.coupons.code.required();
  // The server words an unknown code in the customer's language; a failed request has the request layer's.
  else if (failed) message = errorText(LL, error ?? '');
  return (
    <Page head={<PageHead title={LL.coupons.code.title()} />}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor="promo-code" className={styles.cardTitle}>
          {LL.coupons.code.label()}
        </label>
        <input
          id="promo-code"
          className={styles.input}
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={LL.coupons.code.placeholder()}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'promo-code-error' : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        {message && (
          <p id="promo-code-error" className={styles.error} role="alert">
            {message}
          </p>
        )}
        <Button type="submit" block disabled={loading} busy={loading}>
          {loading ? LL.coupons.code.finding() : LL.coupons.code.find()}
        </Button>
      </form>
      {found && flow && !failed && (
        <ActivityBlock
          activity={found.activity}
          claim={(offer) => (
            <OfferClaim
              key={found.code}
              flow={flow}
              name={offer.name}
              refusal={offer.refusal}
              back={`/order/search-activity-by-code?code=${encodeURIComponent(found.code)}`}
            />
          )}
        />
      )}
    </Page>
  );
}

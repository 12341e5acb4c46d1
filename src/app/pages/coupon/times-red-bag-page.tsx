// /pages/user/coupon/times-red-bag (spec §2 user pages, §3 "Times red bag info", §7 activity/getTimesRedBag
// and checkTimesRedBag; decision C113): the customer's order red bags; a ready reward is taken with one tap
// and lands in their coupons.
import { useSelector } from '@xstate/react';
import type { TimesRedBag } from '../../../domain/api/activity';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import {
  selectData,
  selectError,
  selectFailed,
  selectIsLoading,
  selectIsReady,
} from '../../../machines/shared/resource.selectors';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { TakeReward, TimesRedBagView } from '../../../views/red-bag/times-red-bag-view';
import { useAppState } from '../../app-state';
import { takeTimesRewardFlow, timesRedBagsFlow } from '../../flows/red-bag';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

const HERE = '/pages/user/coupon/times-red-bag';

export default function TimesRedBagPage() {
  return (
    <WithMessages namespace="redBag">
      <RequireShop>{() => <TimesRedBags />}</RequireShop>
    </WithMessages>
  );
}

function TimesRedBags() {
  const { LL } = useI18nContext();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const hasPhone = useSelector(session, selectHasPhone);
  return (
    <Page head={<PageHead title={LL.redBag.times.title()} />}>
      {hasPhone ? (
        <Bags />
      ) : (
        <TimesRedBagView
          status="guest"
          bags={[]}
          error={null}
          onRetry={() => undefined}
          loginHref={navigation.href('/pages/user/login', { redirect: HERE })}
          take={() => null}
        />
      )}
    </Page>
  );
}

function Bags() {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const actor = useFlow(timesRedBagsFlow, () => ({ input: { params: {} } }));
  const bags = useSelector(actor ?? undefined, (s) => (s ? selectData<TimesRedBag[]>(s) : null));
  const loading = useSelector(actor ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  return (
    <TimesRedBagView
      status={failed ? 'failed' : loading || !bags ? 'loading' : 'ready'}
      bags={bags ?? []}
      error={error ? errorText(LL, error) : null}
      onRetry={() => actor?.send({ type: 'resource.retry' })}
      loginHref={navigation.href('/pages/user/login', { redirect: HERE })}
      take={(bag) => <Take id={bag.id} />}
    />
  );
}

/** One bag's reward: checkTimesRedBag runs when the customer taps, then "View in my coupons". */
function Take({ id }: { id: number }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const actor = useFlow(takeTimesRewardFlow, () => ({ input: undefined }));
  const busy = useSelector(actor ?? undefined, (s) => (s ? s.matches('loading') : false));
  const done = useSelector(actor ?? undefined, (s) => (s ? selectIsReady(s) : false));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const error = useSelector(actor ?? undefined, (s) => (s ? selectError(s) : null));
  return (
    <TakeReward
      status={done ? 'taken' : busy ? 'taking' : failed ? 'failed' : 'idle'}
      error={failed && error ? errorText(LL, error) : null}
      onTake={() => actor?.send({ type: 'resource.load', params: { id } })}
      couponsHref={navigation.href('/pages/user/coupon/list')}
    />
  );
}

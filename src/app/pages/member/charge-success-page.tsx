// /member/charge-success?id=: what a credited recharge put on the card and the balances after it, read from
// vip/chargeResult so a reload shows the same. A recharge that is not credited yet (the gateway's page may
// send the customer here straight away) goes to /member/recharge, whose flow waits for it or says how it
// ended.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { RechargeView } from '../../../domain/api/member-money';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { memberMoneyApi } from '../../../services/member-money';
import { RechargeSuccessView } from '../../../views/member/recharge-success-view';
import { RechargeSkeleton } from '../../../views/member/recharge-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { RequireMember } from './recharge-gate';
import { positiveId } from './recharge-search';

const route = getRouteApi('/member/charge-success');

const rechargeResult = resourceMachine.provide({
  actors: {
    load: fromPromise(({ input }) => memberMoneyApi.chargeResult(input as { id: number }, { toast: false })),
  },
});

export default function ChargeSuccessPage() {
  return (
    <WithMessages namespace="recharge">
      <RequireShop>{() => <ChargeSuccessContent />}</RequireShop>
    </WithMessages>
  );
}

function ChargeSuccessContent() {
  const { LL } = useI18nContext();
  const id = positiveId(route.useSearch().id);
  return (
    <Page head={<PageHead title={LL.recharge.success.title()} />}>
      {id === null ? (
        <EmptyState icon="alert" title={LL.recharge.success.notFound()} />
      ) : (
        <RequireMember back={`/member/charge-success?id=${id}`}>
          {() => <Result key={id} id={id} />}
        </RequireMember>
      )}
    </Page>
  );
}

function Result({ id }: { id: number }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const actor = useFlow(rechargeResult, () => ({ input: { params: { id } } }));
  const recharge = useSelector(actor ?? undefined, (s) => (s ? selectData<RechargeView>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const credited = recharge?.status === 'success' && recharge.credited !== null;
  useEffect(() => {
    if (recharge && !credited)
      navigation.go('/member/recharge', { rechargeId: recharge.id }, { replace: true });
  }, [recharge, credited, navigation]);
  if (failed)
    return (
      <ErrorView
        message={LL.recharge.success.notFound()}
        onRetry={() => actor?.send({ type: 'resource.retry' })}
      />
    );
  if (!recharge || !recharge.credited || !credited) return <RechargeSkeleton />;
  return <RechargeSuccessView recharge={{ ...recharge, credited: recharge.credited }} />;
}

// /member/recharge (?rechargeId= when back from the gateway's page): top up the member card. The recharge
// flow loads the tiers, starts the payment and reads the recharge back; a credited one opens
// /member/charge-success, a cancelled or failed one comes back here with the message.
import { getRouteApi } from '@tanstack/react-router';
import type { Member } from '../../../domain/catalog';
import { useI18nContext } from '../../../i18n/i18n-context';
import { RECHARGE_BAR_REM, RechargeView } from '../../../views/member/recharge-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useRechargeFlow } from '../../flows/recharge';
import { WithMessages } from '../../with-messages';
import { RequireMember } from './recharge-gate';
import { positiveId } from './recharge-search';

const route = getRouteApi('/member/recharge');

export default function RechargePage() {
  return (
    <WithMessages namespace="recharge">
      <RequireShop>{() => <RechargeContent />}</RequireShop>
    </WithMessages>
  );
}

function RechargeContent() {
  const { LL } = useI18nContext();
  const search = route.useSearch();
  const rechargeId = positiveId(search.rechargeId);
  return (
    <Page bottomBar={RECHARGE_BAR_REM} head={<PageHead title={LL.recharge.title()} />}>
      <RequireMember back="/member/recharge">
        {(member) => <Recharge key={rechargeId ?? 'new'} member={member} rechargeId={rechargeId} />}
      </RequireMember>
    </Page>
  );
}

function Recharge({ member, rechargeId }: { member: Member; rechargeId: number | null }) {
  const navigation = useAppNavigation();
  const actor = useRechargeFlow(rechargeId === null ? null : { rechargeId }, {
    onCredited: (recharge) => navigation.go('/member/charge-success', { id: recharge.id }, { replace: true }),
  });
  if (!actor) return null;
  return <RechargeView actor={actor} member={member} />;
}

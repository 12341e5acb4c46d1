// /member/point-consume-list: the member's points history, newest first, from vip/pointDoc, with the points
// balance on top, the next page at the bottom and a pull that reads it again.
import { useSelector } from '@xstate/react';
import type { PointDocInfo, PointsEntry } from '../../../domain/api/member-money';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectLastPage, selectRows } from '../../../machines/member/ledger.selectors';
import { PointsLedgerView } from '../../../views/member/ledger-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { pointsLedgerFlow, useLedger } from '../../flows/member-ledger';
import { RequireShop } from '../../require-shop';
import { WithMessages } from '../../with-messages';
import { RequireMember } from './recharge-gate';
import { useLedgerProps } from './ledger-props';

export default function PointConsumeListPage() {
  return (
    <WithMessages namespace="recharge">
      <RequireShop>{() => <PointsContent />}</RequireShop>
    </WithMessages>
  );
}

function PointsContent() {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.recharge.ledger.pointsTitle()} />}>
      <RequireMember back="/member/point-consume-list">{() => <PointsLedger />}</RequireMember>
    </Page>
  );
}

function PointsLedger() {
  const { actor, pull } = useLedger(pointsLedgerFlow);
  const rows = useSelector(actor ?? undefined, (s) => (s ? selectRows<PointsEntry>(s) : []));
  const last = useSelector(actor ?? undefined, (s) => (s ? selectLastPage<PointDocInfo>(s) : null));
  const props = useLedgerProps(actor);
  const view = <PointsLedgerView {...props} rows={rows} points={last?.points ?? null} />;
  return pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view;
}

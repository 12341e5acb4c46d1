// /member/doc (pull-down refresh on): the member card's balance transactions, newest first, from vip/doc,
// with the next page at the bottom.
import { useSelector } from '@xstate/react';
import type { BalanceEntry } from '../../../domain/api/member-money';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectRows } from '../../../machines/member/ledger.selectors';
import { BalanceLedgerView } from '../../../views/member/ledger-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { balanceLedgerFlow, useLedger } from '../../flows/member-ledger';
import { RequireShop } from '../../require-shop';
import { WithMessages } from '../../with-messages';
import { RequireMember } from './recharge-gate';
import { useLedgerProps } from './ledger-props';

export default function DocPage() {
  return (
    <WithMessages namespace="recharge">
      <RequireShop>{() => <DocContent />}</RequireShop>
    </WithMessages>
  );
}

function DocContent() {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.recharge.ledger.balanceTitle()} />}>
      <RequireMember back="/member/doc">{() => <BalanceLedger />}</RequireMember>
    </Page>
  );
}

function BalanceLedger() {
  const { actor, pull } = useLedger(balanceLedgerFlow);
  const rows = useSelector(actor ?? undefined, (s) => (s ? selectRows<BalanceEntry>(s) : []));
  const props = useLedgerProps(actor);
  const view = <BalanceLedgerView {...props} rows={rows} />;
  return pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view;
}

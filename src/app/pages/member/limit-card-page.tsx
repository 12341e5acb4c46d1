// /member/limit-card: the member's limit cards (store/limitCardList), usable ones first, each with its uses
// left, validity, the products a use pays for and a way to its uses; a pull reads them again.
import { useSelector } from '@xstate/react';
import type { LimitCardView } from '../../../domain/api/limit-card';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectRows } from '../../../machines/member/ledger.selectors';
import { LimitCardListView } from '../../../views/member/limit-card-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { limitCardsFlow } from '../../flows/limit-cards';
import { useLedger } from '../../flows/member-ledger';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { WithMessages } from '../../with-messages';
import { useLedgerProps } from './ledger-props';
import { RequireMember } from './recharge-gate';

export default function LimitCardPage() {
  return (
    <WithMessages namespace={['recharge', 'limitCard']}>
      <RequireShop>{() => <LimitCardContent />}</RequireShop>
    </WithMessages>
  );
}

function LimitCardContent() {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.limitCard.title()} />}>
      <RequireMember back="/member/limit-card">{() => <Cards />}</RequireMember>
    </Page>
  );
}

function Cards() {
  const navigation = useAppNavigation();
  const { actor, pull } = useLedger(limitCardsFlow);
  const cards = useSelector(actor ?? undefined, (s) => (s ? selectRows<LimitCardView>(s) : []));
  const { loading, failed, onRetry } = useLedgerProps(actor);
  const view = (
    <LimitCardListView
      loading={loading}
      failed={failed}
      onRetry={onRetry}
      cards={cards}
      historyHref={(cardId) => navigation.href('/member/limit-card-history', { cardId })}
      topUpHref={navigation.href('/member/recharge')}
    />
  );
  return pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view;
}

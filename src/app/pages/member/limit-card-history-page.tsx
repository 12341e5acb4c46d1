// /member/limit-card-history: the uses of the member's limit cards (store/limitCardUseList), newest first,
// with the order each belongs to; the query's cardId or productId filters them, and the chips above switch
// between all, one card and one product (decision M165).
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { LimitCardEntry, LimitCardView } from '../../../domain/api/limit-card';
import { useI18nContext } from '../../../i18n/i18n-context';
import { selectRows } from '../../../machines/member/ledger.selectors';
import { LimitCardHistoryView, type HistoryFilter } from '../../../views/member/limit-card-view';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { PullToRefresh } from '../../../views/ui/pull-to-refresh';
import { limitCardsFlow, limitCardUsesFlow, type LimitCardFilter } from '../../flows/limit-cards';
import { useLedger } from '../../flows/member-ledger';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { WithMessages } from '../../with-messages';
import { useLedgerProps } from './ledger-props';
import { RequireMember } from './recharge-gate';
import { positiveId } from './recharge-search';

const route = getRouteApi('/member/limit-card-history');

export default function LimitCardHistoryPage() {
  return (
    <WithMessages namespace={['recharge', 'limitCard']}>
      <RequireShop>{() => <HistoryContent />}</RequireShop>
    </WithMessages>
  );
}

function HistoryContent() {
  const { LL } = useI18nContext();
  const search = route.useSearch() as Record<string, unknown>;
  const cardId = positiveId(search.cardId);
  const productId = cardId === null ? positiveId(search.productId) : null;
  const filter: LimitCardFilter = {
    ...(cardId !== null ? { cardId } : {}),
    ...(productId !== null ? { productId } : {}),
  };
  return (
    <Page head={<PageHead title={LL.limitCard.historyTitle()} />}>
      <RequireMember back="/member/limit-card-history">
        {() => <History key={`${cardId}-${productId}`} filter={filter} />}
      </RequireMember>
    </Page>
  );
}

/** All, each card and each covered product, from the member's cards. */
function useFilters(current: LimitCardFilter): HistoryFilter[] {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const { actor } = useLedger(limitCardsFlow);
  const cards = useSelector(actor ?? undefined, (s) => (s ? selectRows<LimitCardView>(s) : []));
  const products = new Map(cards.flatMap((c) => c.products.map((p) => [p.id, p.name] as const)));
  const none = current.cardId === undefined && current.productId === undefined;
  return [
    {
      key: 'all',
      label: LL.limitCard.filterAll(),
      href: navigation.href('/member/limit-card-history'),
      current: none,
    },
    ...cards.map((c) => ({
      key: `card-${c.id}`,
      label: c.name,
      href: navigation.href('/member/limit-card-history', { cardId: c.id }),
      current: current.cardId === c.id,
    })),
    ...[...products].map(([id, name]) => ({
      key: `product-${id}`,
      label: name,
      href: navigation.href('/member/limit-card-history', { productId: id }),
      current: current.productId === id,
    })),
  ];
}

function History({ filter }: { filter: LimitCardFilter }) {
  // One flow per filter: the page keys this component by it, so a new filter reads from its first page.
  const { cardId, productId } = filter;
  const flow = useMemo(() => limitCardUsesFlow({ cardId, productId }), [cardId, productId]);
  const { actor, pull } = useLedger(flow);
  const rows = useSelector(actor ?? undefined, (s) => (s ? selectRows<LimitCardEntry>(s) : []));
  const props = useLedgerProps(actor);
  const filters = useFilters(filter);
  const view = <LimitCardHistoryView {...props} rows={rows} filters={filters} />;
  return pull ? <PullToRefresh actor={pull}>{view}</PullToRefresh> : view;
}

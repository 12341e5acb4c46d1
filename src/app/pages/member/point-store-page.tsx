// /member/point-store/point-store ("points mall"): the member's points and the items on sale in the
// membership scope, read by activity/getPointExchangeStoreProducts. Tapping "Exchange" opens the confirm
// sheet of the pointExchange flow for that item; a refusal reads the items again (points, stock or limits
// changed) and says why; an exchange opens /member/point-store/exchange-success.
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { PointStoreInfo, PointStoreItem } from '../../../domain/api/point-store';
import { useI18nContext } from '../../../i18n/i18n-context';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { pointStoreApi } from '../../../services/point-store';
import {
  ExchangeNotice,
  ExchangeSheet,
  ItemCards,
  PointsHeader,
  PointStoreSkeleton,
} from '../../../views/member/point-store-view';
import styles from '../../../views/member/point-store.module.css';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { ErrorView } from '../../../views/ui/state-views';
import { usePointExchangeFlow } from '../../flows/point-exchange';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';
import { RequireMember } from './recharge-gate';

export const pointStoreResource = resourceMachine.provide({
  actors: { load: fromPromise<unknown, unknown>(() => pointStoreApi.items({}, { toast: false })) },
});

export default function PointStorePage() {
  return (
    <WithMessages namespace={['pointStore', 'recharge']}>
      <RequireShop>{() => <PointStoreContent />}</RequireShop>
    </WithMessages>
  );
}

function PointStoreContent() {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.pointStore.title()} />}>
      <RequireMember back="/member/point-store/point-store">{() => <Store />}</RequireMember>
    </Page>
  );
}

function Store() {
  const navigation = useAppNavigation();
  const actor = useFlow(pointStoreResource, () => ({ input: { params: {} } }));
  const info = useSelector(actor ?? undefined, (s) => (s ? selectData<PointStoreInfo>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  // Each chosen item gets its own flow, so a new choice starts at quantity 1 with no old refusal.
  const [chosen, setChosen] = useState<{ item: PointStoreItem; serial: number } | null>(null);
  if (failed && !info) return <ErrorView onRetry={() => actor?.send({ type: 'resource.retry' })} />;
  if (!info) return <PointStoreSkeleton />;
  return (
    <>
      <PointsHeader points={info.points} historyHref={navigation.href('/member/point-consume-list')} />
      {chosen && (
        <Exchange
          key={chosen.serial}
          item={chosen.item}
          points={info.points}
          onRefused={() => actor?.send({ type: 'resource.reload' })}
        />
      )}
      <ItemCards
        items={info.items}
        detailHref={(item) => navigation.href('/member/point-store/coupon-detail', { id: item.id })}
        onExchange={(item) => setChosen((c) => ({ item, serial: (c?.serial ?? 0) + 1 }))}
      />
    </>
  );
}

function Exchange({
  item,
  points,
  onRefused,
}: {
  item: PointStoreItem;
  points: number;
  onRefused: () => void;
}) {
  const navigation = useAppNavigation();
  const flow = usePointExchangeFlow(item, points, (exchange) =>
    navigation.go('/member/point-store/exchange-success', { id: exchange.id }),
  );
  const refused = useSelector(flow ?? undefined, (s) => (s ? s.hasTag('refused') : false));
  const latest = useRef(onRefused);
  latest.current = onRefused;
  // The choice opens the confirm sheet at once; a refusal reads the items again, since what blocked it
  // (points, stock, a limit) has changed since they were read.
  useEffect(() => flow?.send({ type: 'exchange.open' }), [flow]);
  useEffect(() => {
    if (refused) latest.current();
  }, [refused]);
  if (!flow) return null;
  return (
    <>
      {refused && (
        <div className={styles.noticeRow}>
          <ExchangeNotice actor={flow} />
        </div>
      )}
      <ExchangeSheet actor={flow} />
    </>
  );
}

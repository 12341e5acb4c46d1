// /order/confirmed-order?id=: the tab's bill once asked for (spec §2, issue 15): frozen, split or whole; the
// reader takes a share (or picks dishes) and pays it with the shop's pay panel, then is back on the bill.
// Taken back, the tab page takes over again; paid, the page thanks the table.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { Actor } from 'xstate';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import { errorText } from '../../../i18n/error-text';
import type { openTableMachine } from '../../../machines/open-table/open-table.machine';
import * as select from '../../../machines/open-table/open-table.selectors';
import { BillView } from '../../../views/open-table/bill-view';
import { TabView } from '../../../views/open-table/tab-view';
import { PayPanelSkeleton } from '../../../views/order/pay-panel-skeleton';
import { ErrorView } from '../../../views/ui/error-view';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { WithMessages } from '../../with-messages';
import { useTabFlow } from './tab-page';

const PayOrder = lazy(() => import('./pay-order'));
const route = getRouteApi('/order/confirmed-order');

export default function BillPage() {
  return (
    <WithMessages namespace={['openTable', 'payment']}>
      <RequireShop>{(shop) => <BillFlow shop={shop} />}</RequireShop>
    </WithMessages>
  );
}

function BillFlow({ shop }: { shop: ShopInfo }) {
  const { id, pay } = route.useSearch();
  const actor = useTabFlow(shop, id ?? 0);
  if (!actor) return null;
  return <Bill actor={actor} payNow={pay !== undefined} />;
}

function Bill({ actor, payNow }: { actor: Actor<typeof openTableMachine>; payNow: boolean }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const tab = useSelector(actor, select.selectTab);
  const paying = useSelector(actor, select.selectIsPaying);
  const ordering = useSelector(actor, select.selectIsOrdering);
  const paid = useSelector(actor, select.selectIsPaid);
  const closed = useSelector(actor, select.selectIsClosed);
  const failed = useSelector(actor, select.selectLoadFailed);
  const loadError = useSelector(actor, select.selectLoadError);
  const timer = useSelector(
    actor,
    select.selectTimer,
    (a, b) => a?.elapsed === b?.elapsed && a?.running === b?.running,
  );
  const polling = useSelector(actor, select.selectIsPolling);
  const picked = useSelector(actor, select.selectPicked);
  const taking = useSelector(actor, select.selectTakingPart);
  const payOrderId = useSelector(actor, select.selectPaying);
  const canOpenPay = useSelector(actor, select.selectCanOpenPay);
  const canTakeBack = useSelector(actor, select.selectCanTakeBack);
  const takingBack = useSelector(actor, select.selectTakingBack);
  const problem = useSelector(actor, select.selectProblem);
  const myPart = useSelector(actor, select.selectMyOpenPart);
  useEffect(() => {
    if (ordering && tab) navigation.go('/order/order', { id: tab.id }, { replace: true });
  }, [ordering, tab, navigation]);
  // Sent here to pay: the pay panel opens once the bill is read, and the link forgets it.
  useEffect(() => {
    if (!payNow || !canOpenPay) return;
    actor.send({ type: 'pay.open' });
    navigation.go('/order/confirmed-order', { id: tab?.id ?? 0 }, { replace: true });
  }, [payNow, canOpenPay, actor, tab?.id, navigation]);

  if (!paying || !tab) {
    // Loading, failed, paid or closed read as the tab page shows them.
    return (
      <TabView
        phase={failed ? 'failed' : paid ? 'paid' : closed ? 'closed' : 'loading'}
        tab={tab}
        timer={timer}
        polling={polling}
        canPay={null}
        canAskBill={false}
        round={null}
        roundDropped={false}
        problem={null}
        loadError={loadError ? errorText(LL, loadError) : null}
        split={{
          open: false,
          value: { mode: 'all' },
          busy: false,
          price: { quote: null, loading: false, failed: false, couponId: null },
        }}
        onRetry={() => actor.send({ type: 'tab.retry' })}
        onAddDishes={() => undefined}
        onAskBill={() => undefined}
        onSplit={() => undefined}
        onCoupon={() => undefined}
        onRetryPrice={() => undefined}
        onCloseSplit={() => undefined}
        onConfirmBill={() => undefined}
        onRetryRound={() => undefined}
        onDropRound={() => undefined}
        onDismissProblem={() => undefined}
        onMenu={() => navigation.go('/product/index', {})}
      />
    );
  }
  const payAmount = myPart?.amount ?? (tab.bill ? tab.bill.remaining : tab.total);
  return (
    <BillView
      tab={tab}
      timer={timer}
      polling={polling}
      picked={picked}
      taking={taking}
      payAmount={payOrderId !== null ? payAmount : null}
      payPanel={
        payOrderId !== null ? (
          <Suspense fallback={<PayPanelSkeleton />}>
            <PayOrder
              key={payOrderId}
              orderId={payOrderId}
              onPaid={() => actor.send({ type: 'pay.done' })}
              onEnded={() => actor.send({ type: 'pay.close' })}
              failed={<ErrorView />}
            />
          </Suspense>
        ) : null
      }
      canOpenPay={canOpenPay}
      canTakeBack={canTakeBack}
      takingBack={takingBack}
      problem={problem ? errorText(LL, problem.message) : null}
      onTake={(part) => actor.send({ type: 'part.take', part })}
      onPick={(lineId) => actor.send({ type: 'line.pick', lineId })}
      onOpenPay={() => actor.send({ type: 'pay.open' })}
      onClosePay={() => actor.send({ type: 'pay.close' })}
      onTakeBack={() => actor.send({ type: 'bill.takeBack' })}
      onDismissProblem={() => actor.send({ type: 'problem.dismiss' })}
    />
  );
}

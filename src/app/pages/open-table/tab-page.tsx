// /order/order?id=: an open-table tab while it takes rounds (spec §2, issue 15). The menu's cart comes here to
// be sent as one round (`round=<key>` in the query, so a reload sends it once); the cart is cleared when the
// kitchen's tab has it. Once the bill is asked for, the bill page takes over.
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import { errorText } from '../../../i18n/error-text';
import { orderProducts } from '../../../machines/checkout/checkout.rules';
import type { openTableMachine } from '../../../machines/open-table/open-table.machine';
import * as select from '../../../machines/open-table/open-table.selectors';
import { storage } from '../../../services/storage';
import { TabView, type TabPhase } from '../../../views/open-table/tab-view';
import { useAppState } from '../../app-state';
import { useCart } from '../../cart-state';
import { openTableFlow } from '../../flows/open-table';
import { newIdempotencyKey } from '../../idempotency-key';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { WithMessages } from '../../with-messages';

const route = getRouteApi('/order/order');

export default function TabPage() {
  return (
    // The coupons' reasons are the coupon pages' words: the one who pays all may use a coupon.
    <WithMessages namespace={['openTable', 'coupons']}>
      <RequireShop>{(shop) => <TabFlow shop={shop} />}</RequireShop>
    </WithMessages>
  );
}

/** The flow of one tab, for the tab page and the bill page. */
export function useTabFlow(shop: ShopInfo, tabId: number) {
  const { session } = useAppState();
  const { cart } = useCart();
  const navigation = useAppNavigation();
  useEffect(() => {
    // The menu now sends its cart to this tab; the cart is priced as an open-table order (spec §4).
    storage.setOpenTab(shop.id, tabId);
    session.send({ type: 'session.setOrderType', orderType: 'openTable' });
  }, [shop.id, tabId, session]);
  return useFlow(
    openTableFlow,
    () => ({ input: { tabId, monotonic: () => performance.now(), newKey: newIdempotencyKey } }),
    (flow) => [
      flow.on('round.accepted', () => {
        cart?.send({ type: 'cart.clear' });
        navigation.go('/order/order', { id: tabId }, { replace: true });
      }),
      // The menu orders as usual again once the tab is over.
      flow.on('tab.paid', () => storage.setOpenTab(shop.id, null)),
      flow.on('tab.closed', () => storage.setOpenTab(shop.id, null)),
    ],
  );
}

function TabFlow({ shop }: { shop: ShopInfo }) {
  const { id, round } = route.useSearch();
  const { cart } = useCart();
  const navigation = useAppNavigation();
  const actor = useTabFlow(shop, id ?? 0);
  useEffect(() => {
    if (!actor || !round) return;
    const lines = cart?.getSnapshot().context.lines ?? [];
    if (lines.length === 0) navigation.go('/order/order', { id: id ?? 0 }, { replace: true });
    else actor.send({ type: 'round.send', round: { products: orderProducts(lines), note: '', key: round } });
    // Sent once per page with this key; the flow keeps it until the kitchen's tab has the round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  if (!actor) return null;
  return <Tab actor={actor} />;
}

const phaseOf = (s: ReturnType<Actor<typeof openTableMachine>['getSnapshot']>): TabPhase =>
  select.selectLoadFailed(s)
    ? 'failed'
    : select.selectIsOrdering(s)
      ? 'ordering'
      : select.selectIsPaying(s)
        ? 'paying'
        : select.selectIsPaid(s)
          ? 'paid'
          : select.selectIsClosed(s)
            ? 'closed'
            : 'loading';

function Tab({ actor }: { actor: Actor<typeof openTableMachine> }) {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  const phase = useSelector(actor, phaseOf);
  const tab = useSelector(actor, select.selectTab);
  const timer = useSelector(
    actor,
    select.selectTimer,
    (a, b) => a?.elapsed === b?.elapsed && a?.running === b?.running,
  );
  const polling = useSelector(actor, select.selectIsPolling);
  const canPay = useSelector(actor, select.selectCanPay);
  const canAskBill = useSelector(actor, select.selectCanAskBill);
  const sending = useSelector(actor, select.selectSendingRound);
  const failed = useSelector(actor, select.selectRoundFailed);
  const dropped = useSelector(actor, select.selectRoundDropped);
  const problem = useSelector(actor, select.selectProblem);
  const loadError = useSelector(actor, select.selectLoadError);
  const choosing = useSelector(actor, select.selectChoosingSplit);
  const confirming = useSelector(actor, select.selectConfirming);
  const split = useSelector(actor, select.selectSplit);
  const quote = useSelector(actor, select.selectQuote);
  const quoteLoading = useSelector(actor, select.selectQuoteLoading);
  const quoteFailed = useSelector(actor, select.selectQuoteFailed);
  const couponId = useSelector(actor, select.selectCoupon);
  const tabId = tab?.id ?? actor.getSnapshot().context.tabId;
  const payNow = useSelector(actor, (s) => select.selectPaying(s) !== null);
  useEffect(() => {
    // The guest who asked for the whole bill pays it at once on the bill page.
    if (phase === 'paying')
      navigation.go(
        '/order/confirmed-order',
        { id: tabId ?? 0, ...(payNow ? { pay: 1 } : {}) },
        { replace: true },
      );
  }, [phase, tabId, payNow, navigation]);
  return (
    <TabView
      phase={phase}
      tab={tab}
      timer={timer}
      polling={polling}
      canPay={canPay}
      canAskBill={canAskBill}
      round={sending ? 'sending' : failed ? 'failed' : null}
      roundDropped={dropped}
      problem={problem ? errorText(LL, problem.message) : null}
      loadError={loadError ? errorText(LL, loadError) : null}
      split={{
        open: choosing,
        value: split,
        busy: confirming,
        price: { quote, loading: quoteLoading, failed: quoteFailed, couponId },
      }}
      onRetry={() => actor.send({ type: 'tab.retry' })}
      onAddDishes={() => navigation.go('/product/index', {})}
      onAskBill={() => actor.send({ type: 'bill.ask' })}
      onSplit={(value) => actor.send({ type: 'bill.choose', split: value })}
      onCoupon={(value) => actor.send({ type: 'bill.coupon', couponId: value })}
      onRetryPrice={() => actor.send({ type: 'bill.quoteRetry' })}
      onCloseSplit={() => actor.send({ type: 'bill.close' })}
      onConfirmBill={() => actor.send({ type: 'bill.confirm' })}
      onRetryRound={() => actor.send({ type: 'round.retry' })}
      onDropRound={() => actor.send({ type: 'round.drop' })}
      onDismissProblem={() => actor.send({ type: 'problem.dismiss' })}
      onMenu={() => navigation.go('/product/index', {})}
    />
  );
}

// The confirm page's coupon row, loaded beside the page (with its messages) so the page's own code does not
// carry it. The coupon selection flow and the checkout flow talk through this component: the checkout's
// pricing goes to the selection after every recalculation, the selection's choice goes to the checkout's
// pricing input and payload, and a refused coupon goes back to the selection.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import type { ShopInfo } from '../../../domain/shop';
import type { PricingResult } from '../../../domain/pricing';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import type { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import type { KeptCouponChoice } from '../../../machines/coupon/coupon-selection.machine';
import {
  selectChosen,
  selectIsGuest,
  selectIsLoading,
  selectLoadFailed,
  selectNotice,
  selectOptions,
  selectUsableCount,
} from '../../../machines/coupon/coupon-selection.selectors';
import { selectHasPhone } from '../../../machines/entry/session.selectors';
import { CouponPickerView } from '../../../views/coupon/coupon-picker-view';
import { noticeText } from '../../../views/coupon/coupon-text';
import { Skeleton } from '../../../views/ui/skeleton';
import { usePriceFormatter } from '../../../views/ui/shop-display';
import { useAppState } from '../../app-state';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { couponSelectionFlow } from '../../flows/coupon-selection';
import { priceActivities, shopOffers } from '../../shop-activities';

type CheckoutActor = Actor<typeof checkoutMachine>;

/** The choice of this visit, kept while the customer goes to the address book and back. */
let kept: { shopId: number; choice: KeptCouponChoice } | null = null;

export default function CouponPicker(props: { checkout: CheckoutActor; shop: ShopInfo }) {
  const state = useNamespace('coupons');
  if (state === 'ready') return <Picker {...props} />;
  // Without its messages the order still goes through, without a coupon.
  return state === 'failed' ? null : <Skeleton width="100%" height="2.75rem" />;
}

function Picker({ checkout, shop }: { checkout: CheckoutActor; shop: ShopInfo }) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const hasPhone = useSelector(session, selectHasPhone);
  const flow = useFlow(
    couponSelectionFlow,
    () => ({
      input: {
        loggedIn: selectHasPhone(session.getSnapshot()),
        kept: kept?.shopId === shop.id ? kept.choice : null,
      },
    }),
    (selection) => {
      let priced: PricingResult | null | undefined;
      const pass = () => {
        const { context } = checkout.getSnapshot();
        if (context.pricing === priced) return;
        priced = context.pricing;
        selection.send({
          type: 'coupons.priced',
          evaluations: priced?.coupon.evaluations ?? [],
          lineFlags: context.lines.filter((l) => l.quantity > 0).map((l) => l.flag),
          payType: context.form.payType,
        });
      };
      // Once started, so the first pricing is the selection's first.
      queueMicrotask(pass);
      return [
        selection.on('coupons.changed', (change) =>
          checkout.send({
            type: 'checkout.setCoupons',
            coupons: change.coupons,
            couponId: change.couponId,
            couponLineFlag: change.couponLineFlag,
          }),
        ),
        selection.subscribe(({ context }) => {
          kept = {
            shopId: shop.id,
            choice: { chosenId: context.chosenId, lineFlag: context.lineFlag, cleared: context.cleared },
          };
        }),
        checkout.subscribe((snapshot) => {
          // A placed order used the choice: the next order starts from the default pick again.
          if (snapshot.status === 'done') kept = null;
          else pass();
        }),
        checkout.on('coupon.refused', (event) =>
          selection.send({ type: 'coupons.refused', reasons: event.reasons }),
        ),
      ];
    },
  );
  useEffect(() => {
    if (flow && hasPhone) flow.send({ type: 'coupons.login' });
  }, [flow, hasPhone]);
  // After a reload straight onto this page the menu has not given the cart the shop's price activities.
  useEffect(() => {
    if (checkout.getSnapshot().context.parts.activities.length > 0) return;
    let live = true;
    shopOffers(shop.id).then(
      (offers) => {
        const activities = priceActivities(offers.activities);
        if (live && activities.length > 0)
          checkout.send({ type: 'checkout.setActivities', activities, purchased: offers.purchased });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [checkout, shop.id]);
  const guest = useSelector(flow ?? undefined, (s) => (s ? selectIsGuest(s) : false));
  const loading = useSelector(flow ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(flow ?? undefined, (s) => (s ? selectLoadFailed(s) : false));
  const options = useSelector(flow ?? undefined, (s) => (s ? selectOptions(s) : []), sameOptions);
  const usableCount = useSelector(flow ?? undefined, (s) => (s ? selectUsableCount(s) : 0));
  const chosen = useSelector(flow ?? undefined, (s) => (s ? selectChosen(s) : null), sameChosen);
  const notice = useSelector(flow ?? undefined, (s) => (s ? selectNotice(s) : null));
  return (
    <CouponPickerView
      status={guest ? 'guest' : loading ? 'loading' : failed ? 'failed' : 'ready'}
      usableCount={usableCount}
      chosen={chosen}
      options={options}
      notice={notice ? noticeText(LL, notice, format) : null}
      onDismissNotice={() => flow?.send({ type: 'coupons.dismissNotice' })}
      onChoose={(id) => flow?.send({ type: 'coupons.choose', id })}
      onClear={() => flow?.send({ type: 'coupons.clear' })}
      onRetry={() => flow?.send({ type: 'coupons.retry' })}
      loginHref={navigation.href('/pages/user/login', { redirect: '/order/confirm' })}
      offersHref={navigation.href('/pages/activity/list')}
      promoCodeHref={shop.hasPromotionWithCode ? navigation.href('/order/search-activity-by-code') : null}
    />
  );
}

const sameChosen = (a: { id: number; amount: number } | null, b: { id: number; amount: number } | null) =>
  a === b || (a !== null && b !== null && a.id === b.id && a.amount === b.amount);

const sameOptions = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && JSON.stringify(a) === JSON.stringify(b);

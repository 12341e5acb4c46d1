// A cart's coupon row on /order/multi-confirm: the confirm page's coupon selection and sheet, one per included
// cart. The cart is priced here with the engine for the sheet (the customer's coupons, the shop's facts; the
// server prices each order again on submit, decision C30), a coupon another cart carries is offered as taken
// with the shop it went to, and the choice goes to the multi-confirm flow, which keeps one coupon per order.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { browserClientTypeCode } from '../../../domain/client-type';
import { shopToday } from '../../../domain/hours';
import type { StoredCart } from '../../../domain/cart';
import type { Coupon, CouponEvaluation, PricingResult } from '../../../domain/pricing';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import { useNamespace } from '../../../i18n/use-namespace';
import { NO_MEMBER_SETTING, priceCart } from '../../../machines/cart/cart.rules';
import { couponHolder, type multiConfirmMachine } from '../../../machines/checkout/multi-confirm.machine';
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
import { clock } from '../../clock';
import { couponSelectionFlow } from '../../flows/coupon-selection';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import styles from './multi-cart-coupon.module.css';

type MultiActor = Actor<typeof multiConfirmMachine>;

export interface MultiCartCouponProps {
  multi: MultiActor;
  cart: StoredCart;
  shop: ShopInfo;
  /** Names of the chain's shops with a cart, for "chosen for <shop>". */
  shopNames: ReadonlyMap<number, string>;
}

export function MultiCartCoupon(props: MultiCartCouponProps) {
  const state = useNamespace('coupons');
  if (state === 'ready') return <CartCoupon {...props} />;
  // Without its messages the orders still go through, without coupons.
  return state === 'failed' ? null : <Skeleton width="100%" height="2.75rem" />;
}

/** The cart priced with the customer's coupons and this cart's choice; null when nothing can be priced. */
function pricingOf(
  cart: StoredCart,
  shop: ShopInfo,
  coupons: Coupon[],
  choice: { couponId: number | null; couponLineFlag: string | null },
  payType: Parameters<typeof priceCart>[2]['payType'],
): PricingResult | null {
  return priceCart(cart.lines as Parameters<typeof priceCart>[0], [], {
    shop,
    memberSetting: NO_MEMBER_SETTING,
    orderType: 'selfPickup',
    clientTypeCode: browserClientTypeCode('selfPickup'),
    member: null,
    payType,
    activities: [],
    coupons,
    couponId: choice.couponId,
    couponLineFlag: choice.couponLineFlag,
    purchased: [],
    distance: null,
    isPickerPack: false,
    taxes: [],
    today: shopToday(clock(), shop.timezone),
  });
}

function CartCoupon({ multi, cart, shop, shopNames }: MultiCartCouponProps) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const hasPhone = useSelector(session, selectHasPhone);
  const flow = useFlow(
    couponSelectionFlow,
    // No default pick here: which order a coupon suits best is the customer's call (decision C127).
    () => ({
      input: {
        loggedIn: selectHasPhone(session.getSnapshot()),
        kept: { chosenId: null, lineFlag: null, cleared: true },
      },
    }),
    (selection) => {
      let coupons: Coupon[] = [];
      let sent = '';
      const pass = () => {
        const { context } = multi.getSnapshot();
        const choice = context.coupons[cart.shopId] ?? { couponId: null, couponLineFlag: null };
        const priced = pricingOf(cart, shop, coupons, choice, context.payType);
        // A coupon another included cart carries is not this cart's to take.
        const evaluations = (priced?.coupon.evaluations ?? []).map((e): CouponEvaluation =>
          couponHolder(context, e.id, cart.shopId) === null ? e : { ...e, usable: false, amount: 0 },
        );
        const message = {
          type: 'coupons.priced' as const,
          evaluations,
          lineFlags: cart.lines.filter((l) => l.quantity > 0).map((l) => l.flag),
          payType: context.payType,
        };
        const key = JSON.stringify(message);
        if (key === sent) return;
        sent = key;
        selection.send(message);
      };
      queueMicrotask(pass);
      return [
        selection.on('coupons.changed', (change) => {
          coupons = change.coupons;
          multi.send({
            type: 'multi.setCoupon',
            shopId: cart.shopId,
            couponId: change.couponId,
            couponLineFlag: change.couponLineFlag,
          });
          pass();
        }),
        multi.subscribe(() => pass()),
        multi.on('coupon.refused', (event) => {
          if (event.shopId === cart.shopId)
            selection.send({ type: 'coupons.refused', reasons: event.reasons });
        }),
      ];
    },
  );
  useEffect(() => {
    if (flow && hasPhone) flow.send({ type: 'coupons.login' });
  }, [flow, hasPhone]);
  const guest = useSelector(flow ?? undefined, (s) => (s ? selectIsGuest(s) : false));
  const loading = useSelector(flow ?? undefined, (s) => (s ? selectIsLoading(s) : true));
  const failed = useSelector(flow ?? undefined, (s) => (s ? selectLoadFailed(s) : false));
  const options = useSelector(flow ?? undefined, (s) => (s ? selectOptions(s) : []), sameJson);
  const usableCount = useSelector(flow ?? undefined, (s) => (s ? selectUsableCount(s) : 0));
  const chosen = useSelector(flow ?? undefined, (s) => (s ? selectChosen(s) : null), sameJson);
  const notice = useSelector(flow ?? undefined, (s) => (s ? selectNotice(s) : null));
  const multiContext = useSelector(multi, (s) => s.context);
  const takenBy = (id: number) => couponHolder(multiContext, id, cart.shopId);
  const held = useSelector(flow ?? undefined, (s) => (s ? s.context.coupons : []));
  const own = multiContext.coupons[cart.shopId] ?? { couponId: null, couponLineFlag: null };
  const total = chosen
    ? (pricingOf(
        cart,
        shop,
        held.map((c) => c.pricing),
        own,
        multiContext.payType,
      )?.totals.total ?? null)
    : null;
  return (
    <div className={styles.row} data-testid="multi-coupon">
      <CouponPickerView
        status={guest ? 'guest' : loading ? 'loading' : failed ? 'failed' : 'ready'}
        usableCount={usableCount}
        chosen={chosen}
        options={options.map((o) => {
          const holder = takenBy(o.id);
          return holder === null
            ? o
            : { ...o, note: LL.coupons.multiCart.takenBy({ shop: shopNames.get(holder) ?? '' }) };
        })}
        notice={notice ? noticeText(LL, notice, format) : null}
        onDismissNotice={() => flow?.send({ type: 'coupons.dismissNotice' })}
        onChoose={(id) => flow?.send({ type: 'coupons.choose', id })}
        onClear={() => flow?.send({ type: 'coupons.clear' })}
        onRetry={() => flow?.send({ type: 'coupons.retry' })}
        loginHref={navigation.href('/pages/user/login', { redirect: '/order/multi-confirm' })}
        offersHref={navigation.href('/pages/activity/list')}
        promoCodeHref={null}
      />
      {chosen && total !== null && (
        <p className={styles.saving} data-testid="multi-coupon-saving">
          {LL.coupons.multiCart.saving({
            name: chosen.name,
            amount: format(chosen.amount),
            total: format(total),
          })}
        </p>
      )}
    </div>
  );
}

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

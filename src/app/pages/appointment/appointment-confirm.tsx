// /order/confirm?productId=&serviceUserId=&date=&time= (spec §2, §3 orderInfo beautyUserName/beautyUserPhone,
// serviceDuration, appointment; §5 "An appointment time is required for a beauty order"): the appointment
// flow holds the chosen time while the page is open (its countdown, kept while the customer stays, let go
// when they leave or change it; a time just taken or a lapsed hold offers the next free ones), and the
// checkout flow prices the service and books it through order/confirm and the pay flow, with the person
// coming when it is someone else, a coupon or the member's limit card. The two are joined by
// ../../appointment-checkout.ts (decision A31).
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import type { Actor } from 'xstate';
import type { LocalDateTime } from '../../../domain/api/order';
import { shopToday } from '../../../domain/hours';
import type { ShopInfo } from '../../../domain/shop';
import { errorText } from '../../../i18n/error-text';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { appointmentMachine } from '../../../machines/appointment/appointment.machine';
import * as select from '../../../machines/appointment/appointment.selectors';
import type { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import {
  selectBreakdown,
  selectCanSubmit,
  selectError,
  selectFieldError,
  selectForm,
  selectIsLoading,
  selectIsLocked,
  selectIsSubmitting,
  selectLoadFailed,
  selectPayOptions,
  selectPricing,
} from '../../../machines/checkout/checkout.selectors';
import type { PayType } from '../../../domain/enums';
import {
  AppointmentAlert,
  BeautyUserFields,
  BookingCard,
  HoldCountdown,
  HoldPending,
} from '../../../views/appointment/appointment-parts';
import { clockIn, dayLong, type AppointmentTexts } from '../../../views/appointment/appointment-text';
import styles from '../../../views/appointment/appointment.module.css';
import { breakdownLabel } from '../../../views/order/breakdown-label';
import { OrderConfirmView, type BreakdownItem } from '../../../views/order/order-confirm-view';
import { Button, LinkButton } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { usePriceFormatter } from '../../../views/ui/shop-display';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { linkAppointmentCheckout } from '../../appointment-checkout';
import { useCart, type CartRef } from '../../cart-state';
import { clock } from '../../clock';
import { appointmentFlow } from '../../flows/appointment';
import type * as CheckoutFlowModule from '../../flows/checkout';
import type * as ServiceLineModule from './service-line';
import { newIdempotencyKey } from '../../idempotency-key';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { fieldErrorText } from '../order/checkout-text';

// The checkout flow is a chunk of its own, shared with the cart's confirm page, and loads beside this one.
const loadCheckoutCode = () => Promise.all([import('../../flows/checkout'), import('./service-line')]);
const CheckoutWithCode = lazy(async () => {
  const [code, service] = await loadCheckoutCode();
  function LoadedCheckout(props: CheckoutProps) {
    return <Checkout {...props} checkoutFlow={code.checkoutFlow} serviceLineOf={service.serviceLineOf} />;
  }
  return { default: LoadedCheckout };
});

const CouponPicker = lazy(() => import('../coupon/coupon-picker'));
const LimitCardPicker = lazy(() => import('../order/limit-card-picker'));

type AppointmentActor = Actor<typeof appointmentMachine>;
type CheckoutActor = Actor<typeof checkoutMachine>;

export interface AppointmentConfirmQuery {
  productId: number;
  specId: number | null;
  serviceUserId: number | null;
  start: LocalDateTime;
}

export default function AppointmentConfirm({
  T,
  shop,
  query,
}: {
  T: AppointmentTexts;
  shop: ShopInfo;
  query: AppointmentConfirmQuery;
}) {
  const navigation = useAppNavigation();
  const { cart } = useCart();
  const actor = useFlow(
    appointmentFlow,
    () => ({ input: { ...query, date: query.start.date, clock } }),
    (flow) => [
      flow.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
    ],
  );
  const step = useSelector(actor ?? undefined, (s) => (s ? select.selectStep(s) : 'loading'));
  const service = useSelector(actor ?? undefined, (s) => (s ? select.selectService(s) : null));
  const { LL } = useI18nContext();
  const head = <PageHead title={T.confirm.title()} />;
  if (!actor || !cart || step === 'loading')
    return (
      <Page head={head}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  if (step === 'loadFailed')
    return (
      <Page head={head}>
        <ErrorView
          message={errorText(LL, actor.getSnapshot().context.error ?? 'http.serverError')}
          onRetry={() => actor.send({ type: 'appointment.retry' })}
        />
      </Page>
    );
  if (step === 'serviceUnavailable' || !service)
    return (
      <Page head={head}>
        <EmptyState
          icon="calendar"
          title={T.select.unavailableTitle()}
          description={T.select.unavailableHint()}
          action={
            <LinkButton href={navigation.href('/pages/user/index-tab-1')}>
              {T.select.otherServices()}
            </LinkButton>
          }
        />
      </Page>
    );
  return (
    <Suspense
      fallback={
        <Page head={head}>
          <SkeletonRegion label={LL.app.loading()}>
            <CardSkeleton />
            <CardSkeleton />
          </SkeletonRegion>
        </Page>
      }
    >
      <CheckoutWithCode T={T} shop={shop} appointment={actor} cart={cart} />
    </Suspense>
  );
}

interface CheckoutProps {
  T: AppointmentTexts;
  shop: ShopInfo;
  appointment: AppointmentActor;
  cart: CartRef;
}

function Checkout({
  T,
  shop,
  appointment,
  cart,
  checkoutFlow,
  serviceLineOf,
}: CheckoutProps & {
  checkoutFlow: (typeof CheckoutFlowModule)['checkoutFlow'];
  serviceLineOf: (typeof ServiceLineModule)['serviceLineOf'];
}) {
  const navigation = useAppNavigation();
  const checkout = useFlow(
    checkoutFlow,
    () => {
      const service = select.selectService(appointment.getSnapshot())!;
      const { line, facts } = serviceLineOf(service.product);
      const { parts } = cart.getSnapshot().context;
      return {
        input: {
          orderType: 'appointment' as const,
          lines: [line],
          products: [facts],
          // The service is priced as an appointment whatever the cart was last priced for.
          parts: { ...parts, orderType: 'appointment' as const },
          // The customer is the session's; only someone else coming is asked for.
          contact: { name: '', phone: '' },
          address: null,
          table: null,
          makeKey: newIdempotencyKey,
          clock,
        },
      };
    },
    (flow) => [
      flow.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
      ...linkAppointmentCheckout(appointment, flow),
    ],
  );
  if (!checkout) return null;
  return <ConfirmForm T={T} shop={shop} appointment={appointment} checkout={checkout} />;
}

function ConfirmForm({
  T,
  shop,
  appointment,
  checkout,
}: {
  T: AppointmentTexts;
  shop: ShopInfo;
  appointment: AppointmentActor;
  checkout: CheckoutActor;
}) {
  const { LL, locale } = useI18nContext();
  const format = usePriceFormatter();
  const step = useSelector(appointment, select.selectStep);
  const service = useSelector(appointment, select.selectService)!;
  const hold = useSelector(appointment, select.selectHold);
  const countdown = useSelector(appointment, select.selectHoldCountdown);
  const start = useSelector(appointment, select.selectStart);
  const notice = useSelector(appointment, select.selectNotice);
  const freeTimes = useSelector(appointment, select.selectFreeTimes);
  const finding = useSelector(appointment, select.selectIsFindingFreeTimes);
  const appointmentError = useSelector(appointment, select.selectError);
  const settings = useSelector(appointment, select.selectSettings);
  const timeZone = useSelector(appointment, select.selectTimeZone) ?? shop.timezone;

  const form = useSelector(checkout, selectForm);
  const loading = useSelector(checkout, selectIsLoading);
  const loadFailed = useSelector(checkout, selectLoadFailed);
  const submitting = useSelector(checkout, selectIsSubmitting);
  const locked = useSelector(checkout, selectIsLocked);
  const canSubmit = useSelector(checkout, selectCanSubmit);
  const error = useSelector(checkout, selectError);
  const fieldError = useSelector(checkout, selectFieldError);
  const pricing = useSelector(checkout, selectPricing);
  const rows = useSelector(checkout, selectBreakdown);
  const payOptions = useSelector(checkout, selectPayOptions);

  // Leaving mid-submission would stop the flow with the order's answer on its way (see the cart's page).
  const router = useRouter();
  useEffect(() => {
    if (!submitting) return;
    return router.history.block({
      blockerFn: () => checkout.getSnapshot().matches('submitting'),
      enableBeforeUnload: () => checkout.getSnapshot().matches('submitting'),
    });
  }, [router, checkout, submitting]);

  const shown = fieldError
    ? { field: fieldError.field, message: fieldErrorText(LL, fieldError, format) }
    : null;
  const send = checkout.send.bind(checkout);
  const changeTime = () => appointment.send({ type: 'appointment.changeTime' });
  const chosenStart = hold ? { date: hold.date, time: hold.time } : start;
  const when = chosenStart
    ? `${dayLong(chosenStart.date, locale)}${locale.startsWith('zh') ? ' ' : ', '}${chosenStart.time}${hold ? `–${clockIn(hold.endAt, timeZone)}` : ''}`
    : null;

  const alert =
    step === 'taken' || step === 'lost' ? (
      <AppointmentAlert
        T={T}
        inline
        today={shopToday(clock(), timeZone)}
        title={
          notice === 'slotTaken'
            ? T.confirm.slotTaken()
            : notice === 'holdExpired'
              ? T.confirm.holdExpired()
              : T.confirm.holdLost()
        }
        text={freeTimes.length > 0 ? T.confirm.freeTimesHint() : finding ? null : T.confirm.noFreeTimes()}
        finding={finding}
        offers={freeTimes}
        onOffer={(time) => appointment.send({ type: 'appointment.chooseFreeTime', time })}
        action={
          <Button variant="secondary" onClick={changeTime}>
            {T.confirm.allTimes()}
          </Button>
        }
      />
    ) : step === 'refused' ? (
      <AppointmentAlert
        T={T}
        inline
        today={null}
        title={T.confirm.refused()}
        action={<Button onClick={changeTime}>{T.confirm.allTimes()}</Button>}
      />
    ) : step === 'holdFailed' ? (
      <AppointmentAlert
        T={T}
        inline
        today={null}
        title={T.confirm.holdFailed()}
        text={appointmentError ? errorText(LL, appointmentError) : null}
        action={
          <Button onClick={() => appointment.send({ type: 'appointment.retry' })}>{LL.app.retry()}</Button>
        }
      />
    ) : null;

  const breakdown: BreakdownItem[] = rows.map((row) => ({
    key: row.key,
    label: row.key === 'goods' ? T.confirm.goods() : breakdownLabel(LL, row, format),
    amount: row.amount,
    informative: row.key === 'taxIncluded',
  }));
  const line = pricing?.lines[0];
  const held = step === 'held';

  return (
    <OrderConfirmView
      texts={{
        title: T.confirm.title(),
        formTitle: T.confirm.section(),
        linesTitle: T.confirm.linesTitle(),
        submit: T.confirm.submit(),
        submitting: T.confirm.submitting(),
        notePlaceholder: T.confirm.notePlaceholder(),
      }}
      loading={loading}
      loadFailed={loadFailed}
      onRetry={() => send({ type: 'checkout.retry' })}
      orderTypes={[]}
      orderType="appointment"
      onOrderType={() => undefined}
      form={
        <>
          {alert}
          <BookingCard
            T={T}
            service={{ name: service.product.name, image: service.product.image }}
            technician={
              hold
                ? {
                    name: hold.serviceUser.userName,
                    tagName: hold.serviceUser.tagName,
                    headImage: hold.serviceUser.headImage,
                    assigned: hold.assigned,
                  }
                : null
            }
            when={when}
            minutes={hold?.duration ?? service.duration}
            onChange={changeTime}
            hold={
              held && countdown ? (
                <HoldCountdown T={T} deadline={countdown.deadline} offsetMs={countdown.offsetMs} />
              ) : step === 'holding' ? (
                <HoldPending T={T} />
              ) : null
            }
          />
          <h3 className={styles.sectionTitle} style={{ margin: '1rem 0 0.25rem' }}>
            {T.confirm.whoIsComing()}
          </h3>
          <BeautyUserFields
            T={T}
            forSomeoneElse={form.forSomeoneElse}
            name={form.beautyUserName}
            phone={form.beautyUserPhone}
            onChange={(change) => send({ type: 'checkout.setBeautyUser', ...change })}
            error={shown}
          />
          {settings && (
            <p className={styles.freeChange}>{T.confirm.freeChange({ hours: settings.freeChangeHours })}</p>
          )}
        </>
      }
      lines={[
        {
          flag: line?.flag ?? 'service',
          name: service.product.name,
          detail: hold ? hold.serviceUser.userName : '',
          quantity: 1,
          amount: line?.amount ?? service.product.price,
        },
      ]}
      coupons={
        <Suspense fallback={null}>
          <CouponPicker checkout={checkout} shop={shop} />
          <LimitCardPicker checkout={checkout} />
        </Suspense>
      }
      breakdown={breakdown}
      total={pricing ? pricing.totals.total : null}
      payOptions={payOptions.map((o) => ({ value: o.payType, label: o.name }))}
      payType={form.payType}
      onPayType={(payType) => send({ type: 'checkout.setPayType', payType: payType as PayType })}
      note={form.note}
      onNote={(note) => send({ type: 'checkout.setNote', note })}
      fieldError={shown?.field === 'appointment' ? null : shown}
      error={error}
      submitting={submitting}
      locked={locked}
      canSubmit={canSubmit && held}
      onSubmit={() => send({ type: 'order.submit' })}
    />
  );
}

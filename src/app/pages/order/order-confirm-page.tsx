// /order/confirm: the checkout flow over the shop's cart. The flow starts from the cart's lines and
// pricing parts; switching the order type re-prices the cart and starts the form of the new type.
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import type { LocalDateTime } from '../../../domain/api/order';
import { MAX_TABLEWARE_SETS } from '../../../domain/api/order-rules';
import type { UserInfo } from '../../../domain/api/user';
import { CONFIRM_ORDER_TYPES, type ConfirmOrderType } from '../../../domain/api/order-rules';
import type { PayType } from '../../../domain/enums';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import { breakdownLabel } from '../../../views/order/breakdown-label';
import type { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import type * as CheckoutFlowModule from '../../flows/checkout';
import { nextDay } from '../../../machines/checkout/checkout.rules';
import {
  selectAsapSlot,
  selectBreakdown,
  selectCanPack,
  selectCanSubmit,
  selectDeliveryFeePending,
  selectDeliverySlots,
  selectError,
  selectFieldError,
  selectForm,
  selectIsLoading,
  selectIsLocked,
  selectIsSubmitting,
  selectLoadFailed,
  selectPayOptions,
  selectPickupSlots,
  selectPricing,
  selectTable,
  selectTableware,
  selectToday,
} from '../../../machines/checkout/checkout.selectors';
import { selectHasPhone, selectOrderType, selectUser } from '../../../machines/entry/session.selectors';
import { Button } from '../../../views/ui/button';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState } from '../../../views/ui/state-views';
import {
  AddressRow,
  CheckField,
  OrderConfirmView,
  TablewareField,
  TextField,
  TimeField,
  type BreakdownItem,
  type ConfirmFieldError,
  type TimeSlotGroup,
} from '../../../views/order/order-confirm-view';
import { usePriceFormatter } from '../../../views/ui/shop-display';
import styles from '../../../views/order/order.module.css';
import { useAppState } from '../../app-state';
import { useCart, type CartRef } from '../../cart-state';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { clock } from '../../clock';
import { newIdempotencyKey } from '../../idempotency-key';
import { useSheetLines } from './cart-text';
import { fieldErrorText } from './checkout-text';
import { WithMessages } from '../../with-messages';

type CheckoutCode = typeof CheckoutFlowModule;

const route = getRouteApi('/order/confirm');

// An appointment's confirm page (its service and time in the query) loads its own code and messages.
const AppointmentConfirm = lazy(() => import('../appointment/appointment-confirm-entry'));

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The service and time of an appointment's confirm page, or null for the cart's. */
function appointmentQueryOf(search: Record<string, unknown>) {
  const productId = idOf(search.productId);
  const { date, time } = search;
  if (productId === null || typeof date !== 'string' || typeof time !== 'string') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  return {
    productId,
    specId: idOf(search.specId),
    serviceUserId: idOf(search.serviceUserId),
    start: { date, time },
  };
}

// The coupon row comes with its own messages and flow, beside the form rather than in the page's code.
const CouponPicker = lazy(() => import('../coupon/coupon-picker'));
// The limit card row likewise: only a member holding a card that pays for something here sees it.
const LimitCardPicker = lazy(() => import('./limit-card-picker'));

let checkoutCode: Promise<CheckoutCode> | null = null;
/**
 * The checkout flow loads beside the page's messages rather than with the page's code: the pricing engine
 * it prices with comes with the cart's code, which has loaded before there is a cart to confirm, so the page
 * does not carry it a second time. A failed load shows the route's error view, which reloads the page.
 */
const loadCheckoutCode = () => (checkoutCode ??= import('../../flows/checkout'));
// From the moment the page's code is in (a preload on intent included), not from the first render; a
// failure is reported by the form that needs the flow.
loadCheckoutCode().catch(() => undefined);

type CheckoutProps = { cart: CartRef; orderType: ConfirmOrderType; shop: ShopInfo };

const Checkout = lazy(async () => {
  const code = await loadCheckoutCode();
  function LoadedCheckout(props: CheckoutProps) {
    return <CheckoutFlow {...props} code={code} />;
  }
  return { default: LoadedCheckout };
});

const isConfirmType = (type: string): type is ConfirmOrderType =>
  (CONFIRM_ORDER_TYPES as readonly string[]).includes(type);

export default function OrderConfirmPage() {
  return (
    <WithMessages namespace="checkout">
      <OrderConfirmPageContent />
    </WithMessages>
  );
}

function OrderConfirmPageContent() {
  const appointment = appointmentQueryOf(route.useSearch() as Record<string, unknown>);
  return (
    <RequireShop>
      {(shop) =>
        appointment ? (
          <Suspense fallback={<CheckoutPending />}>
            <AppointmentConfirm key={JSON.stringify(appointment)} shop={shop} query={appointment} />
          </Suspense>
        ) : (
          <Confirm shop={shop} />
        )
      }
    </RequireShop>
  );
}

function Confirm({ shop }: { shop: ShopInfo }) {
  const { LL } = useI18nContext();
  const { cart } = useCart();
  const { session } = useAppState();
  const orderType = useSelector(session, selectOrderType);
  const count = useSelector(cart ?? undefined, (s) => (s ? s.context.lines.length : 0));
  const navigation = useAppNavigation();
  if (!cart) return null;
  if (count === 0 || !isConfirmType(orderType)) {
    return (
      <Page head={<PageHead title={LL.checkout.title()} />}>
        <EmptyState
          icon="empty"
          title={LL.cart.emptyTitle()}
          action={
            <Button onClick={() => navigation.go('/product/index', {}, { replace: true })}>
              {LL.cart.backToMenu()}
            </Button>
          }
        />
      </Page>
    );
  }
  // A new order type is a new form: the flow restarts with the re-priced cart.
  return (
    <Suspense fallback={<CheckoutPending />}>
      <Checkout key={orderType} cart={cart} orderType={orderType} shop={shop} />
    </Suspense>
  );
}

/** The form's own loading look (OrderConfirmView while the flow reads), while the flow's code arrives. */
function CheckoutPending() {
  const { LL } = useI18nContext();
  return (
    <Page head={<PageHead title={LL.checkout.title()} />}>
      <SkeletonRegion label={LL.app.loading()}>
        <CardSkeleton />
        <CardSkeleton />
      </SkeletonRegion>
    </Page>
  );
}

/** The name and phone a member (or a customer with a proved phone) fills the form with. */
const customerOf = (user: UserInfo | null) => ({
  name: user?.member?.name || user?.customer.nickname || '',
  phone: user?.member?.phone || user?.customer.phone || '',
  canLoadAddresses: Boolean(user?.customer.phone),
});

function CheckoutFlow({ cart, orderType, shop, code }: CheckoutProps & { code: CheckoutCode }) {
  const { checkoutFlow, draftOf } = code;
  const { session } = useAppState();
  const { table, address, dine, setAddress, draftFor, keepDraft } = useCart();
  const navigation = useAppNavigation();
  const actor = useFlow(
    checkoutFlow,
    () => {
      const { lines, products, parts } = cart.getSnapshot().context;
      const { name, phone, canLoadAddresses } = customerOf(selectUser(session.getSnapshot()));
      return {
        input: {
          orderType,
          lines,
          products,
          parts,
          contact: { name, phone },
          address,
          canLoadAddresses,
          table,
          // The headcount and note given on the table page start the dine-in form. As input they are in
          // the form from the start, so a failed load and its retry keep them.
          ...(orderType === 'dine' && dine ? { person: dine.person, note: dine.note } : {}),
          draft: draftFor(orderType),
          makeKey: newIdempotencyKey,
          clock,
        },
      };
    },
    (flow) => [
      flow.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
      // Kept with the visit, so the address book shows it chosen and a new order type starts from it.
      flow.on('address.preselected', (event) => setAddress(event.address)),
      // The address book is a page of its own: coming back starts this form again from what was kept,
      // until the order is placed.
      flow.subscribe(({ context }) => keepDraft(orderType, context.order ? null : draftOf(context.form))),
    ],
  );
  if (!actor) return null;
  return <CheckoutForm actor={actor} cart={cart} shop={shop} />;
}

const slotValue = (slot: LocalDateTime) => `${slot.date} ${slot.time}`;

/** The slots under their day, in order. */
function groupSlots(slots: readonly LocalDateTime[], dayLabel: (date: string) => string): TimeSlotGroup[] {
  const groups: { date: string; slots: { value: string; time: string }[] }[] = [];
  for (const slot of slots) {
    let group = groups.at(-1);
    if (group?.date !== slot.date) groups.push((group = { date: slot.date, slots: [] }));
    group.slots.push({ value: slotValue(slot), time: slot.time });
  }
  return groups.map((g) => ({ label: dayLabel(g.date), slots: g.slots }));
}
const slotOf = (value: string): LocalDateTime | null => {
  const [date, time] = value.split(' ');
  return date && time ? { date, time } : null;
};

function CheckoutForm({
  actor,
  cart,
  shop,
}: {
  actor: Actor<typeof checkoutMachine>;
  cart: CartRef;
  shop: ShopInfo;
}) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const form = useSelector(actor, selectForm);
  const loading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const submitting = useSelector(actor, selectIsSubmitting);
  const locked = useSelector(actor, selectIsLocked);
  // Leaving mid-submission would stop the flow, and the next visit would place the order again under a new
  // idempotency key; back and links wait for the server's answer, which takes a second or two. The
  // history's own blocker is used (not useBlocker, which would add its code to the first route), and the
  // flow's way on to /order/success is decided against the live state, not the last render's.
  const router = useRouter();
  useEffect(() => {
    if (!submitting) return;
    return router.history.block({
      blockerFn: () => actor.getSnapshot().matches('submitting'),
      enableBeforeUnload: () => actor.getSnapshot().matches('submitting'),
    });
  }, [router, actor, submitting]);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const error = useSelector(actor, selectError);
  const fieldError = useSelector(actor, selectFieldError);
  const pricing = useSelector(actor, selectPricing);
  const rows = useSelector(actor, selectBreakdown);
  const payOptions = useSelector(actor, selectPayOptions);
  const deliverySlots = useSelector(actor, selectDeliverySlots);
  const pickupSlots = useSelector(actor, selectPickupSlots);
  const canPack = useSelector(actor, selectCanPack);
  const tableInfo = useSelector(actor, selectTable);
  const asapSlot = useSelector(actor, selectAsapSlot);
  const today = useSelector(actor, selectToday);
  const deliveryFeePending = useSelector(actor, selectDeliveryFeePending);
  const tableware = useSelector(actor, selectTableware);
  const orderType = useSelector(actor, (s) => s.context.orderType);
  // A login on this page (or the session's first read finishing) makes the customer known after the form
  // started: empty name and phone fields take theirs, and a takeaway gets their default address.
  const user = useSelector(session, selectUser);
  const startUser = useRef(user);
  useEffect(() => {
    if (user === startUser.current) return;
    startUser.current = user;
    if (user) actor.send({ type: 'checkout.setCustomer', ...customerOf(user) });
  }, [actor, user]);
  const sheetLines = useSheetLines(cart);
  // Addresses belong to a phone: without an SMS login the address row leads to the login first.
  const hasPhone = useSelector(session, selectHasPhone);
  const shown: ConfirmFieldError | null = fieldError
    ? { field: fieldError.field, message: fieldErrorText(LL, fieldError, format) }
    : null;
  const send = actor.send.bind(actor);
  const dayLabel = (date: string) =>
    date === today ? LL.checkout.today() : date === nextDay(today) ? LL.checkout.tomorrow() : date;
  /** The order type's time field: "as soon as possible" first, then the times of each day in a sheet. */
  const timeField = (
    field: 'deliveryTime' | 'pickupTime',
    label: string,
    slot: LocalDateTime | null,
    slots: readonly LocalDateTime[],
    choose: (slot: LocalDateTime) => void,
  ) => (
    <TimeField
      field={field}
      label={label}
      chosen={
        form.asap
          ? asapSlot
            ? LL.checkout.asap({ time: asapSlot.time })
            : LL.checkout.asapShort()
          : slot
            ? `${dayLabel(slot.date)} ${slot.time}`
            : null
      }
      chosenValue={slot ? slotValue(slot) : null}
      asap={asapSlot ? { label: LL.checkout.asap({ time: asapSlot.time }), chosen: form.asap } : null}
      groups={groupSlots(slots, dayLabel)}
      onAsap={() => send({ type: 'checkout.chooseAsap' })}
      onChoose={(value) => {
        const chosen = slotOf(value);
        if (chosen) choose(chosen);
      }}
      error={shown}
    />
  );

  const breakdown: BreakdownItem[] = rows.map((row) => ({
    key: row.key,
    label: breakdownLabel(LL, row, format),
    amount: row.amount,
    informative: row.key === 'taxIncluded',
  }));

  const priced = new Map((pricing?.lines ?? []).map((l) => [l.flag, l.amount]));
  const lines = sheetLines.map((l) => ({ ...l, amount: priced.get(l.flag) ?? l.amount }));

  let fields;
  if (orderType === 'takeaway') {
    fields = (
      <>
        <AddressRow
          href={
            hasPhone
              ? navigation.href('/pages/user/address/list', { select: 1 })
              : navigation.href('/pages/user/login', { redirect: '/order/confirm' })
          }
          address={
            form.address
              ? {
                  title: `${form.address.address} ${form.address.houseNumber}`.trim(),
                  detail: `${form.address.contactName} ${form.address.phone}`,
                }
              : null
          }
          error={shown}
        />
        {timeField('deliveryTime', LL.checkout.deliveryTime(), form.deliveryTime, deliverySlots, (slot) =>
          send({ type: 'checkout.setDeliveryTime', deliveryTime: slot }),
        )}
        <TextField
          field="contactName"
          label={LL.checkout.contactName()}
          value={form.contactName}
          autoComplete="name"
          onChange={(name) => send({ type: 'checkout.setContact', name })}
          error={shown}
        />
        <TextField
          field="contactPhone"
          label={LL.checkout.contactPhone()}
          type="tel"
          autoComplete="tel"
          value={form.contactPhone}
          onChange={(phone) => send({ type: 'checkout.setContact', phone })}
          error={shown}
        />
      </>
    );
  } else if (orderType === 'selfPickup') {
    fields = (
      <>
        <TextField
          field="pickerName"
          label={LL.checkout.pickerName()}
          value={form.pickerName}
          autoComplete="name"
          onChange={(name) => send({ type: 'checkout.setPicker', name })}
          error={shown}
        />
        <TextField
          field="pickerPhone"
          label={LL.checkout.pickerPhone()}
          type="tel"
          autoComplete="tel"
          value={form.pickerPhone}
          onChange={(phone) => send({ type: 'checkout.setPicker', phone })}
          error={shown}
        />
        {shop.allowPickupAppointment &&
          timeField('pickupTime', LL.checkout.pickupTime(), form.pickupTime, pickupSlots, (slot) =>
            send({ type: 'checkout.setPickupTime', pickupTime: slot }),
          )}
        {canPack && (
          <CheckField
            id="field-pack"
            label={LL.checkout.pack()}
            checked={form.isPickerPack}
            onChange={(isPickerPack) => send({ type: 'checkout.setPickerPack', isPickerPack })}
          />
        )}
      </>
    );
  } else {
    fields = (
      <>
        <TableField
          value={form.table === null ? '' : String(form.table)}
          tableName={tableInfo ? `${tableInfo.areaName} ${tableInfo.sName}` : null}
          onApply={(code) => send({ type: 'checkout.setTable', table: code })}
          scanHref={navigation.href('/product/table')}
          error={shown}
        />
        <TextField
          field="person"
          label={LL.checkout.person({ max: tableInfo?.nMaxPerson ?? 99 })}
          type="number"
          inputMode="numeric"
          value={form.person === null ? '' : String(form.person)}
          onChange={(value) => {
            const n = value.trim() === '' ? null : Number(value);
            send({ type: 'checkout.setPerson', person: n !== null && Number.isFinite(n) ? n : null });
          }}
          error={shown}
        />
        {canPack && (
          <CheckField
            id="field-pack"
            label={LL.checkout.pack()}
            checked={form.isPickerPack}
            onChange={(isPickerPack) => send({ type: 'checkout.setPickerPack', isPickerPack })}
          />
        )}
      </>
    );
  }

  const tablewareField = tableware && (
    <TablewareField
      sets={tableware.sets}
      max={MAX_TABLEWARE_SETS}
      fee={format(tableware.fee)}
      restore={tableware.restore}
      onSets={(sets) => send({ type: 'checkout.setTableware', tableware: sets })}
      error={shown}
    />
  );

  return (
    <OrderConfirmView
      loading={loading}
      loadFailed={loadFailed}
      onRetry={() => send({ type: 'checkout.retry' })}
      orderTypes={shop.orderTypes.filter(isConfirmType)}
      orderType={orderType}
      onOrderType={(next) => session.send({ type: 'session.setOrderType', orderType: next })}
      form={
        <>
          {fields}
          {tablewareField}
        </>
      }
      lines={lines}
      coupons={
        <Suspense fallback={null}>
          <CouponPicker checkout={actor} shop={shop} />
          <LimitCardPicker checkout={actor} />
        </Suspense>
      }
      breakdown={breakdown}
      deliveryFeePending={deliveryFeePending}
      total={pricing ? pricing.totals.total : null}
      payOptions={payOptions.map((o) => ({ value: o.payType, label: o.name }))}
      payType={form.payType}
      onPayType={(payType) => send({ type: 'checkout.setPayType', payType: payType as PayType })}
      note={form.note}
      onNote={(note) => send({ type: 'checkout.setNote', note })}
      fieldError={shown}
      error={error}
      submitting={submitting}
      locked={locked}
      canSubmit={canSubmit}
      onSubmit={() => send({ type: 'order.submit' })}
    />
  );
}

/**
 * The table: the one a QR code or scan named shows by name, with a way to type another; a typed code is
 * looked up when the field is left, not on every key.
 */
function TableField(props: {
  value: string;
  tableName: string | null;
  onApply: (code: string) => void;
  error: ConfirmFieldError | null;
  /** The table page, with the in-page camera scanner. */
  scanHref: string;
}) {
  const { LL } = useI18nContext();
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const apply = () => {
    const code = typed.trim();
    if (code && code !== props.value) props.onApply(code);
  };
  const showInput = typing || !props.tableName || props.error?.field === 'table';
  return (
    <>
      {props.tableName && (
        <p className={styles.tableRow}>
          <strong data-testid="table-name">{LL.checkout.tableIs({ name: props.tableName })}</strong>
          {!showInput && (
            <button type="button" className={styles.linkButton} onClick={() => setTyping(true)}>
              {LL.checkout.changeTable()}
            </button>
          )}
        </p>
      )}
      {!props.tableName && (
        <p className={styles.tableRow}>
          <a className={styles.linkButton} href={props.scanHref}>
            {LL.checkout.tablePage.scan()}
          </a>
        </p>
      )}
      {showInput && (
        <TextField
          field="table"
          label={LL.checkout.table()}
          value={typed}
          onChange={setTyped}
          onBlur={apply}
          error={props.error}
        />
      )}
    </>
  );
}

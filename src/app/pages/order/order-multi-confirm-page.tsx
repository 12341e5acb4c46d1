// /order/multi-confirm: the stored carts of the shops of the current shop's chain, placed together for
// self-pickup (order/multiConfirm). The chain's shops come from store/list, the hours and pickup
// appointment setting of each shop with a cart from store/detail (a pickup time per shop that takes
// appointments), the pay types from store/paySetting; the placed orders open /order/multi-success.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useRef } from 'react';
import { fromPromise, type Actor } from 'xstate';
import type { LocalDateTime } from '../../../domain/api/order';
import type { PayOption } from '../../../domain/api/store';
import type { PayType } from '../../../domain/enums';
import type { ShopInfo } from '../../../domain/shop';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { MultiShop, multiConfirmMachine } from '../../../machines/checkout/multi-confirm.machine';
import {
  selectCarts,
  selectError,
  selectFieldError,
  selectIsLocked,
  selectIsSubmitting,
  selectPickupChoices,
} from '../../../machines/checkout/multi-confirm.selectors';
import { resourceMachine } from '../../../machines/shared/resource.machine';
import { selectData, selectFailed } from '../../../machines/shared/resource.selectors';
import { selectUser } from '../../../machines/entry/session.selectors';
import { storeApi } from '../../../services/api/store';
import { storage } from '../../../services/storage';
import { MultiConfirmView } from '../../../views/order/multi-confirm-view';
import { SlotField, TextField } from '../../../views/order/form-fields';
import { Button } from '../../../views/ui/button';
import { usePriceFormatter } from '../../../views/ui/shop-display';
import { Page } from '../../../views/ui/page';
import { PageHead } from '../../../views/ui/page-head';
import { CardSkeleton, Skeleton, SkeletonRegion } from '../../../views/ui/skeleton';
import { EmptyState, ErrorView } from '../../../views/ui/state-views';
import { useAppState } from '../../app-state';
import { useCart } from '../../cart-state';
import { clock } from '../../clock';
import { RequireShop } from '../../require-shop';
import { useAppNavigation } from '../../shell';
import { useFlow } from '../../use-flow';
import { multiConfirmFlow } from '../../flows/multi-confirm';
import { newIdempotencyKey } from '../../idempotency-key';
import { fieldErrorText } from './checkout-text';
import { WithMessages } from '../../with-messages';

// Each cart's coupon row prices the cart with the engine: it loads after the page, in its own chunk.
const MultiCartCoupon = lazy(() =>
  import('./multi-cart-coupon').then((module) => ({ default: module.MultiCartCoupon })),
);

const chainSetup = resourceMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const { chainId } = input as { chainId: number };
      const [list, pay] = await Promise.all([
        storeApi.list({ chainId }),
        storeApi.paySetting({ orderType: 'selfPickup' }),
      ]);
      // The list card has no pickup setting: the shops holding a cart are read in full.
      const withCart = new Set(storage.listCarts().map((c) => c.shopId));
      const shops = await Promise.all(
        list.filter((s) => withCart.has(s.id)).map((s) => storeApi.detail({ appId: s.id })),
      );
      return {
        shops: shops.map((s): MultiShop => ({
          id: s.id,
          name: s.name,
          allowPickupAppointment: s.allowPickupAppointment,
          businessTimeRange: s.businessTimeRange,
          businessHours: s.businessHours,
          timezone: s.timezone,
        })),
        payTypes: pay.payTypes,
        infos: shops,
      };
    }),
  },
});

interface ChainSetup {
  /** The chain's shops that hold a cart. */
  shops: MultiShop[];
  payTypes: PayOption[];
  /** The same shops in full, for pricing each cart's coupons. */
  infos: ShopInfo[];
}

export default function OrderMultiConfirmPage() {
  return (
    <WithMessages namespace="checkout">
      <OrderMultiConfirmPageContent />
    </WithMessages>
  );
}

function OrderMultiConfirmPageContent() {
  return <RequireShop>{(shop) => <Load shop={shop} />}</RequireShop>;
}

function Load({ shop }: { shop: ShopInfo }) {
  // Only a chain's shops share carts to place together: outside a chain there is nothing to load, and the
  // chain read would only be refused by the server's validation.
  if (shop.chainId === null) return <NotInChain />;
  return <LoadChain shop={shop} chainId={shop.chainId} />;
}

function NotInChain() {
  const { LL } = useI18nContext();
  const navigation = useAppNavigation();
  return (
    <Page head={<PageHead title={LL.multi.title()} />}>
      <EmptyState
        icon="alert"
        title={LL.multi.notInChain()}
        description={LL.multi.notInChainHint()}
        action={
          <Button onClick={() => navigation.go('/product/index', {}, { replace: true })}>
            {LL.success.backToMenu()}
          </Button>
        }
      />
    </Page>
  );
}

function LoadChain({ shop, chainId }: { shop: ShopInfo; chainId: number }) {
  const { LL } = useI18nContext();
  const actor = useFlow(chainSetup, () => ({ input: { params: { chainId } } }));
  const data = useSelector(actor ?? undefined, (s) => (s ? selectData<ChainSetup>(s) : null));
  const failed = useSelector(actor ?? undefined, (s) => (s ? selectFailed(s) : false));
  const head = <PageHead title={LL.multi.title()} />;
  // A failed read says so and offers another try; the skeleton is only for a read under way.
  if (failed)
    return (
      <Page head={head}>
        <ErrorView onRetry={() => actor?.send({ type: 'resource.retry' })} />
      </Page>
    );
  if (!data)
    return (
      <Page head={head}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return <Confirm setup={data} shopId={shop.id} />;
}

function Confirm({ setup, shopId }: { setup: ChainSetup; shopId: number }) {
  const { session } = useAppState();
  const navigation = useAppNavigation();
  // The current shop's cart is live in memory: emptied with its stored copy, or it would come back.
  const { cart } = useCart();
  const liveCart = useRef(cart);
  liveCart.current = cart;
  const actor = useFlow(
    multiConfirmFlow,
    () => {
      const ids = setup.shops.map((s) => s.id);
      const user = selectUser(session.getSnapshot());
      return {
        input: {
          orderType: 'selfPickup' as const,
          carts: storage.listCarts().filter((c) => ids.includes(c.shopId)),
          shops: setup.shops,
          payType: setup.payTypes[0]?.payType ?? null,
          contact: { name: user?.customer.nickname ?? '', phone: user?.customer.phone ?? '' },
          address: null,
          makeKey: newIdempotencyKey,
          clock,
        },
      };
    },
    (flow) => [
      flow.on('orders.placed', (event) => {
        if (event.orders.some((o) => o.shopId === shopId)) liveCart.current?.send({ type: 'cart.clear' });
      }),
      flow.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
    ],
  );
  if (!actor) return null;
  return <Form actor={actor} payTypes={setup.payTypes} shops={setup.infos} />;
}

const slotValue = (slot: LocalDateTime) => `${slot.date} ${slot.time}`;
const slotOf = (value: string): LocalDateTime | null => {
  const [date, time] = value.split(' ');
  return date && time ? { date, time } : null;
};
/** A shop's pickup time field (id `field-pickupTime-<shop>`), so its error lands on that shop's select. */
const pickupField = (shopId: number) => `pickupTime-${shopId}`;

function Form({
  actor,
  payTypes,
  shops,
}: {
  actor: Actor<typeof multiConfirmMachine>;
  payTypes: PayOption[];
  shops: ShopInfo[];
}) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const carts = useSelector(actor, selectCarts);
  const fieldError = useSelector(actor, selectFieldError);
  const error = useSelector(actor, selectError);
  const submitting = useSelector(actor, selectIsSubmitting);
  const locked = useSelector(actor, selectIsLocked);
  const context = useSelector(actor, (s) => s.context);
  const pickups = useSelector(actor, selectPickupChoices);
  const shopName = (id: number | null) => carts.find((c) => c.shopId === id)?.name;
  // A shop's pickup time error sits on its own select, whose label names the shop.
  const onPickupField =
    fieldError?.field === 'pickupTime' &&
    fieldError.shopId !== null &&
    pickups.some((p) => p.shopId === fieldError.shopId);
  const shown = fieldError
    ? onPickupField
      ? { field: pickupField(fieldError.shopId!), message: fieldErrorText(LL, fieldError, format) }
      : {
          field: fieldError.field,
          message: [shopName(fieldError.shopId), fieldErrorText(LL, fieldError, format)]
            .filter(Boolean)
            .join(': '),
        }
    : null;
  return (
    <MultiConfirmView
      carts={carts.map((c) => ({
        shopId: c.shopId,
        name: c.name,
        selected: c.selected,
        lines: c.lines.map((l) => ({
          flag: l.flag,
          name: l.name,
          quantity: l.quantity,
          amount: l.price * l.quantity,
        })),
      }))}
      onToggle={(shopId) => actor.send({ type: 'multi.toggleShop', shopId })}
      cartExtra={(shopId) => {
        const shop = shops.find((s) => s.id === shopId);
        const cart = context.carts.find((c) => c.shopId === shopId);
        return shop && cart ? (
          <Suspense fallback={<Skeleton width="100%" height="2.75rem" />}>
            <MultiCartCoupon
              multi={actor}
              cart={cart}
              shop={shop}
              shopNames={new Map(carts.map((c) => [c.shopId, c.name]))}
            />
          </Suspense>
        ) : null;
      }}
      formFields={['pickerName', 'pickerPhone', ...pickups.map((p) => pickupField(p.shopId))]}
      form={
        <>
          <TextField
            field="pickerName"
            label={LL.checkout.pickerName()}
            value={context.pickerName}
            autoComplete="name"
            onChange={(name) => actor.send({ type: 'multi.setPicker', name })}
            error={shown}
          />
          <TextField
            field="pickerPhone"
            label={LL.checkout.pickerPhone()}
            type="tel"
            autoComplete="tel"
            value={context.pickerPhone}
            onChange={(phone) => actor.send({ type: 'multi.setPicker', phone })}
            error={shown}
          />
          {pickups.map((pickup) => (
            <SlotField
              key={pickup.shopId}
              field={pickupField(pickup.shopId)}
              label={LL.multi.pickupTime({ shop: pickup.name })}
              value={pickup.pickupTime ? slotValue(pickup.pickupTime) : ''}
              options={pickup.slots.map((slot) => ({
                value: slotValue(slot),
                label: `${slot.date === pickup.slots[0]?.date ? LL.checkout.today() : LL.checkout.tomorrow()} ${slot.time}`,
              }))}
              placeholder={LL.checkout.chooseTime()}
              onChange={(value) => {
                const slot = slotOf(value);
                if (slot)
                  actor.send({ type: 'multi.setPickupTime', shopId: pickup.shopId, pickupTime: slot });
              }}
              error={shown}
            />
          ))}
        </>
      }
      payOptions={payTypes.map((o) => ({ value: o.payType, label: o.name }))}
      payType={context.payType}
      onPayType={(payType) => actor.send({ type: 'multi.setPayType', payType: payType as PayType })}
      fieldError={shown}
      error={error}
      submitting={submitting}
      locked={locked}
      onSubmit={() => actor.send({ type: 'order.submit' })}
    />
  );
}

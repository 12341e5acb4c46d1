// /order/multi-confirm: the stored carts of the shops of the current shop's chain, placed together for
// self-pickup (order/multiConfirm). The chain's shops come from store/list, the pay types from
// store/paySetting; the placed orders open /order/multi-success.
import { useSelector } from '@xstate/react';
import { fromPromise, type Actor } from 'xstate';
import type { PayOption, StoreListInfo } from '../../domain/api/store';
import type { PayType } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import { useI18nContext } from '../../i18n/i18n-context';
import type { multiConfirmMachine } from '../../machines/multi-confirm.machine';
import {
  selectCarts,
  selectError,
  selectFieldError,
  selectIsSubmitting,
} from '../../machines/multi-confirm.selectors';
import { resourceMachine } from '../../machines/resource.machine';
import { selectData } from '../../machines/resource.selectors';
import { selectUser } from '../../machines/session.selectors';
import { storeApi } from '../../services/api/store';
import { storage } from '../../services/storage';
import { MultiConfirmView } from '../../views/order/multi-confirm-view';
import { TextField } from '../../views/order/form-fields';
import { usePriceFormatter } from '../../views/ui/shop-display';
import { Page } from '../../views/ui/page';
import { PageHead } from '../../views/ui/page-head';
import { CardSkeleton, SkeletonRegion } from '../../views/ui/skeleton';
import { useAppState } from '../app-state';
import { RequireShop } from '../require-shop';
import { useAppNavigation } from '../shell';
import { useFlow } from '../use-flow';
import { multiConfirmFlow } from '../flows/multi-confirm';
import { newIdempotencyKey } from '../idempotency-key';
import { fieldErrorText } from './checkout-text';

const chainSetup = resourceMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      const { chainId } = input as { chainId: number };
      const [shops, pay] = await Promise.all([
        storeApi.list({ chainId }),
        storeApi.paySetting({ orderType: 'selfPickup' }),
      ]);
      return { shops, payTypes: pay.payTypes };
    }),
  },
});

interface ChainSetup {
  shops: StoreListInfo;
  payTypes: PayOption[];
}

export default function OrderMultiConfirmPage() {
  return <RequireShop>{(shop) => <Load shop={shop} />}</RequireShop>;
}

function Load({ shop }: { shop: ShopInfo }) {
  const { LL } = useI18nContext();
  const actor = useFlow(chainSetup, () => ({ input: { params: { chainId: shop.chainId ?? 0 } } }));
  const data = useSelector(actor ?? undefined, (s) => (s ? selectData<ChainSetup>(s) : null));
  if (!data)
    return (
      <Page head={<PageHead title={LL.multi.title()} />}>
        <SkeletonRegion label={LL.app.loading()}>
          <CardSkeleton />
        </SkeletonRegion>
      </Page>
    );
  return <Confirm setup={data} />;
}

function Confirm({ setup }: { setup: ChainSetup }) {
  const { session } = useAppState();
  const navigation = useAppNavigation();
  const actor = useFlow(
    multiConfirmFlow,
    () => {
      const ids = setup.shops.map((s) => s.id);
      const user = selectUser(session.getSnapshot());
      return {
        input: {
          orderType: 'selfPickup' as const,
          carts: storage.listCarts().filter((c) => ids.includes(c.shopId)),
          shops: setup.shops.map((s) => ({ id: s.id, name: s.name })),
          payType: setup.payTypes[0]?.payType ?? null,
          contact: { name: user?.customer.nickname ?? '', phone: user?.customer.phone ?? '' },
          address: null,
          makeKey: newIdempotencyKey,
        },
      };
    },
    (flow) => [
      flow.on('navigate', (event) =>
        navigation.go(event.to.route, event.to.query, { replace: event.replace }),
      ),
    ],
  );
  if (!actor) return null;
  return <Form actor={actor} payTypes={setup.payTypes} />;
}

function Form({ actor, payTypes }: { actor: Actor<typeof multiConfirmMachine>; payTypes: PayOption[] }) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const carts = useSelector(actor, selectCarts);
  const fieldError = useSelector(actor, selectFieldError);
  const error = useSelector(actor, selectError);
  const submitting = useSelector(actor, selectIsSubmitting);
  const context = useSelector(actor, (s) => s.context);
  const shopName = (id: number | null) => carts.find((c) => c.shopId === id)?.name;
  const shown = fieldError
    ? {
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
        </>
      }
      payOptions={payTypes.map((o) => ({ value: o.payType, label: o.name }))}
      payType={context.payType}
      onPayType={(payType) => actor.send({ type: 'multi.setPayType', payType: payType as PayType })}
      fieldError={shown}
      error={error}
      submitting={submitting}
      onSubmit={() => actor.send({ type: 'order.submit' })}
    />
  );
}

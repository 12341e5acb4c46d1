// /product/detail?id=: the product choice flow (size, options, set contents, quantity, live price).
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { OptionType } from '../../domain/enums';
import type { ShopInfo } from '../../domain/shop';
import type { TasteGroup } from '../../domain/catalog';
import { useI18nContext } from '../../i18n/i18n-context';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import type { productChoiceMachine } from '../../machines/product-choice.machine';
import {
  selectCanAdd,
  selectCanDecrement,
  selectCanIncrement,
  selectFirstUnmet,
  selectIsLoading,
  selectLoadFailed,
  selectMealStates,
  selectProduct,
  selectQuantity,
  selectSpecValueStates,
  selectStock,
  selectTasteStates,
  selectTotalPrice,
  selectUnitPrice,
} from '../../machines/product-choice.selectors';
import { ProductChoiceView, type ChoiceGroup } from '../../views/product/product-choice-view';
import { usePriceFormatter } from '../../views/ui/shop-display';
import { EmptyState } from '../../views/ui/state-views';
import { Page } from '../../views/ui/page';
import { PageHead } from '../../views/ui/page-head';
import { useEffect, useRef, useState } from 'react';
import { selectNotice } from '../../machines/cart.selectors';
import { Button } from '../../views/ui/button';
import { Dialog } from '../../views/ui/dialog';
import { useToast } from '../../views/ui/toast';
import { useCart } from '../cart-state';
import { RequireShop } from '../require-shop';
import { useAppNavigation } from '../shell';
import { refusalText } from './cart-text';
import { useFlow } from '../use-flow';
import { productChoiceFlow } from '../flows/product-choice';

const route = getRouteApi('/product/detail');

export default function ProductDetailPage() {
  const { id } = route.useSearch();
  const { LL } = useI18nContext();
  if (id === undefined) {
    return (
      <Page head={<PageHead title={LL.product.detailTitle()} />}>
        <EmptyState icon="alert" title={LL.product.notFound()} />
      </Page>
    );
  }
  return <RequireShop>{(shop) => <Detail productId={id} shop={shop} />}</RequireShop>;
}

function Detail({ productId, shop }: { productId: number; shop: ShopInfo }) {
  const { cart } = useCart();
  const { LL } = useI18nContext();
  const toast = useToast();
  const navigation = useAppNavigation();
  const [refused, setRefused] = useState<string | null>(null);
  const actor = useFlow(
    productChoiceFlow,
    () => ({ input: { productId, currency: shop.currency, numberDecimals: shop.numberDecimals } }),
    (choice) => [
      choice.on('product.chosen', (event) => {
        const { cart: current, LL: texts, toast: toasts, navigation: nav, hours } = latest.current;
        if (!current) return;
        current.send({ type: 'cart.add', line: event.line, product: event.product });
        // The cart refuses synchronously (closed shop, sold out, limits) and keeps the reason.
        const notice = selectNotice(current.getSnapshot());
        if (notice) {
          setRefused(refusalText(texts, notice, hours));
          return;
        }
        toasts.show(texts.cart.added({ name: event.product.name }));
        nav.back();
      }),
    ],
  );
  const latest = useLatest({ cart, LL, toast, navigation, hours: shop.businessHours });
  if (!actor) return null;
  return (
    <>
      <Choice
        actor={actor}
        showMemberPrice={shop.showVipPrice}
        onAdd={cart ? () => actor.send({ type: 'choice.confirm' }) : undefined}
      />
      <Dialog
        open={refused !== null}
        onClose={() => {
          cart?.send({ type: 'cart.dismissNotice' });
          setRefused(null);
        }}
        title={LL.cart.refusedTitle()}
        footer={
          <Button
            block
            onClick={() => {
              cart?.send({ type: 'cart.dismissNotice' });
              setRefused(null);
            }}
          >
            {LL.app.ok()}
          </Button>
        }
      >
        <p>{refused}</p>
      </Dialog>
    </>
  );
}

/** A ref that always holds the newest value, for listeners registered once. */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

type Unmet = NonNullable<ReturnType<typeof selectFirstUnmet>>;

function unmetText(LL: TranslationFunctions, unmet: Unmet, stock: number | null): string | null {
  switch (unmet.kind) {
    case 'spec':
      return LL.product.missingChoice({ group: unmet.dimension });
    case 'taste':
    case 'meal':
      return LL.product.missingChoice({ group: unmet.name });
    case 'soldOut':
      return LL.product.soldOut();
    case 'stock':
      return LL.product.stockLeft({ count: stock ?? unmet.remaining });
    default:
      // An unavailable product already says so above the choices.
      return null;
  }
}

function Choice({
  actor,
  showMemberPrice,
  onAdd,
}: {
  actor: Actor<typeof productChoiceMachine>;
  showMemberPrice: boolean;
  onAdd: (() => void) | undefined;
}) {
  const { LL } = useI18nContext();
  const format = usePriceFormatter();
  const product = useSelector(actor, selectProduct);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const specs = useSelector(actor, selectSpecValueStates);
  const tastes = useSelector(actor, selectTasteStates);
  const meals = useSelector(actor, selectMealStates);
  const quantity = useSelector(actor, selectQuantity);
  const canIncrease = useSelector(actor, selectCanIncrement);
  const canDecrease = useSelector(actor, selectCanDecrement);
  const unitPrice = useSelector(actor, selectUnitPrice);
  const totalPrice = useSelector(actor, selectTotalPrice);
  const unmet = useSelector(actor, selectFirstUnmet);
  const canAdd = useSelector(actor, selectCanAdd);
  const stock = useSelector(actor, selectStock);

  const tasteNote = (group: TasteGroup, price: number): string | null => {
    switch (group.optionType) {
      case OptionType.topping:
        return price > 0 ? LL.product.surcharge({ price: format(price) }) : null;
      case OptionType.subPrice:
        return format(price);
      case OptionType.discount:
        return price < 100 ? `-${100 - price}%` : null;
      default:
        return null;
    }
  };

  const groups: ChoiceGroup[] = [
    ...specs.map((dimension, d) => ({
      id: `spec-${d}`,
      name: dimension.name,
      kind: 'single' as const,
      required: true,
      hint: null,
      options: dimension.values.map((v) => ({
        id: v.value,
        label: v.value,
        note: null,
        selected: v.state === 'selected',
        disabled: v.state === 'soldOut',
      })),
      onToggle: (value: string) => actor.send({ type: 'choice.selectSpec', dimension: d, value }),
    })),
    ...tastes.map(({ group, options }) => ({
      id: `taste-${group.id}`,
      name: group.name,
      kind: group.maxChoose > 1 ? ('multiple' as const) : ('single' as const),
      required: group.required,
      hint: group.maxChoose > 1 ? LL.product.chooseUpTo({ max: group.maxChoose }) : null,
      options: options.map(({ option, state }) => ({
        id: String(option.id),
        label: option.name,
        note: tasteNote(group, option.price),
        selected: state === 'selected',
        disabled: state === 'soldOut' || state === 'full',
      })),
      onToggle: (optionId: string) =>
        actor.send({ type: 'choice.toggleTaste', groupId: group.id, optionId: Number(optionId) }),
    })),
    ...meals.map(({ group, items }) => ({
      id: `meal-${group.id}`,
      name: group.name,
      kind: group.chooseCount > 1 ? ('multiple' as const) : ('single' as const),
      required: true,
      hint: LL.product.mealChoose({ count: group.chooseCount, total: group.items.length }),
      options: items.map(({ item, state }) => ({
        id: String(item.productId),
        label: item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name,
        note: item.price > 0 ? LL.product.surcharge({ price: format(item.price) }) : null,
        selected: state === 'selected',
        disabled: state === 'soldOut' || state === 'full',
      })),
      onToggle: (itemId: string) =>
        actor.send({ type: 'choice.toggleMealItem', groupId: group.id, productId: Number(itemId) }),
    })),
  ];

  const memberUnit =
    showMemberPrice &&
    product?.memberPrice != null &&
    product.specs.length === 0 &&
    product.memberPrice < product.price
      ? product.memberPrice * quantity
      : null;

  return (
    <ProductChoiceView
      product={product}
      loading={loading}
      failed={failed}
      onRetry={() => actor.send({ type: 'choice.retry' })}
      groups={groups}
      quantity={quantity}
      canDecrease={canDecrease}
      canIncrease={canIncrease}
      onDecrease={() => actor.send({ type: 'choice.decrement' })}
      onIncrease={() => actor.send({ type: 'choice.increment' })}
      unitPrice={unitPrice}
      totalPrice={totalPrice}
      memberPrice={memberUnit}
      canAdd={canAdd}
      firstUnmet={unmet ? unmetText(LL, unmet, stock) : null}
      onAdd={onAdd}
    />
  );
}

// What the product choice view shows, read from the product choice flow: the choice groups with their
// states and price notes, the quantity, the live price and what still stops the choice. The detail page
// and the menu's choice sheet both show it.
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { TasteGroup } from '../../../domain/catalog';
import { OptionType } from '../../../domain/enums';
import { useI18nContext } from '../../../i18n/i18n-context';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { productChoiceMachine } from '../../../machines/catalog/product-choice.machine';
import { sameChoicePrice } from '../../../machines/catalog/product-choice.rules';
import {
  selectCanAdd,
  selectChoicePrice,
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
} from '../../../machines/catalog/product-choice.selectors';
import type { ChoiceGroup, ProductChoiceViewProps } from '../../../views/product/product-choice-view';
import { usePriceFormatter } from '../../../views/ui/shop-display';
import { useCart } from '../../cart-state';

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

/** Everything the choice view shows, read from the product choice flow; the same for the page and the sheet. */
export function useChoiceViewProps(
  actor: Actor<typeof productChoiceMachine>,
  showMemberPrice: boolean,
): Omit<ProductChoiceViewProps, 'onAdd'> {
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

  // Priced as the cart line will be (options and meal surcharges on the member price, the cart's member
  // and order type), so the bar, the cart and the server name one amount.
  const { cart } = useCart();
  const parts = useSelector(cart ?? undefined, (s) => (s ? s.context.parts : null));
  const price = useSelector(actor, (s) => selectChoicePrice(s, parts, showMemberPrice), sameChoicePrice);

  return {
    product,
    loading,
    failed,
    onRetry: () => actor.send({ type: 'choice.retry' }),
    groups,
    quantity,
    canDecrease,
    canIncrease,
    onDecrease: () => actor.send({ type: 'choice.decrement' }),
    onIncrease: () => actor.send({ type: 'choice.increment' }),
    unitPrice,
    totalPrice: price ? price.charged : totalPrice,
    listPrice: price && price.list > price.charged ? price.list : null,
    memberPrice: price?.member ?? null,
    canAdd,
    firstUnmet: unmet ? unmetText(LL, unmet, stock) : null,
  };
}

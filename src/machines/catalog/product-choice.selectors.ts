// What the product detail page reads from the product choice actor.
import type { SnapshotFrom } from 'xstate';
import type { productChoiceMachine } from './product-choice.machine';
import type { PricingParts } from '../cart/cart.rules';
import {
  choicePrice,
  firstUnmet,
  isSpecAvailable,
  isSpecValueSelectable,
  memberUnitPrice,
  quantityBounds,
  selectedSpec,
  stockFor,
  toggleIn,
  unitPrice,
} from './product-choice.rules';

type S = SnapshotFrom<typeof productChoiceMachine>;

export const selectProduct = (s: S) => s.context.product;
export const selectChoice = (s: S) => s.context.choice;
export const selectQuantity = (s: S) => s.context.choice.quantity;
export const selectIsLoading = (s: S) => s.matches('loading') || s.matches('starting');
export const selectLoadFailed = (s: S) => s.matches('failed');
export const selectLoadError = (s: S) => s.context.error;

export const selectSelectedSpec = (s: S) =>
  s.context.product ? selectedSpec(s.context.product, s.context.choice.specValues) : null;

/** Unit price in minor units of the current choice; null until the product is known. */
export const selectUnitPrice = (s: S) =>
  s.context.product
    ? unitPrice(s.context.product, s.context.choice, {
        currency: s.context.currency,
        numberDecimals: s.context.numberDecimals,
      })
    : null;
/** Member unit price of the current choice; null when there is none. */
export const selectMemberUnitPrice = (s: S) =>
  s.context.product
    ? memberUnitPrice(s.context.product, s.context.choice, {
        currency: s.context.currency,
        numberDecimals: s.context.numberDecimals,
      })
    : null;
export const selectTotalPrice = (s: S) => {
  const unit = selectUnitPrice(s);
  return unit === null ? null : unit * s.context.choice.quantity;
};
/**
 * The price bar on the cart's terms (parts: the cart's pricing parts, null without a cart): the list and
 * charged totals and the member offer, as the cart line will show them; null until the product is known.
 * Compare with sameChoicePrice when selecting.
 */
export const selectChoicePrice = (s: S, parts: PricingParts | null, showMemberPrice: boolean) =>
  s.context.product
    ? choicePrice(
        s.context.product,
        s.context.choice,
        { currency: s.context.currency, numberDecimals: s.context.numberDecimals },
        parts,
        showMemberPrice,
      )
    : null;

/** The first requirement still unmet (what the add button explains), or null. */
export const selectFirstUnmet = (s: S) =>
  s.context.product ? firstUnmet(s.context.product, s.context.choice) : null;
export const selectCanAdd = (s: S) => s.matches('choosing') && selectFirstUnmet(s) === null;

export type ValueState = 'selected' | 'available' | 'soldOut';
/** Per dimension, each value and whether it is chosen, can be chosen, or has no available spec. */
export const selectSpecValueStates = (s: S) => {
  const product = s.context.product;
  if (!product) return [];
  return product.specDimensions.map((dimension, d) => ({
    name: dimension.name,
    values: dimension.values.map((value) => ({
      value,
      state: (s.context.choice.specValues[d] === value
        ? 'selected'
        : isSpecValueSelectable(product, d, value)
          ? 'available'
          : 'soldOut') as ValueState,
    })),
  }));
};

export type OptionState = 'selected' | 'available' | 'full' | 'soldOut';
/** Per taste group, each option and whether it is chosen, can be chosen, the group is full, or sold out. */
export const selectTasteStates = (s: S) => {
  const product = s.context.product;
  if (!product) return [];
  return product.tastes.map((group) => {
    const chosen = s.context.choice.tastes[group.id] ?? [];
    return {
      group,
      chosen: chosen.length,
      options: group.options.map((option) => ({
        option,
        state: (chosen.includes(option.id)
          ? 'selected'
          : option.state !== 0
            ? 'soldOut'
            : toggleIn(chosen, option.id, group.maxChoose) === null
              ? 'full'
              : 'available') as OptionState,
      })),
    };
  });
};

export const selectMealStates = (s: S) => {
  const product = s.context.product;
  if (!product) return [];
  return product.mealGroups.map((group) => {
    const chosen = s.context.choice.meals[group.id] ?? [];
    return {
      group,
      chosen: chosen.length,
      items: group.items.map((item) => ({
        item,
        state: (chosen.includes(item.productId)
          ? 'selected'
          : item.state !== 0
            ? 'soldOut'
            : toggleIn(chosen, item.productId, group.chooseCount) === null
              ? 'full'
              : 'available') as OptionState,
      })),
    };
  });
};

export const selectQuantityBounds = (s: S) =>
  s.context.product ? quantityBounds(s.context.product, s.context.choice) : { min: 1, max: 1 };
export const selectCanIncrement = (s: S) => s.can({ type: 'choice.increment' });
export const selectCanDecrement = (s: S) => s.can({ type: 'choice.decrement' });
/** Units left for the current choice; null = stock not tracked. */
export const selectStock = (s: S) =>
  s.context.product ? stockFor(s.context.product, s.context.choice) : null;
export const selectHasAvailableSpec = (s: S) => s.context.product?.specs.some(isSpecAvailable) ?? false;

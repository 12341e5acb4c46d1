// Product detail (spec §2 /product/detail): choose spec values (only combinations that exist and are not
// sold out), tastes (required groups need one, at most maxChoose per group), meal items (exactly n of m)
// and a quantity within minBuy/maxBuy and stock. A complete choice leaves as `product.chosen` with its
// cart line; adding it to the cart is the cart's business.
import { assign, emit, setup } from 'xstate';
import type { Product } from '../../domain/catalog';
import type { CartLine } from '../../domain/pricing';
import { errorMessage, notProvided } from '../shared/not-provided';
import {
  canToggleMealItem,
  canToggleTaste,
  chooseSpecValue,
  clampQuantity,
  firstUnmet,
  initialChoice,
  isSpecValueSelectable,
  quantityBounds,
  toCartLine,
  toggleIn,
  type Choice,
} from './product-choice.rules';

export interface ProductChoiceInput {
  productId: number;
  /** The product as the list already has it; its detail is loaded when absent. */
  product?: Product | null;
  /** The shop's money settings, for the displayed price. */
  currency: string;
  numberDecimals: number;
}

export interface ProductChoiceContext {
  productId: number;
  product: Product | null;
  choice: Choice;
  currency: string;
  numberDecimals: number;
  error: string | null;
}

export type ProductChoiceEvent =
  | { type: 'choice.selectSpec'; dimension: number; value: string }
  | { type: 'choice.toggleTaste'; groupId: number; optionId: number }
  | { type: 'choice.toggleMealItem'; groupId: number; productId: number }
  | { type: 'choice.setQuantity'; quantity: number }
  | { type: 'choice.increment' }
  | { type: 'choice.decrement' }
  | { type: 'choice.confirm' }
  | { type: 'choice.retry' };

export type ProductChoiceEmitted = { type: 'product.chosen'; line: CartLine; product: Product };

const EMPTY_CHOICE: Choice = { specValues: [], tastes: {}, meals: {}, quantity: 1 };

export const productChoiceMachine = setup({
  types: {
    input: {} as ProductChoiceInput,
    context: {} as ProductChoiceContext,
    events: {} as ProductChoiceEvent,
    emitted: {} as ProductChoiceEmitted,
  },
  actors: {
    /** store/productDetail */
    loadProduct: notProvided<Product, { id: number }>('loadProduct'),
  },
  guards: {
    hasProduct: ({ context }) => context.product !== null,
    canSelectSpec: ({ context }, params: { dimension: number; value: string }) =>
      isSpecValueSelectable(context.product!, params.dimension, params.value),
    canToggleTaste: ({ context }, params: { groupId: number; optionId: number }) =>
      canToggleTaste(context.product!, context.choice, params.groupId, params.optionId),
    canToggleMealItem: ({ context }, params: { groupId: number; productId: number }) =>
      canToggleMealItem(context.product!, context.choice, params.groupId, params.productId),
    canIncrement: ({ context }) =>
      context.choice.quantity < quantityBounds(context.product!, context.choice).max,
    canDecrement: ({ context }) =>
      context.choice.quantity > quantityBounds(context.product!, context.choice).min,
    isComplete: ({ context }) => firstUnmet(context.product!, context.choice) === null,
  },
  actions: {
    storeProduct: assign((_, params: { product: Product }) => ({
      product: params.product,
      choice: initialChoice(params.product),
      error: null,
    })),
    startChoice: assign(({ context }) => ({ choice: initialChoice(context.product!) })),
    selectSpec: assign(({ context }, params: { dimension: number; value: string }) => {
      const specValues = chooseSpecValue(
        context.product!,
        context.choice.specValues,
        params.dimension,
        params.value,
      );
      const choice = { ...context.choice, specValues };
      return { choice: { ...choice, quantity: clampQuantity(context.product!, choice, choice.quantity) } };
    }),
    toggleTaste: assign(({ context }, params: { groupId: number; optionId: number }) => {
      const group = context.product!.tastes.find((g) => g.id === params.groupId)!;
      const chosen = toggleIn(context.choice.tastes[params.groupId] ?? [], params.optionId, group.maxChoose)!;
      return {
        choice: { ...context.choice, tastes: { ...context.choice.tastes, [params.groupId]: chosen } },
      };
    }),
    toggleMealItem: assign(({ context }, params: { groupId: number; productId: number }) => {
      const group = context.product!.mealGroups.find((g) => g.id === params.groupId)!;
      const chosen = toggleIn(
        context.choice.meals[params.groupId] ?? [],
        params.productId,
        group.chooseCount,
      )!;
      return { choice: { ...context.choice, meals: { ...context.choice.meals, [params.groupId]: chosen } } };
    }),
    setQuantity: assign(({ context }, params: { quantity: number }) => ({
      choice: {
        ...context.choice,
        quantity: clampQuantity(context.product!, context.choice, params.quantity),
      },
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    announceChoice: emit(({ context }) => ({
      type: 'product.chosen' as const,
      line: toCartLine(context.product!, context.choice),
      product: context.product!,
    })),
  },
}).createMachine({
  id: 'productChoice',
  context: ({ input }) => ({
    productId: input.productId,
    product: input.product ?? null,
    choice: EMPTY_CHOICE,
    currency: input.currency,
    numberDecimals: input.numberDecimals,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasProduct', target: 'choosing', actions: 'startChoice' }, { target: 'loading' }],
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadProduct',
        input: ({ context }) => ({ id: context.productId }),
        onDone: {
          target: 'choosing',
          actions: { type: 'storeProduct', params: ({ event }) => ({ product: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    failed: {
      tags: 'error',
      on: { 'choice.retry': 'loading' },
    },
    choosing: {
      on: {
        'choice.selectSpec': {
          guard: {
            type: 'canSelectSpec',
            params: ({ event }) => ({ dimension: event.dimension, value: event.value }),
          },
          actions: {
            type: 'selectSpec',
            params: ({ event }) => ({ dimension: event.dimension, value: event.value }),
          },
        },
        'choice.toggleTaste': {
          guard: {
            type: 'canToggleTaste',
            params: ({ event }) => ({ groupId: event.groupId, optionId: event.optionId }),
          },
          actions: {
            type: 'toggleTaste',
            params: ({ event }) => ({ groupId: event.groupId, optionId: event.optionId }),
          },
        },
        'choice.toggleMealItem': {
          guard: {
            type: 'canToggleMealItem',
            params: ({ event }) => ({ groupId: event.groupId, productId: event.productId }),
          },
          actions: {
            type: 'toggleMealItem',
            params: ({ event }) => ({ groupId: event.groupId, productId: event.productId }),
          },
        },
        'choice.setQuantity': {
          actions: { type: 'setQuantity', params: ({ event }) => ({ quantity: event.quantity }) },
        },
        'choice.increment': {
          guard: 'canIncrement',
          actions: {
            type: 'setQuantity',
            params: ({ context }) => ({ quantity: context.choice.quantity + 1 }),
          },
        },
        'choice.decrement': {
          guard: 'canDecrement',
          actions: {
            type: 'setQuantity',
            params: ({ context }) => ({ quantity: context.choice.quantity - 1 }),
          },
        },
        'choice.confirm': { guard: 'isComplete', actions: 'announceChoice' },
      },
    },
  },
});

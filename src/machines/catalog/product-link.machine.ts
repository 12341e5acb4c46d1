// A shared-product or auto-add link on the menu (spec §4 entry routing rule 3, "go to the product page"):
// once the menu has its categories and the cart, the linked product is looked up (among the loaded pages,
// else store/productDetail) and the link leaves as one emitted outcome for the menu to act on.
import { assign, emit, setup } from 'xstate';
import type { Product } from '../../domain/catalog';
import { notProvided } from '../shared/not-provided';
import { linkAction, type ProductLinkRequest } from './product-link.rules';

export interface ProductLinkContext extends ProductLinkRequest {
  product: Product | null;
  /** The categories the menu shows. */
  typeIds: readonly number[];
}

export type ProductLinkEvent = {
  type: 'link.menuReady';
  typeIds: readonly number[];
  /** The product when a loaded page of the menu has it. */
  loaded: Product | null;
};

export type ProductLinkEmitted =
  | { type: 'link.unavailable'; productId: number }
  | { type: 'link.add'; product: Product }
  | { type: 'link.choose'; product: Product }
  | { type: 'link.page'; product: Product }
  /** No answer: the request layer has said so; the menu just drops the link. */
  | { type: 'link.failed' };

/** The server's refusal (no such product in this shop), as the request layer rejects with it. */
const isRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'business';

const actionOf = (context: ProductLinkContext) =>
  linkAction(context.product, context.intent, context.typeIds);

export const productLinkMachine = setup({
  types: {
    input: {} as ProductLinkRequest,
    context: {} as ProductLinkContext,
    events: {} as ProductLinkEvent,
    emitted: {} as ProductLinkEmitted,
  },
  actors: {
    /** store/productDetail, without the request layer's toast for a refusal */
    loadProduct: notProvided<Product, { id: number }>('loadProduct'),
  },
  guards: {
    isLoaded: (_, params: { loaded: Product | null }) => params.loaded !== null,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
    isIgnored: ({ context }) => actionOf(context) === 'ignore',
    addsAtOnce: ({ context }) => actionOf(context) === 'add',
    needsChoice: ({ context }) => actionOf(context) === 'choose',
  },
  actions: {
    storeMenu: assign((_, params: { typeIds: readonly number[]; loaded: Product | null }) => ({
      typeIds: params.typeIds,
      product: params.loaded,
    })),
    storeProduct: assign((_, params: { product: Product }) => ({ product: params.product })),
    announceUnavailable: emit(({ context }) => ({
      type: 'link.unavailable' as const,
      productId: context.productId,
    })),
    announceAdd: emit(({ context }) => ({ type: 'link.add' as const, product: context.product! })),
    announceChoose: emit(({ context }) => ({ type: 'link.choose' as const, product: context.product! })),
    announcePage: emit(({ context }) => ({ type: 'link.page' as const, product: context.product! })),
    announceFailure: emit({ type: 'link.failed' as const }),
  },
}).createMachine({
  id: 'productLink',
  context: ({ input }) => ({
    productId: input.productId,
    intent: input.intent,
    product: null,
    typeIds: [],
  }),
  initial: 'waitingForMenu',
  states: {
    waitingForMenu: {
      on: {
        'link.menuReady': [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ loaded: event.loaded }) },
            target: 'deciding',
            actions: { type: 'storeMenu', params: ({ event }) => event },
          },
          { target: 'loading', actions: { type: 'storeMenu', params: ({ event }) => event } },
        ],
      },
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadProduct',
        input: ({ context }) => ({ id: context.productId }),
        onDone: {
          target: 'deciding',
          actions: { type: 'storeProduct', params: ({ event }) => ({ product: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'unavailable',
          },
          { target: 'failed' },
        ],
      },
    },
    deciding: {
      always: [
        { guard: 'isIgnored', target: 'unavailable' },
        { guard: 'addsAtOnce', target: 'adding' },
        { guard: 'needsChoice', target: 'choosing' },
        { target: 'opening' },
      ],
    },
    unavailable: { type: 'final', entry: 'announceUnavailable' },
    adding: { type: 'final', entry: 'announceAdd' },
    choosing: { type: 'final', entry: 'announceChoose' },
    opening: { type: 'final', entry: 'announcePage' },
    failed: { type: 'final', entry: 'announceFailure' },
  },
});

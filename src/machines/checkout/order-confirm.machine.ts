// The cart's confirm button (spec §4 "Order confirm", §5): an expired shop shows the expiry notice, a
// closed one the closed notice; otherwise empty lines are dropped, the product taxes are loaded and the
// stock is checked, and a shortfall names the product (store.stockWarning) before /order/confirm opens.
// A failed taxes or stock request ends in `failed`, which the cart shows as a dialog with retry and
// dismiss; the confirm button works there as it does in `idle`. A cart without a product of the shop's
// must-pick category (spec §5) stops here, before the confirm page, naming the category
// (`mustPickMissing`), and one tap scrolls the menu to it.
import { assign, emit, setup } from 'xstate';
import type { CheckStockInfo, StockLine } from '../../domain/api/store';
import type { CartProductFacts } from '../../domain/cart';
import type { ProductTax } from '../../domain/catalog';
import type { OrderType } from '../../domain/enums';
import type { CartLine } from '../../domain/pricing';
import type { ShopInfo } from '../../domain/shop';
import { shopRefusal } from '../cart/cart.rules';
import type { NavigateEvent } from '../shared/navigation';
import { errorMessage, notProvided } from '../shared/not-provided';
import { isShopExpired } from '../entry/shop-status.machine';

export interface OrderConfirmInput {
  shop: ShopInfo;
  orderType: OrderType;
  /** Old mode: the expiry notice does not block ordering. */
  fromOld: boolean;
  clock: () => Date;
}

/** The dialog the confirm page shows; text keys shop.expired, shop.stopped, shop.closed, shop.outsideHours. */
export type OrderConfirmNotice = 'expired' | 'stopped' | 'closed' | 'outsideHours';

export interface StockShortfall {
  productId: number;
  /** The product's name for store.stockWarning. */
  name: string;
  /** Stock left (0 when it cannot be sold now). */
  remaining: number;
  reason: NonNullable<CheckStockInfo['reason']>;
}

/** The category a cart must hold a product of (spec §5 "must-pick"), as the menu lists it. */
export interface MustPick {
  typeId: number;
  name: string;
}

export interface OrderConfirmContext extends OrderConfirmInput {
  lines: CartLine[];
  mustPick: MustPick | null;
  products: CartProductFacts[];
  notice: OrderConfirmNotice | null;
  shortfall: StockShortfall | null;
  error: string | null;
}

export type OrderConfirmEvent =
  | {
      type: 'confirm.start';
      lines: CartLine[];
      products: CartProductFacts[];
      /** A product coupon is in use (an empty cart with one may still be confirmed). */
      hasProductCoupon: boolean;
      /** The must-pick category while it lists something to pick; null when the shop has none. */
      mustPick?: MustPick | null;
    }
  /** Scroll the menu to the missing must-pick category. */
  | { type: 'confirm.showMustPick' }
  | { type: 'confirm.setShop'; shop: ShopInfo; orderType: OrderType; fromOld: boolean }
  | { type: 'confirm.acknowledge' }
  | { type: 'confirm.retry' }
  | { type: 'confirm.dismiss' };

export type OrderConfirmEmitted =
  | NavigateEvent
  /** The product taxes, for the cart (`cart.setTaxes`). */
  | { type: 'taxes.loaded'; taxes: ProductTax[] }
  /** The menu scrolls to this category. */
  | { type: 'mustPick.show'; typeId: number };

/** Stock lines of spec §5: spec lines by spec id, meal items by their product id. */
export function stockLines(lines: readonly CartLine[]): StockLine[] {
  return lines
    .filter((l) => l.quantity > 0)
    .flatMap((l) => [
      l.specId != null
        ? { id: l.id, specId: l.specId, quantity: l.quantity }
        : { id: l.id, quantity: l.quantity },
      ...(l.mealset ?? []).map((m) => ({ id: m.productId, quantity: l.quantity * m.quantity })),
    ]);
}

export const orderConfirmMachine = setup({
  types: {
    input: {} as OrderConfirmInput,
    context: {} as OrderConfirmContext,
    events: {} as OrderConfirmEvent,
    emitted: {} as OrderConfirmEmitted,
  },
  actors: {
    /** store/productTaxes */
    loadTaxes: notProvided<ProductTax[]>('loadTaxes'),
    /** store/checkStock: the first line that cannot be supplied. */
    checkStock: notProvided<CheckStockInfo, { products: StockLine[] }>('checkStock'),
  },
  guards: {
    hasNothingToConfirm: (_, params: { lines: CartLine[]; hasProductCoupon: boolean }) =>
      !params.lines.some((l) => l.quantity > 0) && !params.hasProductCoupon,
    isExpired: ({ context }) => !context.fromOld && isShopExpired(context.shop),
    isClosed: ({ context }) => shopRefusal(context.shop, context.orderType, context.clock()) !== null,
    isMustPickMissing: ({ context }) =>
      context.mustPick !== null && !context.lines.some((l) => l.typeid === context.mustPick!.typeId),
    hasStockLines: ({ context }) => stockLines(context.lines).length > 0,
    isShort: (_, params: CheckStockInfo) => params.id !== null,
  },
  actions: {
    takeLines: assign(
      (_, params: { lines: CartLine[]; products: CartProductFacts[]; mustPick?: MustPick | null }) => ({
        lines: params.lines.filter((l) => l.quantity > 0),
        products: params.products,
        mustPick: params.mustPick ?? null,
        notice: null,
        shortfall: null,
        error: null,
      }),
    ),
    showMustPick: emit(({ context }) => ({
      type: 'mustPick.show' as const,
      typeId: context.mustPick!.typeId,
    })),
    setShop: assign((_, params: { shop: ShopInfo; orderType: OrderType; fromOld: boolean }) => params),
    noteExpired: assign(({ context }) => ({
      notice: (context.shop.realShopStatus === -1 ? 'stopped' : 'expired') as OrderConfirmNotice,
    })),
    noteClosed: assign(({ context }) => ({
      notice: (shopRefusal(context.shop, context.orderType, context.clock()) === 'outsideHours'
        ? 'outsideHours'
        : 'closed') as OrderConfirmNotice,
    })),
    announceTaxes: emit((_, params: { taxes: ProductTax[] }) => ({
      type: 'taxes.loaded' as const,
      taxes: params.taxes,
    })),
    noteShortfall: assign(({ context }, params: CheckStockInfo) => ({
      shortfall: {
        productId: params.id!,
        name: params.name ?? context.products.find((p) => p.id === params.id)?.name ?? '',
        remaining: params.remaining ?? 0,
        reason: params.reason ?? 'insufficient',
      },
    })),
    fail: assign((_, params: { message: string }) => ({ error: params.message })),
    clear: assign({ notice: null, shortfall: null, error: null }),
    navigateToConfirm: emit({
      type: 'navigate' as const,
      to: { route: '/order/confirm' as const, query: {} },
      replace: false,
    }),
  },
}).createMachine({
  id: 'orderConfirm',
  context: ({ input }) => ({
    ...input,
    lines: [],
    products: [],
    mustPick: null,
    notice: null,
    shortfall: null,
    error: null,
  }),
  on: {
    'confirm.setShop': { actions: { type: 'setShop', params: ({ event }) => event } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'confirm.start': [
          // Spec §5: an empty cart without a product coupon does nothing.
          { guard: { type: 'hasNothingToConfirm', params: ({ event }) => event } },
          { target: 'checkingShop', actions: { type: 'takeLines', params: ({ event }) => event } },
        ],
      },
    },
    checkingShop: {
      always: [
        { guard: 'isExpired', target: 'notice', actions: 'noteExpired' },
        { guard: 'isClosed', target: 'notice', actions: 'noteClosed' },
        { guard: 'isMustPickMissing', target: 'mustPickMissing' },
        { target: 'loadingTaxes' },
      ],
    },
    mustPickMissing: {
      on: {
        'confirm.showMustPick': { target: 'idle', actions: 'showMustPick' },
        'confirm.dismiss': 'idle',
        // The customer may add from the category some other way and tap checkout again.
        'confirm.start': [
          { guard: { type: 'hasNothingToConfirm', params: ({ event }) => event } },
          { target: 'checkingShop', actions: { type: 'takeLines', params: ({ event }) => event } },
        ],
      },
    },
    notice: {
      on: { 'confirm.dismiss': { target: 'idle', actions: 'clear' } },
    },
    loadingTaxes: {
      tags: 'busy',
      invoke: {
        src: 'loadTaxes',
        onDone: [
          {
            guard: 'hasStockLines',
            target: 'checkingStock',
            actions: { type: 'announceTaxes', params: ({ event }) => ({ taxes: event.output }) },
          },
          // Only a product coupon: nothing to check.
          {
            target: 'leaving',
            actions: { type: 'announceTaxes', params: ({ event }) => ({ taxes: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    checkingStock: {
      tags: 'busy',
      invoke: {
        src: 'checkStock',
        input: ({ context }) => ({ products: stockLines(context.lines) }),
        onDone: [
          {
            guard: { type: 'isShort', params: ({ event }) => event.output },
            target: 'shortfall',
            actions: { type: 'noteShortfall', params: ({ event }) => event.output },
          },
          { target: 'leaving' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    shortfall: {
      on: { 'confirm.acknowledge': { target: 'idle', actions: 'clear' } },
    },
    failed: {
      tags: 'error',
      on: {
        // The checkout button starts afresh, as from idle: after a failure the cart may have changed.
        'confirm.start': [
          { guard: { type: 'hasNothingToConfirm', params: ({ event }) => event } },
          { target: 'checkingShop', actions: { type: 'takeLines', params: ({ event }) => event } },
        ],
        'confirm.retry': 'loadingTaxes',
        'confirm.dismiss': { target: 'idle', actions: 'clear' },
      },
    },
    leaving: {
      entry: 'navigateToConfirm',
      always: 'idle',
    },
  },
});

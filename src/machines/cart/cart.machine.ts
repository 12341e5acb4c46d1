// The cart of one shop (spec §3 "Cart item", "Cart state"; §4 "Cart behaviour"; §5 add-to-cart rules):
// lines keyed by flag, refused adds with their reason, the default pay type, and a fresh price from
// src/pricing on every recalculation trigger. Every change is kept through the `saveCart` actor, so a
// reload restores the cart (the app passes the stored cart as input).
import { assign, emit, raise, setup } from 'xstate';
import type { PayOption } from '../../domain/api/store';
import type { CartProductFacts, StoredCart } from '../../domain/cart';
import type { Product, ProductTax } from '../../domain/catalog';
import type { OrderType, PayType } from '../../domain/enums';
import type {
  Activity,
  CartLine,
  Coupon,
  PricingMember,
  PricingMemberSetting,
  PricingResult,
  PurchasedSpecial,
} from '../../domain/pricing';
import { shopToday } from '../../domain/hours';
import type { ShopInfo } from '../../domain/shop';
import {
  defaultPayType,
  factsOf,
  limitRefusal,
  lineQuantity,
  mergeLine,
  NO_MEMBER_SETTING,
  payOptionsFor,
  priceCart,
  productRefusal,
  productUnits,
  shopRefusal,
  type CartNotice,
  type PricingParts,
} from './cart.rules';
import { initialChoice, toCartLine } from '../catalog/product-choice.rules';
import { notProvided } from '../shared/not-provided';

export interface CartInput {
  shop: ShopInfo;
  orderType: OrderType;
  clientTypeCode: number;
  /** The stored cart of this shop, if any (src/services/storage.ts getCart). */
  saved: StoredCart | null;
  member?: PricingMember | null;
  memberSetting?: PricingMemberSetting | null;
  /** The clock the shop's day and hours are read from. */
  clock: () => Date;
}

export interface CartContext {
  lines: CartLine[];
  products: CartProductFacts[];
  parts: PricingParts;
  payOptions: PayOption[];
  /** The customer picked the pay type; a new default no longer replaces it. */
  payTypeChosen: boolean;
  pricing: PricingResult | null;
  notice: CartNotice | null;
  clock: () => Date;
}

export type CartEvent =
  | { type: 'cart.add'; line: CartLine; product: Product }
  /** One tap on a product without choices in the list: one more unit (its minimum purchase the first time). */
  | { type: 'cart.addOne'; product: Product }
  /** The list's "−" of a product without choices: one unit fewer on its one line. */
  | { type: 'cart.removeOne'; productId: number }
  | { type: 'cart.setQuantity'; flag: string; quantity: number }
  | { type: 'cart.increment'; flag: string }
  | { type: 'cart.decrement'; flag: string }
  | { type: 'cart.remove'; flag: string }
  | { type: 'cart.clear' }
  | { type: 'cart.setOrderType'; orderType: OrderType; clientTypeCode: number }
  | { type: 'cart.setMember'; member: PricingMember | null; memberSetting?: PricingMemberSetting | null }
  | { type: 'cart.setPayOptions'; options: PayOption[] }
  | { type: 'cart.setPayType'; payType: PayType }
  | { type: 'cart.setDistance'; distance: number | null }
  | { type: 'cart.setCoupons'; coupons: Coupon[]; couponId: number | null }
  | { type: 'cart.chooseCoupon'; couponId: number | null }
  | { type: 'cart.setActivities'; activities: Activity[]; purchased?: PurchasedSpecial[] }
  | { type: 'cart.setPickerPack'; isPickerPack: boolean }
  | { type: 'cart.setTaxes'; taxes: ProductTax[] }
  | { type: 'cart.setShop'; shop: ShopInfo }
  /** The payment-final callback: a paid order empties the cart; otherwise its lines are priced again. */
  | { type: 'cart.paymentSettled'; paid: boolean }
  | { type: 'cart.dismissNotice' }
  /** Internal: a change to keep. */
  | { type: 'cart.persist' };

export type CartEmitted = { type: 'cart.refused'; notice: CartNotice };

type AddParams = { line: CartLine; product: Product };
type QuantityParams = { flag: string; quantity: number };

/** The line one tap on a product without choices adds: its minimum purchase, then one at a time. */
function oneTapLine(context: CartContext, product: Product): AddParams {
  const line = toCartLine(product, initialChoice(product));
  const held = context.lines.some((l) => l.flag === line.flag);
  return { line: held ? { ...line, quantity: 1 } : line, product };
}

/** The one line of a product without choices, with one unit fewer (its minimum removes it). */
function oneLess(context: CartContext, productId: number): QuantityParams {
  const line = context.lines.find((l) => l.id === productId)!;
  return { flag: line.flag, quantity: line.quantity - 1 };
}

function addRefusal(context: CartContext, { line, product }: AddParams): CartNotice | null {
  const shop = shopRefusal(context.parts.shop, context.parts.orderType, context.clock());
  if (shop) return { reason: shop, productName: null, limit: null };
  const unavailable = productRefusal(product, line);
  if (unavailable) return { reason: unavailable, productName: product.name, limit: null };
  return limitRefusal(factsOf(product), productUnits(context.lines, product.id) + line.quantity);
}

function quantityRefusal(context: CartContext, { flag, quantity }: QuantityParams): CartNotice | null {
  const line = context.lines.find((l) => l.flag === flag);
  if (!line || quantity <= line.quantity) return null;
  const facts = context.products.find((p) => p.id === line.id);
  if (!facts) return null;
  return limitRefusal(facts, productUnits(context.lines, line.id, flag) + quantity);
}

const priced = (context: CartContext, changes: Partial<CartContext>) => {
  const next = { ...context, ...changes };
  const today = shopToday(next.clock(), next.parts.shop.timezone);
  const parts = { ...next.parts, today };
  return { ...changes, parts, pricing: priceCart(next.lines, next.products, parts) };
};

/** The default pay type unless the customer chose one that is still offered. */
function settlePayType(context: CartContext, changes: Partial<CartContext>): Partial<CartContext> {
  const next = { ...context, ...changes };
  const offered = payOptionsFor(next.payOptions, next.parts.orderType, next.parts.member !== null);
  const keep = next.payTypeChosen && offered.some((o) => o.payType === next.parts.payType);
  const payType = keep ? next.parts.payType : defaultPayType(offered, next.parts.member !== null);
  return { ...changes, payTypeChosen: keep, parts: { ...next.parts, payType } };
}

export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as CartEmitted,
  },
  actors: {
    /** Keeps the shop's cart (an empty one removes the shop's entry). */
    saveCart: notProvided<void, Omit<StoredCart, 'savedAt'>>('saveCart'),
  },
  guards: {
    isAddRefused: ({ context }, params: AddParams) => addRefusal(context, params) !== null,
    isQuantityRefused: ({ context }, params: QuantityParams) => quantityRefusal(context, params) !== null,
    isPaid: (_, params: { paid: boolean }) => params.paid,
    hasLine: ({ context }, params: { flag: string }) => context.lines.some((l) => l.flag === params.flag),
    hasProduct: ({ context }, params: { productId: number }) =>
      context.lines.some((l) => l.id === params.productId),
    isPayTypeOffered: ({ context }, params: { payType: PayType }) =>
      payOptionsFor(context.payOptions, context.parts.orderType, context.parts.member !== null).some(
        (o) => o.payType === params.payType,
      ),
  },
  actions: {
    refuseAdd: assign(({ context }, params: AddParams) => ({ notice: addRefusal(context, params) })),
    refuseQuantity: assign(({ context }, params: QuantityParams) => ({
      notice: quantityRefusal(context, params),
    })),
    announceRefusal: emit(({ context }) => ({ type: 'cart.refused' as const, notice: context.notice! })),
    addLine: assign(({ context }, params: AddParams) => {
      const facts = factsOf(params.product);
      return priced(context, {
        lines: mergeLine(context.lines, params.line, 'add'),
        products: [...context.products.filter((p) => p.id !== facts.id), facts],
        notice: null,
      });
    }),
    setQuantity: assign(({ context }, params: QuantityParams) => {
      const line = context.lines.find((l) => l.flag === params.flag)!;
      const facts = context.products.find((p) => p.id === line.id);
      const quantity = lineQuantity(facts, params.quantity, line.quantity);
      const lines = mergeLine(context.lines, { ...line, quantity }, 'replace');
      const products = context.products.filter((p) => lines.some((l) => l.id === p.id));
      return priced(context, { lines, products, notice: null });
    }),
    clearLines: assign(({ context }) => priced(context, { lines: [], products: [], notice: null })),
    setOrderType: assign(({ context }, params: { orderType: OrderType; clientTypeCode: number }) =>
      priced(
        context,
        settlePayType(context, {
          parts: { ...context.parts, orderType: params.orderType, clientTypeCode: params.clientTypeCode },
        }),
      ),
    ),
    setMember: assign(
      ({ context }, params: { member: PricingMember | null; memberSetting?: PricingMemberSetting | null }) =>
        priced(
          context,
          settlePayType(context, {
            parts: {
              ...context.parts,
              member: params.member,
              memberSetting: params.memberSetting ?? context.parts.memberSetting,
            },
          }),
        ),
    ),
    setPayOptions: assign(({ context }, params: { options: PayOption[] }) =>
      priced(context, settlePayType(context, { payOptions: params.options })),
    ),
    setPayType: assign(({ context }, params: { payType: PayType }) =>
      priced(context, { payTypeChosen: true, parts: { ...context.parts, payType: params.payType } }),
    ),
    updateParts: assign(({ context }, params: Partial<PricingParts>) =>
      priced(context, { parts: { ...context.parts, ...params } }),
    ),
    reprice: assign(({ context }) => priced(context, {})),
    dismissNotice: assign({ notice: null }),
    persist: raise({ type: 'cart.persist' }),
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => {
    const saved = input.saved && input.saved.shopId === input.shop.id ? input.saved : null;
    const base: CartContext = {
      lines: (saved?.lines ?? []).filter((l) => l.quantity > 0),
      products: (saved?.products ?? []).map((p) => ({ ...p, taxIds: p.taxIds ?? [] })),
      parts: {
        shop: input.shop,
        memberSetting: input.memberSetting ?? NO_MEMBER_SETTING,
        orderType: input.orderType,
        clientTypeCode: input.clientTypeCode,
        member: input.member ?? null,
        payType: null,
        activities: [],
        coupons: [],
        couponId: null,
        purchased: [],
        distance: null,
        isPickerPack: false,
        taxes: [],
        today: shopToday(input.clock(), input.shop.timezone),
      },
      payOptions: [],
      payTypeChosen: false,
      pricing: null,
      notice: null,
      clock: input.clock,
    };
    return { ...base, ...priced(base, {}) };
  },
  on: {
    'cart.add': [
      {
        guard: {
          type: 'isAddRefused',
          params: ({ event }) => ({ line: event.line, product: event.product }),
        },
        actions: [
          { type: 'refuseAdd', params: ({ event }) => ({ line: event.line, product: event.product }) },
          'announceRefusal',
        ],
      },
      {
        actions: [
          { type: 'addLine', params: ({ event }) => ({ line: event.line, product: event.product }) },
          'persist',
        ],
      },
    ],
    'cart.addOne': [
      {
        guard: { type: 'isAddRefused', params: ({ context, event }) => oneTapLine(context, event.product) },
        actions: [
          { type: 'refuseAdd', params: ({ context, event }) => oneTapLine(context, event.product) },
          'announceRefusal',
        ],
      },
      {
        actions: [
          { type: 'addLine', params: ({ context, event }) => oneTapLine(context, event.product) },
          'persist',
        ],
      },
    ],
    'cart.removeOne': {
      guard: { type: 'hasProduct', params: ({ event }) => event },
      actions: [
        { type: 'setQuantity', params: ({ context, event }) => oneLess(context, event.productId) },
        'persist',
      ],
    },
    'cart.setQuantity': [
      {
        guard: { type: 'isQuantityRefused', params: ({ event }) => event },
        actions: [{ type: 'refuseQuantity', params: ({ event }) => event }, 'announceRefusal'],
      },
      {
        guard: { type: 'hasLine', params: ({ event }) => event },
        actions: [{ type: 'setQuantity', params: ({ event }) => event }, 'persist'],
      },
    ],
    'cart.increment': [
      {
        guard: {
          type: 'isQuantityRefused',
          params: ({ context, event }) => ({
            flag: event.flag,
            quantity: (context.lines.find((l) => l.flag === event.flag)?.quantity ?? 0) + 1,
          }),
        },
        actions: [
          {
            type: 'refuseQuantity',
            params: ({ context, event }) => ({
              flag: event.flag,
              quantity: (context.lines.find((l) => l.flag === event.flag)?.quantity ?? 0) + 1,
            }),
          },
          'announceRefusal',
        ],
      },
      {
        guard: { type: 'hasLine', params: ({ event }) => event },
        actions: [
          {
            type: 'setQuantity',
            params: ({ context, event }) => ({
              flag: event.flag,
              quantity: context.lines.find((l) => l.flag === event.flag)!.quantity + 1,
            }),
          },
          'persist',
        ],
      },
    ],
    'cart.decrement': {
      guard: { type: 'hasLine', params: ({ event }) => event },
      actions: [
        {
          type: 'setQuantity',
          params: ({ context, event }) => ({
            flag: event.flag,
            quantity: context.lines.find((l) => l.flag === event.flag)!.quantity - 1,
          }),
        },
        'persist',
      ],
    },
    'cart.remove': {
      guard: { type: 'hasLine', params: ({ event }) => event },
      actions: [
        { type: 'setQuantity', params: ({ event }) => ({ flag: event.flag, quantity: 0 }) },
        'persist',
      ],
    },
    'cart.clear': { actions: ['clearLines', 'persist'] },
    'cart.setOrderType': { actions: { type: 'setOrderType', params: ({ event }) => event } },
    'cart.setMember': { actions: { type: 'setMember', params: ({ event }) => event } },
    'cart.setPayOptions': { actions: { type: 'setPayOptions', params: ({ event }) => event } },
    'cart.setPayType': {
      guard: { type: 'isPayTypeOffered', params: ({ event }) => event },
      actions: { type: 'setPayType', params: ({ event }) => event },
    },
    'cart.setDistance': {
      actions: { type: 'updateParts', params: ({ event }) => ({ distance: event.distance }) },
    },
    'cart.setCoupons': {
      actions: {
        type: 'updateParts',
        params: ({ event }) => ({ coupons: event.coupons, couponId: event.couponId }),
      },
    },
    'cart.chooseCoupon': {
      actions: { type: 'updateParts', params: ({ event }) => ({ couponId: event.couponId }) },
    },
    'cart.setActivities': {
      actions: {
        type: 'updateParts',
        params: ({ context, event }) => ({
          activities: event.activities,
          purchased: event.purchased ?? context.parts.purchased,
        }),
      },
    },
    'cart.setPickerPack': {
      actions: { type: 'updateParts', params: ({ event }) => ({ isPickerPack: event.isPickerPack }) },
    },
    'cart.setTaxes': { actions: { type: 'updateParts', params: ({ event }) => ({ taxes: event.taxes }) } },
    'cart.setShop': { actions: { type: 'updateParts', params: ({ event }) => ({ shop: event.shop }) } },
    'cart.paymentSettled': [
      { guard: { type: 'isPaid', params: ({ event }) => event }, actions: ['clearLines', 'persist'] },
      { actions: 'reprice' },
    ],
    'cart.dismissNotice': { actions: 'dismissNotice' },
  },
  initial: 'idle',
  states: {
    idle: {
      on: { 'cart.persist': 'saving' },
    },
    saving: {
      invoke: {
        src: 'saveCart',
        input: ({ context }) => ({
          shopId: context.parts.shop.id,
          lines: context.lines,
          products: context.products,
        }),
        // Storage falls back to memory on its own; a failed write must not stop the customer ordering.
        onDone: 'idle',
        onError: 'idle',
      },
      // A newer change restarts the write with the newest lines.
      on: { 'cart.persist': { target: 'saving', reenter: true } },
    },
  },
});

// The pure rules of the cart (spec §4 "Cart behaviour", §5 add-to-cart validation): merging a chosen line
// into the lines keyed by flag, the product limits, the refusals with their reason, the default pay type
// and the pricing input the engine (src/pricing) prices. The cart and checkout machines both use them.
import type { PayOption } from '../../domain/api/store';
import type { CartProductFacts } from '../../domain/cart';
import type { Product } from '../../domain/catalog';
import { ProductState, type OrderType, type PayType } from '../../domain/enums';
import { isShopOpenNow } from '../../domain/hours';
import type {
  Activity,
  CartLine,
  Coupon,
  PricingMember,
  PricingMemberSetting,
  PricingResult,
  PricingLimitCard,
  PurchasedSpecial,
} from '../../domain/pricing';
import type { ProductTax } from '../../domain/catalog';
import type { ShopInfo } from '../../domain/shop';
import { completePricingInput, priceOrder } from '../../pricing/engine';
import { isShopClosed } from '../entry/shop-status.machine';

/** Why an add or a quantity change was refused; the UI's text key is `cart.refused.<reason>`. */
export type CartRefusalReason =
  'shopClosed' | 'outsideHours' | 'soldOut' | 'outOfSaleTime' | 'aboveMaxBuy' | 'stockInsufficient';

export interface CartNotice {
  reason: CartRefusalReason;
  /** The product concerned, for product reasons. */
  productName: string | null;
  /** The per-order limit or the stock left, for aboveMaxBuy and stockInsufficient. */
  limit: number | null;
}

/** Member settings that grant nothing: the shop's setting is used once it is known. */
export const NO_MEMBER_SETTING: PricingMemberSetting = {
  isOpenDiscount: false,
  discountMode: 1,
  isOnlyCardPayForDiscount: false,
};

/** Everything the engine needs besides the lines (spec §4: each is a recalculation trigger). */
export interface PricingParts {
  shop: ShopInfo;
  memberSetting: PricingMemberSetting;
  orderType: OrderType;
  clientTypeCode: number;
  member: PricingMember | null;
  payType: PayType | null;
  activities: Activity[];
  coupons: Coupon[];
  couponId: number | null;
  /** A product coupon's line; absent or null = the dearest unit it covers. */
  couponLineFlag?: string | null;
  purchased: PurchasedSpecial[];
  /** The member's limit card chosen at checkout; absent or null = none. */
  limitCard?: PricingLimitCard | null;
  distance: number | null;
  isPickerPack: boolean;
  /** Tableware sets the customer chose at checkout; absent = the confirm page's default of one set. */
  tableware?: number | null;
  taxes: ProductTax[];
  /** Today in the shop's time zone, YYYY-MM-DD. */
  today: string;
}

export const factsOf = (product: Product): CartProductFacts => ({
  id: product.id,
  name: product.name,
  minBuy: product.minBuy,
  maxBuy: product.maxBuy,
  stock: product.stock,
  taxIds: product.taxIds,
});

/** Spec §5: adding is refused when the shop is closed or, for dine, outside the scan-order hours. */
export function shopRefusal(shop: ShopInfo, orderType: OrderType, now: Date): CartRefusalReason | null {
  if (isShopClosed(shop, orderType)) return 'shopClosed';
  if (orderType === 'dine' && !isShopOpenNow(shop, 'dine', now)) return 'outsideHours';
  return null;
}

/** Units of a product over every line (spec: the per-order limit counts the product, not the line). */
export const productUnits = (lines: readonly CartLine[], productId: number, exceptFlag?: string) =>
  lines.filter((l) => l.id === productId && l.flag !== exceptFlag).reduce((n, l) => n + l.quantity, 0);

/** A product (or the chosen spec of it) that cannot be sold now. */
export function productRefusal(product: Product, line: CartLine): CartRefusalReason | null {
  const spec = line.specId != null ? product.specs.find((s) => s.id === line.specId) : undefined;
  const state = spec && spec.state !== ProductState.normal ? spec.state : product.state;
  if (state === ProductState.outOfSaleTime) return 'outOfSaleTime';
  if (state !== ProductState.normal) return 'soldOut';
  const stock = spec ? spec.stock : product.stock;
  if (stock === 0) return 'soldOut';
  return null;
}

/** Whether `units` of the product fit its per-order limit and its tracked stock. */
export function limitRefusal(facts: CartProductFacts, units: number): CartNotice | null {
  if (facts.maxBuy !== null && units > facts.maxBuy)
    return { reason: 'aboveMaxBuy', productName: facts.name, limit: facts.maxBuy };
  if (facts.stock !== null && units > facts.stock)
    return { reason: 'stockInsufficient', productName: facts.name, limit: facts.stock };
  return null;
}

/** Spec §4: an existing flag adds to its quantity (mode add) or takes the new one (mode replace). */
export function mergeLine(lines: readonly CartLine[], line: CartLine, mode: 'add' | 'replace'): CartLine[] {
  const existing = lines.find((l) => l.flag === line.flag);
  if (!existing) return [...lines, line].filter((l) => l.quantity > 0);
  const quantity = mode === 'add' ? existing.quantity + line.quantity : line.quantity;
  return lines.map((l) => (l.flag === line.flag ? { ...l, quantity } : l)).filter((l) => l.quantity > 0);
}

/**
 * The quantity a line may take: 0 removes it; below the product's minimum purchase the line cannot
 * stand, so a step down from the minimum removes it and a typed quantity is raised to it.
 */
export function lineQuantity(facts: CartProductFacts | undefined, wanted: number, current: number): number {
  if (wanted <= 0) return 0;
  const min = facts?.minBuy ?? 1;
  if (wanted >= min) return wanted;
  return wanted < current ? 0 : min;
}

/** Spec §4: the first option, or the member card when a member exists and the card is offered. */
export function defaultPayType(options: readonly PayOption[], hasMember: boolean): PayType | null {
  if (hasMember) {
    const card = options.find((o) => o.payType === 'VIP');
    if (card) return card.payType;
  }
  return options.find((o) => !o.needsMember || hasMember)?.payType ?? null;
}

/** Pay options for the order type; member-only ones only for a member. */
export const payOptionsFor = (options: readonly PayOption[], orderType: OrderType, hasMember: boolean) =>
  options.filter(
    (o) => (o.orderTypes.length === 0 || o.orderTypes.includes(orderType)) && (!o.needsMember || hasMember),
  );

/** The lines with their product taxes attached (spec §4 order confirm "add tax"). */
export function withTaxes(
  lines: readonly CartLine[],
  products: readonly CartProductFacts[],
  taxes: readonly ProductTax[],
): CartLine[] {
  if (taxes.length === 0) return [...lines];
  return lines.map((line) => {
    const ids = products.find((p) => p.id === line.id)?.taxIds ?? [];
    return { ...line, taxes: taxes.filter((t) => ids.includes(t.id)) };
  });
}

/**
 * Prices the lines above zero; null when there is nothing to price or the engine refuses the input (an
 * amount out of its safe range, say), which the UI shows as "no price yet". The input is typed and only
 * completed with the schema's defaults: the server validates and prices the order again on submit.
 */
export function priceCart(
  lines: readonly CartLine[],
  products: readonly CartProductFacts[],
  parts: PricingParts,
): PricingResult | null {
  const priced = withTaxes(
    lines.filter((l) => l.quantity > 0),
    products,
    parts.taxes,
  );
  if (priced.length === 0) return null;
  try {
    return priceOrder(
      completePricingInput({
        shop: parts.shop,
        memberSetting: parts.memberSetting,
        orderType: parts.orderType,
        clientTypeCode: parts.clientTypeCode,
        payType: parts.payType,
        member: parts.member,
        lines: priced,
        activities: parts.activities,
        coupons: parts.coupons,
        couponId: parts.couponId,
        couponLineFlag: parts.couponLineFlag ?? null,
        purchased: parts.purchased,
        limitCard: parts.limitCard ?? null,
        distance: parts.distance,
        isPickerPack: parts.isPickerPack,
        // The cart estimates the confirm page's default of one set (decision U27).
        tableware: parts.tableware ?? 1,
        today: parts.today,
      }),
    );
  } catch {
    return null;
  }
}

/** Spec §5 starting price: how much is still short (0 when reached or nothing is priced). */
export const shortfallOf = (pricing: PricingResult | null) =>
  pricing && !pricing.fees.startingPrice.reached ? pricing.fees.startingPrice.short : 0;

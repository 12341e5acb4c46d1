// Input and result of the pricing engine (src/pricing): a cart for one shop, one order type, one customer and
// one pay type (spec §3 cart item, activity, coupon and result records; §4 promotion codes; §5 pricing rules).
// The input is a zod schema because the server validates what the browser sends before it prices it again.
// Money is integer minor units at the shop's numberDecimals; percents are whole or decimal percents.
import { z } from 'zod';
import { ORDER_TYPES, PAY_TYPES, TaxMode } from './enums';
import { money, percent, shopInfo } from './shop';
import { memberSetting, productTax } from './catalog';
import { COUPON_KINDS } from './coupon-kinds';
import { MAX_TABLEWARE_SETS } from './api/order-rules';

// Coupon kinds live in ./coupon-kinds (zod-free, for the engine in the browser); they stay exported here too.
export { CouponKind, COUPON_KINDS } from './coupon-kinds';

/** ISO calendar date, YYYY-MM-DD, in the shop's time zone. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The shop fields pricing reads. */
export const pricingShop = shopInfo.pick({
  id: true,
  currency: true,
  currencySymbol: true,
  numberDecimals: true,
  rebate: true,
  discountSet: true,
  showVipPrice: true,
  minSellStartAmount: true,
  minSellAmountSupportSelfCollection: true,
  deliverAmount: true,
  deliverAmount1: true,
  deliveryDistance: true,
  isFreeDeliveryFee: true,
  freeDeliveryMinAmount: true,
  packFee: true,
  packageFeeApplySceneSet: true,
  allowPack: true,
  dishwareAmount: true,
  serviceFee: true,
  serviceFeeTax: true,
  otherSetting: true,
  deliverGst: true,
  dishwareGst: true,
  isRounding05: true,
});
export type PricingShop = z.infer<typeof pricingShop>;

export const pricingMemberSetting = memberSetting.pick({
  isOpenDiscount: true,
  discountMode: true,
  isOnlyCardPayForDiscount: true,
});
export type PricingMemberSetting = z.infer<typeof pricingMemberSetting>;

/** A chosen taste of a cart line. optionType: 0 topping, 1 sub price, 2 reset to zero, 3 discount, 4 flavor. */
export const cartTaste = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Taste group the option belongs to. */
  typeId: z.number().int(),
  optionType: z.number().int().min(0).max(4),
  /** Minor units (topping, sub price) or a whole percent paid (discount: 80 = 20 % off). */
  price: z.number().int().nonnegative(),
  quantity: z.number().int().positive().default(1),
});
export type CartTaste = z.infer<typeof cartTaste>;

/** A chosen item of a meal set; price is its surcharge over the set price. */
export const cartMealItem = z.object({
  productId: z.number().int(),
  name: z.string(),
  price: money,
  quantity: z.number().int().positive(),
});
export type CartMealItem = z.infer<typeof cartMealItem>;

/** A product tax on a line; without a mode it is percent in, the spec's default (§5 "Tax types"). */
export const lineTaxDef = productTax.extend({ mode: productTax.shape.mode.default(TaxMode.taxIn) });

/** Cart item of spec §3 as pricing needs it. */
export const cartLine = z.object({
  /** Unique per configured product: see lineFlag() in src/pricing. */
  flag: z.string().min(1),
  id: z.number().int(),
  /** Replaces id for activity and coupon matching when present. */
  specId: z.number().int().nullable().default(null),
  specName: z.string().nullable().default(null),
  name: z.string(),
  /** Category (spec "typeid"). */
  typeid: z.number().int(),
  quantity: z.number().int().nonnegative().max(1_000_000),
  /** Unit price of the product or of its spec, before tastes and meal surcharges. */
  price: money,
  /** Member unit price of the product or spec; null = none. */
  memberPrice: money.nullable().default(null),
  tastes: z.array(cartTaste).default([]),
  mealset: z.array(cartMealItem).default([]),
  /** false is the spec's joinDiscount = N: the line takes no promotion, discount or coupon. */
  joinDiscount: z.boolean().default(true),
  notDishware: z.boolean().default(false),
  taxes: z.array(lineTaxDef).default([]),
});
export type CartLine = z.input<typeof cartLine>;
export type ParsedCartLine = z.output<typeof cartLine>;

/** A product entry of an activity (spec §3 Activity productList). */
export const activityProduct = z.object({
  /** Product id, or spec id for a spec product. */
  id: z.number().int(),
  /** Special price (type 3), minor units per unit. */
  discountPrice: money.nullable().default(null),
  /** Whole percent paid for the discounted unit (type 11); null = the activity's discount. */
  discount: percent.nullable().default(null),
  /** Units the activity offers (type 3 quantity, type 12 freeTotalQuantity); null = no cap. */
  quantity: z.number().int().nonnegative().nullable().default(null),
  /** Units already sold or given under this activity. */
  purchasedQuantity: z.number().int().nonnegative().default(0),
  buyQuantity: z.number().int().positive().nullable().default(null),
  freeQuantity: z.number().int().positive().nullable().default(null),
});
export type ActivityProduct = z.infer<typeof activityProduct>;

/** Activity (promotion) of spec §3. type: 1 full reduction, 2 all discount, 3 special price, 7 some-type full
 * reduction, 9 over-send product, 11 second-item discount, 12 buy N get N; other codes are not price rules. */
export const activity = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  /** Higher applies first; ties go to the lower id. */
  priority: z.number().int().default(0),
  /** 1 = running; anything else is off. */
  status: z.number().int().default(1),
  startDate: isoDate.nullable().default(null),
  endDate: isoDate.nullable().default(null),
  /** Order-type bit flags (1 takeaway, 2 pickup, 4 dine, 8 appointment); 0 = every order type. */
  orderType: z.number().int().nonnegative().default(0),
  /** User-type bit flags (1 normal, 2 member); 0 = everyone. */
  userType: z.number().int().nonnegative().default(0),
  /** Member level ids allowed; empty = every level. */
  memberLevel: z.array(z.number().int()).default([]),
  /** Categories the activity covers; empty = all. */
  typeIds: z.array(z.number().int()).default([]),
  /** Least order amount (over the matching categories) for the activity to apply. */
  minAmount: money.default(0),
  /** Least number of units (over the matching categories) for the activity to apply. */
  quantityLimit: z.number().int().nonnegative().default(0),
  productList: z.array(activityProduct).default([]),
  /** Full-reduction tiers (spend `full`, get `less` off). */
  reductionList: z.array(z.object({ full: money, less: money })).default([]),
  /** The spec's other name for the tiers; read when reductionList is empty. */
  gears: z.array(z.object({ full: money, less: money })).default([]),
  cyclicCalc: z.boolean().default(false),
  /** Whole percent paid (all discount, second-item default). */
  discount: percent.default(100),
  /** All discount: 'all' for the whole order, 'byType' for typeDiscountSet. */
  discountMode: z.enum(['all', 'byType']).default('all'),
  typeDiscountSet: z.array(z.object({ id: z.number().int(), discount: percent })).default([]),
  /** Per-person limit of special-price units; null = none. */
  limit: z.number().int().positive().nullable().default(null),
  // Over-send product (type 9): the gift.
  productId: z.number().int().nullable().default(null),
  productName: z.string().default(''),
  productImage: z.string().default(''),
  productType: z.number().int().default(0),
  freeQuantity: z.number().int().nonnegative().default(0),
  /** Gift units the activity still has; null = no cap. */
  freeTotalQuantity: z.number().int().nonnegative().nullable().default(null),
});
export type Activity = z.input<typeof activity>;
export type ParsedActivity = z.output<typeof activity>;

/** A coupon the customer holds, with the conditions of spec §5. */
export const coupon = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z
    .number()
    .int()
    .refine((k) => (COUPON_KINDS as readonly number[]).includes(k), { message: 'unknown coupon kind' }),
  /** Amount off for cash-like kinds (1, 4, 8, 10, 20); also the default-pick ranking. */
  reductionAmount: money.default(0),
  chainId: z.number().int().nullable().default(null),
  activityId: z.number().int().nullable().default(null),
  /** -1 closed, 0 expired, 1 normal. */
  status: z.number().int().default(1),
  startDate: isoDate.nullable().default(null),
  endDate: isoDate.nullable().default(null),
  /** Days of the week it may be used, 1 Monday … 7 Sunday (validity type 3); empty = every day. */
  weekDays: z.array(z.number().int().min(1).max(7)).max(7).default([]),
  /** Days of the month it may be used, 1 … 31 (validity type 4); empty = every day. */
  monthDays: z.array(z.number().int().min(1).max(31)).max(31).default([]),
  /** Least amount, after activity discounts, of the listed products (all products when the list is empty). */
  minAmount: money.default(0),
  /** Least number of units of the listed products. */
  minQuantity: z.number().int().nonnegative().default(0),
  /** Products (or spec ids) the coupon covers; empty = all. */
  productList: z.array(z.number().int()).default([]),
  /** Order-type bit flags (1 takeaway 1-50, 2 pickup 51-100, 4 dine 101-200 and scan, 8 appointment); 0 = all. */
  orderType: z.number().int().nonnegative().default(0),
  /** User-type bit flags (1 normal, 2 member); 0 = everyone. */
  userType: z.number().int().nonnegative().default(0),
  memberLevel: z.array(z.number().int()).default([]),
  memberCardOnly: z.boolean().default(false),
  /** Whole percent paid: all discount (2) and the discounted unit of second-item (11). */
  discount: percent.default(100),
  /** Special price per unit (spec price, 3). */
  discountPrice: money.nullable().default(null),
  buyQuantity: z.number().int().positive().default(1),
  freeQuantity: z.number().int().positive().default(1),
});
export type Coupon = z.input<typeof coupon>;
export type ParsedCoupon = z.output<typeof coupon>;

/** Purchased special-price record of spec §3: units this customer already bought per activity. */
export const purchasedSpecial = z.object({
  activityId: z.number().int(),
  products: z.array(
    z.object({ id: z.number().int(), discount: money, quantity: z.number().int().nonnegative() }),
  ),
});
export type PurchasedSpecial = z.infer<typeof purchasedSpecial>;

export const pricingMember = z.object({
  id: z.number().int(),
  /** Member level id (matched against activity and coupon memberLevel lists). */
  level: z.number().int(),
  /** Whole percent paid (100 = none). */
  discount: percent.default(100),
});
export type PricingMember = z.input<typeof pricingMember>;

export const pricingLimitCard = z.object({
  id: z.number().int(),
  productIds: z.array(z.number().int()).max(1000),
  remaining: z.number().int().nonnegative(),
});
export type PricingLimitCard = z.infer<typeof pricingLimitCard>;

export const openTableTiming = z.object({
  startAt: z.number().int().nonnegative(),
  endAt: z.number().int().nonnegative(),
  /** Fee per hour, minor units. */
  eachFee: money,
  /** 1 = billed per started half hour; otherwise per started hour. */
  feeType: z.number().int(),
});
export type OpenTableTiming = z.infer<typeof openTableTiming>;

export const pricingInput = z.object({
  shop: pricingShop,
  memberSetting: pricingMemberSetting,
  orderType: z.enum(ORDER_TYPES),
  /** Client type code (spec §4); its range decides the coupon and activity order-type checks. */
  clientTypeCode: z.number().int().nonnegative(),
  payType: z.enum(PAY_TYPES).nullable().default(null),
  member: pricingMember.nullable().default(null),
  lines: z
    .array(cartLine)
    .max(1000)
    .refine((ls) => new Set(ls.map((l) => l.flag)).size === ls.length, { message: 'duplicate line flag' }),
  activities: z.array(activity).default([]),
  coupons: z.array(coupon).default([]),
  /** The coupon the customer chose; null = none. */
  couponId: z.number().int().nullable().default(null),
  /** For a product coupon: flag of the line it covers; null = the first matching line by flag. */
  couponLineFlag: z.string().nullable().default(null),
  purchased: z.array(purchasedSpecial).default([]),
  /**
   * The member's limit card the customer chose: each of its `remaining` uses pays one unit of a product it
   * lists, that unit charged 0 (decision M153); null = none.
   */
  limitCard: pricingLimitCard.nullable().default(null),
  /** Delivery distance in metres; null = no address yet. */
  distance: z.number().int().nonnegative().nullable().default(null),
  isPickerPack: z.boolean().default(false),
  /**
   * Tableware sets the customer asked for, each charged dishwareAmount (0 = no cutlery, no fee); null =
   * one set per unit of every line that takes dishware, for callers that do not ask.
   */
  tableware: z.number().int().min(0).max(MAX_TABLEWARE_SETS).nullable().default(null),
  openTable: openTableTiming.nullable().default(null),
  /** Today in the shop's time zone; the engine never reads the clock. */
  today: isoDate,
});
export type PricingInput = z.input<typeof pricingInput>;
export type ParsedPricingInput = z.output<typeof pricingInput>;

// ---- Result (plain TS types: the engine produces it, nobody validates it) ----

/** The rule that set the price of some units of a line. */
export type PriceRule =
  | 'list'
  | 'excluded'
  | 'specialPrice'
  | 'secondItem'
  | 'buyNGetN'
  | 'memberPrice'
  | 'memberDiscount'
  | 'shopRebate'
  /** Paid by a use of the member's limit card: charged 0. */
  | 'limitCard';

export interface PriceSegment {
  quantity: number;
  unitPrice: number;
  rule: PriceRule;
  /** Activity that set it (specialPrice, secondItem, buyNGetN). */
  activityId: number | null;
}

export interface LineTax {
  id: number;
  name: string;
  mode: number;
  amount: number;
}

export interface PricedLine {
  flag: string;
  id: number;
  specId: number | null;
  name: string;
  quantity: number;
  /** Configured unit price: spec, sub price, tastes and meal surcharges. */
  listUnitPrice: number;
  listAmount: number;
  /** How each unit was priced; quantities add up to the line quantity. */
  segments: PriceSegment[];
  /** After the per-product rule. */
  amount: number;
  /** Share of order activities (full reduction, all discount). */
  activityDiscount: number;
  couponDiscount: number;
  /** Units a use of the limit card each pays (charged 0 in `segments`). */
  limitCardUses: number;
  /** amount − activityDiscount − couponDiscount: what the goods of this line cost. */
  net: number;
  taxes: LineTax[];
  /** Tax included in net (tax-in modes). */
  taxIncluded: number;
  /** Tax added on top of net (tax-out modes). */
  taxAdded: number;
  /** Line total with tax. */
  inTaxPrice: number;
  /** Line total without tax. */
  outTaxPrice: number;
}

export interface PriceActivityResult {
  /** Product (or spec) id. */
  id: number;
  activityId: number;
  activityName: string;
  activityType: number;
  /** Amount saved on this product. */
  amount: number;
  quantity: number;
  detail: { flag: string; price: number; quantity: number }[];
}

export interface FullReductionResult {
  id: number;
  name: string;
  /** 1 full reduction, 7 some-type full reduction, 2 all discount. */
  type: number;
  amount: number;
  /** Amount of the lines it covered, before it. */
  base: number;
}

export interface FreeGiftResult {
  id: number;
  name: string;
  product: { id: number; name: string; image: string; quantity: number; productType: number };
}

export interface BuyNGetNResult {
  id: number;
  name: string;
  amount: number;
  products: { id: number; flag: string; quantity: number; amount: number }[];
}

export interface SpecialPurchaseResult {
  activityId: number;
  products: { id: number; discount: number; quantity: number }[];
}

export type CouponRejection =
  | 'status'
  | 'date'
  | 'amount'
  | 'quantity'
  | 'product'
  | 'orderType'
  | 'userType'
  | 'memberLevel'
  | 'payType';

export interface CouponEvaluation {
  id: number;
  name: string;
  type: number;
  reductionAmount: number;
  usable: boolean;
  reasons: CouponRejection[];
  /** What it would take off this cart (0 when unusable). */
  amount: number;
  /** Amount of the lines it counts (after activity discounts). */
  base: number;
}

/** What the chosen limit card pays: `uses` units (one use each) worth `amount` at their prices. */
export interface LimitCardResult {
  id: number;
  uses: number;
  amount: number;
  lines: { flag: string; id: number; quantity: number; amount: number }[];
}

export interface CouponResult {
  chosenId: number | null;
  /** The chosen coupon if it applied. */
  applied: { id: number; name: string; type: number; amount: number; lineFlags: string[] } | null;
  evaluations: CouponEvaluation[];
}

export interface FeeResult {
  startingPrice: { minimum: number; base: number; reached: boolean; short: number };
  delivery: {
    applies: boolean;
    distance: number | null;
    outOfRange: boolean;
    /** Fee by distance before free delivery. */
    base: number;
    waived: number;
    amount: number;
  };
  packing: { applies: boolean; amount: number };
  dishware: { units: number; amount: number };
  serviceCharge: { code: number; applies: boolean; percent: number; base: number; amount: number };
  table: { billedMinutes: number; amount: number };
  total: number;
}

export interface TaxResult {
  /** Product taxes by line, summed. */
  productIncluded: number;
  productAdded: number;
  /** Tax type 1 service charge, 2 delivery, 3 dishware (all added on top). */
  serviceCharge: number;
  delivery: number;
  dishware: number;
  /** Everything added on top of prices. */
  added: number;
  /** Everything already inside prices. */
  included: number;
}

/**
 * belowStartingPrice: goods under the starting price (fees.startingPrice.short says by how much);
 * noAddress / outOfDeliveryRange: a delivery without a distance, or beyond deliveryDistance;
 * nothingToPay: the total is 0 (spec §5: the pay amount must exceed 0).
 */
export type PricingIssue = 'belowStartingPrice' | 'noAddress' | 'outOfDeliveryRange' | 'nothingToPay';

export interface PricingResult {
  currency: string;
  numberDecimals: number;
  lines: PricedLine[];
  priceActivities: PriceActivityResult[];
  fullReductions: FullReductionResult[];
  freeGifts: FreeGiftResult[];
  buyNGetN: BuyNGetNResult[];
  specialPurchases: SpecialPurchaseResult[];
  coupon: CouponResult;
  /** null when no card was chosen; uses 0 when it covers nothing in this cart. */
  limitCard: LimitCardResult | null;
  fees: FeeResult;
  taxes: TaxResult;
  rounding: { step: number; amount: number };
  /** What stops this order from being placed as it stands (empty = it can be submitted). */
  issues: PricingIssue[];
  totals: {
    /** Σ list amounts. */
    list: number;
    /** Saved by per-product rules. */
    productDiscount: number;
    /** The price of the units the limit card pays. */
    limitCard: number;
    /** Σ line amounts after per-product rules and the limit card. */
    goods: number;
    activityDiscount: number;
    couponDiscount: number;
    /** goods − activityDiscount − couponDiscount. */
    goodsNet: number;
    fees: number;
    taxAdded: number;
    /** goodsNet + fees + taxAdded. */
    beforeRounding: number;
    rounding: number;
    /** What the customer pays. */
    total: number;
  };
}

// Product catalogue shapes of spec §3 (cart item fields, product option types, meal sets, taxes) as the
// API returns them: names already in the request's language, money in minor units.
import { z } from 'zod';
import { money, timeRange } from './shop';

export const productType = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** A category the customer must pick one product from before confirming (shop.mustPickTypeId). */
  isMustPick: z.boolean(),
});
export type ProductType = z.infer<typeof productType>;

export const tasteOption = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Topping: added; sub price: replaces the unit price; discount: a whole percent off (80 = 20 % off). */
  price: z.number().int(),
  state: z.number().int(),
});
export type TasteOption = z.infer<typeof tasteOption>;

export const tasteGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Product option type: 0 topping, 1 sub price, 2 reset to zero, 3 discount, 4 flavor. */
  optionType: z.number().int().min(0).max(4),
  /** Required tastes need at least one attribute chosen (spec §5). */
  required: z.boolean(),
  /** Most options that may be chosen in this group (1 = single choice). */
  maxChoose: z.number().int().positive(),
  options: z.array(tasteOption),
});
export type TasteGroup = z.infer<typeof tasteGroup>;

export const specDimension = z.object({ name: z.string(), values: z.array(z.string()) });
export const productSpec = z.object({
  id: z.number().int(),
  /** One value per dimension, in the dimensions' order. */
  values: z.array(z.string()),
  name: z.string(),
  price: money,
  memberPrice: money.nullable(),
  /** null = stock not tracked */
  stock: z.number().int().nonnegative().nullable(),
  state: z.number().int(),
});
export type ProductSpec = z.infer<typeof productSpec>;

export const mealItem = z.object({
  productId: z.number().int(),
  name: z.string(),
  image: z.string(),
  /** Surcharge over the set price for choosing this item. */
  price: money,
  quantity: z.number().int().positive(),
  state: z.number().int(),
});
export const mealGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Choose n of items.length. */
  chooseCount: z.number().int().positive(),
  items: z.array(mealItem),
});
export type MealGroup = z.infer<typeof mealGroup>;

export const productTax = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 tax out, 1 tax in, 2 fixed tax out, 3 fixed tax in. */
  mode: z.number().int().min(0).max(3),
  /** Percent for modes 0/1 (e.g. 13 or 8.25), minor units per unit for fixed modes 2/3. */
  value: z.number().nonnegative(),
});
export type ProductTax = z.infer<typeof productTax>;

export const product = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  unit: z.string(),
  price: money,
  /** Price before a markdown, shown struck through. */
  originalPrice: money.nullable(),
  memberPrice: money.nullable(),
  /** Product state: 0 normal, 1 sold out, 2 offline, 3 deleted, 101 out of sale time (computed at read). */
  state: z.number().int(),
  /** null = stock not tracked (needSoldOut false). */
  stock: z.number().int().nonnegative().nullable(),
  saleTimes: z.array(timeRange),
  minBuy: z.number().int().positive(),
  /** Per-order purchase limit; null = none. */
  maxBuy: z.number().int().positive().nullable(),
  /** false = the line is excluded from discounts (joinDiscount = N). */
  joinDiscount: z.boolean(),
  notDishware: z.boolean(),
  /** grams, for retail weight display */
  weight: z.number().int().nonnegative().nullable(),
  /** Beauty services: minutes a service takes. */
  serviceTime: z.number().int().nonnegative().nullable(),
  sales: z.number().int().nonnegative(),
  specDimensions: z.array(specDimension),
  specs: z.array(productSpec),
  tastes: z.array(tasteGroup),
  mealGroups: z.array(mealGroup),
  taxIds: z.array(z.number().int()),
});
export type Product = z.infer<typeof product>;

export const productKind = (p: Pick<Product, 'specs' | 'mealGroups'>): 'single' | 'spec' | 'meal' =>
  p.mealGroups.length > 0 ? 'meal' : p.specs.length > 0 ? 'spec' : 'single';

/** Member settings (shop member-config), spec §3. */
export const memberSetting = z.object({
  logo: z.string(),
  name: z.string(),
  cardLogo: z.string(),
  cardName: z.string(),
  isOpenDiscount: z.boolean(),
  /** 1 = member price; otherwise member discount percent. */
  discountMode: z.number().int(),
  isOnlyCardPayForDiscount: z.boolean(),
  allowRegisterInWeb: z.boolean(),
  chargeSlogan: z.string(),
  isAllowRecharge: z.boolean(),
  isFunctionOpen: z.boolean(),
});
export type MemberSetting = z.infer<typeof memberSetting>;

/** Member of spec §3 as the customer sees it (no pay password, only whether one is set). */
export const member = z.object({
  id: z.number().int(),
  name: z.string(),
  nickname: z.string(),
  gender: z.number().int().min(0).max(2),
  avatar: z.string(),
  birthday: z.string().nullable(),
  phone: z.string(),
  level: z.number().int(),
  /** The level's name in the request's catalogue language. */
  levelName: z.string(),
  /**
   * The level's name in both catalogue languages: the member is read once per visit, and a language switch
   * on the "my" page must rename the level without reading the member again.
   */
  levelNames: z.object({ en: z.string(), zh: z.string() }),
  cardNo: z.string(),
  amount: money,
  giftAmount: money,
  points: z.number().int().nonnegative(),
  barcode: z.string(),
  discount: z.number().int().min(0).max(100),
  hasPayPassword: z.boolean(),
  isChain: z.boolean(),
  isCharged: z.boolean(),
  industry: z.number().int(),
  isBindOfficialAccount: z.boolean(),
});
export type Member = z.infer<typeof member>;

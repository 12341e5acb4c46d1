// Preparing one shop's order from a submit payload: every rule of spec §5 the server can check, in the
// order a customer would fix them (shop, pay type, lines, delivery/pickup/table, amounts), then the price
// from src/pricing on the database's prices. Nothing here writes; orders-store.ts reserves stock and
// inserts in one transaction. A failure is a BusinessError whose info carries `reason` (ORDER_REJECTIONS).
import { SHOP_NOT_FOUND } from '../../../src/domain/api/envelope';
import type { z } from 'zod';
import type { orderCartFields, LocalDateTime, OrderRejection } from '../../../src/domain/api/order';
import { MAX_TABLEWARE_SETS } from '../../../src/domain/api/order-rules';
import { normalizePhone } from '../../../src/domain/api/user';
import { browserClientTypeCode, codeRange } from '../../../src/domain/client-type';
import { ProductState, type CatalogueLocale, type Locale, type OrderSource } from '../../../src/domain/enums';
import { isShopOpenNow, localTime, shopToday } from '../../../src/domain/hours';
import type { CartLine, PricingResult } from '../../../src/domain/pricing';
import type { TimeRange } from '../../../src/domain/shop';
import { formatPrice, lineFlag, parsePricingInput, priceOrder } from '../../../src/pricing';
import type { Executor } from '../../db/client';
import type { orderLines, orders } from '../../db/schema';
import {
  type OrderContactSnapshot,
  type OrderLineMeal,
  type OrderLineTaste,
  type Text,
} from '../../db/schema';
import { BusinessError, type Session } from '../../http/action';
import type { LocalizedText, MessageParams } from '../../i18n';
import { findAddress, ownerPhone } from '../identity/addresses';
import { runningPriceActivities } from '../coupons/activities';
import { countedActivities, countedUnits, unitsToCount, type UnitCount } from '../coupons/activity-units';
import { chosenCoupon, couponToReserve } from '../coupons/coupon-orders';
import { chosenLimitCard, limitCardToReserve } from '../limit-cards/limit-card-orders';
import { localize, type Catalogue, type ProductRow, type TaxRow } from '../catalog/catalog';
import type { CatalogEntry } from '../catalog/catalog-cache';
import { businessHoursText, payOptions } from '../catalog/catalog-shop';
import { hasValidGps, measureDelivery, outOfRangeError, pricingShopOf } from './delivery';
import { orderMessages } from './orders-messages';
import { resolveTable } from './tables';
import type { StockDemand } from '../catalog/stock';
import type { BookingPlan } from '../appointments/place-booking';

export type CartFields = z.output<typeof orderCartFields>;
type ProductInput = CartFields['products'][number];

export interface OrderEnv {
  db: Executor;
  session: Session;
  now: Date;
  locale: Locale;
  catalogueLocale: CatalogueLocale;
  abroad: boolean;
  /** The userAgentType header. */
  userAgentType: number | null;
  /** A shop's catalogue entry in the request's catalogue language (the process's catalogue cache). */
  catalog(shopId: number): Promise<CatalogEntry | null>;
}

export type OrderValues = Omit<typeof orders.$inferInsert, 'orderNo' | 'requestId' | 'daySeq' | 'id'>;
export type LineValues = Omit<typeof orderLines.$inferInsert, 'orderId' | 'id'>;

/** Everything needed to write one order, decided before the transaction. */
export interface PreparedOrder {
  shopId: number;
  /** The shop's name, for the reply built from the written rows. */
  shopName: Text;
  values: OrderValues;
  lines: LineValues[];
  demands: StockDemand[];
  pricing: PricingResult;
  /** Counters of capped activity products the order moves (activity-units.ts). */
  unitCounts: UnitCount[];
  /** An appointment order's booking, written in the order's transaction. */
  booking?: BookingPlan;
}

const ms = (minutes: number) => minutes * 60_000;

/** An order's money columns, each from the pricing result that is stored with them. */
export function orderAmounts(pricing: PricingResult) {
  const { totals, fees, taxes } = pricing;
  return {
    listAmount: totals.list,
    productDiscount: totals.productDiscount,
    goodsAmount: totals.goods,
    activityDiscount: totals.activityDiscount,
    couponDiscount: totals.couponDiscount,
    goodsNet: totals.goodsNet,
    deliveryFee: fees.delivery.amount,
    packingFee: fees.packing.amount,
    dishwareFee: fees.dishware.amount,
    serviceCharge: fees.serviceCharge.amount,
    feesAmount: totals.fees,
    taxAdded: taxes.added,
    taxIncluded: taxes.included,
    rounding: totals.rounding,
    total: totals.total,
    pricing,
  } satisfies Partial<OrderValues>;
}

export function reject(
  reason: OrderRejection,
  message: LocalizedText,
  params?: MessageParams,
  extra: Record<string, unknown> = {},
): BusinessError {
  return new BusinessError(message, params, { reason, ...extra });
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const inRange = (range: TimeRange, minutes: number) => {
  const start = toMinutes(range.start);
  const end = toMinutes(range.end);
  return end > start ? minutes >= start && minutes < end : minutes >= start || minutes < end;
};

/** A shop-local day and time that is today or tomorrow and not yet past. */
function isUpcoming(value: LocalDateTime, now: Date, timeZone: string): boolean {
  const today = shopToday(now, timeZone);
  if (value.date !== today && value.date !== nextDay(today)) return false;
  return value.date !== today || toMinutes(value.time) >= localTime(now, timeZone).minutes;
}

/** A delivery slot of deliveryTimeRange: between start and end (inclusive) on a step from start. */
function isDeliverySlot(
  value: LocalDateTime,
  range: { start: string; end: string; stepMinutes: number },
): boolean {
  const start = toMinutes(range.start);
  const end = toMinutes(range.end);
  const t = toMinutes(value.time);
  const offset = (t - start + 1440) % 1440;
  const span = (end - start + 1440) % 1440;
  return offset <= span && offset % range.stepMinutes === 0;
}

const joinText = (values: Text[]): Text => ({
  en: values.map((v) => v.en || v.zh).join(' / '),
  zh: values.map((v) => v.zh || v.en).join(' / '),
});

function phoneOrReject(phone: string): string {
  const normalized = normalizePhone(phone);
  if (!normalized) throw reject('phoneInvalid', orderMessages.phoneInvalid);
  return normalized;
}

export interface BuiltLine {
  cart: CartLine & { quantity: number; flag: string };
  snapshot: Omit<LineValues, 'position' | 'unitPrice' | 'amount' | 'quantity'>;
  demands: StockDemand[];
}

/** One cart line checked against the catalogue: state, spec, tastes, meal set; never a client price. */
export function buildLine(
  catalogue: Catalogue,
  input: ProductInput,
  taxesById: Map<number, TaxRow>,
  locale: CatalogueLocale,
): BuiltLine {
  const product = catalogue.row(input.id);
  if (!product) {
    throw reject(
      'productUnavailable',
      orderMessages.productNotFound,
      { id: input.id },
      { productId: input.id },
    );
  }
  const name = localize(product.name, locale);
  const about = { productId: product.id, name };
  const state = catalogue.state(product.id);
  if (state === ProductState.deleted || state === ProductState.offline)
    throw reject('productUnavailable', orderMessages.productGone, { name }, about);
  if (state === ProductState.outOfSaleTime)
    throw reject('productUnavailable', orderMessages.notInSaleTime, { name }, about);
  if (product.state === ProductState.soldOut)
    throw reject('productUnavailable', orderMessages.soldOut, { name }, about);

  // Spec.
  const specs = catalogue.specsOf(product.id);
  const specId = input.specId ?? null;
  let spec = null;
  if (specs.length > 0) {
    if (specId === null) throw reject('specRequired', orderMessages.specRequired, { name }, about);
    spec = specs.find((s) => s.id === specId) ?? null;
    if (!spec) throw reject('productUnavailable', orderMessages.specInvalid, { name }, about);
    if (spec.soldOut) throw reject('productUnavailable', orderMessages.soldOut, { name }, about);
  } else if (specId !== null) {
    throw reject('productUnavailable', orderMessages.specInvalid, { name }, about);
  }

  // Tastes: each option must exist in its group and be on sale; at most maxChoose per group; required
  // groups need one.
  const tastes: CartLine['tastes'] = [];
  const tasteSnapshot: OrderLineTaste[] = [];
  const chosenPerGroup = new Map<number, Set<number>>();
  for (const chosen of input.tastes) {
    const group = product.tastes.find((g) => g.id === chosen.typeId);
    const option = group?.options.find((o) => o.id === chosen.id);
    const seen = chosenPerGroup.get(chosen.typeId) ?? new Set<number>();
    if (!group || !option || option.soldOut || seen.has(chosen.id))
      throw reject('tasteInvalid', orderMessages.tasteInvalid, { name }, about);
    seen.add(chosen.id);
    chosenPerGroup.set(chosen.typeId, seen);
    if (seen.size > group.maxChoose)
      throw reject('tasteInvalid', orderMessages.tasteInvalid, { name }, about);
    tastes.push({
      id: option.id,
      name: localize(option.name, locale),
      typeId: group.id,
      optionType: group.optionType,
      price: option.price,
      quantity: chosen.quantity,
    });
    tasteSnapshot.push({ id: option.id, name: option.name, quantity: chosen.quantity });
  }
  for (const group of product.tastes) {
    if (group.required && !chosenPerGroup.has(group.id)) {
      throw reject(
        'tasteRequired',
        orderMessages.tasteRequired,
        { name, group: localize(group.name, locale) },
        about,
      );
    }
  }

  // Meal set: exactly chooseCount available items per group.
  const mealset: CartLine['mealset'] = [];
  const mealSnapshot: OrderLineMeal[] = [];
  const mealUnits: { productId: number; quantity: number }[] = [];
  const perGroup = new Map<number, number[]>();
  for (const item of input.mealset) {
    const holds = (g: (typeof product.mealGroups)[number]) =>
      g.items.some((i) => i.productId === item.productId);
    const group =
      item.groupId !== undefined
        ? product.mealGroups.find((g) => g.id === item.groupId)
        : (product.mealGroups.find((g) => holds(g) && (perGroup.get(g.id)?.length ?? 0) < g.chooseCount) ??
          product.mealGroups.find(holds));
    const entry = group?.items.find((i) => i.productId === item.productId);
    const chosen = group ? (perGroup.get(group.id) ?? []) : [];
    const itemRow = catalogue.row(item.productId);
    if (!group || !entry || !itemRow || chosen.includes(item.productId))
      throw reject('mealInvalid', orderMessages.mealInvalid, { name }, about);
    const quantity = entry.quantity ?? 1;
    if (catalogue.mealItemState(item.productId, quantity) !== ProductState.normal)
      throw reject('mealInvalid', orderMessages.mealInvalid, { name }, about);
    chosen.push(item.productId);
    perGroup.set(group.id, chosen);
    mealset.push({
      productId: item.productId,
      name: localize(itemRow.name, locale),
      price: entry.price ?? 0,
      quantity,
    });
    mealSnapshot.push({ productId: item.productId, name: itemRow.name, quantity });
    mealUnits.push({ productId: item.productId, quantity });
  }
  for (const group of product.mealGroups) {
    if ((perGroup.get(group.id)?.length ?? 0) !== group.chooseCount) {
      throw reject(
        'mealIncomplete',
        orderMessages.mealIncomplete,
        { name, group: localize(group.name, locale), count: group.chooseCount },
        about,
      );
    }
  }

  const specName = spec ? joinText(spec.values) : null;
  const cart: BuiltLine['cart'] = {
    flag: lineFlag({ id: product.id, specId: spec?.id ?? null, tastes, mealset }),
    id: product.id,
    specId: spec?.id ?? null,
    specName: specName ? localize(specName, locale) : null,
    name,
    typeid: product.typeId,
    quantity: input.quantity,
    price: spec?.price ?? product.price,
    memberPrice: spec ? spec.memberPrice : product.memberPrice,
    tastes,
    mealset,
    joinDiscount: product.joinDiscount,
    notDishware: product.notDishware,
    taxes: product.taxIds.flatMap((id) => {
      const tax = taxesById.get(id);
      return tax ? [{ id: tax.id, name: localize(tax.name, locale), mode: tax.mode, value: tax.value }] : [];
    }),
  };

  const demands: StockDemand[] = [];
  const label = specName
    ? { en: `${product.name.en} (${specName.en})`, zh: `${product.name.zh}（${specName.zh}）` }
    : product.name;
  if (spec && spec.stock !== null)
    demands.push({ kind: 'spec', id: spec.id, productId: product.id, quantity: input.quantity, name: label });
  if (!spec && product.stock !== null)
    demands.push({
      kind: 'product',
      id: product.id,
      productId: product.id,
      quantity: input.quantity,
      name: product.name,
    });
  for (const unit of mealUnits) {
    const row = catalogue.row(unit.productId)!;
    if (row.stock !== null) {
      const quantity = input.quantity * unit.quantity;
      demands.push({ kind: 'product', id: row.id, productId: row.id, quantity, name: row.name });
    }
  }

  return {
    cart,
    snapshot: {
      productId: product.id,
      specId: spec?.id ?? null,
      name: product.name,
      specName,
      tastes: tasteSnapshot,
      mealset: mealSnapshot,
    },
    demands,
  };
}

/** Adds up demands on the same product or spec. */
export function mergeDemands(demands: StockDemand[]): StockDemand[] {
  const merged = new Map<string, StockDemand>();
  for (const d of demands) {
    const key = `${d.kind}:${d.id}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, quantity: known.quantity + d.quantity } : { ...d });
  }
  return [...merged.values()];
}

function currentStock(catalogue: Catalogue, demand: StockDemand): number | null {
  if (demand.kind === 'spec') return catalogue.spec(demand.id)?.stock ?? null;
  return catalogue.row(demand.id)?.stock ?? null;
}

const clientTypeFor = (type: CartFields['type'], header: number | null): number => {
  if (header !== null) {
    const range = codeRange(header);
    if (type === 'takeaway' && range === 'takeaway') return header;
    if (type === 'selfPickup' && range === 'pickup') return header;
    if (type === 'dine' && (range === 'dine' || range === 'scan')) return header;
    if (type === 'appointment' && range === 'appointment') return header;
  }
  return browserClientTypeCode(type);
};

const SOURCE: Record<CartFields['type'], OrderSource> = {
  takeaway: 'weixin',
  selfPickup: 'weixin',
  dine: 'weixin_eat_in',
  appointment: 'appointment',
};

/**
 * The shop's catalogue entry (shop row, menu, taxes, member settings: no statement when the cache is warm)
 * or a refusal: unknown, stopped, expired (overseas counts as operating, spec §4).
 */
export async function loadOrderShop(env: OrderEnv, shopId: number): Promise<CatalogEntry> {
  const entry = await env.catalog(shopId);
  if (!entry) throw new BusinessError('shop.notFound', undefined, SHOP_NOT_FOUND);
  const status = entry.shop.row.settings.realShopStatus;
  if (status < 0) throw reject('shopExpired', orderMessages.shopStopped, undefined, { shopId });
  if (status === 0 && !env.abroad)
    throw reject('shopExpired', orderMessages.shopExpired, undefined, { shopId });
  return entry;
}

/** Checks and prices one shop's cart; throws the first rule it breaks. */
export async function prepareOrder(
  env: OrderEnv,
  entry: CatalogEntry,
  cart: CartFields,
): Promise<PreparedOrder> {
  const { db, session, now } = env;
  const { shop, catalogue } = entry;
  const { settings } = shop.row;
  const shopId = shop.row.id;
  const zone = settings.timezone;

  if (!shop.row.orderTypes.includes(cart.type))
    throw reject('orderTypeUnavailable', orderMessages.orderTypeUnavailable, undefined, { shopId });
  if (!isShopOpenNow(settings, cart.type, now)) {
    const hours =
      cart.type === 'dine' && settings.scanOrderBusinessHours.businessMode === 'routine'
        ? businessHoursText(settings.scanOrderBusinessHours.businessScanOrderHours)
        : businessHoursText(settings.businessTimeRange);
    throw reject('shopClosed', orderMessages.shopClosed, { hours }, { shopId });
  }

  // Pay type: one the shop offers for this order type; the member card needs a member.
  const option = payOptions(shop.row, entry.memberSetting, env.locale, env.catalogueLocale).find(
    (o) =>
      o.orderTypes.includes(cart.type) &&
      o.payType === cart.payType &&
      (cart.payTypeId === undefined || o.id === cart.payTypeId),
  );
  if (!option) throw reject('payTypeInvalid', orderMessages.payTypeInvalid, undefined, { shopId });
  if (option.needsMember && session.memberId === null)
    throw reject('memberRequired', orderMessages.memberRequired, undefined, { shopId });

  // Lines: only quantities above 0 count (spec §5).
  const wanted = cart.products.filter((p) => p.quantity > 0);
  if (wanted.length === 0) throw reject('emptyCart', orderMessages.emptyCart, undefined, { shopId });
  const taxesById = new Map(entry.taxes.map((t) => [t.id, t]));
  const byFlag = new Map<string, BuiltLine>();
  const demands: StockDemand[] = [];
  for (const input of wanted) {
    const built = buildLine(catalogue, input, taxesById, env.catalogueLocale);
    demands.push(...built.demands);
    const known = byFlag.get(built.cart.flag);
    if (known) known.cart.quantity += built.cart.quantity;
    else byFlag.set(built.cart.flag, built);
  }
  const built = [...byFlag.values()];

  // Per-product limits over every line of the product.
  const units = new Map<number, number>();
  for (const b of built) units.set(b.cart.id, (units.get(b.cart.id) ?? 0) + b.cart.quantity);
  for (const [productId, total] of units) {
    const row: ProductRow = catalogue.row(productId)!;
    const name = localize(row.name, env.catalogueLocale);
    if (total < row.minBuy)
      throw reject(
        'belowMinBuy',
        orderMessages.belowMinBuy,
        { name, count: row.minBuy },
        { productId, name },
      );
    if (row.maxBuy !== null && total > row.maxBuy)
      throw reject(
        'aboveMaxBuy',
        orderMessages.aboveMaxBuy,
        { name, count: row.maxBuy },
        { productId, name },
      );
  }

  // Must-pick category: only when the shop has something in it a customer could pick.
  const mustPick = settings.mustPickTypeId;
  if (mustPick !== null && catalogue.listedRows().some((r) => r.typeId === mustPick)) {
    if (!built.some((b) => b.cart.typeid === mustPick)) {
      const type = catalogue.rows.types.find((t) => t.id === mustPick);
      throw reject('mustPickMissing', orderMessages.mustPickMissing, {
        category: localize(type?.name, env.catalogueLocale),
      });
    }
  }

  // Stock as loaded: the friendly early answer. The conditional UPDATE in the transaction is the guard.
  const merged = mergeDemands(demands);
  for (const demand of merged) {
    const stock = currentStock(catalogue, demand);
    if (stock !== null && stock < demand.quantity) throw stockError(demand, stock, env.catalogueLocale);
  }

  // Order-type details.
  let contact: OrderContactSnapshot | null = null;
  let distance: number | null = null;
  let deliveryTime: string | null = null;
  let pickupTime: string | null = null;
  let table: { id: number; name: string; area: Text } | null = null;
  let person: number | null = null;

  if (cart.type === 'takeaway') {
    let gps = cart.contact_address_gps ?? null;
    let name = cart.contact_name ?? '';
    let phone = cart.contact_phone ?? '';
    let addressText = cart.contact_address ?? '';
    let houseNumber = '';
    if (cart.addressId !== undefined) {
      const row = await findAddress(db, await ownerPhone(db, session), cart.addressId);
      gps = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
      ({ contactName: name, phone, address: addressText, houseNumber } = row);
    }
    if (!addressText) throw reject('addressRequired', orderMessages.addressRequired);
    if (!gps) throw reject('addressNoGps', orderMessages.addressNoGps);
    if (!hasValidGps(settings.gpsAddress))
      throw reject('shopAddressInvalid', orderMessages.shopAddressInvalid);
    const measured = measureDelivery(shopId, settings, gps);
    if (!measured.withinRange) throw outOfRangeError(measured);
    distance = measured.distance;
    if (settings.nameAndPhoneRequiredByTakeaway && (!name || !phone))
      throw reject('contactRequired', orderMessages.contactRequired);
    if (phone) phone = phoneOrReject(phone);
    if (!cart.deliveryTime) throw reject('deliveryTimeRequired', orderMessages.deliveryTimeRequired);
    const range = settings.deliveryTimeRange;
    if (!isDeliverySlot(cart.deliveryTime, range) || !isUpcoming(cart.deliveryTime, now, zone))
      throw reject('deliveryTimeInvalid', orderMessages.deliveryTimeInvalid, {
        start: range.start,
        end: range.end,
      });
    deliveryTime = `${cart.deliveryTime.date} ${cart.deliveryTime.time}`;
    contact = { name, phone, address: addressText, houseNumber, gps };
  } else if (cart.type === 'selfPickup') {
    if (!cart.pickerName || !cart.pickerPhone) throw reject('pickerRequired', orderMessages.pickerRequired);
    contact = {
      name: cart.pickerName,
      phone: phoneOrReject(cart.pickerPhone),
      address: '',
      houseNumber: '',
      gps: null,
    };
    if (settings.allowPickupAppointment) {
      if (!cart.pickupTime) throw reject('pickupTimeRequired', orderMessages.pickupTimeRequired);
      const minutes = toMinutes(cart.pickupTime.time);
      const ranges = settings.businessTimeRange;
      const open = ranges.length === 0 || ranges.some((r) => inRange(r, minutes));
      if (!open || !isUpcoming(cart.pickupTime, now, zone)) {
        throw reject('pickupTimeInvalid', orderMessages.pickupTimeInvalid, {
          hours: businessHoursText(ranges),
        });
      }
      pickupTime = `${cart.pickupTime.date} ${cart.pickupTime.time}`;
    }
  } else if (cart.type === 'dine') {
    if (cart.table === undefined) throw reject('tableRequired', orderMessages.tableRequired);
    const row = await resolveTable(db, shopId, cart.table);
    if (!row) throw reject('tableNotFound', orderMessages.tableNotFound);
    if (cart.person === undefined || cart.person > row.maxPerson)
      throw reject('headcountInvalid', orderMessages.headcountInvalid, { max: row.maxPerson });
    table = { id: row.id, name: row.name, area: row.area };
    person = cart.person;
  }
  // An appointment's own details (service, start, technician, the person coming) are checked and booked by
  // server/modules/appointments/appointment-orders.ts, which calls this for the rest of the order.

  // Tableware sets: a whole count the customer chose; a fraction or a count past the limit is no choice.
  const tableware = cart.tableware ?? null;
  if (tableware !== null && (!Number.isInteger(tableware) || tableware < 0 || tableware > MAX_TABLEWARE_SETS))
    throw reject(
      'tablewareInvalid',
      orderMessages.tablewareInvalid,
      { max: MAX_TABLEWARE_SETS },
      { max: MAX_TABLEWARE_SETS },
    );

  // Price from the database's rows.
  // Packing is for food taken away from the counter; a service is not packed.
  const isPickerPack =
    (cart.type === 'dine' || cart.type === 'selfPickup') && cart.isPickerPack && settings.allowPack;
  const memberSetting = entry.memberSetting
    ? {
        isOpenDiscount: entry.memberSetting.isOpenDiscount,
        discountMode: entry.memberSetting.discountMode,
        isOnlyCardPayForDiscount: entry.memberSetting.isOnlyCardPayForDiscount,
      }
    : { isOpenDiscount: false, discountMode: 1, isOnlyCardPayForDiscount: false };
  const businessDate = shopToday(now, zone);
  const clientTypeCode = clientTypeFor(cart.type, env.userAgentType);
  // The shop's running price activities (cached) and, only when the cart names one, the chosen coupon.
  const scope = { shopId, chainId: shop.row.chainId, today: businessDate };
  // Capped activity products in the cart read their counters (one statement; none without such a product).
  const counted = await countedActivities(
    db,
    await runningPriceActivities(db, scope, env.catalogueLocale),
    session.customerId,
    new Set(built.map((b) => b.cart.specId ?? b.cart.id)),
  );
  const couponId = cart.couponId ?? null;
  const coupons =
    couponId === null ? [] : [await chosenCoupon(db, session, scope, couponId, env.catalogueLocale)];
  const limitCardId = cart.limitCardId ?? null;
  const limitCard =
    limitCardId === null
      ? null
      : await chosenLimitCard(db, session, limitCardId, businessDate, env.catalogueLocale);
  const pricing = priceOrder(
    parsePricingInput({
      shop: pricingShopOf(shopId, settings),
      memberSetting,
      orderType: cart.type,
      clientTypeCode,
      payType: cart.payType,
      member: session.memberPricing && { id: session.memberId!, ...session.memberPricing },
      lines: built.map((b) => b.cart),
      activities: counted.activities,
      purchased: counted.purchased,
      coupons,
      couponId,
      couponLineFlag: cart.couponLineFlag ?? null,
      limitCard: limitCard?.pricing ?? null,
      distance,
      isPickerPack,
      tableware,
      today: businessDate,
    }),
  );
  const money = (amount: number) =>
    formatPrice(amount, {
      locale: env.locale,
      shopSymbol: settings.currencySymbol,
      currency: settings.currency,
      decimals: settings.numberDecimals,
    });
  if (pricing.issues.includes('belowStartingPrice')) {
    const { minimum, short } = pricing.fees.startingPrice;
    throw reject(
      'belowStartingPrice',
      orderMessages.belowStartingPrice,
      { minimum: money(minimum), short: money(short) },
      { short, shopId },
    );
  }
  const reservedCoupon = couponToReserve(pricing, couponId, env.locale);
  const reservedCard = limitCardToReserve(pricing, limitCard);
  const unitCounts = unitsToCount(pricing, counted.caps, session.customerId);
  // An order the limit card pays in full is settled as it is placed (decision M154).
  if (pricing.issues.includes('nothingToPay') && !(reservedCard !== null && pricing.totals.total === 0))
    throw reject('nothingToPay', orderMessages.nothingToPay);

  const values: OrderValues = {
    shopId,
    customerId: session.customerId,
    memberId: session.memberId,
    orderType: cart.type,
    clientTypeCode,
    source: SOURCE[cart.type],
    status: 'nopay',
    payType: cart.payType,
    payTypeId: option.id,
    currency: settings.currency,
    numberDecimals: settings.numberDecimals,
    ...orderAmounts(pricing),
    note: cart.note,
    contact,
    distance,
    tableId: table?.id ?? null,
    tableName: table?.name ?? null,
    tableArea: table?.area ?? null,
    person,
    deliveryTime,
    pickupTime,
    isPickerPack,
    businessDate,
    reserved: merged.map((d) => ({
      productId: d.productId,
      specId: d.kind === 'spec' ? d.id : null,
      quantity: d.quantity,
    })),
    createdAt: now,
    statusChangedAt: now,
    // The shop's pay window (default 15 minutes, docs/decisions.md); the sweeper cancels after it.
    payDeadlineAt: new Date(now.getTime() + ms(shop.row.payWindowMinutes)),
    couponId: reservedCoupon,
    limitCardId: reservedCard,
    activityUnits: countedUnits(unitCounts),
  };
  // By flag, not a search per line: a long cart would cost the square of its lines.
  const pricedByFlag = new Map(pricing.lines.map((l) => [l.flag, l]));
  const lines: LineValues[] = built.map((b, position) => {
    const priced = pricedByFlag.get(b.cart.flag)!;
    return {
      ...b.snapshot,
      position,
      quantity: b.cart.quantity,
      unitPrice: priced.listUnitPrice,
      amount: priced.net,
      ...(priced.limitCardUses > 0 ? { limitCardId: reservedCard, limitCardUses: priced.limitCardUses } : {}),
    };
  });
  return { shopId, shopName: shop.row.name, values, lines, demands: merged, pricing, unitCounts };
}

export function stockError(demand: StockDemand, remaining: number, locale: CatalogueLocale): BusinessError {
  const name = localize(demand.name, locale);
  return reject(
    'stockInsufficient',
    orderMessages.stockInsufficient,
    { name, remaining },
    {
      productId: demand.productId,
      specId: demand.kind === 'spec' ? demand.id : null,
      name,
      remaining,
    },
  );
}

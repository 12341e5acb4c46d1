// Order fees of spec §3 "Amounts and fees" and §5: starting price, delivery by distance tiers and free
// delivery, packing by scene, dishware, the service charge by service order type code, and the open-table
// hourly fee. Each is computed on the goods after every discount (goodsNet), before tax.
import { ServiceOrderTypeCode } from '../domain/enums';
import type { FeeResult, ParsedPricingInput } from '../domain/pricing';
import { checkedAdd, checkedMul, percentOf, type MoneyContext } from './money';
import type { WorkLine } from './product-rules';

const HALF_HOUR_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The service order type code of spec §5 for this order. */
export function serviceOrderTypeCode(
  orderType: ParsedPricingInput['orderType'],
  isPickerPack: boolean,
): number {
  if (orderType === 'dine') return isPickerPack ? ServiceOrderTypeCode.dinePack : ServiceOrderTypeCode.dine;
  if (orderType === 'openTable') return ServiceOrderTypeCode.openTable;
  return ServiceOrderTypeCode.default;
}

/**
 * Delivery fee by distance: the first tier whose distance reaches the address; beyond the last tier,
 * deliverAmount1 per started kilometre on top of the last tier, up to deliveryDistance.
 */
export function deliveryFee(
  shop: ParsedPricingInput['shop'],
  distance: number,
): { amount: number; outOfRange: boolean } {
  if (shop.deliveryDistance > 0 && distance > shop.deliveryDistance) return { amount: 0, outOfRange: true };
  let tier: { distance: number; amount: number } | null = null;
  for (const t of shop.deliverAmount)
    if (distance <= t.distance && (!tier || t.distance < tier.distance)) tier = t;
  if (tier) return { amount: tier.amount, outOfRange: false };
  let furthest: { distance: number; amount: number } = { distance: 0, amount: 0 };
  for (const tier of shop.deliverAmount) if (tier.distance > furthest.distance) furthest = tier;
  const km = Math.ceil((distance - furthest.distance) / 1000);
  return { amount: checkedAdd(furthest.amount, checkedMul(km, shop.deliverAmount1)), outOfRange: false };
}

/** Open-table time fee: type 1 bills started half hours at half the hourly fee, otherwise started hours. */
export function tableFee(
  ctx: MoneyContext,
  timing: NonNullable<ParsedPricingInput['openTable']>,
): { billedMinutes: number; amount: number } {
  const ms = Math.max(0, timing.endAt - timing.startAt);
  if (timing.feeType === 1) {
    const halves = Math.ceil(ms / HALF_HOUR_MS);
    return { billedMinutes: halves * 30, amount: percentOf(ctx, checkedMul(timing.eachFee, halves), 50) };
  }
  const hours = Math.ceil(ms / HOUR_MS);
  return { billedMinutes: hours * 60, amount: checkedMul(timing.eachFee, hours) };
}

export function computeFees(
  ctx: MoneyContext,
  input: ParsedPricingInput,
  lines: readonly WorkLine[],
  goodsNet: number,
  /** The price of the units the limit card pays: they count towards the starting price (decision M155). */
  prepaid = 0,
): FeeResult {
  const { shop, orderType } = input;
  let units = 0;
  let dishUnits = 0;
  for (const l of lines) {
    units += l.src.quantity;
    if (!l.src.notDishware) dishUnits += l.src.quantity;
  }

  const minimum =
    orderType === 'takeaway'
      ? shop.minSellStartAmount
      : orderType === 'selfPickup'
        ? shop.minSellAmountSupportSelfCollection
        : 0;
  const startingBase = checkedAdd(goodsNet, prepaid);
  const startingPrice = {
    minimum,
    base: startingBase,
    reached: startingBase >= minimum,
    short: Math.max(0, minimum - startingBase),
  };

  const deliveryApplies = orderType === 'takeaway' && units > 0;
  let deliveryBase = 0;
  let outOfRange = false;
  if (deliveryApplies && input.distance !== null) {
    const d = deliveryFee(shop, input.distance);
    deliveryBase = d.amount;
    outOfRange = d.outOfRange;
  }
  const free = shop.isFreeDeliveryFee && goodsNet >= shop.freeDeliveryMinAmount;
  const waived = free ? deliveryBase : 0;
  const delivery = {
    applies: deliveryApplies,
    distance: input.distance,
    outOfRange,
    base: deliveryBase,
    waived,
    amount: deliveryBase - waived,
  };

  const scene = shop.packageFeeApplySceneSet;
  const sceneOn =
    orderType === 'takeaway'
      ? scene.takeaway
      : orderType === 'selfPickup'
        ? scene.selfPickUp
        : orderType === 'dine'
          ? scene.dine
          : orderType === 'openTable'
            ? scene.openTable
            : false;
  const packed = orderType === 'takeaway' || (shop.allowPack && input.isPickerPack);
  const packApplies = units > 0 && sceneOn && packed;
  const packing = { applies: packApplies, amount: packApplies ? shop.packFee : 0 };

  // Sets the customer asked for win over the per-unit count: "no cutlery" must mean no fee (decision U20).
  // Sets are asked for only where something takes tableware: a count alone charges nothing.
  const dishCount = orderType === 'appointment' || dishUnits === 0 ? 0 : (input.tableware ?? dishUnits);
  const dishware = { units: dishCount, amount: checkedMul(dishCount, shop.dishwareAmount) };

  const code = serviceOrderTypeCode(orderType, input.isPickerPack);
  const serviceOn =
    shop.otherSetting.ServiceChargeEnable &&
    shop.otherSetting.OrderTypeServiceCharge.includes(code) &&
    units > 0;
  const serviceCharge = {
    code,
    applies: serviceOn,
    percent: shop.serviceFee,
    base: serviceOn ? goodsNet : 0,
    amount: serviceOn ? percentOf(ctx, goodsNet, shop.serviceFee) : 0,
  };

  const table =
    orderType === 'openTable' && input.openTable
      ? tableFee(ctx, input.openTable)
      : { billedMinutes: 0, amount: 0 };

  const total = [delivery.amount, packing.amount, dishware.amount, serviceCharge.amount, table.amount].reduce(
    checkedAdd,
    0,
  );
  return { startingPrice, delivery, packing, dishware, serviceCharge, table, total };
}

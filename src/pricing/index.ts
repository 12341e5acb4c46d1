// The pricing engine's public surface, shared by the browser (display) and the server (charge).
export { priceOrder, parsePricingInput } from './price-order';
export { defaultCoupon, type DefaultCouponOptions } from './coupons';
export {
  lineFlag,
  configuredUnitPrice,
  productUnitPrice,
  type FlagParts,
  type UnitPriceParts,
} from './line-config';
export {
  formatMoney,
  moneyContext,
  percentOf,
  allocateBy,
  round05Step,
  roundToStep,
  type FormatOptions,
} from './money';
export { deliveryFee, tableFee, serviceOrderTypeCode } from './fees';
export { fullReductionAmount } from './order-activities';

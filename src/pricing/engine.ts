// The pricing engine without input parsing: what the browser imports (display prices). It holds no zod
// schema, so importing it ships only the engine; ./index adds parsePricingInput for the server.
export { priceOrder } from './price-order';
export { completePricingInput } from './defaults';
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

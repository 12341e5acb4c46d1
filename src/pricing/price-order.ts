// priceOrder: the whole price of a cart for one shop, order type, customer and pay type, explained.
// Order of operations (docs/pricing.md): configured unit prices → per-product rules → limit card → order
// activities → coupon → product taxes on what is paid → fees and their taxes → rounding-05. Pure: no clock,
// no I/O.
import type { ParsedPricingInput, PricedLine, PricingIssue, PricingResult } from '../domain/pricing';
import { applyCoupons } from './coupons';
import { audienceOf } from './eligibility';
import { computeFees } from './fees';
import { applyLimitCard } from './limit-card';
import { checkedAdd, moneyContext, percentOf, round05Step, roundToStep } from './money';
import { applyOrderActivities, overSendGifts } from './order-activities';
import { applyProductRules, buildLines, byFlag } from './product-rules';
import { lineTaxes, type LineTaxTotals } from './taxes';

export function priceOrder(input: ParsedPricingInput): PricingResult {
  const ctx = moneyContext(input.shop.currency, input.shop.numberDecimals);
  const who = audienceOf(input);
  const lines = buildLines(ctx, input);
  const canonical = [...lines].sort(byFlag);
  for (let i = 0; i < canonical.length; i++) canonical[i]!.pos = i;

  const productResult = applyProductRules(ctx, input, canonical, who, input.activities);
  const limitCard = applyLimitCard(input, canonical);
  const fullReductions = applyOrderActivities(ctx, canonical, who, input.activities);
  const freeGifts = overSendGifts(canonical, who, input.activities);
  const coupon = applyCoupons(ctx, input, who, canonical);

  let list = 0;
  let goods = 0;
  let activityDiscount = 0;
  let couponDiscount = 0;
  let goodsNet = 0;
  let productIncluded = 0;
  let productAdded = 0;
  const tax: LineTaxTotals = { included: 0, added: 0 };
  const priced = new Array<PricedLine>(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const net = l.amount - l.activityDiscount - l.couponDiscount;
    const taxes = lineTaxes(ctx, net, l.src.quantity, l.src.taxes, tax);
    const listAmount = l.listUnit * l.src.quantity;
    list = checkedAdd(list, listAmount);
    goods = checkedAdd(goods, l.amount);
    activityDiscount = checkedAdd(activityDiscount, l.activityDiscount);
    couponDiscount = checkedAdd(couponDiscount, l.couponDiscount);
    goodsNet = checkedAdd(goodsNet, net);
    productIncluded = checkedAdd(productIncluded, tax.included);
    productAdded = checkedAdd(productAdded, tax.added);
    priced[i] = {
      flag: l.src.flag,
      id: l.src.id,
      specId: l.src.specId,
      name: l.src.name,
      quantity: l.src.quantity,
      listUnitPrice: l.listUnit,
      listAmount,
      segments: l.segments,
      amount: l.amount,
      activityDiscount: l.activityDiscount,
      couponDiscount: l.couponDiscount,
      limitCardUses: l.limitCardUses,
      net,
      taxes,
      taxIncluded: tax.included,
      taxAdded: tax.added,
      inTaxPrice: net + tax.added,
      outTaxPrice: net - tax.included,
    };
  }

  const fees = computeFees(ctx, input, lines, goodsNet, limitCard?.amount ?? 0);
  const { shop } = input;
  const serviceTax = percentOf(ctx, fees.serviceCharge.amount, shop.serviceFeeTax);
  const deliveryTax = percentOf(ctx, fees.delivery.amount, shop.deliverGst);
  const dishwareTax = percentOf(ctx, fees.dishware.amount, shop.dishwareGst);
  const taxAdded = checkedAdd(checkedAdd(checkedAdd(productAdded, serviceTax), deliveryTax), dishwareTax);

  const beforeRounding = checkedAdd(checkedAdd(goodsNet, fees.total), taxAdded);
  const step = shop.isRounding05 ? round05Step(shop.numberDecimals) : 1;
  const total = roundToStep(beforeRounding, step);

  const issues: PricingIssue[] = [];
  if (!fees.startingPrice.reached) issues.push('belowStartingPrice');
  if (fees.delivery.applies && input.distance === null) issues.push('noAddress');
  if (fees.delivery.outOfRange) issues.push('outOfDeliveryRange');
  if (total <= 0) issues.push('nothingToPay');

  return {
    currency: shop.currency,
    numberDecimals: shop.numberDecimals,
    lines: priced,
    priceActivities: productResult.priceActivities,
    fullReductions,
    freeGifts,
    buyNGetN: productResult.buyNGetN,
    specialPurchases: productResult.specialPurchases,
    coupon,
    limitCard,
    fees,
    taxes: {
      productIncluded,
      productAdded,
      serviceCharge: serviceTax,
      delivery: deliveryTax,
      dishware: dishwareTax,
      added: taxAdded,
      included: productIncluded,
    },
    rounding: { step, amount: total - beforeRounding },
    issues,
    totals: {
      list,
      productDiscount: list - goods - (limitCard?.amount ?? 0),
      limitCard: limitCard?.amount ?? 0,
      goods,
      activityDiscount,
      couponDiscount,
      goodsNet,
      fees: fees.total,
      taxAdded,
      beforeRounding,
      rounding: total - beforeRounding,
      total,
    },
  };
}

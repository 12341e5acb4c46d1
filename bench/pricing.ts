// Speed of priceOrder for carts of 1, 20 and 200 lines against 0, 10 and 100 activities and as many
// coupons, as median and p99 per call, the young-generation collections that fell inside the samples, and a
// ratio to a plain sum of line prices; then one line of quantity 1 against one of quantity 10 000. Prints
// figures only: it never fails. It runs the engine through tsx, as the server does (npm start), which is
// the slower of the two builds: the browser's Vite bundle drops the function-name wrappers tsx keeps.
// Targets: p99 ≤ 0.2 ms for 20 lines × 100 promotions, ≤ 2 ms for 200 × 100 (docs/pricing.md, Speed).
import { PerformanceObserver } from 'node:perf_hooks';
import { parsePricingInput, priceOrder, lineFlag } from '../src/pricing';
import type { Activity, CartLine, Coupon, ParsedPricingInput } from '../src/domain/pricing';

const WARMUP = 3000;
const SAMPLES = 5000;

/** A small deterministic generator so every run prices the same carts. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

function cart(lines: number, promos: number, quantity?: number): ParsedPricingInput {
  const r = rng(lines * 1000 + promos);
  const cartLines: CartLine[] = [];
  for (let i = 0; i < lines; i++) {
    const id = 1 + r(60);
    const specId = r(3) === 0 ? 1000 + id : null;
    const tastes = r(2)
      ? [{ id: 1 + r(4), name: 't', typeId: 1, optionType: r(2) ? 0 : 3, price: r(2) ? 150 : 90 }]
      : [];
    cartLines.push({
      flag: `${lineFlag({ id, specId, tastes })}-${i}`,
      id,
      specId,
      name: `p${id}`,
      typeid: 1 + (id % 8),
      quantity: quantity ?? 1 + r(4),
      price: 500 + r(3000),
      memberPrice: r(2) ? 400 + r(2000) : null,
      tastes,
      taxes: r(3) === 0 ? [{ id: 1, name: 'VAT', mode: r(4), value: 13 }] : [],
    });
  }
  const kinds = [1, 2, 3, 7, 9, 11, 12];
  const activities: Activity[] = [];
  for (let i = 0; i < promos; i++) {
    const type = kinds[i % kinds.length]!;
    activities.push({
      id: i + 1,
      name: `a${i}`,
      type,
      priority: r(10),
      orderType: r(4) === 0 ? 4 : 0,
      typeIds: r(2) ? [1 + r(8)] : [],
      productList: Array.from({ length: 3 }, () => ({
        id: 1 + r(60),
        discountPrice: 300 + r(1000),
        quantity: r(2) ? 20 : null,
        buyQuantity: 2,
        freeQuantity: 1,
      })),
      reductionList: [
        { full: 3000, less: 300 },
        { full: 8000, less: 1000 },
      ],
      discount: 80 + r(20),
      cyclicCalc: r(2) === 0,
      productId: 99,
      freeQuantity: 1,
      minAmount: r(2) ? 2000 : 0,
    });
  }
  const couponKinds = [1, 2, 3, 4, 8, 10, 11, 12, 17, 20];
  const coupons: Coupon[] = [];
  for (let i = 0; i < promos; i++)
    coupons.push({
      id: i + 1,
      name: `c${i}`,
      type: couponKinds[i % couponKinds.length]!,
      reductionAmount: 100 + r(1000),
      minAmount: r(2) ? 1000 : 0,
      productList: r(2) ? [1 + r(60), 1 + r(60)] : [],
      discount: 85,
      discountPrice: 500,
    });
  return parsePricingInput({
    shop: {
      id: 1,
      currency: 'CNY',
      currencySymbol: '¥',
      numberDecimals: 2,
      rebate: 100,
      discountSet: { dineRebate: 95, openTableRebate: 100, defaultRebate: 98 },
      showVipPrice: true,
      minSellStartAmount: 2000,
      minSellAmountSupportSelfCollection: 0,
      deliverAmount: [
        { distance: 1000, amount: 300 },
        { distance: 3000, amount: 500 },
      ],
      deliverAmount1: 200,
      deliveryDistance: 8000,
      isFreeDeliveryFee: true,
      freeDeliveryMinAmount: 10_000,
      packFee: 100,
      packageFeeApplySceneSet: { takeaway: true, dine: false, selfPickUp: true, openTable: false },
      allowPack: true,
      dishwareAmount: 50,
      serviceFee: 5,
      serviceFeeTax: 6,
      otherSetting: { ServiceChargeEnable: true, OrderTypeServiceCharge: [86004] },
      deliverGst: 9,
      dishwareGst: 13,
      isRounding05: true,
    },
    memberSetting: { isOpenDiscount: true, discountMode: 1, isOnlyCardPayForDiscount: false },
    orderType: 'takeaway',
    clientTypeCode: 4,
    payType: 'VIP',
    member: { id: 1, level: 1, discount: 95 },
    lines: cartLines,
    activities,
    coupons,
    couponId: coupons.length > 0 ? 4 : null,
    distance: 2500,
    today: '2026-06-15',
  });
}

function plainSum(input: ParsedPricingInput): number {
  let total = 0;
  for (const l of input.lines) total += l.price * l.quantity;
  return total;
}

/** Garbage collections seen since the last reset: the p99 of a cart is the calls a collection fell into. */
let collections = 0;
new PerformanceObserver((list) => (collections += list.getEntries().length)).observe({ entryTypes: ['gc'] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let sink = 0;
async function measure(fn: () => number): Promise<{ median: number; p99: number; gcs: number }> {
  for (let i = 0; i < WARMUP; i++) sink += fn();
  await settle();
  collections = 0;
  const times: number[] = new Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = process.hrtime.bigint();
    sink += fn();
    times[i] = Number(process.hrtime.bigint() - t0);
  }
  await settle();
  const gcs = collections;
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(SAMPLES / 2)]!, p99: times[Math.floor(SAMPLES * 0.99)]!, gcs };
}

const ms = (ns: number) => (ns / 1e6).toFixed(4);
const rows: string[][] = [
  ['lines', 'promos', 'median ms', 'p99 ms', `GCs in ${SAMPLES}`, 'sum median ms', 'ratio (median)'],
];
for (const lines of [1, 20, 200]) {
  for (const promos of [0, 10, 100]) {
    const input = cart(lines, promos);
    const engine = await measure(() => priceOrder(input).totals.total);
    const base = await measure(() => plainSum(input));
    rows.push([
      String(lines),
      String(promos),
      ms(engine.median),
      ms(engine.p99),
      String(engine.gcs),
      ms(base.median),
      (engine.median / Math.max(1, base.median)).toFixed(0) + '×',
    ]);
  }
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((cell, c) => cell.padStart(widths[c]!)).join('  '));

console.log('\nunits do not cost: one line against 10 activities and coupons');
for (const quantity of [1, 10_000]) {
  const input = cart(1, 10, quantity);
  const t = await measure(() => priceOrder(input).totals.total);
  console.log(`quantity ${String(quantity).padStart(6)}: median ${ms(t.median)} ms, p99 ${ms(t.p99)} ms`);
}
if (sink === -1) console.log(sink);

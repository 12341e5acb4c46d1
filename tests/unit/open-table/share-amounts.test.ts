// The money of a bill part's order (decision T26): every column of the bill scaled to the part by the
// largest remainder, the total exactly the part, goods, fees, taxes and rounding adding up to it, and the
// parts of one bill adding up, column by column, to within a unit per part of the bill's own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareAmounts } from '../../../server/modules/open-table/tab-order';
import type { orderAmounts } from '../../../server/modules/orders/orders';
import { splitEqually } from '../../../src/pricing/split-bill';

type Amounts = ReturnType<typeof orderAmounts>;

/** A bill's columns as the engine makes them: goods less discounts, fees, taxes added, rounding. */
const bill = fc
  .record({
    list: fc.integer({ min: 0, max: 1_000_000 }),
    productDiscount: fc.integer({ min: 0, max: 10_000 }),
    activityDiscount: fc.integer({ min: 0, max: 10_000 }),
    serviceCharge: fc.integer({ min: 0, max: 100_000 }),
    tableFee: fc.integer({ min: 0, max: 100_000 }),
    taxAdded: fc.integer({ min: 0, max: 100_000 }),
    taxIncluded: fc.integer({ min: 0, max: 100_000 }),
    rounding: fc.integer({ min: -2, max: 2 }),
  })
  .map((b) => {
    const goodsAmount = b.list - Math.min(b.list, b.productDiscount);
    const goodsNet = goodsAmount - Math.min(goodsAmount, b.activityDiscount);
    const feesAmount = b.serviceCharge + b.tableFee;
    const total = Math.max(0, goodsNet + feesAmount + b.taxAdded + b.rounding);
    return {
      listAmount: b.list,
      productDiscount: b.list - goodsAmount,
      goodsAmount,
      activityDiscount: goodsAmount - goodsNet,
      couponDiscount: 0,
      goodsNet,
      deliveryFee: 0,
      packingFee: 0,
      dishwareFee: 0,
      serviceCharge: b.serviceCharge,
      feesAmount,
      taxAdded: b.taxAdded,
      taxIncluded: b.taxIncluded,
      rounding: total - goodsNet - feesAmount - b.taxAdded,
      total,
      pricing: {} as Amounts['pricing'],
    } satisfies Amounts;
  })
  .filter((b) => b.total > 0);

describe('shareAmounts', () => {
  it('gives a part its exact total and columns within a unit of their share that add up to it', () => {
    fc.assert(
      fc.property(bill, fc.integer({ min: 2, max: 20 }), (amounts, n) => {
        const parts = splitEqually(amounts.total, n).filter((p) => p > 0);
        const shares = parts.map((amount) => shareAmounts(amounts, { amount, of: amounts.total }));
        for (const [i, share] of shares.entries()) {
          expect(share.total).toBe(parts[i]);
          expect(share.goodsNet + share.feesAmount + share.taxAdded + share.rounding).toBe(share.total);
          for (const key of ['listAmount', 'goodsNet', 'serviceCharge', 'taxIncluded'] as const) {
            const exact = (amounts[key] * parts[i]!) / amounts.total;
            expect(Math.abs(share[key] - exact)).toBeLessThan(1);
          }
        }
        const sum = (key: 'goodsNet' | 'taxIncluded') => shares.reduce((s, x) => s + x[key], 0);
        expect(Math.abs(sum('goodsNet') - amounts.goodsNet)).toBeLessThanOrEqual(parts.length);
        expect(Math.abs(sum('taxIncluded') - amounts.taxIncluded)).toBeLessThanOrEqual(parts.length);
      }),
    );
  });

  it('gives the whole bill its own columns', () => {
    fc.assert(
      fc.property(bill, (amounts) => {
        expect(shareAmounts(amounts, { amount: amounts.total, of: amounts.total })).toEqual(amounts);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PromotionType } from '../../../src/domain/enums';
import { completePricingInput, priceOrder } from '../../../src/pricing';
import { activity, input, line } from './fixtures';

const segs = (r: ReturnType<typeof priceOrder>, i = 0) =>
  r.lines[i]!.segments.map((s) => [s.quantity, s.unitPrice, s.rule] as const);
const card = (remaining: number, productIds = [1]) => ({ id: 9, productIds, remaining });

describe('limit card (decisions M153–M155)', () => {
  it('charges 0 for one covered unit per use, up to the uses left', () => {
    const r = priceOrder(input({ lines: [line({ id: 1, price: 1000, quantity: 3 })], limitCard: card(2) }));
    expect(segs(r)).toEqual([
      [2, 0, 'limitCard'],
      [1, 1000, 'list'],
    ]);
    expect(r.lines[0]!.limitCardUses).toBe(2);
    expect(r.limitCard).toEqual({
      id: 9,
      uses: 2,
      amount: 2000,
      lines: [{ flag: r.lines[0]!.flag, id: 1, quantity: 2, amount: 2000 }],
    });
    expect(r.totals.goods).toBe(1000);
    expect(r.totals.limitCard).toBe(2000);
    expect(r.totals.productDiscount).toBe(0);
  });

  it('leaves products it does not list alone, and spends uses on the dearest units first', () => {
    const r = priceOrder(
      input({
        lines: [
          line({ id: 1, price: 500, quantity: 2 }),
          line({ id: 2, price: 900, quantity: 1 }),
          line({ id: 3, price: 700, quantity: 4 }),
        ],
        limitCard: card(2, [1, 2]),
      }),
    );
    const byId = new Map(r.lines.map((l) => [l.id, l]));
    expect(byId.get(2)!.limitCardUses).toBe(1);
    expect(byId.get(1)!.limitCardUses).toBe(1);
    expect(byId.get(3)!.limitCardUses).toBe(0);
    expect(r.limitCard!.amount).toBe(1400);
  });

  it('covers nothing with no matching product, and the price stands', () => {
    const plain = priceOrder(input({ lines: [line({ id: 5, price: 800 })] }));
    const r = priceOrder(input({ lines: [line({ id: 5, price: 800 })], limitCard: card(3) }));
    expect(r.limitCard).toEqual({ id: 9, uses: 0, amount: 0, lines: [] });
    expect(r.totals.total).toBe(plain.totals.total);
    expect(plain.limitCard).toBeNull();
  });

  it('takes a promotion’s units too, and a covered unit counts for no order activity', () => {
    const special = activity({
      id: 1,
      type: PromotionType.productSpecialPrice,
      productList: [{ id: 1, discountPrice: 600, quantity: null, purchasedQuantity: 0 }],
    });
    const r = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, quantity: 2 })],
        activities: [special],
        limitCard: card(1),
      }),
    );
    expect(r.lines[0]!.segments.reduce((n, s) => n + s.quantity, 0)).toBe(2);
    expect(r.lines[0]!.limitCardUses).toBe(1);
    expect(r.lines[0]!.amount).toBeLessThan(1000);
  });

  it('reports nothing to pay when the card pays everything, and counts the card towards the starting price', () => {
    const r = priceOrder(
      input({
        orderType: 'selfPickup',
        shop: { minSellAmountSupportSelfCollection: 1500 },
        lines: [line({ id: 1, price: 1000, quantity: 2 })],
        limitCard: card(5),
      }),
    );
    expect(r.totals.total).toBe(0);
    expect(r.issues).toContain('nothingToPay');
    expect(r.fees.startingPrice.reached).toBe(true);
  });

  it('is the same through the browser’s input completion', () => {
    const raw = { lines: [line({ id: 1, price: 1000, quantity: 3 })], limitCard: card(2) };
    const parsed = input(raw);
    const { shop, memberSetting, ...rest } = parsed;
    const completed = completePricingInput({ ...rest, shop, memberSetting });
    expect(priceOrder(completed)).toEqual(priceOrder(parsed));
  });
});

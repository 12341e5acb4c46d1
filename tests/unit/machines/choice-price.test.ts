// The combo detail's price bar names the amount the cart and the server charge: a meal set with a member
// price is priced by the pricing engine's own line rules (member price plus the meal surcharges), not by
// the member price alone, and a customer who is not charged it sees it as the member offer.
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../src/domain/pricing';
import type { PricingParts } from '../../../src/machines/cart/cart.rules';
import {
  choicePrice,
  initialChoice,
  memberUnitPrice,
  toCartLine,
  type Choice,
} from '../../../src/machines/catalog/product-choice.rules';
import { completePricingInput, priceOrder } from '../../../src/pricing/engine';
import { makeProduct } from '../../model/fixtures/product';
import { makeShop } from '../../model/fixtures/shop';

const MONEY = { currency: 'CNY', numberDecimals: 2 };

// Classic combo: 39.00, members 35.00; a side and a drink, the double cheese burger 8.00 more.
const combo = makeProduct({
  id: 40,
  name: 'Classic combo',
  price: 3900,
  memberPrice: 3500,
  mealGroups: [
    {
      id: 401,
      name: 'Burger',
      chooseCount: 1,
      items: [
        { productId: 41, name: 'Classic burger', image: '', price: 0, quantity: 1, state: 0 },
        { productId: 42, name: 'Double cheese', image: '', price: 800, quantity: 1, state: 0 },
      ],
    },
    {
      id: 402,
      name: 'Sides',
      chooseCount: 2,
      items: [
        { productId: 43, name: 'Fries', image: '', price: 0, quantity: 1, state: 0 },
        { productId: 44, name: 'Wings', image: '', price: 300, quantity: 2, state: 0 },
        { productId: 45, name: 'Cola', image: '', price: 0, quantity: 1, state: 0 },
      ],
    },
  ],
});

const choice: Choice = { ...initialChoice(combo), meals: { 401: [42], 402: [44, 45] }, quantity: 2 };

const parts = (member: boolean, discountMode = 1): PricingParts => ({
  shop: makeShop({ showVipPrice: true }),
  memberSetting: { isOpenDiscount: true, discountMode, isOnlyCardPayForDiscount: false },
  orderType: 'takeaway',
  clientTypeCode: 4,
  member: member ? { id: 7, level: 1, discount: 90 } : null,
  payType: null,
  activities: [],
  coupons: [],
  couponId: null,
  purchased: [],
  distance: null,
  isPickerPack: false,
  taxes: [],
  today: '2026-03-02',
});

/** The engine's amount for the line, priced as the server prices an order of it. */
function engineAmount(line: CartLine, p: PricingParts): number {
  const priced = priceOrder(
    completePricingInput({
      shop: p.shop,
      memberSetting: p.memberSetting,
      orderType: p.orderType,
      clientTypeCode: p.clientTypeCode,
      payType: p.payType,
      member: p.member,
      lines: [line],
      today: p.today,
    }),
  );
  return priced.lines[0]!.amount;
}

describe('the combo price bar', () => {
  // Surcharges per set: double cheese 8.00, two wings at 3.00 each 6.00.
  const listUnit = 3900 + 800 + 2 * 300;
  const memberUnit = 3500 + 800 + 2 * 300;

  it('puts the meal surcharges on the member price', () => {
    expect(memberUnitPrice(combo, choice, MONEY)).toBe(memberUnit);
  });

  it('charges a member what the engine charges for the cart line: member price and surcharges', () => {
    // Without a level discount the member price is the member's best.
    const p = { ...parts(true), member: { id: 7, level: 1, discount: 100 } };
    const price = choicePrice(combo, choice, MONEY, p, true);
    expect(price.charged).toBe(engineAmount(toCartLine(combo, choice), p));
    expect(price.charged).toBe(memberUnit * 2);
    expect(price.list).toBe(listUnit * 2);
    // Already charged the member price: nothing more to offer.
    expect(price.member).toBeNull();
  });

  it('charges a member with both benefits the better one: 90 % of 53.00 beats the member 49.00', () => {
    const p = parts(true);
    const price = choicePrice(combo, choice, MONEY, p, true);
    expect(price.charged).toBe(engineAmount(toCartLine(combo, choice), p));
    expect(price.charged).toBe(Math.round(listUnit * 0.9) * 2);
    expect(price.member).toBeNull();
  });

  it('charges a customer who is not a member the list price and offers the member total', () => {
    const p = parts(false);
    const price = choicePrice(combo, choice, MONEY, p, true);
    expect(price.charged).toBe(engineAmount(toCartLine(combo, choice), p));
    expect(price.charged).toBe(listUnit * 2);
    expect(price.member).toBe(memberUnit * 2);
  });

  it('follows a discount-mode membership: the member percent on the whole set, no member price offered', () => {
    const p = parts(true, 0);
    const price = choicePrice(combo, choice, MONEY, p, true);
    expect(price.charged).toBe(engineAmount(toCartLine(combo, choice), p));
    expect(price.charged).toBe(Math.round(listUnit * 0.9) * 2);
    expect(price.member).toBeNull();
  });

  it('without a cart shows the list total and the public member offer', () => {
    const price = choicePrice(combo, choice, MONEY, null, true);
    expect(price).toEqual({ list: listUnit * 2, charged: listUnit * 2, member: memberUnit * 2 });
    expect(choicePrice(combo, choice, MONEY, null, false).member).toBeNull();
  });
});

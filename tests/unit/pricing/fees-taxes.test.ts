import { describe, expect, it } from 'vitest';
import { priceOrder } from '../../../src/pricing';
import { coupon, input, line } from './fixtures';

const two = [
  line({ id: 1, price: 1000, quantity: 2 }),
  line({ id: 2, price: 500, quantity: 1, notDishware: true }),
];

describe('starting price', () => {
  it('reports how much is still short for takeaway and self pickup', () => {
    const r = priceOrder(input({ shop: { minSellStartAmount: 3000 }, lines: two }));
    // 25.00 of 30.00: 5.00 short
    expect(r.fees.startingPrice).toEqual({ minimum: 3000, base: 2500, reached: false, short: 500 });
    const pickup = priceOrder(
      input({
        orderType: 'selfPickup',
        clientTypeCode: 54,
        shop: { minSellAmountSupportSelfCollection: 2000 },
        lines: two,
      }),
    );
    expect(pickup.fees.startingPrice).toMatchObject({ minimum: 2000, reached: true, short: 0 });
    const dine = priceOrder(
      input({ orderType: 'dine', clientTypeCode: 103, shop: { minSellStartAmount: 3000 }, lines: two }),
    );
    expect(dine.fees.startingPrice.minimum).toBe(0);
  });

  it('counts the goods after discounts', () => {
    const r = priceOrder(
      input({
        shop: { minSellStartAmount: 2500 },
        lines: two,
        coupons: [coupon({ id: 1, type: 4, reductionAmount: 100 })],
        couponId: 1,
      }),
    );
    expect(r.fees.startingPrice.short).toBe(100);
  });
});

describe('delivery fee', () => {
  const shop = {
    deliverAmount: [
      { distance: 3000, amount: 500 },
      { distance: 1000, amount: 300 },
    ],
    deliverAmount1: 200,
    deliveryDistance: 8000,
  };
  const fee = (distance: number | null, extra: object = {}) =>
    priceOrder(input({ shop: { ...shop, ...extra }, lines: two, distance })).fees.delivery;

  it('charges the first distance tier that reaches the address', () => {
    expect(fee(800).amount).toBe(300);
    expect(fee(1000).amount).toBe(300);
    expect(fee(1001).amount).toBe(500);
  });

  it('adds deliverAmount1 per started kilometre past the last tier, up to deliveryDistance', () => {
    // 4.2 km: 5.00 + ceil(1.2 km) = 2 × 2.00 = 9.00
    expect(fee(4200).amount).toBe(900);
    expect(fee(8001)).toMatchObject({ outOfRange: true, amount: 0 });
    expect(fee(null)).toMatchObject({ distance: null, amount: 0 });
  });

  it('is waived from freeDeliveryMinAmount on, when free delivery is on', () => {
    expect(fee(2000, { isFreeDeliveryFee: true, freeDeliveryMinAmount: 2500 })).toMatchObject({
      base: 500,
      waived: 500,
      amount: 0,
    });
    expect(fee(2000, { isFreeDeliveryFee: true, freeDeliveryMinAmount: 2501 }).amount).toBe(500);
  });

  it('applies to takeaway only', () => {
    const r = priceOrder(
      input({ orderType: 'selfPickup', clientTypeCode: 54, shop, lines: two, distance: 2000 }),
    );
    expect(r.fees.delivery).toMatchObject({ applies: false, amount: 0 });
  });
});

describe('packing, dishware, service charge, table fee', () => {
  it('packing fee by scene: takeaway always packed, others when the customer asks and the shop allows', () => {
    const scenes = { takeaway: true, dine: true, selfPickUp: false, openTable: false };
    const pack = (
      orderType: 'takeaway' | 'dine' | 'selfPickup',
      code: number,
      isPickerPack: boolean,
      allowPack = true,
    ) =>
      priceOrder(
        input({
          orderType,
          clientTypeCode: code,
          shop: { packFee: 150, packageFeeApplySceneSet: scenes, allowPack },
          lines: two,
          isPickerPack,
        }),
      ).fees.packing.amount;
    expect(pack('takeaway', 4, false)).toBe(150);
    expect(pack('dine', 103, false)).toBe(0);
    expect(pack('dine', 103, true)).toBe(150);
    expect(pack('dine', 103, true, false)).toBe(0);
    expect(pack('selfPickup', 54, true)).toBe(0);
  });

  it('dishware per unit, skipping notDishware lines', () => {
    const r = priceOrder(input({ shop: { dishwareAmount: 100 }, lines: two }));
    // 2 units of product 1 (product 2 is notDishware): 2 × 1.00
    expect(r.fees.dishware).toEqual({ units: 2, amount: 200 });
  });

  it('service charge only for the enabled service order type codes', () => {
    const settings = {
      serviceFee: 10,
      otherSetting: { ServiceChargeEnable: true, OrderTypeServiceCharge: [86009, 86008] },
    };
    const dine = priceOrder(input({ orderType: 'dine', clientTypeCode: 103, shop: settings, lines: two }));
    // 25.00 × 10 % = 2.50 for dine (86009)
    expect(dine.fees.serviceCharge).toEqual({
      code: 86009,
      applies: true,
      percent: 10,
      base: 2500,
      amount: 250,
    });
    const packed = priceOrder(
      input({ orderType: 'dine', clientTypeCode: 103, shop: settings, lines: two, isPickerPack: true }),
    );
    expect(packed.fees.serviceCharge).toMatchObject({ code: 86010, applies: false, amount: 0 });
    const takeaway = priceOrder(input({ shop: settings, lines: two }));
    expect(takeaway.fees.serviceCharge.code).toBe(86004);
    expect(takeaway.fees.serviceCharge.amount).toBe(0);
    const off = priceOrder(
      input({
        orderType: 'dine',
        clientTypeCode: 103,
        shop: { ...settings, otherSetting: { ...settings.otherSetting, ServiceChargeEnable: false } },
        lines: two,
      }),
    );
    expect(off.fees.serviceCharge.amount).toBe(0);
  });

  it('service charge and free delivery read the goods after every discount', () => {
    const r = priceOrder(
      input({
        orderType: 'dine',
        clientTypeCode: 103,
        shop: {
          serviceFee: 10,
          otherSetting: { ServiceChargeEnable: true, OrderTypeServiceCharge: [86009] },
        },
        lines: two,
        coupons: [coupon({ id: 1, type: 4, reductionAmount: 500 })],
        couponId: 1,
      }),
    );
    // (25.00 − 5.00) × 10 % = 2.00
    expect(r.fees.serviceCharge).toMatchObject({ base: 2000, amount: 200 });
    const delivery = priceOrder(
      input({
        shop: {
          deliverAmount: [{ distance: 3000, amount: 500 }],
          isFreeDeliveryFee: true,
          freeDeliveryMinAmount: 2500,
        },
        lines: two,
        distance: 1000,
        coupons: [coupon({ id: 1, type: 4, reductionAmount: 1 })],
        couponId: 1,
      }),
    );
    // 25.00 − 0.01 = 24.99 < 25.00: the fee stays
    expect(delivery.fees.delivery).toMatchObject({ waived: 0, amount: 500 });
  });

  it('open-table fee: type 1 per started half hour, otherwise per started hour', () => {
    const timing = (feeType: number, minutes: number) =>
      priceOrder(
        input({
          orderType: 'openTable',
          clientTypeCode: 203,
          lines: two,
          openTable: { startAt: 1_000_000, endAt: 1_000_000 + minutes * 60_000, eachFee: 1500, feeType },
        }),
      ).fees.table;
    // 70 minutes, type 1: 3 half hours × 15.00 / 2 = 22.50
    expect(timing(1, 70)).toEqual({ billedMinutes: 90, amount: 2250 });
    // 70 minutes, other: 2 hours × 15.00 = 30.00
    expect(timing(0, 70)).toEqual({ billedMinutes: 120, amount: 3000 });
    // 25 minutes, type 1 with an odd fee: 1 half hour × 15.01 / 2 = 7.505 → 7.51
    expect(
      priceOrder(
        input({
          orderType: 'openTable',
          clientTypeCode: 203,
          lines: two,
          openTable: { startAt: 0, endAt: 25 * 60_000, eachFee: 1501, feeType: 1 },
        }),
      ).fees.table.amount,
    ).toBe(751);
  });
});

describe('taxes', () => {
  const taxed = (mode: number, value: number, quantity = 2) =>
    priceOrder(
      input({ lines: [line({ id: 1, price: 1000, quantity, taxes: [{ id: 1, name: 'T', mode, value }] })] }),
    );

  it('mode 0 tax out adds the percent on top', () => {
    const r = taxed(0, 13);
    // 20.00 × 13 % = 2.60 on top → 22.60
    expect(r.lines[0]).toMatchObject({ taxAdded: 260, taxIncluded: 0, inTaxPrice: 2260, outTaxPrice: 2000 });
    expect(r.totals.total).toBe(2260);
  });

  it('mode 1 tax in is inside the price', () => {
    const r = taxed(1, 13);
    // 20.00 × 13 / 113 = 2.30 inside → 17.70 without tax
    expect(r.lines[0]).toMatchObject({ taxAdded: 0, taxIncluded: 230, inTaxPrice: 2000, outTaxPrice: 1770 });
    expect(r.totals.total).toBe(2000);
  });

  it('mode 2 fixed tax out adds a fixed amount per unit', () => {
    // 2 × 0.35 = 0.70 on top
    expect(taxed(2, 35).lines[0]).toMatchObject({ taxAdded: 70, inTaxPrice: 2070, outTaxPrice: 2000 });
  });

  it('mode 3 fixed tax in is a fixed amount per unit inside the price', () => {
    // 2 × 0.35 = 0.70 inside
    expect(taxed(3, 35).lines[0]).toMatchObject({ taxIncluded: 70, inTaxPrice: 2000, outTaxPrice: 1930 });
  });

  it('a tax without a mode is percent in, the default', () => {
    const r = priceOrder(
      input({ lines: [line({ id: 1, price: 1000, quantity: 2, taxes: [{ id: 1, name: 'T', value: 13 }] })] }),
    );
    expect(r.lines[0]!.taxIncluded).toBe(230);
  });

  it('two percent-in taxes share one divisor and split it by rate', () => {
    const r = priceOrder(
      input({
        lines: [
          line({
            id: 1,
            price: 1150,
            taxes: [
              { id: 2, name: 'B', mode: 1, value: 10 },
              { id: 1, name: 'A', mode: 1, value: 5 },
            ],
          }),
        ],
      }),
    );
    // 11.50 × 15 / 115 = 1.50 inside, split 5:10 → 0.50 and 1.00
    expect(r.lines[0]!.taxes).toEqual([
      { id: 1, name: 'A', mode: 1, amount: 50 },
      { id: 2, name: 'B', mode: 1, amount: 100 },
    ]);
    expect(r.lines[0]!.taxIncluded).toBe(150);
  });

  it('taxes what the customer pays, after discounts', () => {
    const r = priceOrder(
      input({
        lines: [line({ id: 1, price: 1000, quantity: 2, taxes: [{ id: 1, name: 'T', mode: 0, value: 10 }] })],
        coupons: [coupon({ id: 1, type: 4, reductionAmount: 500 })],
        couponId: 1,
      }),
    );
    // (20.00 − 5.00) × 10 % = 1.50
    expect(r.lines[0]!.taxAdded).toBe(150);
    expect(r.totals.total).toBe(1650);
  });

  it('taxes the service charge, delivery and dishware at their own rates (tax types 1, 2, 3)', () => {
    const r = priceOrder(
      input({
        orderType: 'takeaway',
        lines: [line({ id: 1, price: 1000, quantity: 2 })],
        distance: 500,
        shop: {
          serviceFee: 10,
          serviceFeeTax: 6,
          otherSetting: { ServiceChargeEnable: true, OrderTypeServiceCharge: [86004] },
          deliverAmount: [{ distance: 1000, amount: 450 }],
          deliverGst: 9,
          dishwareAmount: 50,
          dishwareGst: 13,
        },
      }),
    );
    // service 20.00 × 10 % = 2.00, tax 6 % = 0.12; delivery 4.50, tax 9 % = 0.405 → 0.41;
    // dishware 2 × 0.50 = 1.00, tax 13 % = 0.13
    expect(r.taxes).toMatchObject({ serviceCharge: 12, delivery: 41, dishware: 13, added: 66 });
    // 20.00 + 2.00 + 4.50 + 1.00 + 0.66 = 28.16
    expect(r.totals.total).toBe(2816);
  });
});

describe('rounding', () => {
  it('rounds the payable total to the nearest 0.05 and reports the rounding', () => {
    const up = priceOrder(input({ shop: { isRounding05: true }, lines: [line({ id: 1, price: 1233 })] }));
    // 12.33 → 12.35 (+0.02)
    expect(up.totals).toMatchObject({ beforeRounding: 1233, rounding: 2, total: 1235 });
    expect(up.rounding).toEqual({ step: 5, amount: 2 });
    const down = priceOrder(input({ shop: { isRounding05: true }, lines: [line({ id: 1, price: 1232 })] }));
    // 12.32 → 12.30 (−0.02)
    expect(down.totals).toMatchObject({ rounding: -2, total: 1230 });
  });

  it('works at the shop decimals', () => {
    const r = priceOrder(
      input({ shop: { isRounding05: true, numberDecimals: 3 }, lines: [line({ id: 1, price: 12_324 })] }),
    );
    // 12.324 → 12.300 (step 0.050)
    expect(r.totals.total).toBe(12_300);
    const off = priceOrder(input({ lines: [line({ id: 1, price: 1233 })] }));
    expect(off.totals.rounding).toBe(0);
  });
});

describe('what stops an order', () => {
  it('names a short starting price, a missing or too distant address and a zero total', () => {
    const shop = {
      minSellStartAmount: 3000,
      deliverAmount: [{ distance: 1000, amount: 300 }],
      deliveryDistance: 2000,
    };
    expect(priceOrder(input({ shop, lines: two })).issues).toEqual(['belowStartingPrice', 'noAddress']);
    expect(priceOrder(input({ shop, lines: two, distance: 2500 })).issues).toEqual([
      'belowStartingPrice',
      'outOfDeliveryRange',
    ]);
    expect(
      priceOrder(input({ shop: { ...shop, minSellStartAmount: 0 }, lines: two, distance: 500 })).issues,
    ).toEqual([]);
    expect(priceOrder(input({ orderType: 'dine', clientTypeCode: 103, lines: [] })).issues).toEqual([
      'nothingToPay',
    ]);
  });
});

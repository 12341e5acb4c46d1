// order/sendProductOrderSuccess: the success page's notice answers for the customer's own order only, and
// the same way however often it is sent.
import { describe, expect, it } from 'vitest';
import type { OrderSuccessNoticeInfo } from '../../../src/domain/api/member';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { MEMBERS, paymentSeed, place } from '../payments/payment-fixture';

describe.each(testDatabases)('the order success notice on %s', (kind) => {
  const t = useTestApp(kind, { seed: paymentSeed, clock: createClock(NOON), demoMode: true });

  it('answers the owner with the order’s state, repeatedly, and anyone else as if it did not exist', async () => {
    const owner = await login(t, SHOP, MEMBERS.rich.phone);
    const order = await place(t, owner, pickupOrder());
    const notice = () =>
      t.call<OrderSuccessNoticeInfo>(
        'order/sendProductOrderSuccess',
        { id: order.id },
        { token: owner, language: 'en' },
      );
    const first = await notice();
    expect(first.body).toMatchObject({
      result: true,
      info: { id: order.id, status: order.status, paid: false },
    });
    expect((await notice()).body).toEqual(first.body);

    const stranger = await login(t, SHOP, MEMBERS.poor.phone);
    const refused = await t.call(
      'order/sendProductOrderSuccess',
      { id: order.id },
      { token: stranger, language: 'zh-CN' },
    );
    expect(refused.body).toMatchObject({
      result: false,
      message: '没有找到该订单。',
      info: { reason: 'orderNotFound' },
    });
  });
});

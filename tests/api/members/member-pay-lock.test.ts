// One lock-out for the card: wrong pay passwords at the till (order/pay) and wrong originals on the change
// form (vip/updatePayPassword) count together, lock both, and a reset by SMS opens both again.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../../server/db/schema';
import { PAY_PASSWORD_LOCK_MINUTES } from '../../../server/modules/payments/payments';
import type { CheckCodeInfo, MemberRefusalInfo } from '../../../src/domain/api/member';
import type { OrderPayRejectionInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { login, NOON, pickupOrder, SHOP } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

describe.each(testDatabases)('the pay password lock-out shared by paying and changing on %s', (kind) => {
  const t = useTestApp(kind, { seed: paymentSeed, clock: createClock(NOON), demoMode: true });

  it('locks the card after wrong tries at the till and on the change form together, and a reset opens both', async () => {
    const { phone, id } = MEMBERS.locker;
    const token = await login(t, SHOP, phone);
    const pay = (orderId: number, payPassword: string) =>
      t.call('order/pay', { id: orderId, payTypeId: PAY_TYPE.VIP, payPassword }, { token, language: 'en' });
    const change = (originalPassword: string) =>
      t.call(
        'vip/updatePayPassword',
        { originalPassword, payPassword: '975310', repeatPassword: '975310' },
        { token, language: 'en' },
      );
    const order = await place(t, token, pickupOrder());

    for (let i = 0; i < 2; i += 1) expect((await pay(order.id, '000000')).body.result).toBe(false);
    const third = await change('000000');
    expect(third.body.info).toMatchObject({ reason: 'passwordOriginalWrong', attemptsLeft: 2 });
    await change('000000');
    const fifth = await change('000000');
    expect((fifth.body.info as MemberRefusalInfo).reason).toBe('passwordLocked');
    const [locked] = await t.database.db.select().from(members).where(eq(members.id, id));
    expect(locked!.payPasswordLockedUntil!.getTime()).toBe(
      t.clock.now().getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000,
    );

    // Locked: the right password opens neither the till nor the form.
    const till = await pay(order.id, PASSWORD);
    expect((till.body.info as unknown as OrderPayRejectionInfo).reason).toBe('payPasswordLocked');
    expect(((await change(PASSWORD)).body.info as MemberRefusalInfo).reason).toBe('passwordLocked');

    // A reset by SMS replaces the password and lifts the lock.
    const sent = await t.call<{ code: string }>('user/sendSmsCode', { phone }, { token });
    const checked = await t.call<CheckCodeInfo>(
      'vip/checkCode',
      { phone, code: sent.body.info.code },
      { token, language: 'en' },
    );
    const reset = await t.call(
      'vip/updatePayPassword',
      { ticket: checked.body.info.ticket, payPassword: '975310', repeatPassword: '975310' },
      { token, language: 'en' },
    );
    expect(reset.body.result, reset.body.message).toBe(true);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
    expect(row).toMatchObject({ payPasswordFailures: 0, payPasswordLockedUntil: null });
    const paid = await pay((await place(t, token, pickupOrder())).id, '975310');
    expect(paid.body.result, paid.body.message).toBe(true);
  });
});

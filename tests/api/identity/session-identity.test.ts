// A login belongs to the session the server issued, not to the browser key (decision S1). The attack: the
// attacker chooses a device key X, sends the victim a link that made their browser use X, holds a token of
// X from before the victim logs in and opens a new one after; neither may read anything of the victim.
import { describe, expect, it } from 'vitest';
import type { Address } from '../../../src/domain/api/address';
import type { OrderListInfo } from '../../../src/domain/api/order';
import type { OrderPayInfo } from '../../../src/domain/api/order-life';
import type { H5LoginInfo, SessionInfo, UserInfo, VerifyCodeInfo } from '../../../src/domain/api/user';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { NOON, pickupOrder, SHOP, SISTER } from '../orders/order-fixture';
import { MEMBERS, PASSWORD, PAY_TYPE, paymentSeed, place } from '../payments/payment-fixture';

const MINUTE = 60_000;
const VICTIM = MEMBERS.rich;
const home = {
  contactName: 'Victim',
  phone: '13700005555',
  address: '88 Secret Lane',
  houseNumber: '12B',
  gps: { lat: 31.2404, lng: 121.4737 },
  tag: 'home',
  isDefault: true,
};

async function entry(t: TestApp, shopId: number, openid?: string) {
  const r = await t.call<SessionInfo>('user/h5entry', { id: shopId, ...(openid ? { openid } : {}) });
  expect(r.body.result, r.body.message).toBe(true);
  return r.body.info;
}

async function smsLogin(t: TestApp, token: string, phone: string) {
  t.clock.advance(10 * MINUTE + 1);
  const sent = await t.call<{ code: string }>('user/sendSmsCode', { phone }, { token });
  expect(sent.body.result, sent.body.message).toBe(true);
  const r = await t.call<H5LoginInfo>('user/h5Login', { phone, code: sent.body.info.code }, { token });
  expect(r.body.result, r.body.message).toBe(true);
  return r.body.info;
}

describe.each(testDatabases)('sessions own the login, not the device key, on %s', (kind) => {
  // A long session cache: every ended token must be evicted, not merely age out (decision K10).
  const t = useTestApp(kind, {
    seed: paymentSeed,
    clock: createClock(NOON),
    demoMode: true,
    sessionCacheMs: 60_000,
  });
  const call = <T>(path: string, body: unknown, token: string) =>
    t.call<T>(path, body, { token, language: 'en' });

  /** Everything of the victim an attacker's token could try to read. */
  async function readsNothingOfVictim(token: string, victimOrderNos: string[]) {
    const me = await call<UserInfo>('store/userInfo', {}, token);
    if (me.status === 401) return;
    expect(me.body.result).toBe(true);
    expect(me.body.info.customer.phone).toBeNull();
    expect(me.body.info.member).toBeNull();
    const addresses = await call<Address[]>('address/list', {}, token);
    expect(addresses.body.result).toBe(false);
    const list = await call<OrderListInfo>('order/list', { page: 1, pageLimit: 50 }, token);
    expect(list.body.result).toBe(true);
    const seen = list.body.info.list.map((o) => o.orderNo);
    for (const no of victimOrderNos) expect(seen).not.toContain(no);
    // Moving the token to the sister shop of the chain carries no membership either.
    const moved = await t.call<SessionInfo>('user/token', { id: SISTER, token });
    expect(moved.body.result).toBe(true);
    expect(moved.body.info.isMember).toBe(false);
    const there = await call<UserInfo>('store/userInfo', {}, moved.body.info.token);
    expect(there.body.info.customer.phone).toBeNull();
    expect(there.body.info.member).toBeNull();
  }

  it('a token of the same device key, from before or after the victim logs in, reads nothing of theirs', async () => {
    const key = 'dev_attacker-chosen-key';
    const attackerBefore = await entry(t, SHOP, key);
    expect((await call<UserInfo>('store/userInfo', {}, attackerBefore.token)).body.result).toBe(true);
    const victimSession = await entry(t, SHOP, key);
    const victim = await smsLogin(t, victimSession.token, VICTIM.phone);
    expect(victim.isMember).toBe(true);
    expect(victim.member?.cardNo).toBe(VICTIM.cardNo);
    const added = await call<Address>('address/add', home, victim.token);
    expect(added.body.result, added.body.message).toBe(true);
    const order = await place(t, victim.token, pickupOrder());

    // The token held from before is ended by the login; a new entry with the key is anonymous.
    expect((await call('store/userInfo', {}, attackerBefore.token)).status).toBe(401);
    await readsNothingOfVictim(attackerBefore.token, [order.orderNo]);
    const attackerAfter = await entry(t, SHOP, key);
    expect(attackerAfter.isMember).toBe(false);
    await readsNothingOfVictim(attackerAfter.token, [order.orderNo]);
    const detail = await call('order/detail', { id: order.id }, attackerAfter.token);
    expect(detail.body.result).toBe(false);

    // The victim's own session still works: profile, member card, addresses, orders, card payment.
    const me = await call<UserInfo>('store/userInfo', {}, victim.token);
    expect(me.body.info.customer.phone).toBe(VICTIM.phone);
    expect(me.body.info.member?.cardNo).toBe(VICTIM.cardNo);
    const addresses = await call<Address[]>('address/list', {}, victim.token);
    expect(addresses.body.info.map((a) => a.address)).toEqual([home.address]);
    const paid = await call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      victim.token,
    );
    expect(paid.body.result, paid.body.message).toBe(true);
  });

  it('login rotates the token: the anonymous token it was made with is refused afterwards', async () => {
    const session = await entry(t, SHOP);
    const logged = await smsLogin(t, session.token, VICTIM.phone);
    expect(logged.token).not.toBe(session.token);
    expect(logged.openid).toBe(session.openid);
    expect((await call('store/userInfo', {}, session.token)).status).toBe(401);
    expect((await call<UserInfo>('store/userInfo', {}, logged.token)).body.info.customer.phone).toBe(
      VICTIM.phone,
    );
  });

  it('keeps other browsers of the same person logged in, and a second login reaches the same account', async () => {
    const phone = '13700006666';
    const laptop = await smsLogin(t, (await entry(t, SHOP)).token, phone);
    const phoneApp = await smsLogin(t, (await entry(t, SHOP)).token, phone);
    expect(laptop.customerId).toBe(phoneApp.customerId);
    expect((await call<UserInfo>('store/userInfo', {}, laptop.token)).body.info.customer.phone).toBe(phone);
  });

  it('an order placed before logging in is the account’s afterwards, and payable by its member card', async () => {
    const session = await entry(t, SHOP);
    const order = await place(t, session.token, pickupOrder());
    const logged = await smsLogin(t, session.token, VICTIM.phone);
    const list = await call<OrderListInfo>('order/list', { page: 1, pageLimit: 50 }, logged.token);
    expect(list.body.info.list.map((o) => o.orderNo)).toContain(order.orderNo);
    const paid = await call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      logged.token,
    );
    expect(paid.body.result, paid.body.message).toBe(true);
  });

  it('verifyCode proves a phone without logging the session in', async () => {
    const session = await entry(t, SHOP);
    t.clock.advance(10 * MINUTE + 1);
    const sent = await t.call<{ code: string }>(
      'user/sendSmsCode',
      { phone: VICTIM.phone },
      { token: session.token },
    );
    const r = await call<VerifyCodeInfo>(
      'user/verifyCode',
      { phone: VICTIM.phone, code: sent.body.info.code },
      session.token,
    );
    expect(r.body.info).toEqual({ verified: true, phone: VICTIM.phone, isMember: true });
    const me = await call<UserInfo>('store/userInfo', {}, session.token);
    expect(me.body.info.customer.phone).toBeNull();
    expect(me.body.info.member).toBeNull();
  });

  it('logout ends the token at once; expiry still ends it after 24 hours', async () => {
    const logged = await smsLogin(t, (await entry(t, SHOP)).token, VICTIM.phone);
    const out = await call('user/logout', {}, logged.token);
    expect(out.body).toMatchObject({ result: true, message: 'Logged out.' });
    expect((await call('store/userInfo', {}, logged.token)).status).toBe(401);
    const again = await entry(t, SHOP, logged.openid);
    expect(again.isMember).toBe(false);

    const other = await smsLogin(t, (await entry(t, SHOP)).token, VICTIM.phone);
    t.clock.advance(24 * 60 * MINUTE + 1);
    expect((await call('store/userInfo', {}, other.token)).status).toBe(401);
  });
});

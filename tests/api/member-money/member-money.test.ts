// Member money over HTTP on PGlite and (with TEST_DATABASE_URL) PostgreSQL: recharge tiers and the free
// amount, a recharge paid through the sandbox gateway and credited exactly once (a notification replayed
// ten times, a notification racing the result poll, ten first recharges at once), fifty card payments
// against one balance, points earned on pay and reversed on refund once, refunds that give back exactly
// what they took from each bucket, the statements, and every bad input refused with nothing changed.
// After every concurrent scenario the ledger sums to the member row.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, orders, recharges } from '../../../server/db/schema';
import { merchantAct } from '../../../server/modules/merchant/merchant';
import { finishRefunding } from '../../../server/modules/orders/order-life';
import { changeStatus } from '../../../server/modules/orders/order-status';
import { postLedger } from '../../../server/modules/member-money/ledger';
import { refundMemberCardInTx } from '../../../server/modules/payments/payments';
import type { SandboxDeliver } from '../../../server/payments/sandbox';
import type {
  ChargeInfo,
  GiftAmountRulesInfo,
  MemberDocInfo,
  PayRulesInfo,
  PointDocInfo,
  RechargeView,
} from '../../../src/domain/api/member-money';
import type { OrderPayInfo } from '../../../src/domain/api/order-life';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { enter, LONE, login, NOON, pickupOrder, SHOP, SISTER } from '../orders/order-fixture';
import { PASSWORD, PAY_TYPE, place } from '../payments/payment-fixture';
import {
  balances,
  ledgerRows,
  ledgerSum,
  M,
  memberMoneySeed,
  moneySnapshot,
  TIER,
} from './member-money-fixture';

const PAID_CARD = '4242 4242 4242 4242';

interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

let keySerial = 0;
const key = () => `mm-key-${++keySerial}-${Math.random().toString(36).slice(2, 10)}`;

describe.each(testDatabases)('member money on %s', (kind) => {
  const clock = createClock(NOON);
  let mode: 'forward' | 'hold' = 'forward';
  const delivered: Delivery[] = [];
  const held: Delivery[] = [];
  const h: TestApp = useTestApp(kind, {
    seed: memberMoneySeed,
    clock,
    demoMode: true,
    payments: {
      gateway: 'sandbox',
      publicUrl: 'https://shop.example',
      sandboxDeliver: (async (delivery) => {
        if (mode === 'hold') {
          held.push(delivery);
          return 200;
        }
        delivered.push(delivery);
        return (await post(delivery)).statusCode;
      }) satisfies SandboxDeliver,
    },
  });
  const tokens = {} as Record<keyof typeof M | 'guest' | 'lone', string>;

  const post = (delivery: Delivery) =>
    h.inject({
      method: 'POST',
      url: new URL(delivery.url).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });
  const call = <T>(path: string, body: Record<string, unknown>, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  const charge = (token: string, body: Record<string, unknown>) =>
    call<ChargeInfo>('vip/charge', { payTypeId: PAY_TYPE.Card, idempotencyKey: key(), ...body }, token);
  const result = (token: string, id: number) => call<RechargeView>('vip/chargeResult', { id }, token);
  const tradeOf = async (id: number) => {
    const [row] = await h.database.db.select().from(recharges).where(eq(recharges.id, id));
    return row!.tradeNo!;
  };
  const completePaid = (tradeNo: string) =>
    h.call(
      'sandboxGateway/complete',
      { tradeNo, outcome: 'succeed', cardNumber: PAID_CARD },
      { language: 'en' },
    );

  async function expectLedgerBalanced(...ids: number[]) {
    for (const id of ids) expect(await ledgerSum(h, id)).toEqual(await balances(h, id));
  }

  async function refused(path: string, body: Record<string, unknown>, token: string, reason?: string) {
    const before = await moneySnapshot(h);
    const r = await call<unknown>(path, body, token);
    expect(r.body.result, r.body.message).toBe(false);
    expect(r.body.message).not.toBe('');
    if (reason) expect((r.body.info as { reason?: string } | null)?.reason).toBe(reason);
    expect(r.status).toBeLessThan(500);
    expect(await moneySnapshot(h)).toEqual(before);
    return r;
  }

  beforeAll(async () => {
    for (const [name, m] of Object.entries(M)) tokens[name as keyof typeof M] = await login(h, SHOP, m.phone);
    tokens.guest = await enter(h, SHOP);
    tokens.lone = await enter(h, LONE);
  });

  it('lists the tiers a member may buy, first-recharge tiers while they never charged', async () => {
    const r = await call<PayRulesInfo>('vip/payRules', {}, tokens.charger, 'zh-CN');
    expect(r.body.result, r.body.message).toBe(true);
    const info = r.body.info;
    expect(info).toEqual(
      expect.objectContaining({
        isAllowRecharge: true,
        isFirstCharge: true,
        currency: 'CNY',
        numberDecimals: 2,
      }),
    );
    expect(info.freeAmount).toEqual({ min: 1000, max: 100_000 });
    expect(info.rules.map((t) => [t.payAmount, t.giftAmount, t.firstOnly])).toEqual([
      [10_000, 2_000, false],
      [30_000, 8_000, false],
      [5_000, 5_000, true],
    ]);
    const big = info.rules.find((t) => t.id === TIER.big)!;
    expect(big).toEqual(
      expect.objectContaining({
        points: 300,
        coupons: [{ templateId: expect.any(Number), name: '充值赠券10元', quantity: 2 }],
      }),
    );
    const firstOnly = await call<PayRulesInfo>('vip/payRules', { is_first: true }, tokens.charger);
    expect(firstOnly.body.info.rules.map((t) => t.id)).toEqual([TIER.firstOnly]);

    const ladder = await call<GiftAmountRulesInfo>('vip/giftAmountRules', {}, tokens.charger);
    expect(ladder.body.info.rules).toEqual([
      { payAmount: 10_000, giftAmount: 2_000 },
      { payAmount: 30_000, giftAmount: 8_000 },
    ]);
    // The sister shop shares the chain's membership and so its rules.
    const sister = await call<PayRulesInfo>('vip/payRules', {}, await enter(h, SISTER));
    expect(sister.body.info.rules).toHaveLength(3);
  });

  it('refuses both rule calls in a shop that takes no recharges', async () => {
    await refused('vip/payRules', {}, tokens.lone, 'rechargeClosed');
    await refused('vip/giftAmountRules', {}, tokens.lone, 'rechargeClosed');
  });

  it('credits a paid tier once, with gift, points and coupons, even when its notification is replayed ten times', async () => {
    mode = 'forward';
    const before = await balances(h, M.charger.id);
    const r = await charge(tokens.charger, { ruleId: TIER.big });
    expect(r.body.result, r.body.message).toBe(true);
    const { recharge, redirectUrl } = r.body.info;
    expect(recharge).toEqual(
      expect.objectContaining({ status: 'processing', amount: 30_000, giftAmount: 8_000, points: 300 }),
    );
    const tradeNo = await tradeOf(recharge.id);
    expect(redirectUrl).toContain(tradeNo);

    expect((await completePaid(tradeNo)).body.result).toBe(true);
    const first = delivered.at(-1)!;
    const after = await balances(h, M.charger.id);
    expect(after).toEqual({
      amount: before.amount + 30_000,
      gift: before.gift + 8_000,
      points: before.points + 300,
    });

    const replays = await Promise.all(Array.from({ length: 10 }, () => post(first)));
    for (const replay of replays) {
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(
        expect.objectContaining({ result: true, info: { outcome: 'duplicate' } }),
      );
    }
    expect(await balances(h, M.charger.id)).toEqual(after);
    const view = (await result(tokens.charger, recharge.id)).body.info;
    expect(view.status).toBe('success');
    expect(view.credited).toEqual(
      expect.objectContaining({
        amount: 30_000,
        giftAmount: 8_000,
        points: 300,
        amountAfter: after.amount,
        pointsAfter: after.points,
      }),
    );
    expect(view.credited!.couponIds).toHaveLength(2);
    const rows = (await ledgerRows(h, M.charger.id)).filter((row) => row.kind === 'recharge');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toBe(`recharge:${recharge.id}`);
    const [card] = await h.database.db
      .select({ isCharged: members.isCharged })
      .from(members)
      .where(eq(members.id, M.charger.id));
    expect(card!.isCharged).toBe(true);
    await expectLedgerBalanced(M.charger.id);

    // Once charged, the first-recharge tier is gone and refused.
    const rules = await call<PayRulesInfo>('vip/payRules', {}, tokens.charger);
    expect(rules.body.info.isFirstCharge).toBe(false);
    expect(rules.body.info.rules.some((t) => t.firstOnly)).toBe(false);
    await refused(
      'vip/charge',
      { ruleId: TIER.firstOnly, payTypeId: PAY_TYPE.Card, idempotencyKey: key() },
      tokens.charger,
      'ruleNotFound',
    );
  });

  it('answers a repeated key with the same recharge, and credits a free amount with its ladder gift', async () => {
    mode = 'forward';
    const idempotencyKey = key();
    const [a, b] = await Promise.all([
      charge(tokens.charger, { amount: 12_345, idempotencyKey }),
      charge(tokens.charger, { amount: 12_345, idempotencyKey }),
    ]);
    expect(a.body.result && b.body.result, a.body.message + b.body.message).toBe(true);
    expect(a.body.info.recharge.id).toBe(b.body.info.recharge.id);
    expect(a.body.info.recharge).toEqual(
      expect.objectContaining({ amount: 12_345, giftAmount: 2_000, points: 0, ruleId: null }),
    );
    await refused(
      'vip/charge',
      { amount: 999, payTypeId: PAY_TYPE.Card, idempotencyKey },
      tokens.charger,
      'idempotencyConflict',
    );
    const before = await balances(h, M.charger.id);
    await completePaid(await tradeOf(a.body.info.recharge.id));
    expect(await balances(h, M.charger.id)).toEqual({
      ...before,
      amount: before.amount + 12_345,
      gift: before.gift + 2_000,
    });
    await expectLedgerBalanced(M.charger.id);
  });

  it('credits once when the notification races the result poll', async () => {
    mode = 'hold';
    const r = await charge(tokens.poller, { ruleId: TIER.small });
    const id = r.body.info.recharge.id;
    await completePaid(await tradeOf(id));
    const notification = held.pop()!;
    const [notified, , renotified] = await Promise.all([
      post(notification),
      Promise.all(Array.from({ length: 5 }, () => result(tokens.poller, id))),
      post(notification),
    ]);
    expect([notified.statusCode, renotified.statusCode]).toEqual([200, 200]);
    expect(await balances(h, M.poller.id)).toEqual({ amount: 10_000, gift: 2_000, points: 0 });
    expect((await ledgerRows(h, M.poller.id)).filter((row) => row.kind === 'recharge')).toHaveLength(1);
    expect((await result(tokens.poller, id)).body.info.status).toBe('success');
    await expectLedgerBalanced(M.poller.id);
    mode = 'forward';
  });

  it('starts one first-recharge tier of ten at once, and credits it once', async () => {
    mode = 'forward';
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => charge(tokens.first, { ruleId: TIER.firstOnly })),
    );
    const ok = replies.filter((r) => r.body.result);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((reply) => !reply.body.result))
      expect((r.body.info as unknown as { reason: string }).reason).toBe('firstChargeInProgress');
    await completePaid(await tradeOf(ok[0]!.body.info.recharge.id));
    expect(await balances(h, M.first.id)).toEqual({ amount: 5_000, gift: 5_000, points: 0 });
    const again = await Promise.all(
      Array.from({ length: 10 }, () => charge(tokens.first, { ruleId: TIER.firstOnly })),
    );
    expect(again.every((r) => !r.body.result)).toBe(true);
    expect(await balances(h, M.first.id)).toEqual({ amount: 5_000, gift: 5_000, points: 0 });
    await expectLedgerBalanced(M.first.id);
  });

  it('lets fifty concurrent card payments take exactly what the balance covers', async () => {
    const list = [];
    for (let i = 0; i < 50; i++) list.push(await place(h, tokens.racer, pickupOrder()));
    const total = list[0]!.amounts.total;
    // Seventeen and a half orders: twelve from the stored balance, the rest from the gift.
    const amount = 12 * total;
    const gift = 5 * total + total / 2;
    // Funded as an operator would: the balance and its ledger row in one posting.
    await h.database.db.transaction((tx) =>
      postLedger(tx, {
        memberId: M.racer.id,
        kind: 'adjust',
        key: `adjust:${M.racer.id}:fund`,
        amountDelta: amount,
        giftDelta: gift,
        now: clock.now(),
      }),
    );

    const replies = await Promise.all(
      list.map((o) =>
        call<OrderPayInfo>(
          'order/pay',
          { id: o.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
          tokens.racer,
        ),
      ),
    );
    expect(replies.filter((r) => r.body.result)).toHaveLength(17);
    for (const r of replies.filter((reply) => !reply.body.result))
      expect((r.body.info as unknown as { reason: string }).reason).toBe('balanceShort');
    const after = await balances(h, M.racer.id);
    expect({ amount: after.amount, gift: after.gift }).toEqual({ amount: 0, gift: total / 2 });
    const paid = await h.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(
            orders.id,
            list.map((o) => o.id),
          ),
          eq(orders.paid, true),
        ),
      );
    expect(paid).toHaveLength(17);
    // Each paid order earned its points (2 per yuan) once.
    expect(after.points).toBe(17 * Math.floor((total * 2) / 100));
    await expectLedgerBalanced(M.racer.id);
  });

  it('earns points on pay and reverses them, and the gift taken, exactly once on refund', async () => {
    const order = await place(h, tokens.earner, pickupOrder());
    const total = order.amounts.total;
    const before = await balances(h, M.earner.id);
    const r = await call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.VIP, payPassword: PASSWORD },
      tokens.earner,
    );
    expect(r.body.result, r.body.message).toBe(true);
    const earned = Math.floor((total * 2) / 100);
    const fromBalance = Math.min(before.amount, total);
    const paid = await balances(h, M.earner.id);
    expect(paid).toEqual({
      amount: before.amount - fromBalance,
      gift: before.gift - (total - fromBalance),
      points: before.points + earned,
    });

    const refund = async () =>
      h.database.db.transaction(async (tx) => {
        const row = await changeStatus(tx, {
          orderId: order.id,
          from: ['pending', 'refund'],
          to: 'refund',
          actor: 'merchant',
          action: 'refund',
          now: clock.now(),
        });
        const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
        return refundMemberCardInTx(tx, row ?? current!, clock.now());
      });
    const [one, two] = await Promise.all([refund(), refund()]);
    expect([one, two].sort()).toEqual([0, total]);
    expect(await refund()).toBe(0);
    expect(await balances(h, M.earner.id)).toEqual(before);
    const rows = await ledgerRows(h, M.earner.id);
    expect(rows.filter((row) => row.kind === 'pointsEarn').map((row) => row.pointsDelta)).toEqual([earned]);
    expect(rows.filter((row) => row.kind === 'pointsReverse').map((row) => row.pointsDelta)).toEqual([
      -earned,
    ]);
    expect(rows.filter((row) => row.kind === 'orderRefund')).toHaveLength(1);
    await expectLedgerBalanced(M.earner.id);
  });

  it('reverses the points of an online payment once when its refund is settled twice', async () => {
    mode = 'forward';
    const order = await place(h, tokens.earner, pickupOrder({ payType: 'Card' }));
    const before = await balances(h, M.earner.id);
    const r = await call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.Card },
      tokens.earner,
    );
    await completePaid(r.body.info.payment.tradeNo!);
    const earned = Math.floor((order.amounts.total * 2) / 100);
    expect((await balances(h, M.earner.id)).points).toBe(before.points + earned);
    await h.database.db.transaction((tx) =>
      changeStatus(tx, {
        orderId: order.id,
        from: ['pending'],
        to: 'refunding',
        actor: 'merchant',
        action: 'refund',
        now: clock.now(),
      }),
    );
    const outcome = { refunded: true, to: 'refund' as const, actor: 'merchant' as const, now: clock.now() };
    await Promise.all([
      finishRefunding(h.database.db, { id: order.id, total: order.amounts.total }, outcome),
      finishRefunding(h.database.db, { id: order.id, total: order.amounts.total }, outcome),
    ]);
    expect(await balances(h, M.earner.id)).toEqual(before);
    await expectLedgerBalanced(M.earner.id);
  });

  it('earns points when the counter collects the cash, and takes them back when it hands the cash back', async () => {
    const order = await place(h, tokens.earner, pickupOrder());
    const paid = await call<OrderPayInfo>(
      'order/pay',
      { id: order.id, payTypeId: PAY_TYPE.Cash },
      tokens.earner,
    );
    expect(paid.body.result, paid.body.message).toBe(true);
    const before = await balances(h, M.earner.id);
    const env = {
      app: h.app,
      db: h.database.db,
      shopId: SHOP,
      now: clock.now(),
      locale: 'en' as const,
      names: { status: String, action: String },
    };
    await merchantAct(env, 'accept', { orderNo: order.orderNo });
    // Not paid yet: no points for cash the counter has not taken.
    expect((await balances(h, M.earner.id)).points).toBe(before.points);
    await merchantAct(env, 'complete', { orderNo: order.orderNo });
    const earned = Math.floor((order.amounts.total * 2) / 100);
    expect(earned).toBeGreaterThan(0);
    expect(await balances(h, M.earner.id)).toEqual({ ...before, points: before.points + earned });
    await merchantAct(env, 'refund', { orderNo: order.orderNo, reason: 'cold' });
    expect(await balances(h, M.earner.id)).toEqual(before);
    const rows = (await ledgerRows(h, M.earner.id)).filter((row) => row.orderId === order.id);
    expect(rows.map((row) => [row.kind, row.pointsDelta])).toEqual([
      ['pointsEarn', earned],
      ['pointsReverse', -earned],
    ]);
    await expectLedgerBalanced(M.earner.id);
  });

  it('lists the member’s own balance and points rows, newest first, paged', async () => {
    const doc = await call<MemberDocInfo>('vip/doc', {}, tokens.charger);
    expect(doc.body.result, doc.body.message).toBe(true);
    const list = doc.body.info.list;
    expect(list[0]!.kind).toBe('recharge');
    expect(list.map((e) => e.id)).toEqual([...list.map((e) => e.id)].sort((a, b) => b - a));
    expect(list.every((e) => e.rechargeId !== null || e.kind === 'opening')).toBe(true);
    expect(list[0]!.amountAfter).toBe((await balances(h, M.charger.id)).amount);
    const own = await call<MemberDocInfo>('vip/doc', { id: M.charger.id, page: 1 }, tokens.charger);
    expect(own.body.info.list).toEqual(list);

    const points = await call<PointDocInfo>('vip/pointDoc', {}, tokens.racer);
    expect(points.body.info.list).toHaveLength(17);
    expect(points.body.info.hasMore).toBe(false);
    expect(points.body.info.list.every((e) => e.kind === 'pointsEarn' && e.orderNo !== null)).toBe(true);
    expect(points.body.info.points).toBe((await balances(h, M.racer.id)).points);
    // The racer's 17 payments and the funding row fit one page of 20.
    const page1 = await call<MemberDocInfo>('vip/doc', {}, tokens.racer);
    expect(page1.body.info).toEqual(expect.objectContaining({ pageSize: 20, hasMore: false }));
    expect(page1.body.info.list).toHaveLength(18);
    expect(page1.body.info.list.filter((e) => e.kind === 'orderPay' && e.orderNo !== null)).toHaveLength(17);
    const page2 = await call<MemberDocInfo>('vip/doc', { page: 2 }, tokens.racer);
    expect(page2.body.info.list).toEqual([]);
  });

  it('never reads another phone’s member', async () => {
    const theirs = await charge(tokens.other, { ruleId: TIER.small });
    expect(theirs.body.result, theirs.body.message).toBe(true);
    await refused(
      'vip/chargeResult',
      { id: theirs.body.info.recharge.id },
      tokens.charger,
      'rechargeNotFound',
    );
    await refused('vip/doc', { id: M.other.id }, tokens.charger, 'memberNotFound');
    await refused('vip/pointDoc', { id: M.other.id }, tokens.charger, 'memberNotFound');
    const mine = await call<MemberDocInfo>('vip/doc', {}, tokens.charger);
    const theirRows = (await ledgerRows(h, M.other.id)).map((row) => row.id);
    expect(mine.body.info.list.some((e) => theirRows.includes(e.id))).toBe(false);
  });

  it('refuses every bad input with a localised message and changes nothing', async () => {
    const c = { payTypeId: PAY_TYPE.Card, idempotencyKey: key() };
    await refused('vip/charge', { ...c }, tokens.charger, 'ruleOrAmount');
    await refused('vip/charge', { ...c, ruleId: TIER.small, amount: 5000 }, tokens.charger, 'ruleOrAmount');
    await refused('vip/charge', { ...c, ruleId: 999 }, tokens.charger, 'ruleNotFound');
    const low = await refused('vip/charge', { ...c, amount: 999 }, tokens.charger, 'amountInvalid');
    expect(low.body.message).toContain('10.00');
    const zh = await h.call(
      'vip/charge',
      { ...c, amount: 100_001 },
      { token: tokens.charger, language: 'zh-CN' },
    );
    expect(zh.body.message).toContain('请输入');
    await refused(
      'vip/charge',
      { ...c, ruleId: TIER.small, payTypeId: PAY_TYPE.VIP },
      tokens.charger,
      'payTypeInvalid',
    );
    await refused('vip/charge', { ...c, ruleId: TIER.small }, tokens.guest, 'memberRequired');
    await refused('vip/charge', { ...c, ruleId: TIER.small }, tokens.lone, 'memberRequired');
    await refused(
      'vip/charge',
      { ruleId: TIER.small, payTypeId: PAY_TYPE.Card, idempotencyKey: 'short' },
      tokens.charger,
    );
    await refused('vip/charge', { ...c, amount: -5 }, tokens.charger);
    await refused('vip/chargeResult', { id: 0 }, tokens.charger);
    await refused('vip/chargeResult', { id: 987_654 }, tokens.charger, 'rechargeNotFound');
    await refused('vip/chargeResult', { id: 1 }, tokens.guest, 'memberRequired');
    await refused('vip/doc', { page: 0 }, tokens.charger);
    await refused('vip/doc', {}, tokens.guest, 'memberRequired');
    await refused('vip/pointDoc', { page: 'x' }, tokens.charger);
    await refused('vip/payRules', { is_first: 'yes' }, tokens.charger);
    const fr = await h.call('vip/chargeResult', { id: 987_654 }, { token: tokens.charger, language: 'fr' });
    expect(fr.body.message).toBe('Recharge introuvable.');
  });
});

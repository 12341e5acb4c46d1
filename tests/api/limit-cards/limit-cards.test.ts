// Limit cards over HTTP on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the member's own cards and
// entries, an order paying covered units with a card (priced by the shared engine, its uses reserved with
// the order, an order the card pays in full settled as it is placed), ten orders at once against three
// uses, the uses returned exactly once on cancel, expiry, close and refund (each replayed), a recharge tier
// granting its card once under a replayed notification, and every bad input refused with a localised
// message and nothing written. After every scenario a card's ledger sums to its remaining uses.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberLimitCards, orderLines, orders, rechargeRules, recharges } from '../../../server/db/schema';
import { expireUnpaidOrders } from '../../../server/modules/orders/order-life';
import { changeStatus } from '../../../server/modules/orders/order-status';
import type { SandboxDeliver } from '../../../server/payments/sandbox';
import type { LimitCardListInfo, LimitCardUseListInfo } from '../../../src/domain/api/limit-card';
import type { ChargeInfo, PayRulesInfo } from '../../../src/domain/api/member-money';
import type { OrderConfirmInfo, OrderConfirmInput, OrderDetail } from '../../../src/domain/api/order';
import type { OrderStatus } from '../../../src/domain/enums';
import { createClock, testDatabases, useTestApp, type TestApp } from '../helpers';
import { LONE, login, NOON, P, pickupOrder, SHOP, TODAY } from '../orders/order-fixture';
import { PAY_TYPE } from '../payments/payment-fixture';
import {
  cardEntries,
  cardRow,
  cardSnapshot,
  giveCard,
  L,
  ledgerRemaining,
  limitCardSeed,
} from './limit-card-fixture';

const line = (id: number, quantity: number) => ({ id, quantity, tastes: [], mealset: [] });
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

interface Delivery {
  url: string;
  body: string;
  headers: Record<string, string>;
}

describe.each(testDatabases)('limit cards on %s', (kind) => {
  const clock = createClock(NOON);
  const delivered: Delivery[] = [];
  const h: TestApp = useTestApp(kind, {
    seed: limitCardSeed,
    clock,
    demoMode: true,
    payments: {
      gateway: 'sandbox',
      publicUrl: 'https://shop.example',
      sandboxDeliver: (async (delivery) => {
        delivered.push(delivery);
        return (await post(delivery)).statusCode;
      }) satisfies SandboxDeliver,
    },
  });
  const tokens = {} as Record<keyof typeof L | 'loneHolder', string>;
  const post = (delivery: Delivery) =>
    h.inject({
      method: 'POST',
      url: new URL(delivery.url).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });
  const call = <T>(path: string, body: Record<string, unknown>, token: string, language = 'en') =>
    h.call<T>(path, body, { token, language });
  const confirm = (token: string, body: OrderConfirmInput, language = 'en') =>
    call<OrderConfirmInfo>('order/confirm', body as unknown as Record<string, unknown>, token, language);
  async function placed(token: string, body: OrderConfirmInput): Promise<OrderDetail> {
    const r = await confirm(token, body);
    expect(r.body.result, r.body.message).toBe(true);
    return r.body.info.order;
  }
  async function expectBalanced(...cardIds: number[]) {
    for (const id of cardIds) {
      const card = await cardRow(h, id);
      expect(await ledgerRemaining(h, id)).toBe(card.totalUses - card.usedUses);
    }
  }
  async function lines(orderId: number) {
    return h.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  }
  async function refusedOrder(
    token: string,
    body: OrderConfirmInput,
    cardReason: string | null,
    language = 'en',
  ) {
    const before = await cardSnapshot(h);
    const r = await confirm(token, body, language);
    expect(r.body.result, r.body.message).toBe(false);
    expect(r.status).toBeLessThan(500);
    expect(r.body.message).not.toBe('');
    if (cardReason)
      expect(r.body.info).toEqual(
        expect.objectContaining({ reason: 'limitCardUnusable', limitCardReason: cardReason }),
      );
    expect(await cardSnapshot(h)).toEqual(before);
    return r;
  }

  beforeAll(async () => {
    for (const [name, m] of Object.entries(L)) tokens[name as keyof typeof L] = await login(h, SHOP, m.phone);
    tokens.loneHolder = await login(h, LONE, L.holder.phone);
  });

  it('lists only the session member’s cards, with uses, dates, state and covered products', async () => {
    const bread = await giveCard(h, L.holder.id, '5 × Bread', TODAY);
    const spent = await giveCard(h, L.holder.id, '2 × Noodles', addDays(TODAY, -40));
    const theirs = await giveCard(h, L.other.id, '5 × Bread', TODAY);
    const r = await call<LimitCardListInfo>('store/limitCardList', { id: SHOP }, tokens.holder, 'zh-CN');
    expect(r.body.result, r.body.message).toBe(true);
    const ids = r.body.info.list.map((c) => c.id);
    expect(ids).toContain(bread);
    expect(ids).toContain(spent);
    expect(ids).not.toContain(theirs);
    const card = r.body.info.list.find((c) => c.id === bread)!;
    expect(card).toEqual(
      expect.objectContaining({
        name: '面包 5 次卡',
        totalUses: 5,
        usedUses: 0,
        remainingUses: 5,
        validFrom: TODAY,
        validTo: addDays(TODAY, 29),
        state: 'usable',
        productIds: [P.bread],
        products: [{ id: P.bread, name: 'Bread', image: expect.any(String) }],
      }),
    );
    expect(r.body.info.list.find((c) => c.id === spent)!.state).toBe('expired');
    // Usable cards come first.
    expect(r.body.info.list[0]!.state).toBe('usable');

    const other = await call<LimitCardListInfo>('store/limitCardList', {}, tokens.other);
    expect(other.body.info.list.map((c) => c.id)).toEqual([theirs]);
    const zh = await call<LimitCardListInfo>('store/limitCardList', { id: LONE }, tokens.holder, 'zh-CN');
    expect(zh.body.result).toBe(false);
    expect(zh.body.info).toEqual({ reason: 'shopMismatch' });
    expect(zh.body.message).toBe('这些卡属于另一家门店，请先进入该门店。');
  });

  it('pays covered units with a card: the engine’s price, the uses reserved with the order, the lines naming the card', async () => {
    const card = await giveCard(h, L.holder.id, '5 × Bread', TODAY);
    const order = await placed(
      tokens.holder,
      pickupOrder({ products: [line(P.bread, 3), line(P.salad, 1)], limitCardId: card }),
    );
    // Three bread (10.00 each) paid by the card: only the salad is charged.
    expect(order.amounts.total).toBe(1200);
    expect(order.status).toBe('nopay');
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.limitCardId).toBe(card);
    const byProduct = new Map((await lines(order.id)).map((l) => [l.productId, l]));
    expect(byProduct.get(P.bread)).toEqual(
      expect.objectContaining({ limitCardId: card, limitCardUses: 3, amount: 0 }),
    );
    expect(byProduct.get(P.salad)).toEqual(expect.objectContaining({ limitCardId: null, limitCardUses: 0 }));
    expect((await cardRow(h, card)).usedUses).toBe(3);
    const entries = await cardEntries(h, card);
    expect(entries.map((e) => [e.kind, e.key, e.usesDelta, e.remainingAfter])).toEqual([
      ['grant', `limitCard:grant:${card}`, 5, 5],
      ['orderUse', `limitCard:order:${order.id}:${card}`, -3, 2],
    ]);
    await expectBalanced(card);

    // The member's entries: this card's, then by product; newest first, with the order's number.
    const uses = await call<LimitCardUseListInfo>('store/limitCardUseList', { cardId: card }, tokens.holder);
    expect(uses.body.info.list.map((e) => [e.kind, e.usesDelta, e.orderNo])).toEqual([
      ['orderUse', -3, order.orderNo],
      ['grant', 5, null],
    ]);
    expect(uses.body.info.list[0]!.products).toEqual([{ id: P.bread, name: 'Bread', quantity: 3 }]);
    const byBread = await call<LimitCardUseListInfo>(
      'store/limitCardUseList',
      { productId: P.bread, pageLimit: 1 },
      tokens.holder,
    );
    expect(byBread.body.info.list).toHaveLength(1);
    expect(byBread.body.info.hasMore).toBe(false);
    const bySalad = await call<LimitCardUseListInfo>(
      'store/limitCardUseList',
      { productId: P.salad },
      tokens.holder,
    );
    expect(bySalad.body.info.list).toEqual([]);
  });

  it('settles an order the card pays in full as it is placed, and gives the uses back once on refund', async () => {
    const card = await giveCard(h, L.holder.id, '5 × Bread', TODAY);
    const order = await placed(
      tokens.holder,
      pickupOrder({ products: [line(P.bread, 2)], limitCardId: card }),
    );
    expect(order.amounts.total).toBe(0);
    expect(order.status).toBe('pending');
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toEqual(expect.objectContaining({ paid: true, settlement: 'memberCard', status: 'pending' }));
    expect((await cardRow(h, card)).usedUses).toBe(2);

    const refund = () =>
      h.database.db.transaction((tx) =>
        changeStatus(tx, {
          orderId: order.id,
          from: ['pending', 'refund'],
          to: 'refund',
          actor: 'merchant',
          action: 'refund',
          now: clock.now(),
        }),
      );
    await Promise.all([refund(), refund()]);
    await refund();
    expect((await cardRow(h, card)).usedUses).toBe(0);
    const returns = (await cardEntries(h, card)).filter((e) => e.kind === 'orderReturn');
    expect(returns.map((e) => [e.key, e.usesDelta, e.remainingAfter])).toEqual([
      [`limitCard:return:${order.id}:${card}`, 2, 5],
    ]);
    await expectBalanced(card);
  });

  it('lets ten concurrent orders take exactly the three uses a card has', async () => {
    const card = await giveCard(h, L.racer.id, '3 × Flash deal', TODAY);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        confirm(tokens.racer, pickupOrder({ products: [line(P.flash, 1)], limitCardId: card })),
      ),
    );
    const won = results.filter((r) => r.body.result);
    const lost = results.filter((r) => !r.body.result);
    expect(won).toHaveLength(3);
    for (const r of lost) {
      expect(r.status).toBe(200);
      expect(r.body.info).toEqual(expect.objectContaining({ reason: 'limitCardUnusable' }));
      expect(['cardTaken', 'cardUsedUp']).toContain(
        (r.body.info as unknown as { limitCardReason: string }).limitCardReason,
      );
    }
    const row = await cardRow(h, card);
    expect(row.usedUses).toBe(3);
    const wonIds = won.map((r) => r.body.info.order.id).sort((a, b) => a - b);
    const uses = (await cardEntries(h, card)).filter((e) => e.kind === 'orderUse');
    expect(uses.map((e) => e.orderId).sort((a, b) => a! - b!)).toEqual(wonIds);
    expect(uses.every((e) => e.usesDelta === -1)).toBe(true);
    await expectBalanced(card);
    // Only the winners were placed: the losers took no stock and wrote no order.
    const placedRows = await h.database.db.select().from(orders).where(eq(orders.limitCardId, card));
    expect(placedRows).toHaveLength(3);
  });

  it.each([
    ['cancel by the customer', 'close'],
    ['expiry of the pay window', 'expire'],
  ] as const)('gives the uses back exactly once on %s, replayed', async (_name, how) => {
    const card = await giveCard(h, L.holder.id, '5 × Bread', TODAY);
    const order = await placed(
      tokens.holder,
      pickupOrder({ products: [line(P.bread, 2), line(P.salad, 1)], limitCardId: card }),
    );
    expect((await cardRow(h, card)).usedUses).toBe(2);
    if (how === 'close') {
      const closes = await Promise.all([
        call('order/close', { id: order.id }, tokens.holder),
        call('order/close', { id: order.id }, tokens.holder),
      ]);
      expect(closes.some((r) => r.body.result)).toBe(true);
    } else {
      const later = new Date(clock.now().getTime() + 60 * 60_000);
      await Promise.all([expireUnpaidOrders(h.database.db, later), expireUnpaidOrders(h.database.db, later)]);
    }
    const cancel = (to: OrderStatus) =>
      h.database.db.transaction((tx) =>
        changeStatus(tx, {
          orderId: order.id,
          from: ['nopay_cancel'],
          to,
          actor: 'system',
          action: 'expire',
          now: clock.now(),
        }),
      );
    await cancel('nopay_cancel');
    const [row] = await h.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('nopay_cancel');
    expect((await cardRow(h, card)).usedUses).toBe(0);
    expect((await cardEntries(h, card)).filter((e) => e.kind === 'orderReturn')).toHaveLength(1);
    await expectBalanced(card);
  });

  it('grants a recharge tier’s card once when its notification is replayed', async () => {
    const [tier] = await h.database.db
      .select()
      .from(rechargeRules)
      .where(eq(rechargeRules.payAmount, 20_000));
    expect(tier!.limitCards).toHaveLength(1);
    // The member reads what the tier grants before buying it, and again on the recharge it started.
    const rules = await call<PayRulesInfo>('vip/payRules', {}, tokens.charger);
    expect(rules.body.info.rules.find((rule) => rule.id === tier!.id)?.limitCards).toEqual([
      { templateId: tier!.limitCards[0]!.templateId, name: '5 × Bread', uses: 5, quantity: 1 },
    ]);
    const r = await call<ChargeInfo>(
      'vip/charge',
      { ruleId: tier!.id, payTypeId: PAY_TYPE.Card, idempotencyKey: `lc-charge-${Date.now()}` },
      tokens.charger,
    );
    expect(r.body.result, r.body.message).toBe(true);
    expect(r.body.info.recharge.limitCards.map((card) => card.name)).toEqual(['5 × Bread']);
    const [recharge] = await h.database.db
      .select()
      .from(recharges)
      .where(eq(recharges.id, r.body.info.recharge.id));
    const paid = await h.call(
      'sandboxGateway/complete',
      { tradeNo: recharge!.tradeNo, outcome: 'succeed', cardNumber: '4242 4242 4242 4242' },
      { language: 'en' },
    );
    expect(paid.body.result).toBe(true);
    const first = delivered.at(-1)!;
    await Promise.all(Array.from({ length: 10 }, () => post(first)));
    const cards = await h.database.db
      .select()
      .from(memberLimitCards)
      .where(eq(memberLimitCards.memberId, L.charger.id));
    expect(cards).toHaveLength(1);
    expect(cards[0]!.grantRef).toBe(`recharge:${recharge!.id}:${tier!.limitCards[0]!.templateId}:0`);
    expect(cards[0]!.validFrom).toBe(TODAY);
    await expectBalanced(cards[0]!.id);
    const list = await call<LimitCardListInfo>('store/limitCardList', {}, tokens.charger);
    expect(list.body.info.list.map((c) => [c.name, c.remainingUses])).toEqual([['5 × Bread', 5]]);
  });

  it('refuses every unusable card with a localised reason and writes nothing', async () => {
    const mine = await giveCard(h, L.holder.id, '5 × Bread', TODAY);
    const theirs = await giveCard(h, L.other.id, '5 × Bread', TODAY);
    const expired = await giveCard(h, L.holder.id, '5 × Bread', addDays(TODAY, -31));
    const future = await giveCard(h, L.holder.id, '5 × Bread', addDays(TODAY, 2));
    const noodles = await giveCard(h, L.holder.id, '2 × Noodles', TODAY);
    const usedUp = await giveCard(h, L.racer.id, '3 × Flash deal', TODAY);
    await h.database.db.update(memberLimitCards).set({ usedUses: 3 }).where(eq(memberLimitCards.id, usedUp));
    const bread = (limitCardId: unknown) =>
      pickupOrder({ products: [line(P.bread, 2)], limitCardId: limitCardId as number });

    await refusedOrder(tokens.holder, bread(theirs), 'cardNotFound');
    const zh = await refusedOrder(tokens.holder, bread(expired), 'cardExpired', 'zh-CN');
    expect(zh.body.message).toBe(`次卡“面包 5 次卡”已于 ${addDays(TODAY, -2)} 过期。`);
    await refusedOrder(tokens.holder, bread(future), 'cardNotYetValid');
    const notCovering = await refusedOrder(tokens.holder, bread(noodles), 'cardNotCovering');
    expect(notCovering.body.message).toBe(
      'The limit card “2 × Noodles” does not pay for anything in this cart.',
    );
    await refusedOrder(
      tokens.racer,
      pickupOrder({ products: [line(P.flash, 1)], limitCardId: usedUp }),
      'cardUsedUp',
    );
    // The same phone in shop 82's own membership: the chain's card is of another scope.
    await refusedOrder(
      tokens.loneHolder,
      pickupOrder({ products: [line(P.dessert, 2)], limitCardId: mine }),
      'cardNotFound',
    );
    for (const garbage of [0, -1, 1.5, 'abc', 1e15, { id: mine }])
      await refusedOrder(tokens.holder, bread(garbage), null);

    const other = await call<LimitCardUseListInfo>(
      'store/limitCardUseList',
      { cardId: theirs },
      tokens.holder,
    );
    expect(other.body.result).toBe(false);
    expect(other.body.info).toEqual({ reason: 'cardNotFound' });
    const someone = await call<LimitCardUseListInfo>(
      'store/limitCardUseList',
      { memberId: L.other.id },
      tokens.holder,
      'zh-CN',
    );
    expect(someone.body.result).toBe(false);
    expect(someone.body.message).toBe('未找到该会员卡。');
    for (const bad of [{ page: 0 }, { pageLimit: 500 }, { cardId: 'x' }, { productId: -3 }]) {
      const r = await call<unknown>('store/limitCardUseList', bad, tokens.holder);
      expect(r.body.result).toBe(false);
      expect(r.status).toBeLessThan(500);
    }
    // Nobody's cards without a member card.
    const guest = await call<unknown>(
      'store/limitCardList',
      {},
      await login(h, SHOP, '13800087099'),
      'zh-CN',
    );
    expect(guest.body.result).toBe(false);
    expect(guest.body.message).toBe('请先注册成为本店会员。');
    await expectBalanced(mine, theirs, expired, future, noodles);
  });
});

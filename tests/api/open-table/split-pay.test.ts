// Split pay on the demo claypot house (decisions T25–T30), on PGlite and PostgreSQL: the bill frozen and
// split in equal shares, by each guest's rounds or by picked dishes; each part its own order of the part's
// amount, taken once per key, by exactly one of two guests racing for it; paid parts keep the tab live
// until the last one closes it; a cancelled part order frees its part; cancelPay and the merchant's
// closeTab refused once a part is paid; bad input refused with nothing written.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, tableBillParts, tables } from '../../../server/db/schema';
import { chains, shops } from '../../../server/seed/index';
import type { TableConfirmInfo, TableTabInfo } from '../../../src/domain/api/open-table';
import type { OrderPayInfo } from '../../../src/domain/api/order-life';
import { expireUnpaidOrders } from '../../../server/modules/orders/order-life';
import { PAY_WINDOW_MINUTES } from '../../../src/domain/api/order-rules';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { newKey } from '../orders/order-fixture';
import { LUNCH, MINUTE, RICE, TABLE, TEA, tableHelpers } from './table-fixture';

describe.each(testDatabases)('split pay on %s', (kind) => {
  const clock = createClock(LUNCH);
  const h = useTestApp(kind, {
    seed: { chains, shops },
    clock,
    demoMode: true,
    payments: {
      gateway: 'sandbox',
      publicUrl: 'https://shop.example',
      // Notifications go straight into the app, as the sandbox's HTTP POST would.
      sandboxDeliver: async (d) =>
        (
          await h.inject({
            method: 'POST',
            url: new URL(d.url).pathname,
            headers: d.headers,
            payload: d.body,
          })
        ).statusCode,
    },
  });
  const t = tableHelpers(h);
  const orderOf = async (id: number) =>
    (await h.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const tableStatus = async (id: number) =>
    (await h.database.db.select().from(tables).where(eq(tables.id, id)))[0]!.status;

  /** A tab at `table` with Ann (2 rice), Ben (1 tea) and Cy (nothing), every round accepted. */
  async function dinner(table: number) {
    const [ann, ben, cy] = [await t.guest(), await t.guest(), await t.guest()];
    const tab = await t.open(ann, table, 3, 'Ann');
    await t.open(ben, table, 3, 'Ben');
    await t.open(cy, table, 3, 'Cy');
    await t.served(ann, tab.id, [[RICE, 2]]);
    await t.served(ben, tab.id, [[TEA, 1]]);
    return { ann, ben, cy, tab: await t.refresh(ann, tab.id) };
  }

  it('splits in equal shares: each guest takes a part once per key, and the last part paid closes the tab', async () => {
    const { ann, ben, cy, tab } = await dinner(TABLE.t1);
    const asked = await t.confirm(ben, tab.id, { mode: 'equal', parts: 3 });
    expect(asked.body.result, asked.body.message).toBe(true);
    const { bill } = asked.body.info.tab;
    expect(asked.body.info.orderId).toBeNull();
    expect(bill).toEqual(
      expect.objectContaining({
        mode: 'equal',
        total: tab.total,
        paid: 0,
        remaining: tab.total,
        openLineIds: [],
      }),
    );
    expect(bill!.parts.map((p) => [p.label, p.state, p.mine])).toEqual([
      ['1/3', 'open', false],
      ['2/3', 'open', false],
      ['3/3', 'open', false],
    ]);
    expect(bill!.parts.reduce((sum, p) => sum + p.amount, 0)).toBe(tab.total);
    expect(
      Math.max(...bill!.parts.map((p) => p.amount)) - Math.min(...bill!.parts.map((p) => p.amount)),
    ).toBeLessThanOrEqual(1);
    // A second confirm (another mode) answers the bill as it was split.
    const again = await t.ok<TableConfirmInfo>(
      'table/confirm',
      { orderId: tab.id, split: { mode: 'all' } },
      ann,
    );
    expect(again.tab.bill!.mode).toBe('equal');
    expect(await tableStatus(TABLE.t1)).toBe(2);

    const key = newKey();
    const mine = await t.payPart(ann, tab.id, { part: 0 }, key);
    expect(mine.body.result, mine.body.message).toBe(true);
    const part = mine.body.info.tab.bill!.parts[0]!;
    expect([part.state, part.mine, part.orderId]).toEqual(['paying', true, mine.body.info.orderId]);
    expect(mine.body.info.payer).toBe(true);
    const order = await orderOf(mine.body.info.orderId!);
    expect(order).toEqual(
      expect.objectContaining({
        customerId: expect.any(Number),
        orderType: 'openTable',
        status: 'nopay',
        total: part.amount,
      }),
    );
    expect(order.goodsNet + order.feesAmount + order.taxAdded + order.rounding).toBe(part.amount);
    // Replayed: the same order; the same key for another part: refused; someone else's part: taken.
    expect((await t.payPart(ann, tab.id, { part: 0 }, key)).body.info.orderId).toBe(mine.body.info.orderId);
    expect((await t.payPart(ann, tab.id, { part: 1 }, key)).body.info).toEqual({
      reason: 'partReplayMismatch',
    });
    const taken = await t.payPart(cy, tab.id, { part: 0 });
    expect(taken.body.info).toEqual({ reason: 'partTaken' });
    expect(taken.body.message).toBe('Someone else is already paying this part.');
    // Another guest sees the part taken, without its order.
    const seen = await t.refresh(ben, tab.id);
    expect(seen.bill!.parts[0]).toEqual(
      expect.objectContaining({ state: 'paying', mine: false, orderId: null }),
    );

    // Rounds wait while the bill is being paid, and the bill no longer goes back.
    expect((await t.round(cy, tab.id, [[TEA, 1]])).body.info).toEqual({ reason: 'tabNotOrdering' });
    const back = await t.call('table/cancelPay', { orderId: tab.id }, ben, 'zh-CN');
    expect(back.body.info).toEqual({ reason: 'partlyPaid' });
    expect(back.body.message).toBe('账单已有部分支付或正在支付，无法返回点餐。');

    expect((await t.payCash(ann, mine.body.info.orderId!)).body.result).toBe(true);
    const partly = await t.refresh(cy, tab.id);
    expect(partly).toEqual(expect.objectContaining({ status: 'paying', fReceivedAmount: part.amount }));
    expect(partly.bill).toEqual(
      expect.objectContaining({ paid: part.amount, remaining: tab.total - part.amount }),
    );
    const closing = await t.kitchen('closeTab', tab.id);
    expect([closing.status, closing.body.info]).toEqual([409, { reason: 'partlyPaid' }]);

    // Ben pays his share online (the sandbox gateway), Cy at the counter.
    const benPart = await t.payPart(ben, tab.id, { part: 1 });
    expect(benPart.body.result, benPart.body.message).toBe(true);
    const online = await t.call<OrderPayInfo>(
      'order/pay',
      { id: benPart.body.info.orderId, payTypeId: 1 },
      ben,
    );
    expect(online.body.result, online.body.message).toBe(true);
    const completed = await h.call('sandboxGateway/complete', {
      tradeNo: online.body.info.payment.tradeNo,
      outcome: 'succeed',
      cardNumber: '4242 4242 4242 4242',
    });
    expect(completed.body.result, completed.body.message).toBe(true);
    expect((await orderOf(benPart.body.info.orderId!)).paid).toBe(true);
    expect((await t.refresh(ann, tab.id)).bill!.parts.map((p) => p.state)).toEqual(['paid', 'paid', 'open']);
    const cyPart = await t.payPart(cy, tab.id, { part: 2 });
    expect((await t.payCash(cy, cyPart.body.info.orderId!)).body.result).toBe(true);
    const done = await t.refresh(ann, tab.id);
    expect(done).toEqual(expect.objectContaining({ status: 'paid', fReceivedAmount: tab.total }));
    expect(done.bill!.parts.map((p) => p.state)).toEqual(['paid', 'paid', 'paid']);
    expect(await tableStatus(TABLE.t1)).toBe(0);
  });

  it('gives one of two guests racing for the same part the part, and the other a refusal', async () => {
    const { ann, ben, cy, tab } = await dinner(TABLE.t2);
    await t.ok('table/confirm', { orderId: tab.id, split: { mode: 'equal', parts: 2 } }, ann);
    const raced = await Promise.all([ann, ben, cy].map((g) => t.payPart(g, tab.id, { part: 1 })));
    const won = raced.filter((r) => r.body.result);
    expect(won).toHaveLength(1);
    for (const r of raced.filter((x) => !x.body.result)) expect(r.body.info).toEqual({ reason: 'partTaken' });
    const parts = await h.database.db.select().from(tableBillParts).where(eq(tableBillParts.tabId, tab.id));
    expect(parts.filter((p) => p.state === 'paying')).toHaveLength(1);
    const written = await h.database.db.select().from(orders).where(eq(orders.tableId, TABLE.t2));
    expect(written).toHaveLength(1);

    // The merchant closing the tab while a guest takes the other part: one of the two, never both.
    const [closing, taking] = await Promise.all([
      t.kitchen('closeTab', tab.id),
      t.payPart(cy, tab.id, { part: 0 }),
    ]);
    expect(closing.status).toBe(409);
    expect(closing.body.info).toEqual({ reason: 'partlyPaid' });
    expect(taking.body.result, taking.body.message).toBe(true);
    expect((await t.refresh(ann, tab.id)).status).toBe('paying');
  });

  it('closes a split tab nobody is paying, or lets a guest take a part first, never both', async () => {
    const { ann, tab } = await dinner(TABLE.k1);
    await t.ok('table/confirm', { orderId: tab.id, split: { mode: 'equal', parts: 2 } }, ann);
    const [closing, taking] = await Promise.all([
      t.kitchen('closeTab', tab.id),
      t.payPart(ann, tab.id, { part: 0 }),
    ]);
    const after = await t.refresh(ann, tab.id);
    if (closing.body.result) {
      expect(taking.body.info).toEqual({ reason: 'tabNotPaying' });
      expect(after.status).toBe('closed');
      expect(after.bill!.parts.map((p) => p.state)).toEqual(['open', 'open']);
    } else {
      expect(closing.body.info).toEqual({ reason: 'partlyPaid' });
      expect(taking.body.result).toBe(true);
      expect(after.status).toBe('paying');
    }
    const parts = await h.database.db.select().from(orders).where(eq(orders.tableId, TABLE.k1));
    expect(parts).toHaveLength(closing.body.result ? 0 : 1);
  });

  it("splits by each guest's rounds, lets a guest pay a friend's part, and frees a part whose order is closed", async () => {
    const { ann, ben, cy, tab } = await dinner(TABLE.t3);
    const asked = await t.ok<TableConfirmInfo>(
      'table/confirm',
      { orderId: tab.id, split: { mode: 'guest' } },
      cy,
    );
    const parts = asked.tab.bill!.parts;
    // Cy ordered nothing, so has no part; Ann's rice and Ben's tea weigh 200 and 150.
    expect(parts.map((p) => p.label)).toEqual(['Ann', 'Ben']);
    expect(parts[0]!.amount + parts[1]!.amount).toBe(tab.total);
    expect(Math.abs(parts[0]!.amount * 150 - parts[1]!.amount * 200)).toBeLessThan(350);

    // Cy pays Ben's part, then closes that order: the part is open again.
    const friend = await t.ok<TableConfirmInfo>(
      'table/payPart',
      { orderId: tab.id, part: 1, idempotencyKey: newKey() },
      cy,
    );
    expect(friend.tab.bill!.parts[1]).toEqual(
      expect.objectContaining({ label: 'Ben', mine: true, state: 'paying' }),
    );
    const closed = await t.call('order/close', { id: friend.orderId }, cy);
    expect(closed.body.result, closed.body.message).toBe(true);
    expect((await t.refresh(ann, tab.id)).bill!.parts[1]).toEqual(
      expect.objectContaining({ state: 'open', mine: false, orderId: null }),
    );
    // Ann takes her own part and never pays: when its pay window ends the part is open again.
    const annPart = await t.payPart(ann, tab.id, { part: 0 });
    expect(annPart.body.result, annPart.body.message).toBe(true);
    clock.advance((PAY_WINDOW_MINUTES + 1) * MINUTE);
    expect(await expireUnpaidOrders(h.database.db, clock.now())).toContain(annPart.body.info.orderId);
    expect((await t.refresh(ben, tab.id)).bill!.parts.map((p) => p.state)).toEqual(['open', 'open']);
    clock.set(LUNCH);
    // Every part still open: the bill goes back to ordering and the plan is gone.
    const back = await t.ok<TableTabInfo>('table/cancelPay', { orderId: tab.id }, ben);
    expect([back.status, back.bill]).toEqual(['ordering', null]);
    expect(await h.database.db.select().from(tableBillParts).where(eq(tableBillParts.tabId, tab.id))).toEqual(
      [],
    );
    expect(await tableStatus(TABLE.t3)).toBe(1);
  });

  it('splits by picked dishes: overlapping picks are refused, the last pick takes exactly the rest', async () => {
    const { ann, ben, cy, tab } = await dinner(TABLE.t4);
    await t.served(ben, tab.id, [[RICE, 1]]);
    const full = await t.refresh(ann, tab.id);
    const [annRice, benTea, benRice] = full.rounds.flatMap((r) => r.lines.map((l) => l.id));
    const asked = await t.ok<TableConfirmInfo>(
      'table/confirm',
      { orderId: tab.id, split: { mode: 'items' } },
      ann,
    );
    expect(asked.tab.bill).toEqual(
      expect.objectContaining({ mode: 'items', parts: [], openLineIds: [annRice, benTea, benRice] }),
    );
    // Bad choices change nothing.
    expect((await t.payPart(ann, tab.id, { part: 0 })).body.info).toEqual({ reason: 'pickLines' });
    expect((await t.payPart(ann, tab.id, { lineIds: [999_999] })).body.info).toEqual({
      reason: 'lineNotFound',
    });

    // The same pick sent twice at once (a retry racing the first): one part, one order.
    const pickKey = newKey();
    const [first, retried] = await Promise.all([
      t.payPart(ann, tab.id, { lineIds: [annRice] }, pickKey),
      t.payPart(ann, tab.id, { lineIds: [annRice] }, pickKey),
    ]);
    expect(first.body.result, first.body.message).toBe(true);
    expect(retried.body.result, retried.body.message).toBe(true);
    expect(retried.body.info.orderId).toBe(first.body.info.orderId);
    const annPart = first.body.info.tab.bill!.parts[0]!;
    expect(annPart).toEqual(expect.objectContaining({ label: 'Ann', lineIds: [annRice], state: 'paying' }));
    // Rice 200 of 450 in dishes.
    expect(Math.abs(annPart.amount * 450 - full.total * 200)).toBeLessThan(450);
    expect(first.body.info.tab.bill!.openLineIds).toEqual([benTea, benRice]);
    expect((await t.payPart(ben, tab.id, { lineIds: [annRice, benTea] })).body.info).toEqual({
      reason: 'linesTaken',
    });

    // Two guests picking the same dish at once: one has it; closing its order gives the dish back.
    const raced = await Promise.all([ben, cy].map((g) => t.payPart(g, tab.id, { lineIds: [benTea] })));
    expect(raced.filter((r) => r.body.result)).toHaveLength(1);
    const winner = raced[0]!.body.result ? ben : cy;
    const won = raced.find((r) => r.body.result)!.body.info;
    expect((await t.call('order/close', { id: won.orderId }, winner)).body.result).toBe(true);
    expect((await t.refresh(cy, tab.id)).bill!.openLineIds).toEqual([benTea, benRice]);

    const teaAgain = await t.payPart(cy, tab.id, { lineIds: [benTea] });
    expect(teaAgain.body.result, teaAgain.body.message).toBe(true);
    const last = await t.payPart(ben, tab.id, { lineIds: [benRice] });
    const bill = last.body.info.tab.bill!;
    expect(bill.openLineIds).toEqual([]);
    expect(bill.parts.reduce((sum, p) => sum + p.amount, 0)).toBe(full.total);
    for (const [token, info, line] of [
      [ann, first.body.info, annRice],
      [cy, teaAgain.body.info, benTea],
      [ben, last.body.info, benRice],
    ] as const) {
      const part = bill.parts.find((p) => p.lineIds[0] === line)!;
      expect((await orderOf(info.orderId!)).total).toBe(part.amount);
      expect((await t.payCash(token, info.orderId!)).body.result).toBe(true);
    }
    expect((await t.refresh(ann, tab.id)).status).toBe('paid');
    expect(await tableStatus(TABLE.t4)).toBe(0);
  });
});

// The bill of an open table beyond its split (decisions T25–T32), on PGlite and PostgreSQL: the fee stops
// at the earlier of the timer's stop and the bill request; a tab owing only its table fee is paid like any
// other; the whole bill is one part its asker pays; payPart's bad input changes nothing; getTableInfo names
// the reader's own live tab; the counter gives each customer a tab of their own.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, tableBillParts, tableRoundLines, tables, tableTabs } from '../../../server/db/schema';
import { chains, shops } from '../../../server/seed/index';
import type { TableCanPayInfo, TableConfirmInfo, TableTabInfo } from '../../../src/domain/api/open-table';
import type { TableInfo } from '../../../src/domain/api/table';
import { RATE_LIMIT_ON } from '../../../server/http/rate-limit';
import { createClock, testDatabases, useTestApp } from '../helpers';
import { newKey } from '../orders/order-fixture';
import { LUNCH, MINUTE, RICE, TABLE, TEA, tableHelpers } from './table-fixture';

describe.each(testDatabases)('open table bill and counter on %s', (kind) => {
  const clock = createClock(LUNCH);
  const h = useTestApp(kind, { seed: { chains, shops }, clock, demoMode: true });
  const t = tableHelpers(h);
  const info = (token: string, tableId: number | string) =>
    t.ok<TableInfo>('table/getTableInfo', { tableId }, token);

  it('stops the fee when the timer stopped before the bill was asked for', async () => {
    const ann = await t.guest();
    const tab = await t.open(ann, TABLE.r2, 6);
    await t.served(ann, tab.id, [[RICE, 1]]);
    expect((await t.kitchen('startTimer', tab.id)).body.result).toBe(true);
    clock.advance(61 * MINUTE);
    expect((await t.kitchen('stopTimer', tab.id)).body.result).toBe(true);
    clock.advance(120 * MINUTE);
    const asked = await t.ok<TableConfirmInfo>('table/confirm', { orderId: tab.id }, ann);
    // Two started hours at S$45, not the five hours up to the bill.
    expect(asked.tab.tableTime).toEqual({ billedMinutes: 120, amount: 9000 });
    const [order] = await h.database.db.select().from(orders).where(eq(orders.id, asked.orderId!));
    expect(order!.total).toBe(asked.tab.total);
    expect(asked.tab.total).toBeGreaterThanOrEqual(9000 + 100);
    clock.set(LUNCH);
  });

  it('pays a tab owing only its table fee, and refuses one owing nothing', async () => {
    const ann = await t.guest();
    const idle = await t.open(ann, TABLE.k1, 2);
    expect(await t.ok<TableCanPayInfo>('table/canPay', { orderId: idle.id }, ann)).toEqual({
      canPay: false,
      reason: 'nothingOrdered',
    });
    const nothing = await t.confirm(ann, idle.id);
    expect(nothing.body.info).toEqual({ reason: 'nothingOrdered' });
    expect(nothing.body.message).toBe('Nothing has been ordered at this table yet.');

    // The tea room times its tables from opening: 31 minutes are two started half hours at S$12 an hour.
    const tea = await t.open(ann, TABLE.c1, 2);
    clock.advance(31 * MINUTE);
    expect(await t.ok<TableCanPayInfo>('table/canPay', { orderId: tea.id }, ann)).toEqual({
      canPay: true,
      reason: null,
    });
    // Nothing to pick: a split by dishes is refused and the tab orders on.
    const byItems = await t.confirm(ann, tea.id, { mode: 'items' });
    expect(byItems.body.info).toEqual({ reason: 'splitItemsEmpty' });
    expect((await t.refresh(ann, tea.id)).status).toBe('ordering');
    const asked = await t.ok<TableConfirmInfo>('table/confirm', { orderId: tea.id }, ann);
    expect(asked.tab.tableTime).toEqual({ billedMinutes: 60, amount: 1200 });
    expect(asked.tab.total).toBe(1200);
    expect((await t.payCash(ann, asked.orderId!)).body.result).toBe(true);
    expect((await t.refresh(ann, tea.id)).status).toBe('paid');
    clock.set(LUNCH);
  });

  it('makes the whole bill one part its asker pays, and refuses bad part choices with nothing written', async () => {
    const ann = await t.guest();
    const ben = await t.guest();
    const stranger = await t.guest();
    const tab = await t.open(ann, TABLE.k2, 2, 'Ann');
    await t.open(ben, TABLE.k2, 2, 'Ben');
    await t.served(ann, tab.id, [
      [RICE, 1],
      [TEA, 2],
    ]);
    const early = await t.payPart(ben, tab.id, { part: 0 });
    expect(early.body.info).toEqual({ reason: 'tabNotPaying' });

    const asked = await t.ok<TableConfirmInfo>(
      'table/confirm',
      { orderId: tab.id, split: { mode: 'all' } },
      ben,
    );
    expect(asked.tab.bill).toEqual({
      mode: 'all',
      total: asked.tab.total,
      paid: 0,
      remaining: asked.tab.total,
      parts: [
        {
          index: 0,
          label: 'Ben',
          amount: asked.tab.total,
          state: 'paying',
          mine: true,
          orderId: asked.orderId,
          lineIds: [],
        },
      ],
      openLineIds: [],
    });
    const single = await t.payPart(ann, tab.id, { part: 0 }, newKey());
    expect(single.body.info).toEqual({ reason: 'billNotSplit' });
    expect(single.body.message).toBe('This bill is paid in one go by the guest who asked for it.');
    expect((await t.payPart(stranger, tab.id, { part: 0 })).body.info).toEqual({ reason: 'tabNotFound' });
    for (const body of [
      { orderId: tab.id, part: 0 },
      { orderId: tab.id, part: 21, idempotencyKey: newKey() },
      { orderId: tab.id, part: -1, idempotencyKey: newKey() },
      { orderId: tab.id, lineIds: [], idempotencyKey: newKey() },
      { orderId: 'x', part: 0, idempotencyKey: newKey() },
    ]) {
      const r = await t.call('table/payPart', body, ann);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
    for (const split of [
      { mode: 'equal' },
      { mode: 'equal', parts: 1 },
      { mode: 'equal', parts: 21 },
      { mode: 'half' },
    ]) {
      const r = await t.call('table/confirm', { orderId: tab.id, split }, ann);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
    const parts = await h.database.db.select().from(tableBillParts).where(eq(tableBillParts.tabId, tab.id));
    expect(parts).toHaveLength(1);

    // The whole bill goes back as before: its order closed, its part gone.
    const back = await t.ok<TableTabInfo>('table/cancelPay', { orderId: tab.id }, ann);
    expect([back.status, back.bill]).toEqual(['ordering', null]);
    expect((await h.database.db.select().from(orders).where(eq(orders.id, asked.orderId!)))[0]!.status).toBe(
      'nopay_cancel',
    );
    // Split in equal shares now: the parts are shares, nothing is taken yet.
    const equal = await t.ok<TableConfirmInfo>(
      'table/confirm',
      { orderId: tab.id, split: { mode: 'equal', parts: 2 } },
      ann,
    );
    expect(equal.tab.bill!.parts.map((p) => p.state)).toEqual(['open', 'open']);
    const wrongChoice = await t.payPart(ann, tab.id, { lineIds: [1] });
    expect(wrongChoice.body.info).toEqual({ reason: 'pickPart' });
    expect((await t.payPart(ann, tab.id, { part: 2 })).body.info).toEqual({ reason: 'partNotFound' });
    // Nothing paid or being paid: the merchant may still close it.
    expect((await t.kitchen('closeTab', tab.id)).body.result).toBe(true);
    expect((await t.payPart(ann, tab.id, { part: 0 })).body.info).toEqual({ reason: 'tabNotPaying' });
  });

  it('refuses a bill of nothing, and more equal shares than the bill has minor units', async () => {
    const ann = await t.guest();
    const tab = await t.open(ann, TABLE.t3, 2);
    const round = await t.served(ann, tab.id, [[RICE, 1]]);
    // A dish priced at ten cents (a staff meal): the bill is too small for 20 shares.
    const [line] = await h.database.db
      .select()
      .from(tableRoundLines)
      .where(eq(tableRoundLines.id, round.lines[0]!.id));
    const priceAt = (price: number) =>
      h.database.db
        .update(tableRoundLines)
        .set({ cart: { ...line!.cart, price } })
        .where(eq(tableRoundLines.id, line!.id));
    // Given free, it comes to nothing to pay: the staff close such a tab.
    await priceAt(0);
    expect((await t.confirm(ann, tab.id)).body.info).toEqual({ reason: 'nothingOrdered' });
    await priceAt(10);
    const small = await t.refresh(ann, tab.id);
    expect(small.total).toBeGreaterThan(0);
    expect(small.total).toBeLessThan(20);
    const refused = await t.call(
      'table/confirm',
      { orderId: tab.id, split: { mode: 'equal', parts: 20 } },
      ann,
      'fr',
    );
    expect(refused.body.info).toEqual({ reason: 'splitTooSmall' });
    expect(refused.body.message).toBe('Cette addition est trop petite pour être partagée en 20 parts.');
    const after = await t.refresh(ann, tab.id);
    expect([after.status, after.bill]).toEqual(['ordering', null]);
    expect((await t.round(ann, tab.id, [[TEA, 1]])).body.result).toBe(true);
    await t.kitchen('closeTab', tab.id);
  });

  it("names the reader's live tab on getTableInfo, never another's", async () => {
    const ann = await t.guest();
    const stranger = await t.guest();
    const code = await t.codeOf(TABLE.t1);
    expect(await info(ann, code)).toEqual(
      expect.objectContaining({ myTabId: null, isCounter: false, nStatus: 0 }),
    );
    const tab = await t.open(ann, TABLE.t1, 2);
    expect(await info(ann, code)).toEqual(expect.objectContaining({ myTabId: tab.id, nStatus: 1 }));
    expect((await info(stranger, TABLE.t1)).myTabId).toBeNull();
    await t.kitchen('closeTab', tab.id);
    expect((await info(ann, TABLE.t1)).myTabId).toBeNull();
  });

  it('gives each customer at the counter a tab of their own, found again on a second scan', async () => {
    const ann = await t.guest();
    const ben = await t.guest();
    const counter = await info(ann, await t.codeOf(TABLE.counter));
    expect(counter).toEqual(expect.objectContaining({ isCounter: true, nStatus: 0, myTabId: null }));
    const annTab = await t.open(ann, TABLE.counter, 1, 'Ann');
    const benTab = await t.open(ben, TABLE.counter, 1, 'Ben');
    expect(benTab.id).not.toBe(annTab.id);
    expect(annTab).toEqual(expect.objectContaining({ isCounter: true, guests: [{ name: 'Ann', me: true }] }));
    expect((await t.open(ann, TABLE.counter, 1)).id).toBe(annTab.id);
    // Scanned at once by the same customer: still one tab.
    const twice = await Promise.all([t.open(ben, TABLE.counter, 1), t.open(ben, TABLE.counter, 1)]);
    expect(twice.map((x) => x.id)).toEqual([benTab.id, benTab.id]);
    expect(await info(ann, TABLE.counter)).toEqual(
      expect.objectContaining({ myTabId: annTab.id, nStatus: 0 }),
    );
    expect((await info(ben, TABLE.counter)).myTabId).toBe(benTab.id);
    expect((await t.call('table/refreshOrder', { orderId: annTab.id }, ben)).body.info).toEqual({
      reason: 'tabNotFound',
    });

    // Ann eats and pays at the counter; the counter never leaves status 0 and Ben's tab carries on.
    await t.served(ann, annTab.id, [[RICE, 1]]);
    const asked = await t.ok<TableConfirmInfo>('table/confirm', { orderId: annTab.id }, ann);
    const [seat] = await h.database.db.select().from(tables).where(eq(tables.id, TABLE.counter));
    expect(seat!.status).toBe(0);
    expect((await t.payCash(ann, asked.orderId!)).body.result).toBe(true);
    expect((await t.refresh(ann, annTab.id)).status).toBe('paid');
    expect((await t.refresh(ben, benTab.id)).status).toBe('ordering');
    const next = await t.open(ann, TABLE.counter, 1);
    expect(next.id).not.toBe(annTab.id);
    const live = await h.database.db.select().from(tableTabs).where(eq(tableTabs.tableId, TABLE.counter));
    expect(live.filter((x) => x.status === 'ordering')).toHaveLength(2);
  });
});

describe.each(testDatabases)('scanning a table over and over on %s', (kind) => {
  const h = useTestApp(kind, {
    seed: { chains, shops },
    clock: createClock(LUNCH),
    demoMode: true,
    rateLimit: RATE_LIMIT_ON,
  });
  const t = tableHelpers(h);

  it('limits table/order per session, as a submit is', async () => {
    const ann = await t.guest();
    const code = await t.codeOf(TABLE.counter);
    for (let i = 0; i < 10; i++) await t.open(ann, TABLE.counter, 1);
    const over = await t.call('table/order', { tableId: code, person: 1 }, ann);
    expect(over.status).toBe(429);
    // Another customer's scans are their own.
    expect((await t.call('table/order', { tableId: code, person: 1 }, await t.guest())).body.result).toBe(
      true,
    );
  });
});

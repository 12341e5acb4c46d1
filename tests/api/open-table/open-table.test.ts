// The open table on the demo claypot house (shop 2): one tab per table however many guests scan it at
// once; rounds append-only and idempotent per guest; the kitchen's moves seen by every guest; the hourly
// fee from the server's clock; a closed tab refuses rounds; a guest of another table reads nothing of this
// one; 5 guests sending 50 rounds at once lose none and read the same bill.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products, tableRoundLines, tables, tableTabs } from '../../../server/db/schema';
import { chains, shops } from '../../../server/seed/index';
import type { TableCanPayInfo, TableConfirmInfo, TableTabInfo } from '../../../src/domain/api/open-table';
import type { TableInfo } from '../../../src/domain/api/table';
import { runMerchantCli } from '../../../scripts/merchant';
import { createClock, testDatabases, useTestApp, injectFetch } from '../helpers';
import { enter, newKey } from '../orders/order-fixture';
import { LUNCH, MINUTE, RICE, SHOP, TABLE, TEA, tableHelpers } from './table-fixture';

describe.each(testDatabases)('open table on %s', (kind) => {
  const clock = createClock(LUNCH);
  const h = useTestApp(kind, { seed: { chains, shops }, clock, demoMode: true });

  const { call, ok, codeOf, open, round, refresh, kitchen } = tableHelpers(h);
  /** The CLI's requests, answered by the test app in-process. */
  const cliFetch = injectFetch(h);
  const states = (tab: TableTabInfo) => tab.rounds.flatMap((r) => r.lines.map((l) => l.state));

  it('opens one tab for the first guest, joins the second to it and shows both the same tab', async () => {
    const ann = await enter(h, SHOP);
    const ben = await enter(h, SHOP);
    const first = await open(ann, TABLE.t1, 2, 'Ann');
    expect(first).toEqual(
      expect.objectContaining({
        status: 'ordering',
        nOrderStatus: 1,
        nPerson: 2,
        sTableName: 'T1',
        rounds: [],
      }),
    );
    expect(first.guests).toEqual([{ name: 'Ann', me: true }]);
    const table = await ok<TableInfo>('table/getTableInfo', { tableId: TABLE.t1 }, ann);
    expect(table.nStatus).toBe(1);

    const joined = await open(ben, TABLE.t1, 3);
    expect(joined.id).toBe(first.id);
    expect(joined.guests).toEqual([
      { name: 'Ann', me: false },
      { name: 'Guest 2', me: true },
    ]);
    const zh = await call<TableTabInfo>('table/refreshOrder', { orderId: first.id }, ben, 'zh-CN');
    expect(zh.body.info.guests[1]!.name).toBe('客人2');
    expect(joined.version).toBeGreaterThan(first.version);
  });

  it('joins a live tab without a headcount, and asks for one when the table has no live tab', async () => {
    const ann = await enter(h, SHOP);
    const ben = await enter(h, SHOP);
    const code = await codeOf(TABLE.c1);
    const noTab = await call<{ reason: string }>('table/order', { tableId: code, nickName: 'Ben' }, ben);
    expect(noTab.body.result).toBe(false);
    expect(noTab.body.info).toEqual({ reason: 'headcountRequired' });
    expect(noTab.body.message).toMatch(/Say how many you are/);
    const zh = await call('table/order', { tableId: code }, ben, 'zh-CN');
    expect(zh.body.message).toMatch(/用餐人数/);
    expect(await h.database.db.select().from(tableTabs).where(eq(tableTabs.tableId, TABLE.c1))).toEqual([]);

    const first = await open(ann, TABLE.c1, 3, 'Ann');
    const joined = await ok<TableTabInfo>('table/order', { tableId: code, nickName: 'Ben' }, ben);
    expect(joined.id).toBe(first.id);
    // The headcount stays the one the table was opened with.
    expect(joined.nPerson).toBe(3);
    expect(joined.guests.map((g) => g.name)).toEqual(['Ann', 'Ben']);
  });

  it('gives ten guests scanning an idle table at once one tab', async () => {
    const guests = await Promise.all(Array.from({ length: 10 }, () => enter(h, SHOP)));
    const tabs = await Promise.all(guests.map((g) => open(g, TABLE.t2, 1)));
    expect(new Set(tabs.map((t) => t.id)).size).toBe(1);
    const live = await h.database.db.select().from(tableTabs).where(eq(tableTabs.tableId, TABLE.t2));
    expect(live).toHaveLength(1);
    expect((await refresh(guests[0]!, tabs[0]!.id)).guests).toHaveLength(10);
  });

  it('adds rounds once per key, shows the kitchen moves to every guest and bills what was not returned', async () => {
    const ann = await enter(h, SHOP);
    const ben = await enter(h, SHOP);
    const tab = await open(ann, TABLE.t3, 2, 'Ann');
    await open(ben, TABLE.t3, 2, 'Ben');
    const key = newKey();
    const sent = await round(ann, tab.id, [[RICE, 2]], key);
    expect(sent.body.result, sent.body.message).toBe(true);
    // A retried round is the same round; the same key with other dishes is refused.
    expect((await round(ann, tab.id, [[RICE, 2]], key)).body.info.rounds).toHaveLength(1);
    const changed = await round(ann, tab.id, [[TEA, 1]], key);
    expect(changed.body.info).toEqual({ reason: 'roundReplayMismatch' });
    // Another guest's key is their own.
    expect((await round(ben, tab.id, [[TEA, 1]], key)).body.result).toBe(true);

    let seen = await refresh(ben, tab.id);
    expect(seen.rounds.map((r) => [r.guest, r.mine])).toEqual([
      ['Ann', false],
      ['Ben', true],
    ]);
    expect(states(seen)).toEqual(['submitting', 'submitting']);
    expect(seen.fSaleAmount).toBe(2 * 100 + 150);
    expect(await ok<TableCanPayInfo>('table/canPay', { orderId: tab.id }, ann)).toEqual({
      canPay: false,
      reason: 'roundSubmitting',
    });

    const [annRound, benRound] = seen.rounds;
    expect((await kitchen('acceptRound', annRound!.id)).body.result).toBe(true);
    expect((await kitchen('rejectRound', benRound!.id, 'Out of tea')).body.result).toBe(true);
    const riceLine = annRound!.lines[0]!.id;
    // The kitchen moves the line to cooking with the merchant CLI.
    const out: string[] = [];
    const code = await runMerchantCli(
      ['table', 'cook-line', String(riceLine), '--key', `demo-merchant-${SHOP}`],
      {},
      {
        fetch: cliFetch,
        out: (line) => out.push(line),
        err: (line) => out.push(line),
      },
    );
    expect([code, out]).toEqual([0, [`Done. (tab ${tab.id})`]]);
    seen = await refresh(ann, tab.id);
    expect(seen.rounds.map((r) => r.lines.map((l) => [l.state, l.reason]))).toEqual([
      [['cooking', '']],
      [['rejected', 'Out of tea']],
    ]);
    expect(seen.fSaleAmount).toBe(200);
    expect(await ok<TableCanPayInfo>('table/canPay', { orderId: tab.id }, ann)).toEqual({
      canPay: true,
      reason: null,
    });

    // A move from the wrong state changes nothing; a returned line leaves the bill.
    const again = await kitchen('acceptRound', annRound!.id);
    expect([again.status, again.body.result]).toEqual([409, false]);
    expect((await kitchen('returnLine', riceLine, 'Too salty')).body.result).toBe(true);
    const both = await Promise.all([refresh(ann, tab.id), refresh(ben, tab.id)]);
    for (const view of both) {
      expect(states(view)).toEqual(['returned', 'rejected']);
      expect(view.rounds[0]!.lines[0]!.reason).toBe('Too salty');
      expect(view.fSaleAmount).toBe(0);
    }
    expect(both[0]!.version).toBe(both[1]!.version);
    expect(await ok<TableCanPayInfo>('table/canPay', { orderId: tab.id }, ann)).toEqual({
      canPay: false,
      reason: 'nothingOrdered',
    });
  });

  it('gives back the stock of a rejected round', async () => {
    await h.database.db.update(products).set({ stock: 5 }).where(eq(products.id, RICE));
    const ann = await enter(h, SHOP);
    const tab = await open(ann, TABLE.t4, 2);
    const sent = await round(ann, tab.id, [[RICE, 3]]);
    expect(sent.body.result, sent.body.message).toBe(true);
    const stock = async () =>
      (await h.database.db.select({ s: products.stock }).from(products).where(eq(products.id, RICE)))[0]!.s;
    expect(await stock()).toBe(2);
    const tooMany = await round(ann, tab.id, [[RICE, 3]]);
    expect(tooMany.body.info).toEqual(expect.objectContaining({ reason: 'stockInsufficient' }));
    expect((await refresh(ann, tab.id)).rounds).toHaveLength(1);
    expect((await kitchen('rejectRound', sent.body.info.rounds[0]!.id)).body.result).toBe(true);
    expect(await stock()).toBe(5);
    await h.database.db.update(products).set({ stock: null }).where(eq(products.id, RICE));
  });

  it('bills a room by the started half hour from its opening, and a room timed by staff by the started hour', async () => {
    const ann = await enter(h, SHOP);
    const r1 = await open(ann, TABLE.r1, 4);
    expect(r1.nStartTimerTime).toBe(new Date(LUNCH).getTime());
    expect(r1.nIsOpenTiming).toBe(1);
    clock.advance(31 * MINUTE);
    // Two started half hours at S$30 an hour.
    expect((await refresh(ann, r1.id)).tableTime).toEqual({ billedMinutes: 60, amount: 3000 });

    const r2 = await open(ann, TABLE.r2, 6);
    expect(r2.nStartTimerTime).toBeNull();
    expect(r2.tableTime).toEqual({ billedMinutes: 0, amount: 0 });
    expect((await kitchen('startTimer', r2.id)).body.result).toBe(true);
    clock.advance(61 * MINUTE);
    expect((await refresh(ann, r2.id)).tableTime).toEqual({ billedMinutes: 120, amount: 9000 });
    expect((await kitchen('stopTimer', r2.id)).body.result).toBe(true);
    clock.advance(120 * MINUTE);
    const stopped = await refresh(ann, r2.id);
    expect(stopped.tableTime).toEqual({ billedMinutes: 120, amount: 9000 });
    expect(stopped.nIsOpenTiming).toBe(0);
    expect(stopped.serverNow).toBe(clock.now().getTime());
    clock.set(LUNCH);
  });

  it('refuses a round for a closed tab, frees the table and opens a new tab on the next scan', async () => {
    const ann = await enter(h, SHOP);
    const tab = await open(ann, TABLE.k1, 2);
    await round(ann, tab.id, [[RICE, 1]]);
    expect((await kitchen('closeTab', tab.id)).body.result).toBe(true);
    const late = await round(ann, tab.id, [[RICE, 1]]);
    expect(late.body.info).toEqual({ reason: 'tabNotOrdering' });
    expect(late.body.message).toBe(
      'This table is no longer taking orders: its bill was asked for or it is closed.',
    );
    const [table] = await h.database.db.select().from(tables).where(eq(tables.id, TABLE.k1));
    expect(table!.status).toBe(0);
    // The round the kitchen never answered was rejected with the tab.
    expect(states(await refresh(ann, tab.id))).toEqual(['rejected']);
    const next = await open(ann, TABLE.k1, 2);
    expect(next.id).not.toBe(tab.id);
  });

  it("shows nothing of a tab to a guest of another table or another shop's merchant, and refuses bad input", async () => {
    const ann = await enter(h, SHOP);
    const stranger = await enter(h, SHOP);
    const tab = await open(ann, TABLE.t1, 2);
    const before = await h.database.db.select().from(tableRoundLines);
    for (const [path, body] of [
      ['table/refreshOrder', { orderId: tab.id }],
      ['table/userOrders', { orderId: tab.id }],
      ['table/canPay', { orderId: tab.id }],
      [
        'table/userAddProducts',
        { orderId: tab.id, idempotencyKey: newKey(), products: [{ id: RICE, quantity: 1 }] },
      ],
    ] as const) {
      const r = await call(path, body, stranger);
      expect(r.body.info, path).toEqual({ reason: 'tabNotFound' });
    }
    expect(await h.database.db.select().from(tableRoundLines)).toEqual(before);
    const foreign = await kitchen('closeTab', tab.id, undefined, 1);
    expect([foreign.status, foreign.body.result]).toEqual([404, false]);

    const tooMany = await call('table/order', { tableId: await codeOf(TABLE.t1), person: 5 }, stranger);
    expect(tooMany.body.info).toEqual(expect.objectContaining({ reason: 'headcountInvalid' }));
    const noTable = await call('table/order', { tableId: 'AAAAAAAAAAAAAAAAAAAAAA', person: 2 }, stranger);
    expect(noTable.body.info).toEqual(expect.objectContaining({ reason: 'tableNotFound' }));
    // A table id anyone can count through neither opens nor joins a tab.
    const byId = await call('table/order', { tableId: TABLE.t1, person: 2 }, stranger);
    expect(byId.body.info).toEqual({ reason: 'tableCodeRequired' });
    expect(byId.body.message).toBe('Scan the code on your table to open or join its order.');
    for (const body of [
      { tableId: TABLE.t1, person: 0 },
      { tableId: TABLE.t1, person: '2' },
      { person: 2 },
      { tableId: TABLE.t1, person: 2.5 },
    ]) {
      const r = await call('table/order', body, stranger);
      expect(r.body.result).toBe(false);
      expect(r.body.message).toMatch(/^Please check your input/);
    }
    const empty = await call(
      'table/userAddProducts',
      { orderId: tab.id, idempotencyKey: newKey(), products: [] },
      ann,
    );
    expect(empty.body.result).toBe(false);
    const zh = await call('table/refreshOrder', { orderId: tab.id }, stranger, 'zh-CN');
    expect(zh.body.message).toBe('没有找到该桌的订单，请重新扫描桌上的二维码。');
  });

  it('keeps every line of 5 guests sending 50 rounds at once, and every phone reads the same bill', async () => {
    const guests = await Promise.all(Array.from({ length: 5 }, () => enter(h, SHOP)));
    const tab = await open(guests[0]!, TABLE.k2, 2);
    for (const g of guests.slice(1)) await open(g, TABLE.k2, 2);
    const sent = await Promise.all(
      guests.flatMap((g) =>
        Array.from({ length: 10 }, (_, i) => round(g, tab.id, [[i % 2 ? RICE : TEA, 1 + (i % 3)]])),
      ),
    );
    for (const r of sent) expect(r.body.result, r.body.message).toBe(true);
    const views = await Promise.all(guests.map((g) => refresh(g, tab.id)));
    const expected =
      guests.length *
      Array.from({ length: 10 }, (_, i) => (i % 2 ? 100 : 150) * (1 + (i % 3))).reduce((a, b) => a + b, 0);
    for (const view of views) {
      expect(view.rounds).toHaveLength(50);
      expect(view.fSaleAmount).toBe(expected);
      expect(view.total).toBe(views[0]!.total);
      expect(view.version).toBe(views[0]!.version);
      expect(view.rounds.filter((r) => r.mine)).toHaveLength(10);
    }
  });

  it('asks for the bill, goes back to ordering on cancelPay, and is paid at the counter, freeing the table', async () => {
    const ann = await enter(h, SHOP);
    const ben = await enter(h, SHOP);
    const earlier = await open(ann, TABLE.t4, 2);
    await kitchen('closeTab', earlier.id);
    const tab = await open(ann, TABLE.t4, 2, 'Ann');
    await open(ben, TABLE.t4, 2, 'Ben');
    const sent = await round(ann, tab.id, [[RICE, 2]]);
    const early = await call<TableConfirmInfo>('table/confirm', { orderId: tab.id }, ben);
    expect(early.body.info).toEqual({ reason: 'roundSubmitting' });
    await kitchen('acceptRound', sent.body.info.rounds[0]!.id);

    const asked = await ok<TableConfirmInfo>('table/confirm', { orderId: tab.id }, ann);
    expect(asked.payer).toBe(true);
    expect(asked.tab).toEqual(expect.objectContaining({ status: 'paying', nOrderStatus: 2 }));
    const again = await ok<TableConfirmInfo>('table/confirm', { orderId: tab.id }, ben);
    expect([again.orderId, again.payer]).toEqual([asked.orderId, false]);
    expect((await ok<TableInfo>('table/getTableInfo', { tableId: TABLE.t4 }, ann)).nStatus).toBe(2);
    expect((await round(ben, tab.id, [[TEA, 1]])).body.info).toEqual({ reason: 'tabNotOrdering' });
    const [first] = await h.database.db.select().from(orders).where(eq(orders.id, asked.orderId!));
    expect(first).toEqual(
      expect.objectContaining({
        orderType: 'openTable',
        status: 'nopay',
        total: asked.tab.total,
        tableId: TABLE.t4,
      }),
    );

    // Someone wants dessert: the bill goes back, the tab orders again.
    const back = await ok<TableTabInfo>('table/cancelPay', { orderId: tab.id }, ben);
    expect(back.status).toBe('ordering');
    const [cancelled] = await h.database.db.select().from(orders).where(eq(orders.id, asked.orderId!));
    expect(cancelled!.status).toBe('nopay_cancel');
    expect((await ok<TableInfo>('table/getTableInfo', { tableId: TABLE.t4 }, ann)).nStatus).toBe(1);
    const notPaying = await call('table/cancelPay', { orderId: tab.id }, ben);
    expect(notPaying.body.info).toEqual({ reason: 'tabNotPaying' });

    const bill = await ok<TableConfirmInfo>('table/confirm', { orderId: tab.id }, ben);
    expect(bill.orderId).not.toBe(asked.orderId);
    const options = await ok<{ payTypes: { id: number; payType: string }[] }>(
      'store/paySetting',
      { orderType: 'openTable' },
      ben,
    );
    const cash = options.payTypes.find((o) => o.payType === 'Cash')!;
    const paid = await call('order/pay', { id: bill.orderId, payTypeId: cash.id }, ben);
    expect(paid.body.result, paid.body.message).toBe(true);
    const done = await refresh(ann, tab.id);
    expect(done).toEqual(
      expect.objectContaining({ status: 'paid', nOrderStatus: 3, fReceivedAmount: bill.tab.total }),
    );
    expect((await ok<TableInfo>('table/getTableInfo', { tableId: TABLE.t4 }, ann)).nStatus).toBe(0);
    // The next guests open a new tab.
    expect((await open(await enter(h, SHOP), TABLE.t4, 2)).id).not.toBe(tab.id);
  });
});

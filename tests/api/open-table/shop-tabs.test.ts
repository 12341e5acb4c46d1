// The shop's live tabs for its staff (POST /merchant/api/table/tabs and `npm run merchant -- table tabs`), on
// PGlite and PostgreSQL: every tab still ordering or paying with its guests and rounds (newest first) and the
// ids the kitchen's moves take; a closed tab leaves the list; another shop's key sees none of them; bad input
// and a missing key are refused.
import { describe, expect, it } from 'vitest';
import { runMerchantCli } from '../../../scripts/merchant';
import { chains, shops } from '../../../server/seed/index';
import type { MerchantTabsInfo } from '../../../src/domain/api/open-table';
import { createClock, testDatabases, useTestApp, injectFetch } from '../helpers';
import { enter } from '../orders/order-fixture';
import { LUNCH, RICE, SHOP, TABLE, TEA, tableHelpers } from './table-fixture';

describe.each(testDatabases)('the shop’s live tabs on %s', (kind) => {
  const clock = createClock(LUNCH);
  const h = useTestApp(kind, { seed: { chains, shops }, clock, demoMode: true });
  const t = tableHelpers(h);

  const list = async (
    payload: object = {},
    key: string | null = `demo-merchant-${SHOP}`,
    language = 'en',
  ) => {
    const r = await h.inject({
      method: 'POST',
      url: '/merchant/api/table/tabs',
      headers: {
        'content-type': 'application/json',
        language,
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      payload: JSON.stringify(payload),
    });
    return { status: r.statusCode, body: r.json() as { result: boolean; info: MerchantTabsInfo } };
  };
  const cli = async (args: string[]) => {
    const out: string[] = [];
    const fetchInProcess = injectFetch(h);
    const code = await runMerchantCli(
      [...args, '--key', `demo-merchant-${SHOP}`],
      {},
      {
        fetch: fetchInProcess,
        out: (line) => out.push(line),
        err: (line) => out.push(line),
      },
    );
    return { code, out };
  };

  it('lists each live tab with its guests, rounds and line ids, and drops a closed one', async () => {
    expect((await list()).body.info).toEqual({ tabs: [] });
    expect(await cli(['table', 'tabs'])).toEqual({ code: 0, out: ['No open tables.'] });

    const ann = await enter(h, SHOP);
    const ben = await enter(h, SHOP);
    const tab = await t.open(ann, TABLE.t1, 3, 'Ann');
    await t.open(ben, TABLE.t1, 3, 'Ben');
    const served = await t.served(ben, tab.id, [[TEA, 1]]);
    const teaLine = served.lines[0]!.id;
    expect((await t.kitchen('cookLine', teaLine)).body.result).toBe(true);
    const waiting = await t.round(ann, tab.id, [[RICE, 2]]);
    expect(waiting.body.result).toBe(true);
    const annRound = waiting.body.info.rounds.find((r) => r.mine)!;
    const closing = await t.open(await t.guest(), TABLE.k1, 2);

    const { body } = await list();
    expect(body.result).toBe(true);
    expect(body.info.tabs.map((x) => x.id)).toEqual(expect.arrayContaining([tab.id, closing.id]));
    const shown = body.info.tabs.find((x) => x.id === tab.id)!;
    expect(shown).toMatchObject({
      orderNo: tab.sOrderNo,
      tableName: 'T1',
      status: 'ordering',
      person: 3,
      guests: ['Ann', 'Ben'],
      counter: false,
      timer: { startedAt: null, stoppedAt: null },
    });
    // Newest round first: Ann's, still waiting for the kitchen, above Ben's tea on the fire.
    expect(shown.rounds.map((r) => [r.id, r.guest, r.state])).toEqual([
      [annRound.id, 'Ann', 'submitted'],
      [served.id, 'Ben', 'ordered'],
    ]);
    expect(shown.rounds[1]!.lines).toEqual([
      expect.objectContaining({ id: teaLine, quantity: 1, state: 'cooking', reason: '' }),
    ]);

    // The CLI prints the same, with the ids the moves take.
    const printed = await cli(['table', 'tabs']);
    expect(printed.code).toBe(0);
    expect(printed.out).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^T1 .* · tab ${tab.id} \\(${tab.sOrderNo}\\) ordering, 3 seated: Ann, Ben$`),
        ),
        `  round ${annRound.id} from Ann: waiting for the kitchen`,
        `  round ${served.id} from Ben: accepted`,
        expect.stringMatching(new RegExp(`^    line ${teaLine}  1× .+  cooking$`)),
      ]),
    );

    // Closed by the staff, the tab leaves the list.
    expect((await t.kitchen('closeTab', closing.id, 'Left without ordering')).body.result).toBe(true);
    expect((await list()).body.info.tabs.map((x) => x.id)).not.toContain(closing.id);
  });

  it('shows another shop none of these tabs, and refuses bad input and a missing key', async () => {
    const ann = await enter(h, SHOP);
    const tab = await t.open(ann, TABLE.t2, 2);
    const other = await list({}, 'demo-merchant-1');
    expect(other.body.result).toBe(true);
    expect(other.body.info.tabs.map((x) => x.id)).not.toContain(tab.id);
    const extra = await list({ shopId: SHOP });
    expect([extra.status, extra.body.result]).toEqual([400, false]);
    const anonymous = await list({}, null);
    expect([anonymous.status, anonymous.body.result]).toEqual([401, false]);
    expect(await cli(['table', 'tabs', '7'])).toMatchObject({ code: 2 });
  });
});

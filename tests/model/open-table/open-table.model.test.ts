import { describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import type { OpenTableEmitted } from '../../../src/machines/open-table/open-table.machine';
import * as select from '../../../src/machines/open-table/open-table.selectors';
import {
  OPEN_TABLE_EVENTS as EVENTS,
  openTableModel as model,
  type OpenTableModelContext,
} from '../../../qa/models/open-table.model';
import { coveragePaths, settle } from '../support';
import { fakeTab } from './fake-tab';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start() {
  const server = fakeTab();
  let keys = 0;
  let actor: Actor<typeof server.machine> | null = null;
  const emitted: OpenTableEmitted[] = [];
  const run = {
    server,
    emitted,
    get actor() {
      return actor!;
    },
    snap: () => actor!.getSnapshot(),
    begin: async (tabId: number | null = 9, tableStatus = 0) => {
      actor = createActor(server.machine, {
        input: {
          tabId,
          table: { code: 'tblR1code', status: tableStatus, maxPerson: 6 },
          monotonic: () => server.state.mono,
          newKey: () => `key-${String(++keys).padStart(4, '0')}`,
        },
      });
      actor.on('*', (e) => emitted.push(e as OpenTableEmitted));
      actor.start();
      await settle();
    },
    /** Until the phone shows the server's version (the stream or the poll brings it). */
    caughtUp: async () => {
      for (let i = 0; i < 50 && run.snap().context.tab?.version !== server.state.version; i++) await wait(5);
      await settle();
    },
  };
  return run;
}

type Run = ReturnType<typeof start>;

/** What every state with a tab checks: the phone shows the server's tab, line states and fee included. */
function showsServerTab(run: Run) {
  const tab = select.selectTab(run.snap())!;
  const server = run.server.tab();
  expect(tab.version).toBe(server.version);
  expect(tab.rounds.flatMap((r) => r.lines.map((l) => l.state))).toEqual(
    server.rounds.flatMap((r) => r.lines.map((l) => l.state)),
  );
  expect(tab.tableTime).toEqual(server.tableTime);
}

describe('open table (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const run = start();
      const ctx = (state: { context: unknown }) => state.context as OpenTableModelContext;
      await path.run({
        states: {
          start: () => expect(run.server.state.reads).toBe(0),
          joining: () => {
            expect(run.snap().matches({ tab: 'joining' })).toBe(true);
            expect(run.server.state.opened).toBeNull();
            // Nothing is read or streamed before the guest is at the tab.
            expect(run.server.state.reads).toBe(0);
            expect(run.server.state.streams).toHaveLength(0);
          },
          failed: () => {
            expect(select.selectLoadFailed(run.snap())).toBe(true);
            expect(select.selectLoadError(run.snap())).toBe('http.serverError');
          },
          ordering: (state) => {
            expect(select.selectIsOrdering(run.snap())).toBe(true);
            expect(select.selectIsBusy(run.snap())).toBe(false);
            showsServerTab(run);
            const rounds = select.selectTab(run.snap())!.rounds.length;
            expect(rounds > 0).toBe(ctx(state).rounds > 0);
            expect(select.selectCanAskBill(run.snap())).toBe(ctx(state).rounds > 0);
            expect(select.selectCanPay(run.snap())?.reason).toBe(
              ctx(state).rounds > 0 ? null : 'nothingOrdered',
            );
            // A round sent once is in once, however often its key was sent.
            expect(new Set(run.server.state.roundCalls).size).toBe(rounds);
          },
          roundFailed: () => {
            expect(select.selectRoundFailed(run.snap())).toBe(true);
            expect(select.selectProblem(run.snap())).toEqual({
              action: 'round',
              reason: null,
              message: 'http.serverError',
            });
          },
          choosingSplit: () => {
            expect(select.selectChoosingSplit(run.snap())).toBe(true);
            expect(select.selectSplit(run.snap())).toEqual({ mode: 'all' });
            expect(select.selectQuote(run.snap())?.total).toBe(run.server.tab().total);
            expect(select.selectCoupon(run.snap())).toBeNull();
          },
          bill: (state) => {
            expect(select.selectIsPaying(run.snap())).toBe(true);
            expect(select.selectPaying(run.snap())).toBeNull();
            showsServerTab(run);
            const bill = select.selectTab(run.snap())!.bill!;
            expect(bill.mode).toBe(ctx(state).split ? 'equal' : 'all');
            expect(select.selectCanTakeBack(run.snap())).toBe(ctx(state).partsPaid === 0);
            // The fee stopped when the bill was asked for: the timer no longer runs.
            expect(select.selectTimer(run.snap())?.running).toBe(false);
          },
          payment: (state) => {
            expect(select.selectPaying(run.snap())).toBe(ctx(state).split ? 600 : 501);
          },
          paid: () => {
            expect(select.selectIsPaid(run.snap())).toBe(true);
            expect(run.emitted).toContainEqual({ type: 'tab.paid', tabId: 9 });
          },
        },
        events: {
          AT_TABLE: () => run.begin(null),
          OPEN: async () => {
            run.actor.send({ type: 'join.person', person: 2 });
            run.actor.send({ type: 'join.nickName', nickName: ' Ana ' });
            run.actor.send({ type: 'join.submit' });
            await settle();
            expect(run.server.state.opened).toEqual({ code: 'tblR1code', person: 2, nickName: 'Ana' });
            expect(run.emitted).toContainEqual({ type: 'tab.opened', tabId: 9 });
            // Live from now on: the stream of the new tab is open.
            expect(run.server.state.streams).toHaveLength(1);
          },
          OPEN_TOO_MANY: () => {
            run.actor.send({ type: 'join.person', person: 7 });
            run.actor.send({ type: 'join.submit' });
            expect(run.snap().can({ type: 'join.submit' })).toBe(false);
          },
          LOAD: () => run.begin(),
          LOAD_FAIL: async () => {
            run.server.state.failNextRead = true;
            await run.begin();
          },
          RETRY: async () => {
            run.actor.send({ type: 'tab.retry' });
            await settle();
          },
          SEND_ROUND: async () => {
            run.actor.send({
              type: 'round.send',
              round: { products: [{ id: 2101, quantity: 2 }], note: '' },
            });
            await settle();
            expect(run.emitted.at(-1)).toEqual({
              type: 'round.accepted',
              key: run.server.state.roundCalls.at(-1),
            });
          },
          SEND_ROUND_LOST: async () => {
            run.server.state.loseNextRound = true;
            run.actor.send({
              type: 'round.send',
              round: { products: [{ id: 2101, quantity: 2 }], note: '' },
            });
            await settle();
          },
          RETRY_ROUND: async () => {
            run.actor.send({ type: 'round.retry' });
            await settle();
            // The same key again: the server kept the round once.
            const calls = run.server.state.roundCalls;
            expect(calls.at(-1)).toBe(calls.at(-2));
          },
          DROP_ROUND: async () => {
            run.actor.send({ type: 'round.drop' });
            await run.caughtUp();
          },
          KITCHEN_MOVES: async () => {
            run.server.cook();
            await run.caughtUp();
            expect(select.selectTab(run.snap())!.rounds[0]!.lines[0]!.state).toBe('cooking');
          },
          STREAM_FAILS: async () => {
            run.server.breakStream();
            run.server.cook();
            await run.caughtUp();
            expect(select.selectIsPolling(run.snap())).toBe(true);
          },
          FEE_STEP: async () => {
            const before = select.selectTab(run.snap())!.tableTime.billedMinutes;
            // Nothing on the tab changes: only the phone's clock shows a new half hour, and asks for its fee.
            run.server.pass(31 * 60_000);
            for (let i = 0; i < 50 && select.selectTab(run.snap())!.tableTime.billedMinutes === before; i++)
              await wait(5);
            expect(select.selectTab(run.snap())!.tableTime.billedMinutes).toBe(before + 30);
            expect(select.selectTimer(run.snap())!.elapsed).toBeGreaterThanOrEqual(36 * 60_000);
          },
          ASK_BILL: async () => {
            run.actor.send({ type: 'bill.ask' });
            // "Pay all" is chosen first: the sheet reads what the whole bill comes to for this guest.
            await settle();
          },
          CLOSE_BILL: () => run.actor.send({ type: 'bill.close' }),
          CONFIRM_ALL: async () => {
            run.actor.send({ type: 'bill.confirm' });
            await run.caughtUp();
          },
          CONFIRM_EQUAL: async () => {
            run.actor.send({ type: 'bill.choose', split: { mode: 'equal', parts: 2 } });
            run.actor.send({ type: 'bill.confirm' });
            await run.caughtUp();
          },
          OPEN_PAY: () => run.actor.send({ type: 'pay.open' }),
          TAKE_PART: async () => {
            run.actor.send({ type: 'part.take', part: 0 });
            await run.caughtUp();
          },
          PAY: async () => {
            run.server.settle(select.selectPaying(run.snap())!);
            run.actor.send({ type: 'pay.done' });
            await run.caughtUp();
          },
          PAY_CLOSE: async () => {
            run.actor.send({ type: 'pay.close' });
            await run.caughtUp();
          },
          OTHER_PAYS: async () => {
            run.server.otherPays();
            await run.caughtUp();
          },
          TAKE_BACK: async () => {
            run.actor.send({ type: 'bill.takeBack' });
            await run.caughtUp();
          },
        },
      });
      if (run.server.state.reads > 0) run.actor.stop();
    });
  }
});

describe('open table: joining a live tab', () => {
  it('a guest joining names no headcount; opening an idle table still needs one', async () => {
    const run = start();
    await run.begin(null, 1);
    run.actor.send({ type: 'join.nickName', nickName: 'Ben' });
    run.actor.send({ type: 'join.submit' });
    await settle();
    expect(run.server.state.opened).toEqual({ code: 'tblR1code', person: undefined, nickName: 'Ben' });
    expect(run.emitted).toContainEqual({ type: 'tab.opened', tabId: 9 });
    run.actor.stop();

    const idle = start();
    await idle.begin(null, 0);
    expect(idle.snap().can({ type: 'join.submit' })).toBe(false);
    idle.actor.stop();
  });

  it('a tab that ended while joining turns the page into opening the table, with the headcount', async () => {
    const run = start();
    run.server.state.noLiveTab = true;
    await run.begin(null, 1);
    run.actor.send({ type: 'join.submit' });
    await settle();
    expect(select.selectProblem(run.snap())?.reason).toBe('headcountRequired');
    expect(run.snap().context.table?.status).toBe(0);
    expect(run.snap().can({ type: 'join.submit' })).toBe(false);
    run.actor.send({ type: 'join.person', person: 2 });
    run.actor.send({ type: 'join.submit' });
    await settle();
    expect(run.server.state.opened).toEqual({ code: 'tblR1code', person: 2, nickName: '' });
    run.actor.stop();
  });
});

describe('open table: refusals and the clock', () => {
  it('a round refused because the bill was asked for keeps the cart and says why', async () => {
    const run = start();
    await run.begin();
    run.server.state.status = 'paying';
    run.actor.send({ type: 'round.send', round: { products: [{ id: 2101, quantity: 1 }], note: '' } });
    await run.caughtUp();
    expect(
      select.selectRoundDropped(run.snap()) || select.selectProblem(run.snap())?.reason === 'tabNotOrdering',
    ).toBe(true);
    expect(run.emitted.some((e) => e.type === 'round.accepted')).toBe(false);
    run.actor.stop();
  });

  it('picked dishes: only open lines can be picked, and the picks are taken as one part', async () => {
    const run = start();
    await run.begin();
    run.actor.send({
      type: 'round.send',
      round: {
        products: [
          { id: 2101, quantity: 1 },
          { id: 2111, quantity: 2 },
        ],
        note: '',
      },
    });
    await settle();
    const [first, second] = select.selectTab(run.snap())!.rounds[0]!.lines.map((l) => l.id);
    run.actor.send({ type: 'bill.ask' });
    run.actor.send({ type: 'bill.choose', split: { mode: 'items' } });
    run.actor.send({ type: 'bill.confirm' });
    await run.caughtUp();
    expect(select.selectIsPaying(run.snap())).toBe(true);
    // Nothing picked: nothing to take.
    run.actor.send({ type: 'part.take', part: null });
    expect(select.selectTakingPart(run.snap())).toBeNull();
    run.actor.send({ type: 'line.pick', lineId: 999 });
    run.actor.send({ type: 'line.pick', lineId: first! });
    run.actor.send({ type: 'line.pick', lineId: second! });
    run.actor.send({ type: 'line.pick', lineId: second! });
    expect(select.selectPicked(run.snap())).toEqual([first]);
    run.actor.send({ type: 'part.take', part: null });
    await run.caughtUp();
    expect(run.server.state.payPartCalls).toEqual([{ part: null, lineIds: [first], key: 'key-0002' }]);
    expect(select.selectPaying(run.snap())).toBe(700);
    // Back on the bill, the line taken is no longer offered, the other still is.
    run.actor.send({ type: 'pay.close' });
    await run.caughtUp();
    expect(select.selectPicked(run.snap())).toEqual([]);
    expect(select.selectTab(run.snap())!.bill!.openLineIds).toEqual([second]);
    run.actor.send({ type: 'line.pick', lineId: first! });
    expect(select.selectPicked(run.snap())).toEqual([]);
    run.actor.stop();
  });

  it('the bill cannot be asked for before anything is ordered', async () => {
    const run = start();
    await run.begin();
    run.actor.send({ type: 'bill.ask' });
    expect(select.selectChoosingSplit(run.snap())).toBe(false);
    run.actor.stop();
  });

  it('the timer is read on the server clock, never the date of the phone', async () => {
    const run = start();
    await run.begin();
    run.server.state.mono += 90_000;
    await wait(20);
    // 5 minutes after opening (server), plus 90 s measured by the monotonic clock.
    expect(select.selectTimer(run.snap())!.elapsed).toBe(5 * 60_000 + 90_000);
    run.actor.stop();
  });
});

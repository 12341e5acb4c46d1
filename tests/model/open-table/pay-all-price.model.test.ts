// The guest who pays the whole bill sees their own price for it in the split sheet (decision T51): their
// member price and one coupon of theirs, read from table/quote on opening and on every change of coupon. The
// sheet starts with the best usable coupon chosen, read again with it before it shows (T52); a guest who
// chooses, or takes it off, keeps their choice. A price that cannot be read leaves the bill askable without
// a coupon; another split drops the coupon.
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type Actor } from 'xstate';
import type { SplitRequest } from '../../../src/domain/api/open-table';
import * as select from '../../../src/machines/open-table/open-table.selectors';
import { coveragePaths, settle } from '../support';
import { fakeTab } from './fake-tab';

const USABLE = 11;
const UNUSABLE = 12;
const COUPON_OFF = 500;
const MEMBER_OFF = 300;

interface PriceModelContext {
  mode: 'all' | 'equal';
  /** The guest chose the usable coupon (it stays chosen while its price cannot be read). */
  chosen: boolean;
  /** The last price read applied it: only then is it sent with the bill. */
  applied: boolean;
  /** The guest has chosen (or the sheet chose the best) since the sheet opened or "pay all" was chosen. */
  picked: boolean;
}

type PriceModelEvent =
  | { type: 'ASK_BILL' }
  | { type: 'ASK_BILL_QUOTE_FAILS' }
  | { type: 'CHOOSE_COUPON' }
  | { type: 'CHOOSE_COUPON_QUOTE_FAILS' }
  | { type: 'CHOOSE_UNUSABLE' }
  | { type: 'CLEAR_COUPON' }
  | { type: 'RETRY_QUOTE' }
  | { type: 'CHOOSE_EQUAL' }
  | { type: 'CHOOSE_ALL' }
  | { type: 'TAB_MOVES' }
  | { type: 'CONFIRM' };

const EVENTS: PriceModelEvent[] = [
  { type: 'ASK_BILL' },
  { type: 'ASK_BILL_QUOTE_FAILS' },
  { type: 'CHOOSE_COUPON' },
  { type: 'CHOOSE_COUPON_QUOTE_FAILS' },
  { type: 'CHOOSE_UNUSABLE' },
  { type: 'CLEAR_COUPON' },
  { type: 'RETRY_QUOTE' },
  { type: 'CHOOSE_EQUAL' },
  { type: 'CHOOSE_ALL' },
  { type: 'TAB_MOVES' },
  { type: 'CONFIRM' },
];

const model = setup({
  types: { context: {} as PriceModelContext, events: {} as PriceModelEvent },
  guards: {
    hasCoupon: ({ context }) => context.chosen,
    noCoupon: ({ context }) => !context.chosen,
    picked: ({ context }) => context.picked,
  },
  actions: {
    // The first price read finds the usable coupon and reads the price again with it.
    bestCoupon: assign({ chosen: true, applied: true, picked: true }),
    unpicked: assign({ chosen: false, applied: false, picked: false }),
    chooseCoupon: assign({ chosen: true, applied: true, picked: true }),
    chooseUnread: assign({ chosen: true, applied: false, picked: true }),
    noCoupon: assign({ chosen: false, applied: false, picked: true }),
    reapply: assign(({ context }) => ({ applied: context.chosen })),
    equalShares: assign({ mode: 'equal' as const, chosen: false, applied: false, picked: false }),
    payAll: assign({ mode: 'all' as const }),
    // Nothing of the model changes: named so that the walk takes the event (snapshot.can skips empty ones).
    tabMoved: () => undefined,
  },
}).createMachine({
  id: 'payAllPrice',
  context: { mode: 'all', chosen: false, applied: false, picked: false },
  initial: 'start',
  states: {
    /** A tab with a round, the bill not asked for yet. */
    start: {
      on: {
        ASK_BILL: { target: 'quoted', actions: 'bestCoupon' },
        ASK_BILL_QUOTE_FAILS: { target: 'quoteFailed', actions: 'unpicked' },
      },
    },
    quoted: {
      on: {
        CHOOSE_COUPON: { guard: 'noCoupon', actions: 'chooseCoupon' },
        CHOOSE_COUPON_QUOTE_FAILS: { guard: 'noCoupon', target: 'quoteFailed', actions: 'chooseUnread' },
        // The server found it unusable: the guest pays without it.
        CHOOSE_UNUSABLE: { actions: 'noCoupon' },
        CLEAR_COUPON: { guard: 'hasCoupon', actions: 'noCoupon' },
        CHOOSE_EQUAL: { target: 'otherSplit', actions: 'equalShares' },
        // The kitchen moves a dish while the sheet is open: the tab's new version is quoted again.
        TAB_MOVES: { actions: 'tabMoved' },
        CONFIRM: 'confirmed',
      },
    },
    quoteFailed: {
      on: {
        RETRY_QUOTE: [
          { guard: 'picked', target: 'quoted', actions: 'reapply' },
          // The first price was never read: the retry reads it, then the best coupon's.
          { target: 'quoted', actions: 'bestCoupon' },
        ],
        CHOOSE_EQUAL: { target: 'otherSplit', actions: 'equalShares' },
        CONFIRM: 'confirmed',
      },
    },
    otherSplit: {
      on: {
        CHOOSE_ALL: { target: 'quoted', actions: ['payAll', 'bestCoupon'] },
        CONFIRM: 'confirmed',
      },
    },
    confirmed: { type: 'final' },
  },
});

function start() {
  const server = fakeTab();
  server.state.memberDiscount = MEMBER_OFF;
  server.state.coupons = [
    { id: USABLE, name: 'S$5 off', usable: true, discount: COUPON_OFF, reasons: [] },
    { id: UNUSABLE, name: 'S$8 off over S$50', usable: false, discount: 0, reasons: ['amount'] },
  ];
  let keys = 0;
  let actor: Actor<typeof server.machine> | null = null;
  const run = {
    server,
    /** The coupon the guest last asked the price with. */
    asked: null as number | null,
    get actor() {
      return actor!;
    },
    snap: () => actor!.getSnapshot(),
    begin: async () => {
      actor = createActor(server.machine, {
        input: {
          tabId: 9,
          monotonic: () => server.state.mono,
          newKey: () => `key-${String(++keys).padStart(4, '0')}`,
        },
      });
      actor.start();
      await settle();
      actor.send({ type: 'round.send', round: { products: [{ id: 2101, quantity: 2 }], note: '' } });
      await settle();
    },
    send: async (event: Parameters<Actor<typeof server.machine>['send']>[0]) => {
      if (event.type === 'bill.coupon') run.asked = event.couponId;
      actor!.send(event);
      await settle();
    },
  };
  return run;
}

type Run = ReturnType<typeof start>;

const splitSent = (ctx: PriceModelContext): SplitRequest =>
  ctx.mode === 'equal'
    ? { mode: 'equal', parts: 2 }
    : ctx.applied
      ? { mode: 'all', couponId: USABLE }
      : { mode: 'all' };

function showsPrice(run: Run, ctx: PriceModelContext) {
  const snap = run.snap();
  const quote = select.selectQuote(snap)!;
  const bill = run.server.tab().total;
  expect(select.selectQuoteLoading(snap)).toBe(false);
  expect(select.selectQuoteFailed(snap)).toBe(false);
  expect(quote.billTotal).toBe(bill);
  expect(quote.couponId).toBe(ctx.applied ? USABLE : null);
  expect(quote.total).toBe(bill - MEMBER_OFF - (ctx.applied ? COUPON_OFF : 0));
  expect(select.selectCoupon(snap)).toBe(ctx.chosen ? USABLE : null);
  // The price shown is the one read for the coupon last asked for (the best one, when it applies).
  expect(run.server.state.quoteCalls.at(-1)).toBe(ctx.applied ? USABLE : run.asked);
}

describe('open table: the price of the one who pays all (model-based)', () => {
  for (const path of coveragePaths(model, EVENTS)) {
    it(path.description, async () => {
      const run = start();
      const ctx = (state: { context: unknown }) => state.context as PriceModelContext;
      await path.run({
        states: {
          start: () => undefined,
          quoted: (state) => {
            expect(select.selectChoosingSplit(run.snap())).toBe(true);
            expect(select.selectSplit(run.snap())).toEqual({ mode: 'all' });
            showsPrice(run, ctx(state));
          },
          quoteFailed: (state) => {
            expect(select.selectQuoteFailed(run.snap())).toBe(true);
            expect(select.selectQuote(run.snap())).toBeNull();
            expect(select.selectCoupon(run.snap())).toBe(ctx(state).chosen ? USABLE : null);
            // The sheet stays usable: the bill can be asked for, without a coupon.
            expect(run.snap().can({ type: 'bill.confirm' })).toBe(true);
          },
          otherSplit: () => {
            expect(select.selectSplit(run.snap()).mode).toBe('equal');
            expect(select.selectQuote(run.snap())).toBeNull();
            expect(select.selectCoupon(run.snap())).toBeNull();
            expect(select.selectQuoteLoading(run.snap())).toBe(false);
          },
          confirmed: (state) => {
            expect(select.selectIsPaying(run.snap())).toBe(true);
            expect(run.server.state.confirmCalls).toEqual([splitSent(ctx(state))]);
          },
        },
        events: {
          ASK_BILL: async () => {
            await run.begin();
            await run.send({ type: 'bill.ask' });
          },
          ASK_BILL_QUOTE_FAILS: async () => {
            await run.begin();
            run.server.state.failNextQuote = true;
            await run.send({ type: 'bill.ask' });
          },
          CHOOSE_COUPON: () => run.send({ type: 'bill.coupon', couponId: USABLE }),
          CHOOSE_COUPON_QUOTE_FAILS: async () => {
            run.server.state.failNextQuote = true;
            await run.send({ type: 'bill.coupon', couponId: USABLE });
          },
          CHOOSE_UNUSABLE: () => run.send({ type: 'bill.coupon', couponId: UNUSABLE }),
          CLEAR_COUPON: () => run.send({ type: 'bill.coupon', couponId: null }),
          RETRY_QUOTE: () => run.send({ type: 'bill.quoteRetry' }),
          CHOOSE_EQUAL: async () => {
            await run.send({ type: 'bill.choose', split: { mode: 'equal', parts: 2 } });
            run.asked = null;
          },
          CHOOSE_ALL: () => run.send({ type: 'bill.choose', split: { mode: 'all' } }),
          TAB_MOVES: async () => {
            const quotes = run.server.state.quoteCalls.length;
            // The tab's new version is read with the coupon the sheet holds now (none after a refused one).
            run.asked = run.snap().context.couponId;
            run.server.cook();
            for (let i = 0; i < 50 && run.snap().context.tab?.version !== run.server.state.version; i++)
              await settle();
            await settle();
            expect(run.server.state.quoteCalls).toHaveLength(quotes + 1);
            expect(run.snap().context.quotedOn?.version).toBe(run.server.state.version);
          },
          CONFIRM: () => run.send({ type: 'bill.confirm' }),
        },
      });
      run.actor.stop();
    });
  }
});

describe('open table: the price of the one who pays all', () => {
  it('the bill is not asked for while a price is being read, and the price is read once per coupon', async () => {
    const run = start();
    await run.begin();
    run.actor.send({ type: 'bill.ask' });
    expect(select.selectQuoteLoading(run.snap())).toBe(true);
    run.actor.send({ type: 'bill.confirm' });
    expect(run.snap().can({ type: 'bill.confirm' })).toBe(false);
    // The bill's price comes, then the best coupon's: neither lets the bill go before it is read.
    for (let i = 0; i < 20 && run.server.state.quoteCalls.length < 2; i++) await Promise.resolve();
    run.actor.send({ type: 'bill.confirm' });
    await settle();
    expect(run.server.state.confirmCalls).toEqual([]);
    expect(run.server.state.quoteCalls).toEqual([null, USABLE]);
    expect(select.selectCoupon(run.snap())).toBe(USABLE);
    expect(select.selectQuote(run.snap())!.couponId).toBe(USABLE);
    // Choosing "pay all" again keeps the coupon and its price: nothing to read again.
    await run.send({ type: 'bill.choose', split: { mode: 'all' } });
    expect(run.server.state.quoteCalls).toEqual([null, USABLE]);
    expect(select.selectCoupon(run.snap())).toBe(USABLE);
    run.actor.stop();
  });

  it('a coupon is only for paying all: no coupon is asked for with another split, nor read', async () => {
    const run = start();
    await run.begin();
    await run.send({ type: 'bill.ask' });
    await run.send({ type: 'bill.choose', split: { mode: 'guest' } });
    expect(select.selectCoupon(run.snap())).toBeNull();
    await run.send({ type: 'bill.coupon', couponId: USABLE });
    expect(select.selectCoupon(run.snap())).toBeNull();
    expect(run.server.state.quoteCalls).toEqual([null, USABLE]);
    run.actor.stop();
  });

  it('a fee step while the sheet is open is quoted again, though the tab keeps its version', async () => {
    const run = start();
    await run.begin();
    await run.send({ type: 'bill.ask' });
    const before = select.selectQuote(run.snap())!.billTotal;
    const version = run.server.state.version;
    run.server.pass(31 * 60_000);
    for (let i = 0; i < 50 && select.selectQuote(run.snap())?.billTotal === before; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(run.server.state.version).toBe(version);
    expect(select.selectQuote(run.snap())!.billTotal).toBe(run.server.tab().total);
    expect(select.selectQuote(run.snap())!.billTotal).toBeGreaterThan(before);
    run.actor.stop();
  });

  it('starts from the usable coupon that takes the most off, the lower id on a tie', async () => {
    const run = start();
    run.server.state.coupons = [
      { id: 31, name: 'S$2 off', usable: true, discount: 200, reasons: [] },
      { id: 32, name: 'S$9 off over S$100', usable: false, discount: 0, reasons: ['amount'] },
      { id: 34, name: 'S$6 off', usable: true, discount: 600, reasons: [] },
      { id: 33, name: 'another S$6 off', usable: true, discount: 600, reasons: [] },
    ];
    await run.begin();
    await run.send({ type: 'bill.ask' });
    expect(select.selectCoupon(run.snap())).toBe(33);
    expect(select.selectQuote(run.snap())!.total).toBe(run.server.tab().total - MEMBER_OFF - 600);
    run.actor.stop();
  });

  it('chooses nothing when no coupon is usable, and reads the price once', async () => {
    const run = start();
    run.server.state.coupons = run.server.state.coupons.filter((c) => !c.usable);
    await run.begin();
    await run.send({ type: 'bill.ask' });
    expect(select.selectCoupon(run.snap())).toBeNull();
    expect(run.server.state.quoteCalls).toEqual([null]);
    run.actor.stop();
  });

  it('a guest who takes the coupon off pays without it, also when the tab moves', async () => {
    const run = start();
    await run.begin();
    await run.send({ type: 'bill.ask' });
    await run.send({ type: 'bill.coupon', couponId: null });
    expect(select.selectCoupon(run.snap())).toBeNull();
    run.server.cook();
    for (let i = 0; i < 50 && run.snap().context.quotedOn?.version !== run.server.state.version; i++)
      await settle();
    await settle();
    expect(run.server.state.quoteCalls).toEqual([null, USABLE, null, null]);
    expect(select.selectCoupon(run.snap())).toBeNull();
    await run.send({ type: 'bill.confirm' });
    expect(run.server.state.confirmCalls).toEqual([{ mode: 'all' }]);
    run.actor.stop();
  });

  it('closing the sheet and asking again starts again from the best coupon', async () => {
    const run = start();
    await run.begin();
    await run.send({ type: 'bill.ask' });
    await run.send({ type: 'bill.coupon', couponId: null });
    await run.send({ type: 'bill.close' });
    await run.send({ type: 'bill.ask' });
    expect(select.selectCoupon(run.snap())).toBe(USABLE);
    expect(run.server.state.quoteCalls.slice(-2)).toEqual([null, USABLE]);
    run.actor.stop();
  });
});

// A fake open-table server for the machine's tests: one tab, its rounds and bill, versions that move with
// every change, a stream that can fail, a clock moved by hand, and calls that answer, refuse or get lost.
import { fromCallback, fromPromise } from 'xstate';
import type {
  SplitRequest,
  TableConfirmInfo,
  TableQuoteCoupon,
  TableQuoteInfo,
  TableTabInfo,
} from '../../../src/domain/api/open-table';
import type {
  OpenTableEvent,
  PendingRound,
  TabRead,
} from '../../../src/machines/open-table/open-table.machine';
import { openTableMachine } from '../../../src/machines/open-table/open-table.machine';
import { billedMinutes } from '../../../src/machines/open-table/open-table.rules';

export const OPENED_AT = Date.UTC(2026, 10, 28, 11, 0);
const FEE = 2000;

class Refusal extends Error {
  override name = 'HttpError';
  kind = 'business';
  constructor(
    message: string,
    public info: { reason: string },
  ) {
    super(message);
  }
}
const lost = () => Object.assign(new Error('timeout'), { name: 'HttpError', kind: 'timeout' });

export function fakeTab() {
  const state = {
    now: OPENED_AT + 5 * 60_000,
    mono: 1_000,
    version: 1,
    status: 'ordering' as TableTabInfo['status'],
    rounds: [] as TableTabInfo['rounds'],
    keys: new Set<string>(),
    split: null as 'all' | 'equal' | 'items' | null,
    /** Items mode: the lines each part took. */
    picks: [] as number[][],
    payPartCalls: [] as { part: number | null; lineIds: number[]; key: string }[],
    parts: [] as { state: 'open' | 'paying' | 'paid'; mine: boolean; orderId: number | null }[],
    streams: [] as ((e: OpenTableEvent) => void)[],
    failNextRead: false,
    loseNextRound: false,
    reads: 0,
    opened: null as { code: string; person: number | undefined; nickName: string } | null,
    /** The table's live tab ended before a guest's join reached the server. */
    noLiveTab: false,
    roundCalls: [] as string[],
    /** The reader's coupons for this shop and what their member price takes off the whole bill (T51). */
    coupons: [] as TableQuoteCoupon[],
    memberDiscount: 0,
    failNextQuote: false,
    quoteCalls: [] as (number | null)[],
    confirmCalls: [] as SplitRequest[],
  };

  const tab = (): TableTabInfo => {
    const timed = billedMinutes(1, state.now - OPENED_AT);
    const fee = (FEE * timed) / 60;
    const goods = state.rounds.flatMap((r) => r.lines).reduce((n, l) => n + l.amount, 0);
    const total = goods + fee;
    const paid = state.parts.filter((p) => p.state === 'paid').length * (total / 2);
    return {
      id: 9,
      sOrderNo: '20261128-2-T1-00000009',
      nTableID: 3,
      sTableName: 'R1',
      sAreaName: 'Private rooms',
      nOrderStatus: { ordering: 1, paying: 2, paid: 3, closed: 4 }[state.status],
      status: state.status,
      nPerson: 2,
      sNote: '',
      fEachFee: FEE,
      nFeeType: 1,
      nStartTimerTime: OPENED_AT,
      nExceptEndTime: state.status === 'ordering' ? null : state.now,
      nIsOpenTiming: 1,
      serverNow: state.now,
      tableTime: { billedMinutes: timed, amount: fee },
      fSaleAmount: goods,
      fDiscountAmount: 0,
      fTaxAmount: 0,
      fRoundingAmount: 0,
      fReceivedAmount: paid,
      total,
      currency: 'SGD',
      numberDecimals: 2,
      guests: [
        { name: 'Ana', me: true },
        { name: 'Guest 2', me: false },
      ],
      rounds: state.rounds,
      bill:
        state.split === null
          ? null
          : {
              mode: state.split,
              total,
              paid,
              remaining: total - paid,
              parts: state.parts.map((p, index) => ({
                index,
                label: state.split === 'equal' ? `${index + 1}/2` : 'Ana',
                amount: state.split === 'equal' ? total / 2 : total,
                lineIds: state.picks[index] ?? [],
                ...p,
              })),
              openLineIds:
                state.split === 'items'
                  ? state.rounds
                      .flatMap((r) => r.lines.map((l) => l.id))
                      .filter((id) => !state.picks.flat().includes(id))
                  : [],
            },
      isCounter: false,
      version: state.version,
    };
  };
  const read = (): TabRead => ({
    tab: tab(),
    canPay:
      state.status !== 'ordering'
        ? { canPay: false, reason: 'notOrdering' }
        : state.rounds.length === 0
          ? { canPay: false, reason: 'nothingOrdered' }
          : { canPay: true, reason: null },
  });
  /** Something changed on the tab: its version moves and the connected streams say so. */
  const changed = () => {
    state.version += 1;
    for (const send of state.streams) send({ type: 'live.version', version: state.version });
  };
  const confirmInfo = (orderId: number | null): TableConfirmInfo => ({
    tab: tab(),
    orderId,
    payer: orderId !== null,
  });

  const machine = openTableMachine.provide({
    delays: { tick: 5, pollInterval: 5 },
    actors: {
      openTab: fromPromise(async ({ input }) => {
        if (input.person === undefined && state.noLiveTab)
          throw new Refusal('This table has no open order now.', { reason: 'headcountRequired' });
        state.opened = input;
        return read();
      }),
      loadTab: fromPromise(async () => {
        state.reads += 1;
        if (state.failNextRead) {
          state.failNextRead = false;
          throw lost();
        }
        return read();
      }),
      tabStream: fromCallback<OpenTableEvent, { tabId: number }>(({ sendBack }) => {
        state.streams.push(sendBack);
        sendBack({ type: 'live.version', version: state.version });
        return () => {
          state.streams = state.streams.filter((s) => s !== sendBack);
        };
      }),
      addRound: fromPromise(async ({ input }: { input: { tabId: number; round: PendingRound } }) => {
        state.roundCalls.push(input.round.key);
        if (!state.keys.has(input.round.key)) {
          if (state.status !== 'ordering')
            throw new Refusal('This table is no longer taking orders.', { reason: 'tabNotOrdering' });
          state.keys.add(input.round.key);
          state.rounds.push({
            id: state.rounds.length + 1,
            guest: 'Ana',
            mine: true,
            note: input.round.note,
            createdAt: new Date(state.now).toISOString(),
            lines: input.round.products.map((p, i) => ({
              id: state.rounds.length * 10 + i + 1,
              productId: Number(p.id),
              name: `Dish ${String(p.id)}`,
              specName: null,
              tastes: [],
              quantity: p.quantity,
              amount: 1800 * p.quantity,
              state: 'submitting' as const,
              reason: '',
            })),
          });
          changed();
        }
        if (state.loseNextRound) {
          state.loseNextRound = false;
          throw lost();
        }
        return read();
      }),
      quoteBill: fromPromise(async ({ input }): Promise<TableQuoteInfo> => {
        state.quoteCalls.push(input.couponId);
        if (state.failNextQuote) {
          state.failNextQuote = false;
          throw lost();
        }
        const billTotal = tab().total;
        const coupon = state.coupons.find((c) => c.id === input.couponId && c.usable) ?? null;
        const couponDiscount = coupon?.discount ?? 0;
        return {
          billTotal,
          memberDiscount: state.memberDiscount,
          couponDiscount,
          total: billTotal - state.memberDiscount - couponDiscount,
          couponId: coupon?.id ?? null,
          // As table/quote lists them: usable first, the most off first, the lower id on a tie.
          coupons: [...state.coupons].sort(
            (a, b) => Number(b.usable) - Number(a.usable) || b.discount - a.discount || a.id - b.id,
          ),
        };
      }),
      confirmBill: fromPromise(async ({ input }) => {
        state.confirmCalls.push(input.split);
        state.status = 'paying';
        state.split = input.split.mode === 'equal' || input.split.mode === 'items' ? input.split.mode : 'all';
        state.parts =
          state.split === 'items'
            ? []
            : state.split === 'equal'
              ? [
                  { state: 'open', mine: false, orderId: null },
                  { state: 'open', mine: false, orderId: null },
                ]
              : [{ state: 'paying', mine: true, orderId: 501 }];
        changed();
        return confirmInfo(state.split === 'all' ? 501 : null);
      }),
      payPart: fromPromise(async ({ input }) => {
        state.payPartCalls.push({ part: input.part, lineIds: input.lineIds, key: input.key });
        if (input.part === null) {
          state.picks.push(input.lineIds);
          state.parts.push({ state: 'paying', mine: true, orderId: 700 + state.parts.length });
          changed();
          return confirmInfo(state.parts.at(-1)!.orderId);
        }
        const part = state.parts[input.part ?? 0]!;
        Object.assign(part, { state: 'paying', mine: true, orderId: 600 + (input.part ?? 0) });
        changed();
        return confirmInfo(part.orderId);
      }),
      cancelPay: fromPromise(async () => {
        if (state.parts.some((p) => p.state === 'paid'))
          throw new Refusal('Part of the bill is paid.', { reason: 'tabNotPaying' });
        state.status = 'ordering';
        state.split = null;
        state.parts = [];
        changed();
        return read();
      }),
    },
  });

  return {
    state,
    machine,
    tab,
    changed,
    /** The clock moves on for the server and the phone alike. */
    pass(ms: number) {
      state.now += ms;
      state.mono += ms;
    },
    /** The kitchen accepts the first round and starts cooking its first line. */
    cook() {
      for (const line of state.rounds[0]?.lines ?? []) line.state = 'ordered';
      if (state.rounds[0]?.lines[0]) state.rounds[0].lines[0].state = 'cooking';
      changed();
    },
    /** A payment of the reader's part (or the whole bill) was settled. */
    settle(orderId: number) {
      const part = state.parts.find((p) => p.orderId === orderId)!;
      part.state = 'paid';
      if (state.parts.every((p) => p.state === 'paid')) state.status = 'paid';
      changed();
    },
    /** The other guest takes and pays the remaining share. */
    otherPays() {
      for (const p of state.parts) if (p.state !== 'paid') Object.assign(p, { state: 'paid', mine: false });
      state.status = 'paid';
      changed();
    },
    breakStream() {
      const streams = state.streams;
      state.streams = [];
      for (const send of streams) send({ type: 'live.failed' });
    },
  };
}
